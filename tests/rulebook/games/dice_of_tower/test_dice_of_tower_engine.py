"""Dice of Tower rule by rule: the source's worked examples and one scenario per rule id."""

from __future__ import annotations

import pytest

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, UnreadableAction
from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower import collapse, placements, round_scores
from rulebook.games.dice_of_tower.actions import OFF, PASS, REROLL, STAND, Burst, Face, Place, Remove, parse
from rulebook.games.dice_of_tower.state import Phase, Then

PERFECT = {"height_risk": 0, "step_risk": 0, "reroll_risk": 0}
# die ids: seat s owns 8s..8s+7, sizes S S S M M M L L


def table(towers, players=2, turn=0, phase=Phase.TURN, options=None, **changes):
    """A state with exactly ``towers`` on the table: lists of (die, face) bottom to top; other dice removed."""
    state = GAME.initial_state({"players": players, **(options if options is not None else PERFECT)})
    count = len(state.faces)
    faces = [0] * count
    removed = [True] * count
    for tower in towers:
        for die, face in tower:
            faces[die] = face
            removed[die] = False
    built = tuple(sorted(tuple(d for d, _ in tower) for tower in towers))
    changes.setdefault("start", 0)
    return state._replace(faces=tuple(faces), removed=tuple(removed), towers=built, phase=phase, turn=turn, queue=(), **changes)


def refused(state, action, rule):
    before = state
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.rule_id == rule, info.value
    assert info.value.message_ja and info.value.message_en
    assert state == before
    return info.value


# ----- the source's worked examples -------------------------------------------------------------
def test_source_score_examples_4x3_5x2_6x1() -> None:
    # seat 0 tops a 3-tower with a 4 (on 3 on 4), a 2-tower with a 5 (on a 2), and a lone 6: 12 + 10 + 6 = 28
    state = table([[(0, 4), (8, 3), (3, 4)], [(9, 2), (4, 5)], [(5, 6)]])
    assert round_scores(state) == (4 * 3 + 5 * 2 + 6 * 1, 0)


def test_source_placement_example_a_2_goes_on_a_5() -> None:
    state = table([[(0, 2)], [(8, 5)], [(9, 4)], [(10, 2)]])
    assert placements(state, 0) == [Place(0, 8)]
    after = GAME.apply(state, Place(0, 8))
    assert (8, 0) in after.towers and after.turn == 1


# ----- setup (DT-1) and options -------------------------------------------------------------------
def test_setup_eight_dice_each_all_rolled_first() -> None:
    state = GAME.initial_state({"players": 3})
    assert len(state.faces) == 24 and state.phase == Phase.ROLL and state.queue == tuple(range(24))
    assert state.sizes[:8] == (1, 1, 1, 2, 2, 2, 3, 3)
    assert GAME.current_player(state) == CHANCE
    assert [a for a, _ in GAME.chance_outcomes(state)] == [Face(v) for v in range(1, 7)]
    one = GAME.initial_state({"players": 2, "sizes": "MMMMMMMM"})
    assert set(one.sizes) == {2}


@pytest.mark.parametrize(
    "options,rule",
    [({"players": 1}, "setup"), ({"players": 5}, "setup"), ({"sizes": "SSS"}, "setup"), ({"sizes": "XXXXXXXX"}, "setup"),
     ({"height_risk": -1}, "collapse"), ({"step_risk": 1000}, "collapse"), ({"reroll_risk": 0.5}, "collapse"),
     ({"mode": "paper"}, "table-mode"), ({"colour": 1}, "options")],
)
def test_bad_options(options, rule) -> None:
    with pytest.raises(BadOption) as info:
        GAME.initial_state(options)
    assert info.value.rule_id == rule


# ----- pick / place / opponent / faces / size (DT-2) -----------------------------------------------
def test_pick_only_own_lone_dice() -> None:
    state = table([[(0, 2)], [(8, 5)], [(9, 2), (1, 2)], [(10, 5)]])
    refused(state, Place(8, 0), "pick")  # not my colour
    refused(state, Place(1, 10), "pick")  # die 1 sits on a tower
    refused(state, Place(2, 8), "pick")  # die 2 is out of the game
    refused(state, Place(99, 8), "pick")


def test_place_on_a_top_only() -> None:
    state = table([[(0, 2)], [(8, 5), (1, 3)], [(10, 5)]])
    refused(state, Place(0, 8), "place")  # die 8 has a die on it
    refused(state, Place(0, 0), "place")
    refused(state, Place(0, 99), "place")


def test_opponent_only_and_partners_count_as_self() -> None:
    state = table([[(0, 2)], [(1, 5)], [(8, 5)]])
    refused(state, Place(0, 1), "opponent")
    assert placements(state, 0) == [Place(0, 8)]
    # four players: seats 0 and 2 share a colour; dice 16..23 belong to seat 2
    team = table([[(0, 2)], [(16, 5)], [(8, 5)], [(24, 5)]], players=4)
    refused(team, Place(0, 16), "opponent")
    assert placements(team, 0) == [Place(0, 8), Place(0, 24)]
    # ... and a seat may pick its partner's lone die (the colour is shared)
    assert Place(16, 8) not in placements(team, 0) and placements(team, 2) == [Place(0, 8), Place(0, 24)]


def test_faces_touch_with_equal_numbers() -> None:
    state = table([[(0, 2)], [(8, 4)], [(9, 5)]])
    error = refused(state, Place(0, 8), "faces")
    assert "5" in error.message_en
    assert GAME.is_legal(state, Place(0, 9))


def test_size_the_die_below_is_no_larger() -> None:
    # die 0 is S, die 14 is L, die 11 is M; die 6 (L) may go on anything
    state = table([[(0, 2)], [(14, 5)], [(6, 3)], [(11, 4)], [(8, 4)]])
    refused(state, Place(0, 14), "size")
    assert [p for p in placements(state, 0) if p.die == 0] == []
    big = table([[(6, 3)], [(11, 4)], [(8, 4)]])
    assert placements(big, 0) == [Place(6, 8), Place(6, 11)]


def test_must_place_when_a_placement_exists() -> None:
    state = table([[(0, 2)], [(8, 5)]])
    refused(state, REROLL, "must-place")
    refused(state, PASS, "must-place")


# ----- re-roll and pass (DT-3) ---------------------------------------------------------------------
def test_reroll_then_place_or_pass() -> None:
    state = table([[(0, 2)], [(1, 3)], [(8, 6)], [(9, 1), (6, 6)]])
    assert GAME.legal_actions(state) == [REROLL]
    refused(state, PASS, "reroll")
    rolled = GAME.apply(state, REROLL)
    assert rolled.phase == Phase.ROLL and rolled.queue == (0, 1) and rolled.then == Then.REROLL
    assert rolled.faces[6] == 6  # dice on towers stay
    rolled = GAME.apply(GAME.apply(rolled, Face(1)), Face(4))
    assert rolled.phase == Phase.AFTER_REROLL and GAME.legal_actions(rolled) == [Place(0, 8)]
    refused(rolled, REROLL, "reroll")
    refused(rolled, PASS, "must-place")
    none = GAME.apply(GAME.apply(GAME.apply(state, REROLL), Face(2)), Face(2))
    assert GAME.legal_actions(none) == [PASS]
    after = GAME.apply(none, PASS)
    assert after.turn == 1 and after.turns == 1 and after.last.kind == "pass"


def test_pass_without_lone_dice() -> None:
    state = table([[(8, 5), (0, 2)], [(9, 3)]])
    assert GAME.legal_actions(state) == [PASS]
    refused(state, REROLL, "reroll")


# ----- collapse (DT-4) -----------------------------------------------------------------------------
def test_collapse_model_numbers() -> None:
    hands = collapse.Hands(15, 40, 10)
    assert collapse.place_risk(hands, 2, 0) == pytest.approx(0.015)
    assert collapse.place_risk(hands, 4, 2) == pytest.approx((45 + 80) / 1000)
    assert collapse.place_risk(hands, 4, 2) > collapse.place_risk(hands, 3, 2) > collapse.place_risk(hands, 3, 1)
    assert collapse.place_risk(collapse.Hands(200, 200, 0), 30, 2) == collapse.PLACE_CAP
    assert collapse.reroll_risks(hands, [1, 2, 3]) == pytest.approx([0, 0.01, 0.02])
    assert sum(collapse.reroll_risks(collapse.Hands(0, 0, 200), [4, 5])) == pytest.approx(collapse.REROLL_CAP)
    assert collapse.place_risk(collapse.PERFECT, 9, 2) == 0 and collapse.reroll_risks(collapse.PERFECT, [9]) == [0.0]


def test_perfect_hands_never_ask_for_a_collapse() -> None:
    state = table([[(6, 2)], [(8, 5), (9, 2), (14, 5)], [(1, 3)]])
    after = GAME.apply(state, Place(6, 14))
    assert after.phase == Phase.TURN and (8, 9, 14, 6) in after.towers


def test_burst_while_placing_loses_the_die_in_hand_and_rerolls_the_fallen() -> None:
    state = table([[(6, 2)], [(8, 5), (9, 2), (14, 5)], [(1, 3)], [(10, 1)]], options={})
    risky = GAME.apply(state, Place(6, 14))
    assert risky.phase == Phase.PLACE_RISK and GAME.current_player(risky) == CHANCE
    p = collapse.place_risk(collapse.DEFAULT, 4, 3 - 3)
    assert GAME.chance_outcomes(risky) == [(STAND, pytest.approx(1 - p)), (Burst(8), pytest.approx(p))]
    refused(risky, Burst(1), "chance")
    refused(risky, PASS, "chance")
    fell = GAME.apply(risky, Burst(8))
    assert fell.removed[6] and fell.phase == Phase.ROLL and fell.queue == (8, 9, 14)
    assert all((d,) in fell.towers for d in (8, 9, 14))
    for v in (1, 2, 3):
        fell = GAME.apply(fell, Face(v))
    assert fell.phase == Phase.TURN and fell.turn == 1 and fell.faces[8:10] == (1, 2) and fell.faces[14] == 3
    assert fell.removed.count(False) == 5  # removed dice stay out
    stood = GAME.apply(risky, STAND)
    assert (8, 9, 14, 6) in stood.towers and stood.turn == 1


def test_burst_while_rerolling_then_lose_a_lone_die() -> None:
    state = table([[(0, 2)], [(1, 6)], [(8, 6)], [(9, 1), (2, 6)]], options={})
    state = GAME.apply(GAME.apply(GAME.apply(state, REROLL), Face(6)), Face(6))
    assert state.phase == Phase.REROLL_RISK
    assert GAME.chance_outcomes(state) == [(STAND, pytest.approx(0.99)), (Burst(9), pytest.approx(0.01))]
    fell = GAME.apply(state, Burst(9))
    assert fell.queue == (2, 9) and fell.then == Then.FALL_REROLL
    fell = GAME.apply(GAME.apply(fell, Face(4)), Face(4))
    assert fell.phase == Phase.LOSE and GAME.legal_actions(fell) == [Remove(0), Remove(1), Remove(2)]
    refused(fell, Remove(8), "lose-die")
    refused(fell, PASS, "lose-die")
    done = GAME.apply(fell, Remove(2))
    assert done.removed[2] and done.turn == 1 and done.last.kind == "remove"
    refused(table([[(0, 2)], [(8, 6)]]), Remove(0), "lose-die")


def test_table_mode_burst_entry_and_die_left_the_table() -> None:
    state = table([[(0, 2)], [(8, 5)], [(1, 3)]], options={**PERFECT, "mode": "table"})
    risky = GAME.apply(state, Place(0, 8))
    assert risky.phase == Phase.PLACE_RISK  # the burst entry exists even with perfect hands
    assert dict(GAME.chance_outcomes(risky))[Burst(8)] == pytest.approx(collapse.TABLE_FLOOR)
    rolling = GAME.apply(table([[(0, 1)], [(1, 1)], [(8, 1)]], options={**PERFECT, "mode": "table"}), REROLL)
    assert OFF in GAME.legal_actions(rolling)
    gone = GAME.apply(rolling, OFF)
    assert gone.removed[0] and (0,) not in gone.towers and gone.queue == (1,)
    refused(GAME.apply(table([[(0, 1)], [(8, 1)]]), REROLL), OFF, "chance")  # digital mode: not modelled


# ----- round end, scoring, game end (DT-5..7) --------------------------------------------------------
def test_placing_the_last_lone_die_ends_the_round() -> None:
    state = table([[(0, 2)], [(8, 4), (1, 5)]])
    after = GAME.apply(state, Place(0, 1)) if GAME.is_legal(state, Place(0, 1)) else None
    assert after is None  # die 1 is mine: cannot
    state = table([[(0, 2)], [(1, 4), (8, 5)]])
    after = GAME.apply(state, Place(0, 8))
    assert after.round == 2 and after.rounds == ((2 * 3, 0),) and after.phase == Phase.ROLL and after.start == 1


def test_burst_on_the_last_lone_die_ends_the_round_after_the_loss() -> None:
    state = table([[(0, 2)], [(1, 4), (8, 5)]], options={})
    fell = GAME.apply(GAME.apply(state, Place(0, 8)), Burst(1))
    assert fell.removed[0] and fell.last_single
    fell = GAME.apply(GAME.apply(fell, Face(6)), Face(3))
    assert fell.round == 2 and fell.rounds == ((6, 3),)
    assert fell.removed[0] and 0 not in fell.queue  # removed dice stay out in the next round


def test_three_laps_end_the_round() -> None:
    state = table([[(8, 5), (0, 2)], [(9, 5), (1, 2)]], turns=5, turn=1)
    after = GAME.apply(state, PASS)
    assert after.round == 2 and after.rounds == ((4 + 4, 0),) and after.turn == 1 and after.phase == Phase.ROLL
    assert after.queue == (0, 1, 8, 9) and after.faces == (0,) * 16


def test_rounds_equal_players_and_the_game_ends() -> None:
    state = table([[(0, 5), (8, 2)], [(1, 3)]], turns=5, turn=1, round=2, start=1, scores=(10, 12))
    over = GAME.apply(state, PASS)
    assert GAME.current_player(over) == TERMINAL and GAME.legal_actions(over) == []
    outcome = GAME.outcome(over)
    assert outcome.scores == (13, 16) and outcome.winners == (1,) and outcome.reason == "game-end"
    refused(over, PASS, "game-end")


def test_teams_add_up() -> None:
    state = table([[(8, 5), (0, 2)], [(16, 6)], [(1, 3), (9, 4)]], players=4, turns=11, turn=3, round=4, start=3, scores=(30, 20))
    over = GAME.apply(state, PASS)
    outcome = GAME.outcome(over)
    assert outcome.scores == (40, 28, 40, 28) and outcome.winners == (0, 2)
    assert "team 1+3" in outcome.summary_en


def test_round_start_rotates_and_the_start_player_acts_after_the_roll() -> None:
    state = GAME.initial_state({"players": 3})
    for _ in range(24):
        state = GAME.apply(state, Face(3))
    assert state.phase == Phase.TURN and state.turn == 0 and state.start == 0


# ----- text forms and chance -------------------------------------------------------------------------
def test_actions_round_trip_and_bad_text() -> None:
    for action in (Place(3, 12), REROLL, PASS, Remove(5), Face(4), STAND, Burst(7), OFF):
        assert parse(str(action)) == action
    for text in ("place 3", "face 04", "jump", "place 1 on"):
        with pytest.raises(UnreadableAction):
            parse(text)
    with pytest.raises(UnreadableAction):
        Place(1.0, 2)  # type: ignore[arg-type]


def test_chance_values_are_checked() -> None:
    state = GAME.initial_state({"players": 2})
    refused(state, Face(7), "chance")
    refused(state, Face(0), "chance")
    refused(state, STAND, "chance")
    refused(state, Place(0, 8), "chance")
    turn = table([[(0, 2)], [(8, 5)]])
    refused(turn, Face(3), "chance")
