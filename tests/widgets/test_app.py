"""GameApp: the shared controller, exercised through its widgets as a page would."""

from __future__ import annotations

import datetime
import json

import pytest

from rulebook.games.chiritsumo.actions import Place
from widgets import GameApp


def buttons(app: GameApp) -> dict[str, object]:
    """Visible action-bar buttons by their rb-action-* class."""
    out = {}
    for child in app.actions.children:
        for cls in getattr(child, "_dom_classes", ()):
            if cls.startswith("rb-action-") or cls == "rb-roll":
                out[cls] = child
    return out


@pytest.fixture
def app() -> GameApp:
    return GameApp("chiritsumo", lang="ja", seed=42)


def rolled(app: GameApp) -> GameApp:
    buttons(app)["rb-roll"].click()
    assert app.match.state.phase == "arrange"
    return app


def test_starts_waiting_for_the_roll_with_the_seed_shown(app: GameApp) -> None:
    assert "rb-roll" in buttons(app)
    assert "42" in app.status.value
    assert app.match.seed == 42
    assert app.undo_button.disabled and app.redo_button.disabled


def test_illegal_move_shows_rule_in_both_languages_and_changes_nothing(app: GameApp) -> None:
    rolled(app)
    before = app.match.state
    app.view.board._handle_custom_msg({"type": "place", "die": 0, "slot": "3,0"}, [])
    assert app.match.state is before
    assert 'data-rule="place-base"' in app.error_box.value
    assert "揃っていない" in app.error_box.value
    assert app.rule_panel.highlight == "place-base"
    assert 'class="rb-rule rb-rule-highlight" id="rule-place-base"' in app.rule_panel.html
    focus = app.rule_panel.focus
    app.lang_button.click()
    assert app.lang == "en"
    assert "needs both dice below it" in app.error_box.value
    assert "rb-rule-highlight" in app.rule_panel.html and 'lang="en"' in app.rule_panel.html
    assert app.rule_panel.focus == focus  # switching language does not re-scroll


def test_a_legal_move_clears_the_error(app: GameApp) -> None:
    rolled(app)
    app.view.board._handle_custom_msg({"type": "place", "die": 0, "slot": "3,0"}, [])
    assert app.error_box.value
    app.view.board._handle_custom_msg({"type": "place", "die": 0, "slot": "0,0"}, [])
    assert app.error_box.value == ""
    assert app.match.state.seats[0].placed[0] == 0


def test_undo_redo_never_rerolls(app: GameApp) -> None:
    rolled(app)
    pips = app.match.state.seats[0].pips
    app.view.auto_button.click()
    buttons(app)["rb-action-done"].click()
    assert app.match.state.phase in ("swap", "roll")
    app.undo_button.click()
    assert app.match.state.phase == "arrange"
    app.undo_button.click()  # auto-stack was one group
    assert app.match.state.seats[0].placed == (-1,) * 10
    assert app.match.state.seats[0].pips == pips
    app.undo_button.click()  # nothing before the roll is the user's
    assert app.match.state.seats[0].pips == pips
    app.redo_button.click()
    app.redo_button.click()
    assert app.match.state.phase in ("swap", "roll")


def test_save_then_load_restores_the_same_state(app: GameApp) -> None:
    rolled(app)
    app.view.auto_button.click()
    saved = app.match.to_json()
    assert 'download="chiritsumo-42-' in app.save_link.value
    other = GameApp("chiritsumo", lang="en", seed=1)
    other.load_json(saved.encode("utf-8"))
    assert other.match.state == app.match.state
    assert "Loaded" in other.error_box.value


@pytest.mark.parametrize(
    "content, fragment",
    [
        (b"not json", "not valid JSON"),
        (b"[]", "JSON object"),
        (json.dumps({"game": "ring", "version": 1, "seed": 1, "actions": []}).encode(), "another game"),
        (json.dumps({"game": "chiritsumo", "version": 99, "seed": 1, "actions": []}).encode(), "version"),
        (json.dumps({"game": "chiritsumo", "version": 1, "seed": 1, "actions": ["roll 0 0 7"]}).encode(), "Move 1"),
        (json.dumps({"game": "chiritsumo", "version": 1, "seed": -5, "actions": []}).encode(), "seed"),
        (b"\xff\xfe", "UTF-8"),
        (b" " * 2_000_001, "too large"),
    ],
)
def test_a_bad_file_is_refused_and_the_game_kept(app: GameApp, content: bytes, fragment: str) -> None:
    app.set_lang("en")
    rolled(app)
    before = app.match
    app.load_input.set_trait("value", ({"name": "x.json", "type": "application/json", "size": len(content), "content": memoryview(content), "last_modified": datetime.datetime(2026, 1, 1)},))
    assert app.match is before
    assert fragment in app.error_box.value
    assert app.load_input.value == ()


def test_tampered_dice_raise_bad_record(app: GameApp) -> None:
    from rulebook.core.errors import BadRecord

    rolled(app)
    record = json.loads(app.match.to_json())
    first = record["actions"][0].split()
    first[-1] = str(int(first[-1]) % 6 + 1)
    record["actions"][0] = " ".join(first)
    with pytest.raises(BadRecord, match="altered"):
        app.load_json(json.dumps(record))


def test_internal_errors_are_shown_not_raised(app: GameApp, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def broken() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(app.view, "auto_stack", broken)
    rolled(app)
    app.view.auto_button.click()
    assert "Something went wrong" in app.error_box.value or "問題が起きました" in app.error_box.value
    assert "boom" not in app.error_box.value  # no traceback on the page
    assert "boom" in capsys.readouterr().err  # but the server log has it


def test_new_game_panel_starts_hakoniwa_with_chosen_seats(app: GameApp) -> None:
    app.newgame_toggle.value = True
    app.view.mode_input.value = "hakoniwa"
    app.view.players_input.value = 3
    assert len(app.seats_area.children) == 3
    app.seats_area.children[2].value = "random"
    app.seed_input.value = "123"
    app.table_input.value = True
    app.start_button.click()
    assert app.match.options == {"mode": "hakoniwa", "players": 3}
    assert app.match.seats == ("human", "solver", "random")
    assert app.match.seed == 123 and app.match.table
    assert app.newgame_toggle.value is False


def test_a_bad_seed_in_the_panel_keeps_the_current_game(app: GameApp) -> None:
    before = app.match
    app.seed_input.value = "-3"
    app.start_button.click()
    assert app.match is before
    assert 'data-rule="seed"' in app.error_box.value


def test_bots_move_by_themselves_until_a_human_or_a_roll(app: GameApp) -> None:
    app.start({"mode": "hakoniwa", "players": 2}, 9, ["solver", "human"])
    rolled_app = app
    buttons(rolled_app)["rb-roll"].click()
    state = app.match.state
    assert state.phase == "arrange" and state.turn == 1  # seat 0 (bot) already stacked
    assert state.seats[0].done


def test_all_bot_game_advances_one_round_per_roll(app: GameApp) -> None:
    app.start({"mode": "hakoniwa", "players": 2}, 3, ["solver", "solver"])
    for _ in range(60):
        if app.match.is_over():
            break
        assert app.match.state.phase == "roll"
        buttons(app)["rb-roll"].click()
    assert app.match.is_over()
    assert "rb-outcome-box" in app.outcome_box.value


def test_log_lists_moves_newest_first_and_survives_undo(app: GameApp) -> None:
    app.set_lang("en")
    rolled(app)
    app.view.board._handle_custom_msg({"type": "place", "die": 0, "slot": "0,0"}, [])
    assert "→ 0,0" in app.log_box.value
    assert app.log_box.value.index("→ 0,0") < app.log_box.value.index("rolled")
    app.undo_button.click()
    assert "→ 0,0" not in app.log_box.value
    app.play(Place(1, (0, 1)))
    assert "→ 0,1" in app.log_box.value


def test_drawn_marker_counts_redraws_and_moves(app: GameApp) -> None:
    before = app.drawn.value
    rolled(app)
    assert app.drawn.value != before
    assert f'data-moves="{len(app.match.actions)}"' in app.drawn.value
    assert app.drawn.layout.display == "none"
