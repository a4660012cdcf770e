"""A lesson's text names only what its board draws at that step (issue 19 C).

Two halves, so a text cannot talk about a board that is not there:

- here, the words: each game lists the phrases of its lesson texts that point
  at something on the board (a sum of counted cards, a die by size and face,
  a dashed building, the "z" of a sleeping worker, a button) with the CSS
  selector of what draws it. A step whose English text uses such a phrase
  must name that element in ``shows`` (or tap it); a selector in ``shows``
  must belong to the game's board vocabulary;
- tests/browser/test_lessons.py, the page: at every step each ``shows``
  selector is drawn and visible.

Figures quoted in a step (Lemon Poker's odds and edges) must be the engine's
at that step: they are computed here from the same observation the page uses.
"""

from __future__ import annotations

import re

import pytest

from rulebook.core import all_games, get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.games.lemon_poker.advice import child_advice

# phrase in say_en -> a selector (prefix) the step must show or tap
NAMED: dict[str, list[tuple[str, str]]] = {
    "kokkuri_san": [
        (r"\d+ \+ \d+", ".rb-ks-last-card-"),  # a sum of counted cards
        (r"last settlement", ".rb-ks-last"),
        (r"▲ face up", ".rb-up-"),
        (r"▼ face down", ".rb-down-"),
        (r"\bmandatory\b", ".rb-ks-effect-must"),
        (r"\boptional\b", ".rb-ks-effect-may"),
        (r"\bfourth card\b", ".rb-ks-hand-card-3"),
    ],
    "dice_of_tower": [
        (r"\b(small|medium|large) \d\b", ".rb-die-"),  # a die named by its size and face
        (r"\bPress Re-roll\b", ".rb-reroll"),
        (r"score table|R1 column", ".rb-dot-scores"),
        (r'"Out"', ".rb-score-removed"),
    ],
    "national_economy": [
        (r"\bdashed\b", ".rb-unpaid"),
        (r'"z"', ".rb-worker-asleep"),
    ],
    "lemon_poker": [
        (r"\bHint\b", ".rb-hint-toggle"),
        (r"\bplace \d of group \d\b", ".rb-place-"),
    ],
}
# phrases every game's page draws the same way (the shared controls)
COMMON: list[tuple[str, str]] = [
    (r"\bHint\b", ".rb-hint-toggle"),
]
GAMES = sorted(name for name, game in all_games().items() if load_lesson(game) is not None)


def vocabulary(name: str) -> list[tuple[str, str]]:
    return NAMED.get(name, []) + COMMON


def test_the_four_audited_games_have_their_own_vocabulary():
    assert {"kokkuri_san", "dice_of_tower", "national_economy", "lemon_poker"} <= set(NAMED) and set(NAMED) <= set(GAMES)


def _named(step) -> list[str]:
    return list(step.shows) + list(step.taps) + [part.strip() for part in step.target.split(",") if part.strip()]


@pytest.mark.parametrize("name", GAMES)
def test_a_step_that_names_a_board_element_shows_it(name):
    lesson = load_lesson(get_game(name))
    problems = []
    for number, step in enumerate(lesson.steps, start=1):
        named = _named(step)
        for pattern, selector in vocabulary(name):
            if re.search(pattern, step.say_en) and not any(selector in s for s in named):
                problems.append(f"step {number}: the text says /{pattern}/ but shows no {selector}")
    assert problems == []


@pytest.mark.parametrize("name", GAMES)
def test_shows_selectors_are_board_elements_of_the_game(name):
    """A selector in ``shows`` is one of the game's board classes (a typo would make the browser check vacuous)."""
    lesson = load_lesson(get_game(name))
    known = {selector for _, selector in vocabulary(name)} | {".rb-die-", ".rb-ks-card-", ".rb-ks-cand-", ".rb-ks-seat-", ".rb-ks-last", ".rb-seat-", ".rb-kind-", ".rb-place-", ".rb-dot-scores"}
    for number, step in enumerate(lesson.steps, start=1):
        for selector in step.shows:
            assert any(k in selector for k in known), f"step {number}: {selector}"


def test_kokkuri_san_step_five_sums_are_the_last_settlement_s():
    """The sums quoted at the settlement step are the settled votes of the observation the page draws."""
    game = get_game("kokkuri_san")
    lesson = load_lesson(game)
    k = next(i for i, s in enumerate(lesson.steps) if "9 + 8 + 1" in s.say_en)
    o = game.observe(lesson_match(lesson, game, k).state, 0)
    last = o["last"]
    assert o["turns"] == 0 and last is not None  # the board is at the next round: the counts are in the last settlement
    cards = [[v for _seat, v in column] for column in last["board"]]
    assert cards[4][:3] == [9, 8, 1] and last["votes"][4] == -18
    assert sum(cards[1]) == last["votes"][1] == 16 and sum(cards[0]) == last["votes"][0] == 15


def _figures(text: str) -> list[str]:
    return re.findall(r"\d+\.\d+%?", text)


def test_lemon_poker_quoted_odds_and_edges_are_the_engine_s():
    game = get_game("lemon_poker")
    lesson = load_lesson(game)
    checked = 0
    for k, step in enumerate(lesson.steps):
        quoted = _figures(step.say_en)
        if not quoted:
            continue
        state = lesson_match(lesson, game, k).state
        advice = next(a for a in (child_advice(game.observe(state, s)) for s in range(2)) if a)
        p1, p2, _tie = advice["odds"]
        engine = {f"{p1 * 100:.1f}%", f"{p2 * 100:.1f}%"}
        if "now" in advice:
            engine.add(f"{advice['now']:.3f}")
            engine |= {f"{r['value']:.3f}" for r in advice["reveals"]}
        for figure in quoted:
            assert figure in engine, (k + 1, figure, sorted(engine))
            assert figure.rstrip("%") in step.say_ja, (k + 1, figure)
            checked += 1
    assert checked >= 6
