"""Property tests: random games end, numbers and treasures are conserved, refusals change nothing, records replay."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, TERMINAL, BadRecord, IllegalAction, Match, get_game
from rulebook.core.text import load_rules
from rulebook.games.treasure_hunt import GAME, Bring, Check, Die, GiveUp, RollDice, Seal
from rulebook.games.treasure_hunt.game import PHASES
from rulebook.games.treasure_hunt.model import RULES, bit, popcount

RULE_IDS = set(load_rules("rulebook.games.treasure_hunt")["en"].ids)
FAST = settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
MAX_MOVES = 2000  # far more than any game needs: every trip ends within 13 rolls, at most 9 trips


def random_game(seed: int, give_up_weight: float):
    """A random game: uniform moves, except that giving up is drawn with ``give_up_weight``."""
    rng = random.Random(seed)
    state = GAME.initial_state()
    states, actions = [state], []
    for _ in range(MAX_MOVES):
        player = GAME.current_player(state)
        if player == TERMINAL:
            return states, actions
        if player == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            legal = GAME.legal_actions(state)
            weights = [give_up_weight if isinstance(a, GiveUp) else 1.0 for a in legal]
            action = rng.choices(legal, weights=weights)[0]
        state = GAME.apply(state, action)
        states.append(state)
        actions.append(action)
    raise AssertionError("a game did not end")


def check_invariants(state) -> None:
    full = RULES.all_numbers
    assert state.phase in PHASES
    assert state.checked & state.sealed == 0
    assert 0 <= state.checked <= full and 0 <= state.sealed <= full
    assert 0 <= state.treasures <= RULES.all_treasures
    # conservation: every seal came from a failure or a give-up, minus the lifted ones
    ends = [GAME.parse_action(end) for _, end in state.history]
    seals = sum(isinstance(a, (Seal, GiveUp)) for a in ends) - sum(isinstance(a, Bring) and a.lift > 0 for a in ends)
    assert popcount(state.sealed) == seals
    home = [a.treasure for a in ends if isinstance(a, Bring)]
    assert len(home) == len(set(home)) == popcount(state.treasures)
    assert all(state.treasures & (1 << RULES.treasure(key)[0]) for key in home)
    if state.phase == "over":
        assert (state.treasures == RULES.all_treasures) != (popcount(state.sealed) >= RULES.seal_limit)
    else:
        assert popcount(state.sealed) < RULES.seal_limit and state.treasures != RULES.all_treasures
    if state.phase in ("check", "failed"):
        assert len(state.dice) == 2 and all(1 <= d <= 6 for d in state.dice)
        assert (state.phase == "check") == bool(GAME.options(state))
    if state.phase == "roll":
        assert len(state.dice) < 2


@FAST
@given(seed=st.integers(0, 10**9), give_up=st.sampled_from([0.0, 0.05, 1.0]))
def test_random_games_end_and_conserve_numbers_and_treasures(seed: int, give_up: float) -> None:
    states, actions = random_game(seed, give_up)
    for state in states:
        check_invariants(state)
    last = states[-1]
    outcome = GAME.outcome(last)
    assert outcome is not None and outcome.reason in RULE_IDS and outcome.reason in ("win", "lose")
    # a trip ends every time a treasure, a failure or a give-up is played
    assert len(last.history) == sum(isinstance(a, (Bring, Seal, GiveUp)) for a in actions)


def candidates(state, rng: random.Random) -> list:
    numbers = [0, 1, 6, 7, 12, 13, 99]
    out = [RollDice(), Die(1, rng.randint(0, 7)), Die(2, rng.randint(0, 7)), Seal(rng.choice(numbers)), GiveUp(rng.choice(numbers))]
    out += [Check((rng.choice(numbers),)), Check((rng.randint(1, 6), rng.randint(1, 6))), Check(())]
    out += [Bring(rng.choice(["scarab", "mask", "skull", "salve", "fountain", "gold"]), rng.choice([0, 0, 1, 7, 12, 99]))]
    return out


@FAST
@given(seed=st.integers(0, 10**9))
def test_illegal_actions_raise_and_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    states, _ = random_game(seed, 0.05)
    for state in rng.sample(states, min(25, len(states))):
        legal = set(GAME.legal_actions(state))
        for action in candidates(state, rng):
            assert GAME.is_legal(state, action) is (action in legal)
            if action in legal:
                continue
            snapshot = copy.deepcopy(state)
            try:
                GAME.apply(state, action)
            except IllegalAction as error:
                assert error.rule_id in RULE_IDS | {"chance"}, error
                assert error.message_ja and error.message_en
            else:
                raise AssertionError(f"{action} was applied in {state}")
            assert state == snapshot


@FAST
@given(seed=st.integers(0, 10**9), table=st.booleans())
def test_records_round_trip_as_json(seed: int, table: bool) -> None:
    if table:
        _, actions = random_game(seed, 0.05)
        match = Match.new(GAME, seed=seed % 1000, table=True)
        for action in actions:
            match.play(action)
    else:
        match = Match.new(GAME, seed=seed, seats=["optimal"] if seed % 2 else ["random"])
        automatic_moves(match)
    assert match.is_over()
    text = match.to_json()
    json.loads(text)
    again = Match.from_record(json.loads(text), get_game)
    assert again.states == match.states and again.table == table
    for seat in range(GAME.num_seats(match.state)):
        assert json.loads(json.dumps(GAME.observe(match.state, seat)))["phase"] == "over"


@FAST
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 200))
def test_a_tampered_record_is_refused_whole(seed: int, cut: int) -> None:
    match = Match.new(GAME, seed=seed, seats=["random"])
    automatic_moves(match)
    record = match.to_record()
    actions = record["actions"]
    k = cut % len(actions)
    record["actions"] = actions[:k] + ["check 13"] + actions[k + 1 :]
    try:
        Match.from_record(record, get_game)
    except BadRecord as error:
        assert f"{k + 1}" in error.message_en
    else:
        raise AssertionError("a tampered record loaded")


def test_observation_shows_the_whole_sheet() -> None:
    states, _ = random_game(3, 0.05)
    for state in states[::7]:
        obs = GAME.observe(state, 0)
        assert GAME.state_from_observation(obs) == type(state)(
            treasures=state.treasures, sealed=state.sealed, checked=state.checked, dice=state.dice, phase=state.phase
        )
        assert sum(bit(n) for n in obs["checked"]) == state.checked
