"""The Not My Fault! #41 lesson says what the engine computes: every number its texts state."""

from __future__ import annotations

from fractions import Fraction

from rulebook.core import get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.games.not_my_fault.odds import odds, reach_probability

GAME = get_game("not_my_fault_41")
LESSON = load_lesson(GAME)
TEXTS_EN = " ".join(step.say_en for step in LESSON.steps)
TEXTS_JA = " ".join(step.say_ja for step in LESSON.steps)


def step_of(expect: str, after: int = 0) -> int:
    return next(k for k, step in enumerate(LESSON.steps) if k >= after and step.expect == expect)


def state_at(k: int):
    """The state the learner faces at step ``k`` (the script's moves of that step made)."""
    return lesson_match(LESSON, GAME, k).state


def hand(state, seat: int) -> list[int]:
    return [v for v, c in zip(GAME.variant.values, state.hands[seat]) for _ in range(c)]


def test_the_deal_and_the_cards_the_text_names():
    state = state_at(0)
    v = GAME.variant
    assert dict(zip(v.values, v.copies)) == {0: 4, 1: 7, 2: 12, 4: 8, 8: 4} and sum(v.copies) == 35
    assert v.milestones == (2, 3, 5, 7, 11, 13, 18, 25)
    assert state.players == 3 and state.turn == 0 and state.phase.code == "turn"
    assert all(sum(h) == 7 for h in state.hands) and sum(state.deck) == 35 - 21
    assert hand(state, 0) == [0, 1, 1, 2, 4, 4, 8]
    for fragment in ("35 progress cards", "four 0s, seven 1s, twelve 2s, eight 4s and four 8s", "7 to each player",
                     "Your hand is 0, 1, 1, 2, 4, 4 and 8", "2, 3, 5, 7, 11, 13, 18 and 25"):
        assert fragment in TEXTS_EN
    assert "0・1・1・2・4・4・8" in TEXTS_JA
    # the learner sees only their own hand
    observation = GAME.observe(state, 0)
    assert GAME.observe(state, 1) != observation


def test_the_first_audit_odds_are_seat_1_s_card_counting_odds():
    k = step_of("audit")
    state = state_at(k)
    assert [c.number for c in state.claims] == [2, 5, 11] and state.turn == 0
    seen = odds(GAME.observe(state, 0))
    assert seen.known == 2 and seen.hidden == 2
    assert seen.total_ways == 378 and seen.ways_at_least(11) == 69
    p = reach_probability(GAME.observe(state, 0))
    assert p == Fraction(69, 378) and round(100 * p) == 18
    say = LESSON.steps[k].say_en
    assert "make 9 or more" in say and "69 of the 378" in say and "about 18%" in say
    assert "378 通り中 69 通り" in LESSON.steps[k].say_ja and "18%" in LESSON.steps[k].say_ja


def test_the_first_audit_finds_3_and_seat_3_is_reprimanded():
    state = state_at(step_of("audit") + 1)
    last = state.last
    assert last.kind == "audit" and last.claim == 11 and last.actor == 0 and last.loser == 2
    assert [c.value for c in last.revealed] == [2, 1, 0] and last.total == 3
    assert state.marks == (0, 0, 1) and state.turn == 0 and state.claims == ()
    assert "2 + 1 + 0 = 3, short of 11" in TEXTS_EN and "2 + 1 + 0 = 3" in TEXTS_JA


def test_7_is_surely_true_once_the_8_is_down():
    k = step_of("declare 7")
    state = state_at(k)
    assert [c.value for c in state.table] == [8]
    assert reach_probability(GAME.observe(state, 0), 7) == 1


def test_after_25_only_an_audit_and_it_cannot_fail():
    k = step_of("audit", after=step_of("declare 7"))
    state = state_at(k)
    assert state.last_claim == 25 and [str(a) for a in GAME.legal_actions(state)] == ["audit"]
    observation = GAME.observe(state, 0)
    seen = odds(observation)
    assert seen.known == 8 and seen.hidden == 2 and 8 + 8 + 8 == 24 < 25
    assert reach_probability(observation) == 0
    assert "8 + 8 + 8 = 24" in LESSON.steps[k].say_en and "8 + 8 + 8 = 24" in LESSON.steps[k].say_ja


def test_the_second_audit_gives_seat_3_a_second_reprimand_and_the_game_goes_on():
    state = state_at(len(LESSON.steps))
    last = state.last
    assert last.kind == "audit" and last.claim == 25 and last.loser == 2
    assert [c.value for c in last.revealed] == [8, 4, 4] and last.total == 16
    assert state.marks == (0, 0, 2) and GAME.variant.penalty_limit == 3 and GAME.outcome(state) is None
    assert "8 + 4 + 4 = 16, short of 25: Seat 3's second reprimand" in TEXTS_EN
    assert "third reprimand loses" in TEXTS_EN and "5 cards are dealt" in TEXTS_EN and GAME.variant.redeal_size == 5


def test_the_learner_never_sees_another_seat_s_card_before_it_is_turned_up():
    for k in range(len(LESSON.steps) + 1):
        observation = GAME.observe(state_at(k), 0)
        for card in observation["table"]:
            assert (card["card"] is not None) == (card["seat"] == 0)
