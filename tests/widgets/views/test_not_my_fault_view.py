"""The Not My Fault! pages (both versions): what each person sees, table mode, board taps, hints, the log."""

from __future__ import annotations

import json

import pytest

from rulebook.core import CHANCE, SPECTATOR
from rulebook.games.not_my_fault.actions import AUDIT, DRAW, Declare, First
from rulebook.games.not_my_fault.odds import reach_probability
from rulebook.games.not_my_fault.state import DRAW_CARD, TURN
from tests.support.view_helpers import click
from widgets import GameApp


def classes(app: GameApp) -> list[str]:
    return [c for child in app.actions.children for c in getattr(child, "_dom_classes", ())]


def board(app: GameApp) -> dict:
    """The board part of the view model the page drew."""
    return app.view.board.view["board"]


def send(app: GameApp, message) -> None:
    if isinstance(message, dict) and "ply" not in message:
        message = {**message, "ply": len(app.match.actions)}
    app.view.board._handle_custom_msg(message, [])


def page_text(app: GameApp) -> str:
    """Everything the kernel puts in the page's widgets that could show a card."""
    parts = [json.dumps(app.view.board.view), app.hint_box.value, app.status.value, app.log_box.value, app.outcome_box.value]
    parts += [getattr(child, "description", "") for child in app.actions.children]
    return "\n".join(parts)


def assert_only_viewer_cards(app: GameApp) -> None:
    """The board shows face-up only the cards of the seat looking at it (none behind the pass screen)."""
    view = board(app)
    state = app.match.state
    viewer = app.viewer_seat()
    assert view["you"] == viewer
    for entry, card in zip(view["pile"], state.table):
        assert entry["card"] == (card.value if card.seat == viewer else None)
    if "drawn" in view:
        assert viewer >= 0 and state.table[-1].seat == viewer
    if "hand" in view:
        assert viewer >= 0
        game = app.game
        assert view["hand"] == [x for x, c in zip(game.variant.values, state.hands[viewer]) for _ in range(c)]


@pytest.mark.parametrize("name", ["not_my_fault", "not_my_fault_41"])
def test_hot_seat_each_person_sees_only_their_own_cards(name: str) -> None:
    app = GameApp(name, lang="en", seed=12, options={"players": 3}, seats=["human", "human", "human"])
    assert app.hot_seat()
    for _ in range(200):
        if app.match.is_over():
            break
        assert_only_viewer_cards(app)
        if not app.revealed:
            assert app.play_column.children == (app.pass_screen,)
            assert board(app)["you"] == SPECTATOR and "hand" not in board(app)
            app.reveal_button.click()
            assert_only_viewer_cards(app)
            continue
        legal = app.game.legal_actions(app.match.state)
        # a person's move: lay the first card / the smallest declaration / draw, audit now and then
        move = AUDIT if AUDIT in legal and app.match.state.round % 2 == 0 else legal[0]
        app.play(move)
        assert not app.error_internal and app.error is None
    assert app.match.is_over() and app.revealed


def test_the_pass_screen_hides_the_card_just_drawn() -> None:
    app = GameApp("not_my_fault", lang="en", seed=3, options={"players": 2}, seats=["human", "human"])
    app.reveal_button.click()
    first = app.match.current_player
    click(app, "rb-action-draw")
    drawn = app.match.state.table[-1].value
    assert board(app)["drawn"] == drawn and board(app)["pile"][0]["card"] == drawn
    send(app, {"type": "declare", "number": 5})
    assert not app.revealed and app.viewer == 1 - first
    assert board(app)["pile"] == [{"seat": first, "card": None, "label": f"S{first + 1}"}]
    assert "drawn" not in board(app)
    assert "Seat" in app.pass_message.value
    app.reveal_button.click()
    assert board(app)["pile"][0]["card"] is None  # the other person never sees it
    app.hint_toggle.value = True
    assert "rb-odds-value" in app.hint_box.value


def test_one_person_against_bots_keeps_the_view_and_the_log_is_public() -> None:
    app = GameApp("not_my_fault_41", lang="en", seed=5, options={"players": 3}, seats=["human", "rules", "rules"])
    for _ in range(60):
        if app.match.is_over():
            break
        assert app.viewer == 0 and app.revealed
        assert_only_viewer_cards(app)
        legal = app.game.legal_actions(app.match.state)
        app.play(legal[-1])
    log = app.log_box.value
    assert "lays a card face down" in log
    for line in log.split("<li>")[1:]:
        assert "place" not in line  # never the value laid


def test_table_mode_v2_first_player_then_the_card_drawn() -> None:
    app = GameApp("not_my_fault", lang="en", seed=1, options={"players": 2}, seats=["human", "human"], table=True)
    app.reveal_button.click()
    assert app.match.current_player == CHANCE and board(app)["mode"] == "entry-first"
    click(app, "rb-first-1")
    assert app.match.actions[-1] == First(1)
    if not app.revealed:
        app.reveal_button.click()
    click(app, "rb-action-draw")
    assert board(app)["mode"] == "entry-card"
    assert classes(app).count("rb-enter-card") == 7
    click(app, "rb-enter-card-0")
    assert app.match.state.table == ((1, 0, 0),) and board(app)["drawn"] == 0
    send(app, {"type": "declare", "number": 1})
    app.reveal_button.click()
    click(app, "rb-action-draw")
    click(app, "rb-enter-card-0")
    send(app, {"type": "declare", "number": 2})
    app.reveal_button.click()
    click(app, "rb-action-draw")
    before = app.match.state
    click(app, "rb-enter-card-0")  # both 0s are on the table: a third cannot be drawn
    assert app.error.rule_id == "chance" and app.match.state is before
    click(app, "rb-enter-card-6")
    assert app.match.state.table[-1] == (1, 6, 0)


def test_table_mode_41_each_person_types_their_own_hand() -> None:
    app = GameApp("not_my_fault_41", lang="en", seed=1, options={"players": 2}, seats=["human", "human"], table=True)
    app.reveal_button.click()
    click(app, "rb-first-0")
    assert board(app)["mode"] == "entry-hand"
    assert board(app)["entry"]["seat"] == 0 and not board(app)["entry"]["cover"]  # seat 1 holds the tablet
    for x in (0, 1, 2, 2, 4, 8):
        click(app, f"rb-enter-card-{x}")
    click(app, "rb-entry-confirm")
    assert app.error.rule_id == "chance" and app.match.state.hands[0] == (0,) * 5  # 6 of 7
    click(app, "rb-enter-card-8")
    click(app, "rb-enter-card-8")  # an eighth card is refused
    assert app.error.rule_id == "chance" and len(board(app)["entry"]["cards"]) == 7
    click(app, "rb-entry-back")
    click(app, "rb-enter-card-8")
    click(app, "rb-entry-confirm")
    assert app.match.state.hands[0] == (1, 1, 2, 1, 2)
    # seat 2's hand: the tablet must change hands first
    entry = board(app)["entry"]
    assert entry["seat"] == 1 and entry["cover"] and entry["cards"] == []
    assert classes(app) == ["rb-entry-reveal", "rb-primary"] or "rb-entry-reveal" in classes(app)
    click(app, "rb-entry-reveal")
    assert not board(app)["entry"]["cover"]
    for x in (0, 0, 1, 1, 2, 2, 4):
        click(app, f"rb-enter-card-{x}")
    assert app.viewer == 1
    click(app, "rb-entry-confirm")
    assert app.match.state.phase == TURN and app.match.current_player == 0
    assert not app.revealed and app.viewer == 0  # seat 1 opens: the tablet goes back through the pass screen
    assert "hand" not in board(app)


def test_board_taps_declare_and_place_and_junk_is_harmless() -> None:
    app = GameApp("not_my_fault_41", lang="en", seed=2, options={"players": 2}, seats=["human", "random"])
    while app.match.current_player != 0:
        app.play(app.game.legal_actions(app.match.state)[0])
    hand = board(app)["hand"]
    assert board(app)["hand_clickable"]
    send(app, {"type": "declare", "number": 5})
    assert app.error.rule_id == "place"
    missing = next(x for x in (0, 1, 2, 4, 8) if x not in hand)
    send(app, {"type": "place", "value": missing})
    assert app.error.rule_id == "place"
    for junk in ("x", None, [1], {"type": "place"}, {"type": "place", "value": "8"}, {"type": "declare", "number": True}, {"type": "zap"}):
        send(app, junk)
        assert not app.error_internal
    send(app, {"type": "place", "value": hand[0], "ply": 0})  # a tap on an old drawing: nothing played, and it says so
    assert app.match.state.phase == TURN and app.error.message_en.startswith("The board changed")
    send(app, {"type": "place", "value": hand[0]})
    assert (app.match.state.table[-1].seat, app.match.state.table[-1].value) == (0, hand[0])
    legal = board(app)["track"]["legal"]
    prev = app.match.state.last_claim
    assert legal == [m for m in (2, 3, 5, 7, 11, 13, 18, 25) if m > prev]
    send(app, {"type": "declare", "number": 4})
    assert app.error.rule_id == "declare"
    send(app, {"type": "declare", "number": 25})
    assert app.match.state.claims[-1].number == 25 or app.match.state.last.claim == 25


def test_not_your_move_is_explained() -> None:
    app = GameApp("not_my_fault", lang="ja", seed=2, options={"players": 2}, seats=["human", "human"])
    app.reveal_button.click()
    send(app, {"type": "declare", "number": 5})  # before drawing
    assert app.error.rule_id == "trust" and app.error.message_ja
    app.play(DRAW)
    app.play(Declare(5))
    assert not app.revealed  # the pass screen: the next person has not taken the tablet yet
    send(app, {"type": "declare", "number": 8})
    seat = app.match.current_player
    assert app.error.rule_id == "turn" and f"席{seat + 1}" in app.error.message_ja and app.match.state.phase == TURN
    while not app.match.is_over():
        if not app.revealed:
            app.reveal_button.click()
        legal = app.game.legal_actions(app.match.state)
        app.play(AUDIT if AUDIT in legal else legal[0])
    send(app, {"type": "declare", "number": 5})  # after the end: the engine says the game is over
    assert app.error.rule_id == "end" and app.error.message_ja


def test_hint_shows_the_exact_odds_of_the_viewer_and_the_bot_advice() -> None:
    app = GameApp("not_my_fault", lang="en", seed=8, options={"players": 3}, seats=["human", "rules", "rules"])
    app.hint_toggle.value = True
    for _ in range(30):
        state = app.match.state
        if app.match.is_over():
            break
        if app.match.current_player == 0 and state.claims and state.phase == TURN:
            p = reach_probability(app.observation())
            value = f"{float(p) * 100:.1f}%"
            assert value in app.hint_box.value or p in (0, 1)
            assert "The search bot would" in app.hint_box.value
            assert "ways to pick them" in app.hint_box.value or "You know every" in app.hint_box.value
            return
        app.play(DRAW if DRAW in app.game.legal_actions(state) else app.game.legal_actions(state)[0])
    pytest.skip("no decision with a declaration came up")


def test_declare_phase_hint_lists_each_number_and_odds() -> None:
    app = GameApp("not_my_fault", lang="ja", seed=4, options={"players": 2}, seats=["human", "rules"])
    app.hint_toggle.value = True
    while app.match.current_player != 0 or app.match.state.phase != TURN:
        app.play(app.game.legal_actions(app.match.state)[0])
    click(app, "rb-action-draw")
    assert "rb-odds-table" in app.hint_box.value and "申告した数" in app.hint_box.value
    assert board(app)["track"]["legal"][0] == (app.match.state.last_claim + 1)


def test_log_tells_audits_with_the_revealed_cards() -> None:
    app = GameApp("not_my_fault", lang="en", seed=6, options={"players": 2}, seats=["human", "human"])
    app.reveal_button.click()
    app.play(DRAW)
    card = app.match.state.table[-1].value
    app.play(Declare(5))
    app.reveal_button.click()
    app.play(AUDIT)
    log = app.log_box.value
    assert f"total {card}" in log and "audited 5" in log
    assert "draws a card" in log
    assert board(app)["last"]["cards"] == [[app.match.state.last.revealed[0].seat, card]]


def test_outcome_and_status_in_both_languages() -> None:
    for lang in ("ja", "en"):
        app = GameApp("not_my_fault", lang=lang, seed=9, options={"players": 2}, seats=["human", "random"])
        while not app.match.is_over():
            legal = app.game.legal_actions(app.match.state)
            app.play(AUDIT if AUDIT in legal else legal[0])
        assert app.outcome_box.value and ("勝ち" in app.outcome_box.value or "wins" in app.outcome_box.value)
        assert board(app)["mode"] == "over"
        assert any(seat["loser"] or seat["winner"] for seat in board(app)["seats"])


def test_table_mode_with_a_bot_asks_a_person_to_enter_its_card() -> None:
    app = GameApp("not_my_fault", lang="en", seed=1, options={"players": 2}, seats=["human", "rules"], table=True)
    click(app, "rb-first-1")  # the bot starts: it chooses to draw, and the page waits for its real card
    assert app.match.current_player == CHANCE and board(app)["mode"] == "entry-card"
    assert "for the bot" in app.view.board.view["caption"]
    click(app, "rb-enter-card-3")
    assert app.match.state.table[0].seat == 1 and app.match.state.table[0].value == 3 and len(app.match.state.claims) == 1  # the bot declared at once
    assert board(app)["pile"][0]["card"] is None  # the person's own view still hides it


def test_v2_the_deck_is_tapped_to_draw_and_a_watcher_is_told_whose_move_it_is() -> None:
    app = GameApp("not_my_fault", lang="en", seed=3, options={"players": 2}, seats=["human", "human"])
    app.reveal_button.click()
    seat = app.match.current_player
    assert board(app)["deck_tap"]["enabled"]
    send(app, {"type": "draw"})
    assert app.match.state.phase == DRAW_CARD or len(app.match.state.table) == 1  # drawn (the card follows at once)
    assert not board(app)["deck_tap"]["enabled"] and board(app)["deck_tap"]["rule"] == "declare"
    send(app, {"type": "declare", "number": 8})
    assert not app.revealed  # the pass screen is up: the board shows nobody's cards and nobody may move
    send(app, {"type": "draw"})
    assert app.error.rule_id == "turn" and app.error.message_en == f"It is Seat {2 - seat}'s turn now."
    assert all(not cell["enabled"] for cell in board(app)["track"]["cells"])
