"""宝探し rule by rule: the source's worked examples and one scenario (at least) per rule id.

Every refusal must name its paragraph (a section id of both rules files),
explain itself in Japanese and English, and leave the state as it was.
"""

from __future__ import annotations

import json
import pytest
from tests.support.th_helpers import SALVE_TRIP, SCARAB_TRIP, play, roll, script, table_match

from rulebook.core import CHANCE, TERMINAL, IllegalAction, Match, UnreadableAction
from rulebook.core.text import load_rules
from rulebook.games.treasure_hunt import GAME, Bring, Check, Die, GiveUp, RollDice, Seal
from rulebook.games.treasure_hunt.game import State
from rulebook.games.treasure_hunt.model import RULES, bit, eligible, longest_run, mask_of, numbers_of

RULE_IDS = set(load_rules("rulebook.games.treasure_hunt")["en"].ids)


def refused(state: State, action, rule_id: str) -> IllegalAction:
    before = state
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.rule_id == rule_id, info.value
    assert info.value.rule_id in RULE_IDS
    assert info.value.message_ja and info.value.message_en
    assert state == before
    return info.value


def rolled(a: int, b: int, checked=(), sealed=(), treasures: int = 0) -> State:
    state = State(treasures=treasures, sealed=mask_of(sealed), checked=mask_of(checked), phase="roll")
    state = GAME.apply(state, Die(1, a))
    return GAME.apply(state, Die(2, b))


# ----- the source's own examples -------------------------------------------------------------------------
def test_source_example_3_and_4_offers_3_4_both_or_7() -> None:
    state = rolled(3, 4)
    assert state.phase == "check"
    assert GAME.legal_actions(state) == [Check((3,)), Check((4,)), Check((3, 4)), Check((7,))]


def test_source_example_five_ticks_earn_the_golden_scarab() -> None:
    state = play(SCARAB_TRIP)
    assert numbers_of(state.checked) == [1, 2, 3, 4, 5]
    assert Bring("scarab") in GAME.legal_actions(state)
    after = GAME.apply(state, Bring("scarab"))
    assert after.treasures == 0b00001 and after.checked == 0 and after.phase == "ready"


def test_source_example_pressing_on_for_a_better_treasure_is_allowed() -> None:
    state = play(SCARAB_TRIP)
    assert RollDice() in GAME.legal_actions(state)  # 5 ticks: the scarab may wait
    state = play(SCARAB_TRIP, roll(6, 6), "check 6", roll(1, 6), "check 7")
    assert {Bring("scarab"), Bring("mask"), Bring("salve"), Bring("fountain")} <= set(GAME.legal_actions(state))


# ----- sheet ------------------------------------------------------------------------------------------------
def test_sheet_starts_blank_and_ready() -> None:
    state = GAME.initial_state()
    assert (state.treasures, state.sealed, state.checked, state.phase) == (0, 0, 0, "ready")
    assert GAME.current_player(state) == 0 and GAME.num_seats(state) == 1
    observation = GAME.observe(state, 0)
    assert observation["numbers"] == 12 and observation["seal_limit"] == 3
    assert [t["key"] for t in observation["treasures"]] == ["scarab", "mask", "skull", "salve", "fountain"]
    assert GAME.legal_actions(state) == [RollDice()] + [GiveUp(n) for n in range(1, 13)]


# ----- treasures --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "key, checked, ok",
    [
        ("scarab", [1, 3, 5, 7, 9], True),
        ("scarab", [1, 3, 5, 7], False),
        ("mask", [1, 2, 4, 6, 8, 10, 12], True),
        ("mask", [1, 2, 4, 6, 8, 10], False),
        ("skull", [1, 2, 3, 4, 5, 6, 7, 8, 12], True),
        ("skull", [1, 2, 3, 4, 5, 6, 7, 8], False),
        ("salve", [5, 6, 7, 8], True),
        ("salve", [5, 6, 7, 9, 10, 11], False),
        ("fountain", [7, 8, 9, 10, 11, 12], True),
        ("fountain", [1, 2, 3, 4, 5, 7, 8, 9, 10, 11], False),
        ("fountain", [1, 2, 3, 10, 11, 12], False),  # no wrapping from 12 to 1
    ],
)
def test_treasure_requirements(key: str, checked: list[int], ok: bool) -> None:
    index, treasure = RULES.treasure(key)
    assert eligible(treasure, mask_of(checked)) is ok
    state = State(checked=mask_of(checked))
    assert (Bring(key) in GAME.legal_actions(state)) is ok
    if not ok:
        refused(state, Bring(key), "bring-home")


def test_an_unknown_treasure_is_refused() -> None:
    error = refused(play(SCARAB_TRIP), Bring("gold"), "treasures")
    assert "gold" in error.message_en


def test_longest_run_counts_consecutive_numbers() -> None:
    assert longest_run(mask_of([1, 2, 3, 5, 6, 7, 8])) == 4
    assert longest_run(0) == 0


# ----- expedition flow ----------------------------------------------------------------------------------------
def test_before_a_roll_there_is_nothing_to_tick() -> None:
    state = GAME.initial_state()
    refused(state, Check((3,)), "expedition")
    refused(state, Seal(3), "expedition")


def test_roll_then_check_returns_to_ready_with_the_last_dice_shown() -> None:
    state = GAME.apply(GAME.initial_state(), RollDice())
    assert state.phase == "roll" and GAME.current_player(state) == CHANCE
    state = GAME.apply(GAME.apply(state, Die(1, 2)), Die(2, 6))
    assert state.phase == "check" and state.dice == (2, 6)
    state = GAME.apply(state, Check((8,)))
    assert state.phase == "ready" and state.checked == bit(8) and state.dice == (2, 6)


def test_bringing_home_or_giving_up_waits_until_the_roll_is_ticked() -> None:
    state = play(SCARAB_TRIP, roll(6, 6))
    refused(state, Bring("scarab"), "check")
    refused(state, GiveUp(11), "check")
    refused(state, RollDice(), "check")


def test_a_treasure_can_be_taken_right_after_the_tick_that_earns_it() -> None:
    state = play(SALVE_TRIP[:-1])
    assert Bring("salve") not in GAME.legal_actions(state)
    state = GAME.apply(state, Check((4,)))
    assert Bring("salve") in GAME.legal_actions(state)


# ----- chance --------------------------------------------------------------------------------------------------
def test_dice_are_one_chance_move_each() -> None:
    state = GAME.apply(GAME.initial_state(), RollDice())
    outcomes = GAME.chance_outcomes(state)
    assert [a for a, _ in outcomes] == [Die(1, p) for p in range(1, 7)]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    refused(state, Die(2, 3), "chance")
    refused(state, Die(1, 7), "chance")
    refused(state, Check((3,)), "chance")
    refused(state, GiveUp(3), "chance")
    refused(GAME.initial_state(), Die(1, 3), "chance")


def test_outside_table_mode_the_seed_rolls() -> None:
    match = Match.new(GAME, seed=5)
    match.play("roll")
    drawn = match.sample_chance()
    other = Die(1, drawn.pips % 6 + 1)
    with pytest.raises(IllegalAction) as info:
        match.play(other)
    assert info.value.rule_id == "chance"
    match.play(drawn)
    assert match.state.dice == (drawn.pips,)


# ----- check -----------------------------------------------------------------------------------------------------
def test_a_double_offers_its_number_and_the_sum_only() -> None:
    state = rolled(5, 5)
    assert GAME.legal_actions(state) == [Check((5,)), Check((10,))]
    refused(state, Check((5, 5)), "check")


def test_only_the_rolls_options_may_be_ticked() -> None:
    state = rolled(3, 4)
    for bad in (Check((5,)), Check((3, 7)), Check((12,)), Check((3, 4, 7)), Check(()), Check((99,))):
        error = refused(state, bad, "check")
    assert "3 and 4" in error.message_en and "7" in error.message_en


def test_options_are_listed_die_one_first() -> None:
    state = rolled(6, 2)
    assert GAME.legal_actions(state) == [Check((6,)), Check((2,)), Check((2, 6)), Check((8,))]


# ----- check-free --------------------------------------------------------------------------------------------------
def test_a_ticked_number_cannot_be_ticked_again() -> None:
    state = rolled(3, 4, checked=[3])
    assert GAME.legal_actions(state) == [Check((4,)), Check((7,))]
    error = refused(state, Check((3,)), "check-free")
    assert "twice" in error.message_en
    refused(state, Check((3, 4)), "check-free")


def test_a_sealed_number_cannot_be_ticked() -> None:
    state = rolled(3, 4, sealed=[7])
    assert Check((7,)) not in GAME.legal_actions(state)
    error = refused(state, Check((7,)), "check-free")
    assert "sealed" in error.message_en


# ----- fail -------------------------------------------------------------------------------------------------------------
def test_a_roll_with_no_open_option_fails_and_seals_an_offered_number() -> None:
    state = rolled(3, 4, checked=[3, 4, 7])
    assert state.phase == "failed"
    assert GAME.legal_actions(state) == [Seal(3), Seal(4), Seal(7)]
    refused(state, Check((3,)), "fail")
    refused(state, RollDice(), "fail")
    refused(state, GiveUp(3), "fail")
    refused(state, Seal(5), "fail")
    after = GAME.apply(state, Seal(7))
    assert after.sealed == bit(7) and after.checked == 0 and after.phase == "ready"
    assert after.history == ((mask_of([3, 4, 7]), "seal 7"),)


def test_a_failed_double_names_the_number_and_the_sum() -> None:
    state = rolled(6, 6, checked=[6, 12])
    assert state.phase == "failed" and GAME.legal_actions(state) == [Seal(6), Seal(12)]


def test_offered_numbers_already_sealed_cannot_be_sealed_again() -> None:
    state = rolled(3, 4, checked=[3, 4], sealed=[7])
    assert state.phase == "failed" and GAME.legal_actions(state) == [Seal(3), Seal(4)]


def test_when_every_offered_number_is_sealed_any_other_number_is() -> None:
    state = rolled(1, 1, sealed=[1, 2])
    assert state.phase == "failed"
    assert GAME.legal_actions(state) == [Seal(n) for n in range(3, 13)]


def test_seal_while_an_option_is_open_is_refused() -> None:
    refused(rolled(3, 4), Seal(3), "fail")


# ----- bring-home ------------------------------------------------------------------------------------------------------------
def test_each_treasure_comes_home_once() -> None:
    state = play(SCARAB_TRIP, "bring scarab", SCARAB_TRIP)
    assert Bring("scarab") not in GAME.legal_actions(state)
    error = refused(state, Bring("scarab"), "bring-home")
    assert "already" in error.message_en


def test_one_treasure_per_expedition_it_ends_the_trip() -> None:
    state = play(SCARAB_TRIP, "bring salve")
    assert state.checked == 0 and state.treasures == 0b01000
    refused(state, Bring("scarab"), "bring-home")  # the ticks are gone


def test_not_earned_yet_explains_the_requirement() -> None:
    error = refused(play(SALVE_TRIP), Bring("mask"), "bring-home")
    assert "7" in error.message_en and "4" in error.message_en


# ----- unseal -------------------------------------------------------------------------------------------------------------------
def test_the_salve_may_lift_one_seal_or_none() -> None:
    state = play("roll", "die 1 6", "die 2 6", "check 12", "give-up 12", SALVE_TRIP)
    assert state.sealed == bit(12)
    legal = GAME.legal_actions(state)
    assert Bring("salve") in legal and Bring("salve", 12) in legal
    lifted = GAME.apply(state, Bring("salve", 12))
    assert lifted.sealed == 0 and lifted.treasures == 0b01000
    kept = GAME.apply(state, Bring("salve"))
    assert kept.sealed == bit(12)


def test_only_the_salve_and_the_fountain_lift_seals() -> None:
    state = play("give-up 12", SCARAB_TRIP)
    error = refused(state, Bring("scarab", 12), "unseal")
    assert "Salve" in error.message_en
    refused(state, Bring("salve", 11), "unseal")  # 11 carries no cross
    refused(state, Bring("salve", 99), "unseal")


# ----- give-up --------------------------------------------------------------------------------------------------------------------
def test_giving_up_seals_any_unsealed_number_and_ends_the_trip() -> None:
    state = play(roll(3, 4), "check 7")
    after = GAME.apply(state, GiveUp(7))  # even a number ticked in this trip
    assert after.sealed == bit(7) and after.checked == 0 and after.history == ((bit(7), "give-up 7"),)


def test_giving_up_needs_a_number_without_a_cross() -> None:
    state = play("give-up 5")
    error = refused(state, GiveUp(5), "give-up")
    assert "already sealed" in error.message_en
    refused(state, GiveUp(0), "give-up")
    refused(state, GiveUp(13), "give-up")
    assert GiveUp(5) not in GAME.legal_actions(state)


def test_giving_up_before_the_first_roll_is_allowed() -> None:
    state = GAME.apply(GAME.initial_state(), GiveUp(1))
    assert state.sealed == bit(1) and state.expedition == 2


# ----- expedition-end -------------------------------------------------------------------------------------------------------------
def test_every_end_wipes_the_ticks_and_keeps_a_struck_row() -> None:
    state = play(SCARAB_TRIP, "bring scarab", roll(2, 3), "check 5", "give-up 1", roll(6, 6), "check 12", roll(6, 6), "check 6", roll(6, 6))
    assert state.phase == "failed"
    state = GAME.apply(state, Seal(6))
    assert state.checked == 0 and state.expedition == 4
    assert [end for _, end in state.history] == ["bring scarab", "give-up 1", "seal 6"]
    assert [numbers_of(mask) for mask, _ in state.history] == [[1, 2, 3, 4, 5], [5], [6, 12]]


# ----- win / lose ---------------------------------------------------------------------------------------------------------------------
def test_the_fifth_treasure_wins_at_once() -> None:
    state = State(treasures=0b01111, checked=mask_of(range(1, 7)))
    after = GAME.apply(state, Bring("fountain"))
    assert GAME.current_player(after) == TERMINAL
    outcome = GAME.outcome(after)
    assert outcome.reason == "win" and outcome.winners == (0,) and outcome.scores == (5,)
    assert GAME.legal_actions(after) == []
    refused(after, RollDice(), "win")


def test_the_third_seal_loses_at_once() -> None:
    state = play("give-up 1", "give-up 2")
    after = GAME.apply(state, GiveUp(3))
    outcome = GAME.outcome(after)
    assert outcome.reason == "lose" and outcome.winners == () and "3" in outcome.summary_en
    refused(after, Bring("salve"), "lose")
    failed = rolled(4, 4, sealed=[1, 2], checked=[4, 8])
    assert GAME.outcome(GAME.apply(failed, Seal(4))).reason == "lose"


# ----- actions ------------------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, action",
    [
        ("roll", RollDice()),
        ("die 1 4", Die(1, 4)),
        ("check 3", Check((3,))),
        ("check 4 3", Check((3, 4))),
        ("seal 7", Seal(7)),
        ("give-up 5", GiveUp(5)),
        ("bring scarab", Bring("scarab")),
        ("bring salve lift 7", Bring("salve", 7)),
        ("  BRING   fountain  ", Bring("fountain")),
    ],
)
def test_moves_parse(text: str, action) -> None:
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "check", "check x", "bring", "give up 5", "seal", "die 1", "roll 3", 3, None])
def test_junk_text_is_refused_with_examples(text) -> None:
    with pytest.raises(UnreadableAction) as info:  # text that reads as no action is not a rule refusal
        GAME.parse_action(text)
    assert info.value.rule_id == "actions" and "check 3 4" in info.value.message_en


def test_badly_typed_actions_cannot_exist() -> None:
    for build in (lambda: Check((3.0,)), lambda: Seal("3"), lambda: Bring("salve", True), lambda: Die(1, 2.0), lambda: GiveUp(None)):
        with pytest.raises(UnreadableAction) as info:
            build()
        assert info.value.rule_id == "actions"


def test_a_table_mode_game_replays_from_its_record() -> None:
    match = table_match(SCARAB_TRIP, "bring scarab", roll(2, 2))
    again = Match.from_record(json.loads(match.to_json()), lambda name: GAME)
    assert again.states == match.states and again.state.phase == "check"


def test_a_script_of_parts_flattens() -> None:
    assert script(roll(1, 2), "check 3") == ["roll", "die 1 1", "die 2 2", "check 3"]


def test_no_import_cycle_between_engine_and_bots() -> None:
    """bots.py reads the state through state.py, never the engine; nobody imports inside a function."""
    import ast
    import inspect

    from rulebook.games.treasure_hunt import bots, game, state

    bot_imports = {node.module for node in ast.walk(ast.parse(inspect.getsource(bots))) if isinstance(node, ast.ImportFrom)}
    assert "game" not in bot_imports and "state" in bot_imports
    for module in (bots, game, state):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert not any(isinstance(inner, (ast.Import, ast.ImportFrom)) for inner in ast.walk(node)), (module.__name__, node.name)


def test_phases_and_trips_are_read_by_name() -> None:
    from rulebook.games.treasure_hunt.state import Phase, Trip

    state = play(roll(3, 4), "check 3 4", "give-up 7")
    assert state.phase is Phase.READY and state.phase == "ready"  # equal to its text: records and observations read alike
    trip = state.history[0]
    assert isinstance(trip, Trip) and trip.checked == mask_of([3, 4]) and trip.end == "give-up 7"
    assert State(history=((1, "seal 1"),)).history[0].end == "seal 1"
