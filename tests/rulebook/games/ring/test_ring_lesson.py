"""The Don't Drop the Ring lesson says what the engine computes: every number its texts state.

Read through public engine functions only (``observe``, ``legal_actions``,
``parse_action``, ``outcome`` and the functions of ``cards``), never the
state's fields: the engine's State may change shape.
"""

from __future__ import annotations

import json

from rulebook.core import get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.games.ring.cards import COINS, adjust_die, deck, rank_order, trick_winners

GAME = get_game("ring")
LESSON = load_lesson(GAME)
TEXTS_EN = " ".join(step.say_en for step in LESSON.steps)
TEXTS_JA = " ".join(step.say_ja for step in LESSON.steps)


def step_of(expect: str) -> int:
    return next(k for k, step in enumerate(LESSON.steps) if step.expect == expect)


def seen(k: int) -> dict:
    """What Seat 1 (the learner) sees at step ``k`` (the script's moves of that step made)."""
    return GAME.observe(lesson_match(LESSON, GAME, k).state, 0)


def legal(k: int) -> list[str]:
    return [str(a) for a in GAME.legal_actions(lesson_match(LESSON, GAME, k).state)]


def test_the_deal_three_players_20_cards_6_each_2_left_over():
    o = seen(0)
    assert o["players"] == 3 and o["parent"] == 0 and o["rings"] == [9, 9, 9]
    assert o["hand_sizes"] == [6, 6, 6] and o["leftover"] == 2
    assert sorted(o["hand"]) == sorted(["diamond-7", "ruby-2", "sapphire-4", "emerald-7", "grayspinel-5", "grayspinel-7"])
    assert 18 + o["leftover"] == 20
    for fragment in ("20 cards without Coins and Amethysts", "6 are dealt to each player", "the 2 left over", "starts on mark 9"):
        assert fragment in TEXTS_EN


def test_the_dice_rolled_and_the_draft_from_the_parent_s_left():
    o = seen(1)
    assert sorted(o["pool"]) == [2, 3, 4, 5] and "4, 2, 3 and 5" in LESSON.steps[1].say_en and "4・2・3・5" in LESSON.steps[1].say_ja
    k = step_of("take 3")
    o = seen(k)
    assert [d and d["pips"] for d in o["dice"]] == [None, 4, 2] and o["turn"] == 0
    assert legal(k) == ["take 3", "take 5"]
    assert rank_order(5) == (7, 6, 5, 4, 3, 2, 1, 0) and rank_order(3)[0] == 1
    after = seen(k + 1)
    assert after["centre"] == 5 and after["dice"][0] == {"area": "more", "pips": 3}


def test_the_discard_leaves_five_cards():
    k = step_of("discard grayspinel-7")
    assert seen(k)["discarded"] == [False, True, True]
    o = seen(k + 1)
    assert o["hand_sizes"] == [5, 5, 5] and o["my_discard"] == "grayspinel-7" and o["leader"] == 0


def test_trick_1_one_winner_one_step_3_to_2():
    k = step_of("play ruby-2")
    trick = seen(k)["tricks"][0]
    assert trick == {"leader": 0, "cards": ["diamond-7", "diamond-6", "ruby-3"], "winners": [0]}
    assert seen(k)["dice"][0] == {"area": "more", "pips": 2} == dict(zip(("area", "pips"), adjust_die("more", 3, 1)))
    assert "3 → 2" in LESSON.steps[k].say_en and "3 → 2" in LESSON.steps[k].say_ja


def test_following_suit_leaves_only_the_sapphire():
    k = step_of("play sapphire-4")
    o = seen(k)
    assert o["tricks"][1]["winners"] == [1] and o["leader"] == 1
    assert o["trick"] == ["sapphire-5", "sapphire-7"]
    assert legal(k) == ["play sapphire-4"]


def test_the_co_winners_trick_two_winners_two_steps_each():
    k = step_of("play emerald-7")
    assert legal(k) == ["play emerald-7", "play grayspinel-5"]
    o = seen(k + 1)
    trick = o["tricks"][3]
    assert trick == {"leader": 2, "cards": ["ruby-7", "emerald-7", "ruby-5"], "winners": [0, 2]}
    assert trick_winners([("ruby", 7), ("emerald", 7), ("ruby", 5)], 5) == [0, 1]
    assert o["dice"][0] == {"area": "just", "pips": 1} and adjust_die("more", 2, 2) == ("just", 1)
    assert o["dice"][2] == {"area": "heavy", "pips": 1} and adjust_die("more", 1, 2) == ("heavy", 1)
    assert o["leader"] == 2
    say = LESSON.steps[k + 1].say_en
    assert "two steps for each die" in say and "2 → 1 → Just, showing 1" in say and "three steps in all" in say
    assert "1 → Just at 1 → Too heavy at 1" in say


def test_on_just_one_more_step_would_be_too_heavy():
    k = step_of("play grayspinel-5")
    assert legal(k) == ["play grayspinel-5"]
    assert adjust_die("just", 1, 1) == ("heavy", 1)


def test_the_ring_gauge_at_the_end_of_the_round():
    o = seen(len(LESSON.steps))
    last = o["last"]
    assert last["round"] == 1 and last["centre"] == 5
    assert last["dice"] == [{"area": "just", "pips": 1}, {"area": "more", "pips": 3}, {"area": "heavy", "pips": 2}]
    assert last["rings_before"] == [9, 9, 9] and last["rings_after"] == [9, 6, 7] == o["rings"]
    assert o["outcome"] is None and o["round"] == 2 and o["parent"] == 2  # the parent moves right, to Seat 3
    k = next(k for k, step in enumerate(LESSON.steps) if "ring-move" in step.rules)
    say = LESSON.steps[k].say_en
    assert "stays on 9" in say and "More jewel showing 3: 9 → 6" in say and "Too heavy showing 2: 9 → 7" in say
    assert "9 → 6" in LESSON.steps[k].say_ja and "9 → 7" in LESSON.steps[k].say_ja
    assert "to Seat 3" in TEXTS_EN
    # Coins come in only with five players (the deck of each player count)
    assert COINS & set(deck(5)) and not COINS & set(deck(4)) and not COINS & set(deck(3))
    assert "With five players the Coins join" in TEXTS_EN and "5 人ではコイン" in TEXTS_JA


def test_the_learner_sees_no_other_hand_or_discard():
    for k in range(len(LESSON.steps) + 1):
        state = lesson_match(LESSON, GAME, k).state
        mine = json.dumps(GAME.observe(state, 0))
        for seat in (1, 2):
            theirs = GAME.observe(state, seat)
            hidden = list(theirs["hand"] or []) + ([theirs["my_discard"]] if theirs["my_discard"] else [])
            assert not [card for card in hidden if f'"{card}"' in mine], (k, seat)
