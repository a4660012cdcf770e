"""A page's kernel's end of the server's table feed (``rulebook.site.feed``): hear revisions, send presence.

Why: a page used to ask the store for its table's revision four times a
second and write its seats' presence at every heartbeat, so every open page
cost the database a connection and a steady stream of queries. Under
``rulebook serve`` the server watches the store once (PostgreSQL LISTEN, or
one SQLite watcher) and tells each kernel, over a Unix socket whose path is
``$RULEBOOK_FEED``, when a table it watches moved; presence goes the same
way and the server writes it in batches.

The protocol is newline-delimited JSON objects (one line at most
``MAX_LINE`` bytes):

- kernel -> server: ``{"watch": table_id}``, ``{"unwatch": table_id}``,
  ``{"present": table_id, "seats": [0, 2]}``, ``{"absent": table_id, "seats": [..]}``;
- server -> kernel: ``{"watching": table_id}`` (from now on its revisions are
  heard: catch up once), ``{"table": table_id, "revision": n}``,
  ``{"recheck": true}`` (notices may have been missed: catch up once),
  ``{"error": text}`` (a message refused; nothing changed).

This module runs in kernels, so it imports nothing of the server (no
Tornado): only asyncio and json. Without ``$RULEBOOK_FEED`` (a notebook
outside ``rulebook serve``), or while the socket is down, ``hears`` is False
and the page polls the store as before; the client reconnects with backoff.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any, Callable, Iterable

ENV_FEED = "RULEBOOK_FEED"
"""The environment variable holding the feed socket's path (set by ``rulebook serve`` for its kernels)."""
MAX_LINE = 4096
"""Bytes in one message line, either way: a longer one closes the connection."""
MAX_WATCHED = 8
"""Tables one kernel may watch at once (a page watches one; following to the next game moves the watch)."""
MAX_SEATS = 64
"""Seats named in one presence message."""
BACKOFF_SECONDS = (0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
"""Waits between reconnection attempts (the last repeats): the page polls meanwhile."""

Listener = Callable[[int | None], None]
"""Told a table's new revision, or ``None``: "catch up once" (a watch began, or notices may have been missed)."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line (compact JSON, ASCII, newline-terminated)."""
    return (json.dumps(message, separators=(",", ":")) + "\n").encode("ascii")


class FeedClient:
    """One kernel's connection to the feed, shared by its pages (one listener per table and page)."""

    def __init__(self, path: str, loop: asyncio.AbstractEventLoop) -> None:
        self.path = path
        self.loop = loop
        self._listeners: dict[str, list[Listener]] = {}
        self._acked: set[str] = set()
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self.connects = 0
        """Successful connections so far (tests see a reconnection)."""

    # ----- what pages call --------------------------------------------------------------------------------
    def start(self) -> None:
        """Connect in the background (and again after every loss)."""
        if self._task is None:
            self._task = self.loop.create_task(self._run())

    def hears(self, table_id: str) -> bool:
        """The server confirmed the watch of ``table_id`` and the connection is up: no need to poll."""
        return self._writer is not None and table_id in self._acked

    def watch(self, table_id: str, listener: Listener) -> None:
        """Tell ``listener`` about ``table_id`` from now on (its first call: catch up once)."""
        listeners = self._listeners.setdefault(table_id, [])
        if listener not in listeners:
            listeners.append(listener)
        if len(listeners) == 1:
            self._send({"watch": table_id})

    def unwatch(self, table_id: str, listener: Listener) -> None:
        """Stop telling ``listener`` about ``table_id`` (the server forgets the table when nobody is left)."""
        listeners = self._listeners.get(table_id, [])
        if listener in listeners:
            listeners.remove(listener)
        if not listeners and table_id in self._listeners:
            del self._listeners[table_id]
            self._acked.discard(table_id)
            self._send({"unwatch": table_id})

    def present(self, table_id: str, seats: Iterable[int]) -> bool:
        """These seats' page is alive (the server writes it, batched); False if not sent (then touch the store)."""
        return self.hears(table_id) and self._send({"present": table_id, "seats": sorted(set(seats))[:MAX_SEATS]})

    def absent(self, table_id: str, seats: Iterable[int]) -> bool:
        """These seats' page is leaving; False if not sent."""
        return self.hears(table_id) and self._send({"absent": table_id, "seats": sorted(set(seats))[:MAX_SEATS]})

    def close(self) -> None:
        """Stop (tests; a kernel just exits)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._drop()

    # ----- the connection ---------------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> bool:
        writer = self._writer
        if writer is None or writer.is_closing():
            return False
        try:
            writer.write(encode(message))
        except (OSError, RuntimeError):
            self._drop()
            return False
        return True

    def _drop(self) -> None:
        writer, self._writer = self._writer, None
        self._acked.clear()
        if writer is not None:
            try:
                writer.close()
            except (OSError, RuntimeError):
                pass

    async def _run(self) -> None:
        failures = 0
        while True:
            try:
                reader, writer = await asyncio.open_unix_connection(self.path, limit=MAX_LINE)
            except OSError:
                await asyncio.sleep(BACKOFF_SECONDS[min(failures, len(BACKOFF_SECONDS) - 1)])
                failures += 1
                continue
            failures = 0
            self.connects += 1
            self._writer = writer
            for table_id in list(self._listeners):
                self._send({"watch": table_id})
            try:
                await self._read(reader)
            except (OSError, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                pass
            self._drop()
            await asyncio.sleep(BACKOFF_SECONDS[0])

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while True:
            line = await reader.readline()
            if not line:
                return
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict):
                self._heard(message)

    def _heard(self, message: dict[str, Any]) -> None:
        watching = message.get("watching")
        table_id = message.get("table") or watching
        if message.get("recheck") is True:
            for listened in list(self._listeners):
                self._tell(listened, None)
        elif isinstance(watching, str) and isinstance(table_id, str):
            self._acked.add(table_id)
            self._tell(table_id, None)
        elif isinstance(table_id, str) and type(message.get("revision")) is int:
            self._tell(table_id, message["revision"])

    def _tell(self, table_id: str, revision: int | None) -> None:
        for listener in list(self._listeners.get(table_id, ())):
            try:
                listener(revision)
            except Exception:  # one page's failure must not stop the others hearing (pages guard their own)
                pass


_SHARED: dict[int, FeedClient] = {}


def shared_feed(loop: asyncio.AbstractEventLoop) -> FeedClient | None:
    """This kernel's feed client on ``loop`` (started on first use), or ``None`` without ``$RULEBOOK_FEED``."""
    path = os.environ.get(ENV_FEED, "").strip()
    if not path:
        return None
    client = _SHARED.get(id(loop))
    if client is None or client.loop is not loop or client.path != path:
        client = _SHARED[id(loop)] = FeedClient(path, loop)
        client.start()
    return client
