"""The hint's numbers check out: exact probabilities and expectations against brute force."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from rulebook.games.puniu.hint import (
    INDEX,
    KEEP_INDEX,
    MULTISETS,
    OPTIONS,
    REFERENCE,
    TRANSITION,
    advise,
    backward,
    decide,
    greedy_option,
    hold_expectations,
    option_values,
    turn_values,
)
from rulebook.games.puniu.scoring import CATEGORIES, category_score, final_score


def brute_distribution(keep: tuple[int, ...]) -> dict[tuple[int, ...], float]:
    """Every ordered outcome of the re-rolled dice, counted one by one."""
    free = 5 - len(keep)
    out: dict[tuple[int, ...], float] = {}
    for rolled in itertools.product(range(1, 7), repeat=free):
        m = tuple(sorted(keep + rolled))
        out[m] = out.get(m, 0) + 1 / 6**free
    return out


@pytest.mark.parametrize("keep", [(), (5,), (5, 5), (2, 4, 6), (1, 1, 1, 1), (3, 3, 3, 3, 3)])
def test_transition_rows_equal_enumerating_every_outcome(keep) -> None:
    row = TRANSITION[KEEP_INDEX[keep]]
    brute = brute_distribution(keep)
    assert row.sum() == pytest.approx(1)
    for m, p in brute.items():
        assert row[INDEX[m]] == pytest.approx(p, abs=1e-15)
    assert np.count_nonzero(row) == len(brute)


def test_all_transition_rows_are_distributions() -> None:
    assert TRANSITION.shape == (462, 252)
    assert np.allclose(TRANSITION.sum(axis=1), 1)
    assert len(MULTISETS) == math.comb(10, 5)


def brute_value(utility, dice: tuple[int, ...], rerolls: int) -> float:
    """Best expected utility by plain recursion over every hold and every ordered re-roll."""
    best = utility[INDEX[tuple(sorted(dice))]]
    if rerolls == 0:
        return best
    for mask in range(31):
        keep = tuple(dice[i] for i in range(5) if mask >> i & 1)
        free = 5 - len(keep)
        total = 0.0
        for rolled in itertools.product(range(1, 7), repeat=free):
            total += brute_value(utility, keep + rolled, rerolls - 1)
        best = max(best, total / 6**free)
    return best


def test_backward_induction_equals_brute_force_with_one_reroll() -> None:
    rng = np.random.default_rng(1)
    utility = rng.normal(size=len(MULTISETS))
    values = backward(utility, 1)
    for dice in [(5, 5, 5, 4, 2), (1, 2, 3, 4, 6), (6, 6, 6, 6, 6)]:
        assert values[1][INDEX[tuple(sorted(dice))]] == pytest.approx(brute_value(utility, dice, 1))


def test_two_rerolls_equal_brute_force_for_holds_of_four() -> None:
    """E[V1] after holding four dice (6 outcomes, each solved by brute force with one re-roll left)."""
    entries = ((12, 6), None, (8, 9), None, None, (2, 12), None, (10, 4))
    _, now, values = turn_values(entries)
    expected = hold_expectations(entries)[1]
    for keep in [(6, 6, 6, 5), (1, 1, 2, 2)]:
        brute = sum(brute_value(now, keep + (r,), 1) for r in range(1, 7)) / 6
        assert expected[KEEP_INDEX[tuple(sorted(keep))]] == pytest.approx(brute)
        assert values[1][INDEX[tuple(sorted(keep + (6,)))]] == pytest.approx(brute_value(now, keep + (6,), 1))


def test_advice_hold_values_are_exact_expectations_of_the_next_decision() -> None:
    entries = ((24, 1), (10, 5), None, None, (6, 4), None, (16, 3), None)
    dice = (4, 4, 3, 1, 6)
    advice = advise(entries, dice, 1)
    _, now, _ = turn_values(entries)
    for hold in advice.holds:
        if not hold.rerolled:
            assert hold.value == pytest.approx(advice.now)
            continue
        keep = tuple(dice[i] for i in hold.held)
        brute = np.mean([now[INDEX[tuple(sorted(keep + r))]] for r in itertools.product(range(1, 7), repeat=len(hold.rerolled))])
        assert hold.value == pytest.approx(brute)
    assert len(advice.holds) == 32


def test_last_turn_value_is_the_exact_final_score() -> None:
    entries = ((18, 3), (10, 8), (4, 11), (6, 6), (4, 9), None, (17, 3), (10, 2))
    w = option_values(entries)
    for dice in [(1, 1, 1, 2, 6), (5, 5, 5, 5, 5), (1, 2, 3, 4, 5)]:
        s, p = category_score(dice, "1s")
        sheet = list(entries)
        sheet[5] = (s, p)
        o = OPTIONS.index(("1s", 0))
        assert w[o, INDEX[tuple(sorted(dice))]] == pytest.approx(final_score(sheet))
    used = [k for k, (c, _) in enumerate(OPTIONS) if c != "1s"]
    assert np.all(np.isinf(w[used]))


def test_projected_value_with_certain_future_matches_final_score_bands() -> None:
    """Two open categories: the projection's band probabilities are a proper distribution."""
    entries = ((18, 3), (10, 8), (4, 11), (6, 6), (4, 9), None, (17, 3), None)
    w = option_values(entries)
    assert np.all(np.isfinite(w[[OPTIONS.index(("1s", 0))] + [k for k, (c, _) in enumerate(OPTIONS) if c == "kind"]]))
    assert np.all(w[np.isfinite(w)] >= 0)


def test_reference_distributions_are_distributions() -> None:
    for category in CATEGORIES:
        ref = REFERENCE[category]
        assert sum(ref.penalty_dist) == pytest.approx(1)
        assert 0 <= ref.mean_penalty <= 30 and 0 <= ref.mean_score <= 30
    assert REFERENCE["kind"].mean_score == pytest.approx(10)


def test_decide_rerolls_only_when_a_hold_beats_writing_now() -> None:
    entries = (None,) * 8
    kind, what = decide(entries, (6, 6, 6, 6, 6), 2)
    assert (kind, what) == ("score", ("6s", 0))  # 30 points, no penalty: nothing beats it
    kind, what = decide(entries, (1, 2, 3, 4, 6), 0)
    assert kind == "score"
    advice = advise(entries, (1, 2, 3, 4, 6), 2)
    kind, what = decide(entries, (1, 2, 3, 4, 6), 2)
    assert (kind, what) == advice.best


def test_greedy_picks_best_score_minus_penalty() -> None:
    assert greedy_option((5, 5, 5, 4, 2), CATEGORIES) == ("5s", 0)  # 9, tied with chance (15 - 6): first on the sheet
    assert greedy_option((6, 6, 6, 6, 6), CATEGORIES) == ("6s", 0)
    assert greedy_option((6, 6, 6, 6, 6), ["1s", "kind"]) == ("kind", 6)
