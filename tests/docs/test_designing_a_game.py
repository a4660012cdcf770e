"""docs/designing-a-game.md cannot go stale: its excerpts are the real Pig, its commands and outputs are real.

Every fenced block annotated ``path=<file>`` must appear in that file, line
for line (the block may be indented as a whole in the file, e.g. a method);
the list of generated files is ``rulebook new``'s; the sample output of
``rulebook check`` is what the checker prints for the broken file it describes.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulebook.core.conventions import check_folder, game_folders
from rulebook.games.pig import GAME as PIG
from rulebook.scaffold import planned_files
from tests.support.doc_excerpts import appears_in
from tests.support.doc_excerpts import blocks as doc_blocks

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "designing-a-game.md"


def blocks() -> list[tuple[int, str, str, list[str]]]:
    """Every fenced block of the document: (line, language, annotation, lines)."""
    return doc_blocks(DOC)


EXCERPTS = [(line, note.split("=", 1)[1], body) for line, _, note, body in blocks() if note.startswith("path=")]


def test_the_document_quotes_enough_of_the_game():
    files = {path for _, path, _ in EXCERPTS}
    assert len(EXCERPTS) >= 12 and {"rulebook/games/pig/game.py", "rulebook/games/pig/rules.en.md", "rulebook/games/pig/lesson.json", "widgets/views/pig/present.py"} <= files


@pytest.mark.parametrize("line, path, body", EXCERPTS, ids=[f"line{line}-{path}" for line, path, _ in EXCERPTS])
def test_every_excerpt_is_in_the_file_it_names(line, path, body):
    target = REPO / path
    assert target.is_file(), f"docs/designing-a-game.md:{line}: {path} does not exist"
    assert body, f"docs/designing-a-game.md:{line}: empty excerpt"
    assert appears_in(body, target.read_text("utf-8").splitlines()), f"docs/designing-a-game.md:{line}: the excerpt is not in {path} (any more)"


def test_the_generated_files_are_rulebook_news():
    (listed,) = [body for _, _, note, body in blocks() if note == "generated-files"]
    assert listed == [p.target for p in planned_files("pig")]


def test_the_sample_check_output_is_the_checkers(tmp_path):
    """The document breaks the hold example (13 → 14) and shows what ``rulebook check`` prints: it must be that."""
    (sample,) = [body for _, lang, note, body in blocks() if lang == "text" and not note and any("the engine says" in b for b in body)]
    folder, package, view = game_folders(PIG)
    copy = tmp_path / "pig"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rules = copy / "rules.en.md"
    rules.write_text(rules.read_text("utf-8").replace("dice: 4 6 3\npoints: 13", "dice: 4 6 3\npoints: 14").replace("make 13 points", "make 14 points"), "utf-8")
    printed = [str(p).replace(str(copy), "rulebook/games/pig") for p in check_folder(copy, PIG, package, view)]
    assert sample == printed


def test_the_commands_it_names_exist():
    text = DOC.read_text("utf-8")
    from rulebook.cli import build_parser

    commands = set(build_parser()._subparsers._group_actions[0].choices)
    for used in set(re.findall(r"^rulebook (\w+)", text, flags=re.M)) - {"publish"}:  # publish: issue 21 part A, another branch
        assert used in commands, used
    assert (REPO / "notebooks" / "pig.ipynb").is_file() and (REPO / "benchmarks" / "pig.py").is_file()
    assert (REPO / "tests" / "browser" / "test_pig_page.py").is_file()
