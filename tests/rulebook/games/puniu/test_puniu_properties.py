"""Property tests: random games of 1–6 seats end, refusals change nothing, records round-trip."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, TERMINAL, IllegalAction, Match, get_game
from rulebook.games.puniu import GAME, category_score, final_score
from rulebook.games.puniu.actions import Reroll, Roll, Score
from rulebook.games.puniu.scoring import CATEGORIES

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

JUNK = [
    Roll(0, 0), Roll(7, 3), Roll(0, 7), Reroll(()), Reroll((5,)), Reroll((1, 1)), Reroll((3, 2)),
    Score("7s"), Score("kind"), Score("kind", 9), Score("6s", 6), Score("yacht"),
]


def play_random(data_draw, players: int, bots: bool):
    """A random game: random legal moves (or bots), checking invariants at every step."""
    seed = data_draw(st.integers(0, 10**6))
    kinds = [data_draw(st.sampled_from(["hint", "greedy", "random"])) for _ in range(players)] if bots else None
    match = Match.new(GAME, {"players": players}, seed=seed, seats=kinds)
    if bots:
        automatic_moves(match)
        return match
    import random

    rng = random.Random(seed)
    for _ in range(2000):
        state = match.state
        player = GAME.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            match.step_auto()
            continue
        legal = GAME.legal_actions(state)
        # every junk action is refused with a rule id and changes nothing
        for junk in rng.sample(JUNK, 3):
            if junk in legal:
                continue
            try:
                GAME.apply(state, junk)
            except IllegalAction as error:
                assert error.rule_id
            else:
                raise AssertionError(f"{junk} accepted")
            assert match.state is state and GAME.legal_actions(state) == legal
        match.play(rng.choice(legal))
    return match


def check_finished(match: Match, players: int) -> None:
    assert match.is_over()
    state = match.state
    outcome = GAME.outcome(state)
    assert len(outcome.scores) == players
    for k, sheet in enumerate(state.sheets):
        assert all(e is not None for e in sheet.entries)  # every category used exactly once
        assert outcome.scores[k] == final_score(sheet.entries)
        assert 0 <= outcome.scores[k] <= sum(e[0] for e in sheet.entries)
    top = max(outcome.scores)
    assert outcome.winners == tuple(k for k, s in enumerate(outcome.scores) if s == top)
    scores = [a for a in match.actions if isinstance(a, Score)]
    assert len(scores) == 8 * players
    # conservation: every written entry is the dice in hand scored by category_score
    for k, action in enumerate(match.actions):
        if isinstance(action, Score):
            before = match.states[k]
            entry = match.states[k + 1].sheets[before.turn].entries[CATEGORIES.index(action.category)]
            assert entry == category_score(before.dice, action.category, action.face or None)
            assert all(1 <= d <= 6 for d in before.dice)


@FAST
@given(players=st.integers(1, 6), data=st.data())
def test_random_legal_play_reaches_the_end(players, data) -> None:
    match = play_random(data.draw, players, bots=False)
    check_finished(match, players)


@FAST
@given(players=st.integers(1, 6), data=st.data())
def test_bot_games_reach_the_end_and_round_trip_as_json(players, data) -> None:
    match = play_random(data.draw, players, bots=True)
    check_finished(match, players)
    text = match.to_json()
    again = Match.from_record(json.loads(text), get_game)
    assert again.states == match.states and again.seats == match.seats
    assert json.loads(again.to_json()) == json.loads(text)


@FAST
@given(data=st.data())
def test_table_mode_records_round_trip(data) -> None:
    players = data.draw(st.integers(1, 3))
    match = Match.new(GAME, {"players": players}, seed=1, table=True, seats=["hint"] * players)
    for _ in range(400):
        if match.is_over():
            break
        if match.current_player == CHANCE:
            die = match.state.dice.index(0)
            match.play(Roll(die, data.draw(st.integers(1, 6))))
        else:
            automatic_moves(match)
    again = Match.from_record(json.loads(match.to_json()), get_game)
    assert again.states == match.states and again.table


@FAST
@given(dice=st.lists(st.integers(1, 6), min_size=5, max_size=5), face=st.integers(1, 6))
def test_every_category_splits_the_pips_into_score_and_penalty(dice, face) -> None:
    for category in CATEGORIES:
        score, penalty = category_score(dice, category, face if category == "kind" else None)
        if category == "kind":
            assert score == 10 and penalty == sum(d for d in dice if d != face)
        else:
            assert score + penalty == sum(dice)


@FAST
@given(entries=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), min_size=8, max_size=8))
def test_final_score_is_the_sum_minus_the_top_scores_of_the_band(entries) -> None:
    penalty = sum(p for _, p in entries)
    k = 0 if penalty <= 30 else min(8, (penalty - 21) // 10)
    scores = sorted((s for s, _ in entries), reverse=True)
    assert final_score(entries) == sum(scores[k:])
