"""Magos solo's worked examples: the source's Frost Troll turns and the dice table, against the engine."""

from __future__ import annotations

import pytest

from rulebook.core import IllegalAction
from rulebook.core.errors import BadOption, UnreadableAction
from rulebook.core.examples import ExampleError, check_example, find_examples
from rulebook.core.text import load_rules
from rulebook.games.magos_solo import GAME
from rulebook.games.magos_solo.actions import Next, SetFace
from rulebook.games.magos_solo.examples import KINDS
from rulebook.games.magos_solo.table import Effect

TROLL = {"enemy": "custom", "moves": "face 6 hit 6"}
"""The Frost Troll as far as the source tells it: an enemy of one's own whose face 6 deals 6 damage."""


def test_frost_troll_turn_1_is_a_miss_and_6_damage():
    figures = KINDS["turn"].figures(TROLL)
    assert figures["turn"] == 1
    assert figures["dice"] == [1, 6]
    assert figures["effects"] == "miss, hit 6"
    assert figures["damage"] == 6


def test_frost_troll_turn_2_is_two_misses():
    figures = KINDS["turn"].figures({**TROLL, "moves": "face 6 hit 6; next"})
    assert figures["turn"] == 2
    assert figures["dice"] == [3, 5]
    assert figures["effects"] == "miss, miss"
    assert figures["damage"] == 0
    assert figures["missed"] == [1, 3, 5]
    assert figures["unseen"] == [2, 4]


def test_the_same_turns_played_directly_on_the_engine():
    state = GAME.initial_state({"enemy": "custom"})
    state = GAME.apply(state, SetFace(6, Effect("hit", 6)))
    one = GAME.turn_result(state)
    assert (state.turn, one.dice, one.damage) == (1, (1, 6), 6)
    assert [str(e) for e in one.effects] == ["miss", "hit 6"]
    state = GAME.apply(state, Next())
    two = GAME.turn_result(state)
    assert (state.turn, two.dice, two.damage) == (2, (3, 5), 0)
    assert all(e.kind == "miss" for e in two.effects)
    assert KINDS["turn"].position({**TROLL, "moves": "face 6 hit 6; next"}) == state


def test_the_dice_table_example():
    assert KINDS["dice"].figures({"turn": "10"}) == {"row": 7, "dice": [1, 2, 3, 6]}
    assert KINDS["dice"].figures({"turn": "1"}) == {"row": 1, "dice": [1, 6]}
    assert KINDS["dice"].figures({"turn": "5", "turn5": "5-6-6-6"}) == {"row": 5, "dice": [5, 6, 6, 6]}
    state = KINDS["dice"].position({"turn": "10"})
    assert state.turn == 10
    assert GAME.observe(state, 0)["row"] == 7
    assert [d["pips"] for d in GAME.observe(state, 0)["dice"]] == [1, 2, 3, 6]


def test_an_extra_6_is_written_as_such():
    figures = KINDS["turn"].figures({**TROLL, "turn5": "5-6-6-6", "moves": "face 6 hit 6; next; next; next; next"})
    assert figures["turn"] == 5
    assert figures["effects"] == "miss, hit 6, extra 6, extra 6"
    assert figures["damage"] == 6


def test_the_rules_blocks_are_the_engines():
    for lang, text in load_rules("rulebook.games.magos_solo").items():
        specs = text.examples
        assert [s.kind for s in specs] == ["dice", "turn", "turn"], lang
        for spec in specs:
            assert check_example(spec, KINDS) == [], (lang, spec)
        assert specs[1].values["damage"] == "6" and specs[2].values["damage"] == "0"


@pytest.mark.parametrize(
    "kind, fields, error",
    [
        ("turn", {"moves": "face 6 hit 99"}, IllegalAction),  # damage goes to 20
        ("turn", {"moves": "prev"}, IllegalAction),  # no turn before turn 1
        ("turn", {"moves": "jump"}, UnreadableAction),  # not a move of this page
        ("turn", {"enemy": "dragon", "moves": ""}, BadOption),
        ("turn", {"turn5": "5-5", "moves": ""}, BadOption),
        ("dice", {"turn": "0"}, ExampleError),
        ("dice", {"turn": "x"}, ExampleError),
        ("dice", {"turn": "3 4"}, ExampleError),
    ],
)
def test_bad_fields_are_refused(kind, fields, error):
    with pytest.raises(error):
        KINDS[kind].figures(fields)


def test_a_wrong_figure_in_a_block_is_caught():
    block = "```example turn\nenemy: custom\nmoves: face 6 hit 6\ndice: 1 6\ndamage: 7\n---\nTurn 1: 1 and 6, 7 damage.\n```"
    (spec,) = find_examples(block)
    (problem,) = check_example(spec, KINDS)
    assert "the text says damage = 7, the engine says 6" in problem
