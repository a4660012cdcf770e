"""The pyramid's shape (CT-1, CT-3), checked against slot coordinates, not the module's own tables."""

from __future__ import annotations

from tests.rulebook.games.chiritsumo.ct_helpers import ALL_SLOTS, ORACLE_MOUNTAINS, ORACLE_RIVERS, ORACLE_WINGS

from rulebook.games.chiritsumo import geometry as g


def test_slots_are_rows_of_4_3_2_1_from_the_bottom():
    assert set(g.SLOTS) == set(ALL_SLOTS)
    assert len(g.SLOTS) == 10
    for r, width in enumerate((4, 3, 2, 1)):
        assert sorted(i for (row, i) in g.SLOTS if row == r) == list(range(width))
    assert g.APEX == (3, 0)


def test_a_slot_rests_on_positions_i_and_i_plus_1_of_the_row_below():
    for r, i in g.SLOTS:
        if r == 0:
            assert g.supports((r, i)) == ()
        else:
            assert set(g.supports((r, i))) == {(r - 1, i), (r - 1, i + 1)}


def test_carried_is_the_inverse_of_supports():
    for slot in g.SLOTS:
        assert set(g.carried(slot)) == {s for s in g.SLOTS if slot in g.supports(s)}


def test_neighbours_are_left_and_right_in_the_same_row_only():
    for r, i in g.SLOTS:
        expected = {(r, j) for j in (i - 1, i + 1) if (r, j) in g.SLOTS}
        assert set(g.neighbours((r, i))) == expected


def test_pattern_places_match_the_geometry():
    """6 mountains, 3 wings, 9 rivers, exactly where the triangular lattice has them."""
    assert {frozenset(t) for t in g.MOUNTAINS} == set(ORACLE_MOUNTAINS)
    assert {frozenset(t) for t in g.WINGS} == set(ORACLE_WINGS)
    assert {frozenset(t) for t in g.RIVERS} == set(ORACLE_RIVERS)
    assert (len(ORACLE_MOUNTAINS), len(ORACLE_WINGS), len(ORACLE_RIVERS)) == (6, 3, 9)


def test_mountain_and_wing_shapes_are_the_ct3_slots():
    assert {frozenset(((r, i), (r, i + 1), (r + 1, i))) for r in range(3) for i in range(3 - r)} == set(ORACLE_MOUNTAINS)
    assert {frozenset(((r + 1, i), (r + 1, i + 1), (r, i + 1))) for r in range(2) for i in range(2 - r)} == set(ORACLE_WINGS)


def test_fuji_regions_partition_the_nine_slots_below_the_apex():
    regions = [set(region) for region in g.FUJI_REGIONS]
    assert set().union(*regions) == set(g.SLOTS) - {g.APEX}
    assert sum(map(len, regions)) == 9
    assert regions[0] == {(0, 0), (0, 1), (1, 0)}
    assert regions[1] == {(0, 2), (0, 3), (1, 2)}
    assert regions[2] == {(1, 1), (2, 0), (2, 1)}
    assert frozenset(regions[0]) in ORACLE_MOUNTAINS and frozenset(regions[1]) in ORACLE_MOUNTAINS
    assert frozenset(regions[2]) in ORACLE_WINGS


def test_fuji_partition_is_the_only_one():
    """CT-5: two mountains and one wing covering the nine lower slots can only be placed one way."""
    lower = frozenset(g.SLOTS) - {g.APEX}
    found = []
    for i, a in enumerate(ORACLE_MOUNTAINS):
        for b in ORACLE_MOUNTAINS[i + 1 :]:
            for w in ORACLE_WINGS:
                if a | b | w == lower and not (a & b or a & w or b & w):
                    found.append({a, b, w})
    assert len(found) == 1


def test_count_tables_agree_with_subsets():
    full = g.FULL_MASK
    assert g.MOUNTAIN_COUNT[full] == 6 and g.WING_COUNT[full] == 3 and g.RIVER_COUNT[full] == 9
    bottom = g.mask([(0, 0), (0, 1), (0, 2), (0, 3)])
    assert g.RIVER_COUNT[bottom] == 2 and g.MOUNTAIN_COUNT[bottom] == 0
    assert g.slots_of(bottom) == ((0, 0), (0, 1), (0, 2), (0, 3))
