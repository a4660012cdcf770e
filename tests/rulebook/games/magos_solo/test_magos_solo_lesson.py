"""The Magos solo lesson: the Frost Troll example on the patch's turn table says what the engine computes."""

from __future__ import annotations

from rulebook.core import get_game
from rulebook.core.lesson import lesson_match, load_lesson

GAME = get_game("magos_solo")
LESSON = load_lesson(GAME)
TEXT_EN = " ".join(step.say_en for step in LESSON.steps)
TEXT_JA = " ".join(step.say_ja for step in LESSON.steps)


def state_at(k: int):
    return lesson_match(LESSON, GAME, k).state


def step_where(fragment: str) -> int:
    """The index of the (first) step whose English text holds ``fragment``."""
    return next(k for k, step in enumerate(LESSON.steps) if fragment in step.say_en)


def test_the_frost_troll_is_entered_from_the_source_example():
    start = state_at(0)
    assert start.preset == "custom" and all(str(e) == "miss" for e in start.faces)
    troll = state_at(step_where("Turn 1 reads row 1")).faces
    assert [str(e) for e in troll] == ["miss", "miss", "miss", "miss", "miss", "hit 6"]
    assert "Frost Troll" in TEXT_EN and "フロストトロル" in TEXT_JA


def test_each_turn_of_the_walk_deals_what_the_text_says():
    # (fragment of the step shown on that turn, turn, dice, damage stated)
    walk = [
        ("Turn 1 reads row 1", 1, (1, 6), 6),
        ("Turn 2 is 3-5", 2, (3, 5), 0),
        ("Turn 3 is 2-4-5", 3, (2, 4, 5), 0),
        ("Turn 4 is 1-2-2-3", 4, (1, 2, 2, 3), 0),
        ("Turn 5 is 5-6,", 5, (5, 6, 6, 6), 6),
        ("Turn 6 is 2-3-4-6", 6, (2, 3, 4, 6), 6),
        ("Turn 7 is 1-2-3-6", 7, (1, 2, 3, 6), 6),
        ("Turn 8 is 3-4-5-6", 8, (3, 4, 5, 6), 6),
        ("From turn 9 on", 9, (2, 3, 4, 6), 6),
        ("You are back on turn 8", 8, (3, 4, 5, 6), 6),
    ]
    for fragment, turn, dice, damage in walk:
        k = step_where(fragment)
        state = state_at(k)
        obs = GAME.observe(state, 0)
        assert obs["turn"] == turn, fragment
        assert tuple(d["pips"] for d in obs["dice"]) == dice, fragment
        assert obs["damage"] == damage, fragment
        said = LESSON.steps[k].say_en
        assert f"{damage} damage" in said, fragment
    assert "6 damage" in LESSON.steps[step_where("Turn 1 reads row 1")].say_en
    assert "deals 0 damage" in LESSON.steps[step_where("Turn 2 is 3-5")].say_en


def test_the_extra_sixes_of_turn_five_count_nothing():
    state = state_at(step_where("Turn 5 is 5-6,"))
    result = GAME.turn_result(state)
    assert result.dice == (5, 6, 6, 6) and result.counts == (True, True, False, False)
    assert result.damage == 6
    assert sum(e.amount for e in result.effects if e.kind == "hit") == 18  # what the three 6s would deal if each counted
    assert "6 damage, not 18" in TEXT_EN and "18 ではなく 6" in TEXT_JA


def test_the_hint_forecast_and_the_cycle_are_the_engines():
    state = state_at(step_where("You are back on turn 8"))
    obs = GAME.observe(state, 0)
    assert [(c["turn"], c["damage"]) for c in obs["coming"]] == [(9, 6), (10, 6), (11, 6)]
    assert obs["cycle_damage"] == 18
    assert "turns 9, 10 and 11 deal 6 damage each" in TEXT_EN and "18 damage in all" in TEXT_EN
    assert "合計 18 ダメージ" in TEXT_JA


def test_the_dice_table_stated_is_the_patch_table():
    from rulebook.games.magos_solo.table import DICE_TABLE

    written = ", ".join("-".join(str(p) for p in row) for row in DICE_TABLE)
    assert written.replace(", 3-4-5-6", " and 3-4-5-6") in TEXT_EN
    assert "、".join("-".join(str(p) for p in row) for row in DICE_TABLE) in TEXT_JA


def test_the_lesson_ends_with_the_fight_still_going_on_turn_8():
    state = state_at(len(LESSON.steps))
    assert not state.over and state.turn == 8
