"""Pages onto one stored table: what each device's page shows and does.

Two ``GameApp``s on one store stand for two devices (the browser tests do the
same with real Chromium pages).
"""

from __future__ import annotations

import json

import pytest

from rulebook.core import SPECTATOR
from rulebook.tables.opening import forget_stores, open_store
from widgets import GameApp


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path / 'tables.sqlite'}")
    forget_stores()


def page(store, game: str, **kwargs) -> GameApp:
    kwargs.setdefault("lang", "en")
    return GameApp(game, store=store, **kwargs)


def seat_page(store, host: GameApp, seat: int, **kwargs) -> GameApp:
    """The page a phone opens from the seat's link in the host's "Seats & links" panel."""
    return page(store, host.game.name, table_id=host.session.table_id, keys=[host.session.keys[seat]], claim=True, **kwargs)


def action_buttons(app: GameApp) -> list:
    return [b for b in app.actions.children if "rb-action" in getattr(b, "_dom_classes", ())]


def test_a_new_page_is_a_new_table_and_its_link_carries_it(store):
    app = page(store, "chiritsumo", seed=5)
    query = app.page_link.query
    assert f"t={app.session.table_id}" in query and "k=" in query and "lang=en" in query
    again = page(store, "chiritsumo", table_id=app.session.table_id, keys=app.session.page_keys())
    assert again.match.states == app.match.states and again.session.owner


def test_reload_comes_back_to_the_same_position(store):
    app = page(store, "chiritsumo", seed=6)
    app.roll()
    first = next(a for a in app.game.legal_actions(app.match.state) if str(a).startswith("place"))
    app.play(first)
    # the page's own address claims its seat (issue 17: a seat link without claim=1 only watches)
    assert "claim=1" in app.page_link.query
    reloaded = page(store, "chiritsumo", table_id=app.session.table_id, keys=app.session.page_keys(), claim=True)
    assert reloaded.match.state == app.match.state
    assert not reloaded.undo_button.disabled  # the move is still this seat's to take back


def test_a_seat_link_moves_the_seat_and_each_page_shows_only_its_own_hand(store):
    tablet = page(store, "not_my_fault", options={"players": 2}, seats=["human", "human"])
    assert tablet.hot_seat() and not tablet.revealed  # one tablet, two people: the pass screen
    phone = seat_page(store, tablet, 1)
    assert phone.session.seats_here == {1} and not phone.hot_seat() and phone.revealed
    assert tablet.poll()  # the tablet learns seat 2 moved to the phone
    assert tablet.session.seats_here == {0} and "Seat 2 is now played on another device" in tablet.error_box.value
    assert "k=" in tablet.page_link.query and tablet.session.keys[1] not in tablet.page_link.query
    assert phone.observation()["you"] == 1 and tablet.observation()["you"] == 0


def test_a_move_on_one_device_shows_on_the_other_after_a_poll(store):
    tablet = page(store, "not_my_fault", options={"players": 2}, seats=["human", "human"])
    phone = seat_page(store, tablet, 1)
    tablet.poll()
    mover, other = (tablet, phone) if tablet.match.current_player == 0 else (phone, tablet)
    assert action_buttons(mover) and not action_buttons(other)  # only the seat to act gets buttons
    mover.guarded(mover.play)("draw")
    assert mover.error is None and other.poll() and other.match.state == mover.match.state
    assert not other.poll()  # nothing new


def test_moving_first_elsewhere_is_explained_and_nothing_is_lost(store):
    host = page(store, "chiritsumo", options={"mode": "hakoniwa", "players": 2}, seats=["human", "human"], seed=8)
    phone = seat_page(store, host, 1)
    host.poll()  # (a page polls several times a second)
    host.roll()
    revision = host.session.revision
    phone.guarded(phone.roll)()  # pressed at the same moment on the phone: the host's roll is already stored
    assert "Another device moved first" in phone.error_box.value
    assert phone.match.state == host.match.state and phone.session.revision == revision


def test_a_spectator_page_sees_public_information_and_cannot_move(store):
    tablet = page(store, "not_my_fault", options={"players": 2}, seats=["human", "human"])
    watcher = page(store, "not_my_fault", table_id=tablet.session.table_id)
    assert watcher.session.is_spectator() and watcher.viewer_seat() == SPECTATOR
    assert "watching" in watcher.status.value
    assert watcher.observation() == tablet.game.observe(tablet.match.state, SPECTATOR)
    assert not action_buttons(watcher) and watcher.undo_button.disabled
    watcher.guarded(watcher.play)("draw")
    assert "only watches" in watcher.error_box.value


def test_a_bad_link_is_explained_and_a_new_game_started(store):
    app = page(store, "chiritsumo", table_id="no-such-table-here")
    assert "not found" in app.notice_box.value and app.session.table_id != "no-such-table-here"
    other = page(store, "puniu")
    wrong_game = page(store, "chiritsumo", table_id=other.session.table_id)
    assert "another game" in wrong_game.notice_box.value
    bad_key = page(store, "chiritsumo", table_id=app.session.table_id, keys=["not-a-seat-token"])
    assert "not valid for this table" in bad_key.notice_box.value and bad_key.session.is_spectator()


def test_undo_is_for_the_last_mover_and_says_why_not(store):
    host = page(store, "chiritsumo", options={"mode": "hakoniwa", "players": 2}, seats=["human", "human"], seed=9)
    phone = seat_page(store, host, 1)
    host.poll()
    host.roll()
    phone.poll()
    place = next(a for a in host.game.legal_actions(host.match.state) if str(a).startswith("place"))
    host.play(place)
    phone.poll()
    assert not host.undo_button.disabled and phone.undo_button.disabled
    assert "own last move" in phone.undo_button.tooltip
    host.undo()
    assert phone.poll() and phone.match.state == host.match.state


def test_the_seats_panel_shows_links_and_qr_codes_for_the_seats_this_page_holds(store):
    tablet = page(store, "not_my_fault", options={"players": 3}, seats=["human", "human", "random"])
    tablet.page_link.origin = "http://192.168.1.20:8866"
    tablet.seats_toggle.value = True
    body = tablet.seats_panel.body.value
    assert "rb-seat-link-0" in body and "rb-seat-link-1" in body and "rb-seat-link-2" not in body  # a bot has no link
    assert body.count("<svg") == 3  # two seats and the spectator link
    assert "http://192.168.1.20:8866/voila/render/not_my_fault.ipynb?t=" in body and "claim=1" in body
    phone = seat_page(store, tablet, 1)
    phone.seats_toggle.value = True
    assert "rb-seat-link-0" not in phone.seats_panel.body.value  # a phone never learns another seat's link
    assert tablet.session.keys[0] not in phone.seats_panel.body.value


def test_a_seats_panel_opened_before_the_origin_arrives_shows_whole_links_once_it_does(store):
    # the panel opened before the browser reported its origin (page_link.js sends it once the page starts)
    tablet = page(store, "not_my_fault", options={"players": 2}, seats=["human", "human"])
    tablet.seats_toggle.value = True
    body = tablet.seats_panel.body.value
    # no relative link and no QR code that a phone could not open: a "…" box with none of the link's classes
    assert "rb-link-pending" in body and "Preparing the link" in body
    assert "rb-seat-link" not in body and "rb-spectator-link" not in body and "<svg" not in body
    assert "/voila/render/" not in body
    tablet.page_link.origin = "http://192.168.1.20:8866"  # the browser's report arrives: the open panel is redrawn
    body = tablet.seats_panel.body.value
    assert "rb-link-pending" not in body and body.count("<svg") == 3
    for seat in (0, 1):
        assert f"rb-seat-link-{seat}' readonly value=\"http://192.168.1.20:8866/voila/render/not_my_fault.ipynb?t=" in body
    assert "rb-spectator-link' readonly value=\"http://192.168.1.20:8866/" in body


def test_a_closed_seats_panel_is_not_drawn_when_the_origin_arrives(store):
    tablet = page(store, "not_my_fault", options={"players": 2}, seats=["human", "human"])
    tablet.page_link.origin = "http://192.168.1.20:8866"
    assert tablet.seats_panel.body.value == ""  # nothing drawn for a panel nobody opened
    tablet.seats_toggle.value = True
    assert "http://192.168.1.20:8866/voila/render/" in tablet.seats_panel.body.value


def test_unticking_a_seat_hands_it_to_another_device(store):
    tablet = page(store, "not_my_fault", options={"players": 2}, seats=["human", "human"])
    tablet.seats_toggle.value = True
    boxes = tablet.seats_panel.switches.children
    assert [b.value for b in boxes] == [True, True]
    boxes[1].value = False
    assert tablet.session.seats_here == {0} and not tablet.hot_seat()
    assert tablet.session.keys[1] not in tablet.page_link.query


def test_the_next_game_takes_every_device_along(store):
    host = page(store, "chiritsumo", options={"mode": "hakoniwa", "players": 2}, seats=["human", "human"])
    phone = seat_page(store, host, 1)
    host.poll()
    # issue 17: one seat cannot end a game another device plays; the host page closes it, then anyone may
    host.start_button.click()
    assert "ask the staff" in host.error_box.value and phone.session.table_id == host.session.table_id
    from rulebook.tables.session import TableSession

    TableSession.open(store, host.session.table_id)[0].close()
    host.poll()
    host.start({"mode": "hakoniwa", "players": 2}, None, ["human", "human"])
    assert phone.poll()
    assert phone.session.table_id == host.session.table_id and phone.session.seats_here == {1}
    assert "next game" in phone.error_box.value


def test_a_closed_table_keeps_its_result_but_takes_no_moves(store):
    from rulebook.tables.session import TableSession

    host = page(store, "chiritsumo", seed=10)
    staff, _ = TableSession.open(store, host.session.table_id)  # the host page of the café
    staff.close()
    assert host.poll()
    assert "table closed" in host.status.value and not host.actions.children
    assert str(host.match.seed) in host.save_record()[1]  # closed: the record is no secret any more


def test_a_sealed_save_reveals_nothing_of_a_hidden_hand_game(store):
    tablet = page(store, "not_my_fault", options={"players": 2}, seats=["human", "human"])
    name, text = tablet.save_record()
    data = json.loads(text)
    assert set(data) == {"format", "version", "game", "moves", "sealed"}
    assert str(tablet.match.seed) not in text and "card" not in text
