"""The Magos solo view: notice, turn buttons, board/sheet messages, HP input, hints, log, languages."""

from __future__ import annotations

import pytest

from rulebook.games.magos_solo import GAME
from widgets import GameApp


def buttons(app: GameApp) -> dict[str, object]:
    found = {}
    for child in app.actions.children:
        for cls in getattr(child, "_dom_classes", ()):
            if cls.startswith("rb-") and cls != "rb-primary":
                found[cls] = child
    return found


def click(app: GameApp, cls: str) -> None:
    shown = buttons(app)
    assert cls in shown, f"no visible {cls}: {sorted(shown)}"
    shown[cls].click()


def send(app: GameApp, message: object, part: str = "board") -> None:
    widget = app.view.board if part == "board" else app.view.sheet
    widget._handle_custom_msg(message, [])


def at(app: GameApp) -> int:
    return len(app.match.actions)


@pytest.fixture
def app() -> GameApp:
    return GameApp("magos_solo", lang="en", seed=1)


def test_page_says_the_base_game_is_not_in_the_source(app: GameApp) -> None:
    assert "rules of Magos itself are not in it" in app.view.notice.value
    app.set_lang("ja")
    assert "マゴス本体のルールは載っていません" in app.view.notice.value
    assert "base-game" == app.rules["ja"].ids[0]


def test_next_and_prev_turn_buttons_walk_the_table(app: GameApp) -> None:
    assert "rb-prev-turn" not in buttons(app)
    seen = []
    for _ in range(11):
        seen.append([d["pips"] for d in app.view.board.view["dice"]])
        click(app, "rb-next-turn")
    assert app.match.state.turn == 12
    assert seen[:3] == [[1, 6], [3, 5], [2, 4, 5]]
    assert seen[8] == seen[5] and seen[9] == seen[6] and seen[10] == seen[7]
    current = [r["row"] for r in app.view.sheet.view["rows"] if r["current"]]
    assert current == [6] and app.view.sheet.view["looped"]
    assert "row 6 (loop)" in app.status.value and "rows 6-8 repeat" in app.view.board.view["row_text"]
    click(app, "rb-prev-turn")
    assert app.match.state.turn == 11
    assert "Back to turn 11" in app.log_box.value


def test_editing_a_face_changes_the_effects(app: GameApp) -> None:
    view = app.view.board.view
    assert [d["text"] for d in view["dice"]] == ["1 damage", "miss"] and view["damage"] == 1
    send(app, {"type": "face", "face": 6, "effect": "hit 6"}, part="sheet")
    view = app.view.board.view
    assert [d["text"] for d in view["dice"]] == ["1 damage", "6 damage"] and view["damage"] == 7
    assert app.view.sheet.view["faces"][5]["value"] == "hit 6"
    assert app.view.sheet.view["can_reset"]
    send(app, {"type": "reset", "at": at(app)}, part="sheet")
    assert app.view.board.view["damage"] == 1
    app.undo()
    assert app.view.board.view["damage"] == 7


@pytest.mark.parametrize(
    "message",
    [
        {"type": "face", "face": 9, "effect": "miss"},
        {"type": "face", "face": "1", "effect": "miss"},
        {"type": "face", "face": True, "effect": "miss"},
        {"type": "face", "face": 1, "effect": "fireball"},
        {"type": "face", "face": 1, "effect": "hit 99"},
        {"type": "face", "face": 1, "effect": None},
        {"type": "face", "face": 1, "effect": "x" * 500},
        {"type": "attack", "amount": None, "at": 0},
        {"type": "attack", "amount": "3", "at": 0},
        {"type": "attack", "amount": -4, "at": 0},
        {"type": "attack", "amount": 10**12, "at": 0},
        {"type": "recover", "amount": 2, "at": 0},
        {"type": "hp", "amount": 100, "at": 0},
        {"type": "unknown"},
        "junk",
        ["face", 1],
        None,
    ],
)
def test_junk_from_the_front_end_changes_nothing(app: GameApp, message: object) -> None:
    before = app.match.state
    send(app, message, part="sheet" if isinstance(message, dict) and message.get("type") == "face" else "board")
    assert app.match.state is before
    assert not app.error_internal
    if isinstance(message, dict) and message.get("type") in ("face", "attack", "recover", "hp"):
        assert app.error is not None and app.error.rule_id in ("faces", "enemy-hp", "actions")
        assert "rb-error-box" in app.error_box.value


def test_hp_input_records_damage_and_a_double_tap_counts_once(app: GameApp) -> None:
    message = {"type": "attack", "amount": 3, "at": at(app)}
    send(app, message)
    send(app, message)  # drawn for the earlier state: ignored
    assert app.match.state.hp == 7
    assert app.view.board.view["hp_text"] == "7 / 10"
    assert "enemy HP <b class='rb-status-hp'>7/10</b>" in app.status.value
    send(app, {"type": "recover", "amount": 2, "at": at(app)})
    assert app.match.state.hp == 9
    send(app, {"type": "attack", "amount": 20, "at": at(app)})
    assert app.match.is_over()
    assert "You defeated the enemy on turn 1" in app.outcome_box.value
    assert buttons(app) == {}


def test_win_only_without_hp_and_lose_always(app: GameApp) -> None:
    assert "rb-win" not in buttons(app) and "rb-lose" in buttons(app)
    send(app, {"type": "hp", "amount": 0, "at": at(app)})
    assert app.view.board.view["hp_text"] == "not tracked"
    click(app, "rb-win")
    assert app.match.is_over() and "defeated the enemy" in app.outcome_box.value
    app.undo()
    click(app, "rb-lose")
    assert "The enemy defeated you" in app.outcome_box.value


def test_six_once_is_drawn_on_turn_5() -> None:
    app = GameApp("magos_solo", lang="ja", seed=1, options={"turn5": "5-6-6-6"})
    for _ in range(4):
        click(app, "rb-next-turn")
    dice = app.view.board.view["dice"]
    assert [(d["pips"], d["counted"]) for d in dice] == [(5, True), (6, True), (6, False), (6, False)]
    assert dice[2]["text"] == "6 は 1 個分: 数えない"
    row5 = app.view.sheet.view["rows"][4]
    assert row5["dice"] == [5, 6, 6, 6] and row5["counted"] == [True, True, False, False]


def test_hint_previews_the_next_turns(app: GameApp) -> None:
    app.hint_toggle.value = True
    assert "Turn 2: 3-5 → 3 damage" in app.hint_box.value
    assert "Turn 4: 1-2-2-3 → 8 damage" in app.hint_box.value
    assert "rows 6-8: 14 damage" in app.hint_box.value


def test_custom_enemy_from_the_new_game_panel(app: GameApp) -> None:
    app.view.enemy_input.value = "custom"
    app.view.turn5_input.value = "5-6-6-6"
    app.start_from_panel()
    assert app.match.options == {"enemy": "custom", "turn5": "5-6-6-6"}
    assert app.view.board.view["damage"] == 0 and app.view.board.view["hp_max"] == 0
    assert "rb-win" in buttons(app)


def test_autoplay_seat_plays_the_fight_through() -> None:
    app = GameApp("magos_solo", lang="en", seed=2, seats=["autoplay"])
    assert app.match.is_over() and "defeated the enemy" in app.outcome_box.value
    assert "autoplay" in app.status.value and "dealt" in app.log_box.value


def test_log_and_languages(app: GameApp) -> None:
    click(app, "rb-next-turn")
    send(app, {"type": "face", "face": 5, "effect": "special"}, part="sheet")
    assert "Turn 2: 3-5 → 3 damage, miss (total 3 damage)" in app.log_box.value  # as it was then
    assert "Face 5 → special (see the enemy card)" in app.log_box.value
    assert [d["text"] for d in app.view.board.view["dice"]] == ["3 damage", "special (see the enemy card)"]
    app.set_lang("ja")
    assert "2 ターン目へ" in app.log_box.value
    assert app.view.board.view["turn_text"] == "2 ターン目"
    assert app.view.enemy_input.options[0][0].startswith("練習用ダミー")
    record = app.match.to_record()
    assert record["actions"] == ["next", "face 5 special"] and record["game"] == GAME.name
