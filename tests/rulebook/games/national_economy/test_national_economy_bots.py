"""Bots of National Economy: they cannot cheat, they play legal moves, they play sensibly."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.support.automatic import automatic_moves

from rulebook.bots import RandomBot
from rulebook.core import CHANCE, TERMINAL, Match
from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy import OPTION_SETS
from rulebook.games.national_economy.actions import Build, Discard, Place, Sell
from rulebook.games.national_economy.bots import RulesBot, evaluator, make_search_bot, place_worth
from rulebook.games.national_economy.data import BY_CODE, N_CARDS
from rulebook.games.national_economy.state import Building

K = BY_CODE


def bots():
    return {"search": make_search_bot(G, budget=None, iterations=24), "rules": RulesBot(G), "random": RandomBot()}


def walk(options, seed: int):
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    bot = RulesBot(G)
    state = G.initial_state(options)
    states = [state]
    while G.current_player(state) != TERMINAL:
        p = G.current_player(state)
        if p == CHANCE:
            outcomes = G.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0]
        else:
            legal = G.legal_actions(state)
            action = bot.choose(G.observe(state, p), legal, nrng) if rng.random() < 0.7 else rng.choice(legal)
        state = G.apply(state, action)
        states.append(state)
    return states


def swap_hidden(state, seat: int):
    """The same state for ``seat`` with another seat's building cards swapped for cards of the deck."""
    other = (seat + 1) % state.players
    hand = list(state.hands[other])
    deck = list(state.deck)
    held = [k for k in range(1, N_CARDS) if hand[k]]
    spare = [k for k in range(1, N_CARDS) if deck[k] and k not in held]
    if not held or not spare:
        return None
    a, b = held[0], spare[-1]
    hand[a] -= 1
    hand[b] += 1
    deck[a] += 1
    deck[b] -= 1
    hands = list(state.hands)
    hands[other] = tuple(hand)
    return state._replace(hands=tuple(hands), deck=tuple(deck))


def test_bots_cannot_see_hidden_cards() -> None:
    checked = 0
    for seed in range(6):
        for state in walk({"players": 3}, seed)[::25]:
            seat = G.current_player(state)
            if seat < 0:
                continue
            twin = swap_hidden(state, seat)
            if twin is None:
                continue
            seen = G.observe(state, seat)
            assert G.observe(twin, seat) == seen and twin != state
            assert G.legal_actions(twin) == G.legal_actions(state)
            for kind, bot in bots().items():
                a = bot.choose(seen, G.legal_actions(state), np.random.default_rng(5))
                b = bots()[kind].choose(G.observe(twin, seat), G.legal_actions(twin), np.random.default_rng(5))
                assert a == b, kind
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: o["mode"] + str(o.get("players", 1)))
def test_bots_always_choose_a_legal_move(options) -> None:
    rng = np.random.default_rng(3)
    kinds = bots()
    for state in walk(options, 11)[::7]:
        seat = G.current_player(state)
        if seat < 0:
            continue
        legal = G.legal_actions(state)
        for bot in kinds.values():
            assert bot.choose(G.observe(state, seat), legal, rng) in legal


def table(hand_counts, extra=(), **fields):
    state = G.initial_state({"players": 2})
    h = [0] * N_CARDS
    for code, c in hand_counts.items():
        h[K[code]] = c
    buildings = state.buildings + tuple(Building(K[k], o) for k, o in extra)
    return state._replace(phase=1, hands=(tuple(h), state.hands[1]), buildings=buildings, placed=((),) * len(buildings), **fields)


def test_rules_bot_builds_its_most_valuable_card_and_pays_with_goods() -> None:
    bot = RulesBot(G)
    s = table({"steel": 1, "farm": 1, "goods": 4})
    legal = G.legal_actions(s)
    carpenter = next(i for i, b in enumerate(s.buildings) if b.kind == K["carpenter"])
    assert bot.choose(G.observe(s, 0), legal, np.random.default_rng(0)) == Place(carpenter)
    s = G.apply(s, Place(carpenter))
    assert bot.choose(G.observe(s, 0), G.legal_actions(s), np.random.default_rng(0)) == Build(K["steel"])
    s = G.apply(s, Build(K["steel"]))
    assert bot.choose(G.observe(s, 0), G.legal_actions(s), np.random.default_rng(0)) == Discard(K["goods"])


def test_rules_bot_sells_the_least() -> None:
    bot = RulesBot(G)
    s = table({}, extra=[("farm", 0), ("factory", 0), ("steel", 0)], money=(0, 6))
    s = s._replace(phase=8, turn=0, workers=(2, 2))
    legal = G.legal_actions(s)
    assert len(legal) == 3
    choice = bot.choose(G.observe(s, 0), legal, np.random.default_rng(0))
    assert isinstance(choice, Sell) and [s.buildings[i].kind for i in choice.buildings] == [K["farm"]]


def test_worths_and_evaluation() -> None:
    hand = [0] * N_CARDS
    assert place_worth(K["school"], hand, money=20, workers=2, rnd=2, buildable_best=0) > 0
    assert place_worth(K["school"], hand, money=2, workers=2, rnd=2, buildable_best=0) < 0
    assert place_worth(K["school"], hand, money=50, workers=2, rnd=8, buildable_best=0) < 0
    assert place_worth(K["school"], hand, money=20, workers=2, rnd=2, buildable_best=0, solo=True) < 0
    s = table({}, money=(30, 5))
    evaluate = evaluator(G)
    assert evaluate(s, 0) > 0.5 > evaluate(s, 1)


@pytest.mark.parametrize("options", [{"players": 2}, {"mode": "solo2"}], ids=["2p", "solo2"])
def test_bots_play_whole_games_through_the_match(options) -> None:
    seats = ["search", "rules"] if options.get("players") == 2 else ["search"]
    match = Match.new(G, options, seed=4, seats=seats)
    for seat in range(len(seats)):
        if seats[seat] == "search":
            match._bots[seat] = make_search_bot(G, budget=None, iterations=8)
    automatic_moves(match)
    assert match.is_over() and G.outcome(match.state) is not None
