"""Property tests: random games of every set-up end, refusals change nothing, dice are conserved, records replay."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, TERMINAL, IllegalAction, Match, UnreadableAction
from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower.actions import OFF, PASS, REROLL, STAND, Burst, Face, Place, Remove, parse
from rulebook.games.dice_of_tower.game import state_from_observation
from rulebook.games.dice_of_tower.state import DICE_PER_SEAT

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SETUPS = st.sampled_from(
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 2, "height_risk": 0, "step_risk": 0, "reroll_risk": 0},
        {"players": 4, "sizes": "MMMMMMMM", "height_risk": 200, "step_risk": 200, "reroll_risk": 200},
        {"players": 3, "mode": "table"},
    ]
)


def junk(state, rng):
    """Candidate actions, mostly illegal: other dice, other towers, other phases' moves."""
    n = len(state.faces)
    out = [REROLL, PASS, STAND, OFF, Face(rng.randrange(0, 8)), Burst(rng.randrange(n + 2)), Remove(rng.randrange(n + 2))]
    out += [Place(rng.randrange(n + 2), rng.randrange(n + 2)) for _ in range(6)]
    return out


def check_invariants(state, removed_before) -> None:
    on_table = [d for t in state.towers for d in t]
    assert len(on_table) == len(set(on_table)), "a die in two places"
    assert set(on_table) == {d for d in range(len(state.faces)) if not state.removed[d]}, "every die is on the table or out"
    assert len(state.faces) == DICE_PER_SEAT * state.players
    assert all(state.removed[d] for d in removed_before), "a removed die came back"
    assert list(state.towers) == sorted(state.towers)
    assert all(1 <= state.faces[d] <= 6 for t in state.towers if len(t) > 1 for d in t), "dice in towers show a face"


@FAST
@given(st.data(), SETUPS)
def test_random_games_end_and_refusals_change_nothing(data, options) -> None:
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    state = GAME.initial_state(options)
    removed = set()
    for _ in range(5000):
        player = GAME.current_player(state)
        if player == TERMINAL:
            break
        legal = GAME.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        for action in junk(state, rng):
            legal_here = action in legal
            assert GAME.is_legal(state, action) is legal_here
            if not legal_here:
                before = state
                try:
                    GAME.apply(state, action)
                except IllegalAction as error:
                    assert error.rule_id and error.message_ja and error.message_en
                else:
                    raise AssertionError(f"{action} accepted")
                assert state == before
        for action in legal:
            assert parse(str(action)) == action
        if player == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal)
            observation = GAME.observe(state, player)
            assert json.loads(json.dumps(observation)) == observation
            assert state_from_observation(observation) == state
        state = GAME.apply(state, action)
        check_invariants(state, removed)
        removed = {d for d in range(len(state.faces)) if state.removed[d]}
    assert GAME.is_terminal(state)
    outcome = GAME.outcome(state)
    assert len(outcome.scores) == state.players and outcome.winners
    assert len(state.rounds) == state.players
    assert tuple(sum(r[c] for r in state.rounds) for c in range(state.colours)) == state.scores
    if state.players == 4:
        assert outcome.scores[0] == outcome.scores[2] and outcome.scores[1] == outcome.scores[3]


@FAST
@given(st.integers(0, 10**6), SETUPS)
def test_records_replay_to_the_same_states(seed, options) -> None:
    n = options["players"]
    kinds = ["rules", "random", "rules", "random"][:n]
    match = Match.new(GAME, options, seed=seed, seats=kinds, table=options.get("mode") == "table")
    if match.table:  # real dice are entered: play chance by hand from a seeded generator
        rng = random.Random(seed)
        for _ in range(3000):
            automatic_moves(match)
            if match.is_over():
                break
            outcomes = GAME.chance_outcomes(match.state)
            match.play(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    else:
        automatic_moves(match)
    assert match.is_over()
    again = Match.from_record(json.loads(match.to_json()), lambda name: GAME)
    assert again.states == match.states


def test_unreadable_text_is_not_an_illegal_move() -> None:
    for text in ("", "place", "burst x", "face -1", "remove 1 2"):
        try:
            parse(text)
        except UnreadableAction as error:
            assert error.rule_id == "actions"
        else:
            raise AssertionError(text)
