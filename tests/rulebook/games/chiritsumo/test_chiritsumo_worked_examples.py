"""Chiritsumo's worked examples (issue 10 C): the rules' numbers are the engine's, and the source's example holds.

Expectations are the source's own numbers (four red dice in a line are two
rivers; the point tables), checked against ``KINDS[...].figures`` and against
the engine played through (``Done`` on the example's position scores it),
and cross-checked by ``oracle_score`` (an independent scorer in ``ct_helpers``).
"""

from __future__ import annotations

import pytest

from tests.rulebook.games.chiritsumo.ct_helpers import oracle_counts, oracle_fuji, oracle_score

from rulebook.core import IllegalAction
from rulebook.core.examples import ExampleError, check_example, load_kinds
from rulebook.core.text import load_rules
from rulebook.games.chiritsumo import GAME, Phase
from rulebook.games.chiritsumo.actions import Done
from rulebook.games.chiritsumo.examples import KINDS, pyramid

RULES = load_rules("rulebook.games.chiritsumo")
EXAMPLES = RULES["en"].examples


def block(kind: str, **values: str):
    """The example block of ``kind`` in the English rules whose fields include ``values``."""
    found = [s for s in EXAMPLES if s.kind == kind and all(s.values.get(k) == v for k, v in values.items())]
    assert len(found) == 1, (kind, values, found)
    return found[0]


def scored(fields):
    """Play the example's position to its end: ``Done`` scores the pyramid; the round's score and the state after."""
    state = KINDS[next(iter(KINDS))].position(fields)
    assert state.phase == Phase.ARRANGE
    GAME.check(state, Done())
    after = GAME.next_state(state, Done())
    return after.last_scores[0], after


def test_the_game_declares_the_kinds_the_rules_use():
    assert load_kinds("rulebook.games.chiritsumo") == KINDS
    assert {s.kind for s in EXAMPLES} == {"mountain", "wing", "river", "fuji", "score"}
    assert [s.key for s in RULES["ja"].examples] == [s.key for s in EXAMPLES]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_block_is_the_engines(lang):
    for spec in RULES[lang].examples:
        assert check_example(spec, KINDS) == [], spec


# ----- the source's own example: four red dice in a straight line are two rivers ---------------------
def test_four_red_dice_in_a_row_are_two_rivers_worth_3():
    spec = block("river")
    assert spec.values["row0"] == "R3 R3 R4 R4"
    assert KINDS["river"].figures(spec.values) == {"rivers": 2, "river_points": 3}
    points, _ = scored(spec.values)
    assert points == 3  # the source's table: 2 rivers score 3
    assert oracle_counts(pyramid(spec.values)) == (0, 2, 0)


def test_four_red_dice_on_a_diagonal_are_two_rivers_too():
    fields = {"row3": "R1", "row2": "R2 B2", "row1": "R3 C3 B3", "row0": "R4 Y4 B4 C4"}
    assert KINDS["river"].figures(fields) == {"rivers": 2, "river_points": 3}
    assert oracle_counts(pyramid(fields))[1] == 2


def test_three_in_a_line_is_one_river():
    assert KINDS["river"].figures({"row0": "B2 B2 B3 ."}) == {"rivers": 1, "river_points": 1}


# ----- each pattern --------------------------------------------------------------------------------------
def test_one_mountain_scores_1():
    spec = block("mountain", mountains="1")
    assert KINDS["mountain"].figures(spec.values) == {"mountains": 1, "mountain_points": 1}
    assert scored(spec.values)[0] == 1 == oracle_score(pyramid(spec.values))


def test_a_red_and_a_blue_mountain_are_2_mountains_worth_3():
    spec = block("mountain", mountains="2")
    built = pyramid(spec.values)
    assert {built[s].colour for s in ((0, 0), (0, 1), (1, 0))} == {"red"}
    assert {built[s].colour for s in ((0, 2), (0, 3), (1, 2))} == {"blue"}
    assert KINDS["mountain"].figures(spec.values) == {"mountains": 2, "mountain_points": 3}
    assert scored(spec.values)[0] == 3 == oracle_score(built)


def test_one_wing_scores_2():
    spec = block("wing")
    assert KINDS["wing"].figures(spec.values) == {"wings": 1, "wing_points": 2}
    assert scored(spec.values)[0] == 2 == oracle_score(pyramid(spec.values))


def test_fuji_is_30_on_top_of_its_mountains_wing_and_bonus():
    spec = block("fuji")
    figures = KINDS["fuji"].figures(spec.values)
    assert figures == {"fuji": "yes", "fuji_points": 30, "mountains": 2, "wings": 1, "bonus": 9, "total": 44}
    assert 30 + 3 + 2 + 3 * 3 == 44  # 富士, 2 山, 1 翼, apex 3 × 3
    built = pyramid(spec.values)
    assert oracle_fuji(built) and oracle_score(built) == 44
    assert sorted(die.colour for die in built.values()) == sorted(["clear"] + ["yellow", "red", "blue"] * 3)  # the starting dice
    points, after = scored(spec.values)
    assert points == 44
    assert after.phase == Phase.SWAP  # solo: complete, so a die is traded for a clear one


def test_a_coloured_top_is_no_fuji():
    fields = dict(block("fuji").values, row3="R3")
    figures = KINDS["fuji"].figures(fields)
    assert figures["fuji"] == "no" and figures["fuji_points"] == 0


def test_the_scored_pyramid_line_by_line():
    spec = block("score")
    figures = KINDS["score"].figures(spec.values)
    assert figures == {
        "mountains": 2,
        "mountain_points": 3,
        "rivers": 0,
        "river_points": 0,
        "wings": 1,
        "wing_points": 2,
        "clear": 1,
        "fuji_points": 0,
        "complete": "yes",
        "bonus": 12,
        "total": 17,
    }
    built = pyramid(spec.values)
    assert built[(3, 0)].pips * 3 == 12
    assert oracle_counts(built) == (2, 0, 1) and oracle_score(built) == 17
    assert scored(spec.values)[0] == 17


def test_a_partial_pyramid_has_no_bonus():
    figures = KINDS["score"].figures({"row0": "R3 R3 R4 R4"})
    assert figures["complete"] == "no" and figures["bonus"] == 0 and figures["total"] == 3


def test_the_position_holds_exactly_the_examples_dice():
    spec = block("score")
    state = KINDS["score"].position(spec.values)
    (seat,) = state.seats
    assert len(seat.dice) == 10 and seat.pyramid() == pyramid(spec.values)
    small = KINDS["river"].position(block("river").values).seats[0]
    assert small.dice == ("red",) * 4 and small.pips == (3, 3, 4, 4)


# ----- bad fields are refused ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fields",
    [
        {"row0": "R3 R3 R4"},  # the bottom row has 4 slots
        {"row0": "R3 R3 R4 R4 R4"},
        {"row0": "X3 R3 R4 R4"},  # no such colour
        {"row0": "R R3 R4 R4"},  # no pips
        {"row0": ". . . ."},  # no die at all
        {"row1": "R3", "row0": "R3 R3 . ."},  # row 1 has 3 slots
    ],
)
def test_fields_that_do_not_read_are_refused(fields):
    with pytest.raises(ExampleError):
        KINDS["score"].figures(fields)


@pytest.mark.parametrize(
    "fields, rule",
    [
        ({"row0": "R7 . . ."}, "components"),  # pips 1-6
        ({"row0": "R3 R5 . ."}, "place-neighbour"),  # side by side differ by at most 1
        ({"row1": "R4 . .", "row0": "R3 R3 . ."}, "place-upper"),  # no more than the smaller support
        ({"row1": ". R3 .", "row0": "R3 R3 . ."}, "place-base"),  # floating: (1,1) needs (0,2)
    ],
)
def test_illegal_pyramids_are_refused_by_the_engine(fields, rule):
    with pytest.raises(IllegalAction) as error:
        KINDS["mountain"].figures(fields)
    assert error.value.rule_id == rule


def test_a_wrong_number_in_a_block_is_reported():
    spec = block("river")
    wrong = type(spec)(spec.kind, tuple((k, "1" if k == "rivers" else v) for k, v in spec.fields), spec.caption)
    assert any("the engine says 2" in p for p in check_example(wrong, KINDS))


def test_the_row_field_is_required():
    spec = block("wing")
    missing = type(spec)(spec.kind, tuple((k, v) for k, v in spec.fields if k != "row0"), spec.caption)
    assert any("'row0' is missing" in p for p in check_example(missing, KINDS))
