"""The conventions checker (rulebook/core/conventions.py): each broken convention on a broken copy of Pig, and none in any game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.core import all_games
from rulebook.core.conventions import (
    ConventionProblem,
    ConventionsBroken,
    check_folder,
    check_game,
    game_folders,
    raised_ids,
    require_conventions,
)
from rulebook.games.pig import GAME as PIG


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_registered_game_keeps_the_conventions(name):
    assert [str(p) for p in check_game(name)] == []


@pytest.fixture
def broken(tmp_path):
    """A copy of Pig's files (engine package and view package) to break; checked against Pig's real engine."""
    folder, package, view = game_folders(PIG)
    copy = tmp_path / "pig"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(view, tmp_path / "view", ignore=shutil.ignore_patterns("__pycache__"))

    def check() -> list[ConventionProblem]:
        return check_folder(copy, PIG, package, tmp_path / "view")

    assert check() == []
    return copy, check


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (once) and return the line where the change is."""
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_the_problem_reads_as_path_line_message_and_fix():
    problem = ConventionProblem("rulebook/games/pig/rules.en.md", 7, "the section 'Scoring' has no rule id", "end the heading with {#scoring}")
    assert str(problem) == "rulebook/games/pig/rules.en.md:7: the section 'Scoring' has no rule id (fix: end the heading with {#scoring})"


def test_a_section_without_an_id(broken):
    copy, check = broken
    line = edit(copy / "rules.en.md", "## Hold {#hold}", "## Scoring tips\nHold early when you lead.\n\n## Hold {#hold}")
    (problem,) = check()
    assert problem.path.endswith("pig/rules.en.md") and problem.line == line
    assert "'Scoring tips' has no rule id" in problem.message and "{#scoring-tips}" in problem.fix


def test_a_rule_id_the_engine_raises_that_the_text_lacks(broken):
    copy, check = broken
    line = edit(copy / "game.py", '"hold", "このターンは', '"holding", "このターンは')
    (problem,) = check()
    assert problem.path.endswith("pig/game.py") and problem.line == line
    assert "'holding'" in problem.message and "{#holding}" in problem.fix


def test_a_view_refusal_citing_an_unknown_id_is_found_too():
    source = 'raise refuse(WORDS, "faces", "choose_face")\nraise IllegalAction(rule_id="x", message_ja="", message_en="")\nunknown_action("t", ())'
    assert raised_ids(source) == [(1, "faces"), (2, "x"), (3, "actions")]


def test_ja_and_en_section_ids_that_differ(broken):
    copy, check = broken
    line = edit(copy / "rules.ja.md", "{#bust}", "{#one}")
    problems = check()
    found = {(p.path.rsplit("/", 1)[-1], p.line, p.message) for p in problems}
    assert ("rules.ja.md", line, "the section {#one} is not in rules.en.md") in found
    assert any(p.path.endswith("rules.en.md") and "{#bust} is not in rules.ja.md" in p.message for p in problems)
    assert any("'bust'" in p.message and p.path.endswith("lesson.json") for p in problems)  # the lesson names it, JA lacks it


def test_an_example_whose_numbers_the_engine_does_not_produce(broken):
    copy, check = broken
    line = edit(copy / "rules.en.md", "```example turn\ndice: 4 6 3\npoints: 13", "```example turn\ndice: 4 6 3\npoints: 14")
    edit(copy / "rules.en.md", "make 13 points", "make 14 points")
    problems = check()
    wrong = [p for p in problems if "the engine says 13" in p.message]
    assert len(wrong) == 1 and wrong[0].line == line and wrong[0].path.endswith("rules.en.md")
    assert "examples.py" in wrong[0].fix
    assert any("example blocks of rules.ja.md and rules.en.md differ" in p.message for p in problems)


def test_a_lesson_step_naming_an_unknown_rule(broken):
    copy, check = broken
    data = json.loads((copy / "lesson.json").read_text("utf-8"))
    data["steps"][2]["rules"] = ["roll", "dice"]
    text = json.dumps(data, ensure_ascii=False, indent=2)
    (copy / "lesson.json").write_text(text, "utf-8")
    (problem,) = [p for p in check() if "'dice'" in p.message]
    assert problem.line == text.splitlines().index('        "dice"') + 1
    assert problem.message.startswith("step 3 names the rule id 'dice'") and "bust" in problem.fix


def test_a_lesson_that_no_longer_plays_is_reported_at_its_step(broken):
    copy, check = broken
    data = json.loads((copy / "lesson.json").read_text("utf-8"))
    data["steps"][3]["expect"] = "hold"
    data["steps"][2]["before"] = ["die 1"]  # the turn is lost: nothing to hold at step 4
    (copy / "lesson.json").write_text(json.dumps(data, ensure_ascii=False, indent=2), "utf-8")
    problems = [p for p in check() if p.message.startswith("lesson: ")]
    assert problems and "refused" in problems[0].message


def test_rulebook_check_prints_and_exits_1_only_on_problems(capsys):
    assert main(["check", "pig", "magos_solo"]) == 0
    assert "0 problem(s)" in capsys.readouterr().err
    assert main(["check", "no_such_game"]) == 1


def test_require_conventions_raises_with_every_problem(monkeypatch):
    require_conventions(["pig", "magos_solo"])  # nothing broken: no error
    broken = [ConventionProblem("a.md", 3, "no id", "add one"), ConventionProblem("b.json", 9, "unknown rule", "name a known one")]
    monkeypatch.setattr("rulebook.core.conventions.check_games", lambda names: broken)
    with pytest.raises(ConventionsBroken) as info:
        require_conventions(["pig"])
    assert info.value.problems == tuple(broken)
    assert str(info.value).splitlines() == ["2 convention problem(s):", "a.md:3: no id (fix: add one)", "b.json:9: unknown rule (fix: name a known one)"]
