"""Property tests: random sequences of moves never crash, refusals change nothing, records replay.

Moves are drawn from every kind the tracker knows, with numbers in and out
of range, so both legal and illegal moves come up; legality is the
engine's own ``is_legal``, cross-checked against ``legal_actions``.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.one_table import on_a_table

from rulebook.core import TERMINAL, IllegalAction, Match, UnreadableAction, get_game
from rulebook.core.text import load_rules
from rulebook.games.magos_solo import CHOICES, GAME, MAX_HP, Effect
from rulebook.games.magos_solo.actions import Attack, Lose, Next, Prev, Recover, ResetFaces, SetFace, SetHp, Win

RULE_IDS = set(load_rules("rulebook.games.magos_solo")["en"].ids)
FAST = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])

effects = st.builds(Effect, st.sampled_from(["miss", "hit", "heal", "special", "fire"]), st.integers(-1, 25))
moves = st.one_of(
    st.sampled_from([Next(), Next(), Next(), Prev(), Prev(), ResetFaces(), Win(), Lose()]),
    st.builds(SetFace, st.integers(-1, 8), effects),
    st.builds(SetHp, st.integers(-3, MAX_HP + 5)),
    st.builds(Attack, st.integers(-3, 40)),
    st.builds(Recover, st.integers(-3, 40)),
)
options = st.fixed_dictionaries({"enemy": st.sampled_from(["dummy", "custom"]), "turn5": st.sampled_from(["5-6", "5-6-6-6"])})


def check_invariants(state) -> None:
    assert state.turn >= 1
    assert len(state.faces) == 6 and all(face in CHOICES for face in state.faces)
    assert 0 <= state.hp <= state.hp_max <= MAX_HP
    assert state.dealt >= 0
    if state.tracked and state.hp == 0:
        assert state.result is not None and state.result.reason == "enemy-hp"
    assert (GAME.current_player(state) == TERMINAL) == (state.result is not None)
    obs = GAME.observe(state, 0)
    assert json.loads(json.dumps(obs)) == obs
    counted = [d for d in obs["dice"] if d["counted"]]
    assert obs["damage"] == sum(d["effect"][1] for d in counted if d["effect"][0] == "hit")
    assert sum(1 for d in obs["dice"] if d["pips"] == 6 and d["counted"]) <= 1


@FAST
@given(options, st.lists(moves, max_size=60))
def test_random_moves_never_crash_and_refusals_change_nothing(opts, sequence) -> None:
    match = Match.new(GAME, opts, seed=1)
    state = match.state
    for action in sequence:
        legal = GAME.legal_actions(state)
        if GAME.is_legal(state, action):
            assert action in legal
            assert GAME.parse_action(str(action)) == action
            match.play(action)
            state = match.state
        else:
            assert action not in legal
            snapshot = copy.deepcopy(state)
            try:
                GAME.apply(state, action)
            except IllegalAction as error:
                assert error.rule_id in RULE_IDS, error
                assert error.message_ja and error.message_en
            else:
                raise AssertionError(f"{action} was applied although is_legal said no")
            assert state == snapshot
        check_invariants(state)
    again = Match.from_record(json.loads(match.to_json()), get_game)
    assert again.states == match.states and again.options == match.options
    if match.can_undo():
        before = match.states[match.undo_start()]
        table = on_a_table(match)
        assert table.undo() and table.match.state == before


@FAST
@given(st.text(max_size=30))
def test_any_text_parses_to_an_action_or_is_refused_with_a_rule(text) -> None:
    try:
        action = GAME.parse_action(text)
    except UnreadableAction as error:
        assert error.rule_id == "actions"
    else:
        assert GAME.parse_action(str(action)) == action


@FAST
@given(st.integers(1, 500), st.lists(st.tuples(st.integers(1, 6), st.sampled_from(CHOICES)), max_size=8))
def test_turns_loop_whatever_the_table(turn, edits) -> None:
    state = GAME.initial_state()
    for face, effect in edits:
        if GAME.is_legal(state, SetFace(face, effect)):
            state = GAME.apply(state, SetFace(face, effect))
    now = GAME.turn_result(state, turn)
    if turn >= 9:
        assert now == GAME.turn_result(state, turn + 3)
        assert now == GAME.turn_result(state, 6 + (turn - 9) % 3)
    long = replace(state, long5=True)
    other = GAME.turn_result(long, turn)
    assert (other.damage, other.heal, other.specials) == (now.damage, now.heal, now.specials)
