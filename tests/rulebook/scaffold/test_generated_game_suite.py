"""A designer's new game passes the test suite untouched (issue 32, item 7).

``rulebook new NAME`` in a clean clone of the repository, then the tests a
change to that one game must pass, run in the clone exactly as ``make test``
would run them there: every non-browser test of the game (its own files and
the cross-game tests run on it, ``--game``) and the game-independent tests of
every cross-game module (``--with-cross-game``: that the action-text corpus,
the typed observations, the registry... still agree once the game is there).
The other games' own tests are left out: the new game cannot change them, and
CI's time is short.

The clone is ``git clone`` of this checkout, so it holds the committed tree
(what CI tests); the venv's packages are used as they are, with ``PYTHONPATH``
pointing at the clone, so nothing is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
NAME = "dice_race"
BUDGET_SECONDS = 180
"""The inner run took about 40 s on a busy 2-core machine; CI's budget is tight, so a slow-down is a failure."""


def run(root: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    if not (REPO / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout: there is nothing to clone")
    root = tmp_path_factory.mktemp("clone") / "repo"
    cloned = subprocess.run(["git", "clone", "-q", str(REPO), str(root)], capture_output=True, text=True, timeout=120)
    assert cloned.returncode == 0, cloned.stderr
    return root


@pytest.mark.generates_a_game
def test_a_game_made_by_rulebook_new_passes_the_suite_untouched(clone: Path) -> None:
    made = run(clone, "-m", "rulebook.cli", "new", NAME, "--root", str(clone))
    assert made.returncode == 0, made.stdout + made.stderr
    where = run(clone, "-c", "import rulebook; print(rulebook.__file__)")
    assert where.stdout.strip() == str(clone / "rulebook" / "__init__.py"), where  # the clone's code is the one tested

    started = time.monotonic()
    suite = run(
        clone, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not browser and not generates_a_game",
        "--game", NAME, "--with-cross-game", "tests",
    )
    seconds = time.monotonic() - started
    tail = suite.stdout[-4000:] + suite.stderr[-2000:]
    assert suite.returncode == 0, tail
    summary = suite.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
    passed = int(summary.split(" passed")[0].split()[-1])
    assert passed >= 150, summary  # the game's contract cases, page, lesson, wording... and the cross-game checks
    assert seconds < BUDGET_SECONDS, f"the generated game's suite took {seconds:.0f} s (budget {BUDGET_SECONDS} s)"


def test_the_cross_game_selection_keeps_the_game_independent_checks(clone: Path) -> None:
    """``--with-cross-game`` keeps e.g. the corpus and registry checks that ``--game`` alone leaves out, and never
    another game's own tests (nor this file's test, which would run itself again)."""
    listed = run(clone, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only", "-m", "not browser and not generates_a_game",
                 "--game", "pig", "--with-cross-game", "tests/rulebook/core/test_action_text.py", "tests/rulebook/scaffold", "tests/rulebook/games/puniu")
    ids = [line for line in listed.stdout.splitlines() if "::" in line]
    assert "tests/rulebook/core/test_action_text.py::test_the_corpus_names_only_games_that_exist" in ids
    assert "tests/rulebook/core/test_action_text.py::test_old_texts_print_and_parse_as_before[pig]" in ids
    assert not any("[puniu]" in i or "games/puniu" in i for i in ids)
    assert not any("test_a_game_made_by_rulebook_new" in i for i in ids)
    alone = run(clone, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only", "--game", "pig", "tests/rulebook/core/test_action_text.py")
    assert "test_the_corpus_names_only_games_that_exist" not in alone.stdout
