"""Magos solo's view model without widgets: controls with the engine's reasons, texts, moments that pass."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.core.text import load_rules
from rulebook.games.magos_solo import GAME
from rulebook.games.magos_solo.actions import Attack, Next, SetHp
from widgets import GameApp
from widgets.views.magos_solo.present import Page, describe, present, status_html
from widgets.views.magos_solo.texts import WORDS
from widgets.views.model import engine_for


RULES = load_rules("rulebook.games.magos_solo")


def model(state, lang="en", page=None):
    page = page or Page(interactive=not GAME.is_terminal(state), hint=True)
    return present(GAME.observe(state, 0), engine_for(GAME, state, page.interactive), page, lang)


def play(state, *texts):
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(text))
    return state


def test_catalogue_is_consistent_and_present_is_pure() -> None:
    assert WORDS.check() == []
    present_module = importlib.import_module("widgets.views.magos_solo.present")
    source = Path(present_module.__file__).read_text("utf-8") + Path(present_module.__file__).with_name("texts.py").read_text("utf-8")
    assert "ipywidgets" not in source and "anywidget" not in source
    assert WORDS("specials", "en", n=1) == "1 special (see the card)" and WORDS("specials", "en", n=2).startswith("2 specials")


def test_refused_controls_carry_the_engines_reason_and_rule() -> None:
    vm = model(GAME.initial_state())
    assert vm.control("next-turn").enabled and vm.control("next-turn").action == "next"
    assert vm.control("attack").enabled and vm.control("lose").enabled and vm.control("set-hp").enabled
    for key, rule, words in [
        ("prev-turn", "turns", "turn 1"),
        ("win", "fight-end", "tracked"),
        ("recover", "enemy-hp", "full HP"),
        ("reset-faces", "faces", "starting enemy"),
    ]:
        control = vm.control(key)
        assert not control.enabled and control.rule == rule and words in control.reason, control
    ja = model(GAME.initial_state(), "ja")
    assert ja.control("prev-turn").reason == "1 ターン目より前には戻れません。"
    untracked = model(play(GAME.initial_state(), "hp 0"))
    assert untracked.control("win").enabled
    assert not untracked.control("attack").enabled and untracked.control("attack").rule == "enemy-hp"


def test_captions_and_status_in_both_languages() -> None:
    state = play(GAME.initial_state(), *["next"] * 8)
    en, ja = model(state, "en"), model(state, "ja")
    assert "rules of Magos itself are not in it" in en.caption and "マゴス本体のルールは載っていません" in ja.caption
    assert "Turn <b class='rb-turn'>9</b>" in en.status and "row 6 (loop)" in en.status
    assert "<b class='rb-turn'>9</b> ターン目" in ja.status and "表の 6 行目（くり返し）" in ja.status
    assert en.board["board"]["turn_text"] == "Turn 9" and ja.board["board"]["turn_text"] == "9 ターン目"
    assert en.board["board"]["row_text"].startswith("Row 6 of the table (from turn 9, rows 6-8 repeat)")
    assert en.rule == "loop"
    assert "autoplay" in status_html(GAME.observe(state, 0), Page(autoplay=True), "en")
    assert model(play(GAME.initial_state(), *["next"] * 4), page=Page(), lang="en").rule == "dice-table"
    long5 = GAME.initial_state({"turn5": "5-6-6-6"})
    assert model(play(long5, *["next"] * 4)).rule == "six-once"


def test_forecasts_belong_to_the_fight_and_vanish_with_it() -> None:
    state = GAME.initial_state()
    going = model(state)
    hints = [m.text for m in going.messages if m.kind == "hint"]
    assert "Turn 2: 3-5 → 3 damage" in hints and going.board["board"]["damage_text"] == "1 damage"
    later = model(play(state, "next"))
    assert "Turn 2: 3-5 → 3 damage" not in [m.text for m in later.messages]  # that turn has come: no longer a forecast
    won = play(state, "attack 10")
    over = model(won)
    assert over.messages == () and over.controls == ()
    board = over.board["board"]
    assert board["damage"] is None and board["damage_text"] is None and not board["interactive"]
    assert over.rule == "enemy-hp"
    assert GAME.observe(won, 0)["coming"] == [] and GAME.observe(won, 0)["cycle_damage"] is None
    locked = over.board["sheet"]["locked"]
    assert locked["rule"] == "fight-end" and "over" in locked["text"]
    assert model(state, page=Page(hint=False)).messages == ()


def test_a_seat_left_to_autoplay_draws_no_controls_and_says_why_the_table_is_locked() -> None:
    vm = model(GAME.initial_state(), page=Page(interactive=False, autoplay=True))
    assert vm.controls == () and not vm.board["sheet"]["interactive"]
    assert vm.board["sheet"]["locked"] == {"text": "The autoplay bot is recording this fight.", "rule": "bots"}


def test_log_lines_start_with_a_capital_in_english() -> None:
    state = GAME.initial_state()
    after = GAME.apply(state, Next())
    assert describe(Next(), GAME.observe(after, 0), "en") == "Turn 2: 3-5 → 3 damage, miss (total 3 damage)"
    assert describe(SetHp(0), GAME.observe(GAME.apply(state, SetHp(0)), 0), "en") == "Enemy HP no longer tracked"
    hit = GAME.apply(state, Attack(3))
    assert describe(Attack(3), GAME.observe(hit, 0), "ja") == "敵に 3 ダメージ（HP 7/10）"


@pytest.mark.parametrize(
    "message, key",
    [({"type": "attack", "amount": "3"}, "need_number"), ({"type": "face", "face": True, "effect": "miss"}, "choose_face")],
)
def test_page_only_taps_are_refused_with_a_reason(message, key) -> None:
    app = GameApp("magos_solo", lang="en", seed=1)
    widget = app.view.sheet if message["type"] == "face" else app.view.board
    widget._handle_custom_msg({**message, "at": 0}, [])
    assert app.error is not None and app.error.message("en") == WORDS(key, "en")
    assert not app.match.actions


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 10_000), max_size=25), st.sampled_from(["ja", "en"]))
def test_every_enabled_control_is_legal_and_every_disabled_one_says_why(picks, lang) -> None:
    state = GAME.initial_state()
    for pick in picks:
        legal = GAME.legal_actions(state)
        if not legal:
            break
        state = GAME.apply(state, legal[pick % len(legal)])
    vm = model(state, lang)
    legal = set(GAME.legal_actions(state))
    for control in vm.controls:
        if control.enabled:
            assert GAME.parse_action(control.action) in legal, control
        else:
            assert control.reason and control.rule, control
    assert {vm.rule, *(m.rule for m in vm.messages)} - {""} <= set(RULES[lang].ids)
    if GAME.is_terminal(state):
        assert vm.controls == () and vm.messages == () and vm.board["board"]["damage_text"] is None
    else:
        assert vm.control("next-turn").enabled and any(m.kind == "hint" for m in vm.messages)
