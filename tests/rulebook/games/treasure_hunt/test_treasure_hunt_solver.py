"""The exact advice (TH-4): Bellman equations on reachable states, plain recursions on smaller
sheets, the shipped values against a fresh solve, blocks against the full solve, the bots."""

from __future__ import annotations

import json
import random
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.th_helpers import SALVE_TRIP, SMALL, play, reference_values

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, TERMINAL, Match
from rulebook.games.treasure_hunt import GAME, Rules, Treasure, TreasureHunt, action_values, optimal_win_probability
from rulebook.games.treasure_hunt import solver
from rulebook.games.treasure_hunt.actions import Bring, GiveUp, RollDice
from rulebook.games.treasure_hunt.bots import OptimalBot
from rulebook.games.treasure_hunt.game import State
from rulebook.games.treasure_hunt.model import RULES, bit, eligible, failure_seals, mask_of, numbers_of, open_options, popcount

START = 0.66671458902769
"""The optimal win probability of a new game (the shipped values; a test re-solves it)."""


def reachable_states(count: int, seed: int) -> list:
    """States met by a mix of random and optimal play (every phase, seals, treasures, lifts)."""
    rng = random.Random(seed)
    bot = OptimalBot()
    found = []
    while len(found) < count:
        state = GAME.initial_state()
        while GAME.current_player(state) != TERMINAL:
            found.append(state)
            if GAME.current_player(state) == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choice([a for a, _ in outcomes])
            elif rng.random() < 0.7:
                action = bot.choose(GAME.observe(state, 0), GAME.legal_actions(state), np.random.default_rng(0))
            else:
                action = rng.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action)
    return rng.sample(found, count)


def test_optimal_win_probability_of_a_new_game() -> None:
    p = optimal_win_probability()
    assert p == pytest.approx(START, abs=1e-12)
    assert 0 < p < 1


def test_shipped_values_are_what_a_fresh_solve_gives() -> None:
    values, facts = solver.solve(RULES)
    shipped = solver.shipped_values(RULES)
    assert shipped is not None
    assert np.array_equal(values, shipped), float(np.abs(values - shipped).max())
    assert facts["states"] == 2_983_936
    assert values[0, 0] == pytest.approx(START, abs=1e-15)


def test_a_tampered_values_file_is_refused() -> None:
    text = solver.values_to_json(RULES, solver.shipped_values(RULES))
    assert solver.values_from_json(RULES, text) is not None
    data = json.loads(text)
    data["values"][3][5] += 1e-9
    with pytest.raises(solver.BadValues):
        solver.values_from_json(RULES, json.dumps(data))
    data = json.loads(text)
    data["rules"] = "numbers=11"
    with pytest.raises(solver.BadValues):
        solver.values_from_json(RULES, json.dumps(data))


@pytest.fixture(scope="module")
def advice() -> solver.Advice:
    return solver.advice(RULES)


def bellman(advice: solver.Advice, state) -> float:
    """The value ``state`` must have, computed here from the engine (legal actions, chance
    outcomes, apply) with the solver asked only for the values of the *next* states."""

    def after(state, action) -> float:
        return advice.state_value(GAME.apply(state, action))

    if GAME.current_player(state) == CHANCE:
        return sum(p * after(state, a) for a, p in GAME.chance_outcomes(state))
    if state.phase != "ready":
        return max(after(state, move) for move in GAME.legal_actions(state))
    rolling = GAME.apply(state, RollDice())
    roll = 0.0
    for first, p in GAME.chance_outcomes(rolling):
        one = GAME.apply(rolling, first)
        for second, q in GAME.chance_outcomes(one):
            both = GAME.apply(one, second)
            roll += p * q * max(after(both, move) for move in GAME.legal_actions(both))
    others = [after(state, move) for move in GAME.legal_actions(state) if not isinstance(move, RollDice)]
    return max([roll] + others)


@settings(deadline=None, max_examples=30, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**9), share=st.sampled_from([0.3, 0.7, 1.0]))
def test_bellman_equations_hold_on_reachable_states(advice: solver.Advice, seed: int, share: float) -> None:
    """Each state's value is the best of its moves, a roll's value the average over the 36 rolls."""
    rng = random.Random(seed)
    bot = OptimalBot()
    state = GAME.initial_state()
    while GAME.current_player(state) != TERMINAL:
        value = advice.state_value(state)
        assert 0.0 <= value <= 1.0
        assert value == pytest.approx(bellman(advice, state), abs=1e-12), state
        if GAME.current_player(state) == CHANCE:
            action = rng.choice([a for a, _ in GAME.chance_outcomes(state)])
        elif rng.random() < share:
            action = bot.choose(GAME.observe(state, 0), GAME.legal_actions(state), np.random.default_rng(0))
        else:
            action = rng.choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)
    assert advice.state_value(state) == (1.0 if GAME.outcome(state).winners else 0.0)


def test_action_values_cover_exactly_the_legal_moves(advice: solver.Advice) -> None:
    for state in reachable_states(120, seed=9):
        values = action_values(state)
        assert set(values) == set(GAME.legal_actions(state))
        assert all(0.0 <= v <= 1.0 for v in values.values())
        if GAME.current_player(state) != CHANCE:
            assert max(values.values()) == pytest.approx(advice.state_value(state), abs=1e-12)


def test_a_plain_recursion_over_engine_states_agrees_on_a_small_sheet() -> None:
    game = TreasureHunt(SMALL)
    reference, memo = reference_values(game)
    values, _ = solver.solve(SMALL)
    small = solver.Advice(SMALL, values)
    assert small.start_value() == pytest.approx(reference(game.initial_state()), abs=1e-12)
    assert len(memo) > 20_000  # every state reachable on that sheet, all phases
    rng = random.Random(2)
    for k in rng.sample(sorted(memo), 3000):
        state = State(treasures=k[0], sealed=k[1], checked=k[2], dice=k[3], phase=k[4])
        assert small.state_value(state) == pytest.approx(memo[k], abs=1e-12), state
        for action, v in small.action_values(state).items():
            assert v == pytest.approx(reference(game.apply(state, action)), abs=1e-12), (state, action)


def model_reference(rules: Rules):
    """The recursion written from the rules text with bit masks (no engine, no numpy)."""
    full = rules.all_treasures

    @lru_cache(maxsize=None)
    def V(t: int, s: int) -> float:
        if t == full:
            return 1.0
        if popcount(s) >= rules.seal_limit:
            return 0.0
        return W(t, s, 0)

    @lru_cache(maxsize=None)
    def W(t: int, s: int, c: int) -> float:
        roll = 0.0
        for a in range(1, rules.faces + 1):
            for b in range(1, rules.faces + 1):
                options = open_options(rules, a, b, c, s)
                if options:
                    v = max(W(t, s, c | mask_of(o)) for o in options)
                else:
                    v = max(V(t, s | bit(n)) for n in failure_seals(rules, a, b, s))
                roll += v / rules.faces**2
        best = roll
        for i, treasure in enumerate(rules.treasures):
            if not t >> i & 1 and eligible(treasure, c):
                best = max(best, V(t | 1 << i, s))
                if treasure.unseal:
                    best = max([best] + [V(t | 1 << i, s & ~bit(n)) for n in numbers_of(s)])
        return max([best] + [V(t, s | bit(n)) for n in range(1, rules.numbers + 1) if not s & bit(n)])

    return V, W


def test_every_state_of_a_mid_sized_sheet_agrees_with_a_plain_recursion() -> None:
    rules = Rules(
        numbers=8,
        faces=4,
        seal_limit=3,
        treasures=(
            Treasure("a", "a", "a", "count", 6),
            Treasure("c", "c", "c", "run", 3, unseal=True),
            Treasure("d", "d", "d", "run", 5, unseal=True),
        ),
    )
    V, W = model_reference(rules)
    values, facts = solver.solve(rules, keep_tables=True)
    tables = solver.tables_for(rules)
    compared = 0
    for (k, t), block in facts["blocks"].items():
        for row, s in enumerate(tables.sealed_sets[k]):
            s = int(s)
            assert values[t, tables.s_index[s]] == pytest.approx(V(t, s), abs=1e-12)
            expected = np.array([W(t, s, int(c)) for c in tables.expand[k][row]])
            assert np.allclose(block[row], expected, rtol=0, atol=1e-12), (t, s)
            compared += len(expected)
    assert compared == tables.total_states


def test_a_block_solved_alone_equals_the_same_block_of_the_full_solve(advice: solver.Advice) -> None:
    _, facts = solver.solve(RULES, keep_tables=True)
    tables = solver.tables_for(RULES)
    rng = random.Random(7)
    keys = rng.sample(sorted(facts["blocks"]), 25)
    for k, t in keys:
        row = rng.randrange(len(tables.sealed_sets[k]))
        s = int(tables.sealed_sets[k][row])
        fresh = solver.Advice(RULES, advice.values)
        assert np.array_equal(fresh.block(t, s), facts["blocks"][(k, t)][row])


def test_progress_is_reported_up_to_every_state() -> None:
    seen = []
    solver.solve(SMALL, progress=lambda done, total: seen.append((done, total)))
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] == solver.tables_for(SMALL).total_states
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_optimal_bot_takes_the_best_move(advice: solver.Advice) -> None:
    bot = OptimalBot()
    for state in reachable_states(80, seed=11):
        if GAME.current_player(state) == CHANCE:
            continue
        legal = GAME.legal_actions(state)
        pick = bot.choose(GAME.observe(state, 0), legal, np.random.default_rng(0))
        values = advice.action_values(state)
        assert values[pick] == pytest.approx(max(values.values()), abs=1e-12)
        assert pick == next(a for a in legal if values[a] >= max(values.values()) - 1e-12)


def test_best_play_prefers_rolling_on_a_fresh_sheet_and_lifting_seals(advice: solver.Advice) -> None:
    values = action_values(GAME.initial_state())
    assert max(values, key=values.get) == RollDice()
    assert all(values[GiveUp(n)] < values[RollDice()] for n in range(1, 13))
    state = play("give-up 12", SALVE_TRIP)
    values = action_values(state)
    assert values[Bring("salve", 12)] > values[Bring("salve")]


def test_the_optimal_bot_wins_about_as_often_as_the_solver_says() -> None:
    games = 100
    wins = 0
    for seed in range(games):
        match = Match.new(GAME, seed=seed, seats=["optimal"])
        automatic_moves(match)
        wins += bool(match.state.result.winners)
    sigma = (START * (1 - START) / games) ** 0.5
    assert abs(wins / games - START) < 3.5 * sigma, wins


def test_the_random_bot_rarely_wins() -> None:
    wins = 0
    for seed in range(60):
        match = Match.new(GAME, seed=seed, seats=["random"])
        automatic_moves(match)
        wins += bool(match.state.result.winners)
    assert wins <= 3
