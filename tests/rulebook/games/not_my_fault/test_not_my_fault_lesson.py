"""The Not My Fault! ver.2.0 lesson says what the engine computes: every number its texts state."""

from __future__ import annotations

from fractions import Fraction

from rulebook.core import get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.games.not_my_fault.odds import reach_probability

GAME = get_game("not_my_fault")
LESSON = load_lesson(GAME)
TEXTS_EN = " ".join(step.say_en for step in LESSON.steps)
TEXTS_JA = " ".join(step.say_ja for step in LESSON.steps)


def step_of(expect: str, after: int = 0) -> int:
    """Index of the first step from ``after`` on that expects ``expect``."""
    return next(k for k, step in enumerate(LESSON.steps) if k >= after and step.expect == expect)


def state_at(k: int):
    """The state the learner faces at step ``k`` (the script's moves of that step made)."""
    return lesson_match(LESSON, GAME, k).state


def test_three_seats_and_the_learner_starts():
    state = state_at(0)
    assert state.players == 3 and state.turn == 0
    assert sum(GAME.variant.copies) == 32 and GAME.variant.copies[0] == 2 and set(GAME.variant.copies[1:]) == {5}
    assert GAME.variant.milestones == (5, 8, 12, 17, 23, 30)
    for fragment in ("32 progress cards", "two 0s and five each of 1 to 6", "5, 8, 12, 17, 23 and 30"):
        assert fragment in TEXTS_EN


def test_the_first_declaration_is_a_bluff_on_a_milestone():
    k = step_of("declare 5")
    state = state_at(k)
    assert [card.value for card in state.table] == [4]
    after = GAME.next_state(state, GAME.parse_action("declare 5"))
    assert after.yellows == (0, 0, 0)
    assert "You drew a 4" in LESSON.steps[k].say_en and "Declare 5, one more than the truth" in LESSON.steps[k].say_en
    assert "4 です" in LESSON.steps[k].say_ja


def test_the_audit_odds_are_the_hint_s_odds_from_seat_1_s_view():
    k = step_of("audit")
    state = state_at(k)
    assert [c.number for c in state.claims] == [5, 8, 12] and state.turn == 0
    observation = GAME.observe(state, 0)
    # the learner sees only their own card
    assert [card["card"] for card in observation["table"]] == [4, None, None]
    p = reach_probability(observation)
    assert p == Fraction(166, 465)
    assert round(100 * p) == 36
    say = LESSON.steps[k].say_en
    assert "166 of the 465" in say and "about 36%" in say and "add up to 8 or more" in say
    assert "465 通り中 166 通り" in LESSON.steps[k].say_ja and "36%" in LESSON.steps[k].say_ja


def test_the_audit_shows_9_short_of_12_and_seat_3_takes_the_red_card():
    k = step_of("audit") + 1
    state = state_at(k)
    last = state.last
    assert last.kind == "audit" and last.claim == 12 and last.actor == 0 and last.loser == 2
    assert [card.value for card in last.revealed] == [4, 3, 2] and last.total == 9
    assert state.marks == (0, 0, 1) and state.turn == 0 and state.round == 2
    assert state.table == () and state.claims == () and state.yellows == (0, 0, 0)
    assert "4 + 3 + 2 = 9, short of 12" in TEXTS_EN and "Seat 3, who declared it, takes a red card" in TEXTS_EN
    assert "4 + 3 + 2 = 9" in TEXTS_JA


def test_declaring_6_costs_a_yellow_card():
    k = step_of("declare 6")
    state = state_at(k)
    assert state.claims == () and [card.value for card in state.table] == [6]
    after = GAME.next_state(state, GAME.parse_action("declare 6"))
    assert after.yellows == (1, 0, 0)


def test_a_second_yellow_would_lose_the_round_and_17_does_not():
    k = step_of("declare 17")
    state = state_at(k)
    assert state.last_claim == 12 and state.yellows == (1, 0, 0)
    assert [card.value for card in state.table if card.seat == 0] == [6, 3]
    for number in (13, 14, 15, 16):
        lost = GAME.next_state(state, GAME.parse_action(f"declare {number}"))
        assert lost.last.kind == "yellow" and lost.last.loser == 0 and lost.marks == (1, 0, 1)
    kept = GAME.next_state(state, GAME.parse_action("declare 17"))
    assert kept.yellows == (1, 0, 0) and kept.last.kind == "audit" and kept.turn == 1
    assert "13 to 16 are not milestones" in LESSON.steps[k].say_en and "Declare 17" in LESSON.steps[k].say_en


def test_seat_2_audits_17_finds_18_and_takes_the_red_card():
    state = state_at(len(LESSON.steps))
    last = state.last
    assert last.kind == "audit" and last.claim == 17 and last.actor == 1 and last.loser == 1
    assert sorted(card.value for card in last.revealed) == [3, 4, 5, 6] and last.total == 18
    assert state.marks == (0, 1, 1) and state.turn == 1 and GAME.outcome(state) is None
    assert "6 + 5 + 4 + 3 = 18, which reaches 17" in TEXTS_EN and "Seat 2, takes the red card" in TEXTS_EN
    assert "6 + 5 + 4 + 3 = 18" in TEXTS_JA
    assert "Seats 2 and 3 hold one each" in TEXTS_EN
    assert [str(a) for a in GAME.legal_actions(state)] == ["draw"]


def test_the_learner_never_sees_another_seat_s_card_before_it_is_turned_up():
    for k, step in enumerate(LESSON.steps):
        observation = GAME.observe(state_at(k), 0)
        for card in observation["table"]:
            assert (card["card"] is not None) == (card["seat"] == 0)
