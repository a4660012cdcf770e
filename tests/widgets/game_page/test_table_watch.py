"""The game page's watch of its table (widgets/game_page/table_watch.py) with and without the server's feed.

The feed here is a recording stand-in with ``FeedClient``'s page-facing
methods (the real client and server are tested together in
``tests/rulebook/site/test_feed.py``): what matters is what the page does
with it. Two ``GameApp``s on one SQLite store stand for two devices.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulebook.tables.opening import forget_stores, open_store
from rulebook.tables.session import TableSession
from widgets import GameApp
from widgets.game_page import table_watch


class RecordingFeed:
    """``FeedClient``'s page-facing side: remembers watches and presence; ``up`` says whether it hears."""

    def __init__(self) -> None:
        self.up = True
        self.listeners: dict[str, list[Any]] = {}
        self.sent: list[tuple[str, str, tuple[int, ...]]] = []

    def hears(self, table_id: str) -> bool:
        return self.up and table_id in self.listeners

    def watch(self, table_id: str, listener: Any) -> None:
        self.listeners.setdefault(table_id, []).append(listener)

    def unwatch(self, table_id: str, listener: Any) -> None:
        self.listeners[table_id].remove(listener)
        if not self.listeners[table_id]:
            del self.listeners[table_id]

    def present(self, table_id: str, seats: Any) -> bool:
        self.sent.append(("present", table_id, tuple(sorted(seats))))
        return self.hears(table_id)

    def absent(self, table_id: str, seats: Any) -> bool:
        self.sent.append(("absent", table_id, tuple(sorted(seats))))
        return self.hears(table_id)

    def tell(self, table_id: str, revision: int | None) -> None:
        for listener in list(self.listeners.get(table_id, ())):
            listener(revision)


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path / 'tables.sqlite'}")
    forget_stores()


def two_devices(store) -> tuple[GameApp, GameApp]:
    tablet = GameApp("not_my_fault", store=store, lang="en", options={"players": 2}, seats=["human", "human"])
    phone = GameApp(
        "not_my_fault", store=store, lang="en", table_id=tablet.session.table_id, keys=[tablet.session.keys[1]], claim=True
    )
    tablet.poll()
    return tablet, phone


def fed(app: GameApp, feed: RecordingFeed) -> GameApp:
    """The page as ``start_watching`` leaves it under ``rulebook serve`` (without a running loop)."""
    app._feed = feed
    app._follow_feed()
    return app


def count_queries(store) -> list[str]:
    """Every statement the store's connection runs from now on."""
    seen: list[str] = []
    store._run(lambda cur: None)  # the connection is open
    store._conn.set_trace_callback(seen.append)
    return seen


def test_a_fed_page_beats_without_asking_the_store_anything(store):
    tablet, phone = two_devices(store)
    feed = RecordingFeed()
    fed(phone, feed)
    queries = count_queries(store)
    for n in range(1, 4):
        phone._on_beat(phone.page_link, {"beat": n}, [])
    assert phone.page_link.pong == 3
    assert queries == []  # no revision poll, no presence write
    assert feed.sent == [("present", phone.session.table_id, (1,))] * 3
    phone._on_beat(phone.page_link, {"bye": 3}, [])
    assert feed.sent[-1] == ("absent", phone.session.table_id, (1,)) and queries == []


def test_without_the_feed_a_beat_polls_and_writes_presence_as_before(store):
    tablet, phone = two_devices(store)
    feed = RecordingFeed()
    feed.up = False  # the socket is down: the page falls back to the store
    fed(phone, feed)
    queries = count_queries(store)
    phone._on_beat(phone.page_link, {"beat": 1}, [])
    assert any("SELECT revision" in q for q in queries)
    assert any("UPDATE rb_seats SET last_seen" in q for q in queries)
    assert 1 in store.presence(phone.session.table_id)


def test_a_heard_revision_catches_the_page_up_and_the_same_one_does_nothing(store):
    tablet, phone = two_devices(store)
    mover, other = (tablet, phone) if tablet.match.current_player == 0 else (phone, tablet)
    feed = RecordingFeed()
    fed(other, feed)
    mover.guarded(mover.play)("draw")
    assert mover.error is None and other.match.state != mover.match.state
    queries = count_queries(store)
    feed.tell(other.session.table_id, other.session.revision)  # what the page already has: nothing asked
    assert queries == []
    feed.tell(other.session.table_id, mover.session.revision)
    assert other.match.state == mover.match.state


def test_the_watch_follows_the_page_to_the_next_game(store):
    host = GameApp("chiritsumo", store=store, lang="en", options={"mode": "hakoniwa", "players": 2}, seats=["human", "human"])
    phone = GameApp(
        "chiritsumo", store=store, lang="en", table_id=host.session.table_id, keys=[host.session.keys[1]], claim=True
    )
    feed = RecordingFeed()
    fed(phone, feed)
    first = phone.session.table_id
    assert set(feed.listeners) == {first}
    TableSession.open(store, host.session.table_id)[0].close()
    host.poll()
    host.start({"mode": "hakoniwa", "players": 2}, None, ["human", "human"])
    feed.tell(first, store.revision(first))  # the old table's successor was set: heard through the feed
    assert phone.session.table_id == host.session.table_id != first
    assert set(feed.listeners) == {phone.session.table_id}  # watching the new table, not the old
    phone.close()
    assert feed.listeners == {}


def test_an_idle_page_gives_its_store_connection_back(store, monkeypatch):
    tablet, _ = two_devices(store)
    monkeypatch.setattr(table_watch, "RELEASE_AFTER_SECONDS", 0.0)
    store.revision(tablet.session.table_id)
    tablet._release_if_idle()
    assert not store.holds_connection
    monkeypatch.setattr(table_watch, "RELEASE_AFTER_SECONDS", 3600.0)
    store.revision(tablet.session.table_id)
    tablet._release_if_idle()
    assert store.holds_connection  # used a moment ago: kept


def test_a_fed_page_still_takes_over_an_automatic_move_left_undone(store, monkeypatch):
    """The store is asked at a beat only when a bot's or a roll's turn has waited too long (``TableSession.stalled``)."""
    tablet, phone = two_devices(store)
    feed = RecordingFeed()
    fed(phone, feed)
    polls: list[bool] = []
    monkeypatch.setattr(phone, "poll", lambda: polls.append(True) or False)
    phone._on_beat(phone.page_link, {"beat": 1}, [])
    assert polls == []
    monkeypatch.setattr(phone.session, "stalled", lambda auto_roll: True)
    phone._on_beat(phone.page_link, {"beat": 2}, [])
    assert polls == [True]
