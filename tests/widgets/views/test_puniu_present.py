"""Puniu Dice's view model without widgets: ``present`` on engine states, in both languages."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core import HUMAN, IllegalAction
from rulebook.games.puniu import GAME
from rulebook.games.puniu.actions import Reroll, Roll, Score
from rulebook.games.puniu.game import Sheet, State
from widgets.views.model import engine_for
from widgets.views.puniu.common import Page, hold_refusal
from widgets.views.puniu.present import present, status_line
from widgets.views.puniu.report import describe, outcome_html
from widgets.views.puniu.texts import WORDS


def rolled(dice=(5, 5, 5, 4, 2), state: State | None = None) -> State:
    """A state whose dice show ``dice`` (the pending dice are rolled in order)."""
    state = state or GAME.initial_state()
    pending = iter(dice)
    for k, d in enumerate(state.dice):
        if d == 0:
            state = GAME.apply(state, Roll(k, next(pending)))
    return state


def view(state: State, page: Page | None = None, lang: str = "en", acting: bool = True):
    page = page or Page(acting=acting and GAME.current_player(state) >= 0)
    return present(GAME.observe(state, 0), engine_for(GAME, state, page.acting), page, lang)


def test_catalogue_is_consistent():
    assert WORDS.check() == []
    assert WORDS("entry_missing", "en", n=1) == "1 die still needs its pips."
    assert WORDS("entry_missing", "en", n=2) == "2 dice still need their pips."
    assert WORDS("log_hold", "en", kept="5 5", n=1) == "Holds 5 5 and re-rolls 1 die."


def test_present_imports_no_widgets():
    tree = ast.parse(inspect.getsource(importlib.import_module("widgets.views.puniu.present")))
    names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not names & {"ipywidgets", "anywidget", "traitlets"}


def test_decide_offers_reroll_and_categories_as_the_engine_allows():
    vm = view(rolled())
    assert vm.board["mode"] == "decide"
    reroll = vm.control("reroll")
    assert reroll.enabled and reroll.label == "Re-roll (2 left)" and reroll.action == "reroll 0,1,2,3,4"
    assert [c.key for c in vm.controls[1:]] == [f"category-{c}" for c in ("6s", "5s", "4s", "3s", "2s", "1s", "chance", "kind")]
    assert all(c.enabled for c in vm.controls)
    assert vm.control("category-kind").action == "score kind 5"  # Kind's face defaults to the least penalty
    vm = view(rolled(), Page(acting=True, kind_face=5))
    assert vm.control("category-kind").action == "score kind 5" and vm.control("category-kind").enabled
    assert vm.caption.startswith("Tap dice to hold")
    json.dumps(vm.to_json())  # the board traitlet takes it as it is


def test_reroll_disabled_with_the_engines_reason_when_all_dice_are_held():
    state = rolled()
    vm = view(state, Page(acting=True, held=frozenset(range(5)), kind_face=5))
    reroll = vm.control("reroll")
    error = GAME_refusal(state, Reroll(()))
    assert not reroll.enabled and reroll.rule == "reroll" and reroll.reason == error.message_en
    ja = view(state, Page(acting=True, held=frozenset(range(5)), kind_face=5), lang="ja").control("reroll")
    assert ja.reason == error.message_ja and ja.label == "振り直す（残り 2 回）"


def GAME_refusal(state: State, action) -> IllegalAction:
    try:
        GAME.check(state, action)
    except IllegalAction as error:
        return error
    raise AssertionError(f"{action} is legal")


def test_no_rerolls_left_reroll_disabled_and_holding_refused_from_the_engine():
    state = rolled()
    state = rolled((1, 1, 1, 1, 1), GAME.apply(state, Reroll((0, 1, 2, 3, 4))))
    state = rolled((2, 2, 2, 2, 2), GAME.apply(state, Reroll((0, 1, 2, 3, 4))))
    assert state.rerolls_left == 0
    engine = engine_for(GAME, state, True)
    vm = present(GAME.observe(state, 0), engine, Page(acting=True, kind_face=2), "en")
    reroll = vm.control("reroll")
    assert not reroll.enabled and reroll.reason == "Only two re-rolls per turn: choose a category now." and reroll.rule == "reroll"
    assert vm.caption == "No re-rolls left: choose a category."
    error = hold_refusal(engine, 3)
    assert isinstance(error, IllegalAction) and error.rule_id == "reroll"
    assert error.message_en == "You cannot hold dice now. Only two re-rolls per turn: choose a category now."
    assert error.message_ja.endswith(GAME_refusal(state, Reroll((3,))).message_ja)
    assert hold_refusal(engine_for(GAME, rolled(), True), 3) is None  # with a re-roll left a die may be held


def test_a_used_category_is_disabled_with_the_engines_reason():
    state = GAME.apply(rolled(), Score("6s"))
    state = rolled((6, 6, 1, 2, 3), state)
    vm = view(state, Page(acting=True, kind_face=6))
    six = vm.control("category-6s")
    assert not six.enabled and six.rule == "choose" and six.reason == GAME_refusal(state, Score("6s")).message_en
    assert vm.board["categories"][0]["preview"] == "Used"
    cell = vm.board["sheets"][0]["cells"]
    assert not cell[0].get("clickable") and cell[1]["clickable"]
    # the open cell says what a tap writes, with the score its picture shows (issue 31: not a bare "0 −14")
    score, penalty = (int(x) for x in cell[1]["preview"].split(" −"))
    assert cell[1]["tap"] == WORDS("write_as_tap", "en", category=vm.board["categories"][1]["label"], score=score, penalty=penalty)


def test_nothing_to_press_when_it_is_not_this_pages_turn():
    state = rolled(state=GAME.initial_state({"players": 2}))
    page = Page(seats=(HUMAN, "hint"), acting=False)
    vm = present(GAME.observe(state, 1), engine_for(GAME, state, False), page, "en")
    assert vm.board["mode"] == "watch" and vm.controls == () and not vm.board["interactive"]
    assert vm.caption == "Seat 1 is thinking…"
    assert not any(c.get("clickable") for s in vm.board["sheets"] for c in s["cells"])


def test_the_last_entry_is_a_message_of_its_moment_only():
    state = GAME.apply(rolled(), Score("chance"))
    vm = view(state)
    assert vm.board["mode"] == "roll"
    assert [m.kind for m in vm.messages] == ["info"] and vm.messages[0].text == "Wrote 5 5 5 4 2 as Chance (score 15, penalty 6)."
    assert view(state, lang="ja").messages[0].text == "5 5 5 4 2 を チャンス に記入（得点 15・失点 6）。"
    assert view(rolled((1, 2, 3, 4, 5), state)).messages == ()  # gone once the next dice are rolled


def test_table_mode_counts_the_dice_still_to_enter_until_they_are_entered():
    state = GAME.initial_state()
    vm = view(state, Page(entering=True, entry=(3, 0, 0, 0, 0)))
    assert vm.board["mode"] == "entry" and vm.messages[-1].text == "4 dice still need their pips."
    assert view(state, Page(entering=True, entry=(3, 4, 0, 5, 5))).messages[-1].text == "1 die still needs its pips."
    assert view(state, Page(entering=True, entry=(3, 4, 5, 5, 5))).messages == ()
    dice = vm.board["dice"]
    assert [d["pips"] for d in dice] == [3, 0, 0, 0, 0] and all(d["entry"] for d in dice)


def finished(dice=(1, 1, 1, 1, 1)) -> State:
    state = GAME.initial_state()
    for category, face in (("6s", 0), ("5s", 0), ("4s", 0), ("3s", 0), ("2s", 0), ("1s", 0), ("chance", 0), ("kind", 1)):
        state = GAME.apply(rolled(dice, state), Score(category, face))
    assert state.result is not None
    return state


def test_struck_through_is_said_only_when_something_is_struck():
    clean = finished((1, 1, 1, 1, 1))  # every category scores its ones: little penalty, nothing cancelled
    vm = view(clean)
    assert vm.board["mode"] == "over" and vm.caption == "Game over."
    assert not any(c.get("struck") for c in vm.board["sheets"][0]["cells"])
    assert vm.messages == () and vm.board["legend"] == ""
    struck = finished((6, 5, 4, 3, 2))
    assert struck.result.get("cancelled")[0]
    vm = view(struck)
    assert [m.text for m in vm.messages] == ["Struck-through scores were cancelled by the penalty bands."]
    assert vm.board["legend"] == "Struck through: cancelled by the penalty bands."
    cells = vm.board["sheets"][0]["cells"]
    assert tuple(k for k, c in enumerate(cells) if c["struck"]) == struck.result.get("cancelled")[0]
    assert view(struck, lang="ja").messages[0].text == "取り消し線の得点はペナルティで消えたものです。"


def test_dashed_strike_legend_only_when_a_score_is_at_risk():
    state = GAME.apply(rolled((1, 1, 1, 1, 1)), Score("6s"))  # 0 points, penalty 5: nothing at risk
    assert view(state).board["legend"] == "Cells read score −penalty."
    state = Sheet(entries=((30, 0), (0, 20), (0, 20), None, None, None, None, None))  # penalty 40 cancels the 30
    risky = replace(rolled(), sheets=(state,))
    assert view(risky).board["legend"] == "Dashed strike: would be cancelled if the game ended now. Cells read score −penalty."


def test_status_and_log_in_both_languages():
    state = rolled(state=GAME.initial_state({"players": 2}))
    page = Page(seats=(HUMAN, "hint"), acting=True)
    obs = GAME.observe(state, 0)
    assert status_line(obs, page, "en") == "Turn <b>1</b>/8 · <b>Seat 1</b> to play · Re-rolls left: <b class='rb-rerolls-left'>2</b>"
    assert status_line(obs, page, "ja") == "手番 <b>1</b>/8 · <b>席1</b> の番 · 振り直し残り <b class='rb-rerolls-left'>2</b>"
    after = GAME.apply(state, Reroll((3, 4)))
    assert describe(state, Reroll((3, 4)), after, page, "en") == "Seat 1: Holds 5 5 5 and re-rolls 2 dice."
    assert describe(state, Reroll((3, 4)), after, page, "ja") == "席1: キープ 5 5 5、2 個を振り直す"
    solo = rolled()
    assert describe(solo, Score("5s"), GAME.apply(solo, Score("5s")), Page(), "en") == "5 5 5 4 2 → 5s: score 15, penalty 6."


def test_outcome_names_the_cancelled_categories():
    state = finished((6, 5, 4, 3, 2))
    html = outcome_html(state.result, GAME.observe(state, 0), Page(), "en")
    assert "rb-outcome-final-0" in html and "; cancelled: " in html
    assert "取り消し" in outcome_html(state.result, GAME.observe(state, 0), Page(), "ja")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 40), st.sets(st.integers(0, 4)), st.integers(1, 6), st.sampled_from(["ja", "en"]))
def test_enabled_controls_are_legal_and_disabled_ones_say_why(seed, moves, held, face, lang):
    """On random states: every enabled control's action is legal; every disabled one carries the engine's reason and rule."""
    rng = np.random.default_rng(seed)
    state = GAME.initial_state({"players": int(rng.integers(1, 4))})
    for _ in range(moves):
        if GAME.is_terminal(state):
            break
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[int(rng.integers(len(legal)))])
    acting = GAME.current_player(state) >= 0
    engine = engine_for(GAME, state, acting)
    page = Page(seats=(HUMAN,) * len(state.sheets), acting=acting, held=frozenset(held), kind_face=face, hint=bool(seed % 2))
    vm = present(GAME.observe(state, 0), engine, page, lang)
    legal = {str(a) for a in engine.legal}
    for control in vm.controls:
        if control.enabled:
            assert control.action in legal
        else:
            assert control.reason and control.rule and control.action not in legal
    for sheet in vm.board["sheets"]:
        for cell in sheet["cells"]:
            assert not cell.get("clickable") or acting
    json.dumps(vm.to_json())
