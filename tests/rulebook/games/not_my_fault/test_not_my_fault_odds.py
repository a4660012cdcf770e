"""The audit odds shown to a person are exact: they equal brute-force enumeration."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from tests.support.nmf_helpers import V2, V41, play, random_states

from rulebook.core import SPECTATOR
from rulebook.games.not_my_fault.actions import DRAW, Card, Declare
from rulebook.games.not_my_fault.odds import odds, reach_probability, subset_sums
from rulebook.games.not_my_fault.state import OVER


def brute_force(observation, target: int) -> Fraction:
    """Every set of physical unseen cards that could be the hidden face-down ones, counted one by one."""
    values = observation["values"]
    pool = [x for x, c in zip(values, observation["unseen"]) for _ in range(c)]
    known = sum(c["card"] for c in observation["table"] if c["card"] is not None)
    known += sum(x * c for x, c in zip(values, observation["unseen_old"]))
    hidden = sum(1 for c in observation["table"] if c["card"] is None and not c["old"])
    hits = total = 0
    for combo in itertools.combinations(range(len(pool)), hidden):
        total += 1
        hits += known + sum(pool[i] for i in combo) >= target
    return Fraction(hits, total)


def brute_force_deals(observation, target: int) -> Fraction:
    """The full model on a tiny pool: every arrangement of the unseen cards over all unseen places."""
    values = observation["values"]
    pool = [x for x, c in zip(values, observation["unseen"]) for _ in range(c)]
    slots = [i for i, c in enumerate(observation["table"]) if c["card"] is None and not c["old"]]
    known = sum(c["card"] for c in observation["table"] if c["card"] is not None)
    hits = total = 0
    for order in itertools.permutations(pool):  # the first len(slots) go face down, the rest stay unseen
        total += 1
        hits += known + sum(order[: len(slots)]) >= target
    return Fraction(hits, total)


def test_subset_sums_count_every_set() -> None:
    assert subset_sums((2, 5, 5, 5, 5, 5, 5), tuple(range(7)), 2)[:4] == [1, 10, 20, 35]
    for k in range(4):
        assert sum(subset_sums((4, 7, 12, 8, 4), (0, 1, 2, 4, 8), k)) == comb(35, k)


@pytest.mark.parametrize("game", [V2, V41], ids=["v2", "41"])
def test_odds_equal_brute_force_on_reachable_states(game) -> None:
    rng = random.Random(4)
    checked = 0
    for state in random_states(game, 3, 21, games=8):
        if not state.claims or state.phase == OVER:
            continue
        hidden_max = 4 if game is V2 else 3
        for seat in (0, 1, 2, SPECTATOR):
            observation = game.observe(state, seat)
            if sum(1 for c in observation["table"] if c["card"] is None) > hidden_max:
                continue
            target = state.claims[-1][1]
            for t in {target, target + rng.randint(-3, 3)}:
                assert odds(observation).at_least(t) == brute_force(observation, t)
            assert reach_probability(observation) == brute_force(observation, target)
            checked += 1
    assert checked > 40


def test_odds_equal_the_full_deal_model_on_a_small_pool() -> None:
    # ver.2.0 late in a deck: 6 unseen cards, two of them face down (seat 2's and seat 3's)
    state = play(V2, 3, ["first 0", "draw", "card 3", "declare 5", "draw", "card 4", "declare 8", "draw", "card 6", "declare 12"])
    deck = (0, 1, 1, 0, 1, 1, 0)  # 1, 2, 4, 5 left in the deck (the rest were discarded earlier)
    used = [0, 0, 0, 1, 1, 0, 1]
    discard = tuple(c - d - u for c, d, u in zip(V2.variant.copies, deck, used))
    state = state._replace(deck=deck, discard=discard)
    observation = V2.observe(state, 0)
    assert sum(observation["unseen"]) == 6
    for target in range(5, 20):
        assert odds(observation).at_least(target) == brute_force_deals(observation, target)


def test_cards_from_before_a_reshuffle_count_as_known() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 4", "declare 5"])
    state = state._replace(deck=(0,) * 7, discard=(2, 5, 5, 5, 4, 5, 5))
    state = V2.apply(V2.apply(V2.apply(state, DRAW), Card(2)), Declare(8))
    seat2 = V2.observe(state, 1)  # it drew the 2; seat 1's 4 is the only card the old deck had left
    assert odds(seat2).known == 6 and odds(seat2).hidden == 0 and reach_probability(seat2) == 0
    seat1 = V2.observe(state, 0)  # knows its 4; seat 2's card came from the 31-card new deck
    assert odds(seat1).hidden == 1 and sum(odds(seat1).pool) == 31
    assert reach_probability(seat1) == Fraction(sum(c for x, c in zip(range(7), (2, 5, 5, 5, 4, 5, 5)) if x >= 4), 31)


def test_the_odds_use_only_the_observation() -> None:
    state = play(V41, 2, ["first 0"] + ["card 8"] * 4 + ["card 0"] * 3 + ["card 2"] * 7 + ["place 8", "declare 25"])
    seen = V41.observe(state, 1)
    # seat 2 holds seven 2s; seat 1 really laid an 8 from four 8s, but for seat 2 the card is
    # any of the 28 it has not seen, four of them 8s
    assert reach_probability(seen) == 0  # no single card reaches 25
    assert odds(seen).at_least(8) == Fraction(4, 28)
    assert np.isclose(odds(seen).mean(), sum(x * c for x, c in zip(seen["values"], seen["unseen"])) / 28)
