"""Pig: a scenario per rule id, the worked examples, the bot, and properties of random play.

Started as the file ``rulebook new pig`` wrote and grown with the game
(docs/designing-a-game.md). The cross-game tests (tests/rulebook/test_contract.py
and the others that iterate the registry) check the engine contract too.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, UnreadableAction
from rulebook.core.text import load_rules
from rulebook.games.pig import GAME, GOAL, State
from rulebook.games.pig.actions import Die, Hold, Roll
from rulebook.games.pig.bots import HoldAt
from rulebook.games.pig.examples import turn_figures

RULE_IDS = set(load_rules("rulebook.games.pig")["en"].ids)


def refused(state, action, rule: str) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.rule_id == rule and rule in RULE_IDS
    assert info.value.message_ja and info.value.message_en


def rolls(state: State, *dice: int) -> State:
    for pips in dice:
        state = GAME.apply(GAME.apply(state, Roll()), Die(pips))
    return state


def test_players_one_to_four() -> None:
    for n in (1, 2, 3, 4):
        assert GAME.num_seats(GAME.initial_state({"players": n})) == n
    for bad in (0, 5, "2", None, 2.0):
        with pytest.raises(BadOption) as info:
            GAME.initial_state({"players": bad})
        assert info.value.rule_id == "players"


def test_roll_adds_to_the_turn_not_to_the_total() -> None:
    state = rolls(GAME.initial_state({"players": 2}), 5, 4)
    assert state.turn_total == 9 and state.totals == (0, 0) and GAME.current_player(state) == 0
    assert GAME.legal_actions(state) == [Roll(), Hold()]


def test_a_1_loses_the_turn_and_passes_the_die() -> None:
    state = rolls(GAME.initial_state({"players": 2}), 5, 4)
    state = GAME.apply(GAME.apply(state, Hold()), Roll())
    state = GAME.apply(state, Die(6))
    state = rolls(state, 1)
    assert state.totals == (9, 0) and state.turn_total == 0 and state.busted and GAME.current_player(state) == 0


def test_hold_banks_the_turn_and_needs_points() -> None:
    state = GAME.initial_state({"players": 3})
    refused(state, Hold(), "hold")
    state = GAME.apply(rolls(state, 6, 2), Hold())
    assert state.totals == (8, 0, 0) and state.seat == 1 and state.turn_total == 0 and state.turns == 1
    refused(state, Hold(), "hold")


def test_chance_only_after_a_roll_and_only_a_face() -> None:
    state = GAME.initial_state({"players": 1})
    refused(state, Die(3), "chance")
    rolling = GAME.apply(state, Roll())
    assert GAME.current_player(rolling) == CHANCE
    refused(rolling, Roll(), "roll")
    refused(rolling, Hold(), "roll")
    refused(rolling, Die(7), "chance")
    assert sum(p for _, p in GAME.chance_outcomes(rolling)) == pytest.approx(1)


def test_reaching_the_goal_wins_at_once() -> None:
    state = GAME.apply(rolls(GAME.initial_state({"players": 2}), *([6] * 16)), Hold())  # seat 1: 96
    state = rolls(state, 2)  # seat 2 scores a little
    state = GAME.apply(state, Hold())
    state = rolls(state, 4)  # seat 1: 96 + 4 = 100, no hold needed
    assert GAME.current_player(state) == TERMINAL and state.totals == (100, 2)
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.reason == "goal" and outcome.summary_en == "Seat 1 wins with 100."
    refused(state, Roll(), "goal")


def test_alone_the_score_is_the_number_of_turns() -> None:
    state = GAME.initial_state({"players": 1})
    state = rolls(state, 1)  # a lost turn counts
    for _ in range(4):
        state = GAME.apply(rolls(state, 6, 6, 6, 6), Hold())
    state = rolls(state, 4)
    assert state.totals == (100,) and state.turns == 6
    assert GAME.outcome(state).summary_en == "You reached 100 in 6 turns."


def test_moves_are_written_as_words() -> None:
    for text, action in (("roll", Roll()), (" HOLD ", Hold()), ("die 4", Die(4))):
        assert GAME.parse_action(text) == action
    with pytest.raises(UnreadableAction) as info:
        GAME.parse_action("bank")
    assert info.value.rule_id == "actions"


@pytest.mark.parametrize("dice, points, total", [("4 6 3", 13, 13), ("5 6 1", 0, 0), ("1", 0, 0), ("6 6 6", 18, 18)])
def test_worked_example_figures_come_from_the_engine(dice, points, total) -> None:
    assert turn_figures({"dice": dice}) == {"points": points, "total": total}


def test_the_bot_holds_at_20_or_at_the_goal() -> None:
    bot = HoldAt(20)
    rng = np.random.default_rng(0)
    state = rolls(GAME.initial_state({"players": 2}), 6, 6, 6)
    assert bot.choose(GAME.observe(state, 0), GAME.legal_actions(state), rng) == Roll()
    state = rolls(state, 2)
    assert bot.choose(GAME.observe(state, 0), GAME.legal_actions(state), rng) == Hold()
    assert "bots" in RULE_IDS


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 6)), min_size=1, max_size=300), st.integers(1, 4))
def test_random_play_keeps_the_rules(moves, players) -> None:
    """Points are conserved: banked totals are the sum of the held turns; nothing passes the goal but the winner."""
    state = GAME.initial_state({"players": players})
    banked = [0] * players
    for hold, pips in moves:
        if GAME.is_terminal(state):
            refused(state, Roll(), "goal")
            break
        seat = state.seat
        if hold and state.turn_total:
            banked[seat] += state.turn_total
            state = GAME.apply(state, Hold())
            continue
        before = state.turn_total
        state = GAME.apply(GAME.apply(state, Roll()), Die(pips))
        if pips == 1:
            assert state.turn_total == 0 and state.busted
        elif GAME.is_terminal(state):
            banked[seat] += before + pips
        else:
            assert state.turn_total == before + pips
        assert list(state.totals) == banked
    assert all(t < GOAL for k, t in enumerate(state.totals) if not GAME.is_terminal(state) or k != state.seat)


# ----- exact solo play (solver) ---------------------------------------------------------------
def test_the_solo_table_solves_its_own_equations() -> None:
    """Every ``E[s]`` is the fixed point of the turn's Bellman equation: rolling or holding, whichever is fewer."""
    from rulebook.games.pig.solver import expected_turns, solo_table

    expected, policy = solo_table(GOAL)
    assert expected[GOAL] == 0 and expected[GOAL - 1] == pytest.approx(1.2)  # 99: a 1 in 6 chance of starting again
    for s in range(0, GOAL, 7):
        assert expected_turns(GOAL, s, 0)["roll"] == pytest.approx(expected[s], abs=1e-9)
        for t in range(1, GOAL - s, 5):
            turns = expected_turns(GOAL, s, t)
            assert turns["hold"] == pytest.approx(1 + expected[s + t])
            assert policy[s][t] is (turns["hold"] < turns["roll"])
    assert 12 < expected[0] < 13


def test_exact_play_needs_fewer_turns_than_hold_at_20() -> None:
    """Seeded solo games: the exact bot's mean is its table's E[0] (within 3 standard errors) and below hold-at-20's."""
    from rulebook.games.pig.bots import FewestTurns
    from rulebook.games.pig.solver import solo_table

    def mean_turns(bot, games: int, seed: int) -> tuple[float, float]:
        rng = np.random.default_rng(seed)
        counts = []
        for _ in range(games):
            state = GAME.initial_state({"players": 1})
            while not GAME.is_terminal(state):
                state = GAME.apply(state, bot.choose(GAME.observe(state, 0), GAME.legal_actions(state), rng))
                if GAME.current_player(state) == CHANCE:
                    state = GAME.apply(state, Die(int(rng.integers(1, 7))))
            counts.append(state.turns)
        return float(np.mean(counts)), float(np.std(counts) / np.sqrt(games))

    exact, error = mean_turns(FewestTurns(), 1500, 1)
    assert abs(exact - solo_table(GOAL)[0][0]) < 3 * error
    hold20, _ = mean_turns(HoldAt(20), 1500, 1)  # hold-at-20 needs about 0.1 turn more: within the noise of 1500 games, not below it
    assert exact < hold20 + 2 * error
