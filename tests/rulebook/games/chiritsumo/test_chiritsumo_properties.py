"""Property tests: whole games end, dice are conserved, refusals change nothing, records replay.

Games are played by ``EndingPolicy`` (random legal moves, every arrangement
finished with the exact best one, random とばっ塵/swaps), so they provably
end: solo needs three complete rounds, and 箱庭 totals only grow.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from tests.rulebook.games.chiritsumo.ct_helpers import EndingPolicy
from tests.support.one_table import on_a_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, BadRecord, IllegalAction, Match, get_game
from rulebook.core.text import load_rules
from rulebook.games.chiritsumo import GAME, rating, score, validate
from rulebook.games.chiritsumo.actions import Done, Lift, Pass, Place, Roll, Swap, Toss

RULE_IDS = set(load_rules("rulebook.games.chiritsumo")["en"].ids)
OPTIONS = [
    {"mode": "solo"},
    {"mode": "hakoniwa", "players": 2},
    {"mode": "hakoniwa", "players": 3},
    {"mode": "hakoniwa", "players": 4},
]
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def colour_totals(state) -> Counter:
    total = Counter(state.pile)
    for s in state.seats:
        total.update(s.dice)
    return total


def check_invariants(state, start) -> None:
    """Dice conservation and the well-formedness of every seat."""
    order = {"clear": 0, "yellow": 1, "red": 2, "blue": 3}
    for s in state.seats:
        assert len(s.dice) == 10 and len(s.pips) == 10 and len(s.placed) == 10
        assert list(s.dice) == sorted(s.dice, key=order.__getitem__)
        assert all(0 <= p <= 6 for p in s.pips)
        assert s.total == sum(s.history)
        validate(s.pyramid())
        placed = [d for d in s.placed if d != -1]
        assert len(placed) == len(set(placed))
        assert all(s.pips[d] > 0 for d in placed)
    if state.mode == "solo":
        s = state.seats[0]
        assert set(state.pile) <= {"clear"}
        assert s.dice.count("clear") + len(state.pile) == 4  # held + spares: 4 clear dice
        assert sum(1 for c in s.dice if c != "clear") == 9 - (3 - len(state.pile))
    else:
        assert colour_totals(state) == start
        assert colour_totals(state)["clear"] == 4
    if state.phase in ("arrange", "swap", "toss"):
        if state.phase == "arrange":
            assert all(p > 0 for s in state.seats for p in s.pips)


def play_out(options, seed: int, max_steps: int = 60_000, on_state=None, give_up: float = 0.0):
    """A whole game with ``EndingPolicy``; returns the final state and the actions."""
    rng = random.Random(seed)
    policy = EndingPolicy(rng, wander=0.6, give_up=give_up)
    state = GAME.initial_state(options)
    start = colour_totals(state)
    actions = []
    for _ in range(max_steps):
        if GAME.is_terminal(state):
            break
        if GAME.current_player(state) == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            action = policy.choose(state)
        assert GAME.is_legal(state, action), (action, state)
        state = GAME.apply(state, action)
        actions.append(action)
        check_invariants(state, start)
        if on_state:
            on_state(state)
    else:
        raise AssertionError(f"game did not end in {max_steps} moves")
    return state, actions


def check_outcome(state) -> None:
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.legal_actions(state) == []
    totals = tuple(s.total for s in state.seats)
    if state.mode == "solo":
        assert outcome.reason == "solo-end"
        assert outcome.scores == totals
        assert state.seats[0].dice.count("clear") == 4
        assert outcome.get("rounds") == len(state.seats[0].history) == state.round
        title = rating(totals[0])
        assert outcome.get("rating") == (title[0] if title else "none")
    elif outcome.reason == "hako-end":
        assert max(totals) > 30 and outcome.scores == totals
        assert outcome.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))
    elif outcome.reason == "hako-fuji":
        for i in outcome.winners:
            built = {slot: die for slot, die in zip(_slots(), state.last_pyramids[i]) if die}
            assert score(built).fuji
        for i in set(range(len(state.seats))) - set(outcome.winners):
            built = {slot: die for slot, die in zip(_slots(), state.last_pyramids[i]) if die}
            assert not score(built).fuji
    else:
        assert outcome.reason == "hako-chiritsumo"
        assert [i for i, s in enumerate(state.seats) if s.dice.count("clear") == 4] == list(outcome.winners)


def _slots():
    from rulebook.games.chiritsumo.geometry import SLOTS

    return SLOTS


# ----- whole games --------------------------------------------------------------------------------
@settings(FAST, max_examples=40)
@given(seed=st.integers(0, 2**32), give_up=st.sampled_from([0.0, 0.05, 0.3]))
def test_random_solo_games_end(seed, give_up):
    state, actions = play_out({"mode": "solo"}, seed, give_up=give_up)
    check_outcome(state)
    assert sum(isinstance(a, Swap) for a in actions) == 3


@settings(FAST, max_examples=25)
@given(seed=st.integers(0, 2**32), give_up=st.sampled_from([0.0, 0.05, 0.3]))
def test_random_four_seat_hakoniwa_games_end(seed, give_up):
    state, actions = play_out({"mode": "hakoniwa", "players": 4}, seed, give_up=give_up)
    check_outcome(state)


@settings(FAST, max_examples=25)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3]), give_up=st.sampled_from([0.0, 0.3]))
def test_random_small_hakoniwa_games_end(seed, players, give_up):
    state, actions = play_out({"mode": "hakoniwa", "players": players}, seed, give_up=give_up)
    check_outcome(state)


# ----- refusals leave the state as it was ---------------------------------------------------------
colour_st = st.sampled_from(["clear", "yellow", "red", "blue", "green", ""])
fuzz_action_st = st.one_of(
    st.builds(Place, st.integers(-2, 12), st.tuples(st.integers(-1, 4), st.integers(-1, 4))),
    st.builds(Lift, st.tuples(st.integers(-1, 4), st.integers(-1, 4))),
    st.builds(Roll, st.integers(-1, 4), st.integers(-1, 11), st.integers(-1, 8)),
    st.builds(Swap, colour_st),
    st.builds(Toss, colour_st, st.integers(-2, 5), colour_st),
    st.just(Done()),
    st.just(Pass()),
)


def reach(options, seed: int, steps: int):
    """The state after ``steps`` moves of a seeded random game (or its end)."""
    rng = random.Random(seed)
    policy = EndingPolicy(rng, wander=0.7)
    state = GAME.initial_state(options)
    for _ in range(steps):
        if GAME.is_terminal(state):
            break
        if GAME.current_player(state) == CHANCE:
            action = rng.choice(GAME.legal_actions(state))
        else:
            action = policy.choose(state)
        state = GAME.apply(state, action)
    return state


@settings(FAST, max_examples=80)
@given(
    options=st.sampled_from(OPTIONS),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 400),
    actions=st.lists(fuzz_action_st, min_size=1, max_size=25),
)
def test_illegal_actions_raise_and_change_nothing(options, seed, steps, actions):
    state = reach(options, seed, steps)
    legal = set(GAME.legal_actions(state))
    for action in actions:
        snapshot = copy.deepcopy(state)
        if GAME.is_legal(state, action):
            assert action in legal
            GAME.apply(state, action)
        else:
            assert action not in legal
            with pytest.raises(IllegalAction) as info:
                GAME.apply(state, action)
            assert info.value.rule_id in RULE_IDS
            assert info.value.message_ja and info.value.message_en
        assert state == snapshot and hash(state) == hash(snapshot)


@settings(FAST, max_examples=40)
@given(options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**16), steps=st.integers(0, 600))
def test_legal_actions_agree_with_is_legal_and_round_trip_as_text(options, seed, steps):
    state = reach(options, seed, steps)
    legal = GAME.legal_actions(state)
    assert len(legal) == len(set(legal))
    for action in legal:
        assert GAME.is_legal(state, action)
        assert GAME.parse_action(str(action)) == action
    json.dumps(GAME.observe(state, 0))


# ----- records -----------------------------------------------------------------------------------------
@settings(FAST, max_examples=40)
@given(options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**20), table=st.booleans(), length=st.integers(1, 500))
def test_json_round_trip_with_undo_and_redo(options, seed, table, length):
    n = 1 if options["mode"] == "solo" else options["players"]
    ops = random.Random(seed).choices(["play", "auto", "undo", "redo"], weights=[14, 1, 3, 2], k=length)
    desk = on_a_table(Match.new(GAME, options, seed=seed, table=table))  # undo and redo are the table's
    policy = EndingPolicy(random.Random(seed), wander=0.5)
    for op in ops:
        match = desk.match
        if match.is_over():
            break
        if op == "undo":
            policy.plan = None
            desk.undo()
        elif op == "redo":
            policy.plan = None
            desk.redo()
        elif op == "auto" or (match.current_player == CHANCE and not table):
            desk.roll()
        elif match.current_player == CHANCE:
            desk.play_group([random.Random(seed + len(match.actions)).choice(GAME.legal_actions(match.state))])
        elif match.is_bot(match.current_player):
            desk.advance()
        else:
            action = policy.choose(match.state)
            if not GAME.is_legal(match.state, action):  # a stale plan after undo/redo
                policy.plan = None
                action = GAME.legal_actions(match.state)[0]
            desk.play_group([action])
    match = desk.match
    text = match.to_json()
    record = json.loads(text)
    assert set(record) == {"game", "version", "options", "seed", "actions", "meta"}
    assert record["actions"] == [str(a) for a in match.actions]
    again = Match.from_record(json.loads(text), get_game)
    assert again.state == match.state
    assert again.states == match.states
    assert again.actions == match.actions
    assert again.seats == match.seats == ("human",) * n
    assert again.to_json() == text


def test_altered_roll_is_refused():
    match = Match.new(GAME, {"mode": "solo"}, seed=3)
    automatic_moves(match)
    record = match.to_record()
    first = record["actions"][0]
    seat_, die, pips = first.split()[1:]
    record["actions"][0] = f"roll {seat_} {die} {int(pips) % 6 + 1}"
    with pytest.raises(BadRecord) as info:
        Match.from_record(record, get_game)
    assert "altered" in info.value.message_en and "1" in info.value.message_en


def test_table_mode_record_keeps_the_entered_dice():
    match = Match.new(GAME, {"mode": "hakoniwa", "players": 2}, seed=3, table=True)
    for k in range(20):
        match.play(GAME.legal_actions(match.state)[k % 6])
    again = Match.from_record(json.loads(match.to_json()), get_game)
    assert again.state == match.state and again.table
