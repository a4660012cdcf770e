"""The Kokkuri-san page in the kernel: what each person sees, board taps, the card data file in the options."""

from __future__ import annotations

import json

import pytest

from rulebook.core import SPECTATOR
from rulebook.games.kokkuri_san import KOKKURI_SAN
from rulebook.games.kokkuri_san.cards import X, standin_text
from rulebook.games.kokkuri_san.state import EFFECT, TURN
from tests.support.view_helpers import click
from widgets import GameApp
from widgets.views.kokkuri_san import MAX_CARD_FILE


def board(app: GameApp) -> dict:
    return app.view.board.view["board"]


def send(app: GameApp, message) -> None:
    if isinstance(message, dict) and "ply" not in message:
        message = {**message, "ply": len(app.match.actions)}
    app.view.board._handle_custom_msg(message, [])


def upload(app: GameApp, content) -> None:
    app.view.cards_upload._handle_custom_msg(content, [])


def assert_only_viewer_cards(app: GameApp) -> None:
    """Face-down cards show their value only to their owner; the hand is the viewer's."""
    view = board(app)
    state = app.match.state
    viewer = app.viewer_seat()
    assert view["you"] == viewer
    for cand, cards in zip(view["candidates"], state.board):
        for shown, played in zip(cand["cards"], cards):
            if played.up or played.seat == viewer:
                assert shown["card"] == ("×−1" if played.card == X else str(played.card))
            else:
                assert shown["card"] is None
    if "hand" in view:
        assert viewer >= 0
        assert view["hand_kinds"] == [k for k, c in enumerate(state.hands[viewer]) for _ in range(c)]


def test_hot_seat_each_person_sees_only_their_own_cards() -> None:
    app = GameApp(KOKKURI_SAN, lang="en", seed=5, options={"players": 3}, seats=["human", "human", "human"])
    assert app.hot_seat()
    for _ in range(300):
        if app.match.is_over():
            break
        assert_only_viewer_cards(app)
        if not app.revealed:
            assert app.play_column.children == (app.pass_screen,)
            assert board(app)["you"] == SPECTATOR and "hand" not in board(app)
            app.reveal_button.click()
            continue
        legal = KOKKURI_SAN.legal_actions(app.match.state)
        app.play(legal[len(app.match.actions) % len(legal)])
        assert not app.error_internal and app.error is None
    assert app.match.is_over()


def test_a_game_against_bots_is_played_by_board_taps_to_the_end() -> None:
    app = GameApp(KOKKURI_SAN, lang="ja", seed=2, options={"players": 3}, seats=["human", "search", "rules"])
    for _ in range(60):
        if app.match.is_over():
            break
        state = app.match.state
        assert state.turn == 0 and state.phase in (TURN, EFFECT)
        if state.phase == TURN:
            send(app, {"type": "select", "index": 0})
            assert board(app)["selected"] == board(app)["hand_kinds"][0]
            send(app, {"type": "play", "pos": len(app.match.actions) % 5, "up": True})
        elif any(c.key == "effect-skip" for c in app.view.vm.controls):
            click(app, "rb-effect-skip")
        else:
            cells = [(c["cell"], p, i) for p, cand in enumerate(board(app)["candidates"]) for i, c in enumerate(cand["cards"])]
            moves = [cand["move"] for cand in board(app)["candidates"] if "move" in cand]
            enabled = [c for c in app.view.vm.controls if c.enabled]
            if enabled:
                click(app, f"rb-{enabled[0].key}")
            elif any(c["enabled"] for c, _, _ in cells):
                _cell, p, i = next(x for x in cells if x[0]["enabled"])
                send(app, {"type": "flip", "pos": p, "index": i})
            else:
                p = next(m for m in moves if m["enabled"])["action"].split()[1]
                send(app, {"type": "move", "pos": int(p)})
        assert app.error is None and not app.error_internal, app.error
    assert app.match.is_over()
    assert "勝ち" in app.outcome_box.value and "rb-ks-final" in app.outcome_box.value


def test_taps_that_do_nothing_say_why() -> None:
    app = GameApp(KOKKURI_SAN, lang="en", seed=2, options={"players": 3}, seats=["human", "search", "rules"])
    ply = len(app.match.actions)
    send(app, {"type": "play", "pos": 0, "up": True})  # no card chosen yet
    assert app.error is not None and app.error.rule_id == "hand" and app.error.message("en") == "Choose a card of your hand first."
    send(app, {"type": "select", "index": 0, "ply": ply - 1})  # a tap on an older drawing
    assert app.error.rule_id == "turn" and "has changed" in app.error.message("en")
    send(app, {"type": "select", "index": 0})
    send(app, {"type": "play", "pos": 9, "up": True})  # no such candidate: the engine's words
    assert app.error.rule_id == "turn" and "positions run from 0 to 4" in app.error.message("en")
    send(app, {"type": "flip", "pos": True, "index": "0"})  # untrusted values from the browser
    assert app.error.rule_id == "patron-effect"
    assert len(app.match.actions) == ply
    send(app, {"type": "nonsense"})
    send(app, ["not", "a", "dict"])
    assert len(app.match.actions) == ply and not app.error_internal


def test_the_stand_in_is_labelled_and_a_replacement_file_plays_its_own_cards() -> None:
    app = GameApp(KOKKURI_SAN, lang="en", seed=4, options={"players": 3}, seats=["human", "search", "search"])
    assert board(app)["stand_in"] and "stand-in" in board(app)["data_note"]
    assert "stand-in (KS-1)" in app.view.cards_note.value
    assert "kokkuri_san/cards" in app.view.cards_format.value and "x-1" in app.view.cards_format.value
    data = json.loads(standin_text())
    data["stand_in"] = False
    data["candidates"] = data["candidates"][:3]
    data["candidates"][0]["name_en"] = "Kitsune"
    upload(app, {"name": "mine.json", "text": json.dumps(data)})
    assert app.error is None and "mine.json (3 candidates)" in app.view.cards_note.value
    assert app.view.options()["cards"] == data
    app.start_from_panel()
    assert app.error is None
    view = board(app)
    assert not view["stand_in"] and len(view["candidates"]) == 3 and "Kitsune" in [c["name"] for c in view["candidates"]]
    assert app.match.options["cards"] == data
    click_reset = app.view.cards_reset
    click_reset.click()
    assert app.view.options()["cards"] is None and "stand-in" in app.view.cards_note.value


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_bad_card_file_is_refused_with_its_place_and_the_rule_id(lang: str) -> None:
    app = GameApp(KOKKURI_SAN, lang=lang, seed=4, options={"players": 3}, seats=["human", "search", "search"])
    data = json.loads(standin_text())
    data["candidates"][2]["rounds"][0]["points"] = [2, 5]
    upload(app, {"name": "bad.json", "text": json.dumps(data)})
    assert app.error is not None and app.error.rule_id == "card-data"
    assert "candidates[2].rounds[0].points" in app.error.message(lang)
    note = app.view.cards_note.value
    assert "data-rule='card-data'" in note and "candidates[2].rounds[0].points" in note
    assert app.view.options()["cards"] is None  # the game keeps the cards it had
    upload(app, {"name": "big.json", "too_big": MAX_CARD_FILE + 1})
    assert app.error.rule_id == "card-data" and str(MAX_CARD_FILE) in app.error.message(lang)
    upload(app, {"name": "x.json", "text": "{not json"})
    assert app.error.rule_id == "card-data" and "JSON" in app.error.message(lang)
    assert not app.error_internal


def test_a_disabled_button_says_why_when_pressed() -> None:
    from widgets.views.model import Control

    app = GameApp(KOKKURI_SAN, lang="en", seed=0, options={"players": 3}, seats=["human", "search", "search"])
    ply = len(app.match.actions)
    app.guarded(app.view._press)(Control("swap-0-1", "Fox ⇄ Dog", False, action="swap 0 1"))  # no effect to carry out now
    assert app.error is not None and app.error.rule_id == "patron-effect"
    assert app.error.message("en").startswith("Seat 1: a patron effect comes only after a card played face up")
    assert len(app.match.actions) == ply


def test_the_hint_is_the_search_bots_move_for_the_seat_on_the_page_only() -> None:
    app = GameApp(KOKKURI_SAN, lang="en", seed=2, options={"players": 3}, seats=["human", "search", "rules"])
    hint = app.view.hint_html()
    action = hint.split("data-action='")[1].split("'")[0]
    assert KOKKURI_SAN.parse_action(action) in KOKKURI_SAN.legal_actions(app.match.state)
    assert "The search bot would: play " in hint
    assert app.view.hint_html() == hint  # cached for the position
    spectator = GameApp(KOKKURI_SAN, lang="en", seed=2, options={"players": 3}, seats=["search", "search", "rules"])
    assert spectator.view.hint_html() == ""


# ----- table mode: the real box ------------------------------------------------------------------------------------
def test_table_mode_a_game_with_the_real_box_is_typed_in_and_played_to_the_end() -> None:
    """The row, the start player and every draw typed in (the bots' draws by the person drawing for them)."""
    import random

    app = GameApp(KOKKURI_SAN, lang="en", options={"players": 3}, seats=["human", "rules", "rules"], table=True)
    assert app.match.table and app.view.table_mode
    rng = random.Random(7)
    decks = []
    for _ in range(3):  # each seat's real deck, shuffled at the table
        deck = [k for k, c in enumerate(KOKKURI_SAN.card_set(None).deck) for _ in range(c)]
        rng.shuffle(deck)
        decks.append(deck)
    typed = 0
    for _ in range(400):
        if app.match.is_over():
            break
        o = app.view.observation
        kind = board(app).get("entry", {}) and board(app)["entry"]["kind"]
        if o["phase"] == "order":
            send(app, {"type": "enter", "value": 1})
            send(app, {"type": "enter", "value": 1})  # in the row already: refused, nothing added
            assert app.error is not None and app.error.rule_id == "setup" and app.view.entry == [1]
            for v in (0, 2, 3, 4):
                send(app, {"type": "enter", "value": v})
                assert app.error is None
            click(app, "rb-entry-confirm")
            assert app.match.state.order == (1, 0, 2, 3, 4)
        elif o["phase"] == "first":
            click(app, "rb-first-0")
        elif kind == "cards":
            drawer = o["drawer"]
            for _ in range(board(app)["entry"]["needed"]):
                send(app, {"type": "enter", "value": decks[drawer].pop()})
                assert app.error is None, app.error
            click(app, "rb-entry-confirm")
            typed += 1
        else:
            state = app.match.state
            assert state.turn == 0 and state.phase in (TURN, EFFECT), o["phase"]
            legal = KOKKURI_SAN.legal_actions(state)
            app.play(legal[len(app.match.actions) % len(legal)])
        assert app.error is None and not app.error_internal, app.error
    assert app.match.is_over() and typed >= 10
    hands_and_decks = [sum(h) + sum(d) for h, d in zip(app.match.state.hands, app.match.state.decks)]
    assert all(len(decks[s]) == sum(app.match.state.decks[s]) for s in range(3)), hands_and_decks


def test_table_mode_a_card_the_deck_no_longer_holds_is_refused_before_done() -> None:
    app = GameApp(KOKKURI_SAN, lang="en", options={"players": 3}, seats=["human", "rules", "rules"], table=True)
    for v in range(5):
        send(app, {"type": "enter", "value": v})
    click(app, "rb-entry-confirm")
    click(app, "rb-first-0")
    assert board(app)["entry"]["kind"] == "cards" and app.view.observation["drawer"] == 0
    send(app, {"type": "enter", "value": 9})  # the stand-in deck holds one card of each kind
    send(app, {"type": "enter", "value": 9})
    assert app.error is not None and app.error.rule_id == "chance" and app.view.entry == [9]
    send(app, {"type": "enter", "value": "nonsense"})  # not a key of the panel: nothing happens
    assert app.view.entry == [9]
    click(app, "rb-entry-back")
    assert app.view.entry == [] and app.error is None
