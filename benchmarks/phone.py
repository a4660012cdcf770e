"""The phone benchmark: each page as a phone opens it, first visit and repeat visit.

The profile is Lighthouse's mobile one: CPU slowed 4× (CDP
``Emulation.setCPUThrottlingRate``), 150 ms round trip, 1.6 Mbit/s down,
750 kbit/s up (``Network.emulateNetworkConditions``), a 390×844 touch
screen. For the catalogue, every game page and a lesson start, it prints:
time from navigation to the clickable board (the catalogue's table, the
lesson's step box), the requests that went to the network and the bytes on
the wire (HTTP responses as received, compressed, with headers; a request
answered by the browser's cache is not counted), then the same without
throttling. "Repeat" is the same page again in the same browser context
(its HTTP cache warm), as a visitor coming back: ``REPEATS`` visits, the
median reported (its requests and bytes with it) and every one printed. One
visit on this shared 2-core machine strays by ±0.2 s from the next; the
median is what a visitor coming back typically waits, and the spread is
there to see.

The site is one ``rulebook serve`` (preheated kernels, as in production);
between visits its pools are let refill and go quiet, so a visit is not
slowed by the previous one's kernel starting.

    python -m benchmarks.phone [--pages chiritsumo,index,lesson] [--no-unthrottled]

Targets (issue 18), for every game page: first visit <= 10 s, repeat <= 3 s,
first-visit bytes <= 1.6 MB (throttled). The kernel websocket's frames are
not in the bytes (Chromium does not report their size on the wire); their
payload before permessage-deflate is printed as "ws".

The ``floor`` page is a notebook of one button in the board's classes,
served by the same site: what Voilà's front end and the site's template
cost before a game adds anything (no target; a game page cannot beat it).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from benchmarks._common import NOTEBOOKS, chromium, leave, served
from benchmarks.page_load import WATCH_CLICKABLE
from rulebook.site.assets import PRELOAD_LIST, PRELOAD_OFF_ENV

TIMEOUT_MS = 180_000
#: Repeat visits per page; the median is reported (an odd number: it is one of the visits).
REPEATS = 3
#: Lighthouse's mobile profile ("Slow 4G"): bytes per second for CDP.
PROFILE = {"latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8, "cpu": 4}
VIEWPORT = {"width": 390, "height": 844}
#: A game's board is clickable when its first control is: a die to roll, a
#: card, the pass screen's button (a game whose seats share the phone).
BOARD = (
    ".rb-app [class*='rb-board'] button:not(:disabled), .rb-app [class*='rb-board'] [role='button'], "
    ".rb-app .rb-roll:not(:disabled), "
    ".rb-app .rb-pass-screen button, .rb-app [class*='rb-slot-']"
)
GAMES = [
    "chiritsumo", "puniu", "treasure_hunt", "magos_solo", "not_my_fault", "not_my_fault_41",
    "ring", "kokkuri_san", "lemon_poker", "national_economy", "dice_of_tower",
]


@dataclass(frozen=True)
class Page:
    name: str
    notebook: str
    query: dict
    selector: str


def pages() -> dict[str, Page]:
    """Every page measured, by the name ``--pages`` takes."""
    found = {"index": Page("index", "index.ipynb", {"lang": "en"}, ".rb-catalogue-table")}
    for game in GAMES:
        if (NOTEBOOKS / f"{game}.ipynb").is_file():
            found[game] = Page(game, f"{game}.ipynb", {"lang": "en"}, BOARD)
    found["lesson"] = Page("lesson", "chiritsumo.ipynb", {"lang": "en", "learn": 1}, ".rb-lesson")
    found["floor"] = Page("floor", FLOOR_NOTEBOOK, {"lang": "en"}, BOARD)
    return found


FLOOR_NOTEBOOK = "voila_floor.ipynb"
FLOOR_CODE = (
    "import ipywidgets as w\n"
    "board = w.HBox([w.Button(description='Roll')]); board.add_class('rb-board')\n"
    "app = w.VBox([board]); app.add_class('rb-app'); app"
)


@contextlib.contextmanager
def site_folder(with_floor: bool) -> Iterator[Path]:
    """The notebooks to serve: the site's, plus (``floor``) a page that is nothing but one button.

    The floor is what Voilà itself costs a phone on this site (its front end,
    the site's template, one widget): no game page can open faster.
    """
    if not with_floor:
        yield NOTEBOOKS
        return
    import nbformat

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "notebooks"
        shutil.copytree(NOTEBOOKS, folder)
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(FLOOR_CODE)]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(notebook, folder / FLOOR_NOTEBOOK)
        yield folder


@dataclass
class Visit:
    seconds: float
    requests: int
    bytes: int
    cached: int
    ws_bytes: int
    samples: tuple[float, ...] = ()
    """Every repeat visit's seconds, when this is their median (``median_visit``)."""


def median_visit(visits: list[Visit]) -> Visit:
    """The visit of median time (an odd count: a real visit, not an average), with every visit's seconds."""
    ordered = sorted(visits, key=lambda v: v.seconds)
    middle = ordered[(len(ordered) - 1) // 2]
    return Visit(middle.seconds, middle.requests, middle.bytes, middle.cached, middle.ws_bytes,
                 tuple(v.seconds for v in visits))


class Traffic:
    """What one page's visit sent over the network, from the DevTools protocol's events."""

    def __init__(self, session) -> None:
        self.sent: dict[str, str] = {}
        self.cached: set[str] = set()
        self.bytes = 0
        self.ws_bytes = 0
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.requestServedFromCache", lambda e: self.cached.add(e["requestId"]))
        session.on("Network.responseReceived", self._received)
        session.on("Network.loadingFinished", self._finished)
        session.on("Network.webSocketFrameReceived", self._frame)

    def _sent(self, event: dict) -> None:
        if event["request"]["url"].startswith("http"):
            self.sent[event["requestId"]] = event["request"]["url"]

    def _received(self, event: dict) -> None:
        response = event.get("response", {})
        if response.get("fromDiskCache") or response.get("fromMemoryCache") or response.get("fromPrefetchCache"):
            self.cached.add(event["requestId"])

    def _finished(self, event: dict) -> None:
        if event["requestId"] in self.sent and event["requestId"] not in self.cached:
            self.bytes += int(event.get("encodedDataLength", 0))

    def _frame(self, event: dict) -> None:
        self.ws_bytes += len(event.get("response", {}).get("payloadData", ""))

    @property
    def network_requests(self) -> int:
        return len(set(self.sent) - self.cached)


def visit(context, url: str, selector: str, throttled: bool) -> Visit:
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    if throttled:
        session.send("Emulation.setCPUThrottlingRate", {"rate": PROFILE["cpu"]})
        session.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": PROFILE["latency"],
                "downloadThroughput": PROFILE["downloadThroughput"],
                "uploadThroughput": PROFILE["uploadThroughput"],
            },
        )
    traffic = Traffic(session)
    try:
        page.add_init_script(f"({WATCH_CLICKABLE})({json.dumps(selector)})")
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__rbClickable", timeout=TIMEOUT_MS, polling=200)
        seconds = page.evaluate("() => window.__rbClickable") / 1000
        return Visit(seconds, traffic.network_requests, traffic.bytes, len(traffic.cached), traffic.ws_bytes)
    finally:
        leave(page)
        page.close()


def used_bytes(functions: list[dict]) -> tuple[int, int]:
    """(script length, bytes that ran) from CDP block coverage: a nested range overrides the one around it."""
    ranges = [r for fn in functions for r in fn.get("ranges", [])]
    if not ranges:
        return 0, 0
    total = max(r["endOffset"] for r in ranges)
    ran = bytearray(total)
    for r in sorted(ranges, key=lambda r: (r["startOffset"], r["startOffset"] - r["endOffset"])):
        length = r["endOffset"] - r["startOffset"]
        ran[r["startOffset"]:r["endOffset"]] = (b"\x01" if r["count"] > 0 else b"\x00") * length
    return total, sum(ran)


def js_coverage(context, url: str, selector: str) -> tuple[int, int, list[tuple[str, int, int]]]:
    """JavaScript the page loads and the part of it that ran until the board was clickable (Chromium's
    precise block coverage through CDP's Profiler): (bytes loaded, bytes run, per script), unthrottled."""
    page = context.new_page()
    session = context.new_cdp_session(page)
    try:
        session.send("Profiler.enable")
        session.send("Profiler.startPreciseCoverage", {"callCount": False, "detailed": True})
        page.add_init_script(f"({WATCH_CLICKABLE})({json.dumps(selector)})")
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__rbClickable", timeout=TIMEOUT_MS, polling=200)
        page.wait_for_timeout(1000)
        result = session.send("Profiler.takePreciseCoverage")["result"]
        session.send("Profiler.stopPreciseCoverage")
    finally:
        leave(page)
        page.close()
    scripts = []
    for entry in result:
        if not entry.get("url", "").startswith("http"):
            continue  # the page's inline scripts and evaluated snippets
        total, ran = used_bytes(entry.get("functions", []))
        if total:
            scripts.append((entry["url"], total, ran))
    return sum(s[1] for s in scripts), sum(s[2] for s in scripts), scripts


def scripts_loaded(context, url: str, selector: str) -> list[str]:
    """Every script URL a page fetched until its board was clickable, in the order asked (unthrottled)."""
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if request.resource_type == "script" else None)
    try:
        page.add_init_script(f"({WATCH_CLICKABLE})({json.dumps(selector)})")
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__rbClickable", timeout=TIMEOUT_MS, polling=200)
        config = json.loads(page.evaluate("() => document.getElementById('jupyter-config-data').textContent"))
    finally:
        leave(page)
        page.close()
    return preload_entries(asked, config["fullStaticUrl"], config["fullLabextensionsUrl"])


def record_preload(browser, site, names: list[str]) -> None:
    """Write the scripts every page of ``names`` fetched (``rulebook/site/assets.py`` PRELOAD_LIST):
    the site hints them at the top of each page, so a phone fetches them all at once."""
    known = pages()
    shared: list[str] | None = None
    for name in names:
        context = new_context(browser)
        try:
            site.wait_kernels_quiet(timeout=180)
            entries = scripts_loaded(context, site.page_url(known[name].notebook, **known[name].query), known[name].selector)
        finally:
            context.close()
        shared = entries if shared is None else [entry for entry in shared if entry in entries]
        print(f"  {name}: {len(entries)} scripts, {len(shared)} shared so far")
    PRELOAD_LIST.write_text(json.dumps(shared or [], indent=1) + "\n", "utf-8")
    print(f"wrote {PRELOAD_LIST} ({len(shared or [])} scripts every page fetched)")


def preload_entries(urls: list[str], static_url: str, labextensions_url: str) -> list[str]:
    """``static:<file>`` / ``lab:<extension path>`` for each URL under Voilà's static folder or the
    lab extensions' (the page's own digest left out: it is the site's, not the list's)."""
    from urllib.parse import urlsplit

    static_path = urlsplit(static_url).path.rstrip("/") + "/"
    lab_path = urlsplit(labextensions_url).path.rstrip("/") + "/"
    entries: list[str] = []
    for url in urls:
        parts = urlsplit(url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if parts.path.startswith(static_path):
            entry = "static:" + path[len(static_path):]
        elif parts.path.startswith(lab_path):
            entry = "lab:" + path[len(lab_path):]
        else:
            continue
        if entry not in entries:
            entries.append(entry)
    return entries


def new_context(browser):
    return browser.new_context(viewport=VIEWPORT, is_mobile=True, has_touch=True, device_scale_factor=2)


def line(label: str, first: Visit, repeat: Visit) -> str:
    return (
        f"  {label:<11} first {first.seconds:6.2f} s {first.requests:4d} req {first.bytes / 1e6:5.2f} MB"
        f" (ws {first.ws_bytes / 1e6:4.2f} MB) | repeat {repeat.seconds:6.2f} s {repeat.requests:4d} req"
        f" {repeat.bytes / 1e6:5.2f} MB ({repeat.cached} from cache)"
        + (f" [median of {' '.join(f'{s:.2f}' for s in repeat.samples)}]" if len(repeat.samples) > 1 else "")
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.phone", description=__doc__.split("\n")[0])
    parser.add_argument("--pages", default="", help="comma-separated, of: " + ", ".join(pages()))
    parser.add_argument("--no-unthrottled", action="store_true", help="only the phone profile")
    parser.add_argument("--coverage", action="store_true", help="also the JS loaded vs run per page (unthrottled)")
    parser.add_argument(
        "--record-preload", action="store_true",
        help="write the scripts every page of --pages fetched, for the pages' preload hints and joined chunks (no figures)",
    )
    args = parser.parse_args([] if argv is None else argv)
    known = pages()
    wanted = [p.strip() for p in args.pages.split(",") if p.strip()] or list(known)
    unknown = [p for p in wanted if p not in known]
    if unknown:
        parser.error(f"unknown page(s): {', '.join(unknown)}; known: {', '.join(known)}")
    modes = [True] if args.no_unthrottled else [True, False]
    print(
        "phone: Lighthouse mobile profile (CPU 4x slower, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, "
        "390x844 touch), Chromium headless; navigation -> clickable board; bytes = HTTP on the wire"
    )
    print("(the site and the browser share this machine's cores with whatever else runs on it)")
    failures = []
    if args.record_preload:
        os.environ[PRELOAD_OFF_ENV] = "1"  # the pages' own hints would be recorded as what they fetch
    with chromium() as browser:
        if browser is None:
            return
        with site_folder("floor" in wanted) as folder, served(folder, "phone") as site:
            site.wait_pools(timeout=300)
            if args.record_preload:
                record_preload(browser, site, wanted)
                return
            for throttled in modes:
                print("throttled (phone profile):" if throttled else "unthrottled:")
                for name in wanted:
                    page = known[name]
                    url = site.page_url(page.notebook, **page.query)
                    context = new_context(browser)
                    try:
                        site.wait_kernels_quiet(timeout=180)
                        first = visit(context, url, page.selector, throttled)
                        repeats = []
                        for _ in range(REPEATS):
                            site.wait_kernels_quiet(timeout=180)
                            repeats.append(visit(context, url, page.selector, throttled))
                        repeat = median_visit(repeats)
                    except Exception as error:  # one page failing does not hide the others' figures
                        print(f"  {name:<11} failed: {str(error).splitlines()[0]}")
                        failures.append(name)
                        continue
                    finally:
                        context.close()
                    print(line(name, first, repeat), flush=True)
                    if throttled and name in GAMES:
                        missed = []
                        if first.seconds > 10:
                            missed.append("first > 10 s")
                        if repeat.seconds > 3:
                            missed.append("repeat > 3 s")
                        if first.bytes > 1.6e6:
                            missed.append("bytes > 1.6 MB")
                        if missed:
                            print(f"  {'':<11} misses target: {', '.join(missed)}")
            if args.coverage:
                print("JavaScript coverage (loaded -> run until clickable; nested blocks that never ran are unused):")
                for name in wanted:
                    page = known[name]
                    context = new_context(browser)
                    try:
                        site.wait_kernels_quiet(timeout=180)
                        loaded, run, scripts = js_coverage(context, site.page_url(page.notebook, **page.query), page.selector)
                    except Exception as error:
                        print(f"  {name:<11} failed: {str(error).splitlines()[0]}")
                        continue
                    finally:
                        context.close()
                    print(f"  {name:<11} {loaded / 1e6:5.2f} MB loaded, {run / 1e6:5.2f} MB run ({100 * run / max(loaded, 1):.0f} %)")
                    for url, size, used in sorted(scripts, key=lambda s: s[2] - s[1])[:5]:
                        print(f"      least used: {url.rsplit('/', 1)[-1][:40]:<40} {size / 1e3:6.0f} kB, {used / 1e3:6.0f} kB run")
    if failures:
        print(f"failed pages: {', '.join(failures)}")


if __name__ == "__main__":
    start = time.monotonic()
    main(sys.argv[1:])
    print(f"({time.monotonic() - start:.0f} s)")
