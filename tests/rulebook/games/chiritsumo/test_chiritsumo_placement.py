"""Placement (CT-1, CT-2): ``validate`` and the rule ids of its refusals, incl. the source's examples."""

from __future__ import annotations

import random

import pytest
from tests.rulebook.games.chiritsumo.ct_helpers import ALL_SLOTS, P, oracle_legal, random_arrangement
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.errors import IllegalAction
from rulebook.games.chiritsumo import validate


def refused(pyramid) -> str:
    with pytest.raises(IllegalAction) as info:
        validate(pyramid)
    assert info.value.message_ja and info.value.message_en
    return info.value.rule_id


# ----- the source's worked examples ------------------------------------------------
@pytest.mark.parametrize("pips", range(1, 7))
def test_beside_a_4_only_3_4_5(pips):
    """原典: 4の横に置けるのは3,4,5 (either side)."""
    for pyramid in ({(0, 1): ("red", 4), (0, 2): ("blue", pips)}, {(0, 1): ("red", 4), (0, 0): ("blue", pips)}):
        if pips in (3, 4, 5):
            validate(pyramid)
        else:
            assert refused(pyramid) == "place-neighbour"


@pytest.mark.parametrize("pips", range(1, 7))
def test_on_a_4_and_a_5_only_4_or_less(pips):
    """原典: 土台が4,5の場合、乗せられるのは4か、4より小さい物だけ."""
    for base in ({(0, 0): ("red", 4), (0, 1): ("red", 5)}, {(0, 0): ("red", 5), (0, 1): ("red", 4)}):
        pyramid = {**base, (1, 0): ("blue", pips)}
        if pips <= 4:
            validate(pyramid)
        else:
            assert refused(pyramid) == "place-upper"


def test_upper_equal_to_the_smaller_support_is_fine():
    validate({(0, 0): ("red", 3), (0, 1): ("red", 4), (1, 0): ("blue", 3)})


# ----- place-base ---------------------------------------------------------------------
@pytest.mark.parametrize("slot", [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (3, 0)])
def test_upper_slot_needs_both_supports(slot):
    r, i = slot
    below = {(r - 1, i), (r - 1, i + 1)}
    # every slot except one support (and what rests on it) filled with 1s
    for missing in below:
        pyramid = {s: ("clear", 1) for s in ALL_SLOTS if s[0] < r and s != missing}
        pyramid[slot] = ("clear", 1)
        assert refused(pyramid) == "place-base"


def test_floating_die_is_refused():
    assert refused({(3, 0): ("red", 1)}) == "place-base"
    assert refused({(1, 1): ("red", 1), (0, 1): ("red", 1)}) == "place-base"


def test_bottom_row_needs_no_support_and_may_have_gaps():
    """CT-2: an arrangement is *any* set of filled slots obeying CT-1 (no contiguity rule in CT-1)."""
    validate({(0, 0): ("red", 1), (0, 3): ("blue", 6)})
    validate({(0, 0): ("red", 1), (0, 2): ("blue", 3)})  # not neighbours: 1 and 3 are fine


def test_neighbour_rule_is_horizontal_only():
    """CT-1: between rows only the 'upper' rule applies (a 1 may sit on a 6 and a 6)."""
    validate({(0, 0): ("red", 6), (0, 1): ("red", 6), (1, 0): ("red", 1)})


def test_neighbour_rule_applies_in_upper_rows_too():
    base = {(0, 0): ("red", 6), (0, 1): ("red", 6), (0, 2): ("red", 6)}
    validate({**base, (1, 0): ("red", 5), (1, 1): ("red", 6)})
    assert refused({**base, (1, 0): ("red", 3), (1, 1): ("red", 5)}) == "place-neighbour"


def test_empty_and_partial_arrangements_are_legal():
    validate({})
    validate({(0, 1): ("yellow", 2)})
    validate(P("""
       .
      . .
     Y2 . .
    Y2 Y3 . .
    """))


def test_complete_legal_pyramid():
    validate(P("""
       C1
      Y2 B1
     Y3 B2 R1
    Y3 Y4 R3 R2
    """))


# ----- junk input (components / place-base) -----------------------------------------
@pytest.mark.parametrize("key", [(4, 0), (0, 4), (1, 3), (3, 1), (-1, 0), (0, -1), (0, 0, 0), (0,), "0,0", 0, None, (True, 0), (0, 0.0), ("0", "0")])
def test_bad_slot_keys(key):
    assert refused({key: ("red", 1)}) == "place-base"


@pytest.mark.parametrize("die", [("green", 1), ("Clear", 1), (None, 1), ("red", 0), ("red", 7), ("red", -1), ("red", 1.0), ("red", "3"), ("red", True), ("red",), ("red", 1, 1), "red1", None, 3])
def test_bad_dice(die):
    assert refused({(0, 0): die}) == "components"


def test_list_dice_and_keys_are_read_like_tuples():
    validate({(0, 0): ["red", 1]})


def test_not_a_mapping():
    for junk in ([((0, 0), ("red", 1))], "(0,0)", None, 5):
        with pytest.raises(IllegalAction):
            validate(junk)


def test_lowest_broken_slot_is_reported():
    pyramid = {(0, 0): ("red", 1), (0, 1): ("red", 5), (1, 0): ("red", 6)}
    with pytest.raises(IllegalAction) as info:
        validate(pyramid)
    assert info.value.rule_id == "place-neighbour"


# ----- properties ---------------------------------------------------------------------------
dice_st = st.lists(st.tuples(st.sampled_from(["clear", "yellow", "red", "blue"]), st.integers(1, 6)), max_size=10)


@settings(max_examples=300, deadline=None)
@given(dice=dice_st, seed=st.integers(0, 2**32))
def test_validate_accepts_every_random_legal_arrangement(dice, seed):
    validate(random_arrangement(dice, random.Random(seed)))


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(ALL_SLOTS), st.tuples(st.sampled_from(["yellow", "clear"]), st.integers(1, 6)), max_size=10))
def test_validate_agrees_with_ct1_written_out(pyramid):
    if oracle_legal(pyramid):
        validate(pyramid)
    else:
        assert refused(pyramid) in ("place-base", "place-neighbour", "place-upper")
