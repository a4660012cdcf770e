"""Lessons as data (rulebook/core/lesson.py): reading, replaying through the engine, coverage of the rules."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core import all_games, get_game
from rulebook.core.lesson import ANY, LessonError, check_lesson, lesson_match, load_lesson, parse_lesson
from rulebook.core.text import load_rules

WITH_LESSON = sorted(name for name, game in all_games().items() if load_lesson(game) is not None)


def raw_lesson(name: str) -> dict:
    package = type(get_game(name)).__module__.rsplit(".", 1)[0]
    return json.loads((resources.files(package) / "lesson.json").read_text("utf-8"))


def rule_ids(name: str) -> tuple[str, ...]:
    package = type(get_game(name)).__module__.rsplit(".", 1)[0]
    return load_rules(package)["en"].ids


def test_at_least_one_game_has_a_lesson():
    assert "treasure_hunt" in WITH_LESSON


@pytest.mark.parametrize("name", WITH_LESSON)
def test_the_lesson_plays_as_written_and_teaches_every_rule(name):
    game = get_game(name)
    lesson = load_lesson(game)
    assert lesson is not None
    assert check_lesson(lesson, game, rule_ids(name)) == []
    assert set(rule_ids(name)) <= lesson.taught()
    assert lesson.minutes <= 10
    for step in lesson.steps:
        assert step.say_ja.strip() and step.say_en.strip()
        assert (step.say_en[0].isupper() or step.say_en[0].isdigit()) and step.say_en.rstrip()[-1] in ".!?:)", step.say_en
        if step.expect not in (None, ANY):
            assert step.ask_en and step.ask_ja, f"step '{step.say_en[:40]}' needs a short ask text"
        if not step.reading:
            assert step.highlight(), f"step '{step.say_en[:40]}' asks for a move but shows nothing to tap"


@pytest.mark.parametrize("name", WITH_LESSON)
def test_every_step_can_be_rebuilt_and_found_again(name):
    game = get_game(name)
    lesson = load_lesson(game)
    for k in range(len(lesson.steps) + 1):
        match = lesson_match(lesson, game, k)
        actions = [str(a) for a in match.actions]
        assert actions == lesson.script(k)
        found = lesson.step_for(actions)
        assert found is not None and found >= k and lesson.script(found) == actions


@pytest.mark.parametrize("name", WITH_LESSON)
def test_a_lesson_whose_move_is_illegal_fails_its_check(name):
    data = raw_lesson(name)
    steps = [s for s in data["steps"] if s.get("expect") not in (None, ANY)]
    steps[len(steps) // 2]["expect"] = steps[0]["expect"] if steps[0]["expect"] != steps[len(steps) // 2]["expect"] else "give-up 99"
    lesson = parse_lesson(data, name)
    problems = check_lesson(lesson, get_game(name), rule_ids(name))
    assert any("refused" in p for p in problems), problems


@pytest.mark.parametrize("name", WITH_LESSON)
def test_a_rule_taught_by_no_step_is_found(name):
    data = raw_lesson(name)
    dropped = data["steps"][0]["rules"][0]
    for step in data["steps"]:
        step["rules"] = [r for r in step.get("rules", []) if r != dropped]
    problems = check_lesson(parse_lesson(data, name), get_game(name), rule_ids(name))
    assert any(dropped in p and "taught by no step" in p for p in problems)


def test_unknown_rule_ids_are_reported():
    data = raw_lesson("treasure_hunt")
    data["steps"][0]["rules"].append("no-such-rule")
    problems = check_lesson(parse_lesson(data, "treasure_hunt"), get_game("treasure_hunt"), rule_ids("treasure_hunt"))
    assert any("no-such-rule" in p for p in problems)


def test_a_learner_never_enters_chance():
    data = raw_lesson("treasure_hunt")
    second = next(k for k, s in enumerate(data["steps"]) if s.get("before"))
    data["steps"][second]["before"] = []
    problems = check_lesson(parse_lesson(data, "treasure_hunt"), get_game("treasure_hunt"), rule_ids("treasure_hunt"))
    assert any("waits for chance" in p or "refused" in p for p in problems), problems


BAD = [
    (lambda d: d.update(minutes=30), "minutes"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(steps=[]), "steps"),
    (lambda d: d["steps"][0].update(say_en=""), "step 1: 'say_en'"),
    (lambda d: d["steps"][0].update(colour="red"), "unknown keys"),
    (lambda d: d["steps"][1].update(expect=ANY), "example"),
    (lambda d: d["steps"][1].update(example="roll"), "example"),
    (lambda d: d["steps"][1].update(before="roll"), "before"),
    (lambda d: d["steps"][1].update(expect=3), "expect"),
]


@pytest.mark.parametrize("mutate, fragment", BAD)
def test_a_malformed_lesson_file_is_refused_naming_what_is_wrong(mutate, fragment):
    data = copy.deepcopy(raw_lesson("treasure_hunt"))
    mutate(data)
    with pytest.raises(LessonError) as info:
        parse_lesson(data, "treasure_hunt")
    assert fragment in str(info.value)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_prefix_of_the_script_is_found_at_the_step_it_belongs_to_or_not_at_all(data):
    game = get_game("treasure_hunt")
    lesson = load_lesson(game)
    full = lesson.script(len(lesson.steps))
    cut = data.draw(st.integers(0, len(full)))
    found = lesson.step_for(full[:cut])
    if found is not None:
        assert lesson.script(found) == full[:cut]
    else:
        assert all(lesson.script(k) != full[:cut] for k in range(len(lesson.steps) + 1))


def test_the_puniu_lesson_says_what_the_engine_scores():
    """The numbers written in the lesson (the source's 5 5 5 4 2 example and two more) are the engine's."""
    game = get_game("puniu")
    lesson = load_lesson(game)
    state = lesson_match(lesson, game, len(lesson.steps)).state
    sheet = state.sheets[0]
    written = {c: (e.score, e.penalty) for c, e in zip(("6s", "5s", "4s", "3s", "2s", "1s", "chance", "kind"), sheet.entries) if e}
    assert written == {"5s": (15, 6), "chance": (16, 3), "kind": (10, 6)}
    texts = " ".join(step.say_en for step in lesson.steps)
    for fragment in ("score their total, 15", "4 + 2 = 6", "(6 + 5 + 5 = 16)", "(2 + 1 = 3)", "worth 10", "6 + 3 + 6 = 15"):
        assert fragment in texts
    assert sheet.penalty() == 15
