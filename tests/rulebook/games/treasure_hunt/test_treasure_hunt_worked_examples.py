"""宝探し's worked examples: the source's 3-and-4 roll and a run of ticks, figures from the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulebook.core import IllegalAction
from rulebook.core.examples import ExampleError, check_example
from rulebook.core.text import load_rules
from rulebook.games.treasure_hunt import GAME, Bring, Check, Die, RollDice
from rulebook.games.treasure_hunt.examples import KINDS
from rulebook.games.treasure_hunt.state import Phase

PACKAGE = "rulebook.games.treasure_hunt"


def specs(kind: str, lang: str = "en") -> list:
    return [spec for spec in load_rules(PACKAGE)[lang].examples if spec.kind == kind]


def rolled(state, a: int, b: int):
    """``state`` after the engine's own moves for a roll of a and b."""
    for action in (RollDice(), Die(1, a), Die(2, b)):
        state = GAME.apply(state, action)
    return state


def test_the_sources_roll_of_3_and_4_offers_3_4_both_and_7():
    assert KINDS["options"].figures({"dice": "3 4"}) == {"options": 4, "choices": "3, 4, 3 4, 7", "seals": "none"}
    # the same from a new game, move by move
    state = rolled(GAME.initial_state(), 3, 4)
    assert state.phase == Phase.CHECK
    assert GAME.legal_actions(state) == [Check((3,)), Check((4,)), Check((3, 4)), Check((7,))]
    assert KINDS["options"].position({"dice": "3 4"}) == state


def test_a_ticked_3_closes_3_and_4():
    assert KINDS["options"].figures({"dice": "3 4", "checked": "3"})["choices"] == "4, 7"
    state = KINDS["options"].position({"dice": "3 4", "checked": "3"})
    with pytest.raises(IllegalAction):
        GAME.apply(state, Check((3, 4)))
    GAME.apply(state, Check((4,)))


def test_a_roll_with_nothing_open_fails_and_offers_its_numbers_to_seal():
    figures = KINDS["options"].figures({"dice": "3 4", "checked": "3 4 7"})
    assert figures == {"options": 0, "choices": "none", "seals": "3, 4, 7"}
    assert KINDS["options"].position({"dice": "3 4", "checked": "3 4 7"}).phase == Phase.FAILED


def test_the_rules_show_the_sources_roll():
    (fresh, closed) = specs("options")
    assert fresh.values["dice"] == "3 4" and "checked" not in fresh.values
    assert KINDS["options"].figures(fresh.values)["options"] == 4
    assert closed.values["checked"] == "3"


def test_a_run_of_four_and_five_ticks_bring_home_the_salve_or_the_scarab():
    fields = {"checked": "3 4 5 6 10"}
    assert KINDS["run"].figures(fields) == {"ticks": 5, "run": 4, "brings": "scarab, salve"}
    # the ticks played from a new game: 3 and 4 both, 5 and 6 both, then 4 + 6 = 10
    state = GAME.initial_state()
    for (a, b), check in (((3, 4), (3, 4)), ((5, 6), (5, 6)), ((4, 6), (10,))):
        state = GAME.apply(rolled(state, a, b), Check(check))
    shown = KINDS["run"].position(fields)
    assert state == replace(shown, dice=(4, 6))  # the picture leaves out the last roll's dice
    assert GAME.legal_actions(state) == GAME.legal_actions(shown)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Bring("fountain"))  # a run of 6
    with pytest.raises(IllegalAction):
        GAME.apply(state, Bring("mask"))  # 7 ticks
    home = GAME.apply(state, Bring("salve"))
    assert home.treasures == 1 << 3 and home.checked == 0


def test_five_ticks_without_a_run_bring_home_the_golden_scarab():
    """The source: five ticked numbers earn the Golden Scarab."""
    assert KINDS["run"].figures({"checked": "1 3 5 7 9"}) == {"ticks": 5, "run": 1, "brings": "scarab"}


def test_a_treasure_home_is_not_offered_again_and_the_run_does_not_wrap():
    assert KINDS["run"].figures({"checked": "3 4 5 6 10", "home": "salve"})["brings"] == "scarab"
    assert KINDS["run"].figures({"checked": "11 12 1 2"}) == {"ticks": 4, "run": 2, "brings": "none"}


def test_the_rules_show_a_run():
    (spec,) = specs("run")
    assert KINDS["run"].figures(spec.values) == {"ticks": 5, "run": 4, "brings": "scarab, salve"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_block_agrees_with_the_engine(lang):
    for spec in load_rules(PACKAGE)[lang].examples:
        assert check_example(spec, KINDS) == [], spec


@pytest.mark.parametrize(
    "kind, fields",
    [
        ("options", {"dice": "3"}),
        ("options", {"dice": "3 4 5"}),
        ("options", {"dice": "3 x"}),
        ("options", {"dice": "3 4", "checked": "13"}),
        ("options", {"dice": "3 4", "checked": "0"}),
        ("options", {"dice": "3 4", "checked": "3 3"}),
        ("options", {"dice": "3 4", "checked": "3", "sealed": "3"}),
        ("options", {"dice": "3 4", "sealed": "1 2 5"}),
        ("run", {"checked": "3 4", "home": "crown"}),
        ("run", {"checked": "3 4", "home": "scarab mask skull salve fountain"}),
    ],
)
def test_bad_fields_are_refused(kind, fields):
    with pytest.raises(ExampleError):
        KINDS[kind].figures(fields)


def test_a_face_the_dice_do_not_have_is_refused_by_the_engine():
    with pytest.raises(IllegalAction):
        KINDS["options"].figures({"dice": "3 7"})
