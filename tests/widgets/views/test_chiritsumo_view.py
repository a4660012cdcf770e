"""The Chiritsumo view: board messages, auto-stack, table entry, とばっ塵 controls, hints, texts."""

from __future__ import annotations

import pytest

from rulebook.games.chiritsumo import best_arrangement, score
from rulebook.games.chiritsumo.actions import Done, Pass, Toss
from rulebook.games.chiritsumo.geometry import SLOTS
from tests.support.view_helpers import click
from widgets import GameApp


def toss_go(app: GameApp):
    """The とばっ塵 'Swap' button as currently drawn."""
    return [c for c in app.view.toss_box.children if "rb-toss-go" in getattr(c, "_dom_classes", ())][0]


def send(app: GameApp, message: object) -> None:
    app.view.board._handle_custom_msg(message, [])


@pytest.fixture
def app() -> GameApp:
    app = GameApp("chiritsumo", lang="en", seed=42)
    click(app, "rb-roll")
    return app


def test_board_view_lists_dice_and_legal_slots(app: GameApp) -> None:
    view = app.view.board.view
    assert view["mode"] == "arrange" and view["interactive"]
    assert len(view["tray"]) == 10
    assert all(1 <= d["pips"] <= 6 for d in view["tray"])
    assert set(view["legal"][0]) == {"0,0", "0,1", "0,2", "0,3"}  # only the bottom row is open


@pytest.mark.parametrize(
    "message",
    [
        {"type": "place", "die": 99, "slot": "0,0"},
        {"type": "place", "die": -1, "slot": "0,0"},
        {"type": "place", "die": "0", "slot": "0,0"},
        {"type": "place", "die": True, "slot": "0,0"},
        {"type": "place", "die": 0, "slot": "9,9"},
        {"type": "place", "die": 0, "slot": "a,b"},
        {"type": "place", "die": 0, "slot": None},
        {"type": "place", "die": 0, "slot": [0, 0, 0]},
        {"type": "lift", "slot": "0,0"},
        {"type": "lift", "slot": 7},
        {"type": "entry", "index": 3},
        {"type": "unknown"},
        "junk",
        ["place", 0],
        None,
    ],
)
def test_junk_from_the_front_end_changes_nothing(app: GameApp, message: object) -> None:
    before = app.match.state
    send(app, message)
    assert app.match.state is before
    assert "Something went wrong" not in app.error_box.value


def test_place_and_lift_by_messages(app: GameApp) -> None:
    send(app, {"type": "place", "die": 3, "slot": "0,1"})
    assert app.match.state.seats[0].placed[SLOTS.index((0, 1))] == 3
    assert app.view.board.view["pyramid"]["0,1"]["die"] == 3
    send(app, {"type": "lift", "slot": "0,1"})
    assert app.match.state.seats[0].placed == (-1,) * 10


def test_auto_stack_builds_the_best_arrangement_as_one_undo_step(app: GameApp) -> None:
    seat = app.match.state.seats[0]
    _, best = best_arrangement(list(zip(seat.dice, seat.pips)))
    send(app, {"type": "place", "die": 0, "slot": "0,0"})
    app.view.auto_button.click()
    built = app.match.state.seats[0].pyramid()
    assert score(built).total == best.total
    assert app.view.breakdown.data["total"] == best.total
    app.undo_button.click()
    assert app.match.state.seats[0].pyramid() == {(0, 0): (seat.dice[0], seat.pips[0])}


def test_breakdown_draws_each_pattern(app: GameApp) -> None:
    app.view.auto_button.click()
    data = app.view.breakdown.data
    result = score(app.match.state.seats[0].pyramid())
    assert len(data["patterns"]) == len(result.patterns) + (1 if result.fuji else 0)
    assert {row["key"] for row in data["rows"]} >= {"mountain", "river", "wing", "bonus"}
    for pattern in data["patterns"]:
        assert all(key in data["cells"] for key in pattern["slots"])


def test_hint_shows_the_ghost_and_the_best_total(app: GameApp) -> None:
    seat = app.match.state.seats[0]
    target, best = best_arrangement(list(zip(seat.dice, seat.pips)))
    assert app.view.board.view["ghost"] is None
    app.hint_toggle.value = True
    ghost = app.view.board.view["ghost"]
    assert ghost == {f"{r},{i}": {"colour": c, "pips": p} for (r, i), (c, p) in target.items()}
    hints = [m["text"] for m in app.view.board.view["messages"] if m["kind"] == "hint"]
    assert any(f"{best.total}" in text for text in hints)  # drawn on the board, next to the pyramid
    assert app.hint_box.value == ""  # not below the buttons, out of sight on a tablet


def test_solo_game_to_its_rating_through_the_page() -> None:
    app = GameApp("chiritsumo", lang="ja", seed=5)
    for _ in range(200):
        state = app.match.state
        if state.phase == "over":
            break
        if state.phase == "roll":
            click(app, "rb-roll")
        elif state.phase == "arrange":
            app.view.auto_button.click()
            click(app, "rb-action-done")
        elif state.phase == "swap":
            click(app, "rb-action-swap-red") if "red" in state.seats[0].dice else click(app, "rb-action-swap-blue")
    outcome = app.match.state.result
    assert outcome is not None
    assert "rb-rating" in app.outcome_box.value
    assert str(outcome.scores[0]) in app.outcome_box.value
    assert f"data-rounds='{outcome.get('rounds')}'" in app.outcome_box.value
    assert app.match.state.seats[0].clear_count() == 4


def board_messages(app: GameApp, kind: str) -> list[dict]:
    return [m for m in app.view.board.view["messages"] if m["kind"] == kind]


def test_table_mode_entry_by_taps_and_digits() -> None:
    app = GameApp("chiritsumo", lang="en", seed=1, table=True)
    assert app.view.board.view["mode"] == "entry"
    assert not any("rb-roll" in c._dom_classes for c in app.actions.children)
    send(app, {"type": "entry", "index": 0})
    send(app, {"type": "entry", "index": 0})
    assert app.view.entry[0] == 2
    confirm = app.view.board.view["controls"][0]  # drawn disabled, with why: the count of the moment
    assert confirm["key"] == "entry-confirm" and not confirm["enabled"] and confirm["rule"] == "chance"
    assert confirm["reason"] == "9 dice have no pips entered yet."
    send(app, {"type": "confirm"})  # a stale page may still send it: refused, nothing played
    assert 'data-rule="chance"' in app.error_box.value and app.match.state.phase == "roll"
    app.view.entry_text.value = "12x"
    assert [m["rule"] for m in board_messages(app, "error")] == ["chance"]
    app.view.entry_text.value = "6543216543"
    assert board_messages(app, "error") == []  # the refusal of "12x" is gone with it
    assert app.view.board.view["controls"][0]["enabled"]
    send(app, {"type": "confirm"})
    state = app.match.state
    assert state.phase == "arrange"
    assert state.seats[0].pips == (6, 5, 4, 3, 2, 1, 6, 5, 4, 3)
    app.undo_button.click()  # the whole entry is one step
    assert app.match.state.phase == "roll" and app.match.state.seats[0].pips == (0,) * 10


def hakoniwa_until_toss(seed: int) -> GameApp:
    """Two human seats; stack with auto-stack until a とばっ塵 is due."""
    for attempt in range(seed, seed + 50):
        app = GameApp("chiritsumo", lang="en", seed=attempt, options={"mode": "hakoniwa", "players": 2}, seats=["human", "human"])
        click(app, "rb-roll")
        for _ in range(2):
            app.view.auto_button.click()
            click(app, "rb-action-done")
        if app.match.state.phase == "toss":
            return app
    raise AssertionError("no toss found")


def test_toss_controls_offer_only_what_is_held_and_swap() -> None:
    app = hakoniwa_until_toss(1)
    state = app.match.state
    me, other = state.turn, 1 - state.turn
    assert [v for _, v in app.view.toss_give.options] == [c for c in ("clear", "yellow", "red", "blue") if c in state.seats[me].dice]
    assert [v for _, v in app.view.toss_target.options] == [other, -1]  # the other seat and the dust pile
    app.view.toss_give.value = "clear"
    app.view.toss_target.value = -1
    app.view.toss_take.value = "yellow"
    toss_go(app).click()
    assert app.error_box.value == ""
    after = app.match.state
    assert after.seats[me].dice.count("clear") == state.seats[me].dice.count("clear") - 1
    assert "Gave clear to the dust pile for yellow" in app.log_box.value


def test_toss_same_colour_is_refused_with_its_rule() -> None:
    app = hakoniwa_until_toss(1)
    before = app.match.state
    app.view.toss_give.value = "yellow"
    app.view.toss_target.value = -1
    app.view.toss_take.value = "yellow"
    toss_go(app).click()
    assert app.match.state is before
    assert 'data-rule="hako-toss"' in app.error_box.value


def test_toss_hint_names_the_bots_choice() -> None:
    app = hakoniwa_until_toss(1)
    app.hint_toggle.value = True
    assert any("The bot would" in m["text"] for m in board_messages(app, "hint"))


def test_texts_switch_language() -> None:
    app = GameApp("chiritsumo", lang="ja", seed=3)
    assert "ラウンド" in app.status.value
    assert app.view.board.view["caption"].startswith("「ダイスをふる」")
    app.lang_button.click()
    assert "Round" in app.status.value
    assert app.view.board.view["caption"].startswith("Press")
    assert app.view.mode_input.options[0][0].startswith("Solo")


def test_labels_of_plain_actions() -> None:
    app = GameApp("chiritsumo", lang="en", seed=3)
    assert app.view.action_label(Done()) == "Done stacking"
    assert app.view.action_label(Pass()) == "No swap (pass)"
    assert app.view.handles(Toss("red", 1, "blue"))
    assert not app.view.handles(Done())


def test_a_double_tap_on_done_does_not_end_the_next_players_turn() -> None:
    app = GameApp("chiritsumo", lang="en", seed=8, options={"mode": "hakoniwa", "players": 2}, seats=["human", "human"])
    click(app, "rb-roll")
    app.view.auto_button.click()
    done = [c for c in app.actions.children if "rb-action-done" in c._dom_classes][0]
    done.click()
    assert app.match.state.turn == 1
    done.click()  # the same (now replaced) button again: ignored
    assert app.match.state.phase == "arrange" and app.match.state.turn == 1
    assert not app.match.state.seats[1].done
    assert done.comm is None  # replaced buttons are closed
