"""Lemon Poker engine: the source's flow, one scenario per rule id, and properties."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings, HealthCheck
from hypothesis import strategies as st

from rulebook.core.errors import BadOption, IllegalAction, UnreadableAction
from rulebook.core.game import CHANCE, TERMINAL
from rulebook.games.lemon_poker import LEMON_POKER as G
from rulebook.games.lemon_poker import actions as A
from rulebook.games.lemon_poker.cards import card_text, parse_card
from rulebook.games.lemon_poker.state import BET, CHILD_SHOW, DEAL, DEALER_SHOW, OVER, SORT

DEAL_1 = "Ah 7c  Kd 2c 9d 5h 9s  Qs 3d 3h Jc Tc".split()  # community, group 1 (as drawn), group 2


def dealt(cards=DEAL_1, state=None):
    s = state or G.initial_state()
    for c in cards:
        s = G.apply(s, A.Deal(parse_card(c)))
    return s


def texts(cards):
    return [card_text(c) for c in cards]


def test_lemon_poker_deal_sort_and_roles():
    s = G.initial_state()
    assert G.current_player(s) == CHANCE and len(G.chance_outcomes(s)) == 52
    s = dealt()
    assert s.phase == SORT and G.current_player(s) == s.dealer == 0
    assert texts(s.community) == ["Ah", "7c"]
    # each group kept as drawn (fixed), then sorted low to high, A highest
    assert texts(s.groups[0]) == ["2c", "5h", "9d", "9s", "Kd"]
    assert texts(s.groups[1]) == ["3d", "3h", "Tc", "Jc", "Qs"]
    # the child sees no hole card; the dealer sees all
    assert G.observe(s, 1)["groups"] == [[None] * 5, [None] * 5]
    assert G.observe(s, 0)["groups"][0] == ["2c", "5h", "9d", "9s", "Kd"]


def test_lemon_poker_rule_deal():
    s = G.apply(G.initial_state(), A.Deal(parse_card("Ah")))
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Deal(parse_card("Ah")))
    assert e.value.rule_id == "deal"
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.SORTED)
    assert e.value.rule_id == "deal"


def test_lemon_poker_rule_sort():
    s = dealt()
    assert A.Swap(0, 2) in G.legal_actions(s) and A.Swap(1, 0) in G.legal_actions(s)
    t = G.apply(s, A.Swap(0, 2))  # 9d and 9s change places: equal ranks in any order
    assert texts(t.groups[0]) == ["2c", "5h", "9s", "9d", "Kd"]
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Swap(0, 0))  # 2c and 5h: the lower stays left
    assert e.value.rule_id == "sort"
    t = G.apply(s, A.SORTED)
    with pytest.raises(IllegalAction) as e:
        G.apply(t, A.Swap(0, 2))
    assert e.value.rule_id == "sort"


def test_lemon_poker_rule_dealer_reveal():
    s = G.apply(dealt(), A.SORTED)
    assert s.phase == DEALER_SHOW
    s = G.apply(s, A.Show(0, 1))
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Show(0, 1))
    assert e.value.rule_id == "dealer-reveal"
    s = G.apply(s, A.Show(0, 4))
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Show(0, 2))  # a third card of group 1
    assert e.value.rule_id == "dealer-reveal"
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Bet(0, 1))
    assert e.value.rule_id == "dealer-reveal"
    s = G.apply(G.apply(s, A.Show(1, 0)), A.Show(1, 2))
    assert s.phase == CHILD_SHOW and G.current_player(s) == 1
    assert G.observe(s, 1)["groups"] == [[None, "5h", None, None, "Kd"], ["3d", None, "Tc", None, None]]


def to_child_show():
    s = G.apply(dealt(), A.SORTED)
    for g, i in ((0, 1), (0, 4), (1, 0), (1, 2)):
        s = G.apply(s, A.Show(g, i))
    return s


def test_lemon_poker_rule_child_reveal():
    s = to_child_show()
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Show(0, 1))
    assert e.value.rule_id == "child-reveal"
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Bet(0, 1))
    assert e.value.rule_id == "child-reveal"
    s = G.apply(s, A.Show(1, 4))
    assert s.phase == BET and s.child_show == (1, 4)
    assert G.observe(s, 1)["groups"][1] == ["3d", None, "Tc", None, "Qs"]


def test_lemon_poker_rule_bet_and_payout():
    s = G.apply(to_child_show(), A.Show(1, 4))
    assert G.legal_actions(s) == [A.Bet(g, k) for g in (0, 1) for k in range(1, 6)]
    for bad in (A.Bet(0, 0), A.Bet(1, 6)):
        with pytest.raises(IllegalAction) as e:
            G.apply(s, bad)
        assert e.value.rule_id == "bet"
    # group 1: 2c 5h 9d 9s Kd + Ah 7c = a pair of nines; group 2: 3d 3h Tc Jc Qs + Ah 7c = a pair of threes
    won = G.apply(s, A.Bet(0, 3))
    assert won.last.winner == 0 and won.last.child_gain == 3 and won.chips == (17, 23)
    lost = G.apply(s, A.Bet(1, 4))
    assert lost.chips == (24, 16)
    # the other player deals the next hand
    assert won.dealer == 1 and won.phase == DEAL and won.hand_no == 1


def test_lemon_poker_tie_returns_the_stake():
    # equal hands: the same ranks in other suits, no flush
    cards = "2c 2d  4h 6h 8c Tc Qd  4s 6s 8d Td Qh".split()
    s = G.apply(dealt(cards), A.SORTED)
    for g, i in ((0, 0), (0, 1), (1, 0), (1, 1), (0, 2)):
        s = G.apply(s, A.Show(g, i))
    s = G.apply(s, A.Bet(1, 5))
    assert s.last.winner == -1 and s.last.child_gain == 0 and s.chips == (20, 20)


def test_lemon_poker_best_five_of_seven_and_wheel():
    # group 1 makes A-2-3-4-5 with the community ace (the lowest straight), group 2 a pair of kings
    cards = "Ah 9c  2d 3c 4s 5h Jd  Kc Kd 6c 8d Th".split()
    s = G.apply(dealt(cards), A.SORTED)
    for g, i in ((0, 0), (0, 1), (1, 0), (1, 1), (0, 2)):
        s = G.apply(s, A.Show(g, i))
    s = G.apply(s, A.Bet(0, 2))
    assert s.last.winner == 0 and s.chips == (18, 22)


def test_lemon_poker_rule_session_and_options():
    assert G.initial_state().chips == (20, 20) and G.initial_state().hands == 10
    with pytest.raises(BadOption) as e:
        G.initial_state({"hands": 3})
    assert e.value.rule_id == "session"
    with pytest.raises(BadOption):
        G.initial_state({"stakes": 3})
    rng = np.random.default_rng(4)
    s = G.initial_state({"hands": 2})
    dealers = []
    while G.current_player(s) != TERMINAL:
        if s.phase == DEAL and not s.community:
            dealers.append(s.dealer)
        legal = G.legal_actions(s)
        s = G.apply(s, legal[int(rng.integers(len(legal)))])
    assert dealers == [0, 1] and s.phase == OVER and s.hand_no == 2
    out = G.outcome(s)
    assert out.reason == "session" and sum(out.scores) == 40
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Deal(0))
    assert e.value.rule_id == "session"


def test_lemon_poker_bet_capped_by_chips():
    from dataclasses import replace

    s = G.apply(to_child_show(), A.Show(1, 4))
    s = replace(s, chips=(2, 38))
    assert G.max_bet(s) == 2
    with pytest.raises(IllegalAction) as e:
        G.apply(s, A.Bet(0, 3))
    assert e.value.rule_id == "bet"
    s = G.apply(s, A.Bet(0, 2))  # the child wins and the dealer runs out: the session ends
    assert s.chips == (0, 40) and s.phase == OVER and G.outcome(s).winners == (1,)


def test_lemon_poker_unreadable():
    for text in ("deal Zz", "bet 3 1", "show 1 6", "swap 1 5", "hello", ""):
        with pytest.raises(UnreadableAction):
            G.parse_action(text)
    for text in ("deal Ah", "swap 1 2", "sorted", "show 2 5", "bet 1 3"):
        assert str(G.parse_action(text)) == text


def random_game(seed, hands=2, check_every=True):
    rng = np.random.default_rng(seed)
    s = G.initial_state({"hands": hands})
    actions = []
    while G.current_player(s) != TERMINAL:
        legal = G.legal_actions(s)
        a = legal[int(rng.integers(len(legal)))]
        if check_every:
            assert G.parse_action(str(a)) == a
            assert sum(s.chips) == 40
            assert len(set(s.dealt)) == len(s.dealt)
        s = G.apply(s, a)
        actions.append(str(a))
    return s, actions


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 4, 10]))
def test_lemon_poker_random_games_end(seed, hands):
    s, actions = random_game(seed, hands)
    out = G.outcome(s)
    assert out is not None and sum(out.scores) == 40
    # JSON replay rebuilds the state
    record = json.loads(json.dumps({"game": G.name, "options": {"hands": hands}, "actions": actions}))
    t = G.initial_state(record["options"])
    for text in record["actions"]:
        t = G.apply(t, G.parse_action(text))
    assert t == s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_lemon_poker_illegal_actions_change_nothing(seed, steps):
    rng = np.random.default_rng(seed)
    s = G.initial_state({"hands": 2})
    for _ in range(steps):
        if G.current_player(s) == TERMINAL:
            break
        legal = G.legal_actions(s)
        s = G.apply(s, legal[int(rng.integers(len(legal)))])
    everything = [A.Deal(c) for c in range(52)] + [A.SORTED] + [A.Swap(g, i) for g in (0, 1) for i in range(4)] + [
        A.Show(g, i) for g in (0, 1) for i in range(5)] + [A.Bet(g, k) for g in (0, 1) for k in range(0, 8)]
    legal = set(G.legal_actions(s))
    for a in everything:
        before = s
        if a in legal:
            assert G.is_legal(s, a)
        else:
            with pytest.raises(IllegalAction):
                G.apply(s, a)
            assert s == before


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_lemon_poker_sample_state_fits_observation(seed):
    rng = np.random.default_rng(seed)
    s = G.initial_state({"hands": 2})
    while G.current_player(s) != TERMINAL:
        for seat in (0, 1):
            if G.current_player(s) != CHANCE:
                o = G.observe(s, seat)
                assert G.observe(G.sample_state(o, seat, rng), seat) == o
        legal = G.legal_actions(s)
        s = G.apply(s, legal[int(rng.integers(len(legal)))])
