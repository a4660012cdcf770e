"""Bots (rule ``best``, CT-9): they see observations only and always play legal moves."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from tests.rulebook.games.chiritsumo.ct_helpers import START, EndingPolicy, all_done, hako_state, hand, plain, random_arrangement, seat
from tests.support.one_table import on_a_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.automatic import automatic_moves

from rulebook.bots import RandomBot
from rulebook.core import CHANCE, Match
from rulebook.games.chiritsumo import GAME, State, best_arrangement, score
from rulebook.games.chiritsumo.actions import Swap, Toss
from rulebook.games.chiritsumo.bots import SolverBot, arrangement_actions
from rulebook.games.chiritsumo.geometry import SLOTS

OPTIONS = [{"mode": "solo"}, {"mode": "hakoniwa", "players": 2}, {"mode": "hakoniwa", "players": 3}, {"mode": "hakoniwa", "players": 4}]


def test_bot_kinds():
    kinds = GAME.bot_kinds()
    assert {"random", "solver"} <= set(kinds)
    for ja, en in kinds.values():
        assert ja and en
    assert isinstance(GAME.make_bot("solver"), SolverBot)
    assert isinstance(GAME.make_bot("random"), RandomBot)
    with pytest.raises(KeyError):
        GAME.make_bot("oracle")


def rounds_of(match: Match):
    """(dice of the round, its score) for every round the seat-0 solver played."""
    out = []
    states = match.states
    for before, after in zip(states, states[1:]):
        if before.phase == "roll" and after.phase == "arrange":
            s = after.seats[0]
            out.append(list(zip(s.dice, s.pips)))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solver_bot_plays_the_best_arrangement_every_round(seed):
    match = Match.new(GAME, {"mode": "solo"}, seed=seed, seats=["solver"])
    automatic_moves(match)
    assert match.is_over()
    rolls = rounds_of(match)
    history = match.state.seats[0].history
    assert len(rolls) == len(history)
    for dice, points in zip(rolls, history):
        assert points == best_arrangement(dice)[1].total


def test_four_solver_bots_finish_a_hakoniwa_game():
    match = Match.new(GAME, {"mode": "hakoniwa", "players": 4}, seed=7, seats=["solver"] * 4)
    automatic_moves(match)
    assert match.is_over()
    outcome = GAME.outcome(match.state)
    assert outcome.reason in ("hako-end", "hako-fuji", "hako-chiritsumo")
    again = Match.from_record(json.loads(match.to_json()), lambda name: GAME)
    assert again.state == match.state


def test_mixed_seats_wait_for_the_human():
    table = on_a_table(Match.new(GAME, {"mode": "hakoniwa", "players": 2}, seed=4, seats=["human", "solver"]))
    table.roll()
    match = table.match
    assert match.current_player == 0 and match.waiting_for_user()
    arranged = match.state
    table.play_group(["done"])  # the bot stacks at once; the next roll waits for the Roll button
    assert table.undo() and table.match.state == arranged  # before anything else happens, 'done' can be taken back
    table.play_group(["done"])
    table.roll()  # the next round is rolled
    match = table.match
    assert match.is_over() or (match.waiting_for_user() and match.current_player == 0 and match.state.round == 2)
    assert not table.undo()  # the next round's dice were seen: no going back past them (BGA's rule)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**16), steps=st.integers(0, 500))
def test_solver_bot_choice_is_always_legal_from_the_observation_alone(options, seed, steps):
    rng = random.Random(seed)
    policy = EndingPolicy(rng, wander=0.8)
    state = GAME.initial_state(options)
    bot = SolverBot()
    for k in range(steps):
        if GAME.is_terminal(state):
            break
        player = GAME.current_player(state)
        if player == CHANCE:
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            continue
        legal = GAME.legal_actions(state)
        observation = json.loads(json.dumps(GAME.observe(state, player)))  # plain data only
        choice = bot.choose(observation, legal, np.random.default_rng(k))
        assert choice in legal
        if rng.random() < 0.5:
            policy.plan = None  # the bot moved: the policy plans afresh
            state = GAME.apply(state, choice)
        else:
            state = GAME.apply(state, policy.choose(state))


def test_solo_swap_gives_up_the_scarcest_colour():
    def swap_for(colours):
        state = State(mode="solo", seats=(seat(extra=[(c, 0) for c in colours]),), pile=("clear",), phase="swap")
        legal = GAME.legal_actions(state)
        return SolverBot().choose(GAME.observe(state, 0), legal, np.random.default_rng(0))

    assert swap_for(["clear"] * 2 + ["yellow"] * 3 + ["red"] * 2 + ["blue"] * 3) == Swap("red")
    assert swap_for(["clear"] + ["yellow"] * 3 + ["red"] * 3 + ["blue"] * 3) == Swap("yellow")


def test_toss_bot_takes_the_winning_fourth_clear_die():
    seats = [seat(plain(hand(3, 3, 2, 2), pips=2)), seat(plain(hand(), pips=1))]
    state = all_done(hako_state(seats, pile=hand(0, 3, 4, 4)))
    assert state.phase == "toss" and GAME.current_player(state) == 0
    choice = SolverBot().choose(GAME.observe(state, 0), GAME.legal_actions(state), np.random.default_rng(0))
    assert isinstance(choice, Toss) and choice.take == "clear" and choice.target == 1
    assert GAME.outcome(GAME.apply(state, choice)).reason == "hako-chiritsumo"


# ----- arrangement_actions (the auto-stack moves) ----------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(pips=st.lists(st.integers(1, 6), min_size=10, max_size=10), seed=st.integers(0, 2**16))
def test_arrangement_actions_reach_the_target_with_legal_moves(pips, seed):
    rng = random.Random(seed)
    dice = list(zip(START, pips))
    start = random_arrangement(dice, rng, stop=0.1)
    rest = list(dice)
    for die in start.values():
        rest.remove(die)
    state = State(mode="solo", seats=(seat(start, rest),), pile=("clear",) * 3, phase="arrange")
    target = best_arrangement(dice)[0] if rng.random() < 0.5 else random_arrangement(dice, rng, stop=0.1)
    s = state.seats[0]
    placed = {SLOTS[k]: d for k, d in enumerate(s.placed) if d != -1}
    for move in arrangement_actions(list(zip(s.dice, s.pips)), placed, target):
        state = GAME.apply(state, move)
    assert state.seats[0].pyramid() == target
    assert score(state.seats[0].pyramid()).total == score(target).total
