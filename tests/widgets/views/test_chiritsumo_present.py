"""Chiritsumo's view model without widgets: controls with the engine's reasons, texts, moments that pass."""

from __future__ import annotations

import importlib
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.core import HUMAN, IllegalAction
from rulebook.core.text import load_rules
from rulebook.games.chiritsumo import GAME, Phase
from rulebook.games.chiritsumo.actions import Done, Roll
from rulebook.games.chiritsumo.bots import SolverBot
from widgets import GameApp
from widgets.views.chiritsumo.common import slot_from_browser
from widgets.views.chiritsumo.present import Page, present
from widgets.views.chiritsumo.texts import WORDS
from widgets.views.model import engine_for

PIPS = (3, 5, 1, 5, 2, 6, 4, 1, 2, 1)
RULES = load_rules("rulebook.games.chiritsumo")


def rolled(state, pips=PIPS):
    """Every die of every seat rolled, ``pips`` in turn."""
    k = 0
    while state.phase == Phase.ROLL:
        action = GAME.chance_outcomes(state)[0][0]
        state = GAME.apply(state, Roll(action.seat, action.die, pips[k % len(pips)]))
        k += 1
    return state


def model(state, lang="en", **page):
    facts = {"interactive": GAME.current_player(state) >= 0, "seats": (HUMAN,) * GAME.num_seats(state), **page}
    p = Page(**facts)
    return present(GAME.observe(state, 0), engine_for(GAME, state, p.interactive), p, lang)


def test_catalogue_is_consistent_and_present_is_pure() -> None:
    assert WORDS.check() == []
    path = Path(importlib.import_module("widgets.views.chiritsumo.present").__file__)
    source = path.read_text("utf-8") + path.with_name("texts.py").read_text("utf-8")
    assert "ipywidgets" not in source and "anywidget" not in source
    assert WORDS("entry_missing", "en", n=1) == "1 die has no pips entered yet."
    assert WORDS("entry_missing", "en", n=10) == "10 dice have no pips entered yet."
    assert WORDS("points", "en", n=1) == "1 pt" and WORDS("points", "en", n=0) == "0 pts"


def test_arranging_controls_and_the_legal_slots_come_from_the_engine() -> None:
    state = rolled(GAME.initial_state())
    vm = model(state)
    assert vm.control("action-done").enabled and vm.control("action-done").action == "done"
    assert vm.control("auto").enabled
    board = vm.board["board"]
    assert board["mode"] == "arrange" and board["interactive"] and board["locked"] is None
    legal = {(a.die, f"{a.slot[0]},{a.slot[1]}") for a in GAME.legal_actions(state) if type(a).__name__ == "Place"}
    assert {(d, key) for d, keys in board["legal"].items() for key in keys} == legal
    assert vm.rule == "place-base"


def test_a_swap_not_allowed_is_disabled_with_the_engines_reason() -> None:
    state = GAME.initial_state()
    seat = replace(state.seats[0], dice=("clear",) * 4 + ("yellow",) * 6)
    swap = replace(state, seats=(seat,), phase="swap")
    vm = model(swap)
    assert vm.control("action-swap-yellow").enabled
    red = vm.control("action-swap-red")
    assert not red.enabled and red.rule == "solo-swap" and "red" in red.reason
    assert "赤" in model(swap, "ja").control("action-swap-red").reason


def test_captions_and_status_in_both_languages() -> None:
    state = GAME.initial_state()
    en, ja = model(state, "en"), model(state, "ja")
    assert en.caption.startswith("Press 'Roll the dice'") and ja.caption.startswith("「ダイスをふる」")
    assert "Round <b>1</b>" in en.status and "ラウンド <b>1</b>" in ja.status
    assert "Total <b class='rb-total'>0</b>" in en.status and "合計 <b class='rb-total'>0</b> 点" in ja.status
    hako = rolled(GAME.initial_state({"mode": "hakoniwa", "players": 2}))
    vm = model(hako, seats=(HUMAN, "solver"))
    assert "<b>Seat 1</b> to play" in vm.status
    assert [c["name"] for c in vm.board["board"]["seats"]] == ["Seat 1", "Seat 2 (bot)"]
    assert vm.board["board"]["seats"][0]["total_text"] == "0 pts"


def test_a_tap_that_does_nothing_says_why() -> None:
    state = GAME.initial_state()
    locked = model(state).board["board"]["locked"]  # rolling: the engine's own refusal of a placement
    assert locked["rule"] == "solo-round" and "rolling the dice" in locked["text"]
    hako = rolled(GAME.initial_state({"mode": "hakoniwa", "players": 2}))
    waiting = model(hako, interactive=False, seats=("solver", HUMAN)).board["board"]["locked"]
    assert waiting == {"text": "It is Seat 1 (bot)'s turn.", "rule": "hako-round"}


def test_hints_and_entry_messages_belong_to_their_moment() -> None:
    state = GAME.initial_state()
    error = IllegalAction("chance", "x", "Type up to 10 digits 1-6.")
    entering = model(state, table=True, entry=(2,) + (0,) * 9, entry_error=error)
    assert [m.kind for m in entering.messages] == ["error"] and entering.rule == "chance"
    confirm = entering.control("entry-confirm")
    assert not confirm.enabled and confirm.reason == "9 dice have no pips entered yet." and confirm.rule == "chance"
    assert model(state, table=True, entry=(1,) * 10).control("entry-confirm").enabled
    after = rolled(state)
    moved_on = model(after, table=True, entry=(2,) + (0,) * 9, entry_error=error)
    assert moved_on.messages == ()  # the refusal of the typed text is gone with the entry
    assert all(c.key != "entry-confirm" for c in moved_on.controls)
    hinted = model(after, hint=True)
    assert [m.kind for m in hinted.messages] == ["hint"] and "Best possible with this roll" in hinted.messages[0].text
    assert hinted.board["board"]["messages"][0]["kind"] == "hint"  # drawn on the board, next to the pyramid
    assert hinted.board["board"]["ghost"]
    done = GAME.apply(after, Done())
    assert all("Best possible" not in m.text for m in model(done, hint=True).messages)


def test_slots_from_the_browser_are_read_through_the_type_guard() -> None:
    assert slot_from_browser("1,2") == (1, 2) and slot_from_browser([0, 3]) == (0, 3)
    for junk in (None, "a,b", [True, 0], [0.0, 1], "1,2,3", "9" * 50, 7):
        assert slot_from_browser(junk) == (-1, -1) or junk == "9" * 50


def test_confirming_missing_dice_from_a_stale_page_is_refused_with_the_count() -> None:
    app = GameApp("chiritsumo", lang="en", seed=1, table=True)
    app.view.board._handle_custom_msg({"type": "confirm"}, [])
    assert app.error is not None and app.error.message("en") == "10 dice have no pips entered yet."
    assert app.match.state.phase == "roll" and not app.match.actions


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 10_000), max_size=40), st.sampled_from(["ja", "en"]), st.sampled_from([1, 2, 3]))
def test_every_enabled_control_is_legal_and_every_disabled_one_says_why(picks, lang, players) -> None:
    options = {"mode": "solo"} if players == 1 else {"mode": "hakoniwa", "players": players}
    state = GAME.initial_state(options)
    for pick in picks:
        legal = GAME.legal_actions(state)
        if not legal:
            break
        state = GAME.apply(state, legal[pick % len(legal)])
    vm = model(state, lang)
    legal = set(GAME.legal_actions(state))
    for control in vm.controls:
        if control.action:
            assert (GAME.parse_action(control.action) in legal) is control.enabled, control
        if not control.enabled:
            assert control.reason and control.rule, control
    board = vm.board["board"]
    assert (board["locked"] is None) is (state.phase == Phase.ARRANGE)
    hinted = model(state, lang, hint=True)
    assert {vm.rule, *(m.rule for m in hinted.messages)} - {""} <= set(RULES[lang].ids)


def test_the_bots_advice_in_the_hint_is_its_move() -> None:
    state = GAME.initial_state()
    seat = replace(state.seats[0], dice=("clear",) * 2 + ("yellow",) * 2 + ("red",) * 3 + ("blue",) * 3)
    swap = replace(state, seats=(seat,), phase="swap")
    pick = SolverBot().choose(GAME.observe(swap, 0), GAME.legal_actions(swap), None)
    texts = [m.text for m in model(swap, hint=True).messages]
    assert texts[0] == f"The bot would: Trade {pick.colour} for clear."


def test_the_hint_completes_what_is_placed_and_says_when_starting_over_scores_more() -> None:
    """The faint dice never contradict a placed die; a placement that costs points is named with the better total."""
    from rulebook.games.chiritsumo.actions import Place
    from widgets.views.chiritsumo.common import completion_for

    after = rolled(GAME.initial_state())
    best = None
    for action in GAME.legal_actions(after):
        if isinstance(action, Place):
            placed = GAME.apply(after, action)
            _, kept, free = completion_for(GAME.observe(placed, 0), placed.turn)
            if kept.total < free.total:
                best = (placed, action, kept, free)
                break
    assert best is not None, "some first placement of this roll must cost points"
    placed, action, kept, free = best
    for lang in ("en", "ja"):
        hinted = model(placed, lang, hint=True)
        texts = [m.text for m in hinted.messages]
        assert str(kept.total) in texts[0] and str(free.total) in texts[1], texts
        ghost = hinted.board["board"]["ghost"]
        key = f"{action.slot[0]},{action.slot[1]}"
        colour, pips = GAME.observe(placed, 0)["seats"][placed.turn]["dice"][action.die]
        assert ghost[key] == {"colour": colour, "pips": pips}  # the ghost keeps the placed die
    texts = [m.text for m in model(placed, hint=True).messages]
    assert texts[0].startswith("Best from the dice you have placed") and texts[1].startswith("Starting over scores")
    fresh = model(after, hint=True)
    assert [m.text for m in fresh.messages][0].startswith("Best possible with this roll")
