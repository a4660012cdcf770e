"""指輪を落とさないで's worked examples: every figure the rules state is the engine's, reached by the engine's moves."""

from __future__ import annotations

import pytest
from tests.support.ring_states import check_invariants

from rulebook.core import IllegalAction
from rulebook.core.examples import ExampleError, check_example, find_examples
from rulebook.core.text import load_rules
from rulebook.games.ring import GAME, adjust_die, trick_winners
from rulebook.games.ring.cards import AREAS, CARD_IDS, HEAVY, JUST, MORE
from rulebook.games.ring.examples import KINDS, trick_states
from rulebook.games.ring.state import OVER, PLAY_PHASE, final_outcome

RULES = load_rules("rulebook.games.ring")


def block(kind: str, lang: str = "en") -> dict[str, str]:
    (spec,) = [s for s in RULES[lang].examples if s.kind == kind]
    return spec.values


def test_the_rules_hold_one_example_of_each_kind_in_both_languages():
    for lang in ("en", "ja"):
        assert [s.kind for s in RULES[lang].examples] == ["trick", "end"]
        for spec in RULES[lang].examples:
            assert check_example(spec, KINDS) == [], (lang, spec)
    assert block("trick", "en") == block("trick", "ja")
    assert block("end", "en") == block("end", "ja")


# ----- trick: a die moving through the areas ------------------------------------------------------------------
def test_the_trick_example_figures():
    fields = block("trick")
    assert fields["cards"] == "ruby-5 ruby-7 emerald-7 ruby-3"
    assert KINDS["trick"].figures(fields) == {
        "winners": [2, 3],
        "steps": 2,
        "leader": 2,
        "seat1": "more 3",
        "seat2": "just 1",
        "seat3": "heavy 1",
        "seat4": "more 4",
    }


def test_the_trick_example_is_reached_by_legal_moves_and_the_engine_moves_the_dice():
    before, after = trick_states(block("trick"))
    for state in (before, after):
        check_invariants(state)
        assert state.phase == PLAY_PHASE and not state.penalties
    assert before.leader == before.parent == 0 and before.centre == 5
    assert before.areas == (MORE,) * 4 and before.pips == (3, 2, 1, 4)
    assert all(CARD_IDS[name] in hand for name, hand in zip(block("trick")["cards"].split(), before.hands))
    (trick,) = after.tricks
    assert trick.winners == (1, 2) and after.leader == 1
    assert after.areas == (MORE, JUST, HEAVY, MORE) and after.pips == (3, 1, 1, 4)
    # the engine's public functions say the same
    assert trick_winners([("ruby", 5), ("ruby", 7), ("emerald", 7), ("ruby", 3)], 5) == [1, 2]
    assert adjust_die("more", 2, 2) == ("just", 1)
    assert adjust_die("more", 1, 2) == ("heavy", 1)


def test_the_rules_prose_a_die_from_3_reaches_just_in_3_steps_and_too_heavy_on_the_fourth():
    assert adjust_die("more", 3, 3) == ("just", 1)
    assert adjust_die("more", 3, 4) == ("heavy", 1)
    # the same through a trick: all four play a 7, so every die moves 4 steps
    fields = {"centre": "6", "dice": "5 4 3 2", "cards": "ruby-7 sapphire-7 emerald-7 diamond-7"}
    figures = KINDS["trick"].figures(fields)
    assert figures["winners"] == [1, 2, 3, 4] and figures["steps"] == 4
    assert [figures[f"seat{k}"] for k in range(1, 5)] == ["more 1", "just 1", "heavy 1", "heavy 2"]


def test_five_seats_a_coin_wins_with_the_led_suit_and_the_led_suit_leads_next():
    fields = {"centre": "5", "dice": "1 2 3 4 5", "cards": "ruby-5 coin-7 ruby-7 emerald-7 ruby-2"}
    figures = KINDS["trick"].figures(fields)
    assert figures["winners"] == [2, 3, 4] and figures["steps"] == 3
    assert figures["leader"] == 3  # DR-2: the Ruby 7, not the Coin
    assert figures["seat2"] == "heavy 1"  # More 2 → 1 → Just 1 → Too heavy 1
    assert figures["seat4"] == "more 1" and figures["seat3"] == "just 1"


def test_three_seats():
    fields = {"centre": "2", "dice": "2 3 4", "cards": "ruby-2 ruby-6 sapphire-3"}
    figures = KINDS["trick"].figures(fields)
    assert figures["winners"] == [1] and figures["steps"] == 1 and figures["leader"] == 1
    assert figures["seat1"] == "more 1"


@pytest.mark.parametrize(
    "fields, error",
    [
        ({"centre": "5", "dice": "3 2 1 4", "cards": "ruby-5 ruby-7 emerald-7"}, ExampleError),  # a card short
        ({"centre": "5", "dice": "3 2 1 4", "cards": "ruby-5 ruby-7 ruby-7 ruby-3"}, ExampleError),  # played twice
        ({"centre": "5", "dice": "3 2 1 4", "cards": "ruby-5 ruby-8 emerald-7 ruby-3"}, ExampleError),  # no such card
        ({"centre": "5", "dice": "3 2 7 4", "cards": "ruby-5 ruby-7 emerald-7 ruby-3"}, ExampleError),  # no 7 on a die
        ({"centre": "5 6", "dice": "3 2 1 4", "cards": "ruby-5 ruby-7 emerald-7 ruby-3"}, ExampleError),
        ({"centre": "5", "dice": "3 2", "cards": "ruby-5 ruby-7"}, ExampleError),  # two seats
        ({"centre": "5", "dice": "3 2 1 4", "cards": "ruby-5 ruby-7 coin-7 ruby-3"}, IllegalAction),  # no Coins with 4
        ({"centre": "5", "dice": "3 2 1 4 5", "cards": "coin-7 ruby-7 emerald-7 ruby-3 ruby-2"}, IllegalAction),  # a Coin led
    ],
)
def test_a_trick_the_engine_cannot_play_is_refused(fields, error):
    with pytest.raises(error):
        KINDS["trick"].figures(fields)


# ----- end: two players share the win -------------------------------------------------------------------------
def test_the_end_example_figures():
    fields = block("end")
    assert KINDS["end"].figures(fields) == {
        "winners": [1, 3],
        "scores": [5, 0, 5, 4],
        "fallen": [2],
        "marks": [5, "fell", 5, 4],
    }


def test_the_end_example_is_the_engines_end_of_the_game():
    state = KINDS["end"].position(block("end"))
    assert state.phase == OVER and GAME.is_terminal(state)
    outcome = GAME.outcome(state)
    assert outcome.winners == (0, 2) and outcome.scores == (5, 0, 5, 4)
    assert dict(outcome.detail)["tiebreak"] is True and dict(outcome.detail)["fallen"] == (1,)
    assert state.last.rings_before == (5, 3, 6, 8) and state.last.rings_after == (5, -2, 5, 4)
    assert tuple(AREAS[a] for a in state.areas) == ("just", "heavy", "more", "more")
    assert final_outcome((5, -2, 5, 4), (1, 5, 1, 4), "round", 4).winners == (0, 2)
    assert "share the win" in outcome.summary_en


def test_a_smaller_die_breaks_the_tie_instead():
    fields = {"rings": "5 3 6 8", "dice": "more 1, heavy 5, more 2, more 5"}
    figures = KINDS["end"].figures(fields)
    assert figures["marks"] == [4, "fell", 4, 3]
    assert figures["winners"] == [1]  # Seats 1 and 3 on mark 4; Seat 1's die shows fewer pips


@pytest.mark.parametrize(
    "fields",
    [
        {"rings": "5 3 6 8", "dice": "just 1, more 1, more 1, more 4"},  # nobody falls: the game goes on
        {"rings": "5 3 6 8", "dice": "just 2, heavy 5, more 1, more 4"},  # a die on Just always shows 1
        {"rings": "5 3 6 8", "dice": "more 7, heavy 5, more 1, more 4"},
        {"rings": "5 3 6 8", "dice": "ring 1, heavy 5, more 1, more 4"},
        {"rings": "5 3 6", "dice": "just 1, heavy 5, more 1, more 4"},
        {"rings": "10 3 6 8", "dice": "just 1, heavy 5, more 1, more 4"},
        {"rings": "5 3 6 8", "dice": "just 1, heavy 5, more 1, more 4", "round": "0"},
    ],
)
def test_an_end_the_engine_cannot_reach_is_refused(fields):
    with pytest.raises(ExampleError):
        KINDS["end"].figures(fields)


def test_a_wrong_figure_in_the_text_is_caught():
    spec = next(s for s in RULES["en"].examples if s.kind == "end")
    wrong = "```example end\n" + "\n".join(f"{k}: {v}" for k, v in spec.fields).replace("winners: 1 3", "winners: 1") + "\n---\n" + spec.caption + "\n```\n"
    (bad,) = find_examples(wrong)
    assert any("the engine says 1 3" in p for p in check_example(bad, KINDS))
