"""Scenarios for the Dice of Tower rules the issue-19 audit found off (DT-6, DT-7), each citing its reading."""

from __future__ import annotations

from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower.actions import REROLL, Burst, Face, Remove
from rulebook.games.dice_of_tower.state import Phase

from test_dice_of_tower_engine import table


def _lone_die_rerolled_and_burst():
    """Seat 1's only lone die (0) cannot be placed, is re-rolled to 2, and the re-roll knocks over the tower on die 6."""
    state = table([[(0, 1)], [(6, 3), (9, 4)]], options={})
    state = GAME.apply(state, REROLL)
    state = GAME.apply(state, Face(2))
    assert state.phase == Phase.REROLL_RISK
    state = GAME.apply(state, Burst(6))
    state = GAME.apply(GAME.apply(state, Face(5)), Face(6))
    assert state.phase == Phase.LOSE and state.turn == 0
    return state


def test_burst_while_rerolling_the_last_lone_die_ends_the_round() -> None:
    """DT-6: `reroll, face 2, burst 6, remove 6` ends the round, as a burst while placing the last die does."""
    lose = _lone_die_rerolled_and_burst()
    assert lose.last_single
    after = GAME.apply(lose, Remove(6))
    assert after.round == 2 and len(after.rounds) == 1 and after.phase == Phase.ROLL
    # DT-7: the removed die stays out of the next round; every other die is rolled again
    assert after.removed[6] and 6 not in after.queue and {0, 9} <= set(after.queue)


def test_burst_while_rerolling_with_other_lone_dice_keeps_the_round() -> None:
    """DT-6 only concerns the last lone die: with another lone die on the table the round goes on."""
    state = table([[(0, 1)], [(10, 1)], [(6, 3), (9, 4)]], options={})
    state = GAME.apply(state, REROLL)
    state = GAME.apply(state, Face(2))
    state = GAME.apply(state, Burst(6))
    state = GAME.apply(GAME.apply(state, Face(5)), Face(6))
    assert not state.last_single
    after = GAME.apply(state, Remove(6))
    assert after.round == 1 and after.phase == Phase.TURN and after.turn == 1
