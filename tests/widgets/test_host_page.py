"""The café host's page (``widgets.host.HostPage``) and the house on every page.

Before the right password nothing about any table may be in any widget's
state (every widget a kernel makes sends its state to the browser, shown or
not), so the login test walks every widget the page created.
"""

from __future__ import annotations

import json
import re

import ipywidgets as w
import pytest
from ipywidgets.widgets import widget as widget_module

import widgets.host as host_module
from rulebook.site.house import ENV_HOUSE, GameHouse, House, forget_house
from rulebook.site.host import LOCK_AFTER, LOCK_SECONDS, LoginGuard
from rulebook.tables.session import TableSession
from rulebook.tables.store import CLOSED, OPEN, OWNER
from rulebook.tables.opening import forget_stores, open_store
from widgets.host import HostPage
from widgets.page import IndexPage, make_game_app, make_host_page

PASSWORD = "tea for two"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(host_module, "WRONG_DELAY", 0.0)
    monkeypatch.delenv(ENV_HOUSE, raising=False)
    monkeypatch.delenv("RULEBOOK_MAX_KERNELS", raising=False)
    forget_house()
    yield
    forget_house()


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path}/t.sqlite")
    forget_stores()


@pytest.fixture
def clock() -> Clock:
    return Clock()


HOUSE = House(
    name="Café Dé",
    host_password=PASSWORD,
    public_url="http://192.168.1.20:8866",
    shelf_games=("ring", "puniu", "not_my_fault"),
    games={"ring": GameHouse(options={"players": 4}, seats=["human", "human", "rules", "search"])},
)


def host(store, clock, house: House = HOUSE, lang: str = "en") -> HostPage:
    return HostPage(house, store, lang, guard=LoginGuard(_clock=clock))


def some_tables(store) -> list[TableSession]:
    return [
        TableSession.create(store, "ring", {"players": 3}, seats=["human", "human", "rules"], label="Window table", origin="host"),
        TableSession.create(store, "puniu", {"players": 2}, seats=["human", "human"], origin="host"),
    ]


def secrets_of(store, sessions) -> list[str]:
    found = []
    for session in sessions:
        found.append(session.table_id)
        found.extend(store.seat_tokens(session.table_id).values())
    return found + ["Window table"]


def states_since(before: set[str]) -> str:
    """Every synced value of every widget made since ``before`` (what the browser is sent), as one text."""
    out = []
    for model_id, widget in list(widget_module._instances.items()):
        if model_id in before:
            continue
        state = widget.get_state()
        state.pop("_esm", None)
        state.pop("_css", None)
        out.append(json.dumps(state, default=repr, ensure_ascii=False))
    return "\n".join(out)


# ----- before the password -----------------------------------------------------------------------------
def test_before_the_password_no_widget_holds_anything_about_a_table(store, clock):
    sessions = some_tables(store)
    before = set(widget_module._instances)
    page = host(store, clock)
    page.sign_in("not it")
    page.sign_in("")
    page.set_lang("ja")
    page.draw()
    text = states_since(before)
    assert "rb-host-password" in text  # the walk did see the page
    for secret in secrets_of(store, sessions):
        assert secret not in text
    assert not page.signed_in and page.main.children == ()
    assert page.open_table() is None  # no tool works before signing in
    page.close_table(sessions[0].table_id)
    page.show_sheet(sessions[0].table_id)
    assert store.info(sessions[0].table_id).status == OPEN
    for secret in secrets_of(store, sessions):
        assert secret not in states_since(before)


def test_a_wrong_password_is_refused_and_counted_then_the_login_locks(store, clock):
    page = host(store, clock)
    assert not page.sign_in("tea for three")
    assert "Wrong password." in page.status.value and page.guard.failures == 1 and page.password.value == ""
    for _ in range(LOCK_AFTER - 1):
        page.sign_in("guess")
    assert page.guard.locked() == LOCK_SECONDS and "wait 60 seconds" in page.status.value
    assert not page.sign_in(PASSWORD)  # locked: even the right one waits
    clock.now += LOCK_SECONDS + 1
    assert page.sign_in(PASSWORD) and page.guard.failures == 0
    assert page.login.layout.display == "none" and page.status.value == ""


def test_every_wrong_try_costs_time(store, clock, monkeypatch):
    slept = []
    monkeypatch.setattr(host_module.time, "sleep", slept.append)
    page = host(store, clock)
    page.sign_in("x")
    page.sign_in(PASSWORD)
    assert slept == [host_module.WRONG_DELAY]


def test_without_a_host_password_the_page_says_it_is_off(store, clock):
    page = host(store, clock, House())
    assert "sets no host password" in page.status.value and page.login.layout.display == "none"
    assert not page.sign_in("") and not page.sign_in("anything") and page.main.children == ()
    assert page.guard.failures == 0
    page.set_lang("ja")
    assert "host_password" in page.status.value and "使えません" in page.status.value


def test_a_broken_house_file_is_shown_and_keeps_the_page_off(store, tmp_path, monkeypatch):
    bad = tmp_path / "house.toml"
    bad.write_text(f'host_password = "{PASSWORD}"\nshelf = ["chess"]\n', encoding="utf-8")
    monkeypatch.setenv(ENV_HOUSE, str(bad))
    page = make_host_page({"lang": "en"}, store=store, guard=LoginGuard())
    assert "house file cannot be used" in page.notice.value and "unknown game" in page.notice.value
    assert "sets no host password" in page.status.value and not page.sign_in(PASSWORD)
    assert PASSWORD not in page.notice.value


def test_the_language_comes_from_the_url_then_the_house(store):
    assert make_host_page({}, house=HOUSE, store=store, guard=LoginGuard()).lang == "ja"
    assert make_host_page({}, house=House(lang="en"), store=store, guard=LoginGuard()).lang == "en"
    page = make_host_page({"lang": "en"}, house=HOUSE, store=store, guard=LoginGuard())
    assert page.lang == "en" and "Host page — Café Dé" in page.title.value and page.page_link.query == "lang=en"
    odd = make_host_page({"lang": "xx"}, house=HOUSE, store=store, guard=LoginGuard())
    assert odd.lang == "ja" and "?lang=xx" in odd.notice.value


# ----- after the password --------------------------------------------------------------------------------
def signed_in(store, clock, **kwargs) -> HostPage:
    page = host(store, clock, **kwargs)
    assert page.sign_in(PASSWORD)
    return page


def test_open_tables_are_listed_with_who_is_connected(store, clock):
    ring, puniu = some_tables(store)
    store.touch(ring.table_id, [1])
    store.set_status(puniu.table_id, CLOSED)
    page = signed_in(store, clock)
    rows = {k: v[1].value for k, v in page._rows.items()}
    assert set(rows) == {ring.table_id}  # closed tables are not in the list
    text = rows[ring.table_id]
    assert "Don&#x27;t Drop the Ring" in text and "Window table" in text and "0 moves" in text
    assert "1: not connected" in text and "2: connected" in text and "3: bot" in text
    assert "rb-presence-on" in text
    for token in store.seat_tokens(ring.table_id).values():
        assert token not in states_of_page(page)  # the list shows no seat's token


def states_of_page(page: HostPage) -> str:
    out, stack = [], [page.root]
    while stack:
        node = stack.pop()
        out.append(json.dumps({k: v for k, v in node.get_state().items() if k not in ("_esm", "_css")}, default=repr))
        stack.extend(c for c in getattr(node, "children", ()) if isinstance(c, w.Widget))
    return "\n".join(out)


def test_no_open_table_is_said(store, clock):
    page = signed_in(store, clock)
    assert "No open table." in page.tables_box.children[0].value


def test_a_new_table_for_a_shelf_game_with_people_and_bots_and_its_seat_sheet(store, clock):
    page = signed_in(store, clock)
    assert [value for _, value in page.game_input.options] == ["ring", "puniu", "not_my_fault"]
    # the house's ring: 4 players, two people and two bots, preset in the form
    assert page.game_input.value == "ring" and page.players_input.value == 4
    assert [b.value for b in page.seat_inputs.children] == ["human", "human", "rules", "search"]
    assert [v for _, v in page.players_input.options] == [3, 4, 5]
    page.players_input.value = 3
    assert [b.value for b in page.seat_inputs.children] == ["human", "human", "rules"]
    page.seat_inputs.children[1].value = "random"
    page.label_input.value = "Table 3"
    page.open_button.click()
    tables = store.list_tables([OPEN])
    assert len(tables) == 1
    info = tables[0]
    assert info.game == "ring" and info.seats == ("human", "random", "rules") and info.label == "Table 3"
    assert dict(info.options) == {"players": 3, "just_bonus": False} and not info.seed_chosen
    tokens = store.seat_tokens(info.id)
    sheet = page.sheet.value
    assert f'data-table="{info.id}"' in sheet and "Table 3" in sheet and page.sheet_box.layout.display is None
    # one card (link + QR) per person's seat, and the spectator's
    assert len(re.findall(r"rb-sheet-card rb-sheet-seat-\d", sheet)) == 1 and "rb-sheet-seat-0" in sheet
    assert sheet.count("<svg") == 2 and "rb-sheet-spectator" in sheet
    link = f"http://192.168.1.20:8866/voila/render/ring.ipynb?t={info.id}&amp;k={tokens[0]}&amp;claim=1"
    assert link in sheet
    assert tokens[OWNER] not in sheet  # the owner's token stays on the server
    assert f"Table {info.id} is open" in page.status.value
    assert info.id in page._rows and page.label_input.value == ""


def test_a_table_of_people_only_has_a_card_for_every_seat(store, clock):
    page = signed_in(store, clock)
    page.game_input.value = "not_my_fault"
    assert page.players_input.value == 3  # no house set-up: the game's own default
    page.players_input.value = 4
    assert [b.value for b in page.seat_inputs.children] == ["human"] * 4
    table = page.open_table()
    sheet = page.sheet.value
    tokens = store.seat_tokens(table)
    for seat in range(4):
        assert f"rb-sheet-seat-{seat}" in sheet and f"k={tokens[seat]}" in sheet
    assert sheet.count("<svg") == 5


def test_the_sheet_uses_the_browsers_address_without_a_public_url(store, clock):
    page = signed_in(store, clock, house=House(host_password=PASSWORD))
    page.page_link.origin = "http://cafe.local:8866"
    page.game_input.value = "puniu"
    table = page.open_table()
    assert f"http://cafe.local:8866/voila/render/puniu.ipynb?t={table}" in page.sheet.value
    page.hide_sheet()
    assert page.sheet.value == "" and page.sheet_box.layout.display == "none"
    page._rows[table][2].click()  # "Seat sheet" on the table's line shows it again
    assert f'data-table="{table}"' in page.sheet.value


def test_closing_a_table_asks_once_more_then_sets_it_closed(store, clock):
    ring, puniu = some_tables(store)
    page = signed_in(store, clock)
    page.show_sheet(ring.table_id)
    close = page._rows[ring.table_id][3]
    close.click()
    assert store.info(ring.table_id).status == OPEN and close.description == "Really close"
    close.click()
    assert store.info(ring.table_id).status == CLOSED
    assert ring.table_id not in page._rows and puniu.table_id in page._rows
    assert f"Table {ring.table_id} was closed." in page.status.value and page.sheet.value == ""


def test_the_kernel_report_is_drawn(store, clock, monkeypatch):
    monkeypatch.setenv("RULEBOOK_MAX_KERNELS", "7")
    page = signed_in(store, clock)
    assert "live kernels" in page.site_box.value and " / 7 " in page.site_box.value and "MB" in page.site_box.value
    page.set_lang("ja")
    assert "動いているカーネル" in page.site_box.value


def test_switching_language_keeps_the_form_and_the_sheet(store, clock):
    page = signed_in(store, clock)
    page.players_input.value = 5
    page.label_input.value = "Terrace"
    table = page.open_table()
    page.label_input.value = "Next"
    page.set_lang("ja")
    assert page.lang == "ja" and page.players_input.value == 5 and page.label_input.value == "Next"
    assert page.game_input.options[0][0] == "指輪を落とさないで"
    assert f'data-table="{table}"' in page.sheet.value and "席 1" in page.sheet.value and "lang=ja" in page.sheet.value
    assert "開いているテーブル" in page.tables_title.value and page._rows[table][3].description == "閉じる"


def test_redrawing_makes_no_new_widgets_for_the_same_tables(store, clock):
    some_tables(store)
    page = signed_in(store, clock)
    page.draw()
    before = set(widget_module._instances)
    for _ in range(3):
        page.draw()
    assert set(widget_module._instances) == before


def test_the_heartbeat_is_answered(store, clock):
    page = host(store, clock)
    page._on_beat(page.page_link, {"beat": 7}, [])
    assert page.page_link.pong == 7
    page._on_beat(page.page_link, {"beat": "x"}, [])
    assert page.page_link.pong == 7


# ----- the house on every page ------------------------------------------------------------------------------------
CAFE = House(
    lang="en",
    public_url="http://192.168.1.20:8866",
    shelf_games=("ring", "puniu"),
    games={
        "ring": GameHouse(options={"players": 3}, seats=["human", "rules", "search"], notes_ja="引き出しに", notes_en="In the drawer"),
        "chiritsumo": GameHouse(options={"mode": "hakoniwa", "players": 3}),
    },
)


def test_a_game_page_takes_the_houses_language_options_seats_notes_and_address(store, monkeypatch):
    monkeypatch.setattr("widgets.app.open_store", lambda: store)
    app = make_game_app("ring", {}, house=CAFE)
    assert app.lang == "en" and app.match.options == {"players": 3, "just_bonus": False}
    assert app.match.seats == ("human", "rules", "search")
    assert app.notes == ("引き出しに", "In the drawer") and "In the drawer" in app.notice_box.value
    assert app.public_url == "http://192.168.1.20:8866" and app.origin() == "http://192.168.1.20:8866"
    assert make_game_app("ring", {"lang": "ja"}, house=CAFE).lang == "ja"


def test_the_url_wins_over_the_house(store, monkeypatch):
    monkeypatch.setattr("widgets.app.open_store", lambda: store)
    app = make_game_app("ring", {"players": "5"}, house=CAFE)
    assert app.match.options["players"] == 5 and app.notice_box.value.count("URL") == 0
    assert "rules" not in app.match.seats  # the house's 3 seats do not fit 5 players: the page's default seats
    seats = make_game_app("ring", {"seats": "human,human,random"}, house=CAFE)
    assert seats.match.seats == ("human", "human", "random")
    # the URL's options alone when they do not fit the house's: chiritsumo solo, not "solo with 3 players"
    solo = make_game_app("chiritsumo", {"mode": "solo"}, house=CAFE)
    assert solo.match.options == {"mode": "solo", "players": 1} and "URL" not in solo.notice_box.value
    # a bad URL value is said, and the house's set-up is used
    bad = make_game_app("chiritsumo", {"mode": "kyogo"}, house=CAFE)
    assert "URL settings" in bad.notice_box.value and bad.match.options == {"mode": "hakoniwa", "players": 3}
    wrong_seats = make_game_app("ring", {"seats": "human"}, house=CAFE)
    assert "?seats" in wrong_seats.notice_box.value and wrong_seats.match.seats == ("human", "rules", "search")


def test_a_game_off_the_shelf_still_opens_from_its_link(store, monkeypatch):
    monkeypatch.setattr("widgets.app.open_store", lambda: store)
    app = make_game_app("treasure_hunt", {}, house=CAFE)
    assert app.game.name == "treasure_hunt" and app.notes is None and app.lang == "en"


def test_the_index_lists_only_the_shelf_in_the_houses_language():
    page = IndexPage("en", shelf=CAFE.shelf, default_lang="en", playable=frozenset({"ring", "puniu"}))
    assert {e.slug for e in page.entries()} == {"ring", "puniu"}
    assert 'href="/voila/render/ring.ipynb"' in page.table.value  # the house's language needs no ?lang=
    page.set_lang("ja")
    assert 'href="/voila/render/ring.ipynb?lang=ja"' in page.table.value
    everything = IndexPage("ja")
    assert len(everything.entries()) > 2


# ----- pages per network (issue 30) ----------------------------------------------------------------------------
def test_the_host_raises_a_networks_page_limit_and_bad_input_changes_nothing(store, clock):
    from rulebook.site.shared_limits import PageRange, read_ranges

    page = host(store, clock)
    assert page.add_range("Café Wi-Fi", "203.0.113.0/24", "64") is False  # not signed in: nothing
    assert read_ranges(store) == []
    page.sign_in(PASSWORD)
    assert "No range is set" in page.ranges_list.children[0].value
    page.range_name.value, page.range_network.value, page.range_pages.value = "Café Wi-Fi", "203.0.113.0/24", "64"
    add = next(c for c in page.ranges_box.children[3].children if "rb-host-range-add" in c._dom_classes)
    add.click()
    assert read_ranges(store) == [PageRange("Café Wi-Fi", "203.0.113.0/24", 64)]
    assert page.range_network.value == "" and "64 pages per address" in page.ranges_note.value
    rows = page.ranges_list.children
    assert len(rows) == 1 and "203.0.113.0/24" in rows[0].children[0].value
    for name, network, pages in [
        ("Café", "203.0.113.0", "x"),
        ("Café", "203.0.113.999/24", "10"),
        ("Café", "10.0.0.0/8", "10"),
        ("Café", "2001:db8::/40", "10"),
        ("Café", "192.0.2.0/24", "0"),
        ("Café", "192.0.2.0/24", "100000"),
        ("", "192.0.2.0/24", "10"),
    ]:
        page.range_name.value, page.range_network.value, page.range_pages.value = name, network, pages
        assert page.add_range(name, network, pages) is False
        assert "rb-range-bad" in page.ranges_note.value
        assert page.range_network.value == network  # the host's input stays, to be corrected
        assert read_ranges(store) == [PageRange("Café Wi-Fi", "203.0.113.0/24", 64)]
    page.set_lang("ja")
    assert page.add_range("店", "10.0.0.0/8", "10") is False and "広すぎます" in page.ranges_note.value
    remove = page.ranges_list.children[0].children[1]
    remove.click()
    assert read_ranges(store) == [] and "範囲はありません" in page.ranges_list.children[0].value
