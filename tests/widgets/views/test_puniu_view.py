"""The Puniu Dice view: holds, re-rolls, categories, sheet cells, Kind's face, table entry, hints, texts."""

from __future__ import annotations

import pytest

from rulebook.core import CHANCE
from rulebook.games.puniu import final_score
from rulebook.games.puniu.actions import Reroll, Score
from rulebook.games.puniu.hint import advise
from tests.support.view_helpers import click
from widgets import GameApp


def board(app: GameApp) -> dict:
    """The board part of the view model the page draws."""
    return app.view.board.view["board"]


def control(app: GameApp, key: str) -> dict:
    return next(c for c in app.view.board.view["controls"] if c["key"] == key)


def send(app: GameApp, message: dict) -> None:
    if isinstance(message, dict) and "ply" not in message:
        message = {**message, "ply": len(app.match.actions)}
    app.view.board._handle_custom_msg(message, [])


@pytest.fixture
def app() -> GameApp:
    app = GameApp("puniu", lang="en", seed=42)
    click(app, "rb-roll")
    return app


def test_first_roll_waits_for_the_roll_button_then_offers_holds_and_categories(app: GameApp) -> None:
    view = board(app)
    assert view["mode"] == "decide" and view["interactive"]
    assert all(1 <= d["pips"] <= 6 for d in view["dice"])
    assert control(app, "reroll")["label"] == "Re-roll (2 left)" and control(app, "reroll")["enabled"]
    assert [c["key"] for c in view["categories"]] == ["6s", "5s", "4s", "3s", "2s", "1s", "chance", "kind"]
    assert all(c["open"] for c in view["categories"])
    assert not app.actions.children or all("rb-action" not in c._dom_classes for c in app.actions.children)


def test_holding_dice_and_rerolling_the_released_ones(app: GameApp) -> None:
    dice = app.match.state.dice
    send(app, {"type": "hold", "die": 0})
    send(app, {"type": "hold", "die": 2})
    view = board(app)
    assert [d["held"] for d in view["dice"]] == [True, False, True, False, False]
    send(app, {"type": "hold", "die": 2})  # release again
    assert app.view.held == {0}
    send(app, {"type": "reroll"})
    assert app.match.actions[5] == Reroll((1, 2, 3, 4))
    state = app.match.state
    assert state.dice[0] == dice[0] and state.rolls == 2 and not state.rolling  # re-rolls roll at once
    assert board(app)["dice"][0]["held"]  # the hold lasts through the turn
    assert control(app, "reroll")["label"] == "Re-roll (1 left)"


def test_holding_all_five_refuses_the_reroll(app: GameApp) -> None:
    for k in range(5):
        send(app, {"type": "hold", "die": k})
    reroll = control(app, "reroll")
    assert not reroll["enabled"] and reroll["rule"] == "reroll"
    assert reroll["reason"] == "Release at least one die to re-roll (to keep all five, choose a category)."  # the engine's words
    before = app.match.state
    send(app, {"type": "reroll"})
    assert app.match.state is before and app.error.rule_id == "reroll"


def test_after_two_rerolls_only_categories(app: GameApp) -> None:
    send(app, {"type": "reroll"})
    send(app, {"type": "reroll"})
    assert app.match.state.rerolls_left == 0
    reroll = control(app, "reroll")
    assert not reroll["enabled"] and reroll["rule"] == "reroll"
    assert reroll["reason"] == "Only two re-rolls per turn: choose a category now."  # the engine's words
    send(app, {"type": "hold", "die": 1})
    assert app.error.rule_id == "reroll"
    assert app.error.message_en == "You cannot hold dice now. Only two re-rolls per turn: choose a category now."
    assert app.view.board.view["caption"] == "No re-rolls left: choose a category."


def test_category_button_writes_score_and_penalty(app: GameApp) -> None:
    dice = app.match.state.dice
    send(app, {"type": "score", "category": "chance"})
    sheet = app.match.state.sheets[0]
    top = sorted(dice, reverse=True)
    assert sheet.entries[6] == (sum(top[:3]), sum(top[3:]))
    cell = board(app)["sheets"][0]["cells"][6]
    assert cell["score"] == sum(top[:3]) and cell["penalty"] == sum(top[3:])
    assert app.match.current_player == CHANCE  # the next turn waits for Roll


def test_kind_uses_the_chosen_face(app: GameApp) -> None:
    send(app, {"type": "face", "face": 3})
    assert board(app)["kind_face"] == 3
    send(app, {"type": "score", "category": "kind"})
    assert app.match.actions[-1] == Score("kind", 3)


def test_sheet_cells_of_the_seat_to_play_are_clickable(app: GameApp) -> None:
    cells = board(app)["sheets"][0]["cells"]
    assert all(c.get("clickable") for c in cells)
    send(app, {"type": "score", "category": "6s", "face": 0})
    assert app.match.actions[-1] == Score("6s")
    click(app, "rb-roll")
    cells = board(app)["sheets"][0]["cells"]
    assert not cells[0].get("clickable") and cells[1].get("clickable")
    send(app, {"type": "score", "category": "6s"})
    assert app.error.rule_id == "choose"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "hold", "die": 9},
        {"type": "hold", "die": "0"},
        {"type": "hold", "die": True},
        {"type": "score", "category": "7s"},
        {"type": "score", "category": None},
        {"type": "score", "category": ["6s"]},
        {"type": "score", "category": "kind", "face": 9},
        {"type": "score", "category": "5s", "face": 5},
        {"type": "face", "face": 0},
        {"type": "face", "face": "x"},
        {"type": "entry", "index": 3},
        {"type": "unknown"},
        {"type": "score", "category": "6s", "ply": 999},
        "junk",
        ["score", "6s"],
        None,
    ],
)
def test_junk_from_the_front_end_changes_nothing(app: GameApp, message: object) -> None:
    before = app.match.state
    send(app, message)  # type: ignore[arg-type]
    assert app.match.state is before
    assert not app.error_internal


def test_a_stale_click_is_ignored(app: GameApp) -> None:
    ply = len(app.match.actions)
    send(app, {"type": "score", "category": "6s", "ply": ply})
    click(app, "rb-roll")
    before = app.match.state
    send(app, {"type": "score", "category": "5s", "ply": ply})  # the double tap of the last turn
    assert app.match.state is before and app.error is None


def test_hint_values_next_to_choices(app: GameApp) -> None:
    app.hint_toggle.value = True
    state = app.match.state
    advice = advise(state.sheets[0].entries, state.dice, state.rerolls_left)
    view = board(app)
    values = {c["key"]: c.get("value") for c in view["categories"]}
    six = next(c for c in advice.categories if c.category == "6s")
    assert values["6s"] == f"≈ {six.value:.1f}"
    assert "reroll_value" in view
    assert "rb-hint-holds" in app.hint_box.value and "rb-hint-categories" in app.hint_box.value
    assert f"{advice.categories[0].value:.1f}" in app.hint_box.value


def test_solo_game_to_the_end_by_the_hint() -> None:
    app = GameApp("puniu", lang="ja", seed=7)
    for _ in range(100):
        if app.match.is_over():
            break
        if app.match.current_player == CHANCE:
            click(app, "rb-roll")
            continue
        state = app.match.state
        advice = advise(state.sheets[0].entries, state.dice, state.rerolls_left)
        if advice.best[0] == "reroll":
            app.view.held = set(range(5)) - set(advice.best[1])
            send(app, {"type": "reroll"})
        else:
            category, face = advice.best[1]
            if category == "kind":
                send(app, {"type": "face", "face": face})
            send(app, {"type": "score", "category": category})
    state = app.match.state
    assert state.result is not None
    final = final_score(state.sheets[0].entries)
    assert f"<b>{final}</b>" in app.outcome_box.value
    sheet = board(app)["sheets"][0]
    assert sheet["final"] == str(final)
    struck = [k for k, c in enumerate(sheet["cells"]) if c.get("struck")]
    assert tuple(struck) == state.result.get("cancelled")[0]


def test_one_human_and_one_bot_take_turns() -> None:
    app = GameApp("puniu", lang="en", seed=3, options={"players": 2})
    assert app.match.seats == ("human", "hint")
    click(app, "rb-roll")
    send(app, {"type": "score", "category": "chance"})
    # the bot played its whole turn at once; the human's next roll waits
    state = app.match.state
    assert state.turn == 0 and state.round == 2 and state.sheets[1].entries.count(None) == 7
    assert "Seat 2 (bot)" in app.log_box.value


def test_table_mode_entry_by_taps_and_digits_only_for_rerolled_dice() -> None:
    app = GameApp("puniu", lang="en", seed=1, table=True)
    assert board(app)["mode"] == "entry"
    assert not any("rb-roll" in c._dom_classes for c in app.actions.children)
    send(app, {"type": "entry", "index": 0})
    send(app, {"type": "entry", "index": 0})
    assert app.view.entry[0] == 2
    app.view.entry_text.value = "55542"
    app.view.entry_confirm.click()
    assert app.match.state.dice == (5, 5, 5, 4, 2)
    send(app, {"type": "hold", "die": 0})
    send(app, {"type": "hold", "die": 1})
    send(app, {"type": "hold", "die": 2})
    send(app, {"type": "reroll"})
    view = board(app)
    assert view["mode"] == "entry" and [d.get("entry", False) for d in view["dice"]] == [False, False, False, True, True]
    app.view.entry_text.value = "7"
    assert app.error.rule_id == "chance"
    app.view.entry_confirm.click()  # nothing entered yet
    assert app.error.rule_id == "chance" and app.match.state.dice == (5, 5, 5, 0, 0)
    app.view.entry_text.value = "51"
    app.view.entry_confirm.click()
    assert app.match.state.dice == (5, 5, 5, 5, 1)
    send(app, {"type": "score", "category": "5s"})
    assert app.match.state.sheets[0].entries[1] == (20, 1)


def test_texts_in_both_languages(app: GameApp) -> None:
    assert "Turn <b>1</b>/8" in app.status.value
    app.set_lang("ja")
    assert "手番 <b>1</b>/8" in app.status.value
    assert control(app, "reroll")["label"] == "振り直す（残り 2 回）"
    assert "手番目" in app.log_box.value


def test_new_game_panel_players_and_seats() -> None:
    app = GameApp("puniu", lang="en", seed=1)
    app.view.players_input.value = 4
    assert len(app.seats_area.children) == 4
    app.start_from_panel()
    assert app.match.options == {"players": 4} and app.match.seats == ("human", "hint", "hint", "hint")


def test_all_bot_game_waits_for_roll_before_each_bot_turn() -> None:
    app = GameApp("puniu", lang="en", seed=6, options={"players": 2}, seats=["hint", "greedy"])
    assert app.match.current_player == CHANCE and len(app.match.actions) == 0
    for turn in range(16):
        click(app, "rb-roll")
        scores = [a for a in app.match.actions if isinstance(a, Score)]
        assert len(scores) == turn + 1  # one bot turn per press
    assert app.match.is_over() and "rb-final-scores" in app.outcome_box.value
