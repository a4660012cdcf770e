"""The rank-class count (``counting.count_outcomes``) against the card-by-card count (``odds.pair_counts``).

The card-by-card count enumerates every face-down set and is checked against
a brute-force evaluator in test_lemon_poker_odds.py; here the fast count must
give the same integers on positions chosen to stress what it treats apart:
flushes and straight flushes (suited community, face-up cards of one suit),
flushes in two suits at once, suits the position cannot tell apart, and
tight sorted places.
"""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.games.lemon_poker.cards import parse_card
from rulebook.games.lemon_poker.counting import count_outcomes
from rulebook.games.lemon_poker.odds import exact_counts, group_sets, pair_counts, parse_position

N = [None] * 5


def card_by_card(community, groups) -> tuple[int, int, int]:
    pos = parse_position(community, groups)
    return tuple(int(x) for x in pair_counts(group_sets(pos, 0), group_sets(pos, 1), per_set=False))


@st.composite
def flush_heavy_positions(draw, most_face_down: int = 7):
    """A deal where one or two suits dominate, with some cards face up (at most ``most_face_down`` down)."""
    main = draw(st.sampled_from("cdhs"))
    second = draw(st.sampled_from("cdhs"))
    weights = {s: (6 if s == main else 3 if s == second else 1) for s in "cdhs"}
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    keyed = draw(st.permutations(deck))
    # cards of the heavy suits come first more often: sort by a drawn key scaled by the suit's weight
    noise = draw(st.lists(st.floats(0, 1), min_size=52, max_size=52))
    order = sorted(range(52), key=lambda i: noise[i] / weights[keyed[i][1]])
    cards = [keyed[i] for i in order[:12]]
    community = cards[:2]
    groups = [sorted(cards[2:7], key=parse_card), sorted(cards[7:12], key=parse_card)]
    down = draw(st.integers(0, most_face_down))
    places = draw(st.permutations([(g, i) for g in (0, 1) for i in range(5)]))[:down]
    pub = [[None if (gi, i) in places else c for i, c in enumerate(g)] for gi, g in enumerate(groups)]
    return community, pub


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flush_heavy_positions())
def test_counting_matches_card_by_card_on_flush_heavy_positions(pos):
    community, groups = pos
    assert count_outcomes(parse_position(community, groups)) == card_by_card(community, groups)


STRESS = [
    # suited community, a group showing three more of the suit: every face-down set of it is a flush
    (["Ah", "Kh"], [["2h", None, "7h", None, "Qh"], [None, None, "9c", None, None]]),
    # straight flushes possible for both groups
    (["9s", "Ts"], [[None, "7s", None, "Js", None], [None, "8s", None, None, "Qs"]]),
    # two flush suits: one group's suit is the community's, the other's is face up in its group
    (["Ah", "3h"], [["4c", "6c", None, None, None], [None, None, None, "Th", "Jh"]]),
    # a group that is a flush whatever is face down, against one that can only make five of a suit
    (["2d", "9d"], [["3d", "5d", "Kd", None, None], [None, None, None, None, "As"]]),
    # full houses and four of a kind against flushes
    (["Qh", "Qd"], [["Qc", None, None, "Kh", "Kd"], [None, "5h", "7h", None, "Ah"]]),
    # tight places: face-down cards squeezed between equal ranks
    (["7c", "7d"], [["7h", None, "7s", None, None], ["2c", None, None, "2d", None]]),
    # three suits the position cannot tell apart, and the groups' face-up cards of one suit
    (["Ah", "Kh"], [["2h", None, None, None, None], ["3h", None, None, None, None]]),
]


@pytest.mark.parametrize("community,groups", STRESS)
def test_counting_matches_card_by_card_on_stress_positions(community, groups):
    assert count_outcomes(parse_position(community, groups)) == card_by_card(community, groups)


@pytest.mark.parametrize("community", [["Ah", "Kh"], ["Ah", "7c"], ["2s", "3s"]])
def test_counting_everything_face_down_is_even_and_counts_every_deal(community):
    win, tie, loss = count_outcomes(parse_position(community, [N, N]))
    assert win == loss > 0 and tie > 0
    assert win + tie + loss == comb(50, 5) * comb(45, 5)


def _relabel(card: str | None, perm: dict[str, str]) -> str | None:
    return None if card is None else card[0] + perm[card[1]]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flush_heavy_positions(most_face_down=10), st.permutations("cdhs"))
def test_counting_does_not_depend_on_the_names_of_the_suits(pos, suits):
    community, groups = pos
    perm = dict(zip("cdhs", suits))
    # ranks stay where they are, so the renamed groups are still in sorted order
    renamed = ([_relabel(c, perm) for c in community], [[_relabel(c, perm) for c in g] for g in groups])
    assert count_outcomes(parse_position(*pos)) == count_outcomes(parse_position(*renamed))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flush_heavy_positions(most_face_down=10))
def test_counting_swapping_the_groups_swaps_wins_and_losses(pos):
    community, groups = pos
    win, tie, loss = count_outcomes(parse_position(community, groups))
    assert count_outcomes(parse_position(community, groups[::-1])) == (loss, tie, win)


def test_exact_counts_uses_the_fast_count_and_keeps_its_order():
    community, groups = STRESS[0]
    win, tie, loss = card_by_card(community, groups)
    assert exact_counts(community, groups) == (win, loss, tie)

