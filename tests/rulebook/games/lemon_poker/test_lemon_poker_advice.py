"""The advice each role is shown: from the seat's own observation, consistent with the exact odds."""

from __future__ import annotations

import json

import numpy as np

from rulebook.games.lemon_poker import LEMON_POKER as G
from rulebook.games.lemon_poker import actions as A
from rulebook.games.lemon_poker.advice import child_advice, dealer_advice
from rulebook.games.lemon_poker.bots import giveaway
from rulebook.games.lemon_poker.cards import parse_card
from rulebook.games.lemon_poker.odds import exact_odds

DEAL_1 = "Ah 7c  Kd 2c 9d 5h 9s  Qs 3d 3h Jc Tc".split()


def dealt():
    s = G.initial_state()
    for c in DEAL_1:
        s = G.apply(s, A.Deal(parse_card(c)))
    return G.apply(s, A.SORTED)


def test_lemon_poker_dealer_advice():
    s = dealt()
    o = G.observe(s, s.dealer)
    adv = dealer_advice(o)
    assert dealer_advice(G.observe(s, s.child)) is None
    assert len(adv["groups"]) == 2 and all(len(t) == 10 for t in adv["groups"])
    held = tuple(adv["held"][1])
    expect = giveaway(o["community"], o["groups"], 0, held)
    assert [row["edge"] for row in adv["groups"][0]] == [expect[tuple(row["places"])] for row in adv["groups"][0]]
    json.dumps(adv)
    s = G.apply(G.apply(s, A.Show(1, 0)), A.Show(1, 2))  # group 2 shows places 1 and 3
    adv = dealer_advice(G.observe(s, s.dealer))
    assert adv["held"][1] == [0, 2]
    assert [r["possible"] for r in adv["groups"][1]] == [r["places"] == [0, 2] for r in adv["groups"][1]]


def test_lemon_poker_child_advice():
    s = dealt()
    for g, i in ((0, 1), (0, 4), (1, 0), (1, 2)):
        s = G.apply(s, A.Show(g, i))
    o = G.observe(s, s.child)
    adv = child_advice(o)
    assert child_advice(G.observe(s, s.dealer)) is None
    assert np.allclose(adv["odds"], exact_odds(o["community"], o["groups"]))
    assert len(adv["reveals"]) == 6 and all(r["value"] >= adv["now"] - 1e-12 for r in adv["reveals"])
    s = G.apply(s, A.Show(1, 4))
    adv = child_advice(G.observe(s, s.child))
    p1, p2, _ = adv["odds"]
    best = max(adv["bets"], key=lambda b: b["expected"])
    assert best["chips"] == 5 and best["group"] == (0 if p1 >= p2 else 1)
    json.dumps(adv)
