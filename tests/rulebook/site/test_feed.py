"""The server's table feed (rulebook.site.feed) with the kernels' client (rulebook.tables.feed_client).

On real stores: a SQLite file, and a PostgreSQL database (the test server of
``tests/support/pg_server.py``). A write made through another store object
(another process's connection, as another server or page would) must reach a
watching client within a second; a dropped PostgreSQL listener comes back
and asks every kernel to re-check; bad messages are refused and the server
goes on serving.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat
import time
from collections.abc import Iterator
from typing import Any, Awaitable, Callable

import pytest

from rulebook.site import feed as feed_mod
from rulebook.site.feed import Feed, Message, parse
from rulebook.tables.feed_client import MAX_LINE, MAX_WATCHED, FeedClient, encode
from rulebook.tables.opening import forget_stores, open_store
from rulebook.tables.store import StoredStep, TableStore


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite://{tmp_path / 'tables.sqlite'}"
    else:
        yield request.getfixturevalue("fresh_postgres_url")
    forget_stores()


def second_store(url: str) -> TableStore:
    """Another connection to the same database (another server's or page's), not the cached one."""
    if url.startswith("postgresql"):
        from rulebook.tables.postgres import PostgresStore

        return PostgresStore(url)
    from rulebook.tables.sqlite import SQLiteStore

    return SQLiteStore(url[len("sqlite://") :])


def new_table(store: TableStore) -> str:
    return store.create(game="nim", version=1, options={}, seats=["human", "human"], table_mode=False, seed=1).id


def move(store: TableStore, table: str) -> int:
    info = store.info(table)
    return store.append(table, info.revision, [StoredStep("take 1", 0, True, 0)]).revision


async def until(check: Callable[[], bool], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.02)
    return check()


async def in_thread(fn: Callable[..., Any], *args: Any) -> Any:
    """Store calls block: run them off the loop, as the kernels and the other server would."""
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def run(body: Callable[[Feed], Awaitable[None]], url: str) -> None:
    async def main() -> None:
        feed = Feed(url)
        await feed.start()
        try:
            await body(feed)
        finally:
            await feed.stop()
        assert not feed.folder.exists()

    asyncio.run(main())


# ----- messages -------------------------------------------------------------------------------------------------
TABLE = "AbCdEfGhIjKl"


@pytest.mark.parametrize(
    "line, reason",
    [
        (b"not json", "not JSON"),
        (b"[1, 2]", "not an object"),
        (b"{}", "expected exactly one"),
        (json.dumps({"watch": TABLE, "unwatch": TABLE}).encode(), "expected exactly one"),
        (json.dumps({"watch": "../../etc"}).encode(), "not a table id"),
        (json.dumps({"watch": 5}).encode(), "not a table id"),
        (json.dumps({"watch": TABLE, "extra": 1}).encode(), "unexpected fields"),
        (json.dumps({"present": TABLE}).encode(), "needs seats"),
        (json.dumps({"present": TABLE, "seats": list(range(65))}).encode(), "needs seats"),
        (json.dumps({"present": TABLE, "seats": [-1]}).encode(), "bad seat"),
        (json.dumps({"present": TABLE, "seats": [True]}).encode(), "bad seat"),
        (json.dumps({"absent": TABLE, "seats": ["0"]}).encode(), "bad seat"),
    ],
)
def test_a_bad_message_is_refused_with_its_reason(line: bytes, reason: str):
    refused = parse(line)
    assert isinstance(refused, str) and reason in refused


def test_good_messages_parse():
    assert parse(encode({"watch": TABLE})) == Message("watch", TABLE)
    assert parse(encode({"unwatch": TABLE})) == Message("unwatch", TABLE)
    assert parse(encode({"present": TABLE, "seats": [2, 0, 2]})) == Message("present", TABLE, (0, 2))
    assert parse(encode({"absent": TABLE, "seats": []})) == Message("absent", TABLE, ())


def test_presence_touches_group_a_tables_seats_by_when():
    ready = {"B": {0: None, 1: 0.0, 2: None}, "A": {3: None}}
    assert feed_mod.presence_touches(ready, 50.0) == [("A", (3,), 50.0), ("B", (1,), 0.0), ("B", (0, 2), 50.0)]


def test_no_feed_for_an_in_memory_store():
    assert not feed_mod.feed_wanted("memory:")
    assert not feed_mod.feed_wanted("")
    assert feed_mod.feed_wanted("sqlite:///tmp/x.sqlite")
    assert feed_mod.feed_wanted("postgresql://u@h/db")


# ----- a real store ---------------------------------------------------------------------------------------------
def test_the_socket_is_private(store_url: str):
    async def body(feed: Feed) -> None:
        assert stat.S_IMODE(os.stat(feed.folder).st_mode) == 0o700
        assert stat.S_IMODE(os.stat(feed.path).st_mode) == 0o600

    run(body, store_url)


def test_a_write_through_another_store_is_heard_within_a_second(store_url: str):
    store, other = open_store(store_url), second_store(store_url)
    table, unwatched = new_table(store), new_table(store)

    async def body(feed: Feed) -> None:
        client = FeedClient(feed.path, asyncio.get_running_loop())
        heard: list[int | None] = []
        client.watch(table, heard.append)
        client.start()
        assert await until(lambda: client.hears(table))
        assert await until(lambda: None in heard)  # the watch began: catch up once
        heard.clear()
        revision = await in_thread(move, other, table)
        started = time.monotonic()
        assert await until(lambda: revision in heard, 1.0), heard
        assert time.monotonic() - started < 1.0
        # a table nobody here watches is not told
        await in_thread(move, other, unwatched)
        await asyncio.sleep(0.6)
        assert all(r in (revision, None) for r in heard)
        # after unwatching, the table's moves are no longer told
        client.unwatch(table, heard.append)
        await asyncio.sleep(0.1)
        heard.clear()
        await in_thread(move, other, table)
        await asyncio.sleep(0.6)
        assert heard == []
        client.close()

    run(body, store_url)
    other.close()


def test_presence_is_written_at_most_once_per_table_per_window(store_url: str):
    store = open_store(store_url)
    table, other = new_table(store), new_table(store)

    async def body(feed: Feed) -> None:
        client = FeedClient(feed.path, asyncio.get_running_loop())
        client.watch(table, lambda _: None)
        client.start()
        assert await until(lambda: client.hears(table))
        assert client.present(table, [0])
        assert await until(lambda: 0 in store.presence(table), 2.0)
        first = store.presence(table)[0]
        writes = feed.presence_writes
        for _ in range(5):  # a burst of beats: batched into the next window
            client.present(table, [0, 1])
            await asyncio.sleep(0.1)
        assert feed.presence_writes == writes
        assert await until(lambda: 1 in store.presence(table), feed_mod.PRESENCE_SECONDS + 1.5)
        assert feed.presence_writes == writes + 1
        assert store.presence(table)[0] > first
        client.absent(table, [0, 1])
        assert await until(lambda: store.presence(table) == {0: 0.0, 1: 0.0}, feed_mod.PRESENCE_SECONDS + 1.5)
        # two tables due in the same round: one transaction
        client.watch(other, lambda _: None)
        assert await until(lambda: client.hears(other))
        await asyncio.sleep(feed_mod.PRESENCE_SECONDS)
        rounds = feed.presence_transactions
        client.present(table, [1])
        client.present(other, [0])
        assert await until(lambda: 0 in store.presence(other) and store.presence(table).get(1, 0.0) > 0, 3.0)
        assert feed.presence_transactions == rounds + 1
        client.close()

    run(body, store_url)


def test_bad_and_oversized_messages_do_not_harm_the_server(store_url: str):
    store, other = open_store(store_url), second_store(store_url)
    table = new_table(store)

    async def body(feed: Feed) -> None:
        good = FeedClient(feed.path, asyncio.get_running_loop())
        heard: list[int | None] = []
        good.watch(table, heard.append)
        good.start()
        assert await until(lambda: good.hears(table))

        reader, writer = await asyncio.open_unix_connection(feed.path)
        writer.write(b"nonsense\n" + encode({"present": table, "seats": [0]}))  # presence for an unwatched table
        first, second = json.loads(await reader.readline()), json.loads(await reader.readline())
        assert "error" in first and "presence only for a watched table" in second["error"]
        for k in range(MAX_WATCHED):
            writer.write(encode({"watch": f"{table[:-2]}{k:02d}"}))
        writer.write(encode({"watch": table[:-2] + "zz"}))
        answers = [json.loads(await reader.readline()) for _ in range(MAX_WATCHED + 1)]
        assert answers[-1] == {"error": f"at most {MAX_WATCHED} tables watched at once"}
        assert sum(1 for a in answers if "watching" in a) == MAX_WATCHED
        writer.write(b"x" * (MAX_LINE * 2) + b"\n")  # too long: this connection ends, nothing else
        assert await reader.read() == b""
        assert await until(lambda: len(feed.clients) == 1)
        assert set(feed.watchers) == {table}
        assert feed.pending == {}

        revision = await in_thread(move, other, table)
        assert await until(lambda: revision in heard, 1.0)
        good.close()

    run(body, store_url)
    other.close()


def test_a_client_reconnects_and_catches_up(tmp_path):
    url = f"sqlite://{tmp_path / 'tables.sqlite'}"
    store = open_store(url)
    table = new_table(store)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        feed = Feed(url)
        await feed.start()
        client = FeedClient(feed.path, loop)
        heard: list[int | None] = []
        client.watch(table, heard.append)
        client.start()
        assert await until(lambda: client.hears(table))
        for kernel in list(feed.clients):  # the server drops the kernel's connection
            kernel.writer.close()
        assert await until(lambda: not client.hears(table))
        heard.clear()
        assert await until(lambda: client.hears(table) and client.connects == 2, 5.0)
        assert None in heard  # re-watched and told to catch up once
        revision = await in_thread(move, store, table)
        assert await until(lambda: revision in heard, 1.0)
        client.close()
        await feed.stop()

    asyncio.run(main())


def test_a_dropped_postgres_listener_comes_back_and_asks_for_a_recheck(postgres_url: str):
    store, other = open_store(postgres_url), second_store(postgres_url)
    table = new_table(store)

    async def body(feed: Feed) -> None:
        client = FeedClient(feed.path, asyncio.get_running_loop())
        heard: list[int | None] = []
        client.watch(table, heard.append)
        client.start()
        assert await until(lambda: client.hears(table) and feed.watcher.connects == 1)
        pid = feed.watcher.backend_pid
        heard.clear()
        await in_thread(lambda: other._run(lambda cur: cur.execute("SELECT pg_terminate_backend(?)", (pid,))))
        assert await until(lambda: feed.watcher.connects == 2, 10.0)
        assert feed.watcher.backend_pid != pid
        assert await until(lambda: None in heard, 2.0)  # notices may have been missed: look once
        revision = await in_thread(move, other, table)
        assert await until(lambda: revision in heard, 1.0)
        client.close()

    run(body, postgres_url)
    other.close()


def test_the_server_process_exports_the_feed_to_kernels(tmp_path):
    from rulebook.site.serve import SiteOptions, site_environment, start_feed
    from rulebook.tables.feed_client import ENV_FEED

    options = SiteOptions(data=tmp_path, db=f"sqlite://{tmp_path / 'tables.sqlite'}")
    feed = start_feed(options)
    try:
        assert feed is not None
        assert site_environment(options, feed.path)[ENV_FEED] == feed.path
        assert site_environment(options)[ENV_FEED] == ""
    finally:
        feed.remove()


# ----- a real site on SQLite ------------------------------------------------------------------------------------
def test_a_site_on_sqlite_pushes_a_move_to_another_page(tmp_path):
    """``rulebook serve`` on its default SQLite store: pages join the feed, a move reaches a spectator's kernel."""
    import shutil

    from rulebook.site.serve import SiteOptions, default_notebooks_dir
    from tests.support.open_page import OpenPage, feed_connections
    from tests.support.site_process import SiteProcess, free_port

    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    shutil.copy(default_notebooks_dir() / "chiritsumo.ipynb", notebooks / "chiritsumo.ipynb")
    options = SiteOptions(port=free_port(), notebooks=notebooks, data=tmp_path / "data", pool_size=1, max_kernels=6)
    pages: list[OpenPage] = []
    with SiteProcess(options, log_path=tmp_path / "site.log") as site:
        try:
            player = OpenPage(site.port, "10.31.0.1", {"lang": "en"}).open()
            assert player.ready.wait(120) and not player.error, f"{player.error}\n{site.log_tail()}"
            pages.append(player)
            table = player.query()["t"]
            spectator = OpenPage(site.port, "10.31.0.2", {"lang": "en", "t": table}, plays=False).open()
            assert spectator.ready.wait(120) and not spectator.error, f"{spectator.error}\n{site.log_tail()}"
            pages.append(spectator)
            time.sleep(1.5)
            path, connected = feed_connections(site.pid)
            assert path.startswith(tempfile_root()) and connected == 2, (path, connected)
            before = spectator.drawing()
            started = time.monotonic()
            player.move()
            assert spectator.wait_redrawn(before, 5.0), site.log_tail()
            assert time.monotonic() - started < 3.0
        finally:
            for page in pages:
                page.leave()


def tempfile_root() -> str:
    import tempfile

    return tempfile.gettempdir()


def test_a_kernel_that_stops_reading_is_dropped_not_buffered_for(tmp_path):
    url = f"sqlite://{tmp_path / 'tables.sqlite'}"
    table = new_table(open_store(url))

    async def body(feed: Feed) -> None:
        reader, writer = await asyncio.open_unix_connection(feed.path)
        writer.write(encode({"watch": table}))
        assert json.loads(await reader.readline()) == {"watching": table}
        for revision in range(40_000):  # ~1.5 MB of news it never reads
            feed.heard(table, revision)
            if not feed.clients:
                break
            if revision % 1000 == 0:
                await asyncio.sleep(0)
        assert await until(lambda: not feed.clients and not feed.watchers, 5.0)
        writer.close()

    run(body, url)
