"""The 宝探し view: buttons per phase, clicks on the sheet and the treasures, pending choices,
hints with exact win probabilities, the progress bar of a solve, table mode, texts."""

from __future__ import annotations

import pytest
from tests.support.th_helpers import SALVE_TRIP, SCARAB_TRIP, roll, table_match

from tests.support.automatic import automatic_moves

from rulebook.core import Match
from rulebook.games.treasure_hunt import GAME, Bring, Check, GiveUp, RollDice, action_values, solver
from rulebook.games.treasure_hunt.model import bit, mask_of
from tests.support.view_helpers import sealed_json
from widgets import GameApp
from widgets.views.treasure_hunt import percent


def widgets_in(widget) -> list:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += widgets_in(child)
    return out


def buttons(app: GameApp) -> dict[str, object]:
    """Visible buttons of the action bar by each of their rb-* classes."""
    found = {}
    for child in app.actions.children:
        for widget in widgets_in(child):
            for cls in getattr(widget, "_dom_classes", ()):
                found.setdefault(cls, widget)
    return found


def click(app: GameApp, cls: str) -> None:
    found = buttons(app)
    assert cls in found, sorted(found)
    found[cls].click()


def board(app: GameApp) -> dict:
    """The board part of the view model the page draws."""
    return app.view.board.view["board"]


def send(app: GameApp, message: object) -> None:
    app.view.board._handle_custom_msg(message, [])


def loaded(*parts, lang: str = "en") -> GameApp:
    """A page resumed from a sealed table-mode save with chosen dice."""
    app = GameApp("treasure_hunt", lang=lang, seed=1)
    app.load_json(sealed_json(app, table_match(*parts)))
    return app


@pytest.fixture
def app() -> GameApp:
    return GameApp("treasure_hunt", lang="en", seed=3)


def test_a_new_sheet_offers_roll_and_give_up(app: GameApp) -> None:
    found = buttons(app)
    assert "rb-go" in found and "rb-give-up" in found
    assert not any(c.startswith("rb-bring-home") for c in found)
    view = board(app)
    assert [n["n"] for n in view["numbers"]] == list(range(1, 13))
    assert [t["key"] for t in view["treasures"]] == ["scarab", "mask", "skull", "salve", "fountain"]
    assert view["dice"]["mode"] == "none"
    assert "Trip <b>1</b>" in app.status.value and "3" not in app.status.value.replace("/3", "")  # never the seed


def test_roll_draws_both_dice_at_once_and_offers_the_options(app: GameApp) -> None:
    click(app, "rb-go")
    state = app.match.state
    assert state.phase in ("check", "failed") and len(state.dice) == 2
    a, b = state.dice
    assert f"rolled {a} and {b}" in app.log_box.value
    if state.phase == "check":
        legal = GAME.legal_actions(state)
        found = buttons(app)
        for action in legal:
            assert f"rb-option-{'-'.join(map(str, action.numbers))}" in found
        view = board(app)
        singles = {n["n"] for n in view["numbers"] if n["role"] == "option"}
        assert singles == {a.numbers[0] for a in legal if len(a.numbers) == 1}


def test_sheet_numbers_and_the_both_pill_tick() -> None:
    app = loaded(roll(3, 4))
    view = board(app)
    assert {n["n"] for n in view["numbers"] if n["role"] == "option"} == {3, 4, 7}
    assert view["pair"]["numbers"] == [3, 4]
    send(app, {"type": "option", "numbers": [3, 4]})
    assert app.match.state.checked == mask_of([3, 4]) and app.match.state.phase == "ready"
    click(app, "rb-go")  # the seed rolls from here (table mode: enter the dice)
    assert app.match.state.phase == "roll"


def test_a_closed_number_on_the_sheet_explains_why() -> None:
    app = loaded(roll(3, 4), "check 3", roll(3, 5))
    before = app.match.state
    send(app, {"type": "number", "n": 3})
    assert app.match.state is before
    assert 'data-rule="check-free"' in app.error_box.value and "twice" in app.error_box.value
    send(app, {"type": "number", "n": 8})
    assert app.match.state.checked == mask_of([3, 8])
    assert app.error_box.value == ""


def test_giving_up_asks_for_the_number_then_seals_it(app: GameApp) -> None:
    click(app, "rb-give-up")
    found = buttons(app)
    assert {f"rb-give-up-{n}" for n in range(1, 13)} <= set(found) and "rb-cancel" in found
    assert all(n["role"] == "give-up" for n in board(app)["numbers"])
    click(app, "rb-cancel")
    assert "rb-go" in buttons(app) and app.match.state.sealed == 0
    click(app, "rb-give-up")
    send(app, {"type": "number", "n": 11})
    state = app.match.state
    assert state.sealed == bit(11) and state.expedition == 2
    assert "gave up; sealed 11" in app.log_box.value
    assert board(app)["numbers"][10]["sealed"]


def test_a_failed_roll_offers_the_seals() -> None:
    app = loaded(roll(3, 4), "check 3 4", roll(3, 4), "check 7", roll(4, 3))
    assert app.match.state.phase == "failed"
    found = buttons(app)
    assert {"rb-seal-3", "rb-seal-4", "rb-seal-7"} <= set(found) and "rb-go" not in found
    assert "Nothing can be ticked with 4 and 3" in app.view.board.view["caption"]
    send(app, {"type": "number", "n": 5})
    assert 'data-rule="fail"' in app.error_box.value
    click(app, "rb-seal-7")
    assert app.match.state.sealed == bit(7) and app.match.state.checked == 0
    assert "failed; sealed 7" in app.log_box.value


def test_bringing_home_the_scarab(app: GameApp) -> None:
    app = loaded(SCARAB_TRIP)
    found = buttons(app)
    assert {"rb-bring-home-scarab", "rb-bring-home-salve"} <= set(found)
    treasures = {t["key"]: t for t in board(app)["treasures"]}
    assert treasures["scarab"]["eligible"] and treasures["scarab"]["clickable"]
    assert not treasures["mask"]["eligible"] and treasures["mask"]["progress"] == "5/7"
    click(app, "rb-bring-home-scarab")
    assert app.match.state.treasures == 0b00001
    assert "brought home the Golden Scarab" in app.log_box.value
    assert board(app)["treasures"][0]["home"]
    assert board(app)["rows"][-1]["checks"] == [1, 2, 3, 4, 5]


def test_a_treasure_not_earned_explains_the_requirement_when_tapped() -> None:
    app = loaded(SALVE_TRIP)
    before = app.match.state
    send(app, {"type": "treasure", "key": "skull"})
    assert app.match.state is before and 'data-rule="bring-home"' in app.error_box.value
    send(app, {"type": "treasure", "key": "salve"})  # no seal to lift: straight home
    assert app.match.state.treasures == 0b01000


def test_the_salve_asks_which_cross_to_lift() -> None:
    app = loaded("give-up 12", "give-up 9", SALVE_TRIP)
    click(app, "rb-bring-home-salve")
    found = buttons(app)
    assert {"rb-lift-12", "rb-lift-9", "rb-lift-none", "rb-cancel"} <= set(found)
    assert {n["n"] for n in board(app)["numbers"] if n["role"] == "lift"} == {9, 12}
    send(app, {"type": "number", "n": 5})  # no cross on 5
    assert 'data-rule="unseal"' in app.error_box.value
    send(app, {"type": "cancel"})
    assert "rb-go" in buttons(app)
    send(app, {"type": "treasure", "key": "salve"})
    assert board(app)["treasures"][3]["selected"]
    click(app, "rb-lift-12")
    state = app.match.state
    assert state.sealed == bit(9) and state.treasures == 0b01000
    assert "lifted the × on 12" in app.log_box.value


def test_hints_show_exact_win_probabilities_next_to_every_choice() -> None:
    app = loaded(roll(2, 5))
    app.hint_toggle.value = True
    values = action_values(app.match.state)
    best = max(values.values())
    found = buttons(app)
    for action, value in values.items():
        button = found[f"rb-option-{'-'.join(map(str, action.numbers))}"]
        assert percent(value) in button.description
        assert ("rb-best" in button._dom_classes) is (value >= best - 1e-12)
        assert button.description.startswith("★") is (value >= best - 1e-12)
    numbers = {n["n"]: n for n in board(app)["numbers"]}
    assert numbers[7]["prob"] == percent(values[Check((7,))])
    assert board(app)["pair"]["prob"] == percent(values[Check((2, 5))])
    chips = {c["cls"]: c["text"] for c in board(app)["chips"]}
    assert percent(best) in chips["rb-win-prob rb-win-prob-current"]
    assert "rb-win-prob-now" in app.hint_box.value and percent(best) in app.hint_box.value
    app.hint_toggle.value = False
    assert "%" not in " ".join(b.description for b in buttons(app).values() if hasattr(b, "description"))


def test_hints_on_a_ready_sheet_cover_roll_treasures_and_giving_up() -> None:
    app = loaded("give-up 12", SALVE_TRIP)
    app.hint_toggle.value = True
    values = action_values(app.match.state)
    found = buttons(app)
    assert percent(values[RollDice()]) in found["rb-go"].description
    salve = max(values[Bring("salve")], values[Bring("salve", 12)])
    assert percent(salve) in found["rb-bring-home-salve"].description
    assert percent(max(v for a, v in values.items() if isinstance(a, GiveUp))) in found["rb-give-up"].description
    treasures = {t["key"]: t for t in board(app)["treasures"]}
    assert treasures["salve"]["prob"] == percent(salve)
    click(app, "rb-give-up")
    numbers = {n["n"]: n for n in board(app)["numbers"]}
    assert numbers[3]["prob"] == percent(values[GiveUp(3)])
    assert percent(values[GiveUp(3)]) in buttons(app)["rb-give-up-3"].description


def test_a_full_solve_in_the_page_shows_a_progress_bar(monkeypatch) -> None:
    app = GameApp("treasure_hunt", lang="ja", seed=3)
    monkeypatch.setattr(solver, "shipped_values", lambda rules=None: None)
    solver.forget()
    seen = []
    app.view.progress.observe(lambda change: seen.append(change["new"]), "value")
    try:
        app.hint_toggle.value = True
        assert app.view.solves_shown == 1
        assert seen and seen[-1] == app.view.progress.max and len(seen) > 20
        assert app.view.progress_box.layout.display == "none"  # hidden again once done
        assert "rb-win-prob-now" in app.hint_box.value and "66.7%" in app.hint_box.value
    finally:
        solver.forget()


def test_table_mode_enters_the_two_real_dice() -> None:
    app = GameApp("treasure_hunt", lang="en", seed=3, table=True)
    click(app, "rb-go")
    assert app.match.state.phase == "roll"
    found = buttons(app)
    assert {"rb-entry-1-1", "rb-entry-2-6", "rb-entry-confirm"} <= set(found)
    click(app, "rb-entry-confirm")
    assert 'data-rule="chance"' in app.error_box.value and app.match.state.phase == "roll"
    click(app, "rb-entry-1-3")
    send(app, {"type": "entry", "index": 1})  # tapping die 2 steps it: 1
    send(app, {"type": "entry", "index": 1})  # 2
    assert board(app)["dice"]["values"] == [3, 2]
    assert "rb-entry-chosen" in buttons(app)["rb-entry-1-3"]._dom_classes
    click(app, "rb-entry-confirm")
    state = app.match.state
    assert state.dice == (3, 2) and state.phase == "check"
    assert [str(a) for a in app.match.actions] == ["roll", "die 1 3", "die 2 2"]
    app.undo_button.click()  # the entry was one group
    assert app.match.state.phase == "roll" and app.match.state.dice == ()


@pytest.mark.parametrize(
    "message",
    [
        {"type": "number", "n": "3"},
        {"type": "number", "n": True},
        {"type": "number", "n": None},
        {"type": "number"},
        {"type": "option", "numbers": "3,4"},
        {"type": "option", "numbers": [3, "4"]},
        {"type": "option", "numbers": [1, 2, 3, 4]},
        {"type": "treasure", "key": 3},
        {"type": "treasure", "key": "gold"},
        {"type": "entry", "index": 0},
        {"type": "entry", "index": "x"},
        {"type": "nope"},
        "junk",
        ["number", 3],
        None,
    ],
)
def test_junk_from_the_front_end_changes_nothing(app: GameApp, message: object) -> None:
    before = app.match.state
    send(app, message)
    assert app.match.state is before
    assert not app.error_internal


def test_a_number_tap_on_a_ready_sheet_says_why_in_the_engines_words(app: GameApp) -> None:
    before = app.match.state
    number = board(app)["numbers"][3]
    assert number["role"] is None and number["rule"] == "expedition"
    assert number["reason"] == "Roll the dice first: what you may check or seal depends on the roll."  # what the JS shows next to the sheet
    send(app, {"type": "number", "n": 4})
    assert app.match.state is before and app.error.rule_id == "expedition"
    assert app.error.message_en == number["reason"]


def test_a_stale_button_from_an_earlier_drawing_is_ignored(app: GameApp) -> None:
    old = buttons(app)["rb-go"]
    old.click()
    phase = app.match.state.phase
    actions = len(app.match.actions)
    old.click()  # a double tap
    assert len(app.match.actions) == actions and app.match.state.phase == phase


def test_a_whole_game_by_the_best_buttons_to_its_end() -> None:
    app = GameApp("treasure_hunt", lang="ja", seed=8)
    app.hint_toggle.value = True
    for _ in range(400):
        if app.match.is_over():
            break
        best = [c for c in app.actions.children if "rb-best" in getattr(c, "_dom_classes", ())]
        assert best, [c._dom_classes for c in app.actions.children]
        best[0].click()
        assert not app.error_internal and app.error is None
    assert app.match.is_over()
    outcome = app.game.outcome(app.match.state)
    assert outcome.summary_ja in app.outcome_box.value
    assert f"data-result='{outcome.reason}'" in app.outcome_box.value
    assert app.actions.children == () or all("rb-best" not in c._dom_classes for c in app.actions.children)
    bot = Match.new(GAME, seed=8, seats=["optimal"])
    automatic_moves(bot)
    assert [str(a) for a in bot.actions] == [str(a) for a in app.match.actions]


def test_an_optimal_bot_seat_plays_the_whole_game() -> None:
    app = GameApp("treasure_hunt", lang="en", seed=5, seats=["optimal"])
    assert app.match.is_over() and app.outcome_box.value and app.log_box.value
    assert app.actions.children == ()


def test_words_in_both_languages() -> None:
    app = loaded(SCARAB_TRIP, lang="ja")
    assert "黄金のスカラベを持ち帰る" == buttons(app)["rb-bring-home-scarab"].description
    assert board(app)["treasures"][0]["need"] == "チェック 5 個"
    app.set_lang("en")
    assert buttons(app)["rb-bring-home-scarab"].description == "Bring home the Golden Scarab"
    assert board(app)["treasures"][4]["need"] == "6 in a row"


@pytest.mark.parametrize("p, text", [(1.0, "100%"), (0.0, "0%"), (0.66671, "66.7%"), (0.99996, ">99.9%"), (0.0001, "<0.1%")])
def test_percent(p: float, text: str) -> None:
    assert percent(p) == text


def test_log_names_the_sum_only_when_it_is_the_sum() -> None:
    app = loaded(roll(2, 2), "check 2", roll(1, 3), "check 4")
    log = app.log_box.value
    assert "Trip 1: Tick 2<" in log and "Trip 1: Tick the sum 4" in log


def test_the_last_roll_stays_in_view_during_its_trip_only() -> None:
    app = loaded(roll(3, 4), "check 7")
    assert board(app)["dice"] == {"values": [3, 4], "mode": "last", "label": "Last roll", "names": ["die 1: 3", "die 2: 4"]}
    click(app, "rb-give-up")
    click(app, "rb-give-up-1")
    assert board(app)["dice"]["mode"] == "none"


def test_a_solve_started_by_the_optimal_bot_reports_to_the_open_page(monkeypatch) -> None:
    app = GameApp("treasure_hunt", lang="en", seed=3)
    monkeypatch.setattr(solver, "shipped_values", lambda rules=None: None)
    solver.forget()
    seen = []
    app.view.progress.observe(lambda change: seen.append(change["new"]), "value")
    try:
        app.start(seed=4, seats=["optimal"])  # the bot's first move needs the values
        assert seen and seen[-1] == app.view.progress.max
        assert app.view.progress_box.layout.display == "none"
        assert app.match.is_over()
    finally:
        solver.forget()
