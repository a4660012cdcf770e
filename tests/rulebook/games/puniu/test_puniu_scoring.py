"""Scoring of Puniu Dice: the source's worked example, each category (PD-1) and the penalty bands (PD-2)."""

from __future__ import annotations

import pytest

from rulebook.core import IllegalAction
from rulebook.games.puniu import CATEGORIES, band, cancel_count, cancelled, category_score, final_score


def test_source_worked_example_55542_as_5s() -> None:
    # The source: 55542 written as 5s gives score 15 and penalty 6.
    assert category_score([5, 5, 5, 4, 2], "5s") == (15, 6)


@pytest.mark.parametrize(
    "dice,category,expected",
    [
        ((6, 6, 6, 6, 6), "6s", (30, 0)),
        ((6, 1, 2, 3, 4), "6s", (6, 10)),
        ((1, 2, 3, 4, 5), "6s", (0, 15)),
        ((4, 4, 1, 1, 6), "4s", (8, 8)),
        ((3, 3, 3, 2, 2), "3s", (9, 4)),
        ((2, 2, 2, 2, 6), "2s", (8, 6)),
        ((1, 1, 1, 1, 1), "1s", (5, 0)),
        ((1, 6, 6, 6, 6), "1s", (1, 24)),
    ],
)
def test_number_categories_score_their_face_and_count_the_rest_as_penalty(dice, category, expected) -> None:
    assert category_score(dice, category) == expected
    score, penalty = expected
    assert score + penalty == sum(dice)


def test_chance_scores_the_three_highest_and_the_two_lowest_are_penalty() -> None:
    # PD-1 (chance), and the example in our rules text
    assert category_score((6, 5, 5, 2, 1), "chance") == (16, 3)
    assert category_score((1, 2, 3, 4, 5), "chance") == (12, 3)
    assert category_score((4, 4, 4, 4, 4), "chance") == (12, 8)  # ties at the cut: same result
    assert category_score((2, 6, 1, 6, 3), "chance") == (15, 3)  # order of the dice does not matter


def test_kind_is_ten_whatever_the_dice_and_other_faces_are_penalty() -> None:
    # PD-1 (kind): any face, 10 points regardless, every die not showing it is penalty
    assert category_score((3, 3, 3, 3, 6), "kind", 3) == (10, 6)
    assert category_score((6, 6, 6, 6, 6), "kind", 6) == (10, 0)
    assert category_score((6, 6, 6, 6, 6), "kind", 1) == (10, 30)  # a face no die shows
    assert category_score((1, 1, 2, 2, 2), "kind", 2) == (10, 2)


@pytest.mark.parametrize(
    "dice,category,face,rule",
    [
        ((1, 2, 3, 4), "6s", None, "components"),
        ((1, 2, 3, 4, 7), "6s", None, "components"),
        ((0, 2, 3, 4, 5), "6s", None, "components"),
        ((1.0, 2, 3, 4, 5), "6s", None, "components"),
        ((True, 2, 3, 4, 5), "6s", None, "components"),
        (None, "6s", None, "components"),
        ("12345", "6s", None, "components"),
        ((1, 2, 3, 4, 5), "7s", None, "choose"),
        ((1, 2, 3, 4, 5), "", None, "choose"),
        ((1, 2, 3, 4, 5), None, None, "choose"),
        ((1, 2, 3, 4, 5), "kind", None, "cat-kind"),
        ((1, 2, 3, 4, 5), "kind", 0, "cat-kind"),
        ((1, 2, 3, 4, 5), "kind", 7, "cat-kind"),
        ((1, 2, 3, 4, 5), "kind", "3", "cat-kind"),
        ((1, 2, 3, 4, 5), "5s", 5, "choose"),
        ((1, 2, 3, 4, 5), "chance", 2, "choose"),
    ],
)
def test_bad_input_raises_with_the_rule(dice, category, face, rule) -> None:
    with pytest.raises(IllegalAction) as info:
        category_score(dice, category, face)
    assert info.value.rule_id == rule
    assert info.value.message_ja and info.value.message_en


@pytest.mark.parametrize(
    "penalty,cancel",
    [(0, 0), (30, 0), (31, 1), (40, 1), (41, 2), (50, 2), (51, 3), (60, 3), (61, 4), (70, 4), (71, 5), (80, 5),
     (81, 6), (90, 6), (91, 7), (100, 7), (101, 8), (110, 8), (111, 8), (240, 8)],
)
def test_penalty_band_boundaries(penalty, cancel) -> None:
    # PD-2: ≤30 nothing; 31–40 one; 41–50 two; … 91–100 seven; 101+ all
    assert cancel_count(penalty) == cancel


def test_band_ranges() -> None:
    assert band(0) == (0, 30) and band(30) == (0, 30)
    assert band(31) == (31, 40) and band(40) == (31, 40)
    assert band(95) == (91, 100)
    assert band(101) == (101, None) and band(200) == (101, None)


def sheet(scores, penalties):
    return list(zip(scores, penalties))


SCORES = [24, 15, 12, 9, 4, 2, 17, 10]


@pytest.mark.parametrize(
    "total_penalty,expected",
    [
        (30, 93),
        (31, 93 - 24),
        (40, 93 - 24),
        (41, 93 - 24 - 17),
        (50, 93 - 24 - 17),
        (51, 93 - 24 - 17 - 15),
        (61, 93 - 24 - 17 - 15 - 12),
        (71, 93 - 24 - 17 - 15 - 12 - 10),
        (81, 93 - 24 - 17 - 15 - 12 - 10 - 9),
        (91, 2),
        (100, 2),
        (101, 0),
    ],
)
def test_final_score_cancels_the_highest_scores_by_band(total_penalty, expected) -> None:
    penalties = [0] * 7 + [total_penalty]
    if total_penalty > 30:  # spread it: at most 30 per entry
        penalties = [min(30, total_penalty - 30 * k) if total_penalty > 30 * k else 0 for k in range(8)]
    assert sum(penalties) == total_penalty
    assert final_score(sheet(SCORES, penalties)) == expected


def test_ties_among_cancelled_scores_strike_the_one_higher_on_the_sheet() -> None:
    # 6s and chance both 18: one band cancels only one of them; the final is the same either way
    entries = sheet([18, 5, 4, 3, 2, 1, 18, 10], [5, 5, 5, 5, 5, 5, 1, 0])  # penalty 31
    assert cancelled(entries) == (0,)  # 6s (first on the sheet), not chance
    assert final_score(entries) == 61 - 18
    swapped = sheet([5, 5, 4, 3, 2, 1, 18, 10], [5, 5, 5, 5, 5, 5, 1, 0])
    assert cancelled(swapped) == (6,)


def test_partial_sheet_is_the_final_if_the_game_ended_now() -> None:
    assert final_score([]) == 0
    assert final_score([(12, 5)]) == 12
    partial = [(12, 20), None, None, None, None, None, (16, 14)]  # penalty 34: cancel the top one
    assert cancelled(partial) == (6,)
    assert final_score(partial) == 12
    # cancelling more categories than are filled leaves 0
    assert final_score([(30, 30), (20, 30), None, (5, 30), None, None, None, None]) == 0


@pytest.mark.parametrize(
    "entries",
    [
        [(1, 2)] * 9,
        [(1, 2, 3)],
        [(31, 0)],
        [(0, 31)],
        [(-1, 0)],
        [(1.5, 0)],
        [(True, 0)],
        [5],
        None,
        "ab",
    ],
)
def test_bad_sheets_are_refused(entries) -> None:
    with pytest.raises(IllegalAction) as info:
        final_score(entries)
    assert info.value.rule_id == "penalty"


def test_categories_in_sheet_order() -> None:
    assert CATEGORIES == ("6s", "5s", "4s", "3s", "2s", "1s", "chance", "kind")
