"""What a phone fetches for a game page (issue 18 A): scripts hinted at the top, boards' modules from cached URLs.

The page names every script it will fetch in ``<link rel=preload>`` at the
top (rulebook/site/assets.py ``page_scripts``), and Chromium warns of a hint
the page did not use; the boards' ES modules leave the widget state and come
from ``/voila/modules/<hash>.js``, kept a year; a visitor coming back takes
them from the browser's cache without asking the site.

A visitor coming back (issue 31: repeat visit) asks the network for the page
and its kernel only: every script, stylesheet, font and module comes from
the browser's cache without a revalidation (on a phone each would be a round
trip of ~150 ms, in series where one script asks for the next).
"""

from __future__ import annotations

import re

import pytest

from rulebook.site.assets import chunk_bundle

pytestmark = pytest.mark.browser

PHONE = (390, 844)
#: A line of chiritsumo.js: the board module's text, which no longer travels over the websocket.
BOARD_TEXT = "Chiritsumo board: the pyramid, the tray of rolled dice"


#: What a repeat visit may ask the network for: the page itself (never stored) and its kernel's API.
NETWORK_ON_REPEAT = ("/voila/render/", "/api/kernels/")


def _traffic(page) -> dict[str, dict]:
    """Every http(s) request of the page by CDP request id -> url, whether the browser's cache answered, status,
    and ``revalidated`` when the answer on the wire was a 304."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    seen: dict[str, dict] = {}

    def sent(event: dict) -> None:
        if event["request"]["url"].startswith("http"):
            seen.setdefault(event["requestId"], {"url": event["request"]["url"], "cached": False, "status": None})

    def cached(event: dict) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]]["cached"] = True

    def received(event: dict) -> None:
        entry, response = seen.get(event["requestId"]), event["response"]
        if entry is not None:
            entry["status"] = response["status"]
            entry["cached"] = entry["cached"] or bool(response.get("fromDiskCache") or response.get("fromMemoryCache"))

    def raw(event: dict) -> None:  # a revalidated file is reported as its cached 200; the wire said 304
        if event["requestId"] in seen and event.get("statusCode") == 304:
            seen[event["requestId"]]["revalidated"] = True

    session.on("Network.requestWillBeSent", sent)
    session.on("Network.requestServedFromCache", cached)
    session.on("Network.responseReceived", received)
    session.on("Network.responseReceivedExtraInfo", raw)
    return seen


def _cached_modules(page) -> dict[str, bool]:
    """Each /voila/modules/ script the page fetched -> whether it came from the browser's cache."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    seen: dict[str, bool] = {}

    def received(event: dict) -> None:
        response = event["response"]
        if "/voila/modules/" in response["url"]:
            seen[response["url"]] = bool(response.get("fromDiskCache") or response.get("fromMemoryCache"))

    session.on("Network.responseReceived", received)
    return seen


def test_a_game_page_hints_its_scripts_and_takes_its_board_modules_from_cached_urls(site, new_page):
    page = new_page(*PHONE)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    headers: dict[str, str] = {}
    page.on("response", lambda r: headers.__setitem__(r.url, r.headers.get("cache-control", "")) if "/voila/modules/" in r.url else None)
    first = _cached_modules(page)
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    url = site.page_url("chiritsumo.ipynb", lang="en")
    page.goto(url)
    page.wait_for_voila(".rb-slot-0-0")
    hints = page.eval_on_selector_all("link[rel=preload][as=script]", "links => links.map((l) => l.href)")
    assert any(h.endswith("/voila.js") for h in hints) and any("/voila/labextensions/" in h for h in hints), hints
    # the chunks every page runs come in one script under its hash (assets.py chunk_bundle), hinted too
    assert any(re.search(r"/voila/modules/[0-9a-f]{20}\.js$", h) for h in hints), hints
    chunks = [u for u in scripts if re.search(r"/\d+\.voila\.js|/labextensions/.*/static/(?!remoteEntry)[^/]+\.js", u)]
    assert chunks == [], chunks  # none asked for on its own
    assert len(scripts) < 25, scripts  # ~85 before
    page.wait_for_timeout(4000)  # Chromium warns of a hint not used within a few seconds of the load event
    unused = [w for w in warnings if "preload" in w and "not used" in w]
    assert not unused, unused
    # the board's module came from its own URL, kept a year; its text did not travel in the widget state
    assert first and all(not cached for cached in first.values()), first
    assert all(value == "public, max-age=31536000, immutable" for value in headers.values()), headers
    frames = [f if isinstance(f, str) else f.decode("utf-8", "replace") for f in page.ws_frames]
    assert frames and not any(BOARD_TEXT in frame for frame in frames)
    assert not page.console_errors, page.console_errors

    again = page.context.new_page()  # the visitor comes back: the same browser, its cache warm
    repeat = _cached_modules(again)
    traffic = _traffic(again)
    again.goto(url)
    again.locator(".rb-app .rb-slot-0-0").first.wait_for(timeout=90_000)
    for _ in range(100):  # every request asked for has its answer (a module's may come just after the board)
        if all(entry["status"] is not None or entry["cached"] for entry in traffic.values()):
            break
        again.wait_for_timeout(100)
    assert repeat and set(repeat) == set(first) and all(repeat.values()), repeat
    # no revalidation, and nothing but the page and its kernel from the network: every asset from the cache
    assert not [e["url"] for e in traffic.values() if e.get("revalidated")], traffic
    network = [e["url"] for e in traffic.values() if not e["cached"]]
    assert [u for u in network if not any(part in u for part in NETWORK_ON_REPEAT)] == [], network
    assert sum("/voila/render/" in u for u in network) == 1, network
    assert len([e for e in traffic.values() if e["cached"]]) >= 10, traffic  # the assets were asked for, from the cache
    again.close()


def test_joined_chunks_keep_their_own_strictness_and_order(new_page):
    # the bundle runs as a script in the page: a chunk's "use strict" holds for that chunk only, as in its own file
    strict = '/*! licence */\n"use strict";(self.webpackChunk_T=self.webpackChunk_T||[]).push([[1],{11:(e,t)=>{t.plain=function(){return this===undefined}}}]);'
    sloppy = '(self["webpackChunk_T"] = self["webpackChunk_T"] || []).push([["2"], {\n22(e, t) { t.plain = function () { return this === undefined; }; }\n}]);'
    page = new_page(*PHONE)
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content=chunk_bundle([("a", strict), ("b", sloppy)]))
    found = page.evaluate("""() => self.webpackChunk_T.map(([ids, modules]) => {
        const [id, factory] = Object.entries(modules)[0];
        const exports = {}; factory({}, exports);
        const plain = exports.plain;  // called on its own: `this` is undefined only in strict code
        return [String(ids[0]), id, plain()];
    })""")
    assert found == [["1", "11", True], ["2", "22", False]]
