"""The server's table feed: one store watcher per server, fanned out to its pages' kernels.

Why: every open page used to poll its table's revision four times a second
and write presence at each heartbeat from its own kernel, each kernel
holding its own store connection. With several servers on one PostgreSQL
that is a database backend and ~4 queries a second per visitor. Here the
server watches the store ONCE and pushes:

- **PostgreSQL**: one dedicated connection ``LISTEN rb_tables`` (the store's
  writes ``pg_notify`` ``"<table_id> <revision>"`` in their transaction:
  ``rulebook.tables.postgres``), read in a thread; if it drops it is
  reopened with backoff, and every kernel is told to re-check once, since
  notices sent meanwhile are lost.
- **SQLite**: one thread reads ``PRAGMA data_version`` every
  ``SQLITE_SECONDS`` (it changes when another connection commits) and on a
  change reads the watched tables' revisions in one query.

Kernels connect to a Unix socket in a private (0700) folder, whose path is
exported to them as ``$RULEBOOK_FEED``; the protocol is
``rulebook.tables.feed_client``'s. Presence (the host page's "connected")
arrives as messages and is written at most once per table per
``PRESENCE_SECONDS``, every table due in one transaction a round. Kernels run code a visitor reaches, so what one may
send is bounded: line length, tables watched, seats named, ids shaped like
table ids; a bad message gets ``{"error": ...}`` and changes nothing, an
over-long line closes that connection, never the server.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import socket
import sqlite3
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from rulebook.tables.feed_client import MAX_LINE, MAX_SEATS, MAX_WATCHED, encode
from rulebook.tables.store import is_token_text

log = logging.getLogger("rulebook.feed")

PRESENCE_SECONDS = 3.5
"""At most one presence write per table this often (a page beats every 4 s; "connected" lasts 8 s)."""
FLUSH_SECONDS = 1.0
"""How often the server writes the presence that is due, all tables in one transaction: at most one a
second per server, however many pages are open."""
SQLITE_SECONDS = 0.25
"""How often the SQLite watcher asks the file whether anyone committed (moves show within a second)."""
LISTEN_TIMEOUT = 1.0
"""Seconds the PostgreSQL listener waits for a notice before looking whether it must stop."""
BACKOFF_SECONDS = (0.5, 1.0, 2.0, 5.0, 10.0)
"""Waits before reopening a lost listener connection (the last repeats)."""
MAX_CLIENTS = 4096
"""Kernel connections at once (the kernel cap is far lower): more are closed at once."""
MAX_ERRORS = 20
"""Refused messages one connection may send before it is closed."""
MAX_BACKLOG = 256 * 1024
"""Bytes queued to one kernel that does not read before its connection is closed (never the server's memory)."""
KINDS = ("watch", "unwatch", "present", "absent")


# ----- messages ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Message:
    """One kernel request, checked."""

    kind: str
    table: str
    seats: tuple[int, ...] = ()


def parse(line: bytes) -> Message | str:
    """A kernel's line as a ``Message``, or the reason it is refused (pure: the server only reports it)."""
    try:
        data = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return "not JSON"
    if not isinstance(data, dict):
        return "not an object"
    kinds = [k for k in KINDS if k in data]
    if len(kinds) != 1:
        return f"expected exactly one of {', '.join(KINDS)}"
    kind = kinds[0]
    table = data[kind]
    if not is_token_text(table):
        return "not a table id"
    if kind in ("watch", "unwatch"):
        return "unexpected fields" if len(data) != 1 else Message(kind, table)
    seats = data.get("seats")
    if set(data) != {kind, "seats"} or not isinstance(seats, list) or len(seats) > MAX_SEATS:
        return f"{kind} needs seats: a list of at most {MAX_SEATS} seat numbers"
    if not all(type(s) is int and 0 <= s < MAX_SEATS for s in seats):
        return "bad seat number"
    return Message(kind, table, tuple(sorted(set(seats))))


# ----- watchers of the store ----------------------------------------------------------------------------------
Heard = Callable[[str, int], None]
"""Called (on the watcher's thread) with a table and its new revision."""
Recheck = Callable[[], None]
"""Called (on the watcher's thread) when notices may have been missed."""


class Watcher:
    """A thread that watches the store; ``tables`` is the set the server wants heard (replaced whole)."""

    def __init__(self, heard: Heard, recheck: Recheck) -> None:
        self.heard = heard
        self.recheck = recheck
        self.tables: frozenset[str] = frozenset()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._main, name=type(self).__name__, daemon=True)
        self.connects = 0
        """How many times the watcher (re)opened its connection (tests: a reconnection)."""

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._thread.join(timeout)

    def _main(self) -> None:
        failures = 0
        while not self._stop.is_set():
            try:
                self.watch()
                failures = 0
            except Exception as error:  # noqa: BLE001 - a lost database: wait, reopen, ask for a recheck
                if self._stop.is_set():
                    return
                log.warning("the table feed lost the store (%s); reconnecting", type(error).__name__)
                self._stop.wait(BACKOFF_SECONDS[min(failures, len(BACKOFF_SECONDS) - 1)])
                failures += 1

    def watch(self) -> None:
        """Connect and watch until stopped (returns) or the connection fails (raises)."""
        raise NotImplementedError


class PostgresWatcher(Watcher):
    """One connection LISTENing on ``rb_tables`` for the whole server."""

    def __init__(self, url: str, heard: Heard, recheck: Recheck) -> None:
        super().__init__(heard, recheck)
        self.url = url
        self.backend_pid: int | None = None
        """The listening connection's server process (tests end it to see a reconnection)."""

    def watch(self) -> None:
        import psycopg

        from rulebook.tables.postgres import CONNECT_TIMEOUT, NOTIFY_CHANNEL

        with psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name="rulebook-feed") as conn:
            conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
            self.backend_pid = conn.info.backend_pid
            self.connects += 1
            self.recheck()  # anything committed before LISTEN took effect was not heard
            while not self._stop.is_set():
                for notice in conn.notifies(timeout=LISTEN_TIMEOUT):
                    table, _, revision = notice.payload.partition(" ")
                    if revision.isdigit():
                        self.heard(table, int(revision))
                    if self._stop.is_set():
                        return


class SQLiteWatcher(Watcher):
    """One thread asking the file whether anyone committed, and then the watched tables' revisions."""

    def __init__(self, path: str, heard: Heard, recheck: Recheck) -> None:
        super().__init__(heard, recheck)
        self.path = path

    def watch(self) -> None:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            self.connects += 1
            self.recheck()
            version, seen, known = None, frozenset[str](), dict[str, int]()
            while not self._stop.wait(SQLITE_SECONDS):
                (now_version,) = db.execute("PRAGMA data_version").fetchone()
                tables = self.tables
                if now_version == version and tables == seen:
                    continue
                version, seen = now_version, tables
                known = {t: r for t, r in known.items() if t in tables}
                for table, revision in self._revisions(db, tables).items():
                    # a table just watched is told too: its kernel may have read it just before this commit
                    if known.get(table) != revision:
                        self.heard(table, revision)
                        known[table] = revision
        finally:
            db.close()

    @staticmethod
    def _revisions(db: sqlite3.Connection, tables: frozenset[str]) -> dict[str, int]:
        if not tables:
            return {}
        marks = ", ".join("?" * len(tables))
        rows = db.execute(f"SELECT id, revision FROM rb_tables WHERE id IN ({marks})", tuple(tables)).fetchall()
        return {str(table): int(revision) for table, revision in rows}


def watcher_for(store_url: str, heard: Heard, recheck: Recheck) -> Watcher | None:
    """The watcher of the store at ``store_url``; ``None`` for an in-memory store (every kernel has its own)."""
    from rulebook.tables.opening import open_store
    from rulebook.tables.sqlite import SQLiteStore

    if store_url.startswith(("postgresql://", "postgres://")):
        return PostgresWatcher(store_url, heard, recheck)
    store = open_store(store_url)
    if isinstance(store, SQLiteStore) and store.path != ":memory:":
        return SQLiteWatcher(store.path, heard, recheck)
    return None


# ----- the socket ------------------------------------------------------------------------------------------------
@dataclass(eq=False)
class Client:
    """One kernel's connection."""

    writer: asyncio.StreamWriter
    tables: set[str] = field(default_factory=set)
    errors: int = 0

    def send(self, message: dict[str, Any]) -> None:
        """Queue a line; a kernel that stopped reading (its backlog past ``MAX_BACKLOG``) is dropped."""
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            self.writer.transport.abort()  # at once (close() would wait to send the backlog); the kernel polls, reconnects
            return
        self.writer.write(encode(message))


class Feed:
    """The server's feed: the socket kernels connect to, the store watcher, the batched presence.

    Made (and its socket bound) before the kernels start, so the path can be
    exported to them; ``start()`` runs it on the server's event loop.
    """

    def __init__(self, store_url: str) -> None:
        self.store_url = store_url
        self.folder = Path(tempfile.mkdtemp(prefix="rulebook-feed-"))  # mkdtemp: mode 0700, only this user
        self.path = str(self.folder / "feed.sock")
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._socket.bind(self.path)
        os.chmod(self.path, 0o600)
        self._socket.listen(128)
        self._socket.setblocking(False)
        self.clients: set[Client] = set()
        self.watchers: dict[str, set[Client]] = {}
        self.pending: dict[str, dict[int, float | None]] = {}
        """table -> seat -> ``None`` (present: written with the time of writing) or ``0.0`` (gone)."""
        self.written: dict[str, float] = {}
        self.presence_writes = 0
        """Tables whose presence was written so far (tests: bursts are batched)."""
        self.presence_transactions = 0
        """Store transactions spent on presence so far (one per round at most)."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watcher: Watcher | None = None
        self._server: asyncio.AbstractServer | None = None
        self._tasks: list[asyncio.Task[Any]] = []
        self._flushing = False

    # ----- life ----------------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Serve kernels and watch the store (call on the server's event loop)."""
        self.loop = asyncio.get_running_loop()
        self._server = await asyncio.start_unix_server(self._serve, sock=self._socket, limit=MAX_LINE)
        self.watcher = watcher_for(self.store_url, self._heard_threadsafe, self._recheck_threadsafe)
        if self.watcher is not None:
            self.watcher.start()
        self._tasks.append(self.loop.create_task(self._flush_every()))

    async def stop(self) -> None:
        """Close every connection, stop the watcher, remove the folder."""
        for task in self._tasks:
            task.cancel()
        if self._server is not None:
            self._server.close()
        for client in list(self.clients):
            client.writer.close()
        if self.watcher is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.watcher.stop)
        await self.flush(force=True)
        self.remove()

    def remove(self) -> None:
        """Remove the socket's folder (also at exit if the loop never stopped us)."""
        shutil.rmtree(self.folder, ignore_errors=True)

    # ----- the store's news --------------------------------------------------------------------------------------
    def _heard_threadsafe(self, table: str, revision: int) -> None:
        self._on_loop(self.heard, table, revision)

    def _recheck_threadsafe(self) -> None:
        self._on_loop(self.recheck)

    def _on_loop(self, fn: Callable[..., None], *args: Any) -> None:
        """Hand the watcher thread's news to the loop (dropped once the loop has closed: the server is going)."""
        if self.loop is not None:
            try:
                self.loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:
                pass

    def heard(self, table: str, revision: int) -> None:
        """``table`` is at ``revision`` now: tell the kernels watching it."""
        for client in list(self.watchers.get(table, ())):
            client.send({"table": table, "revision": revision})

    def recheck(self) -> None:
        """Notices may have been missed: every kernel catches up once."""
        for client in list(self.clients):
            client.send({"recheck": True})

    def _watched_changed(self) -> None:
        if self.watcher is not None:
            self.watcher.tables = frozenset(self.watchers)

    # ----- kernels ------------------------------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if len(self.clients) >= MAX_CLIENTS:
            writer.close()
            return
        client = Client(writer)
        self.clients.add(client)
        try:
            while client.errors < MAX_ERRORS:
                line = await reader.readline()
                if not line:
                    break
                self.handle(client, line)
        except (ValueError, asyncio.LimitOverrunError, asyncio.IncompleteReadError, OSError):
            pass  # an over-long line or a lost kernel: this connection ends, nothing else
        finally:
            self.forget(client)
            writer.close()

    def handle(self, client: Client, line: bytes) -> None:
        """One line from a kernel: do what it asks, or say why not (and change nothing)."""
        message = parse(line)
        if isinstance(message, str):
            client.errors += 1
            client.send({"error": message})
            return
        table = message.table
        if message.kind == "watch":
            if table not in client.tables and len(client.tables) >= MAX_WATCHED:
                client.errors += 1
                client.send({"error": f"at most {MAX_WATCHED} tables watched at once"})
                return
            client.tables.add(table)
            self.watchers.setdefault(table, set()).add(client)
            self._watched_changed()
            client.send({"watching": table})
        elif message.kind == "unwatch":
            self._unwatch(client, table)
        elif table not in client.tables:
            client.errors += 1
            client.send({"error": "presence only for a watched table"})
        else:
            seats = self.pending.setdefault(table, {})
            for seat in message.seats:
                seats[seat] = None if message.kind == "present" else 0.0

    def _unwatch(self, client: Client, table: str) -> None:
        client.tables.discard(table)
        watchers = self.watchers.get(table)
        if watchers is not None:
            watchers.discard(client)
            if not watchers:
                del self.watchers[table]
                self._watched_changed()

    def forget(self, client: Client) -> None:
        """A kernel went away: its watches end (its seats' presence simply stops being renewed)."""
        self.clients.discard(client)
        for table in list(client.tables):
            self._unwatch(client, table)

    # ----- presence ------------------------------------------------------------------------------------------------
    def due(self, now: float) -> dict[str, dict[int, float | None]]:
        """The pending presence whose table was last written ``PRESENCE_SECONDS`` ago or more (taken out)."""
        ready = {t: s for t, s in self.pending.items() if s and now - self.written.get(t, -PRESENCE_SECONDS) >= PRESENCE_SECONDS}
        for table in ready:
            del self.pending[table]
            self.written[table] = now
        for table in [t for t, at in self.written.items() if now - at >= PRESENCE_SECONDS and t not in self.pending]:
            del self.written[table]
        return ready

    async def flush(self, force: bool = False) -> None:
        """Write the presence that is due (in a thread: the store blocks)."""
        if self._flushing or self.loop is None:
            return
        now = time.monotonic()
        ready = self.due(now if not force else now + PRESENCE_SECONDS * 2)
        if not ready:
            return
        self._flushing = True
        try:
            await self.loop.run_in_executor(None, self._write_presence, ready)
        finally:
            self._flushing = False

    def _write_presence(self, ready: dict[str, dict[int, float | None]]) -> None:
        """One transaction for the round's tables (``TableStore.touch_many``): present seats now, gone ones at 0."""
        from rulebook.tables.opening import open_store

        touches = presence_touches(ready, time.time())
        try:
            open_store(self.store_url).touch_many(touches)
        except Exception:  # noqa: BLE001 - a store down: presence is best effort, the next beats write it again
            log.warning("the table feed could not write presence", exc_info=True)
            return
        self.presence_transactions += 1
        self.presence_writes += len(ready)

    async def _flush_every(self) -> None:
        while True:
            await asyncio.sleep(FLUSH_SECONDS)
            try:
                await self.flush()
            except Exception:  # noqa: BLE001 - the next round tries again
                log.exception("writing presence failed")


def presence_touches(ready: dict[str, dict[int, float | None]], now: float) -> list[tuple[str, tuple[int, ...], float]]:
    """``(table, seats, when)`` for ``touch_many``: a table's present seats at ``now``, its gone ones at 0."""
    touches = []
    for table, seats in sorted(ready.items()):
        for when in sorted({now if w is None else w for w in seats.values()}):
            chosen = tuple(sorted(seat for seat, w in seats.items() if (now if w is None else w) == when))
            touches.append((table, chosen, when))
    return touches


def feed_wanted(store_url: str) -> bool:
    """A feed helps only when the pages share a store (not ``memory:``, where each kernel has its own)."""
    url = store_url.strip()
    return bool(url) and url != "memory:" and url not in ("sqlite://", "sqlite:", "sqlite::memory:")
