"""Issue 19 C on the Kokkuri-san board: the counted cards stay readable at the next round's start; ▲/▼ say face up/down."""

from __future__ import annotations

from tests.widgets.views.test_kokkuri_san_present import model

from rulebook.core import get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.games.kokkuri_san import KOKKURI_SAN as GAME


def _lesson_state(step_text: str):
    game = get_game("kokkuri_san")
    lesson = load_lesson(game)
    k = next(i for i, s in enumerate(lesson.steps) if step_text in s.say_en)
    return lesson_match(lesson, game, k).state


def test_the_last_settlement_comes_first_until_the_new_round_s_first_card() -> None:
    state = _lesson_state("9 + 8 + 1")
    board = model(state, 0).board
    assert board["last_first"] and board["last"]["round"] == 1
    moon = board["last"]["rows"][4]
    assert [v for _s, v in moon["cards"]] == ["9", "8", "1", "×−1"] and moon["votes"] == -18
    played = GAME.apply(state, GAME.legal_actions(state)[0])
    assert not model(played, 0).board["last_first"]  # once round 2 is under way the settlement goes below


def test_up_and_down_say_face_up_and_face_down() -> None:
    state = _lesson_state("Choose the 9 in your hand")
    cand = model(state, 0, selected=9).board["candidates"][4]
    assert cand["up"]["label"] == "▲ face up" and cand["down"]["label"] == "▼ face down"
    cand = model(state, 0, lang="ja", selected=9).board["candidates"][4]
    assert cand["up"]["label"] == "▲表向き" and cand["down"]["label"] == "▼裏向き"
