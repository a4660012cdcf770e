"""`rulebook publish` refuses a game that breaks a convention, naming file, line and fix, and writes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulebook import cli
from rulebook.core import conventions
from rulebook.games.pig import GAME as PIG


def test_a_broken_rules_file_stops_publish_with_file_line_and_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, package, view = conventions.game_folders(PIG)
    copy = tmp_path / "pig"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rules = copy / "rules.en.md"
    text = rules.read_text("utf-8")
    rules.write_text(text.replace("## Hold {#hold}", "## Scoring tips\nHold early.\n\n## Hold {#hold}", 1), "utf-8")
    problems = conventions.check_folder(copy, PIG, package, view)
    assert problems, "the broken copy must break a convention"
    real = conventions.check_games
    # Pig is checked from the broken copy; every other game from its real files.
    monkeypatch.setattr(
        conventions,
        "check_games",
        lambda names=None: problems + [p for p in real([n for n in (names or []) if n != "pig"] or [])],
    )
    out = tmp_path / "edition"
    assert cli.main(["publish", str(out), "--games", "pig,ring", "--no-cards"]) != 0
    err = capsys.readouterr().err
    assert "rules.en.md:" in err and "no rule id" in err and "fix:" in err
    assert not out.exists()
