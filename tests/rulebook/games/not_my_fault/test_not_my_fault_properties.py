"""Property tests, both versions: random games end, cards are conserved, refusals change nothing,
records round-trip, and sampled worlds agree with the observation they came from."""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.nmf_helpers import V2, V41, conserved, random_states

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, SPECTATOR, TERMINAL, IllegalAction, Match, get_game
from rulebook.core.text import load_rules
from rulebook.games.not_my_fault.actions import AUDIT, DRAW, Card, Declare, First, Place
from rulebook.games.not_my_fault.bots import RulesBot
from rulebook.games.not_my_fault.game import DECLARE, OVER, TURN

FAST = settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
GAMES = {"not_my_fault": V2, "not_my_fault_41": V41}
SEATS = {"not_my_fault": range(2, 7), "not_my_fault_41": range(2, 6)}
CASES = [(name, n) for name, game in GAMES.items() for n in SEATS[name]]


def mixed_policy(game):
    """Random moves half the time, the rule-based bot's the other half (reaches long rounds too)."""
    bot = RulesBot(game)

    def policy(state, rng):
        legal = game.legal_actions(state)
        if rng.random() < 0.5:
            return rng.choice(legal)
        return bot.choose(game.observe(state, game.current_player(state)), legal, np.random.default_rng(rng.randrange(2**32)))

    return policy


def check_invariants(game, state) -> None:
    v = game.variant
    assert conserved(game, state) == list(v.copies)
    assert all(c >= 0 for c in state.deck) and all(c >= 0 for c in state.discard)
    numbers = [claim.number for claim in state.claims]
    assert numbers == sorted(set(numbers)) and all(1 <= c <= v.top for c in numbers)
    if not v.any_number:
        assert set(numbers) <= set(v.milestones)
    if state.phase == DECLARE:
        assert len(state.table) == len(state.claims) + 1 and state.table[-1].seat == state.turn
    elif state.phase == TURN:
        assert len(state.table) == len(state.claims)
    if state.phase == OVER:
        assert state.result is not None and game.outcome(state) is not None
    else:
        assert all(m < v.penalty_limit for m in state.marks)
        assert all(y < max(v.yellow_limit, 1) for y in state.yellows)
    assert sum(state.marks) <= state.players * (v.penalty_limit - 1) + 1
    # every round but the one being played ended with a mark; a game won by completion ends in a round without one
    ended_by_mark = state.phase == OVER and state.result.reason == "penalty"
    assert state.round == sum(state.marks) + (0 if ended_by_mark else 1)
    for hand in state.hands:
        assert sum(hand) <= v.hand_size


@pytest.mark.parametrize("name,players", CASES)
@FAST
@given(seed=st.integers(0, 10**6))
def test_random_games_end_with_cards_conserved(name, players, seed) -> None:
    game = GAMES[name]
    states = random_states(game, players, seed, games=1, policy=mixed_policy(game))
    assert game.is_terminal(states[-1])
    assert len(states) < 2000
    for state in states:
        check_invariants(game, state)
    outcome = game.outcome(states[-1])
    assert len(outcome.scores) == players and outcome.winners
    ids = set(load_rules(f"rulebook.games.{name}")["en"].ids)
    assert outcome.reason in ids


def candidate_actions(game, state) -> list:
    top = game.variant.top
    out = [DRAW, AUDIT, Declare(0), Declare(top + 1), Card(3), Card(7), Card(8), First(0), First(6)]
    out += [Declare(n) for n in (1, 2, 5, 6, 8, 25, 29, 30)]
    out += [Place(x) for x in (0, 1, 2, 3, 4, 8)]
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_illegal_actions_raise_and_change_nothing(name, seed, players) -> None:
    game = GAMES[name]
    rng = random.Random(seed)
    states = random_states(game, players, seed, games=1)
    ids = set(load_rules(f"rulebook.games.{name}")["en"].ids)
    for state in rng.sample(states, min(12, len(states))):
        legal = set(game.legal_actions(state))
        for action in candidate_actions(game, state):
            if action in legal:
                assert game.is_legal(state, action)
                continue
            snapshot = copy.deepcopy(state)
            with pytest.raises(IllegalAction) as info:
                game.apply(state, action)
            assert info.value.rule_id in ids
            assert state == snapshot


@pytest.mark.parametrize("name", sorted(GAMES))
@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), table=st.booleans())
def test_records_round_trip_through_json(name, seed, players, table) -> None:
    game = GAMES[name]
    kinds = ["rules", "random", "human", "rules", "random"][:players]
    match = Match.new(game, {"players": players}, seed=seed, seats=kinds, table=table)
    rng = random.Random(seed)
    for _ in range(400):
        if match.is_over():
            break
        if match.current_player == CHANCE and table:
            outcomes = game.chance_outcomes(match.state)
            match.play(rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0])
            continue
        if automatic_moves(match) and match.is_over():
            break
        if match.waiting_for_user() and match.current_player >= 0:
            match.play(rng.choice(game.legal_actions(match.state)))
    text = match.to_json()
    again = Match.from_record(json.loads(text), get_game)
    assert again.states == match.states
    assert json.loads(again.to_json())["actions"] == json.loads(text)["actions"]


@pytest.mark.parametrize("name,players", [(n, p) for n, p in CASES if p in (2, 3, 5)])
def test_sampled_worlds_agree_with_the_observation(name, players) -> None:
    """``observe(sample_state(o, seat), seat) == o`` on many reachable states, for every seat and the spectator."""
    game = GAMES[name]
    rng = np.random.default_rng(players)
    states = random_states(game, players, 7 + players, games=4, policy=mixed_policy(game))
    checked = 0
    for state in states[:: max(1, len(states) // 150)]:
        for seat in [*range(players), SPECTATOR]:
            observation = game.observe(state, seat)
            for _ in range(2):
                world = game.sample_state(observation, seat, rng)
                assert game.observe(world, seat) == observation
                check_invariants(game, world)
                if game.current_player(state) == seat:
                    assert game.legal_actions(world) == game.legal_actions(state)
                checked += 1
    assert checked > 300


def test_observations_hide_what_a_seat_has_not_seen() -> None:
    state = random_states(V41, 3, 3, games=1)[30]
    for seat in range(3):
        seen = V41.observe(state, seat)
        assert seen["hand"] == [x for x, c in zip(V41.variant.values, state.hands[seat]) for _ in range(c)]
        assert all(card["card"] is None for card in seen["table"] if card["seat"] != seat)
        assert "deck" in seen and isinstance(seen["deck"], int)
    spectator = V41.observe(state, SPECTATOR)
    assert spectator["hand"] is None and all(card["card"] is None for card in spectator["table"])
    assert sum(spectator["unseen"]) == sum(state.deck) + sum(map(sum, state.hands)) + len(state.table)


def test_terminal_states_have_outcomes_and_no_moves() -> None:
    for name, game in GAMES.items():
        state = random_states(game, 3, 11, games=1)[-1]
        assert game.current_player(state) == TERMINAL and game.legal_actions(state) == []
        assert game.chance_outcomes(state) == []
