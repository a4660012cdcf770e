"""GameApp: the shared controller, exercised through its widgets as a page would."""

from __future__ import annotations

import json

import pytest

from rulebook.core.errors import BadRecord
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


def test_starts_waiting_for_the_roll_and_never_shows_the_seed(app: GameApp) -> None:
    assert "rb-roll" in buttons(app)
    assert "42" not in app.status.value  # the seed tells every future roll: never on the page during a game
    assert app.match.seed == 42
    assert app.session.info.seed_chosen and "chosen by whoever created it" in GameApp("chiritsumo", lang="en", seed=42).notice_box.value
    assert app.undo_button.disabled and app.redo_button.disabled


def test_a_random_seed_is_nowhere_on_the_page_until_the_game_ends() -> None:
    app = GameApp("chiritsumo", lang="en", options={"mode": "hakoniwa", "players": 2}, seats=["solver", "solver"])
    seed = str(app.match.seed)
    assert not app.session.info.seed_chosen and "chosen" not in app.notice_box.value
    for _ in range(80):
        texts = [app.status.value, app.notice_box.value, app.log_box.value, app.outcome_box.value, app.save_link.value, app.page_link.query]
        if app.match.is_over():
            break
        assert not any(seed in text for text in texts)
        buttons(app)["rb-roll"].click()
    assert app.match.is_over()
    assert seed in app.outcome_box.value  # once over, the seed is shown for the replay


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
    assert app.save_link.value == ""  # built on request
    app.save_button.click()
    assert f'download="chiritsumo-{app.session.table_id}-' in app.save_link.value
    name, text = app.save_record()
    saved = json.loads(text)
    assert saved["format"] == "rulebook-sealed" and "seed" not in text and "actions" not in text
    other = GameApp("chiritsumo", lang="en", seed=1)
    other.load_json(text.encode("utf-8"))
    assert other.match.state == app.match.state and other.match.steps == app.match.steps
    # a seat's sealed save resumes its own table at the saver's seats (issue 17; it used to be a copy)
    assert other.session.table_id == app.session.table_id and other.session.seats_here == app.session.seats_here
    assert "Back at the save file" in other.error_box.value


def test_a_sealed_file_cannot_be_altered_or_read_by_another_site(app: GameApp, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.tables.seal import ENV_KEY, new_key

    rolled(app)
    _, text = app.save_record()
    data = json.loads(text)
    token = data["sealed"]
    data["sealed"] = token[:40] + ("A" if token[40] != "A" else "B") + token[41:]
    with pytest.raises(BadRecord, match="altered"):
        app.load_json(json.dumps(data))
    monkeypatch.setenv(ENV_KEY, new_key())
    with pytest.raises(BadRecord, match="another site"):
        app.load_json(text)


def test_a_plain_table_mode_record_in_progress_is_refused() -> None:
    from rulebook.core import Match, get_game

    match = Match.new(get_game("chiritsumo"), {"mode": "solo"}, seed=5, table=True)
    for action in get_game("chiritsumo").legal_actions(match.state)[:1]:
        match.play(action)
    record = match.to_record()
    app = GameApp("chiritsumo", lang="en", seed=1)
    before = app.match
    with pytest.raises(BadRecord, match="sealed save file"):
        app.load_json(json.dumps(record))
    assert app.match is before


def test_after_the_game_the_save_is_the_plain_replay() -> None:
    app = GameApp("chiritsumo", lang="en", options={"mode": "hakoniwa", "players": 2}, seats=["solver", "solver"], seed=3)
    while not app.match.is_over():
        buttons(app)["rb-roll"].click()
    assert "replay" in app.save_link.value
    name, text = app.save_record()
    record = json.loads(text)
    assert name.endswith("-replay.json") and record["seed"] == 3 and len(record["actions"]) == len(app.match.actions)


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
        (b" " * 1_000_001, "too large"),
    ],
)
def test_a_bad_file_is_refused_and_the_game_kept(app: GameApp, content: bytes, fragment: str) -> None:
    app.set_lang("en")
    rolled(app)
    before = app.match
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        text = content.decode("utf-8", "replace")  # what the browser's FileReader hands over
        fragment = "not valid JSON"
    app.load_input._handle_custom_msg({"name": "x.json", "text": text}, [])
    assert app.match is before
    assert fragment in app.error_box.value
    # the page refuses a file over the limit without sending it; and Load keeps working afterwards
    app.load_input._handle_custom_msg({"name": "big.json", "too_big": 50_000_000}, [])
    assert app.match is before and "too large" in app.error_box.value
    _, good = app.save_record()
    app.load_input._handle_custom_msg({"name": "good.json", "text": good}, [])
    assert app.match.state == before.state and "Back at the save file" in app.error_box.value


def test_tampered_dice_raise_bad_record(app: GameApp) -> None:
    from rulebook.core.errors import BadRecord

    rolled(app)
    record = json.loads(app.match.to_json())
    first = record["actions"][0].split()
    first[-1] = str(int(first[-1]) % 6 + 1)
    record["actions"][0] = " ".join(first)
    with pytest.raises(BadRecord, match="altered"):
        app.load_json(json.dumps(record))


def test_internal_errors_are_shown_with_an_id_not_raised(app: GameApp, monkeypatch: pytest.MonkeyPatch, capfd) -> None:
    def broken() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(app.view, "auto_stack", broken)
    rolled(app)
    app.view.auto_button.click()
    assert "問題が起きました" in app.error_box.value and "テーブルは無事" in app.error_box.value
    assert "boom" not in app.error_box.value  # no traceback on the page
    ident = app.error_internal
    assert ident and f'data-error-id="{ident}"' in app.error_box.value
    err = capfd.readouterr().err  # the server log (the kernel process's own stderr) has it, under the id
    assert f"error {ident}" in err and "boom" in err


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
