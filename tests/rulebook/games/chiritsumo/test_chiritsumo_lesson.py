"""The Chiritsumo lesson: every number its texts state (patterns, points, the Fuji round's 41) is the engine's."""

from __future__ import annotations

from rulebook.core import get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.games.chiritsumo.game import Phase, rating
from rulebook.games.chiritsumo.scoring import score, triangle_points, wing_points
from rulebook.games.chiritsumo.solver import best_arrangement

GAME = get_game("chiritsumo")
LESSON = load_lesson(GAME)
TEXT_EN = " ".join(step.say_en for step in LESSON.steps)
TEXT_JA = " ".join(step.say_ja for step in LESSON.steps)


def state_at(k: int):
    return lesson_match(LESSON, GAME, k).state


def step_where(fragment: str) -> int:
    """The index of the (first) step whose English text holds ``fragment``."""
    return next(k for k, step in enumerate(LESSON.steps) if fragment in step.say_en)


def built_at(fragment: str):
    """The score of the pyramid standing when the step holding ``fragment`` is shown."""
    return score(state_at(step_where(fragment)).seats[0].pyramid())


def test_the_scripted_roll_is_the_one_the_text_reads():
    state = state_at(step_where("The lesson has rolled for you"))
    assert state.phase == Phase.ARRANGE
    seat = state.seats[0]
    assert list(zip(seat.dice, seat.pips)) == [
        ("clear", 2), ("yellow", 4), ("yellow", 3), ("yellow", 2),
        ("red", 5), ("red", 4), ("red", 3), ("blue", 5), ("blue", 4), ("blue", 3),
    ]
    assert "clear 2; yellow 4, 3, 2; red 5, 4, 3; blue 5, 4, 3" in TEXT_EN
    assert "透明 2、黄 4・3・2、赤 5・4・3、青 5・4・3" in TEXT_JA
    assert sorted(seat.dice).count("clear") == 1 and len(state.pile) == 3  # 1 clear held, 3 spares aside


def test_the_source_stacking_examples_hold_on_the_board():
    # beside a 4 only 3, 4 or 5; on a 5 and a 4, a 4 or less (the source's two examples)
    state = state_at(step_where("Beside a 4 you may put only a 3, 4 or 5"))
    assert state.seats[0].pips_at() == {(0, 0): 5, (0, 1): 4}
    for die, pips in ((0, 2), (1, 4), (2, 3), (3, 2), (6, 3), (7, 5)):  # every die still in the tray, beside the 4
        legal = GAME.parse_action(f"place {die} 0,2") in GAME.legal_actions(state)
        assert legal == (pips in (3, 4, 5)), (die, pips)
    state = state_at(step_where("on a 5 and a 4, a 4 or less"))
    for die, pips in ((7, 5), (1, 4), (6, 3)):  # blue 5, yellow 4, red 3 onto the red 5 and red 4
        legal = GAME.parse_action(f"place {die} 1,0") in GAME.legal_actions(state)
        assert legal == (pips <= 4), (die, pips)


def test_the_river_the_mountains_and_the_wing_score_what_the_text_says():
    river = built_at("Three dice of one colour in a straight line: a river")
    assert (river.rivers, river.total) == (1, 1) and "One river is worth 1 point" in TEXT_EN
    assert triangle_points(1) == 1
    mountain = built_at("Three dice of one colour in an upright triangle")
    assert (mountain.mountains, mountain.rivers, mountain.total) == (1, 0, 1)
    two = built_at("a red mountain and a blue mountain are 2 mountains, worth 3 points")
    assert two.mountains == 2 and {p[1] for p in two.patterns} == {"red", "blue"} and two.total == 3
    assert [triangle_points(n) for n in range(1, 7)] == [1, 3, 6, 10, 15, 21]
    assert [wing_points(n) for n in range(1, 4)] == [2, 5, 10]
    assert "1, 3, 6, 10, 15 and 21" in TEXT_EN and "2, 5 and 10" in TEXT_EN
    wing = built_at("an upside-down triangle, a wing")
    assert (wing.wings, wing.wing_points, wing.total) == (1, 2, 5)
    assert "one wing is worth 2 points, so with the 2 mountains' 3 you have 5" in TEXT_EN
    four_in_line = score({(0, i): ("red", 3) for i in range(4)})
    assert four_in_line.rivers == 2 and "four of a colour in one line make two rivers" in TEXT_EN


def test_the_fuji_round_scores_41():
    done = step_where("it is a Fuji")
    full = score(state_at(done).seats[0].pyramid())
    assert full.complete and full.fuji
    assert (full.fuji_points, full.mountain_points, full.wing_points, full.bonus, full.total) == (30, 3, 2, 6, 41)
    assert "2 × 3 = 6" in TEXT_EN and "30 + 3 + 2 + 6 = 41" in TEXT_EN and "30 + 3 + 2 + 6 = 41" in TEXT_JA
    after = state_at(done + 1)
    assert after.phase == Phase.SWAP and after.last_scores == (41,) and after.seats[0].total == 41
    assert "Round 1 scored 41" in TEXT_EN


def test_the_hint_for_that_roll_is_the_same_41():
    seat = state_at(step_where("The lesson has rolled for you")).seats[0]
    _, best = best_arrangement(tuple(zip(seat.dice, seat.pips)))
    assert best.total == 41 and best.fuji
    assert "your 41-point Fuji" in TEXT_EN


def test_after_the_trade_two_clear_dice_and_the_titles():
    state = state_at(step_where("You now hold 2 clear dice"))
    assert state.seats[0].clear_count() == 2 and len(state.pile) == 2
    assert state.round == 2 and state.phase == Phase.ARRANGE  # round 2 rolled by the script
    assert rating(41)[2] == "Mount Fuji" and rating(14) is None
    assert [rating(n)[2] for n in (15, 20, 21, 30, 31, 35, 36, 40)] == [
        "Dust Heap", "Dust Heap", "Hill", "Hill", "Mountain", "Mountain", "Great Mountain", "Great Mountain"
    ]
    assert "Your 41 alone already reaches Mount Fuji" in TEXT_EN
    # 2 clear now; one more per completed round: 3 after round 2, 4 after round 3, then a last round 4
    assert "at least 4 rounds" in TEXT_EN


def test_the_lesson_ends_ready_to_play_round_two():
    state = state_at(len(LESSON.steps))
    assert state.phase == Phase.ARRANGE and state.round == 2 and state.seats[0].total == 41
