"""The Lemon Poker page: board taps, hot seat, the hint panel, a session to the end against the bot."""

from __future__ import annotations

import json

import pytest

from rulebook.core import SPECTATOR, IllegalAction
from rulebook.games.lemon_poker import LEMON_POKER as G
from rulebook.games.lemon_poker.odds import exact_odds
from widgets import GameApp


def board(app):
    return app.view.board.view["board"]


def send(app, message):
    app.view.board._handle_custom_msg({**message, "ply": len(app.match.actions)}, [])


def take_turn(app):
    """The person's move by the page's own controls: Sorted, the first playable place, the first stake."""
    vm, b = app.view.vm, board(app)
    if vm.controls:
        app.view._press(vm.control("sorted"))
        return
    for g, group in enumerate(b["groups"]):
        for i, cell in enumerate(group["cells"]):
            if cell["tap"]["enabled"]:
                send(app, {"type": "show", "group": g, "place": i})
                return
    send(app, {"type": "bet", "group": 1, "chips": 2})


def test_a_session_against_the_bot_ends_with_chips_conserved():
    app = GameApp(G, lang="en", seed=5, options={"hands": 4}, seats=["human", "odds"])
    for _ in range(80):
        if app.match.is_over():
            break
        take_turn(app)
        assert app.error is None and not app.error_internal
    assert app.match.is_over() and sum(app.match.state.chips) == 40
    assert "rb-outcome-summary" in app.outcome_box.value and "Chips:" in app.outcome_box.value


def test_hot_seat_the_child_sees_only_what_is_face_up():
    app = GameApp(G, lang="ja", seed=2, options={"hands": 2}, seats=["human", "human"])
    assert app.hot_seat()
    for _ in range(60):
        if app.match.is_over():
            break
        if not app.revealed:
            assert board(app)["you"] == SPECTATOR
            app.reveal_button.click()
            continue
        state, viewer = app.match.state, app.viewer_seat()
        if viewer == state.child and state.groups[0]:
            view = dict(app.view.board.view)
            view["board"] = {k: v for k, v in view["board"].items() if k != "last"}  # the last hand is public
            text = json.dumps(view) + app.hint_box.value + app.log_box.value.split("</li>")[0]
            for g in (0, 1):
                for i, card in enumerate(state.groups[g]):
                    if not state.shown[g][i]:
                        from rulebook.games.lemon_poker.cards import card_text

                        assert f'"{card_text(card)}"' not in text
        take_turn(app)
        assert app.error is None and not app.error_internal
    assert app.match.is_over()


def test_a_tap_that_cannot_be_played_is_refused_with_the_engines_rule():
    app = GameApp(G, lang="en", seed=3, options={"hands": 2}, seats=["human", "odds"])
    send(app, {"type": "show", "group": 0, "place": 0})  # still sorting
    assert app.error is not None and len(app.match.actions) == 12
    send(app, {"type": "bet", "group": True, "chips": "3"})  # not numbers: ignored
    assert len(app.match.actions) == 12


def test_the_hint_shows_the_exact_odds_and_the_dealers_table():
    app = GameApp(G, lang="en", seed=3, options={"hands": 2}, seats=["human", "odds"])
    app.hint_toggle.value = True
    app.view._press(app.view.vm.control("sorted"))
    assert "rb-giveaway-list-0" in app.hint_box.value and "not model" in app.hint_box.value
    assert "unfinished" in app.hint_box.value
    for _ in range(4):
        take_turn(app)
    # the bot (dealer of hand 2) moves on; play until the person is the child at the bet
    for _ in range(40):
        o = app.view.observation
        if o["phase"] == "bet" and o["you"] == o["child"]:
            break
        take_turn(app)
    o = app.view.observation
    p1, p2, tie = exact_odds(o["community"], o["groups"])
    assert "rb-odds-value" in app.hint_box.value and f"{100 * p1:.1f}%" in app.hint_box.value
    assert "rb-hint-bet-0" in app.hint_box.value


# ----- table mode: a real deck -------------------------------------------------------------------------------------
def type_deal(app, cards):
    for card in cards:
        send(app, {"type": "enter", "card": card})
        assert app.error is None, app.error


def test_table_mode_the_typed_deal_is_the_hand_played():
    import random

    from rulebook.games.lemon_poker.cards import card_text

    app = GameApp(G, lang="en", options={"hands": 2}, seats=["human", "odds"], table=True)
    assert app.match.table and app.view.table_mode
    deck = [card_text(c) for c in range(52)]
    random.Random(4).shuffle(deck)
    first = deck[:12]
    type_deal(app, first[:3])
    send(app, {"type": "enter", "card": first[1]})  # typed twice: refused, nothing added
    assert app.error is not None and app.error.rule_id == "deal" and len(app.view.entry) == 3
    app.view._press(app.view.vm.control("entry-back"))
    assert app.view.entry == first[:2]
    with pytest.raises(IllegalAction, match="10 still to type"):  # 2 of 12: refused with the reason
        app.view._press(app.view.vm.control("entry-confirm"))
    assert len(app.match.actions) == 0
    type_deal(app, first[2:])
    assert not app.match.actions and board(app)["entry"]["slots"][11]["card"] == first[11]
    app.view._press(app.view.vm.control("entry-confirm"))
    state = app.match.state
    assert [card_text(c) for c in state.community] == first[:2]
    assert sorted(card_text(c) for c in state.groups[0]) == sorted(first[2:7])
    assert sorted(card_text(c) for c in state.groups[1]) == sorted(first[7:12])
    assert app.view.entry == [] and board(app)["entry"] is None
    # the person deals hand 1 and is the child of hand 2: the bot's deal is typed in for it
    for _ in range(40):
        o = app.view.observation
        if o["phase"] == "deal":
            break
        take_turn(app)
        assert app.error is None and not app.error_internal
    assert app.view.observation["dealer"] == 1 and "a bot" in app.view.vm.caption
    type_deal(app, deck[12:24])
    app.view._press(app.view.vm.control("entry-confirm"))
    for _ in range(40):
        if app.match.is_over():
            break
        take_turn(app)
        assert app.error is None and not app.error_internal
    assert app.match.is_over() and sum(app.match.state.chips) == 40
    last = app.match.state.last
    assert sorted(card_text(c) for c in last.community + last.groups[0] + last.groups[1]) == sorted(deck[12:24])


def test_table_mode_hot_seat_the_dealer_takes_the_tablet_before_typing():
    app = GameApp(G, lang="en", options={"hands": 2}, seats=["human", "human"], table=True)
    app.viewer, app.revealed = 1, True  # the child holds the tablet as the hand begins
    app.refresh()
    assert board(app)["entry"] is None and app.view.vm.controls[0].key == "entry-reveal"
    send(app, {"type": "enter", "card": "Ah"})  # not the dealer's page yet: refused, nothing typed
    assert app.error is not None and app.view.entry == []
    app.view._press(app.view.vm.control("entry-reveal"))
    assert app.viewer == 0 and board(app)["entry"] is not None
    send(app, {"type": "enter", "card": "nonsense"})  # not a card of the grid: nothing happens
    assert app.view.entry == []
