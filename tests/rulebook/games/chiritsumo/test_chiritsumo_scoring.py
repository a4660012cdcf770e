"""Scoring (CT-3..CT-6): patterns, the source's point tables, 富士 and the completion bonus.

Every expectation is worked out by hand from the rules or by ``oracle_score``
(an independent scorer in ``ct_helpers``), never by the engine's own tables.
"""

from __future__ import annotations

import itertools
import random

import pytest
from tests.rulebook.games.chiritsumo.ct_helpers import ALL_SLOTS, P, oracle_counts, oracle_score, random_arrangement, triangle_points_rule, uniform
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebook.games.chiritsumo as ct
from rulebook.games.chiritsumo import score, validate


def check(pyramid, **expected):
    validate(pyramid)
    result = score(pyramid)
    for key, value in expected.items():
        assert getattr(result, key) == value, (key, getattr(result, key), value)
    return result


# ----- public API shape ---------------------------------------------------------------
def test_score_returns_ints_and_bools():
    result = score(P("""
       C1
      Y1 B1
     Y1 B1 R1
    Y1 Y1 R1 R1
    """))
    for name in ("total", "mountains", "rivers", "wings"):
        assert type(getattr(result, name)) is int, name
    for name in ("fuji", "complete"):
        assert type(getattr(result, name)) is bool, name


def test_public_names():
    for name in ("score", "validate", "best_arrangement", "GAME"):
        assert hasattr(ct, name)
    assert callable(ct.score) and callable(ct.validate) and callable(ct.best_arrangement)


def test_empty_pyramid_scores_nothing():
    check({}, total=0, mountains=0, rivers=0, wings=0, fuji=False, complete=False)


# ----- the source's worked examples --------------------------------------------------------
def test_four_of_one_colour_in_a_line_are_two_rivers():
    """原典: 赤いダイスが4つ直線で並んでいれば【河】2つ (3 points, no bonus: incomplete)."""
    check({(0, i): ("red", 3) for i in range(4)}, rivers=2, mountains=0, wings=0, total=3)


def test_four_in_a_diagonal_line_are_two_rivers():
    line = uniform("""
       R
      R C
     R Y B
    R Y B Y
    """)
    result = check(line, rivers=2, complete=True)
    assert result.total == 3 + 1 * 3  # 2 rivers + apex 1 × 3


def test_other_diagonal_four_in_a_line():
    line = uniform("""
       B
      Y B
     R Y B
    Y R C B
    """, pips=2)
    check(line, rivers=2, mountains=0, wings=0, total=3 + 6)


@pytest.mark.parametrize("n,points", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)])
def test_mountain_points_table(n, points):
    """原典: 山 1/2/3/4/5/6個の時、1/3/6/10/15/21点 — found among colourings of one pyramid."""
    found = _colourings_with(lambda m, r, w: m == n)
    assert found, n
    for pyramid in found[:20]:
        assert score(pyramid).mountain_points == points


@pytest.mark.parametrize("n,points", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 28), (9, 45)])
def test_river_points_table_and_its_continuation(n, points):
    """原典: 河 1..6 → 1/3/6/10/15/21; CT-4: 7+ continue as n(n+1)/2 (7 → 28).

    (8 rivers cannot stand: every slot lies on at least two rivers.)
    """
    found = _colourings_with(lambda m, r, w: r == n)
    assert found, n
    for pyramid in found[:20]:
        assert score(pyramid).river_points == points


@pytest.mark.parametrize("n,points", [(1, 2), (2, 5), (3, 10)])
def test_wing_points_table(n, points):
    """原典: 翼 1/2/3個の時、2/5/10点."""
    found = _colourings_with(lambda m, r, w: w == n)
    assert found, n
    for pyramid in found[:20]:
        assert score(pyramid).wing_points == points


def _colourings_with(predicate):
    return [p for p in _YELLOW_CLEAR if predicate(*oracle_counts(p))]


# every yellow/clear colouring of a complete all-1 pyramid (always legal): 1024 pyramids
_YELLOW_CLEAR = [
    {slot: (colour, 1) for slot, colour in zip(ALL_SLOTS, colours)}
    for colours in itertools.product(("yellow", "clear"), repeat=10)
]


def test_yellow_clear_colourings_all_score_like_the_oracle():
    for pyramid in _YELLOW_CLEAR:
        result = score(pyramid)
        assert (result.mountains, result.rivers, result.wings) == oracle_counts(pyramid)
        assert result.total == oracle_score(pyramid)


def test_all_one_colour_pyramid_holds_every_pattern():
    pyramid = {slot: ("yellow", 1) for slot in ALL_SLOTS}
    check(pyramid, mountains=6, rivers=9, wings=3, total=21 + 45 + 10 + 3)


# ----- pattern-mountain / wing / river / overlap / clear ---------------------------------------
@pytest.mark.parametrize("r,i", [(r, i) for r in range(3) for i in range(3 - r)])
def test_each_mountain_place(r, i):
    slots = [(r, i), (r, i + 1), (r + 1, i)]
    pyramid = {s: ("clear", 1) for s in ALL_SLOTS}
    pyramid.update({s: ("red", 1) for s in slots})
    result = check(pyramid, mountains=1, wings=0)
    assert result.rivers == 0
    assert result.mountain_points == 1


@pytest.mark.parametrize("r,i", [(r, i) for r in range(2) for i in range(2 - r)])
def test_each_wing_place(r, i):
    slots = [(r + 1, i), (r + 1, i + 1), (r, i + 1)]
    pyramid = {s: ("clear", 1) for s in ALL_SLOTS}
    pyramid.update({s: ("blue", 1) for s in slots})
    result = check(pyramid, wings=1, mountains=0, rivers=0)
    assert result.wing_points == 2
    assert result.total == 2 + 3


def test_each_river_place():
    from tests.rulebook.games.chiritsumo.ct_helpers import ORACLE_RIVERS

    assert len(ORACLE_RIVERS) == 9
    for triple in ORACLE_RIVERS:
        pyramid = {s: ("clear", 1) for s in ALL_SLOTS}
        pyramid.update({s: ("yellow", 1) for s in triple})
        check(pyramid, rivers=1, mountains=0, wings=0, total=1 + 3)


def test_dice_count_in_several_patterns():
    """pattern-overlap: the same yellow dice make a mountain and a river."""
    pyramid = P("""
     Y1 . .
    Y1 Y1 Y1 .
    """)
    check(pyramid, mountains=1, rivers=1, total=2)


def test_mountain_and_wing_share_dice():
    pyramid = uniform("""
      .
     Y Y
    C Y Y
   C C Y C
    """)
    # wings (1,1)(1,2)(0,2) and (2,0)(2,1)(1,1); mountain (1,1)(1,2)(2,1); river (0,2)(1,1)(2,0):
    # the yellow die on (1,1) counts in all four
    check(pyramid, wings=2, mountains=1, rivers=1, total=5 + 1 + 1)


def test_clear_dice_make_no_pattern():
    pyramid = {s: ("clear", 2) for s in ALL_SLOTS}
    check(pyramid, mountains=0, rivers=0, wings=0, total=6)


def test_mixed_colours_make_no_pattern():
    check({(0, 0): ("red", 1), (0, 1): ("red", 1), (1, 0): ("blue", 1)}, mountains=0, total=0)


def test_counts_are_totals_over_colours():
    """points: one red mountain and one blue mountain are 2 mountains = 3 points (not 1 + 1)."""
    pyramid = P("""
     R1 . B1
    R1 R1 B1 B1
    """)
    check(pyramid, mountains=2, mountain_points=3, rivers=0, total=3)


def test_mixed_colours_score_like_the_oracle():
    pyramid = uniform("""
       C
      R C
     Y R C
    Y Y R B
    """)
    # a yellow mountain (0,0)(0,1)(1,0) and a red river (0,2)(1,1)(2,0): 1 + 1, bonus 3
    check(pyramid, mountains=1, rivers=1, wings=0, total=5)
    assert score(pyramid).total == oracle_score(pyramid)


# ----- fuji --------------------------------------------------------------------------------
FUJI = """
   C
  B B
 Y B R
Y Y R R
"""


@pytest.mark.parametrize("pips", range(1, 7))
def test_fuji_scores_30_plus_its_patterns_plus_bonus(pips):
    pyramid = uniform(FUJI, pips)
    result = check(pyramid, fuji=True, complete=True, mountains=2, wings=1, rivers=0)
    assert result.fuji_points == 30
    assert result.total == 30 + 3 + 2 + 3 * pips


def test_fuji_with_different_pips():
    pyramid = P("""
       C1
      B2 B2
     Y3 B3 R2
    Y4 Y4 R3 R2
    """)
    result = check(pyramid, fuji=True)
    assert result.total == 30 + 3 + 2 + 3


@pytest.mark.parametrize("colours", list(itertools.permutations(["yellow", "red", "blue"])))
def test_fuji_any_assignment_of_three_colours(colours):
    regions = ([(0, 0), (0, 1), (1, 0)], [(0, 2), (0, 3), (1, 2)], [(1, 1), (2, 0), (2, 1)])
    pyramid = {(3, 0): ("clear", 1)}
    for colour, region in zip(colours, regions):
        pyramid.update({s: (colour, 1) for s in region})
    check(pyramid, fuji=True, total=38)


NEAR_MISSES = {
    "two regions one colour": """
       C
      B B
     Y B Y
    Y Y Y Y
    """,
    "all three regions one colour": """
       C
      Y Y
     Y Y Y
    Y Y Y Y
    """,
    "apex not clear": """
       R
      B B
     Y B R
    Y Y R R
    """,
    "a region not one colour": """
       C
      B B
     Y B R
    Y R R R
    """,
    "a region of clear dice": """
       C
      B B
     C B R
    C C R R
    """,
    "clear die inside a region": """
       C
      B C
     Y B R
    Y Y R R
    """,
}


@pytest.mark.parametrize("name", sorted(NEAR_MISSES))
def test_fuji_near_misses(name):
    pyramid = uniform(NEAR_MISSES[name])
    result = check(pyramid, fuji=False, complete=True)
    assert result.fuji_points == 0
    assert result.total == oracle_score(pyramid)


def test_fuji_needs_a_complete_pyramid():
    pyramid = uniform(FUJI)
    del pyramid[(3, 0)]
    check(pyramid, fuji=False, complete=False, mountains=2, wings=1, total=5)


def test_every_region_colouring_agrees_with_the_oracle():
    """All 4^4 colourings of the three Fuji regions and the apex (one colour each)."""
    regions = ([(0, 0), (0, 1), (1, 0)], [(0, 2), (0, 3), (1, 2)], [(1, 1), (2, 0), (2, 1)], [(3, 0)])
    for colours in itertools.product(("clear", "yellow", "red", "blue"), repeat=4):
        pyramid = {s: (c, 2) for c, region in zip(colours, regions) for s in region}
        result = score(pyramid)
        fuji = colours[3] == "clear" and "clear" not in colours[:3] and len(set(colours[:3])) == 3
        assert result.fuji is fuji, colours
        assert result.total == oracle_score(pyramid), colours


# ----- bonus -------------------------------------------------------------------------------
@pytest.mark.parametrize("apex", range(1, 7))
def test_completion_bonus_is_apex_pips_times_three(apex):
    pyramid = {s: ("clear", apex) for s in ALL_SLOTS}
    check(pyramid, complete=True, bonus=3 * apex, total=3 * apex)


def test_no_bonus_without_completion():
    pyramid = {s: ("clear", 6) for s in ALL_SLOTS if s != (3, 0)}
    check(pyramid, complete=False, bonus=0, total=0)


def test_partial_arrangement_patterns_score():
    """CT-2: leftovers are allowed and the patterns of what stands still score."""
    pyramid = {(0, 0): ("red", 2), (0, 1): ("red", 3), (1, 0): ("red", 2)}
    check(pyramid, mountains=1, complete=False, total=1)


# ----- properties ----------------------------------------------------------------------------
dice_st = st.lists(st.tuples(st.sampled_from(["clear", "yellow", "red", "blue"]), st.integers(1, 6)), max_size=10)


@settings(max_examples=400, deadline=None)
@given(dice=dice_st, seed=st.integers(0, 2**32))
def test_score_agrees_with_the_independent_scorer(dice, seed):
    pyramid = random_arrangement(dice, random.Random(seed), stop=0.02)
    result = score(pyramid)
    assert result.total == oracle_score(pyramid)
    assert (result.mountains, result.rivers, result.wings) == oracle_counts(pyramid)
    assert result.complete is (len(pyramid) == 10)
    assert result.total == (
        triangle_points_rule(result.mountains)
        + triangle_points_rule(result.rivers)
        + {0: 0, 1: 2, 2: 5, 3: 10}[result.wings]
        + result.fuji_points
        + result.bonus
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["clear", "yellow", "red", "blue"]), min_size=10, max_size=10), st.integers(1, 6))
def test_recoloured_uniform_pyramids_agree_with_the_oracle(colours, pips):
    pyramid = {slot: (colour, pips) for slot, colour in zip(ALL_SLOTS, colours)}
    assert score(pyramid).total == oracle_score(pyramid)


@settings(max_examples=200, deadline=None)
@given(dice=st.lists(st.tuples(st.sampled_from(["clear", "yellow", "red", "blue"]), st.integers(1, 6)), min_size=10, max_size=10), seed=st.integers(0, 2**32))
def test_apex_of_a_complete_pyramid_is_its_lowest_die(dice, seed):
    """bonus: the top die is always the lowest of the whole pyramid."""
    pyramid = random_arrangement(dice, random.Random(seed), stop=0.0)
    if len(pyramid) == 10:
        assert pyramid[(3, 0)][1] == min(p for _, p in pyramid.values())
