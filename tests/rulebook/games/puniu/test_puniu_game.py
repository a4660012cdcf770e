"""Puniu Dice rule by rule: one scenario per rule id of the rules text."""

from __future__ import annotations

from dataclasses import replace

import pytest

import numpy as np

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, Match, UnreadableAction
from rulebook.core.text import load_rules
from rulebook.games.puniu import GAME, Sheet, State
from rulebook.games.puniu.actions import Reroll, Roll, Score, parse
from rulebook.games.puniu.bots import GreedyBot, HintBot
from rulebook.games.puniu.scoring import CATEGORIES


def rolled(dice=(5, 5, 5, 4, 2), players=1, **changes) -> State:
    """A state where the seat to play has ``dice`` in hand after the first roll."""
    state = GAME.initial_state({"players": players})
    return replace(state, dice=tuple(dice), **changes)


def refused(state, action, rule):
    before = state
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.rule_id == rule, info.value
    assert info.value.message_ja and info.value.message_en
    assert state == before
    return info.value


def test_every_raised_rule_id_is_a_section_in_both_languages() -> None:
    rules = load_rules("rulebook.games.puniu")
    ids = {"components", "players", "turn", "chance", "reroll", "choose", "cat-numbers", "cat-chance", "cat-kind",
           "penalty", "end", "hints", "bots", "actions"}
    assert ids <= set(rules["ja"].ids) and rules["ja"].ids == rules["en"].ids
    readings = {r for s in rules["en"].sections for r in s.readings}
    assert {"PD-1", "PD-2"} <= readings


# ----- components / players -------------------------------------------------------------------------
def test_components_five_dice_and_eight_categories() -> None:
    state = GAME.initial_state()
    assert state.dice == (0,) * 5 and len(state.sheets[0].entries) == len(CATEGORIES) == 8
    with pytest.raises(IllegalAction) as info:
        GAME.apply(rolled(), Roll(5, 3))
    assert info.value.rule_id == "chance"


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_players_one_to_six(players) -> None:
    state = GAME.initial_state({"players": players})
    assert GAME.num_seats(state) == players


@pytest.mark.parametrize("players", [0, 7, -1, "x", None, 2.0, True, [2]])
def test_players_out_of_range_are_refused(players) -> None:
    with pytest.raises(BadOption) as info:
        GAME.initial_state({"players": players})
    assert info.value.rule_id == "players"


# ----- turn / chance ----------------------------------------------------------------------------------
def test_turn_starts_by_rolling_five_dice_one_at_a_time() -> None:
    state = GAME.initial_state()
    assert GAME.current_player(state) == CHANCE
    for die in range(5):
        outcomes = GAME.chance_outcomes(state)
        assert [a for a, _ in outcomes] == [Roll(die, p) for p in range(1, 7)]
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        state = GAME.apply(state, Roll(die, die + 1))
    assert state.dice == (1, 2, 3, 4, 5) and GAME.current_player(state) == 0


def test_turn_no_choice_while_dice_are_still_rolling() -> None:
    state = GAME.apply(GAME.initial_state(), Roll(0, 4))
    refused(state, Score("6s"), "turn")
    refused(state, Reroll((0,)), "turn")


def test_chance_refuses_the_wrong_die_or_a_roll_when_nothing_is_rolling() -> None:
    state = GAME.initial_state()
    refused(state, Roll(1, 3), "chance")
    refused(state, Roll(0, 7), "chance")
    refused(rolled(), Roll(0, 3), "chance")


def test_chance_seeded_dice_cannot_be_chosen_outside_table_mode() -> None:
    match = Match.new(GAME, seed=3)
    expected = match.sample_chance()
    other = Roll(0, expected.pips % 6 + 1)
    with pytest.raises(IllegalAction) as info:
        match.play(other)
    assert info.value.rule_id == "chance"
    assert len(match.actions) == 0
    table = Match.new(GAME, seed=3, table=True)
    table.play(other)
    assert table.state.dice[0] == other.pips


def test_turn_order_eight_turns_each_in_seat_order() -> None:
    match = Match.new(GAME, {"players": 3}, seed=1, seats=["greedy"] * 3)
    automatic_moves(match)
    scorers = [match.states[k].turn for k, a in enumerate(match.actions) if isinstance(a, Score)]
    assert scorers == [0, 1, 2] * 8
    rounds = [match.states[k].round for k, a in enumerate(match.actions) if isinstance(a, Score)]
    assert rounds == [r for r in range(1, 9) for _ in range(3)]


# ----- re-rolls ------------------------------------------------------------------------------------------
def test_reroll_rerolls_only_the_released_dice_up_to_twice() -> None:
    state = rolled((5, 5, 5, 4, 2))
    state = GAME.apply(state, Reroll((3, 4)))
    assert state.dice == (5, 5, 5, 0, 0) and state.rerolls_left == 1
    assert [a for a, _ in GAME.chance_outcomes(state)][0] == Roll(3, 1)  # only the released dice roll
    state = GAME.apply(GAME.apply(state, Roll(3, 5)), Roll(4, 1))
    assert state.dice == (5, 5, 5, 5, 1)
    state = GAME.apply(state, Reroll((0, 4)))  # a die held before may be re-rolled now
    state = GAME.apply(GAME.apply(state, Roll(0, 6)), Roll(4, 5))
    assert state.rerolls_left == 0
    assert not any(isinstance(a, Reroll) for a in GAME.legal_actions(state))
    refused(state, Reroll((0,)), "reroll")


@pytest.mark.parametrize("dice", [(), (5,), (0, 0), (2, 1), (0, 9), (-1,)])
def test_reroll_needs_distinct_dice_in_order(dice) -> None:
    refused(rolled(), Reroll(dice), "reroll")


def test_reroll_may_stop_after_any_roll() -> None:
    state = rolled()
    assert Score("5s") in GAME.legal_actions(state)
    assert len([a for a in GAME.legal_actions(state) if isinstance(a, Reroll)]) == 31


# ----- choosing -----------------------------------------------------------------------------------------------
def test_choose_writes_score_and_penalty_and_passes_the_turn() -> None:
    state = GAME.apply(rolled((5, 5, 5, 4, 2), players=2), Score("5s"))
    assert state.sheets[0].entries[1] == (15, 6)  # the source's example
    assert state.turn == 1 and state.dice == (0,) * 5 and state.rolls == 1
    assert GAME.current_player(state) == CHANCE


def test_choose_each_category_once() -> None:
    state = GAME.apply(rolled((5, 5, 5, 4, 2)), Score("5s"))
    state = replace(state, dice=(5, 5, 5, 5, 5))
    assert Score("5s") not in GAME.legal_actions(state)
    refused(state, Score("5s"), "choose")
    state = GAME.apply(state, Score("kind", 5))
    state = replace(state, dice=(1, 1, 1, 1, 1))
    refused(state, Score("kind", 1), "choose")


@pytest.mark.parametrize("action", [Score("7s"), Score("yacht"), Score("5s", 5), Score("chance", 1)])
def test_choose_refuses_unknown_categories(action) -> None:
    refused(rolled(), action, "choose")


def test_choose_is_required_every_turn() -> None:
    # a decision always offers every open category; nothing else ends the turn
    state = rolled((1, 2, 3, 4, 6))
    state = replace(state, rolls=3)
    legal = GAME.legal_actions(state)
    assert legal and all(isinstance(a, Score) for a in legal)
    assert len(legal) == 7 + 6


def test_cat_numbers() -> None:
    state = GAME.apply(rolled((6, 6, 1, 2, 6)), Score("6s"))
    assert state.sheets[0].entries[0] == (18, 3)


def test_cat_chance() -> None:
    state = GAME.apply(rolled((6, 5, 5, 2, 1)), Score("chance"))
    assert state.sheets[0].entries[6] == (16, 3)


def test_cat_kind_face_chosen_when_written() -> None:
    state = GAME.apply(rolled((3, 3, 3, 3, 6)), Score("kind", 3))
    assert state.sheets[0].entries[7] == (10, 6) and state.sheets[0].kind_face == 3
    refused(rolled(), Score("kind"), "cat-kind")
    refused(rolled(), Score("kind", 7), "cat-kind")


# ----- penalty and end ------------------------------------------------------------------------------------------
def play_sheet(dice_and_choices, players=1):
    state = GAME.initial_state({"players": players})
    for dice, action in dice_and_choices:
        for k, p in enumerate(dice):
            state = GAME.apply(state, Roll(k, p))
        state = GAME.apply(state, action)
    return state


def test_penalty_bands_cancel_the_highest_scores_at_the_end() -> None:
    turns = [
        ((6, 6, 6, 6, 1), Score("6s")),  # 24 / 1
        ((5, 5, 6, 6, 6), Score("5s")),  # 10 / 18
        ((4, 4, 4, 6, 6), Score("4s")),  # 12 / 12
        ((3, 3, 1, 1, 1), Score("3s")),  # 6 / 3
        ((2, 2, 2, 1, 1), Score("2s")),  # 6 / 2
        ((1, 1, 1, 1, 1), Score("1s")),  # 5 / 0
        ((6, 6, 5, 1, 1), Score("chance")),  # 17 / 2
        ((2, 2, 2, 2, 2), Score("kind", 2)),  # 10 / 0
    ]
    state = play_sheet(turns)
    assert GAME.current_player(state) == TERMINAL
    sheet = state.sheets[0]
    assert sheet.penalty() == 38 and sheet.cancelled() == (0,)  # 31–40: the 24 of 6s is gone
    outcome = GAME.outcome(state)
    assert outcome.scores == (90 - 24,) and outcome.reason == "end"
    assert outcome.get("cancelled") == ((0,),)


def test_end_highest_final_wins_and_ties_share() -> None:
    turns = []
    for category in CATEGORIES:
        action = Score(category, 6) if category == "kind" else Score(category)
        turns += [((6, 6, 6, 6, 6), action), ((6, 6, 6, 6, 6), action)]
    state = play_sheet(turns, players=2)
    outcome = GAME.outcome(state)
    assert outcome.scores[0] == outcome.scores[1] and outcome.winners == (0, 1)
    refused(state, Score("6s"), "end")
    refused(state, Roll(0, 1), "end")
    assert GAME.legal_actions(state) == []


def test_end_solo_result_is_the_final_score() -> None:
    match = Match.new(GAME, seed=4, seats=["greedy"])
    automatic_moves(match)
    outcome = GAME.outcome(match.state)
    assert outcome.winners == (0,) and str(outcome.scores[0]) in outcome.summary_en


# ----- hints, bots, actions -------------------------------------------------------------------------------------------
def test_hints_section_matches_the_bot() -> None:
    from rulebook.games.puniu.hint import advise, decide

    state = rolled((5, 5, 5, 4, 2))
    advice = advise(state.sheets[0].entries, state.dice, state.rerolls_left)
    assert advice.best == decide(state.sheets[0].entries, state.dice, state.rerolls_left)


def test_bots_play_legal_moves_to_the_end() -> None:
    for kind in ("hint", "greedy", "random"):
        match = Match.new(GAME, {"players": 2}, seed=9, seats=[kind, kind])
        automatic_moves(match)
        assert match.is_over()
    # the greedy bot never re-rolls
    match = Match.new(GAME, seed=9, seats=["greedy"])
    automatic_moves(match)
    assert not any(isinstance(a, Reroll) for a in match.actions)


def test_bots_fall_back_to_a_legal_move_on_an_odd_observation() -> None:
    rng = np.random.default_rng(0)
    legal = [Score("6s")]
    assert HintBot().choose({"turn": None}, legal, rng) == Score("6s")
    assert GreedyBot().choose({"turn": None}, legal, rng) == Score("6s")


@pytest.mark.parametrize("text", ["roll 2 5", "reroll 0,3,4", "score 5s", "score chance", "score kind 6"])
def test_actions_text_round_trips(text) -> None:
    assert str(parse(text)) == text
    assert parse(text.upper()) == parse(text)


@pytest.mark.parametrize("text", ["", "roll", "score", "reroll", "score kind 0x", "score 5s 0", "roll 01 5", "pass", 17, None])
def test_actions_unreadable_text_is_refused(text) -> None:
    with pytest.raises(UnreadableAction) as info:  # text that reads as no action is not a rule refusal
        parse(text)
    assert info.value.rule_id == "actions"


def test_actions_malformed_values_are_refused() -> None:
    for make in (lambda: Roll(1.0, 2), lambda: Reroll([0, 1]), lambda: Score(5), lambda: Score("kind", "3")):
        with pytest.raises(UnreadableAction) as info:
            make()
        assert info.value.rule_id == "actions"
    refused(rolled(), "score 5s", "actions")


def test_no_import_cycle_between_engine_and_bots_and_entries_read_by_name() -> None:
    import ast
    import inspect

    from rulebook.games.puniu import bots, game
    from rulebook.games.puniu.game import Entry

    bot_imports = {node.module for node in ast.walk(ast.parse(inspect.getsource(bots))) if isinstance(node, ast.ImportFrom)}
    assert "game" not in bot_imports
    for module in (bots, game):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert not any(isinstance(inner, (ast.Import, ast.ImportFrom)) for inner in ast.walk(node)), (module.__name__, node.name)
    sheet = Sheet(entries=((20, 1),) + (None,) * 7)
    assert isinstance(sheet.entries[0], Entry) and sheet.entries[0].score == 20 and sheet.entries[0] == (20, 1)
    assert sheet.penalty() == 1 and sheet.score_sum() == 20
