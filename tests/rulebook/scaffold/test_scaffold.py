"""``rulebook new NAME`` (rulebook/scaffold): what it writes, and what it refuses.

The game is generated into a temporary copy of the repository's tree (the
working tree, committed or not), and checked there in a fresh Python (so the
copy's ``rulebook`` package is the one imported, and the new game is found
by discovery exactly as in the real tree): it is listed and playable, and
``rulebook check`` passes. The copy also proves that no existing file
changes: every file written is one of the planned new files. The test suite
run on a generated game is ``test_generated_game_suite.py``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.scaffold import RESERVED, ScaffoldError, class_name, new_game, planned_files

REPO = Path(__file__).resolve().parents[3]


def snapshot(root: Path) -> dict[str, str]:
    """Every file under ``root`` (no caches) by path, with a hash of its bytes."""
    return {
        str(p.relative_to(root)): hashlib.sha1(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and ".pytest_cache" not in p.parts
    }


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """A copy of the parts of the repository a game lives in and is tested by."""
    root = tmp_path_factory.mktemp("repo")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache")
    for part in ("rulebook", "widgets", "notebooks", "tests"):
        shutil.copytree(REPO / part, root / part, ignore=ignore)
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


def run(root: Path, *args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.generates_a_game
def test_a_generated_game_is_listed_and_checked_and_touches_no_existing_file(tree):
    before = snapshot(tree)
    made = run(tree, "-m", "rulebook.cli", "new", "dice_race", "--root", str(tree))
    assert made.returncode == 0, made.stderr
    after = snapshot(tree)
    assert {k: v for k, v in before.items() if after.get(k) != v} == {}, "an existing file changed"
    assert sorted(set(after) - set(before)) == sorted(p.target for p in planned_files("dice_race"))

    where = run(tree, "-c", "import rulebook, widgets; print(rulebook.__file__); print(widgets.__file__)")
    assert where.stdout.split() == [str(tree / "rulebook" / "__init__.py"), str(tree / "widgets" / "__init__.py")], where

    listed = run(tree, "-c", "from rulebook.site.catalogue import ENTRIES, is_playable; e = [x for x in ENTRIES if x.slug == 'dice_race'];"
                 " print(len(e), e and is_playable(e[0]))")
    assert listed.stdout.split() == ["1", "True"], listed.stderr

    checked = run(tree, "-m", "rulebook.cli", "check", "dice_race")
    assert checked.returncode == 0, checked.stdout + checked.stderr

    # the tests run on the generated game: test_generated_game_suite.py (a clean clone, the whole non-browser suite)


@pytest.mark.parametrize(
    "name, says",
    [
        ("pig", "exists already"),
        ("magos_solo", "exists already"),
        ("Dice", "cannot name a game"),
        ("2dice", "cannot name a game"),
        ("dice-race", "cannot name a game"),
        ("class", "cannot name a game"),
        ("x", "cannot name a game"),
        ("core", "reserved"),
        ("scaffold", "reserved"),
        ("index", "reserved"),
        ("test_game", "reserved"),
        ("", "cannot name a game"),
    ],
)
def test_a_bad_name_is_refused_and_nothing_is_written(name, says, tmp_path):
    root = tmp_path / "repo"
    for part in ("rulebook/games/pig", "rulebook/games/magos_solo", "widgets/views/pig"):
        (root / part).mkdir(parents=True)
    before = snapshot(root), sorted(p for p in root.rglob("*"))
    with pytest.raises(ScaffoldError) as info:
        new_game(name, root)
    assert says in str(info.value)
    assert (snapshot(root), sorted(p for p in root.rglob("*"))) == before


def test_the_command_reports_a_refusal_and_exits_1(tmp_path, capsys):
    assert main(["new", "core", "--root", str(tmp_path)]) == 1
    assert "reserved" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert main(["new", "dice_race", "--root", str(tmp_path)]) == 1  # not the repository: refused, nothing written
    assert list(tmp_path.iterdir()) == []


def test_names_and_reserved_words():
    assert class_name("dice_race") == "DiceRace" and class_name("pig") == "Pig"
    assert {"core", "site", "tables", "bots", "index", "host"} <= RESERVED
