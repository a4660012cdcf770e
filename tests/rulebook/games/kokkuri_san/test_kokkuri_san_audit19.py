"""KS-4 (issue 19): a candidate pays the same points whether elected first or second, and the page says so."""

from __future__ import annotations

from tests.rulebook.games.kokkuri_san.kokkuri_san_helpers import board_state, make_cards
from tests.rulebook.games.kokkuri_san.test_kokkuri_san_rules import settle

from rulebook.core.text import load_rules


def test_a_candidate_elected_second_pays_its_own_points() -> None:
    """KS-4: candidate A (6/3) comes 2nd in votes and still pays 6 and 3; B (5/2), elected 1st, pays 5 and 2."""
    cards = make_cards(points=[[6, 3], [5, 2], [1, 0], [1, 0]])
    board = [[(0, "1"), (1, "2"), (0, "3")], [(1, "9"), (2, "8")], [(2, "0"), (1, "0")], [(2, "1"), (0, "2")]]
    state = settle(*board_state(cards, 3, board, last=3))
    assert state.settled == 1 and state.last.elected == (1, 0)
    assert state.scores == (6, 3 + 5, 2)


def test_the_reading_is_labelled_in_both_languages() -> None:
    for lang, rules in load_rules("rulebook.games.kokkuri_san").items():
        assert "KS-4" in rules.section("points").readings, lang
