"""The host's view of the café (issue 19 B), on the pages: the list's filter, presence, a closed table on a phone."""

from __future__ import annotations

import pytest

from rulebook.site.host import LoginGuard
from rulebook.site.house import House
from rulebook.tables.opening import forget_stores, open_store
from rulebook.tables.session import TableSession
from widgets import GameApp
from widgets.closed_table import SHUT_CLASS, without_turn
from widgets.host import HostPage

PASSWORD = "tea for two"
HOUSE = House(name="Café", host_password=PASSWORD, shelf_games=("kokkuri_san", "puniu", "dice_of_tower"))


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path}/t.sqlite")
    forget_stores()


def host_page(store) -> HostPage:
    page = HostPage(HOUSE, store, "en", guard=LoginGuard())
    assert page.sign_in(PASSWORD)
    return page


def seat_page(store, table_id: str, seat: int, lang: str = "en") -> GameApp:
    """The page a phone opens from a seat's QR code (the seat's link, claimed)."""
    token = store.seat_tokens(table_id)[seat]
    info = store.info(table_id)
    app = GameApp(info.game, lang=lang, store=store, table_id=table_id, keys=[token], claim=True)
    assert app.session.table_id == table_id and app.session.seats_here == {seat}
    return app


def test_the_host_list_shows_the_cafes_tables_and_a_switch_shows_all(store):
    page = host_page(store)
    opened = page.open_table()
    solo = GameApp("puniu", lang="en", store=store)  # a visitor's own game on a game page
    lesson = GameApp("kokkuri_san", lang="en", store=store)
    lesson.start_lesson()
    page.draw()
    assert set(page._rows) == {opened}
    assert page.show_all.description == "Show personal games too" and "open tables" in page.tables_title.value
    page.show_all.value = True
    assert {opened, solo.session.table_id, lesson.session.table_id} <= set(page._rows)
    assert "personal game" in page._rows[solo.session.table_id][1].value
    assert "personal game" not in page._rows[opened][1].value
    # a visitor's game becomes the café's once a seat's link is opened on another device
    page.show_all.value = False
    phone = solo.session.keys  # puniu solo: one seat
    seat_page(store, solo.session.table_id, 0)
    page.draw()
    assert set(page._rows) == {opened, solo.session.table_id} and phone


def test_the_table_mode_switch_of_the_host_form_names_the_games_parts(store):
    page = host_page(store)
    page.game_input.value = "kokkuri_san"
    assert "cards" in page.table_mode_input.description and "dice" not in page.table_mode_input.description
    page.game_input.value = "dice_of_tower"
    assert "dice" in page.table_mode_input.description


def test_a_page_saying_goodbye_is_no_longer_connected(store):
    page = host_page(store)
    table = page.open_table()
    phone = seat_page(store, table, 0)
    phone._on_beat(None, {"beat": 1}, [])
    page.draw()
    assert "1: connected" in page._rows[table][1].value
    phone._on_beat(None, {"bye": 1}, [])
    page.draw()
    assert "1: not connected" in page._rows[table][1].value


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_closing_a_table_tells_each_phone_with_the_result_so_far_and_where_next(store, lang):
    page = host_page(store)
    page.game_input.value = "kokkuri_san"
    page.players_input.value = 3
    for box in page.seat_inputs.children:
        box.value = "human"
    table = page.open_table()
    phones = [seat_page(store, table, seat, lang) for seat in range(3)]
    first = phones[0]
    to_play = "to play" if lang == "en" else "の番"
    assert to_play in first.status.value
    page._close_clicked(table)
    page._close_clicked(table)
    for phone in phones:
        phone.poll()
        banner = phone.closed_box.value
        assert ("The host closed this table" if lang == "en" else "お店の人がこのテーブルを閉じました") in banner
        assert "index.ipynb" in banner and "kokkuri_san.ipynb" in banner
        assert ("Round 1" if lang == "en" else "ラウンド 1") in banner  # how the game stood
        assert phone.closed_box.layout.display != "none"
        assert to_play not in phone.status.value and to_play not in banner
        assert phone.actions.children == () and SHUT_CLASS in phone.root._dom_classes
    # a reload shows the same
    again = seat_page(store, table, 0, lang)
    assert "rb-closed-banner" in again.closed_box.value and to_play not in again.status.value and again.actions.children == ()
    # a move is still refused with the table's rule, and changes nothing
    moves = len(again.match.actions)
    again.guarded(lambda: again.play(again.game.legal_actions(again.match.state)[0]))()
    assert again.error is not None and again.error.rule_id == "table" and len(again.match.actions) == moves


def test_an_open_or_finished_table_has_no_closed_banner(store):
    app = GameApp("puniu", lang="en", store=store)
    assert app.closed_box.value == "" and app.closed_box.layout.display == "none"
    assert SHUT_CLASS not in app.root._dom_classes


def test_without_turn_drops_only_whose_turn_it_is():
    assert without_turn("Round 1 of 3 · Turn 1 of 12 · Seat 1 to play") == "Round 1 of 3 · Turn 1 of 12"
    assert without_turn("<b>ラウンド 1/9</b> · 給料 $2/人 · <b>席1</b> の番です。") == "<b>ラウンド 1/9</b> · 給料 $2/人"
    assert without_turn("Trip <b>1</b> · Treasures <b>0</b>/5") == "Trip <b>1</b> · Treasures <b>0</b>/5"
