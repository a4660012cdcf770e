"""Property tests: random games end, cards are conserved, refusals change nothing, records replay,
and sampled worlds agree with what their seat saw."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.ring_states import bot_policy, check_invariants, play_game, random_policy, table

from tests.support.automatic import automatic_moves

from rulebook.core import SPECTATOR, IllegalAction, Match, get_game
from rulebook.games.ring import GAME
from rulebook.games.ring.actions import DEAL, DISCARD, PLAY, ROLL, TAKE
from rulebook.games.ring.cards import CARD_IDS, COIN, SUIT
from rulebook.games.ring.sample import _voids

FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=25)
EVERY_ACTION = [*DEAL, *DISCARD, *PLAY, *ROLL[1:], *TAKE[1:]]
options_st = st.builds(lambda n, b: {"players": n, "just_bonus": b}, st.integers(3, 5), st.booleans())


@FAST
@given(options=options_st, seed=st.integers(0, 10**6), mix=st.lists(st.sampled_from(["random", "rules"]), min_size=5, max_size=5))
def test_random_games_end_and_conserve_the_cards(options, seed, mix) -> None:
    policies = [random_policy if kind == "random" else bot_policy("rules") for kind in mix]
    seen_phases = set()

    def check(state):
        check_invariants(state)
        seen_phases.add(state.phase)

    final, actions = play_game(options, seed, policies[: options["players"]], on_state=check)
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.reason == "game-end"
    assert min(final.rings) < 1
    alive = [k for k, r in enumerate(final.rings) if r >= 1]
    if alive:
        top = max(final.rings[k] for k in alive)
        assert all(final.rings[k] == top for k in outcome.winners)
    else:
        assert outcome.winners == ()
    assert seen_phases == {0, 1, 2, 3, 4, 5}


@FAST
@given(options=options_st, seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, len(EVERY_ACTION) - 1), min_size=20, max_size=20))
def test_illegal_actions_raise_and_change_nothing(options, seed, picks) -> None:
    states = []
    play_game(options, seed, on_state=states.append)
    rng = np.random.default_rng(seed)
    for k, pick in enumerate(picks):
        state = states[int(rng.integers(len(states)))]
        legal = set(GAME.legal_actions(state))
        action = EVERY_ACTION[pick]
        before = (state, hash(state))
        if action in legal:
            GAME.apply(state, action)
        else:
            with pytest.raises(IllegalAction) as info:
                GAME.apply(state, action)
            assert info.value.message_ja and info.value.message_en
        assert (state, hash(state)) == before


@FAST
@given(options=options_st, seed=st.integers(0, 10**6), table=st.booleans())
def test_records_round_trip_as_json(options, seed, table) -> None:
    n = options["players"]
    match = Match.new(GAME, options, seed=seed, table=table, seats=["rules"] * n)
    if table:
        _, actions = play_game(options, seed, [bot_policy("rules")] * n)
        for action in actions:
            match.play(action)
    else:
        automatic_moves(match)
    assert match.is_over()
    text = match.to_json()
    again = Match.from_record(json.loads(text), get_game)
    assert again.states == match.states
    json.loads(json.dumps(GAME.observe(match.state, 0)))


@FAST
@given(options=options_st, seed=st.integers(0, 10**6))
def test_sampled_worlds_look_the_same_to_their_seat(options, seed) -> None:
    """observe(sample_state(o, seat), seat) == o, the same legal moves, and what the table showed holds."""
    states = []
    play_game(options, seed, [bot_policy("rules")] * options["players"], on_state=states.append)
    rng = np.random.default_rng(seed)
    n = options["players"]
    for state in states[:: max(1, len(states) // 40)] + states[-1:]:
        player = GAME.current_player(state)
        for seat in [*range(n), SPECTATOR]:
            seen = GAME.observe(state, seat)
            world = GAME.sample_state(seen, seat, rng)
            assert GAME.observe(world, seat) == seen
            check_invariants(world)
            if seat == player:
                assert GAME.legal_actions(world) == GAME.legal_actions(state)
            voids = _voids(n, world.tricks, world.trick, world.leader, world.penalties)
            for q in range(n):
                if q != seat:
                    assert not any(SUIT[c] in voids[q] for c in world.hands[q]), "a sampled hand breaks a shown void"


def test_samples_vary_and_respect_the_coin_only_penalty() -> None:
    hands = [["ruby-5", "emerald-4", "ruby-7"], ["coin-7", "coin-0", "coin-1"], ["amethyst-5", "emerald-5", "ruby-4"], ["ruby-6", "sapphire-6", "diamond-6"], ["ruby-2", "amethyst-1", "sapphire-7"]]
    earlier = [
        (0, ["diamond-7", "emerald-6", "sapphire-5", "emerald-7", "sapphire-3"], [0]),
        (0, ["grayspinel-7", "grayspinel-6", "grayspinel-5", "amethyst-2", "amethyst-3"], [0]),
    ]
    state = table(hands, centre=2, tricks=earlier, leader=0)
    for name in ["ruby-5", "coin-1", "ruby-4", "ruby-6", "ruby-2"]:
        state = GAME.apply(state, PLAY[CARD_IDS[name]])
    assert state.penalties == ((3, 1),)
    seat = GAME.current_player(state)
    seen = GAME.observe(state, seat)
    rng = np.random.default_rng(0)
    worlds = {GAME.sample_state(seen, seat, rng).hands for _ in range(60)}
    assert len(worlds) > 5
    for hands_ in worlds:
        assert all(SUIT[c] == COIN for c in hands_[1]), "seat 1 showed it holds only Coins"
