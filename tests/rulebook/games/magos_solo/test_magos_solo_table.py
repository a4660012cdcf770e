"""The patch's table, the loop, a 6 counting once, and the source's worked example (MG-1)."""

from __future__ import annotations

import pytest

from rulebook.games.magos_solo import GAME, PRESETS, Effect, enemy_dice, resolve, table_row, turn_result
from rulebook.games.magos_solo.actions import SetFace
from rulebook.games.magos_solo.table import DICE_TABLE, MISS, ROW5_LONG, counted, row_dice

# The Frost Troll as far as the source tells: faces 1, 3, 5 miss, face 6 deals 6 (2 and 4 unknown: left as misses).
FROST_TROLL = (MISS, MISS, MISS, MISS, MISS, Effect("hit", 6))


def test_the_table_is_the_sources_turns_1_to_8() -> None:
    assert [enemy_dice(t) for t in range(1, 9)] == [
        (1, 6),
        (3, 5),
        (2, 4, 5),
        (1, 2, 2, 3),
        (5, 6),
        (2, 3, 4, 6),
        (1, 2, 3, 6),
        (3, 4, 5, 6),
    ]
    assert DICE_TABLE[4] == (5, 6) and ROW5_LONG == (5, 6, 6, 6)


@pytest.mark.parametrize(
    "turn, row",
    [(1, 1), (8, 8), (9, 6), (10, 7), (11, 8), (12, 6), (13, 7), (14, 8), (15, 6), (99, 6), (100, 7), (1001, 8), (1002, 6)],
)
def test_turns_from_9_loop_over_rows_6_to_8(turn: int, row: int) -> None:
    assert table_row(turn) == row
    assert enemy_dice(turn) == DICE_TABLE[row - 1]


def test_frost_troll_turn_1_is_a_miss_and_6_damage() -> None:
    result = turn_result(1, FROST_TROLL)
    assert result.dice == (1, 6)
    assert [str(e) for e in result.effects] == ["miss", "hit 6"]
    assert result.damage == 6


def test_frost_troll_turn_2_is_two_misses() -> None:
    result = turn_result(2, FROST_TROLL)
    assert result.dice == (3, 5)
    assert [str(e) for e in result.effects] == ["miss", "miss"]
    assert result.damage == 0


def test_frost_troll_entered_on_the_page_gives_the_same() -> None:
    """Entered face by face into an enemy of your own (faces 2 and 4 are not known, so not entered)."""
    state = GAME.initial_state({"enemy": "custom"})
    state = GAME.apply(state, SetFace(6, Effect("hit", 6)))  # 1, 3, 5 already miss
    assert [state.faces[k - 1] for k in (1, 3, 5)] == [MISS] * 3
    first = GAME.observe(state, 0)
    assert [d["pips"] for d in first["dice"]] == [1, 6] and first["damage"] == 6
    assert [d["effect"] for d in first["dice"]] == [["miss", 0], ["hit", 6]]
    second = GAME.observe(GAME.apply(state, GAME.parse_action("next")), 0)
    assert [d["pips"] for d in second["dice"]] == [3, 5] and second["damage"] == 0


def test_a_second_6_counts_once() -> None:
    assert counted((5, 6, 6, 6)) == (True, True, False, False)
    assert counted((2, 3, 4, 6)) == (True, True, True, True)
    assert counted((6, 1, 6)) == (True, True, False)
    short = resolve((5, 6), FROST_TROLL)
    long = resolve(ROW5_LONG, FROST_TROLL)
    assert short.damage == long.damage == 6
    assert (short.heal, short.specials) == (long.heal, long.specials)


@pytest.mark.parametrize("faces", [FROST_TROLL, PRESETS["dummy"][0], (Effect("heal", 2),) * 5 + (Effect("special"),)])
def test_turn_5_written_either_way_gives_the_same_effects(faces) -> None:
    short = resolve(row_dice(5), faces)
    long = resolve(row_dice(5, long5=True), faces)
    assert (short.damage, short.heal, short.specials) == (long.damage, long.heal, long.specials)
    for turn in range(1, 20):
        if turn != 5:
            assert enemy_dice(turn, True) == enemy_dice(turn, False)


def test_the_practice_dummy() -> None:
    faces, hp = PRESETS["dummy"]
    assert hp == 10
    assert [str(e) for e in faces] == ["hit 1", "hit 2", "hit 3", "miss", "miss", "miss"]
    damage = [turn_result(t, faces).damage for t in range(1, 12)]
    assert damage == [1, 3, 2, 8, 0, 5, 6, 3, 5, 6, 3]


def test_each_die_of_a_repeated_face_has_its_effect() -> None:
    result = turn_result(4, PRESETS["dummy"][0])  # 1-2-2-3
    assert result.damage == 1 + 2 + 2 + 3
    healing = resolve((1, 2, 2, 3), (MISS, Effect("heal", 3), MISS, MISS, MISS, MISS))
    assert healing.heal == 6 and healing.damage == 0
    special = resolve((3, 4, 5, 6), (MISS,) * 3 + (Effect("special"),) * 3)
    assert special.specials == 3
