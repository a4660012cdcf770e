"""``present()`` of the Not My Fault! pages, without widgets: engine states in, view models out.

Every tappable thing answers from the engine (enabled, or disabled with the
engine's reason and rule id); a page that is not to move says whose move it
is without asking the engine about hidden cards; the view model of a seat
is the same whatever the others hold; messages belong to their moment.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.nmf_helpers import V2, V41, deal41, play, random_states

from rulebook.core import HUMAN, SPECTATOR, IllegalAction, Outcome
from rulebook.games.not_my_fault.actions import AUDIT, DRAW, Card, Declare, Place
from rulebook.games.not_my_fault.state import FaceDown
from widgets.views.model import Engine, engine_for
from widgets.views.not_my_fault.common import Page, not_acting_refusal, page_refusals, status_text
from widgets.views.not_my_fault.present import present
from widgets.views.not_my_fault.report import describe, hint_html, outcome_html
from widgets.views.not_my_fault.texts import WORDS

FAST = settings(deadline=None, max_examples=20, suppress_health_check=[HealthCheck.too_slow])
HAND41 = [[0, 1, 2, 2, 4, 8, 8], [0, 0, 1, 1, 2, 2, 4]]


def page_for(game, state, seat: int, seats=None, **extra) -> tuple[dict, Engine, Page]:
    """The observation, engine facts and page of ``seat`` looking at ``state`` (a person at every seat)."""
    seats = tuple(seats or [HUMAN] * state.players)
    acting = seat >= 0 and game.current_player(state) == seat and seats[seat] == HUMAN
    page = Page(variant=game.variant, seats=seats, humans=tuple(s for s, k in enumerate(seats) if k == HUMAN), acting=acting, viewer=seat, **extra)
    return game.observe(state, seat), engine_for(game, state, acting), page


def model(game, state, seat: int, lang: str = "en", **extra):
    o, engine, page = page_for(game, state, seat, **extra)
    return present(o, engine, page, lang)


def cells(vm) -> dict[int, dict]:
    return {n: c for n, c in zip(vm.board["track"]["numbers"], vm.board["track"]["cells"])}


BLIND = Engine(legal=(), refusal=lambda action: pytest.fail(f"the engine was asked about {action} for a seat not to move"))
"""Engine facts for a page whose seat does not move: asking it would consult the full state."""


FRAGMENTS = ("advice_", "log_yellow", "log_reshuffle", "odds_catch", "red_card", "reprimand", "empty")
"""Entries that are pieces of a sentence (a move inside "The search bot would …", a penalty inside a line)."""


# ----- texts ------------------------------------------------------------------------------------------------
def test_the_catalogue_is_consistent_and_plural_aware() -> None:
    assert WORDS.check() == []
    assert WORDS("hand_size", "en", n=1) == "1 card in hand" and WORDS("hand_size", "en", n=2) == "2 cards in hand"
    assert WORDS("log_dealt", "en", n=1) == "1 card dealt to each player."
    assert WORDS("row_wins", "en", seat="Seat 2") == "Seat 2 wins"
    for key, entry in WORDS.entries.items():
        for text in entry[1:]:
            first = text.lstrip(" (")
            if first and first[0].isalpha() and not key.startswith(FRAGMENTS):
                assert not first[0].islower(), f"{key}: {text!r} starts in lower case"


# ----- controls from the engine ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_v2_before_drawing_numbers_say_draw_first_in_the_engines_words(lang) -> None:
    state = play(V2, 2, ["first 0", "draw", "card 3", "declare 5"])  # seat 2 to trust or audit
    vm = model(V2, state, 1, lang)
    assert vm.control("action-draw").enabled and vm.control("action-audit").enabled
    assert vm.control("action-draw").action == "draw"
    with pytest.raises(IllegalAction) as info:
        V2.check(state, Declare(8))
    for n, cell in cells(vm).items():
        assert not cell["enabled"] and cell["rule"] == "trust" and cell["reason"] == info.value.message(lang)
    assert vm.board["track"]["legal"] == []
    assert vm.board["deck_tap"]["enabled"] and vm.board["deck_tap"]["action"] == "draw"
    assert vm.caption == WORDS("trust_or_audit", lang, prev=5)


def test_v2_a_new_round_cannot_be_audited_and_says_why() -> None:
    state = play(V2, 2, ["first 1"])
    vm = model(V2, state, 1)
    audit = vm.control("action-audit")
    assert not audit.enabled and audit.rule == "audit" and "Nobody has declared" in audit.reason
    assert vm.control("action-draw").label == "Draw a card"


def test_v2_declaring_enables_exactly_the_legal_numbers() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 3", "declare 5", "draw", "card 4"])
    vm = model(V2, state, 1)
    legal = {a.number for a in V2.legal_actions(state)}
    for n, cell in cells(vm).items():
        assert cell["enabled"] == (n in legal)
        if n <= 5:
            assert cell["rule"] == "declare" and "more than the last declaration, 5" in cell["reason"]
    assert vm.board["track"]["legal"] == sorted(legal)
    assert vm.board["drawn"] == 4 and vm.board["pile"][0]["card"] is None
    assert vm.controls == ()  # no Draw / Audit while declaring
    assert not vm.board["deck_tap"]["enabled"] and vm.board["deck_tap"]["rule"] == "declare"


def test_41_hand_cards_follow_the_engine() -> None:
    state = play(V41, 2, deal41(2, HAND41))
    vm = model(V41, state, 0)
    assert vm.board["hand_clickable"] and all(c["enabled"] for c in vm.board["hand_cells"])
    assert [c["action"] for c in vm.board["hand_cells"]] == [f"place {x}" for x in HAND41[0]]
    assert not vm.control("action-audit").enabled  # nothing declared yet
    declaring = V41.apply(state, Place(8))
    vm = model(V41, declaring, 0, "ja")
    assert not vm.board["hand_clickable"]
    for cell in vm.board["hand_cells"]:
        assert not cell["enabled"] and cell["rule"] == "declare" and "申告" in cell["reason"]
    last = play(V41, 2, deal41(2, HAND41) + ["place 8", "declare 25"])
    vm = model(V41, last, 1)
    assert {c["rule"] for c in vm.board["hand_cells"]} == {"last-milestone"}
    assert vm.caption == WORDS("last_milestone_declared", "en", prev=25)


def test_a_page_not_to_move_names_whose_move_it_is_and_never_asks_the_engine() -> None:
    state = play(V2, 3, ["first 0", "draw", "card 3"])
    o, _, page = page_for(V2, state, 2)
    assert not page.acting
    for lang in ("en", "ja"):
        vm = present(o, BLIND, page, lang)
        reasons = {c["reason"] for c in vm.board["track"]["cells"]} | {vm.board["deck_tap"]["reason"]}
        assert reasons == {WORDS("not_your_turn", lang, seat="Seat 1" if lang == "en" else "席1")}
        assert {c["rule"] for c in vm.board["track"]["cells"]} == {"turn"}
        assert vm.controls == () and vm.board["mode"] == "watch"
    spectator = present(V2.observe(state, SPECTATOR), BLIND, Page(variant=V2.variant, seats=(HUMAN,) * 3), "en")
    assert spectator.board["track"]["cells"][0]["reason"] == "It is Seat 1's turn now."


def test_waiting_for_chance_and_the_end_are_explained() -> None:
    page = Page(variant=V2.variant, seats=(HUMAN, HUMAN))
    first = V2.initial_state({"players": 2})
    assert not_acting_refusal(V2.observe(first, 0), page, BLIND, DRAW).rule_id == "chance"
    drawing = play(V2, 2, ["first 1", "draw"])
    error = not_acting_refusal(V2.observe(drawing, 0), page, BLIND, DRAW)
    assert error.rule_id == "chance" and "Seat 2" in error.message_en and "席2" in error.message_ja
    over = play(V2, 2, ["first 0", "draw", "card 0", "declare 5", "audit", "draw", "card 6", "declare 5", "audit"])
    assert V2.is_terminal(over)
    o, engine, page = page_for(V2, over, 0)
    vm = present(o, engine, page, "en")
    assert {c["rule"] for c in vm.board["track"]["cells"]} == {"end"} and vm.caption == "Game over"
    assert vm.board["mode"] == "over" and any(s["loser"] for s in vm.board["seats"])


# ----- page-only taps (table mode) ---------------------------------------------------------------------------
def test_typing_a_hand_refuses_what_cannot_be_done_with_a_reason() -> None:
    state = play(V41, 2, ["first 0"])
    o, engine, page = page_for(V41, state, 0, table=True)
    vm = present(o, engine, page, "en")
    assert vm.board["mode"] == "entry-hand"
    assert all(vm.control(f"enter-card-{x}").enabled for x in V41.variant.values)
    back, confirm = vm.control("entry-back"), vm.control("entry-confirm")
    assert not back.enabled and back.rule == "chance" and back.reason == "No card has been entered yet."
    assert not confirm.enabled and confirm.reason == "A hand has 7 cards (0 entered so far)."
    full = Page(**{**page.__dict__, "hand_entry": (0, 1, 2, 2, 4, 8, 8)})
    vm = present(o, engine, full, "ja")
    assert vm.control("entry-confirm").enabled and vm.control("entry-back").enabled
    eighth = vm.control("enter-card-8")
    assert not eighth.enabled and eighth.rule == "chance" and "1 枚消す" in eighth.reason
    assert page_refusals(o, full)["enter-card-0"].message_en.startswith("A hand has 7 cards")


def test_typing_another_persons_hand_asks_for_the_tablet_first() -> None:
    state = play(V41, 2, deal41(2, [HAND41[0]]))  # seat 2's hand is next
    o, engine, page = page_for(V41, state, 0, table=True, hot_seat=True)
    vm = present(o, engine, page, "en")
    assert [c.key for c in vm.controls] == ["entry-reveal"] and vm.board["entry"]["cover"]
    assert vm.caption.startswith("Hand the tablet to Seat 2")


# ----- moments ---------------------------------------------------------------------------------------------------
def test_the_second_yellow_warning_lives_only_while_declaring() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 2", "declare 2", "draw", "card 3", "declare 5", "draw", "card 1"])
    vm = model(V2, state, 0)
    assert [(m.kind, m.rule) for m in vm.messages] == [("notice", "yellow")]
    after = V2.apply(state, Declare(8))
    assert model(V2, after, 0).messages == () and model(V2, after, 1).messages == ()


def test_status_and_captions_in_both_languages() -> None:
    state = play(V2, 3, ["first 1"])
    o, engine, page = page_for(V2, state, 1)
    assert status_text(o, page, "en") == "Round 1 · Seat 2 to play"
    assert status_text(o, page, "ja") == "ラウンド 1 · 席2 の番"
    assert present(o, engine, page, "en").caption == "A new round: draw a card."
    assert present(o, engine, page, "ja").caption == "ラウンドの最初です。カードを引いてください。"
    bots = page_for(V2, state, 0, seats=[HUMAN, "rules", "search"])
    vm = present(*bots, "en")
    assert vm.caption == "Seat 2 (bot) to play." and vm.board["seats"][1]["tag"] == "Bot"


def test_log_lines_are_public_and_counted_right() -> None:
    page = Page(variant=V41.variant, seats=(HUMAN, HUMAN))
    before = play(V41, 2, deal41(2, [HAND41[0], HAND41[1][:-1]]))
    after = V41.apply(before, Card(4))
    pub = lambda s: V41.observe(s, SPECTATOR)  # noqa: E731
    assert describe(pub(before), Card(4), pub(after), None, page, "en") == "7 cards dealt to each player."
    laid = V41.apply(after, Place(8))
    line = describe(pub(after), Place(8), pub(laid), None, page, "en")
    assert line == "Seat 1 lays a card face down" and "8" not in line


def test_outcome_rows_name_each_seat_in_a_sentence() -> None:
    over = play(V2, 2, ["first 0", "draw", "card 0", "declare 5", "audit", "draw", "card 6", "declare 5", "audit"])
    outcome = V2.outcome(over)
    assert isinstance(outcome, Outcome)
    text = outcome_html(outcome, V2.observe(over, 0), Page(variant=V2.variant, seats=(HUMAN, HUMAN)), "en")
    winner = outcome.winners[0]
    assert f"Seat {winner + 1} wins" in text and "Red cards: " in text


def test_hint_counts_cards_with_the_right_plural() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 3", "declare 5"])
    o, engine, page = page_for(V2, state, 1)
    text = hint_html(o, engine, page, "en", advice=AUDIT)
    assert "The 1 other face-down card is one of the cards" in text and "1 cards" not in text
    assert "The search bot would <b>audit</b>." in text


# ----- properties ----------------------------------------------------------------------------------------------
def all_controls(vm) -> list[dict]:
    board = vm.board
    out = [c.to_json() for c in vm.controls] + list(board["track"]["cells"]) + list(board.get("hand_cells", []))
    if "action" in board["deck_tap"]:
        out.append(board["deck_tap"])
    return out


@pytest.mark.parametrize("game", [V2, V41], ids=["not_my_fault", "not_my_fault_41"])
@FAST
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), lang=st.sampled_from(["ja", "en"]))
def test_enabled_controls_are_legal_and_disabled_ones_say_why(game, seed, players, lang) -> None:
    states = random_states(game, players, seed, games=1)
    for state in random.Random(seed).sample(states, min(10, len(states))):
        for seat in (game.current_player(state), (state.turn + 1) % players, SPECTATOR):
            if seat == -1 or seat == -2:
                continue
            vm = model(game, state, seat, lang)
            legal = {str(a) for a in game.legal_actions(state)} if seat == game.current_player(state) else set()
            for c in all_controls(vm):
                if c["enabled"]:
                    assert c["action"] in legal, c
                else:
                    assert c["reason"] and c["rule"], c
            json.dumps(vm.to_json())


@FAST
@given(seed=st.integers(0, 10**6))
def test_a_seats_view_model_is_the_same_whatever_the_others_hold(seed) -> None:
    """Seat 1's face-down card is a 6 in one world and a 1 in the other (swapped with the deck)."""
    rng = random.Random(seed)
    state = play(V2, 3, ["first 0", "draw", "card 6", "declare 5", "draw", "card 5", "declare 12"])
    deck = list(state.deck)
    deck[6] += 1
    deck[1] -= 1
    other = state._replace(table=(FaceDown(0, 1, 0), state.table[1]), deck=tuple(deck))
    for world in (state, other):
        assert V2.observe(world, 2) == V2.observe(state, 2)
    lang = rng.choice(["ja", "en"])
    a, b = model(V2, state, 2, lang), model(V2, other, 2, lang)
    assert a.to_json() == b.to_json()
    assert "6" not in json.dumps(a.board["pile"])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_cards_numbers_and_the_deck_are_named_by_what_a_tap_does(lang) -> None:
    """Issue 31: a hand card is "Place 8 face down on the pile", a number "Declare a total of 12", the deck
    "Draw a card from the Deck"; each holds its visible label (WCAG 2.5.3, label in name)."""
    vm = model(V41, play(V41, 2, deal41(2, HAND41)), 0, lang)
    assert [c["tap"] for c in vm.board["hand_cells"]] == [WORDS("tap_place", lang, n=x) for x in HAND41[0]]
    for n, cell in cells(vm).items():
        assert cell["tap"] == WORDS("tap_declare", lang, n=n) and str(n) in cell["tap"]
    vm = model(V2, play(V2, 2, ["first 0"]), 0, lang)
    deck = vm.board["deck_tap"]
    assert deck["tap"] == WORDS("tap_draw", lang) and deck["label"].lower() in deck["tap"].lower()
