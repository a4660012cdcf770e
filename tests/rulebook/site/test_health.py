"""The server's word to its proxy (rulebook/site/health.py): /healthz, the store's probe, the drain on SIGTERM.

The bookkeeping is tested with a clock of its own; one real site (a
subprocess, no browser) is then drained with a kernel websocket open:
``/healthz`` says draining, a new page gets 503 with ``Retry-After``, the
open page keeps its kernel, and the server exits 0 once that page has gone.
The page's side (close code 4003, reload) is in tests/browser/test_drain.py.
"""

from __future__ import annotations

import asyncio
import json
import signal
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from rulebook.site import health
from rulebook.site.limits import Client, LimitSettings, SiteLimits
from rulebook.site.process import children
from tests.support.site_process import SiteProcess, free_port, page_kernel_id, wait_until
from rulebook.site.serve import SiteOptions

FIXTURES = Path(__file__).resolve().parent / "fixtures"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    "serving, draining, store_ok, word",
    [
        (True, False, True, "ready"),
        (True, False, False, "not ready"),
        (False, False, True, "not ready"),
        (True, True, True, "draining"),
        (False, True, False, "draining"),
    ],
)
def test_the_health_word(serving, draining, store_ok, word):
    assert health.health_word(serving, draining, store_ok) == word
    assert health.health_status(word) == (200 if word == "ready" else 503)


def test_the_store_is_asked_once_per_ttl_and_a_hanging_store_is_not_ready():
    clock, calls, answers = Clock(), [], [None]
    release = threading.Event()

    def check() -> None:
        calls.append(1)
        if answers[0] == "hang":
            release.wait(5)
        elif answers[0] is not None:
            raise answers[0]

    probe = health.StoreProbe(check, ttl=2.0, timeout=0.3, clock=clock)
    try:
        assert asyncio.run(probe.healthy()) is True
        assert probe.latency is not None and probe.latency >= 0
        assert asyncio.run(probe.healthy()) is True and len(calls) == 1  # cached
        clock.now += 2.5
        answers[0] = OSError("store down")
        assert asyncio.run(probe.healthy()) is False and len(calls) == 2
        clock.now += 2.5
        answers[0] = "hang"
        started = time.monotonic()
        assert asyncio.run(probe.healthy()) is False  # waited at most the timeout
        assert time.monotonic() - started < 2
        assert asyncio.run(probe.healthy()) is False and len(calls) == 3  # the hang's answer is kept a while
    finally:
        release.set()
        probe.close()


def test_the_store_check_asks_for_a_table_that_does_not_exist():
    from rulebook.tables.opening import open_store

    store = open_store("memory:")
    health.store_check(lambda: store)()  # NoSuchTable: the store answered

    class Down:
        def revision(self, table_id: str) -> int:
            raise ConnectionError("no route")

    with pytest.raises(ConnectionError):
        health.store_check(lambda: Down())()


def test_open_pages_are_websockets_pages_on_their_way_and_pages_just_served():
    clock = Clock()
    limits = SiteLimits(LimitSettings(), clock=clock)
    assert health.open_pages(limits) == 0 and health.open_pages(None) == 0
    visitor = Client("10.0.0.1", "c" * 20)
    limits.page_arriving(visitor)
    assert health.open_pages(limits) == 1  # rendering
    limits.page_served(visitor, "k1")
    assert health.open_pages(limits) == 1  # served, its websocket not up yet
    limits.socket_opened(1, "k1", visitor)
    limits.socket_opened(2, "k1", visitor)  # a second socket while it reconnects: one page
    clock.now += 60
    assert health.open_pages(limits) == 1
    limits.socket_closed(1)
    limits.socket_closed(2)
    assert health.open_pages(limits) == 0  # its websocket closed long after it was served: gone


def test_the_drain_ends_when_no_page_is_open_or_its_time_is_up():
    clock = Clock()
    edge = health.Edge(health.StoreProbe(lambda: None, clock=clock), drain_seconds=30, clock=clock)
    assert not edge.drain_over(0)  # not draining: never over
    assert edge.begin_drain() and not edge.begin_drain()
    assert edge.drain_over(0) and not edge.drain_over(2)
    clock.now += 30
    assert edge.drain_over(2)
    edge.refused("draining")
    edge.refused("draining")
    assert edge.refusals == {"draining": 2}


def test_health_words_of_the_edge():
    clock = Clock()
    edge = health.Edge(health.StoreProbe(lambda: None, clock=clock), drain_seconds=30, clock=clock)
    try:
        assert asyncio.run(edge.word()) == "not ready"  # not serving yet
        edge.serving = True
        assert asyncio.run(edge.word()) == "ready"
        edge.begin_drain()
        assert asyncio.run(edge.word()) == "draining"
    finally:
        edge.probe.close()


# ------------------------------------------------------------ a real site ---


def _fetch(url: str, timeout: float = 120) -> tuple[int, dict, str]:
    """(status, headers with every Set-Cookie joined by newlines, body)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=timeout) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    found = dict(headers)
    found["Set-Cookie"] = "\n".join(headers.get_all("Set-Cookie") or [])
    return status, found, body.decode("utf-8", "replace")


async def _kernel_socket(site: SiteProcess, kernel_id: str):
    from tornado.websocket import websocket_connect

    url = f"ws://127.0.0.1:{site.port}/api/kernels/{kernel_id}/channels"
    return await websocket_connect(url)


async def _kernel_answers(socket) -> bool:
    """A kernel_info_request on the socket is answered (the kernel works)."""
    msg_id = uuid.uuid4().hex
    request = {
        "header": {"msg_id": msg_id, "username": "t", "session": uuid.uuid4().hex, "msg_type": "kernel_info_request",
                   "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": [],
    }
    await socket.write_message(json.dumps(request))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        message = await asyncio.wait_for(socket.read_message(), 60)
        if message is None:
            return False
        if isinstance(message, str) and json.loads(message).get("parent_header", {}).get("msg_id") == msg_id:
            return True
    return False


def test_a_drained_site_refuses_new_pages_keeps_open_ones_and_exits_0_once_they_are_gone(tmp_path):
    options = SiteOptions(port=free_port(), notebooks=FIXTURES, data=tmp_path, preheat=False,
                          drain_seconds=120, server_name="edge-test")
    with SiteProcess(options, log_path=tmp_path / "site.log") as site:
        status, _headers, body = _fetch(site.url + "healthz")
        assert (status, body) == (200, "ready\n")
        status, headers, page = _fetch(site.page_url("index.ipynb"))
        assert status == 200 and "rb_route=edge-test" in headers.get("Set-Cookie", "")
        kernel_id = page_kernel_id(page)
        assert kernel_id

        helpers = children(site.pid)  # the kernels' zygote and the page's kernel
        assert helpers

        async def scenario() -> None:
            socket = await _kernel_socket(site, kernel_id)
            assert await _kernel_answers(socket)
            site.process.send_signal(signal.SIGTERM)
            await asyncio.to_thread(wait_until, lambda: _fetch(site.url + "healthz")[2] == "draining\n", 30, 0.2, "draining")
            assert _fetch(site.url + "healthz")[0] == 503
            status, headers, body = await asyncio.to_thread(_fetch, site.page_url("index.ipynb"))
            assert status == 503 and headers.get("Retry-After") == "10"
            assert "再起動中" in body and "restarting" in body and "rb_route=edge-test" in headers.get("Set-Cookie", "")
            assert await _kernel_answers(socket)  # the open page keeps playing
            figures = (await asyncio.to_thread(_fetch, site.url + "metrics"))[2]
            assert "rulebook_draining 1.0" in figures and 'rulebook_refusals_total{reason="draining"} 1.0' in figures
            assert "rulebook_websockets 1.0" in figures
            await asyncio.sleep(1.5)
            assert site.process.poll() is None  # a page is open: the server waits for it
            socket.close()

        asyncio.run(scenario())
        started = time.monotonic()
        assert site.process.wait(60) == 0, site.log_tail()
        assert time.monotonic() - started < 30  # once the page left (not the 120 s of --drain-seconds)
        assert not site.kernels()
        wait_until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in helpers), 15, 0.2, "the zygote and kernels to exit")
        log = site.log_text()
        assert "draining: no new pages" in log and "drained: 0 page(s)" in log


def test_healthz_is_not_ready_while_the_store_is_unreachable(tmp_path, postgres_server, fresh_postgres_url):
    options = SiteOptions(port=free_port(), notebooks=FIXTURES, data=tmp_path, preheat=False, db=fresh_postgres_url)
    with SiteProcess(options, log_path=tmp_path / "site.log") as site:
        assert _fetch(site.url + "healthz")[:3:2] == (200, "ready\n")
        postgres_server.stop()
        try:
            wait_until(lambda: _fetch(site.url + "healthz", 30)[:3:2] == (503, "not ready\n"), 30, 0.5, "not ready")
            assert "rulebook_store_up 0.0" in _fetch(site.url + "metrics", 30)[2]
        finally:
            postgres_server.restart()
        wait_until(lambda: _fetch(site.url + "healthz", 30)[:3:2] == (200, "ready\n"), 30, 0.5, "ready again")
