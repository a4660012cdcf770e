"""exact_odds: a brute-force cross-check, errors, and properties (sum to 1, swap symmetry)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings, HealthCheck
from hypothesis import strategies as st

from rulebook.games.lemon_poker.cards import CardError, card_text, parse_card
from rulebook.games.lemon_poker.evaluator import evaluate7
from rulebook.games.lemon_poker.odds import exact_counts, exact_odds, reveal_values


# --- an independent, slow evaluator: best of the 21 five-card hands ---------------------------
def _rank5(cards):
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    distinct = sorted(set(ranks), reverse=True)
    straight_high = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight_high = 3
    shape = [n for n, _ in counts]
    order = [r for _, r in counts]
    if straight_high is not None and flush:
        return (8, [straight_high])
    if shape == [4, 1]:
        return (7, order)
    if shape == [3, 2]:
        return (6, order)
    if flush:
        return (5, ranks)
    if straight_high is not None:
        return (4, [straight_high])
    if shape == [3, 1, 1]:
        return (3, order)
    if shape == [2, 2, 1]:
        return (2, order)
    if shape == [2, 1, 1, 1]:
        return (1, order)
    return (0, ranks)


def _best7(cards):
    return max(_rank5(h) for h in itertools.combinations(cards, 5))


def _fits(group, hidden):
    cards = [c for c in group if c is not None] + list(hidden)
    ranks = sorted(c // 4 for c in cards)
    return all(ranks[i] == c // 4 for i, c in enumerate(group) if c is not None)


def _brute(community, groups):
    com = [parse_card(c) for c in community]
    gs = [[None if c is None else parse_card(c) for c in g] for g in groups]
    known = set(com) | {c for g in gs for c in g if c is not None}
    rest = [c for c in range(52) if c not in known]
    ka, kb = (sum(c is None for c in g) for g in gs)
    w = l = t = 0
    for a in itertools.combinations(rest, ka):
        if not _fits(gs[0], a):
            continue
        ha = _best7(com + [c for c in gs[0] if c is not None] + list(a))
        left = [c for c in rest if c not in a]
        for b in itertools.combinations(left, kb):
            if not _fits(gs[1], b):
                continue
            hb = _best7(com + [c for c in gs[1] if c is not None] + list(b))
            if ha > hb:
                w += 1
            elif hb > ha:
                l += 1
            else:
                t += 1
    return w, l, t


SMALL = [
    (["Ah", "7c"], [["2c", "5d", "9d", None, "Ks"], ["3s", None, "8d", "Kd", "Ac"]]),
    (["Ah", "Ac"], [["2c", "2d", "9d", "9h", None], [None, "4s", "4h", "Kd", "Kc"]]),
    (["9s", "Ts"], [["2s", "3s", None, "Js", "Qs"], ["7h", "8h", "9h", None, "Jh"]]),
    (["5c", "5d"], [["5h", None, "6d", "6c", "6h"], ["2c", "3c", "4c", None, "Ac"]]),
    (["Kh", "2d"], [["3c", None, None, "4h", "Td"], ["Jc", "Qc", "Kc", "Ac", None]]),
    (["Kh", "2d"], [["7c", "7d", None, "8h", "9d"], [None, "7h", "7s", "Jd", "Jh"]]),
]


@pytest.mark.parametrize("community,groups", SMALL)
def test_lemon_poker_odds_match_brute_force(community, groups):
    assert exact_counts(community, groups) == _brute(community, groups)


def test_lemon_poker_evaluator_matches_slow_one_on_random_hands():
    rng = random.Random(7)
    hands = [rng.sample(range(52), 7) for _ in range(3000)]
    fast = evaluate7(np.array(hands))
    slow = [_best7(h) for h in hands]
    for i in range(len(hands)):
        for j in range(i + 1, min(i + 30, len(hands))):
            assert (fast[i] > fast[j]) == (slow[i] > slow[j]), (hands[i], hands[j])
            assert (fast[i] == fast[j]) == (slow[i] == slow[j]), (hands[i], hands[j])
        assert fast[i] >> 26 == slow[i][0]


def test_lemon_poker_odds_worked_position():
    # a game position: the dealer showed two cards a group, the child a fifth
    p = exact_odds(["Ah", "7c"], [["2c", None, "9d", None, "Ks"], [None, "5s", None, "Kd", None]])
    assert abs(sum(p) - 1) < 1e-12 and p[1] > p[0]


@pytest.mark.parametrize(
    "community,groups,words",
    [
        (["Ah", "7c"], [["Ah", None, None, None, None], [None] * 5], "appears twice"),
        (["Ah", "7c"], [["2c", None, None, None, None], [None, "2c", None, None, None]], "appears twice"),
        (["Ah", "7c"], [["9c", None, "5d", None, None], [None] * 5], "breaks the sorting"),
        (["Ah", "7x"], [[None] * 5, [None] * 5], "not a card"),
        (["Ah", "1c"], [[None] * 5, [None] * 5], "not a card"),
        (["Ah"], [[None] * 5, [None] * 5], "two cards"),
        (["Ah", "7c"], [[None] * 4, [None] * 5], "five entries"),
        (["Ah", "7c"], [[None, None, None, None, "2c"], [None] * 5], "no deal fits"),
    ],
)
def test_lemon_poker_odds_bad_input(community, groups, words):
    with pytest.raises(CardError, match=words):
        exact_odds(community, groups)
    assert issubclass(CardError, ValueError)


def test_lemon_poker_card_text_round_trip():
    for c in range(52):
        assert parse_card(card_text(c)) == c
    assert parse_card("10d") == parse_card("Td")


@st.composite
def positions(draw):
    """A dealt game after the dealer's two reveals a group (and maybe the child's one)."""
    deck = draw(st.permutations(range(52)))
    community = deck[:2]
    groups = [sorted(deck[2:7]), sorted(deck[7:12])]
    shown = [set(draw(st.lists(st.integers(0, 4), min_size=2, max_size=2, unique=True))) for _ in range(2)]
    if draw(st.booleans()):
        g = draw(st.integers(0, 1))
        shown[g].add(draw(st.sampled_from(sorted(set(range(5)) - shown[g]))))
    pub = [[card_text(c) if i in shown[gi] else None for i, c in enumerate(g)] for gi, g in enumerate(groups)]
    return [card_text(c) for c in community], pub


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_lemon_poker_odds_sum_to_one_and_swap(pos):
    community, groups = pos
    w, l, t = exact_counts(community, groups)
    assert min(w, l, t) >= 0 and w + l + t > 0
    p = exact_odds(community, groups)
    assert abs(sum(p) - 1) < 1e-12
    assert exact_counts(community, groups[::-1]) == (l, w, t)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 1))
def test_lemon_poker_reveal_values_mix_back_to_the_odds(pos, gi):
    """Each reveal's outcomes mix back to the odds as they stand; seeing a card is never worth less than nothing."""
    community, groups = pos
    now = np.array(exact_odds(community, groups))
    for place, (value, outcomes) in reveal_values(community, groups, gi).items():
        assert abs(sum(wt for wt, _ in outcomes.values()) - 1) < 1e-9
        mixed = sum(wt * np.array(odds) for wt, odds in outcomes.values())
        assert np.allclose(mixed, now, atol=1e-12)
        assert abs(now[0] - now[1]) - 1e-12 <= value <= 1


def test_lemon_poker_reveal_outcome_is_exact_odds_with_the_card_shown():
    """Where no other card of its rank can share the place, an outcome's odds are exact_odds with it face up."""
    community = ["2d", "3c"]
    groups = [["2c", None, "3d", None, "Ks"], ["2h", "3h", None, "Kd", None]]  # place 2 of group 1: 2s or 3s
    compared = 0
    for place, (value, outcomes) in reveal_values(community, groups, 0).items():
        for card in outcomes:
            if sum(other[0] == card[0] for other in outcomes) != 1:
                continue
            shown = [list(g) for g in groups]
            shown[0][place] = card
            assert np.allclose(exact_odds(community, shown), outcomes[card][1])
            compared += 1
    assert compared >= 1


def test_lemon_poker_scalar_evaluator_agrees_with_vectorised():
    rng = np.random.default_rng(12)
    hands = np.argsort(rng.random((20000, 52)), axis=1)[:, :7]
    fast = evaluate7(hands)
    from rulebook.games.lemon_poker.evaluator import evaluate_one

    assert [evaluate_one(h) for h in hands.tolist()] == fast.tolist()


@st.composite
def small_positions(draw):
    """A deal with one face-down card in each group (any places): small enough to enumerate by brute force."""
    deck = draw(st.permutations(range(52)))
    groups = [sorted(deck[2:7]), sorted(deck[7:12])]
    hidden = [draw(st.integers(0, 4)), draw(st.integers(0, 4))]
    pub = [[None if i == hidden[gi] else card_text(c) for i, c in enumerate(g)] for gi, g in enumerate(groups)]
    return [card_text(c) for c in deck[:2]], pub


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_lemon_poker_odds_match_brute_force_on_random_small_positions(pos):
    community, groups = pos
    assert exact_counts(community, groups) == _brute(community, groups)


def test_lemon_poker_odds_with_everything_face_up_is_the_showdown():
    groups = [["2c", "5h", "9d", "9s", "Kd"], ["3d", "3h", "Tc", "Jc", "Qs"]]
    assert exact_odds(["Ah", "7c"], groups) == (1.0, 0.0, 0.0)
    assert exact_odds(["Ah", "7c"], groups[::-1]) == (0.0, 1.0, 0.0)
    # one card face down, of rank 3 to 10 (sorted between 3d and Tc): counted by brute force too
    pub = [groups[0], ["3d", None, "Tc", "Jc", "Qs"]]
    assert exact_counts(["Ah", "7c"], pub) == _brute(["Ah", "7c"], pub)
