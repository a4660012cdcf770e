"""Lemon Poker's view model (``present``): pure, from the viewer's observation only."""

from __future__ import annotations

import json

from rulebook.core import HUMAN, SPECTATOR
from rulebook.games.lemon_poker import LEMON_POKER as G
from widgets.views.lemon_poker.present import Page, present
from widgets.views.model import engine_for

H1 = ["deal " + c for c in "Ah 7c 2c 9c 9d Jh Qs 3h 5s 8d Td Kh".split()]


def play(*moves):
    s = G.initial_state({"hands": 2})
    for m in moves:
        s = G.apply(s, G.parse_action(m))
    return s


def vm(state, seat, acting=True, lang="en", seats=(HUMAN, "odds")):
    page = Page(seats=seats, humans=(seat,) if seat >= 0 else (), acting=acting, viewer=seat, ply=0)
    return present(G.observe(state, seat), engine_for(G, state, acting), page, lang)


def test_the_child_never_receives_a_face_down_card():
    s = play(*H1, "sorted", "show 1 1", "show 2 5", "show 1 4", "show 2 2")
    text = json.dumps(vm(s, 1).to_json())
    for hidden in ("9c", "9d", "Qs", "3h", "8d", "Td"):
        assert f'"{hidden}"' not in text
    groups = vm(s, 1).board["groups"]
    assert [c["card"] for c in groups[0]["cells"]] == ["2c", None, None, "Jh", None]
    spectator = json.dumps(vm(s, SPECTATOR, acting=False).to_json())
    assert '"9c"' not in spectator


def test_the_dealer_sees_every_card_and_which_are_face_up():
    s = play(*H1, "sorted", "show 1 1")
    cells = vm(s, 0).board["groups"][0]["cells"]
    assert [c["card"] for c in cells] == ["2c", "9c", "9d", "Jh", "Qs"]
    assert [c["shown"] for c in cells] == [True, False, False, False, False]
    assert not cells[0]["tap"]["enabled"] and cells[0]["tap"]["rule"] == "dealer-reveal"
    assert cells[1]["tap"]["enabled"] and cells[1]["tap"]["action"] == "show 1 2"
    # a screen reader hears what a tap does and where (issue 31), holding the visible card (label in name)
    assert cells[1]["tap"]["tap"] == "Turn up 9♣, place 2 of group 1" and cells[1]["tap"]["label"] in cells[1]["tap"]["tap"]


def test_sort_offers_the_swaps_of_equal_ranks_and_sorted():
    s = play(*H1)
    model = vm(s, 0)
    assert [c.key for c in model.controls] == ["swap-0-1", "sorted"]
    assert model.control("sorted").highlight and model.rule == "sort"
    cell = model.board["groups"][0]["cells"][0]["tap"]
    assert not cell["enabled"] and cell["rule"] == "sort"  # the engine's reason: no card is turned up now


def test_bet_rows_carry_the_engines_reasons():
    s = play(*H1, "sorted", "show 1 1", "show 2 5", "show 1 4", "show 2 2")
    rows = vm(s, 1).board["bet"]["rows"]
    assert not rows[0]["cells"][0]["enabled"] and rows[0]["cells"][0]["rule"] == "child-reveal"
    s = G.apply(s, G.parse_action("show 1 5"))
    rows = vm(s, 1).board["bet"]["rows"]
    assert all(c["enabled"] for r in rows for c in r["cells"])
    assert rows[1]["cells"][2]["action"] == "bet 2 3"


def test_a_page_not_to_move_says_whose_move_it_is():
    s = play(*H1, "sorted")
    model = vm(s, 1, acting=False)
    cell = model.board["groups"][0]["cells"][0]["tap"]
    assert not cell["enabled"] and "Seat 1" in cell["reason"]
    assert model.board["bet"]["rows"][0]["cells"][0]["enabled"] is False
    assert "dealer" in model.caption


def test_after_the_hand_the_last_hand_is_public_in_both_languages():
    s = play(*H1, "sorted", "show 1 1", "show 2 5", "show 1 4", "show 2 2", "show 1 5", "bet 2 5")
    for lang in ("ja", "en"):
        last = vm(s, 1, acting=False, lang=lang).board["last"]
        assert last["winner"] == 0 and last["groups"][0] == ["2c", "9c", "9d", "Jh", "Qs"]
        assert "5" in last["text"]
    assert "loses 5 chips" in vm(s, 0, acting=False).board["last"]["text"]
    assert [seat["chips"] for seat in vm(s, 0, acting=False).board["seats"]] == [25, 15]


def test_the_childs_page_is_the_same_whatever_the_dealer_hides():
    """Two deals with the same public cards and different face-down ones: the child's view models are equal
    (the engine's refusals run on the real state, so this would catch a reason that names a hidden card)."""
    from rulebook.games.lemon_poker.advice import child_advice
    from widgets.views.lemon_poker.report import hint_html

    other = ["deal " + c for c in "Ah 7c 2c 8c Ts Jh Qh 4h 5s 6d 9d Kh".split()]
    reveals = ("sorted", "show 1 1", "show 2 5", "show 1 4", "show 2 2")
    a, b = play(*H1, *reveals), play(*other, *reveals)
    assert G.observe(a, 1) == G.observe(b, 1) and a.groups != b.groups
    page = Page(seats=(HUMAN, "odds"), humans=(1,), acting=True, viewer=1)
    for lang in ("ja", "en"):
        views = [vm(s, 1, lang=lang).to_json() for s in (a, b)]
        assert views[0] == views[1]
        hints = [hint_html(G.observe(s, 1), page, lang, child_advice(G.observe(s, 1))) for s in (a, b)]
        assert hints[0] == hints[1]
    # the dealer's own page does differ (it shows the dealer's cards): the comparison can fail
    assert vm(a, 0, acting=False).to_json() != vm(b, 0, acting=False).to_json()


# ----- table mode: the real deal typed in ------------------------------------------------------------------------
def table_vm(seat, *, entry=(), hot_seat=False, viewer=None, seats=(HUMAN, HUMAN), humans=None, lang="en"):
    state = play()
    page = Page(seats=seats, humans=humans if humans is not None else (seat,), acting=False, hot_seat=hot_seat,
                viewer=seat if viewer is None else viewer, ply=0, table=True, entry=tuple(entry))
    return present(G.observe(state, seat), engine_for(G, state, False), page, lang)


def test_table_mode_the_dealer_types_the_deal_on_a_grid_of_the_52_cards():
    v = table_vm(0, entry=("Ah", "7c"))
    entry = v.board["entry"]
    assert [s["label"] for s in entry["slots"]][:3] == ["Community 1", "Community 2", "Group 1, 1"]
    assert [s["card"] for s in entry["slots"]][:3] == ["Ah", "7c", None] and entry["slots"][2]["next"]
    cells = {c["card"]: c for row in entry["grid"] for c in row}
    assert len(cells) == 52 and cells["Kd"]["enabled"]
    assert cells["Kd"]["tap"] == "Enter K♦ as the next card dealt"
    assert not cells["Ah"]["enabled"] and cells["Ah"]["rule"] == "deal" and "typed in already" in cells["Ah"]["reason"]
    assert v.caption.startswith("Deal the real cards") and "(2 of 12)" in v.caption and "Group 1, 1" in v.caption
    back, dealt = v.control("entry-back"), v.control("entry-confirm")
    assert back.enabled and not dealt.enabled and dealt.rule == "deal" and "10 still to type" in dealt.reason


def test_table_mode_twelve_typed_cards_fill_the_deal_and_enable_dealt():
    cards = "Ah 7c 2c 9c 9d Jh Qs 3h 5s 8d Td Kh".split()
    v = table_vm(0, entry=cards, lang="ja")
    assert v.control("entry-confirm").enabled
    cells = [c for row in v.board["entry"]["grid"] for c in row]
    assert not any(c["enabled"] for c in cells)  # a thirteenth card: refused with the reason
    assert all(c["reason"] for c in cells)


def test_table_mode_a_shared_tablet_held_by_the_child_asks_for_the_dealer_first():
    v = table_vm(0, hot_seat=True, viewer=1, humans=(0, 1))
    assert v.board["entry"] is None and "child looks away" in v.board["entry_hidden"]
    assert v.caption.startswith("Hand the tablet to Seat 1, the dealer")
    assert [c.key for c in v.controls] == ["entry-reveal"]


def test_table_mode_the_child_on_another_device_waits_and_sees_no_grid():
    v = table_vm(1, humans=(1,))
    assert v.board["entry"] is None and v.controls == ()
    assert "typing in the deal on their own device" in v.caption


def test_table_mode_a_bots_deal_is_typed_by_the_person_dealing_for_it():
    v = table_vm(1, seats=("odds", HUMAN), humans=(1,))  # seat 1 (a bot) deals the first hand
    assert v.board["entry"] is not None and "a bot" in v.caption and "sees the bot's groups" in v.caption
