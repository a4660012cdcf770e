"""Property tests: random games of every mode end; cards and money are conserved; refusals change
nothing; actions round-trip as text; records replay; sampled worlds agree with their observation."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, SPECTATOR, TERMINAL, IllegalAction, Match
from rulebook.core.errors import RulebookError
from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy import OPTION_SETS
from rulebook.games.national_economy.actions import Build, Card, Discard, Pick, Place, Sell, parse
from rulebook.games.national_economy.bots import RulesBot
from rulebook.games.national_economy.data import BURN, COPIES, N_CARDS, START_MONEY
from rulebook.games.national_economy.state import OVER, SELL

FAST = settings(deadline=None, max_examples=12, suppress_health_check=[HealthCheck.too_slow])
IDS = [f"{o['mode']}-{o.get('players', 1)}" for o in OPTION_SETS]
RULE_IDS = {
    "setup", "round", "worker", "workplace-taken", "private", "passive", "cards-short", "household", "build", "goods",
    "no-effect", "hire", "pay", "architect", "wages", "excess-sale", "hand-limit", "solo-block", "solo-sale",
    "solo-pay", "solo2", "score", "end", "chance",
}


def random_game(options, seed: int, rules_share: float = 0.5):
    """All states of one game: chance by its odds, seats half random, half rule-based."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    bot = RulesBot(G)
    state = G.initial_state(options)
    states = [state]
    while G.current_player(state) != TERMINAL:
        player = G.current_player(state)
        if player == CHANCE:
            outcomes = G.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = G.legal_actions(state)
            assert legal, state
            if rng.random() < rules_share:
                action = bot.choose(G.observe(state, player), legal, nrng)
            else:
                action = rng.choice(legal)
        state = G.apply(state, action)
        states.append(state)
        assert len(states) < 5000
    return states


def cards_in_play(state) -> list[int]:
    counts = [0] * N_CARDS
    for zone in (state.deck, state.discard, *state.hands):
        for k in range(1, N_CARDS):
            counts[k] += zone[k]
    for b in state.buildings:
        if b.kind < N_CARDS:
            counts[b.kind] += 1
    for k in state.revealed:
        counts[k] += 1
    counts[BURN] += state.removed
    return counts


def check_invariants(state, options) -> None:
    assert cards_in_play(state) == list(COPIES)
    n = state.players
    # money: wallets + household move only between each other, except sales (from the supply) and tax (to it)
    assert sum(state.money) + state.household == sum(START_MONEY[:n]) + state.supply_out
    assert all(m >= 0 for m in state.money) and state.household >= 0
    assert all(c >= 0 for zone in (state.deck, state.discard, *state.hands) for c in zone)
    assert all(0 <= i <= w for i, w in zip(state.idle, state.workers))
    assert all(G.hand_limit(state, s) >= 0 for s in range(n))
    assert len(state.placed) == len(state.buildings)
    assert 1 <= state.round <= 9
    for seat in range(n):
        assert state.workers[seat] <= G.worker_limit(state, seat)


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
@FAST
@given(seed=st.integers(0, 10**6))
def test_random_games_end_with_cards_and_money_conserved(options, seed) -> None:
    states = random_game(options, seed)
    for state in states:
        check_invariants(state, options)
    last = states[-1]
    assert last.phase == OVER
    outcome = G.outcome(last)
    assert outcome.reason in RULE_IDS
    assert len(outcome.scores) == last.players
    assert outcome.scores == tuple(G.score(last, s) for s in range(last.players))
    if options["mode"] == "standard":
        assert outcome.winners and all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_pure_random_games_never_crash(options) -> None:
    for seed in range(15):
        states = random_game(options, 1000 + seed, rules_share=0.0)
        check_invariants(states[-1], options)


def candidate_actions(state, rng: random.Random) -> list:
    """Every action of every kind that could be offered here, legal or not."""
    out: list = [Place(i) for i in range(len(state.buildings) + 2)]
    for k in range(N_CARDS):
        out += [Discard(k), Build(k), Pick(k), Card(k)]
    out.append(Sell(()))
    owned = [i for i, b in enumerate(state.buildings) if b.owner == state.turn]
    for _ in range(6):
        picked = tuple(sorted(rng.sample(owned, rng.randint(0, len(owned))))) if owned else ()
        out.append(Sell(picked))
    if state.phase == SELL:
        out += G.legal_actions(state)
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
@settings(deadline=None, max_examples=4, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_legal_actions_agree_with_check_and_refusals_change_nothing(options, seed) -> None:
    rng = random.Random(seed)
    states = random_game(options, seed)
    for state in rng.sample(states, min(40, len(states))):
        legal = G.legal_actions(state)
        assert len(set(legal)) == len(legal)
        assert legal == G.legal_actions(state)  # stable order
        for action in candidate_actions(state, rng):
            before = state
            try:
                G.check(state, action)
                ok = True
            except IllegalAction as error:
                ok = False
                assert error.rule_id in RULE_IDS | {"actions"}
                assert error.message_ja and error.message_en
                with pytest.raises(IllegalAction):
                    G.apply(state, action)
            assert state == before
            assert ok == (action in legal), (state, action)
        for action in legal:
            assert parse(str(action)) == action


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
@settings(deadline=None, max_examples=3, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_observations_and_sampled_worlds(options, seed) -> None:
    rng = np.random.default_rng(seed)
    states = random_game(options, seed)
    for state in states[:: max(1, len(states) // 30)]:
        for seat in range(state.players):
            o = G.observe(state, seat)
            assert json.loads(json.dumps(o)) == o
            world = G.sample_state(o, seat, rng)
            assert G.observe(world, seat) == o
            assert cards_in_play(world) == list(COPIES)
            assert world.hands[seat] == state.hands[seat]
            assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
            if G.current_player(state) == seat:
                assert G.legal_actions(world) == G.legal_actions(state)
        spectator = G.observe(state, SPECTATOR)
        assert spectator["hand"] is None and spectator["unseen"] is None
        if state.players > 1:
            other = G.observe(state, 1)
            assert other["hand"] == list(state.hands[1])
            assert "hands" not in other


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_json_record_replays(options) -> None:
    seats = ["rules"] + ["random"] * (G.initial_state(options).players - 1)
    match = Match.new(G, options, seed=7, seats=seats)
    automatic_moves(match)
    assert match.is_over()
    text = match.to_json()
    again = Match.from_record(json.loads(text), lambda name: G)
    assert again.state == match.state
    assert [str(a) for a in again.actions] == [str(a) for a in match.actions]


def test_unreadable_text() -> None:
    for text in ("", "place", "place x", "discard dragon", "sell 1,,2", "build quarry", 3):
        with pytest.raises(RulebookError):
            parse(text)  # type: ignore[arg-type]
    for text in ("place 3", "discard goods", "build twin", "pick hq", "sell 0,4", "sell none", "card car"):
        assert str(parse(text)) == text
