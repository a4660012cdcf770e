"""The lab on a real Dask cluster: a scheduler and two worker processes on 127.0.0.1 (issue 22, C).

Rows through ``--scheduler`` must equal the rows of a run in one process
(every column but the wall-clock ``seconds``), and a worker killed in the
middle of a run must cost no game and count none twice.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from rulebook.cli import main as cli_main
from rulebook.lab import make_spec
from rulebook.lab.analysis import read_rows
from rulebook.lab.runner import simulate
from tests.support.site_process import free_port

BIN = Path(sys.executable).parent


def comparable(frame: pd.DataFrame) -> pd.DataFrame:
    """Everything a game decides (its wall-clock time is not)."""
    out = frame.drop(columns=["seconds"]).reset_index(drop=True).copy()
    for column in ("seats", "winners", "scores"):
        out[column] = [tuple(v) for v in out[column]]
    return out


def _wait_for_workers(address: str, n: int, timeout: float = 60.0) -> None:
    from distributed import Client

    with Client(address, timeout="30s") as client:
        client.wait_for_workers(n, timeout=timeout)


@pytest.fixture()
def cluster(tmp_path):
    """``dask scheduler`` + two ``dask worker`` processes (no nanny: a killed worker stays dead)."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    procs = []
    logs = []

    def start(args: list[str], name: str) -> subprocess.Popen:
        log = open(tmp_path / f"{name}.log", "wb")
        logs.append(log)
        proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, env=env)
        procs.append(proc)
        return proc

    start([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], "scheduler")
    workers = [
        start([str(BIN / "dask"), "worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny", "--no-dashboard"], f"worker{k}")
        for k in range(2)
    ]
    try:
        _wait_for_workers(address, 2)
        yield address, workers
    finally:
        for proc in reversed(procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for log in logs:
            log.close()


def test_rows_through_scheduler_equal_a_local_run(cluster, tmp_path, monkeypatch):
    address, _ = cluster
    out = tmp_path / "rows.parquet"
    argv = ["simulate", "dice_of_tower", "--games", "60", "--seats", "search,random", "--rotate", "--iterations", "8",
            "--seed", "500", "--batch", "7", "--scheduler", address, "--out", str(out), "--quiet"]
    assert cli_main(argv) == 0
    remote = read_rows(out.read_bytes(), out.name)
    local = simulate(make_spec("dice_of_tower", 60, "search,random", seed=500, iterations=8, rotate=True), workers=0).frame
    assert list(remote["seed"]) == list(range(500, 560))
    pd.testing.assert_frame_equal(comparable(remote), comparable(local), check_dtype=False)
    monkeypatch.setenv("RULEBOOK_DASK", address)  # the same cluster named by the environment
    via_env = simulate(make_spec("dice_of_tower", 20, "search,random", seed=500, iterations=8, rotate=True))
    assert via_env.workers == 2
    pd.testing.assert_frame_equal(comparable(via_env.frame), comparable(local.iloc[:20]), check_dtype=False)


def test_a_worker_killed_mid_run_loses_no_game_and_counts_none_twice(cluster):
    address, workers = cluster
    spec = make_spec("dice_of_tower", 300, "random,random", seed=7000)
    clean = simulate(spec, workers=0).frame
    killed = threading.Event()
    seen_at_kill: list[int] = []

    def progress(p) -> None:
        if not killed.is_set() and p.done >= 20:
            seen_at_kill.append(p.done)
            os.kill(workers[0].pid, signal.SIGKILL)
            killed.set()

    result = simulate(spec, scheduler=address, batch=5, progress=progress)
    assert killed.is_set() and seen_at_kill[0] < spec.games, "the worker was killed while games were still to play"
    workers[0].wait(timeout=10)
    assert workers[0].returncode == -signal.SIGKILL
    assert not result.cancelled
    assert len(result.frame) == spec.games
    assert result.frame["seed"].is_unique
    pd.testing.assert_frame_equal(comparable(result.frame), comparable(clean), check_dtype=False)
