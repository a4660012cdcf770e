"""The exact best arrangement (CT-9, rule ``best``): ``best_arrangement`` against references.

References: ``exhaustive_best`` (the memo-less search shipped in ``solver.py``)
and, for small rolls, a brute force written here from ``oracle_legal`` and
``oracle_score`` (the rules text only).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.rulebook.games.chiritsumo.ct_helpers import ALL_SLOTS, oracle_legal, oracle_score, random_arrangement
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.core.errors import IllegalAction
from rulebook.games.chiritsumo import best_arrangement, exhaustive_best, score, validate

COLOURS = ["clear", "yellow", "red", "blue"]
START = ["clear"] + ["yellow"] * 3 + ["red"] * 3 + ["blue"] * 3


def uses_only(pyramid, dice) -> bool:
    need, have = Counter(map(tuple, pyramid.values())), Counter(map(tuple, dice))
    return all(have[d] >= n for d, n in need.items())


def brute_force(dice):
    """Every legal arrangement: the best (total, complete, dice placed) key (CT-9's preference order)."""
    pool = Counter(map(tuple, dice))
    best = [None]
    current: dict = {}

    def visit(k: int) -> None:
        if k == len(ALL_SLOTS):
            key = (oracle_score(current), len(current) == 10, len(current))
            if best[0] is None or key > best[0]:
                best[0] = key
            return
        visit(k + 1)
        slot = ALL_SLOTS[k]
        for die in list(pool):
            if pool[die] and oracle_legal({**current, slot: die}):
                pool[die] -= 1
                current[slot] = die
                visit(k + 1)
                del current[slot]
                pool[die] += 1

    visit(0)
    return best[0]


def check_result(dice, pyramid, result):
    validate(pyramid)
    assert uses_only(pyramid, dice)
    assert result == score(pyramid)
    assert result.total == oracle_score(pyramid)


# ----- API --------------------------------------------------------------------------------
def test_returns_pyramid_and_its_score():
    dice = [("red", 3)] * 4
    pyramid, result = best_arrangement(dice)
    check_result(dice, pyramid, result)
    assert isinstance(pyramid, dict)
    # four in a line (2 rivers: 3 points) beats three below and one on top (mountain + river: 2)
    assert result.total == 3 and result.rivers == 2
    assert result.total == brute_force(dice)[0]


def test_no_dice():
    pyramid, result = best_arrangement([])
    assert pyramid == {} and result.total == 0 and not result.complete


def test_accepts_any_sequence_and_lists_as_dice():
    pyramid, result = best_arrangement((["yellow", 2], ["yellow", 2], ["yellow", 2]))
    assert result.total == 1


@pytest.mark.parametrize("dice", [[("red", 1)] * 11, [("green", 1)], [("red", 0)], [("red", 7)], [("red", 2.0)], [("red", True)], ["red"]])
def test_refuses_junk(dice):
    with pytest.raises(IllegalAction) as info:
        best_arrangement(dice)
    assert info.value.rule_id == "components"


@pytest.mark.parametrize("pips", range(1, 7))
def test_start_dice_all_equal_build_fuji(pips):
    dice = [(c, pips) for c in START]
    pyramid, result = best_arrangement(dice)
    check_result(dice, pyramid, result)
    assert result.fuji and result.complete
    assert result.total == 30 + 3 + 2 + 3 * pips


def test_four_red_in_a_line_is_found():
    dice = [("red", 1), ("red", 2), ("red", 2), ("red", 1)]
    pyramid, result = best_arrangement(dice)
    check_result(dice, pyramid, result)
    assert result.total == brute_force(dice)[0]


def test_prefers_a_complete_pyramid_on_equal_score():
    """CT-9 box: among equal scores, a complete arrangement."""
    dice = [("clear", 1)] * 10  # nothing scores but the bonus; complete = 3
    pyramid, result = best_arrangement(dice)
    assert result.complete and result.total == 3 and len(pyramid) == 10


def test_prefers_more_dice_on_equal_score():
    """CT-9 box (rules text, {#best}): among equal scores ... then one with more dice.

    Y1 Y2 Y3 make one river or one mountain (1 point) either way; the blue 5
    can stand too when it is not beside the 3 (bottom row: B5 . Y2 Y3 with
    Y1 on top of Y2 Y3 is a mountain, 4 dice), so the hint should show 4 dice.
    """
    dice = [("yellow", 2), ("yellow", 1), ("blue", 5), ("yellow", 3)]
    assert brute_force(dice) == (1, False, 4)
    pyramid, result = best_arrangement(dice)
    assert (result.total, result.complete, len(pyramid)) == (1, False, 4)


# ----- against the references ----------------------------------------------------------------
dice_st = st.lists(st.tuples(st.sampled_from(COLOURS), st.integers(1, 6)), max_size=6)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dice_st)
def test_equals_exhaustive_best_on_small_rolls(dice):
    pyramid, result = best_arrangement(dice)
    check_result(dice, pyramid, result)
    ref_pyramid, ref = exhaustive_best(dice)
    assert (result.total, result.complete) == (ref.total, ref.complete)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(COLOURS), st.integers(1, 6)), max_size=5))
def test_total_and_completion_equal_an_independent_brute_force(dice):
    _, result = best_arrangement(dice)
    total, complete, _ = brute_force(dice)
    assert (result.total, result.complete) == (total, complete)


def test_dice_count_tie_break_on_a_seeded_sweep():
    """CT-9 box: same score → complete first → more dice, on 300 seeded rolls of 3–5 dice.

    A fixed sweep rather than hypothesis: mismatches are rare (about 1 roll in
    70), so a random search would make the verdict flaky.
    """
    rng = random.Random(7)
    wrong = []
    for _ in range(300):
        dice = [(rng.choice(COLOURS), rng.randint(1, 6)) for _ in range(rng.randint(3, 5))]
        pyramid, result = best_arrangement(dice)
        got, best = (result.total, result.complete, len(pyramid)), brute_force(dice)
        assert got[:2] == best[:2], dice
        if got != best:
            wrong.append((dice, got, best))
    assert not wrong, f"{len(wrong)} rolls place fewer dice than they could, e.g. {wrong[:3]}"


@pytest.mark.parametrize("seed", [3, 11, 2018])
def test_equals_exhaustive_best_on_full_rolls(seed):
    """Three full ten-dice rolls of the starting colours (a second or two each for the reference)."""
    rng = random.Random(seed)
    dice = [(c, rng.randint(1, 6)) for c in START]
    pyramid, result = best_arrangement(dice)
    check_result(dice, pyramid, result)
    _, ref = exhaustive_best(dice)
    assert (result.total, result.complete) == (ref.total, ref.complete)


full_roll_st = st.builds(
    lambda colours, pips: list(zip(colours, pips)),
    st.lists(st.sampled_from(COLOURS), min_size=0, max_size=10),
    st.lists(st.integers(1, 6), min_size=10, max_size=10),
)


@settings(max_examples=150, deadline=None)
@given(dice=full_roll_st, seed=st.integers(0, 2**32))
def test_never_loses_to_a_random_legal_arrangement(dice, seed):
    pyramid, result = best_arrangement(dice)
    check_result(dice, pyramid, result)
    rng = random.Random(seed)
    for _ in range(5):
        other = random_arrangement(dice, rng, stop=rng.choice([0.0, 0.02, 0.2]))
        assert score(other).total <= result.total


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=10, max_size=10), st.permutations(START))
def test_starting_colours_full_rolls_are_valid_and_consistent(pips, colours):
    dice = list(zip(colours, pips))
    pyramid, result = best_arrangement(dice)
    check_result(dice, pyramid, result)
    if result.complete:
        assert len(pyramid) == 10


# ----- the best completion of dice already placed (the hint of a player who has begun) ---------------
def grow(dice, picks):
    """A legal partial pyramid built from ``dice`` by ``picks`` (indices into the legal next placements)."""
    placed: dict = {}
    pool = list(map(tuple, dice))
    for pick in picks:
        options = [(slot, die) for slot in ALL_SLOTS if slot not in placed for die in sorted(set(pool)) if oracle_legal({**placed, slot: die})]
        if not options:
            break
        slot, die = options[pick % len(options)]
        placed[slot] = die
        pool.remove(die)
    return placed, pool


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(COLOURS), st.integers(1, 6)), min_size=1, max_size=8), st.lists(st.integers(0, 99), max_size=5))
def test_the_best_completion_keeps_the_placed_dice_and_equals_the_exhaustive_one(dice, picks):
    placed, pool = grow(dice, picks)
    pyramid, result = best_arrangement(pool, placed)
    check_result(dice, pyramid, result)
    assert all(pyramid[slot] == die for slot, die in placed.items())
    _, ref = exhaustive_best(pool, placed)
    assert (result.total, result.complete) == (ref.total, ref.complete)
    _, free = best_arrangement(dice)
    assert result.total <= free.total  # keeping dice never beats starting over


def test_a_placed_die_can_cost_the_best():
    """Three red 1s and two blue 1s: with the blues in the middle of the base no red line of three is left."""
    dice = [("red", 1)] * 3 + [("blue", 1)] * 2
    _, free = best_arrangement(dice)
    placed = {(0, 1): ("blue", 1), (0, 2): ("blue", 1)}
    pyramid, kept = best_arrangement(dice[:3], placed)
    assert {slot: pyramid[slot] for slot in placed} == placed
    assert (kept.total, free.total) == (0, 2)


def test_placed_dice_that_break_the_stacking_rules_are_refused():
    with pytest.raises(IllegalAction):
        best_arrangement([("red", 1)], {(1, 0): ("red", 6)})  # nothing under it
