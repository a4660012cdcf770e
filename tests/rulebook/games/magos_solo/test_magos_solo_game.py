"""Magos solo tracker rule by rule: one scenario per rule id, the flow of a fight, options, outcome, bot."""

from __future__ import annotations

import json
import numpy as np
import pytest

from tests.support.automatic import automatic_moves

from rulebook.core import TERMINAL, BadOption, IllegalAction, Match, UnreadableAction, get_game
from rulebook.core.text import load_rules
from rulebook.games.magos_solo import GAME, MAX_HP, PRESETS, Effect
from rulebook.games.magos_solo.actions import Attack, Lose, Next, Prev, Recover, ResetFaces, SetFace, SetHp, Win
from rulebook.games.magos_solo.bots import AutoplayBot

RULES = load_rules("rulebook.games.magos_solo")


def play(state, *texts):
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(text))
    return state


def refused(state, action, rule_id: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.rule_id == rule_id, info.value
    assert info.value.message_ja and info.value.message_en
    assert rule_id in RULES["ja"].ids and rule_id in RULES["en"].ids
    return info.value


@pytest.fixture
def dummy():
    return GAME.initial_state()


# ----- sections without refusals -------------------------------------------------------------
def test_base_game_no_chance_one_seat(dummy) -> None:  # base-game, patch
    assert GAME.num_seats(dummy) == 1 and GAME.current_player(dummy) == 0
    assert GAME.chance_outcomes(dummy) == []
    for turn in range(1, 30):
        assert GAME.current_player(dummy) == 0
        dummy = GAME.apply(dummy, Next())
    sections = {s.id: s for s in RULES["en"].sections}
    assert "[not-covered]" in sections["base-game"].body and "MG-1" in sections["base-game"].readings


def test_dice_table_and_loop_are_what_the_observation_shows(dummy) -> None:  # dice-table, loop
    seen = []
    for turn in range(1, 13):
        obs = GAME.observe(dummy, 0)
        assert obs["turn"] == turn
        seen.append((obs["row"], tuple(d["pips"] for d in obs["dice"]), obs["looped"]))
        dummy = GAME.apply(dummy, Next())
    assert [r for r, _, _ in seen] == [1, 2, 3, 4, 5, 6, 7, 8, 6, 7, 8, 6]
    assert seen[8][1] == seen[5][1] and seen[9][1] == seen[6][1] and seen[10][1] == seen[7][1] and seen[11][1] == seen[5][1]
    assert [looped for _, _, looped in seen] == [False] * 8 + [True] * 4


def test_six_once_option_draws_three_sixes_with_the_same_effects() -> None:  # six-once
    short = play(GAME.initial_state({"turn5": "5-6"}), *["next"] * 4)
    long = play(GAME.initial_state({"turn5": "5-6-6-6"}), *["next"] * 4)
    a, b = GAME.observe(short, 0), GAME.observe(long, 0)
    assert [d["pips"] for d in a["dice"]] == [5, 6]
    assert [(d["pips"], d["counted"]) for d in b["dice"]] == [(5, True), (6, True), (6, False), (6, False)]
    assert (a["damage"], a["heal"], a["specials"]) == (b["damage"], b["heal"], b["specials"])
    with pytest.raises(BadOption) as info:
        GAME.initial_state({"turn5": "5-6-6"})
    assert info.value.rule_id == "six-once"


def test_effects_list_and_totals(dummy) -> None:  # effects
    state = play(dummy, "face 5 heal 2", "face 6 special", "next", "next", "next", "next", "next")  # turn 6: 2-3-4-6
    obs = GAME.observe(state, 0)
    assert [d["effect"] for d in obs["dice"]] == [["hit", 2], ["hit", 3], ["miss", 0], ["special", 0]]
    assert (obs["damage"], obs["heal"], obs["specials"]) == (5, 0, 1)
    state = play(state, "face 3 heal 4")
    assert GAME.observe(state, 0)["heal"] == 4


def test_example_frost_troll_by_actions() -> None:  # example
    state = play(GAME.initial_state({"enemy": "custom"}), "face 6 hit 6")
    assert GAME.turn_result(state).damage == 6
    assert GAME.turn_result(state, 2).damage == 0


def test_dummy_is_the_default_and_custom_starts_blank() -> None:  # dummy
    state = GAME.initial_state()
    assert state.faces == PRESETS["dummy"][0] and (state.hp, state.hp_max) == (10, 10)
    custom = GAME.initial_state({"enemy": "custom"})
    assert all(str(e) == "miss" for e in custom.faces) and not custom.tracked
    for junk in ("troll", None, 3, ["dummy"]):
        with pytest.raises(BadOption) as info:
            GAME.initial_state({"enemy": junk})
        assert info.value.rule_id == "dummy"


# ----- refusals, rule by rule ----------------------------------------------------------------------
def test_turns_prev_not_before_turn_1(dummy) -> None:  # turns
    error = refused(dummy, Prev(), "turns")
    assert "turn 1" in error.message_en
    state = play(dummy, "next", "next", "prev")
    assert state.turn == 2
    assert play(state, "prev").turn == 1


def test_faces_refusals(dummy) -> None:  # faces
    refused(dummy, SetFace(0, Effect("miss")), "faces")
    refused(dummy, SetFace(7, Effect("miss")), "faces")
    refused(dummy, SetFace(1, Effect("hit", 0)), "faces")
    refused(dummy, SetFace(1, Effect("hit", 21)), "faces")
    refused(dummy, SetFace(1, Effect("heal", 99)), "faces")
    refused(dummy, SetFace(1, Effect("miss", 3)), "faces")
    refused(dummy, SetFace(1, Effect("fireball", 2)), "faces")
    refused(dummy, SetFace(1, Effect("hit", 1)), "faces")  # already so
    refused(dummy, ResetFaces(), "faces")  # already the preset
    changed = play(dummy, "face 1 hit 20", "face 2 heal 1", "face 4 special")
    assert [str(e) for e in changed.faces[:4]] == ["hit 20", "heal 1", "hit 3", "special"]
    assert play(changed, "reset").faces == dummy.faces


def test_enemy_hp_tracking_and_refusals(dummy) -> None:  # enemy-hp
    refused(dummy, Recover(1), "enemy-hp")  # full
    refused(dummy, Attack(0), "enemy-hp")
    refused(dummy, Attack(MAX_HP + 1), "enemy-hp")
    refused(dummy, SetHp(MAX_HP + 1), "enemy-hp")
    refused(dummy, SetHp(10), "enemy-hp")  # already 10/10
    state = play(dummy, "attack 3")
    assert (state.hp, state.dealt) == (7, 3)
    assert play(state, "recover 1").hp == 8 and play(state, "recover 50").hp == 10
    assert play(state, "hp 10").hp == 10  # full again: a new count
    untracked = play(dummy, "hp 0")
    assert not untracked.tracked and untracked.hp == 0
    refused(untracked, Attack(1), "enemy-hp")
    refused(untracked, Recover(1), "enemy-hp")
    refused(untracked, SetHp(0), "enemy-hp")
    assert play(untracked, "hp 25").hp == 25


def test_enemy_falls_at_0_hp_even_with_overkill(dummy) -> None:  # enemy-hp, fight-end
    state = play(dummy, "attack 4", "next", "attack 50")
    assert GAME.current_player(state) == TERMINAL
    outcome = GAME.outcome(state)
    assert outcome.reason == "enemy-hp" and outcome.winners == (0,) and outcome.get("turn") == 2
    assert state.hp == 0 and "turn 2" in outcome.summary_en


def test_fight_end_refusals(dummy) -> None:  # fight-end
    error = refused(dummy, Win(), "fight-end")  # HP tracked: the enemy falls at 0 HP
    assert "10" in error.message_en
    won = play(dummy, "hp 0", "next", "win")
    assert GAME.outcome(won).winners == (0,) and GAME.outcome(won).reason == "fight-end"
    lost = play(dummy, "lose")
    assert GAME.outcome(lost).winners == () and GAME.outcome(lost).scores == (0,)
    for state in (won, lost):
        assert GAME.legal_actions(state) == []
        for action in (Next(), Prev(), Lose(), Attack(1), SetFace(1, Effect("miss"))):
            refused(state, action, "fight-end")


def test_actions_text_refusals() -> None:  # actions
    for text in ("", "jump", "face", "face 1 hit", "face 1 miss 2", "attack -1", "hp x", "next 1", 3, None):
        with pytest.raises(UnreadableAction) as info:  # text that reads as no action: not a rule refusal
            GAME.parse_action(text)
        assert info.value.rule_id == "actions" and not isinstance(info.value, IllegalAction)
    with pytest.raises(UnreadableAction) as info:
        Attack(2.0)
    assert info.value.rule_id == "actions"
    with pytest.raises(UnreadableAction):
        SetFace(True, Effect("miss"))
    with pytest.raises(UnreadableAction):
        Effect("hit", "3")
    refused(GAME.initial_state(), "next", "actions")  # text, not an action value
    assert GAME.parse_action("  FACE 6  hit 6 ") == SetFace(6, Effect("hit", 6))


def test_hints_preview_is_exact(dummy) -> None:  # hints
    later = play(dummy, *["next"] * 10)
    assert [GAME.turn_result(dummy, t).damage for t in (11, 12, 13)] == [GAME.turn_result(later, t).damage for t in (11, 12, 13)]


def test_autoplay_bot_ends_every_fight() -> None:  # bots
    for options in ({}, {"enemy": "custom"}, {"turn5": "5-6-6-6"}):
        match = Match.new(GAME, options, seed=3, seats=["autoplay"])
        automatic_moves(match)
        assert match.is_over()
        outcome = GAME.outcome(match.state)
        assert outcome.winners == (0,)
        if options.get("enemy") == "custom":
            assert outcome.get("turn") == 8 and outcome.reason == "fight-end"
        else:
            assert outcome.reason == "enemy-hp" and 4 <= outcome.get("turn") <= 10
        again = Match.from_record(json.loads(match.to_json()), get_game)
        assert again.states == match.states


def test_bot_falls_back_to_a_legal_move() -> None:
    bot = AutoplayBot()
    obs = GAME.observe(GAME.initial_state(), 0)
    assert bot.choose(obs, [Lose()], np.random.default_rng(0)) == Lose()


def test_legal_actions_are_stable_and_unique(dummy) -> None:
    legal = GAME.legal_actions(dummy)
    assert legal == GAME.legal_actions(GAME.initial_state())
    assert len(legal) == len(set(legal)) and legal[0] == Next()
    assert Win() not in legal and Prev() not in legal and ResetFaces() not in legal
