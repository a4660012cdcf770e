"""The lesson replays through the engine and teaches every rule id of the rules text."""

from __future__ import annotations

from rulebook.core.lesson import check_lesson, lesson_match, load_lesson
from rulebook.core.text import load_rules
from rulebook.games.national_economy import ENGINE


def test_the_lesson_is_playable_and_complete() -> None:
    lesson = load_lesson(ENGINE)
    assert lesson is not None and lesson.options == {"mode": "standard", "players": 2}
    ids = load_rules("rulebook.games.national_economy")["en"].ids
    assert check_lesson(lesson, ENGINE, ids) == []


def test_the_lesson_ends_where_its_text_says() -> None:
    lesson = load_lesson(ENGINE)
    state = lesson_match(lesson, ENGINE, len(lesson.steps)).state
    # Seat 2 hired a third worker at the School in round 2 (the sleeping "z"), so it paid $6 after selling its farm
    assert state.round == 3 and state.money == (3, 2) and state.household == 12 and state.workers == (2, 3)
    assert sum(1 for b in state.buildings if b.owner == -1 and b.kind == 1) == 1  # Seat 2's farm, sold, is public
