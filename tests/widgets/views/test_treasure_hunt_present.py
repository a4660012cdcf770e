"""宝探し's view model without widgets: ``present`` on engine states, in both languages."""

from __future__ import annotations

import ast
import inspect
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.support.th_helpers import SALVE_TRIP, play, roll

from tests.support.automatic import automatic_moves

from rulebook.core import IllegalAction, Match
from rulebook.games.treasure_hunt import GAME, Bring, Check, GiveUp, Seal, action_values, solver
from rulebook.games.treasure_hunt.state import Phase, State
from widgets.views.model import engine_for
from widgets.views.treasure_hunt import present as present_module
from widgets.views.treasure_hunt.present import Page, number_action, percent, present, status_line
from widgets.views.treasure_hunt.report import describe, outcome_html
from widgets.views.treasure_hunt.texts import WORDS


def view(state: State, page: Page | None = None, lang: str = "en", advice=None):
    page = page or Page(acting=GAME.current_player(state) >= 0)
    return present(GAME.observe(state, 0), engine_for(GAME, state, page.acting), page, lang, advice)


def refusal(state: State, action) -> IllegalAction:
    try:
        GAME.check(state, action)
    except IllegalAction as error:
        return error
    raise AssertionError(f"{action} is legal")


def numbers(vm) -> dict[int, dict]:
    return {n["n"]: n for n in vm.board["numbers"]}


def test_catalogue_is_consistent():
    assert WORDS.check() == []
    assert WORDS("entry_missing", "en", dice="2", n=1) == "1 die has no number entered yet (die 2)."
    assert WORDS("entry_missing", "en", dice="1 and 2", n=2) == "2 dice have no number entered yet (dice 1 and 2)."
    assert WORDS("chip_trips", "en", n=1) == "1 trip" and WORDS("chip_trips", "en", n=4) == "4 trips"


def test_present_imports_no_widgets():
    tree = ast.parse(inspect.getsource(present_module))
    names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not names & {"ipywidgets", "anywidget", "traitlets"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_number_of_a_ready_sheet_says_why_it_is_no_choice(lang):
    state = GAME.initial_state()
    vm = view(state, lang=lang)
    assert [c.key for c in vm.controls] == ["go", "give-up"]
    assert vm.control("go").action == "roll" and vm.control("give-up").action == ""  # the number is the second tap
    error = refusal(state, Check((4,)))
    for number in vm.board["numbers"]:
        assert number["role"] is None and number["rule"] == "expedition" and number["reason"] == error.message(lang)
    assert vm.rule == "expedition"


def test_a_roll_offers_its_open_numbers_and_the_engine_explains_the_others():
    state = play(roll(3, 4), "check 3", roll(3, 5))
    vm = view(state)
    shown = numbers(vm)
    assert {n for n, v in shown.items() if v["role"] == "option"} == {5, 8}
    assert shown[3]["rule"] == "check-free" and shown[3]["reason"] == refusal(state, Check((3,))).message_en
    assert shown[1]["rule"] == "check" and shown[1]["reason"].startswith("With 3 and 5 you may check one of")
    assert {c.key for c in vm.controls} == {"option-5", "option-8"}
    assert vm.board["pair"] is None  # 3 is taken: "both" is not open
    assert vm.caption == "3 and 5: choose what to tick (a glowing number, or a button below)."


def test_a_failed_roll_offers_its_seals_only():
    state = play(roll(3, 4), "check 3 4", roll(3, 4), "check 7", roll(4, 3))
    assert state.phase == Phase.FAILED
    vm = view(state)
    shown = numbers(vm)
    assert {n for n, v in shown.items() if v["role"] == "seal"} == {3, 4, 7}
    assert shown[5]["rule"] == "fail" and shown[5]["reason"] == refusal(state, Seal(5)).message_en
    assert [c.key for c in vm.controls] == ["seal-3", "seal-4", "seal-7"]
    assert vm.caption.startswith("Nothing can be ticked with 4 and 3")


def test_giving_up_asks_for_a_number_and_a_sealed_one_is_refused_by_the_engine():
    state = play("give-up 12")
    vm = view(state, Page(pending=("give-up",)))
    shown = numbers(vm)
    assert all(shown[n]["role"] == "give-up" for n in range(1, 12))
    assert shown[12]["role"] is None and shown[12]["reason"] == refusal(state, GiveUp(12)).message_en
    assert [c.key for c in vm.controls][-1] == "cancel" and vm.control("give-up-3").action == "give-up 3"
    assert vm.caption == "Giving up: choose the number to cross out." and vm.rule == "give-up"


def test_the_salve_lifts_only_a_cross():
    state = play("give-up 12", "give-up 9", SALVE_TRIP)
    vm = view(state, Page(pending=("bring", "salve")))
    shown = numbers(vm)
    assert {n for n, v in shown.items() if v["role"] == "lift"} == {9, 12}
    assert shown[5]["rule"] == "unseal" and "5 has no × to lift" in shown[5]["reason"]
    assert {c.key for c in vm.controls} == {"lift-9", "lift-12", "lift-none", "cancel"}
    assert next(t for t in vm.board["treasures"] if t["key"] == "salve")["selected"]
    plain = view(state)
    assert plain.control("bring-home-salve").action == ""  # the × to lift is chosen next
    assert plain.control("bring-home-salve").label == "Bring home the Salve of Immortality…"


def test_a_treasure_not_earned_carries_the_engines_reason():
    state = play(SALVE_TRIP)
    treasures = {t["key"]: t for t in view(state).board["treasures"]}
    assert treasures["salve"]["clickable"] and treasures["salve"]["reason"] == ""
    assert treasures["skull"]["rule"] == "bring-home" and treasures["skull"]["reason"] == refusal(state, Bring("skull")).message_en
    assert treasures["scarab"]["progress"] == "4/5"


def test_off_this_pages_move_nothing_is_offered_and_taps_say_so():
    state = play(roll(3, 4))
    vm = view(state, Page(acting=False))
    assert vm.controls == () and not vm.board["interactive"] and vm.caption == ""
    assert numbers(vm)[7]["role"] is None and numbers(vm)[7]["reason"] == "It is not your move right now."
    assert numbers(vm)[5]["rule"] == "check"  # the engine's own refusal comes first


def test_table_mode_counts_the_dice_still_to_enter_until_they_are_entered():
    state = play("roll")
    vm = view(state, Page(entering=True, entry=(3, 0)))
    assert vm.board["dice"] == {"values": [3, 0], "mode": "entry", "fixed": 0, "label": "Enter the real dice",
                                "names": ["die 1: 3", "die 2: not rolled yet"],
                                "taps": ["step the pips of die 1 (now 3)", "enter the pips of die 2"]}
    assert [m.text for m in vm.messages] == ["1 die has no number entered yet (die 2)."]
    assert view(state, Page(entering=True, entry=(3, 2))).messages == ()  # gone once both are entered
    assert view(state, Page(entering=True, entry=(3, 2))).controls == ()


def test_a_lost_hunt_is_a_defeat_never_a_success():
    lost = play("give-up 1", "give-up 2", "give-up 3")
    assert lost.result is not None and not lost.result.winners
    vm = view(lost)
    assert [(m.kind, m.rule) for m in vm.messages] == [("defeat", "lose")]
    assert vm.messages[0].text == lost.result.summary_en
    assert view(lost, lang="ja").messages[0].text == lost.result.summary_ja
    html = outcome_html(lost.result, GAME.observe(lost, 0), Page(), "en")
    assert "rb-message-defeat" in html and "success" not in html and "data-result='lose'" in html
    assert numbers(vm)[4]["reason"] == "The game is over."
    watched = view(lost, Page(acting=False, seats_here=()))  # a spectator's page: news, neither success nor defeat
    assert [m.kind for m in watched.messages] == ["info"]


def test_a_won_hunt_is_a_success():
    match = Match.new(GAME, seed=302, seats=["optimal"])  # best play wins this one
    automatic_moves(match)
    state = match.state
    assert state.result.winners
    vm = view(state)
    assert [m.kind for m in vm.messages] == ["success"]
    assert "rb-message-success" in outcome_html(state.result, GAME.observe(state, 0), Page(), "en")


def test_hint_values_on_controls_numbers_and_chips():
    state = play(roll(2, 5))
    advice = solver.advice()
    values = action_values(state)
    best = max(values.values())
    vm = view(state, Page(hint=True), advice=advice)
    for control in vm.controls:
        action = GAME.parse_action(control.action)
        assert percent(values[action]) in control.label
        assert control.highlight is (values[action] >= best - 1e-12) and control.label.startswith("★") is control.highlight
    assert numbers(vm)[7]["prob"] == percent(values[Check((7,))])
    assert vm.board["pair"]["prob"] == percent(values[Check((2, 5))])
    assert percent(best) in {c["cls"]: c["text"] for c in vm.board["chips"]}["rb-win-prob rb-win-prob-current"]
    assert "%" not in " ".join(c.label for c in view(state).controls)  # hint off: no numbers


def test_status_and_log_in_both_languages():
    state = play(roll(3, 4))
    obs = GAME.observe(state, 0)
    assert status_line(obs, "en") == "Trip <b>1</b> · Treasures <b>0</b>/5 · × <b>0</b>/3"
    assert status_line(obs, "ja") == "冒険 <b>1</b> · 宝物 <b>0</b>/5 · × <b>0</b>/3"
    after = GAME.apply(state, Check((7,)))
    assert describe(state, Check((7,)), after, "en") == "Trip 1: Tick the sum 7"
    assert describe(state, Check((7,)), after, "ja") == "冒険 1: 合計 7 にチェック"
    ready = play(roll(1, 1), "check 1")
    gave = GAME.apply(ready, GiveUp(5))
    assert describe(ready, GiveUp(5), gave, "en") == "Trip 1: gave up; sealed 5 (× 1)"


def test_number_action_follows_the_phase_and_the_pending_choice():
    assert number_action(Phase.READY, (), 3) == Check((3,))
    assert number_action(Phase.CHECK, (), 3) == Check((3,))
    assert number_action(Phase.FAILED, (), 3) == Seal(3)
    assert number_action(Phase.READY, ("give-up",), 3) == GiveUp(3)
    assert number_action(Phase.READY, ("bring", "salve"), 3) == Bring("salve", 3)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 60), st.sampled_from(["ja", "en"]), st.booleans())
def test_enabled_controls_are_legal_and_every_other_tap_says_why(seed, moves, lang, give_up):
    """On random states: every control's move is legal; every number is a legal choice or carries a reason and a rule."""
    rng = np.random.default_rng(seed)
    state = GAME.initial_state()
    for _ in range(moves):
        if GAME.is_terminal(state):
            break
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[int(rng.integers(len(legal)))])
    acting = GAME.current_player(state) >= 0
    engine = engine_for(GAME, state, acting)
    page = Page(acting=acting, pending=("give-up",) if give_up else ())
    vm = present(GAME.observe(state, 0), engine, page, lang)
    legal = {str(a) for a in engine.legal}
    for control in vm.controls:
        assert control.enabled
        assert control.action in legal or (control.action == "" and control.key in ("give-up", "cancel") or control.key.startswith("bring-home-"))
    for number in vm.board["numbers"]:
        if number["role"]:
            assert str(number_action(state.phase, vm.board["pending"] and page.pending or (), number["n"])) in legal
        else:
            assert number["reason"] and number["rule"]
    for treasure in vm.board["treasures"]:
        assert treasure["eligible"] or (treasure["reason"] and treasure["rule"])
    json.dumps(vm.to_json())


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_column_is_named_by_its_move_or_by_its_number_and_state(lang):
    """Issue 31: the tappable column reads "Tick 8" when a tap ticks it, else its number with the tick or the
    cross the picture shows ("3 (ticked)"), so a screen reader hears the sheet as a player sees it."""
    state = play(roll(3, 4), "check 3", roll(3, 5))
    shown = numbers(view(state, lang=lang))
    assert shown[8]["title"] == WORDS("tick_sum", lang, n=8) and "8" in shown[8]["title"]
    assert shown[3]["title"] == WORDS("column_ticked", lang, n=3)
    assert shown[1]["title"] == WORDS("column", lang, n=1)
    failed = play(roll(3, 4), "check 3 4", roll(3, 4), "check 7", roll(4, 3), "seal 3")
    assert numbers(view(failed, lang=lang))[3]["title"] == WORDS("column_sealed", lang, n=3)
