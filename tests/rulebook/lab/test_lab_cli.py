"""``rulebook simulate``: refusals before anything runs (naming the choices), rows, seeds, Ctrl-C keeps rows."""

from __future__ import annotations

import pandas as pd
import pytest

from rulebook.cli import main as cli_main
from rulebook.lab import LabError, make_spec
from rulebook.lab import runner as lab_runner
from rulebook.lab.analysis import read_rows
from rulebook.lab.runner import batches, simulate
from rulebook.lab.spec import parse_option_texts


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["nope", "--games", "3", "--seats", "random"], "Games: chiritsumo"),
        (["dice_of_tower", "--games", "3", "--seats", "random,random", "--option", "height=3"], "Its options: height_risk, mode"),
        (["dice_of_tower", "--games", "3", "--seats", "random,random", "--option", "players=nine"], "is not a whole number"),
        (["dice_of_tower", "--games", "3", "--seats", "random,random", "--option", "players=9"], "Players must be a whole number from 2 to 4"),
        (["dice_of_tower", "--games", "3", "--seats", "wizard,random"], "Bots: search, rules, random"),
        (["dice_of_tower", "--games", "3", "--seats", "random"], "make 2 seat(s); 1 bot(s)"),
        (["dice_of_tower", "--games", "10000001", "--seats", "random,random"], "At most 10,000,000 games"),
        (["dice_of_tower", "--games", "0", "--seats", "random,random"], "1 or more"),
        (["dice_of_tower", "--games", "3", "--seats", "random,random", "--seed", "-4"], "seed"),
        (["dice_of_tower", "--games", "3", "--seats", "random,random", "--out", "rows.xlsx"], ".parquet or .csv"),
    ],
)
def test_bad_input_is_refused_before_anything_runs(argv, needle, capsys, monkeypatch):
    def must_not_run(*args, **kwargs):
        raise AssertionError("a refused simulation started")

    monkeypatch.setattr(lab_runner, "simulate", must_not_run)
    assert cli_main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert needle in err
    assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in err), "the refusal is also in Japanese"


def test_options_are_typed_by_the_games_defaults():
    assert parse_option_texts("national_economy", ["mode=solo2", "players=1"]) == {"mode": "solo2", "players": 1}
    with pytest.raises(LabError):
        parse_option_texts("national_economy", ["mode"])


def test_game_i_uses_seed_s_plus_i_whatever_the_batches():
    spec = make_spec("not_my_fault", 12, "random,random,random", seed=40)
    one = simulate(spec, workers=0).frame
    assert list(one["seed"]) == list(range(40, 52))
    part = simulate(make_spec("not_my_fault", 5, "random,random,random", seed=47), workers=0).frame
    cols = [c for c in one.columns if c != "seconds"]
    pd.testing.assert_frame_equal(one[cols].iloc[7:].reset_index(drop=True), part[cols])
    assert [len(b) for b in batches(10, 1, 4)] == [4, 4, 2]
    assert sum(len(b) for b in batches(1000, 2)) == 1000


def test_rows_have_the_columns_and_the_games_events(tmp_path, capsys):
    out = tmp_path / "ne.csv"
    argv = ["simulate", "national_economy", "--games", "6", "--seats", "rules", "--option", "mode=solo1", "--option", "players=1",
            "--workers", "0", "--out", str(out), "--quiet"]
    assert cli_main(argv) == 0
    frame = read_rows(out.read_bytes(), out.name)
    for column in ("seed", "options", "seats", "winners", "scores", "turns", "moves", "seconds", "end_rule", "ev_built", "ev_sold"):
        assert column in frame.columns
    assert set(frame["end_rule"]) <= {"score", "solo-pay"}
    assert "seat 0: win share" in capsys.readouterr().out


def test_a_game_without_events_still_simulates():
    frame = simulate(make_spec("lemon_poker", 3, "odds,random"), workers=0).frame
    assert len(frame) == 3 and not [c for c in frame.columns if c.startswith("ev_")]


def test_cancel_and_ctrl_c_keep_the_finished_games(monkeypatch):
    spec = make_spec("dice_of_tower", 50, "random,random")
    import threading

    cancel = threading.Event()

    def stop_after_five(p):
        if p.done >= 5:
            cancel.set()

    result = simulate(spec, workers=0, progress=stop_after_five, cancel=cancel)
    assert result.cancelled and len(result.frame) == 5 and list(result.frame["seed"]) == list(range(5))

    def interrupt_after_three(p):
        if p.done >= 3:
            raise KeyboardInterrupt

    result = simulate(spec, workers=0, progress=interrupt_after_three)
    assert result.cancelled and len(result.frame) == 3


def test_ctrl_c_in_the_terminal_writes_the_games_finished(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "part.parquet"
    proc = subprocess.Popen(
        [sys.executable, "-m", "rulebook.cli", "simulate", "dice_of_tower", "--games", "100000", "--seats", "random,random",
         "--workers", "0", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a terminal's Ctrl-C reaches a program whose SIGINT is the default; a suite started as a background job
        # of a shell without job control inherits it ignored (POSIX), and Python then keeps it ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    seen = ""
    deadline = time.monotonic() + 120
    while "games/s" not in seen and time.monotonic() < deadline:
        seen += proc.stderr.read(1)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "cancelled:" in stderr and "games in" in stdout
    frame = read_rows(out.read_bytes(), out.name)
    assert 0 < len(frame) < 100_000 and list(frame["seed"]) == list(range(len(frame)))
