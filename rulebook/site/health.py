"""The server's word to its proxy (issue 30): ``/healthz``, and the drain that a SIGTERM starts.

Several ``rulebook serve`` run behind one nginx (docs/deploy.md). The proxy
asks each one ``GET /healthz`` and needs a plain answer:

- ``ready`` (200): pages may come here;
- ``draining`` (503): told to stop (SIGTERM, a rolling restart): open pages
  keep playing, new ones go to another server;
- ``not ready`` (503): not serving yet, or the table store does not answer
  (a page here could show nothing but an error).

The store is asked with one cheap query (the revision of a table that does
not exist), in a thread of its own and under a short timeout, and the
answer is kept for a second or two: a proxy probing every second costs the
store one query per ``STORE_CHECK_TTL``, and a store that hangs never
blocks the server's event loop.

A draining server ends by itself: once no visitor page is open, or after
``--drain-seconds``, the kernel websockets still open are closed with code
``CLOSE_RESTARTING`` (the page says "this server is restarting" and reloads
through the proxy: the URL carries its table and seat), and the server
exits 0. Pure bookkeeping and Tornado handlers; ``app.py`` wires them in.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

import tornado.web

READY = "ready"
DRAINING = "draining"
NOT_READY = "not ready"
#: Close code of a kernel websocket when its server drains (4001/4002 are in ``limits.py``).
CLOSE_RESTARTING = 4003
#: How long a store check's answer is kept (a proxy probes every second or two).
STORE_CHECK_TTL = 2.0
#: How long ``/healthz`` waits for the store before saying ``not ready``.
STORE_CHECK_TIMEOUT = 2.0
#: A table id no table has (ids are tokens of another shape): asking its revision is the cheapest query.
PROBE_TABLE = "rb-health-probe"
#: A page served this recently counts as open even before its websocket is up (it is on its way).
PAGE_ARRIVAL_SECONDS = 10.0
#: How often a draining server looks whether its pages are gone.
DRAIN_CHECK_SECONDS = 0.5


def health_word(serving: bool, draining: bool, store_ok: bool) -> str:
    """What ``/healthz`` says: draining wins (the proxy must stop sending), then readiness."""
    if draining:
        return DRAINING
    return READY if serving and store_ok else NOT_READY


def health_status(word: str) -> int:
    """The HTTP status of a ``/healthz`` word: only ``ready`` is 200."""
    return 200 if word == READY else 503


def store_check(open_store: Callable[[], Any]) -> Callable[[], None]:
    """A check that raises when the store does not answer: the revision of ``PROBE_TABLE`` (no such table)."""
    from rulebook.tables.store import NoSuchTable

    def check() -> None:
        try:
            open_store().revision(PROBE_TABLE)
        except NoSuchTable:
            return  # the store answered
    return check


@dataclass
class StoreProbe:
    """The store's health, asked at most once per ``ttl`` seconds, in one thread of its own.

    ``latency`` is how long the last answered check took (seconds): what
    ``/metrics`` reports as the store's latency, at no extra query.
    """

    check: Callable[[], None]
    ttl: float = STORE_CHECK_TTL
    timeout: float = STORE_CHECK_TIMEOUT
    clock: Callable[[], float] = time.monotonic
    ok: bool = False
    checked_at: float | None = None
    latency: float | None = None
    _pending: Future | None = None
    _executor: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="rb-health"))

    def _timed(self) -> tuple[bool, float]:
        started = time.perf_counter()
        try:
            self.check()
            ok = True
        except Exception:  # noqa: BLE001 - any failure of the store is "not ready"
            ok = False
        return ok, time.perf_counter() - started

    def _record(self, future: Future) -> None:
        ok, seconds = future.result()
        self.ok, self.checked_at = ok, self.clock()
        if ok:
            self.latency = seconds
        self._pending = None

    async def healthy(self) -> bool:
        """The store answers (a cached answer while fresh; else one check, waited for up to ``timeout``)."""
        if self.checked_at is not None and self.clock() - self.checked_at < self.ttl:
            return self.ok
        pending = self._pending
        if pending is None:
            pending = self._pending = self._executor.submit(self._timed)
            pending.add_done_callback(self._record)  # runs in the probe's thread (or here, if done already)
        try:
            ok, _seconds = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(pending)), self.timeout)
        except asyncio.TimeoutError:
            self.ok, self.checked_at = False, self.clock()  # hanging is failing; the check still finishes and records
            return False
        return ok

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def open_pages(limits: Any, now: float | None = None) -> int:
    """Visitor pages open on this server: kernels with a websocket, pages on their way, pages just served.

    Pooled kernels are nobody's page, so they never count. A page whose
    websocket closed a while ago (the phone left without its beacon) does
    not count either: a drain does not wait for the culler.
    """
    if limits is None:
        return 0
    now = limits.clock() if now is None else now
    with_socket = {s.kernel_id for s in limits.sockets.values()}
    just_served = {k for k in limits.owners if now - limits.heard.get(k, float("-inf")) < PAGE_ARRIVAL_SECONDS}
    return len(with_socket | just_served) + len(limits.arriving)


@dataclass
class Edge:
    """The server's state as its proxy sees it: serving or not, draining since when, refusals by reason."""

    probe: StoreProbe
    drain_seconds: float
    clock: Callable[[], float] = time.monotonic
    serving: bool = False
    drain_started: float | None = None
    refusals: Counter = field(default_factory=Counter)
    """Why pages or websockets were refused (``/metrics``): ``pages_per_address``, ``site_full``, ``draining``..."""

    @property
    def draining(self) -> bool:
        return self.drain_started is not None

    def begin_drain(self) -> bool:
        """Start draining; False when it had started already."""
        if self.draining:
            return False
        self.drain_started = self.clock()
        return True

    def drain_over(self, pages: int) -> bool:
        """True once a draining server may close what is left and exit: no page open, or its time is up."""
        if not self.draining:
            return False
        return pages == 0 or self.clock() - self.drain_started >= self.drain_seconds

    def refused(self, reason: str) -> None:
        self.refusals[reason] += 1

    async def word(self) -> str:
        if self.draining:
            return DRAINING
        if not self.serving:
            return NOT_READY
        return health_word(self.serving, self.draining, await self.probe.healthy())


class HealthHandler(tornado.web.RequestHandler):
    """``GET /healthz``: one word and a newline, for the proxy (no ids, keys or addresses)."""

    async def get(self) -> None:
        edge: Edge = self.settings["rb_edge"]
        word = await edge.word()
        self.set_status(health_status(word))
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(word + "\n")
