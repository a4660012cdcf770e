"""Lemon Poker bots: legal, fair (observation only), and better than chance."""

from __future__ import annotations

import numpy as np

from rulebook.bots import RandomBot
from rulebook.core.game import CHANCE, TERMINAL
from rulebook.games.lemon_poker import LEMON_POKER as G
from rulebook.games.lemon_poker import actions as A
from rulebook.games.lemon_poker.bots import OddsBot, dealer_plan, stake_for
from rulebook.games.lemon_poker.odds import exact_odds, reveal_values
from rulebook.games.lemon_poker.state import BET, CHILD_SHOW, DEALER_SHOW


def play(bots, seed, hands=2, visit=None):
    rng = np.random.default_rng(seed)
    s = G.initial_state({"hands": hands})
    while G.current_player(s) != TERMINAL:
        p = G.current_player(s)
        legal = G.legal_actions(s)
        if p == CHANCE:
            a = legal[int(rng.integers(len(legal)))]
        else:
            a = bots[p].choose(G.observe(s, p), legal, rng)
            assert a in legal
            if visit:
                visit(s, p, a)
        s = G.apply(s, a)
    return s


def test_lemon_poker_odds_bot_child_uses_exact_odds_fairly():
    seen = []

    def visit(s, p, a):
        if s.phase in (CHILD_SHOW, BET):
            seen.append((s, p, a))

    play([OddsBot(), OddsBot()], 11, hands=2, visit=visit)
    assert seen
    rng = np.random.default_rng(0)
    for s, p, a in seen:
        o = G.observe(s, p)
        # a different deal of the face-down cards with the same observation: the same choice
        other = G.sample_state(o, p, rng)
        assert G.observe(other, p) == o
        assert OddsBot().choose(G.observe(other, p), G.legal_actions(other), rng) == a
        if s.phase == BET:
            p1, p2, _ = exact_odds(o["community"], o["groups"])
            assert a.group == (0 if p1 >= p2 else 1) and a.chips == stake_for(abs(p1 - p2), o["max_bet"])
        else:
            best = max(v for g in (0, 1) for v, _ in reveal_values(o["community"], o["groups"], g).values())
            assert abs(reveal_values(o["community"], o["groups"], a.group)[a.place][0] - best) < 1e-9


def test_lemon_poker_dealer_plan_is_legal_and_keeps_shown_cards():
    s = None
    rng = np.random.default_rng(3)
    s = G.initial_state()
    while s.phase != DEALER_SHOW:
        legal = G.legal_actions(s)
        s = G.apply(s, legal[int(rng.integers(len(legal)))] if G.current_player(s) == CHANCE else A.SORTED)
    o = G.observe(s, s.dealer)
    plan = dealer_plan(o["community"], o["groups"])
    assert all(len(set(p)) == 2 and all(0 <= i < 5 for i in p) for p in plan)
    kept = dealer_plan(o["community"], o["groups"], fixed=((4,), ()))
    assert 4 in kept[0]


def test_lemon_poker_odds_bot_beats_random():
    total = 0
    for seed in range(6):
        bots = [OddsBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), OddsBot()]
        s = play(bots, 100 + seed, hands=4)
        me = 0 if seed % 2 == 0 else 1
        total += s.chips[me] - 20
    assert total > 0


def test_lemon_poker_giveaway_is_the_exact_edge_toward_the_winner():
    from rulebook.games.lemon_poker.bots import giveaway

    community = ["Ah", "7c"]
    cards = [["2c", "5h", "9d", "9s", "Kd"], ["3d", "3h", "Tc", "Jc", "Qs"]]  # group 1 wins (pair of nines)
    table = giveaway(community, cards, 0, (1, 3))
    assert len(table) == 10
    for pair, edge in table.items():
        pub = [[c if i in pair else None for i, c in enumerate(cards[0])],
               [c if i in (1, 3) else None for i, c in enumerate(cards[1])]]
        p1, p2, _ = exact_odds(community, pub)
        assert abs(edge - (p1 - p2)) < 1e-12
    plan = dealer_plan(community, cards)
    assert giveaway(community, cards, 1, plan[0])[plan[1]] <= min(giveaway(community, cards, 0, (1, 3)).values()) + 1e-12
