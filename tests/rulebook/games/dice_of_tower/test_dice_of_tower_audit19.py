"""Scenarios for the Dice of Tower rules the issue-19 audit found off (DT-6, DT-7, DT-8), each citing its reading."""

from __future__ import annotations

import pytest

from rulebook.core import IllegalAction
from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower.actions import REROLL, Bump, Burst, Face, Place, Quake, Remove, parse
from rulebook.games.dice_of_tower.state import Phase

from tests.rulebook.games.dice_of_tower.test_dice_of_tower_engine import table


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


# ----- DT-8: the source's rare cases, entered in table mode ---------------------------------------------------
TABLE = {"height_risk": 0, "step_risk": 0, "reroll_risk": 0, "mode": "table"}


def test_an_earthquake_topples_a_tower_and_nobody_loses_a_die() -> None:
    """DT-8: `quake` at the collapse check: the placement stood, the toppled tower's dice lie again, play goes on."""
    state = table([[(0, 2)], [(8, 5)], [(1, 3)], [(9, 6), (2, 1)]], options=TABLE)
    risky = GAME.apply(state, Place(0, 8))
    assert Quake(9) in GAME.legal_actions(risky) and Quake(8) in GAME.legal_actions(risky)
    shaken = GAME.apply(risky, Quake(9))
    assert shaken.phase == Phase.ROLL and shaken.queue == (2, 9) and (8, 0) in shaken.towers  # the placement stood
    after = GAME.apply(GAME.apply(shaken, Face(4)), Face(5))
    assert after.removed == state.removed and after.phase == Phase.TURN and after.turn == 1 and after.last.kind == "quake"


def test_whoever_bumps_the_table_removes_one_of_their_dice() -> None:
    """DT-8: `bump 1 9` during seat 1's placement: seat 2 (who bumped) removes one of its lone dice, then play goes on."""
    state = table([[(0, 2)], [(8, 5)], [(10, 3)], [(9, 6), (2, 1)]], options=TABLE)
    risky = GAME.apply(state, Place(0, 8))
    bumped = GAME.apply(risky, Bump(1, 9))
    bumped = GAME.apply(GAME.apply(bumped, Face(4)), Face(5))
    assert bumped.phase == Phase.LOSE and GAME.current_player(bumped) == 1
    assert GAME.legal_actions(bumped) == [Remove(9), Remove(10)]
    refused = GAME.legal_actions(bumped)
    assert Remove(2) not in refused
    after = GAME.apply(bumped, Remove(10))
    assert after.removed[10] and not after.removed[0] and after.turn == 1 and after.phase == Phase.TURN and after.loser == -1


def test_a_bump_after_a_re_roll_lets_the_re_roller_go_on() -> None:
    state = table([[(0, 1)], [(6, 3), (9, 4)], [(10, 2)]], options=TABLE)
    state = GAME.apply(GAME.apply(state, REROLL), Face(1))
    assert state.phase == Phase.REROLL_RISK
    bumped = GAME.apply(state, Bump(1, 6))
    bumped = GAME.apply(GAME.apply(bumped, Face(6)), Face(6))
    assert GAME.current_player(bumped) == 1 and bumped.phase == Phase.LOSE
    after = GAME.apply(bumped, Remove(9))
    assert after.phase == Phase.AFTER_REROLL and after.turn == 0  # the re-roller places if it can, else passes


def test_rare_cases_are_table_mode_entries_only() -> None:
    state = table([[(0, 2)], [(8, 5)], [(9, 6), (2, 1)]], options={})
    risky = GAME.apply(state, Place(0, 8))
    assert not any(isinstance(a, (Quake, Bump)) for a in GAME.legal_actions(risky))
    with pytest.raises(IllegalAction):
        GAME.apply(risky, Quake(9))
    table_risky = GAME.apply(table([[(0, 2)], [(8, 5)], [(9, 6), (2, 1)]], options=TABLE), Place(0, 8))
    with pytest.raises(IllegalAction):
        GAME.apply(table_risky, Bump(0, 9))  # the seat acting does not "bump": its own fall is a burst
    assert parse("quake 9") == Quake(9) and parse("bump 1 9") == Bump(1, 9) and str(Bump(1, 9)) == "bump 1 9"
