"""The National Economy page: what each person sees, board taps, sale buttons, hints, modes, the log."""

from __future__ import annotations

import json

import numpy as np
import pytest

from rulebook.core import CHANCE, SPECTATOR
from rulebook.games.national_economy import ENGINE
from rulebook.games.national_economy.actions import Place, Sell
from rulebook.games.national_economy.data import BY_CODE, KINDS_T
from rulebook.games.national_economy.state import SELL, Building
from widgets import GameApp
from widgets.views.national_economy.present import sale_label


def board(app: GameApp) -> dict:
    return app.view.board.view["board"]


def send(app: GameApp, action: str, ply=None) -> None:
    app.view.board._handle_custom_msg({"type": "act", "action": action, "ply": len(app.match.actions) if ply is None else ply}, [])


def cell(app: GameApp, code: str, owner: int = -1) -> dict:
    for area in board(app)["areas"]:
        if area["owner"] == owner:
            for c in area["cells"]:
                if c["code"] == code:
                    return c
    raise KeyError(code)


def test_hot_seat_each_person_sees_only_their_own_hand() -> None:
    app = GameApp(ENGINE, lang="en", seed=12, options={"players": 3}, seats=["human"] * 3)
    rng = np.random.default_rng(1)
    for _ in range(250):
        if app.match.is_over():
            break
        if not app.revealed:
            assert board(app)["you"] == SPECTATOR and board(app)["hand"] == []
            app.reveal_button.click()
            continue
        viewer = app.viewer_seat()
        state = app.match.state
        shown = {c["code"]: c["count"] for c in board(app)["hand"]}
        assert shown == {KINDS_T[k].code: c for k, c in enumerate(state.hands[viewer]) if c}
        assert "unseen" not in json.dumps(app.view.board.view)
        legal = app.game.legal_actions(state)
        app.play(legal[int(rng.integers(len(legal)))])
        assert not app.error_internal and app.error is None


def test_tapping_a_workplace_plays_it_and_a_refused_tap_says_why() -> None:
    app = GameApp(ENGINE, lang="en", seed=5, options={"players": 2}, seats=["human", "rules"])
    assert app.match.current_player == 0
    mine = cell(app, "mine")
    assert mine["enabled"] and mine["action"] == str(Place(mine["index"]))
    send(app, "place 99")
    assert app.error is not None and app.error.rule_id == "workplace-taken"
    app.error = None
    send(app, mine["action"], ply=len(app.match.actions) - 1)
    assert app.error is not None and app.error.rule_id == "round"  # a stale tap
    app.error = None
    before = len(app.match.actions)
    send(app, mine["action"])
    assert app.error is None and len(app.match.actions) > before
    assert any("Mine" in line for line in [app.log_box.value])


def test_a_private_building_of_another_seat_says_so() -> None:
    app = GameApp(ENGINE, lang="ja", seed=5, options={"players": 2}, seats=["human", "human"])
    app.reveal_button.click()
    state = app.match.state
    buildings = state.buildings + (Building(BY_CODE["farm"], 1),)
    app.match._states[-1] = state._replace(buildings=buildings, placed=state.placed + ((),))
    app.refresh()
    farm = cell(app, "farm", owner=1)
    assert not farm["enabled"] and farm["rule"] == "private" and "席 2" in farm["reason"]


def test_sale_sets_are_buttons_with_what_they_leave() -> None:
    app = GameApp(ENGINE, lang="en", seed=5, options={"players": 2}, seats=["human", "rules"])
    state = app.match.state
    buildings = state.buildings + (Building(BY_CODE["farm"], 0), Building(BY_CODE["factory"], 0))
    selling = state._replace(phase=8, turn=0, money=(0, 6), buildings=buildings, placed=((),) * len(buildings), paying=(0, 1))
    app.match._states[-1] = selling
    app.refresh()
    labels = [c.label for c in app.view.vm.controls]
    assert labels == ["Sell Farm ($2 left)", "Sell Factory ($8 left)"]
    assert app.view.vm.rule == "excess-sale"
    app.hint_toggle.value = True
    assert "$2 left, 0 points" in app.hint_box.value
    buttons = [b for b in app.view.extra_controls()]
    assert len(buttons) == 2
    app.view._press(app.view.vm.controls[1])
    assert isinstance(app.match.actions[-1], Sell) and app.error is None


@pytest.mark.parametrize("mode", ["solo1", "solo2"])
def test_solo_modes_play_to_the_end_through_the_page(mode: str) -> None:
    app = GameApp(ENGINE, lang="ja", seed=3, options={"mode": mode})
    assert app.match.seats == ("human",)
    rng = np.random.default_rng(2)
    for _ in range(400):
        if app.match.is_over():
            break
        legal = app.game.legal_actions(app.match.state)
        app.play(legal[int(rng.integers(len(legal)))])
        assert app.error is None and not app.error_internal
    assert app.match.is_over()
    assert app.outcome_box.value and "rb-score-0" in app.view.outcome_html(app.game.outcome(app.match.state))


def test_the_options_choose_the_mode() -> None:
    app = GameApp(ENGINE, lang="en", seed=3)
    view = app.view
    view.mode_input.value = "solo2"
    assert view.options() == {"mode": "solo2", "players": 1}
    assert view.default_seats(view.options()) == ["human"]
    view.mode_input.value = "standard"
    view.players_input.value = 4
    assert view.options() == {"mode": "standard", "players": 4}
    assert view.default_seats(view.options()) == ["human", "rules", "rules", "rules"]
    view.set_options({"mode": "solo1", "players": 1})
    assert view.mode_input.value == "solo1"
    view.set_lang("ja")
    assert view.mode_input.value == "solo1"


def test_the_log_never_names_a_card_drawn_into_a_hand() -> None:
    app = GameApp(ENGINE, lang="en", seed=9, options={"players": 2}, seats=["human", "human"])
    app.reveal_button.click()
    before = app.match.state
    mine = next(i for i, b in enumerate(before.buildings) if b.kind == BY_CODE["mine"])
    app.play(Place(mine))
    assert app.match.current_player == 1
    drawn = [a for a, st in zip(app.match.actions, app.match.states) if st.phase in (0, 2)]
    assert len(drawn) == 7  # six dealt, one drawn at the mine
    log = app.log_box.value
    assert "drew from the deck" in log and "Mine" in log
    for action in drawn:
        name = KINDS_T[action.kind].en
        if name != "Mine":
            assert name not in log


def test_the_lesson_is_played_by_board_taps_and_play_on_enters_real_cards() -> None:
    from rulebook.core.lesson import load_lesson
    from rulebook.tables.opening import open_store

    app = GameApp(ENGINE, lang="en", store=open_store("memory:"))
    app.start_lesson()
    lesson = load_lesson(ENGINE)
    while not app.guide.finished:
        step = app.guide.current
        if step.reading:
            app.guide.next()
            continue
        key = step.target.split(",")[0].strip().lstrip(".")[len("rb-"):]
        tapped = [c for area in board(app)["areas"] for c in area["cells"]] + board(app)["hand"]
        control = next(c for c in tapped if c["key"] == key)
        assert control["enabled"] and control["action"] == step.scripted_move()
        send(app, control["action"])
        assert app.error is None
    assert [str(a) for a in app.match.actions] == lesson.script(len(lesson.steps))
    # still at the lesson's table (table mode, every seat a person): a real card is entered there
    assert app.match.table and app.match.current_player == 1
    state = app.match.state
    mine = next(i for i, b in enumerate(state.buildings) if b.kind == BY_CODE["mine"])
    app.play(Place(mine))  # Seat 2 (a person here) draws at the mine: the real card is entered
    assert app.match.current_player == CHANCE
    keys = [c.key for c in app.view.vm.controls]
    assert len(keys) == 24 and "enter-steel" in keys
    assert app.view.vm.caption
    state = app.match.state
    statue = BY_CODE["statue"]
    deck, discard = list(state.deck), list(state.discard)
    discard[statue] += deck[statue]
    deck[statue] = 0
    app.match._states[-1] = state._replace(deck=tuple(deck), discard=tuple(discard))  # the statue is not in the deck
    gone, left = "statue", next(KINDS_T[k].code for k in range(1, len(deck)) if deck[k])
    with pytest.raises(Exception) as info:
        app.view._press(app.view.vm.control(f"enter-{gone}"))
    assert getattr(info.value, "rule_id", "") == "chance"
    app.view._press(app.view.vm.control(f"enter-{left}"))
    assert app.error is None and str(app.match.actions[-1]) == f"card {left}"
    # playing on (issue 19 A): the page's seats (Seat 2 stays the bot), the site deals, no card to enter
    moves = len(app.match.actions)
    app.end_lesson(new_game=False)
    assert not app.match.table and app.match.seats == ("human", "rules") and len(app.match.actions) >= moves
    assert not any(key.startswith("enter-") for key in (c.key for c in app.view.vm.controls))


def test_a_seats_page_is_the_same_whatever_the_other_hand_holds() -> None:
    pages = []
    for other in ("steel", "car"):
        app = GameApp(ENGINE, lang="en", seed=5, options={"players": 2}, seats=["human", "rules"])
        state = app.match.state
        hand1 = [0] * len(state.hands[1])
        hand1[BY_CODE[other]] = 3
        deck = list(state.deck)
        for k, c in enumerate(state.hands[1]):
            deck[k] += c
        for k, c in enumerate(hand1):
            deck[k] -= c
        app.match._states[-1] = state._replace(hands=(state.hands[0], tuple(hand1)), deck=tuple(deck))
        app.refresh()
        pages.append((json.dumps(app.view.board.view, sort_keys=True), app.status.value, app.view.vm.caption))
    assert pages[0] == pages[1]


def test_solo1_short_even_one_of_each_kind_offers_that_sale_and_says_the_game_is_lost() -> None:
    """NE-8 on the page: farm, farm and design office, $0, $28 due: one button, one farm and the design office,
    worded as a loss (solo rules have no tokens); pressing it ends the game with the farm kept (6 points)."""
    app = GameApp(ENGINE, lang="en", seed=5, options={"players": 1, "mode": "solo1"}, seats=["human"])
    state = app.match.state
    buildings = state.buildings + tuple(Building(BY_CODE[c], 0) for c in ("farm", "farm", "design"))
    selling = state._replace(phase=SELL, turn=0, round=8, money=(0,), workers=(5,), idle=(5,), buildings=buildings,
                             placed=((),) * len(buildings), paying=(0,))
    app.match._states[-1] = selling
    app.refresh()
    assert ENGINE.due(selling, 0) == 28
    labels = [c.label for c in app.view.vm.controls]
    assert labels == ["Sell Farm, Design office ($14 short: game over)"]
    app.view._press(app.view.vm.controls[0])
    assert app.error is None and app.match.is_over
    outcome = ENGINE.outcome(app.match.state)
    assert outcome.scores == (6,) and "game over (6 points)" in outcome.summary("en")
    ja = sale_label(ENGINE.observe(selling, 0), ENGINE.legal_actions(selling)[0], "ja")
    assert ja == "農場・設計事務所を売る（$14 足りずゲームオーバー）"
