"""Scenarios for issue 32's Dice of Tower follow-ups, each citing its reading.

DT-9, from the source's 「崩れても2段以上残ったタワーはそのままの状態で継続」 (a tower that collapses but keeps
two or more levels stays as it is and play goes on) and 「バーストで崩れたダイスは崩れた状態の目のまま置いておきます」
(fallen dice lie as they fell): at a real table a person says how many levels still stand (``keep N``),
the dice above them lie alone and are entered as they lie, the standing levels keep their dice and faces.
The screen's model (DT-4) is unchanged: there a tower falls whole.
"""

from __future__ import annotations

import pytest

from rulebook.core.text import load_rules
from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower import collapse, round_scores
from rulebook.games.dice_of_tower.actions import PASS, REROLL, STAND, Bump, Burst, Face, Place, Quake, Remove, parse
from rulebook.games.dice_of_tower.state import Phase

from tests.rulebook.games.dice_of_tower.test_dice_of_tower_engine import PERFECT, refused, table

TABLE = {**PERFECT, "mode": "table"}
# die ids: seat s owns 8s..8s+7, sizes S S S M M M L L


def three_high(options):
    """Seat 1's lone die 6 (L, showing 2) and a tower of three, dice 8 (5), 1 (2) and 14 (L, 5), topped by Seat 2's 14."""
    return table([[(6, 2)], [(8, 5), (1, 2), (14, 5)], [(10, 3)]], options=options)


def test_dt9_a_burst_while_placing_can_leave_the_lower_levels_standing() -> None:
    """`burst 8 keep 2`: only the top die (14) fell; dice 8 and 1 stand as they were; the die in hand is lost."""
    risky = GAME.apply(three_high(TABLE), Place(6, 14))
    outcomes = dict(GAME.chance_outcomes(risky))
    assert {Burst(8), Burst(8, 1), Burst(8, 2)} <= set(outcomes) and Burst(8, 3) not in outcomes
    assert sum(outcomes[Burst(8, k)] for k in range(3)) == pytest.approx(collapse.TABLE_FLOOR)  # the model's chance, shared
    error = refused(risky, Burst(8, 3), "collapse")
    assert "3 levels" in error.message_en and "3 段" in error.message_ja
    refused(risky, Burst(6, 1), "chance")  # not the tower being placed on: no fall of it to enter at all
    fell = GAME.apply(risky, parse("burst 8 keep 2"))
    assert fell.removed[6] and fell.phase == Phase.ROLL and fell.queue == (14,)  # only the fallen die is entered
    assert (8, 1) in fell.towers and (14,) in fell.towers
    fell = GAME.apply(fell, Face(3))  # the fallen die lies showing 3
    assert fell.phase == Phase.TURN and fell.turn == 1
    assert (fell.faces[8], fell.faces[1], fell.faces[14]) == (5, 2, 3)  # the standing levels keep their faces
    assert round_scores(fell) == (2 * 2, 3 + 3)  # Seat 1 tops the standing two levels; Seat 2 has dice 10 and 14 alone
    assert fell.last.kind == "burst-place" and fell.last.standing == 2


def test_dt9_one_level_left_is_a_lone_die_that_did_not_move() -> None:
    """`burst 8 keep 1`: dice 1 and 14 fell and are entered; die 8 stays, its face unchanged, now a lone die."""
    fell = GAME.apply(GAME.apply(three_high(TABLE), Place(6, 14)), Burst(8, 1))
    assert fell.queue == (1, 14) and (8,) in fell.towers and fell.faces[8] == 5


def test_dt9_a_partial_fall_while_rerolling_then_the_re_roller_loses_a_die() -> None:
    """The re-roll knocks the top off a tower of three (`burst 9 keep 2`): the player still loses a lone die (DT-4)."""
    state = table([[(0, 2)], [(1, 3)], [(8, 6)], [(9, 1), (2, 6), (10, 1)]], options=TABLE)
    state = GAME.apply(GAME.apply(GAME.apply(state, REROLL), Face(2)), Face(3))
    assert state.phase == Phase.REROLL_RISK and Burst(9, 2) in GAME.legal_actions(state)
    fell = GAME.apply(state, Burst(9, 2))
    assert fell.queue == (10,) and (9, 2) in fell.towers
    fell = GAME.apply(fell, Face(4))
    assert fell.phase == Phase.LOSE and GAME.legal_actions(fell) == [Remove(0), Remove(1)]  # die 2 still stands in its tower


def test_dt9_an_earthquake_or_a_bump_can_leave_levels_standing() -> None:
    """DT-8 with DT-9: `quake 8 keep 1` after the placement stood; `bump 1 8 keep 3` takes only the placed die off."""
    risky = GAME.apply(three_high(TABLE), Place(6, 14))
    assert Quake(8, 3) in GAME.legal_actions(risky) and Quake(8, 4) not in GAME.legal_actions(risky)  # 4 levels with die 6
    shaken = GAME.apply(risky, Quake(8, 1))
    assert shaken.queue == (1, 6, 14) and (8,) in shaken.towers and not shaken.removed[6]  # nobody loses a die
    bumped = GAME.apply(risky, Bump(1, 8, 3))
    assert bumped.queue == (6,) and (8, 1, 14) in bumped.towers
    bumped = GAME.apply(bumped, Face(1))
    assert bumped.phase == Phase.LOSE and GAME.current_player(bumped) == 1  # whoever bumped loses a die
    assert str(Bump(1, 8, 3)) == "bump 1 8 keep 3" and parse("quake 8 keep 1") == Quake(8, 1)


def test_dt9_the_screen_model_is_unchanged_a_tower_falls_whole() -> None:
    """Digital mode: the burst outcome is the whole tower, as before; `keep` is refused with the reason."""
    risky = GAME.apply(three_high({}), Place(6, 14))
    p = collapse.place_risk(collapse.DEFAULT, 4, 0)
    assert GAME.chance_outcomes(risky) == [(STAND, pytest.approx(1 - p)), (Burst(8), pytest.approx(p))]
    refused(risky, Burst(8, 2), "table-mode")


# ----- DT-9, where the source is silent: labelled readings ------------------------------------------------------
def test_dt9_a_quake_at_the_check_of_the_last_lone_die_keeps_the_round_going() -> None:
    """The last lone die (0) is placed; at its check an earthquake topples a tower: its dice lie alone again, so the
    die placed was not the last lone die after all and play goes on (the source: 「そのままの状態で継続」)."""
    state = table([[(0, 2)], [(1, 4), (8, 5)], [(9, 6), (2, 1)]], options=TABLE)
    risky = GAME.apply(state, Place(0, 8))
    assert risky.phase == Phase.PLACE_RISK
    shaken = GAME.apply(GAME.apply(GAME.apply(risky, Quake(9)), Face(3)), Face(4))
    assert shaken.round == 1 and shaken.phase == Phase.TURN and shaken.turn == 1 and not shaken.rounds
    bumped = GAME.apply(GAME.apply(GAME.apply(risky, Bump(1, 9)), Face(3)), Face(4))
    bumped = GAME.apply(bumped, Remove(9))
    assert bumped.round == 1 and bumped.phase == Phase.TURN and bumped.turn == 1


def test_dt9_equal_totals_share_the_win() -> None:
    """The source names the highest score the winner and says nothing of a tie: equal totals share the win."""
    state = table([[(0, 5), (8, 2)], [(1, 3)]], turns=5, turn=1, round=2, start=1, scores=(11, 10))
    over = GAME.apply(state, PASS)
    outcome = GAME.outcome(over)
    assert outcome.scores == (14, 14) and outcome.winners == (0, 1)
    assert outcome.summary("en").endswith("Seat 1 and Seat 2 win (a tie)") and outcome.summary("ja").endswith("（同点）")


def test_dt9_is_labelled_on_the_page() -> None:
    rules = load_rules("rulebook.games.dice_of_tower")
    for lang, r in rules.items():
        for section in ("collapse", "table-mode", "round-end", "game-end"):
            assert "DT-9" in r.section(section).readings, (lang, section)
    assert "keep 2" in rules["en"].section("actions").body and "keep 2" in rules["ja"].section("actions").body


def test_dt9_the_quick_rules_say_standing_levels_stay() -> None:
    from rulebook.core.text import load_quick

    quick = load_quick("rulebook.games.dice_of_tower")
    assert "levels still standing stay as they are" in quick["en"] and "崩れずに残った段はそのまま" in quick["ja"]
