"""Property tests: random games end, cards and tokens are conserved, refusals change nothing,
actions round-trip as text, records replay, and sampled worlds agree with the observation."""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.rulebook.games.kokkuri_san.kokkuri_san_helpers import GAME, conserved, make_cards, random_states

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, SPECTATOR, IllegalAction, Match, get_game
from rulebook.core.text import load_rules
from rulebook.games.kokkuri_san.actions import SKIP, Card, Draw, First, Flip, Move, Order, Play, Swap
from rulebook.games.kokkuri_san.bots import RulesBot
from rulebook.games.kokkuri_san.state import DEAL, DRAW, EFFECT, OVER, TURN

FAST = settings(deadline=None, max_examples=12, suppress_health_check=[HealthCheck.too_slow])
EVERY_EFFECT = make_cards(
    effects=[{"op": "flip"}, {"op": "swap", "may": True}, {"op": "move"}, {"op": "draw", "n": 2, "may": True}]
)
DATA = {"standin": None, "effects": EVERY_EFFECT}


def mixed_policy():
    bot = RulesBot(GAME)

    def policy(state, rng):
        legal = GAME.legal_actions(state)
        if rng.random() < 0.5:
            return rng.choice(legal)
        return bot.choose(GAME.observe(state, GAME.current_player(state)), legal, np.random.default_rng(rng.randrange(2**32)))

    return policy


def check_invariants(state) -> None:
    deck = list(state.cards.deck)
    assert conserved(state) == [deck] * state.players
    for rows in (state.hands, state.decks, state.fronts):
        assert all(c >= 0 for row in rows for c in row)
    placed = [sum(t.count(s) for t in state.tokens) for s in range(state.players)]
    cards_down = [sum(1 for column in state.board for p in column if p.seat == s) for s in range(state.players)]
    assert placed == cards_down  # a token with every card (a move shifts a token, not its count)
    if state.phase != OVER:
        assert sum(placed) == state.turns + (1 if state.phase in (EFFECT, DRAW) else 0)
    assert all(n <= 3 for n in placed)
    assert sorted(state.order) == list(range(len(state.cards.candidates))) or state.order == ()
    if state.phase == TURN:
        assert sum(state.hands[state.turn]) >= 1
    if state.phase == OVER:
        assert GAME.outcome(state) is not None and state.result in ("end", "early-end")
        assert state.tokens == ((),) * len(state.order)
    else:
        assert GAME.outcome(state) is None
    assert state.settled == state.round - 1 or state.phase == OVER


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("data", sorted(DATA))
@FAST
@given(seed=st.integers(0, 10**6))
def test_random_games_end_with_everything_conserved(players, data, seed) -> None:
    states = random_states(players, seed, policy=mixed_policy(), cards=DATA[data])
    assert GAME.is_terminal(states[-1])
    for state in states:
        check_invariants(state)
    outcome = GAME.outcome(states[-1])
    assert len(outcome.scores) == players and outcome.winners
    assert outcome.get("settlements") in (1, 2, 3)


def candidate_actions(state) -> list:
    out = [SKIP, Draw(), Order((0, 1, 2, 3, 4)), Order((0, 1, 2, 3)), First(0), First(4), Card(0), Card(11), Card(5)]
    out += [Play(p, c, up) for p in (0, 3, 4, 5) for c in (0, 5, 10, 11) for up in (True, False)]
    out += [Flip(0, 0), Flip(1, 2), Flip(5, 0), Swap(0, 1), Swap(1, 0), Swap(0, 7), Move(0), Move(2), Move(9)]
    return out


@pytest.mark.parametrize("data", sorted(DATA))
@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(3, 4))
def test_illegal_actions_raise_and_change_nothing(data, seed, players) -> None:
    rng = random.Random(seed)
    states = random_states(players, seed, cards=DATA[data])
    ids = set(load_rules("rulebook.games.kokkuri_san")["en"].ids)
    for state in rng.sample(states, min(15, len(states))):
        legal = GAME.legal_actions(state)
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert GAME.is_legal(state, action)
            assert GAME.parse_action(str(action)) == action
        for action in candidate_actions(state):
            if action in legal:
                continue
            snapshot = copy.deepcopy(state)
            with pytest.raises(IllegalAction) as info:
                GAME.apply(state, action)
            assert info.value.rule_id in ids
            assert state == snapshot


@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(3, 4), table=st.booleans(), effects=st.booleans())
def test_records_round_trip_through_json(seed, players, table, effects) -> None:
    kinds = ["rules", "random", "human", "rules"][:players]
    options = {"players": players, "cards": EVERY_EFFECT if effects else None}
    match = Match.new(GAME, options, seed=seed, seats=kinds, table=table)
    rng = random.Random(seed)
    for _ in range(400):
        if match.is_over():
            break
        if match.current_player == CHANCE and table:
            outcomes = GAME.chance_outcomes(match.state)
            match.play(rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0])
            continue
        if automatic_moves(match) and match.is_over():
            break
        if match.waiting_for_user() and match.current_player >= 0:
            match.play(rng.choice(GAME.legal_actions(match.state)))
    text = match.to_json()
    again = Match.from_record(json.loads(text), lambda name: GAME if name == GAME.name else get_game(name))
    assert again.states == match.states
    assert json.loads(again.to_json())["actions"] == json.loads(text)["actions"]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("data", sorted(DATA))
def test_sampled_worlds_agree_with_the_observation(players, data) -> None:
    """``observe(sample_state(o, seat), seat) == o`` on many reachable states, every seat and the spectator."""
    rng = np.random.default_rng(players)
    states = random_states(players, 11 + players, games=3, policy=mixed_policy(), cards=DATA[data])
    for state in states[:: max(1, len(states) // 120)]:
        for seat in [*range(players), SPECTATOR]:
            observation = GAME.observe(state, seat)
            json.dumps(observation)
            for _ in range(2):
                world = GAME.sample_state(observation, seat, rng)
                assert GAME.observe(world, seat) == observation
                check_invariants(world)
                if GAME.current_player(state) == seat:
                    assert GAME.legal_actions(world) == GAME.legal_actions(state)


def test_observations_hide_hands_decks_and_face_down_cards() -> None:
    states = random_states(4, 3, policy=mixed_policy())
    hidden_seen = False
    for state in states:
        if state.phase not in (TURN, EFFECT):
            continue
        for seat in range(4):
            o = GAME.observe(state, seat)
            assert sorted(o["hand"]) == [k for k in range(12) for _ in range(state.hands[seat][k])]
            for column, real in zip(o["board"], state.board):
                for (s, card, up), p in zip(column, real):
                    if up or s == seat:
                        assert card == p.card
                    else:
                        assert card is None
                        hidden_seen = True
        spectator = GAME.observe(state, SPECTATOR)
        assert spectator["hand"] is None and spectator["my_deck"] is None
        text = json.dumps(spectator)
        assert "hands" not in spectator and "decks" not in spectator and "hand_sizes" in text
    assert hidden_seen


def test_chance_outcomes_sum_to_one_and_are_legal() -> None:
    for state in random_states(3, 9):
        if GAME.current_player(state) == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            for action, _ in outcomes[:10]:
                assert GAME.is_legal(state, action)
            if state.phase == DEAL:
                assert all(isinstance(a, Card) for a, _ in outcomes)
