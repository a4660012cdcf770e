"""Pig's page as data (widgets/views/pig/present.py) and through GameApp: controls from the engine, words, hint, examples."""

from __future__ import annotations

from rulebook.core import CHANCE
from rulebook.core.examples import find_examples
from rulebook.core.text import load_rules
from rulebook.games.pig import GAME
from rulebook.games.pig.actions import Die, Hold, Roll
from widgets import GameApp
from widgets.views.model import engine_for
from widgets.views.pig.examples import example_view
from widgets.views.pig.present import Page, describe, hint_text, present


def model(state, lang="en", seats=("human",)):
    page = Page(seats=seats, interactive=True)
    return present(GAME.observe(state, 0), engine_for(GAME, state, True), page, lang)


def test_hold_is_refused_with_the_engines_reason_until_the_turn_has_points():
    start = model(GAME.initial_state({"players": 1}))
    assert start.control("action-roll").enabled and start.control("action-roll").highlight
    hold = start.control("action-hold")
    assert not hold.enabled and hold.rule == "hold" and hold.reason == "This turn has no points yet: roll first."
    state = GAME.apply(GAME.apply(GAME.initial_state({"players": 1}), Roll()), Die(5))
    after = model(state, "ja")
    assert after.control("action-hold").enabled and after.control("action-hold").label == "止める"
    assert after.board["turn_total"] == 5 and after.rule == "hold" and after.status == "1 ターン目"


def test_the_log_says_what_the_die_did():
    page = Page(seats=("human", "hold20"))
    state = GAME.apply(GAME.initial_state({"players": 2}), Roll())
    after = GAME.apply(state, Die(4))
    assert describe(Roll(), GAME.observe(state, 0), GAME.observe(state, 0), page, "en") is None
    assert describe(Die(4), GAME.observe(state, 0), GAME.observe(after, 0), page, "en") == "Seat 1 rolled 4: 4 points this turn"
    held = GAME.apply(after, Hold())
    assert describe(Hold(), GAME.observe(after, 0), GAME.observe(held, 0), page, "en") == "Seat 1 holds: total 4"
    bust = GAME.apply(GAME.apply(held, Roll()), Die(1))
    assert describe(Die(1), GAME.observe(held, 0), GAME.observe(bust, 0), page, "ja").endswith("ターンの点は消えた")


def test_the_hint_compares_rolling_and_holding_exactly():
    state = GAME.initial_state({"players": 1})
    for pips in (6, 6, 4, 4):  # 20 points at stake, nothing banked
        state = GAME.apply(GAME.apply(state, Roll()), Die(pips))
    text = hint_text(GAME.observe(state, 0), "en")
    assert text.startswith("Roll now: 11.11 turns") and "Hold now: 11.08" in text and text.endswith("Best: Hold")
    assert hint_text(GAME.observe(GAME.apply(state, Roll()), 0), "en") == ""


def test_every_worked_example_has_a_picture():
    for spec in find_examples(load_rules("rulebook.games.pig")["en"].intro) + list(load_rules("rulebook.games.pig")["en"].examples):
        view = example_view(GAME, spec, "en")
        assert view is not None and view["interactive"] is False and view["rows"][0]["total"] == 0
        assert view["busted"] is (spec.values["dice"].endswith("1"))


def test_the_page_plays_a_turn_and_a_real_die_is_tapped_in_table_mode():
    app = GameApp("pig", lang="en", seed=3)
    app.play(Roll())
    assert app.match.current_player != CHANCE and app.match.state.last in range(1, 7)  # the die falls at once
    table = GameApp("pig", lang="en", seed=3, table=True)
    table.play(Roll())
    keys = [c for b in table.actions.children for c in b._dom_classes if c.startswith("rb-die-entry-")]
    assert keys == [f"rb-die-entry-{n}" for n in range(1, 7)]
    button = next(b for b in table.actions.children if "rb-die-entry-5" in b._dom_classes)
    button.click()
    assert table.match.state.turn_total == 5 and table.error is None
