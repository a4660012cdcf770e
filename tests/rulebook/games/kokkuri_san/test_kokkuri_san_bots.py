"""Bots: they decide from the observation only (fair), play legal moves, and the rule-based bot beats random play."""

from __future__ import annotations

import time

import numpy as np
import pytest
from tests.rulebook.games.kokkuri_san.kokkuri_san_helpers import GAME, random_states

from tests.support.automatic import automatic_moves

from rulebook.core import Match
from rulebook.games.kokkuri_san.bots import RulesBot, make_search_bot
from rulebook.games.kokkuri_san.state import EFFECT, TURN


def _other_world(state, seat, seed):
    """The same table with every card ``seat`` cannot see dealt anew (a world it cannot tell apart)."""
    return GAME.sample_state(GAME.observe(state, seat), seat, np.random.default_rng(seed))


def _decision_states():
    states = random_states(4, 21, games=2)
    return [s for s in states if s.phase in (TURN, EFFECT) and len(GAME.legal_actions(s)) > 1][::6]


@pytest.mark.parametrize("kind", ["rules", "search"])
def test_bots_decide_from_the_observation_only(kind):
    """Two worlds the seat cannot tell apart (other hands, decks, face-down cards differ) get the same decision."""
    differed = 0
    for state in _decision_states()[:8]:
        seat = GAME.current_player(state)
        other = _other_world(state, seat, 5)
        assert GAME.observe(other, seat) == GAME.observe(state, seat)
        differed += other.hands != state.hands or other.board != state.board
        choices = []
        for world in (state, other):
            bot = RulesBot(GAME) if kind == "rules" else make_search_bot(GAME, budget=None, iterations=24)
            legal = GAME.legal_actions(world)
            choices.append(bot.choose(GAME.observe(world, seat), legal, np.random.default_rng(3)))
        assert choices[0] == choices[1]
        assert GAME.is_legal(state, choices[0])
    assert differed


def test_the_rule_based_bot_beats_random_bots():
    share = 0.0
    games = 24
    for g in range(games):
        seat = g % 4
        seats = ["random"] * 4
        seats[seat] = "rules"
        match = Match.new(GAME, {"players": 4}, seed=500 + g, seats=seats)
        automatic_moves(match)
        outcome = GAME.outcome(match.state)
        share += (seat in outcome.winners) / len(outcome.winners)
    assert share / games >= 0.45  # fair share is 0.25


def test_the_search_bot_answers_within_its_budget():
    bot = make_search_bot(GAME)
    times = []
    for state in _decision_states()[:5]:
        seat = GAME.current_player(state)
        start = time.perf_counter()
        action = bot.choose(GAME.observe(state, seat), GAME.legal_actions(state), np.random.default_rng(1))
        times.append(time.perf_counter() - start)
        assert GAME.is_legal(state, action)
    assert max(times) < 0.6


def test_every_bot_kind_finishes_a_game():
    for kinds in (["search", "rules", "random"], ["rules", "rules", "rules", "random"]):
        match = Match.new(GAME, {"players": len(kinds)}, seed=8, seats=kinds)
        for seat, kind in enumerate(kinds):
            if kind == "search":
                match._bots[seat] = make_search_bot(GAME, budget=None, iterations=16)
        automatic_moves(match)
        assert match.is_over()
