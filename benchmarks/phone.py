"""The phone benchmark: each page as a phone opens it, first visit and repeat visit.

The profile is Lighthouse's mobile one: CPU slowed 4× (CDP
``Emulation.setCPUThrottlingRate``), 150 ms round trip, 1.6 Mbit/s down,
750 kbit/s up (``Network.emulateNetworkConditions``), a 390×844 touch
screen. For the catalogue, every game page and a lesson start, it prints:
time from navigation to the clickable board (the catalogue's table, the
lesson's step box), the requests that went to the network and the bytes on
the wire (HTTP responses as received, compressed, with headers; a request
answered by the browser's cache is not counted; one the page asked for
before the board was clickable is counted by its answer, even if that came
after), the revalidations among them (304s: a round trip each for nothing),
then the same without throttling. Under each page, for its repeat visit:
the round trip Playwright itself timed (``goto`` to its own check seeing
the board clickable), which must agree with the page's own figure, and
the seconds the page's main thread was busy until then (a repeat visit
that makes no request but the page and its kernel is bound by this).
A closing note says how many game pages met the repeat target, and each
page's repeat against the floor's (below) measured in the same run.
"Repeat" is the same page again in the same browser context (its HTTP
cache warm), as a visitor coming back: ``REPEATS`` visits, the
median reported (its requests and bytes with it) and every one printed. One
visit on this shared 2-core machine strays by ±0.2 s from the next; the
median is what a visitor coming back typically waits, and the spread is
there to see.

The site is one ``rulebook serve`` (preheated kernels, as in production);
between visits its pools are let refill and go quiet, so a visit is not
slowed by the previous one's kernel starting.

    python -m benchmarks.phone [--pages chiritsumo,index,lesson] [--no-unthrottled]

Targets (issue 18), for every game page: first visit <= 10 s, repeat <= 3 s,
first-visit bytes <= 1.6 MB (throttled); issue 31: the repeat figure and
Playwright's round trip agree within ``AGREE`` seconds. The kernel websocket's frames are
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
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator

from benchmarks._common import NOTEBOOKS, chromium, leave, served
from benchmarks.page_load import WATCH_CLICKABLE
from rulebook.site.assets import PRELOAD_LIST, PRELOAD_OFF_ENV

TIMEOUT_MS = 180_000
#: Seconds within which Playwright's round trip of a repeat visit must agree with the page's own figure.
AGREE = 0.3
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
    revalidated: int = 0
    """Requests answered 304: a round trip each for a file the browser already had."""
    round_trip: float | None = None
    """Seconds from Playwright's ``goto`` to its own check seeing the board clickable (``visit``)."""
    busy: float | None = None
    """Seconds the page's main thread was busy until clickable (CDP ``Performance`` TaskDuration)."""


def median_visit(visits: list[Visit]) -> Visit:
    """The visit of median time (an odd count: a real visit, not an average), with every visit's seconds."""
    ordered = sorted(visits, key=lambda v: v.seconds)
    middle = ordered[(len(ordered) - 1) // 2]
    return replace(middle, samples=tuple(v.seconds for v in visits))


class Traffic:
    """What one page's visit sent over the network, from the DevTools protocol's events."""

    def __init__(self, session) -> None:
        self.sent: dict[str, str] = {}
        self.cached: set[str] = set()
        self.done: set[str] = set()
        self.revalidated: set[str] = set()
        self.wire: dict[str, int] = {}
        self.ws_bytes = 0
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.requestServedFromCache", lambda e: self.cached.add(e["requestId"]))
        session.on("Network.responseReceived", self._received)
        session.on("Network.responseReceivedExtraInfo", self._raw)
        session.on("Network.loadingFinished", self._finished)
        session.on("Network.loadingFailed", lambda e: self.done.add(e["requestId"]))
        session.on("Network.webSocketFrameReceived", self._frame)

    def _sent(self, event: dict) -> None:
        if event["request"]["url"].startswith("http"):
            self.sent[event["requestId"]] = event["request"]["url"]

    def _received(self, event: dict) -> None:
        response = event.get("response", {})
        if response.get("fromDiskCache") or response.get("fromMemoryCache") or response.get("fromPrefetchCache"):
            self.cached.add(event["requestId"])

    def _raw(self, event: dict) -> None:
        # a revalidated file is reported as the cached 200 it was; the raw answer on the wire says 304
        if event.get("statusCode") == 304:
            self.revalidated.add(event["requestId"])

    def _finished(self, event: dict) -> None:
        self.done.add(event["requestId"])
        if event["requestId"] in self.sent and event["requestId"] not in self.cached:
            self.wire[event["requestId"]] = int(event.get("encodedDataLength", 0))

    def bytes(self, asked: set[str]) -> int:
        """Bytes on the wire of the requests of ``asked`` (a cached answer is not on the wire)."""
        return sum(size for rid, size in self.wire.items() if rid in asked and rid not in self.cached)

    def in_flight(self) -> set[str]:
        """Requests sent and not yet answered (a file from the cache is known to be one only once it is)."""
        return set(self.sent) - self.done - self.cached

    def settle(self, page, asked: set[str], timeout_ms: int = 5000) -> None:
        """Wait (untimed) until the requests of ``asked`` are answered: one the board's last moment asked
        for is counted as going to the network or not by its answer, not by when the figure was taken."""
        waited = 0
        while asked & self.in_flight() and waited < timeout_ms:
            page.wait_for_timeout(50)
            waited += 50

    def _frame(self, event: dict) -> None:
        self.ws_bytes += len(event.get("response", {}).get("payloadData", ""))

    def network_requests(self, asked: set[str] | None = None) -> int:
        """Requests (of ``asked``, default all) that went to the network: not answered by the browser's cache."""
        return len((set(self.sent) if asked is None else asked) - self.cached)


def visit(context, url: str, selector: str, throttled: bool) -> Visit:
    """One visit: the in-page figure (navigation start to clickable, ``WATCH_CLICKABLE``), and the round trip
    Playwright sees (``goto`` to its own check finding the board clickable, polled every animation frame);
    the traffic counted is what the page asked for until the board was clickable."""
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Performance.enable", {"timeDomain": "timeTicks"})
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
        busy_before = main_thread_busy(session)  # the renderer may be one an earlier page of the site used
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__rbClickable", timeout=TIMEOUT_MS, polling="raf")
        round_trip = time.perf_counter() - start
        busy = main_thread_busy(session)
        busy = None if busy is None or busy_before is None else busy - busy_before
        asked, ws_bytes = set(traffic.sent), traffic.ws_bytes
        seconds = page.evaluate("() => window.__rbClickable") / 1000
        traffic.settle(page, asked)
        return Visit(
            seconds, traffic.network_requests(asked), traffic.bytes(asked), len(asked & traffic.cached), ws_bytes,
            revalidated=len(asked & traffic.revalidated), round_trip=round_trip, busy=busy,
        )
    finally:
        leave(page)
        page.close()


def main_thread_busy(session) -> float | None:
    """Seconds the page's main thread has spent on tasks so far (CDP ``Performance.getMetrics`` TaskDuration):
    what the visit's time is made of when it is not waiting for the network."""
    try:
        metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    except Exception:  # noqa: BLE001 - a figure of its own, never a failed visit
        return None
    return metrics.get("TaskDuration")


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
    shown = (
        f"  {label:<11} first {first.seconds:6.2f} s {first.requests:4d} req {first.bytes / 1e6:5.2f} MB"
        f" (ws {first.ws_bytes / 1e6:4.2f} MB) | repeat {repeat.seconds:6.2f} s {repeat.requests:4d} req"
        f" {repeat.bytes / 1e6:5.2f} MB ({repeat.cached} from cache, {repeat.revalidated} revalidated)"
        + (f" [median of {' '.join(f'{s:.2f}' for s in repeat.samples)}]" if len(repeat.samples) > 1 else "")
    )
    if repeat.round_trip is not None:
        shown += (
            f"\n  {'':<11} repeat: Playwright round trip {repeat.round_trip:.2f} s"
            f" ({repeat.round_trip - repeat.seconds:+.2f} s from the page's own figure)"
            + (f", main thread busy {repeat.busy:.2f} s" if repeat.busy is not None else "")
        )
    return shown


def closing_note(repeats: dict[str, Visit], target: float = 3.0) -> list[str]:
    """What the run says about the repeat target: the pages over it, and the floor measured in the same run.

    The floor (``floor``: one button on Voilà's front end and the site's
    template) is what no game page can beat on this machine; a page's excess
    over it is what the game itself adds to a repeat visit.
    """
    games = {name: v for name, v in repeats.items() if name in GAMES}
    over = {name: v for name, v in games.items() if v.seconds > target}
    lines = [f"repeat visits (phone profile, median of {REPEATS}): {len(games) - len(over)} of {len(games)} game pages <= {target:.0f} s"]
    floor = repeats.get("floor")
    if floor is not None:
        lines.append(
            f"  floor (Voila's front end, one button, this run): repeat {floor.seconds:.2f} s"
            + (f", main thread busy {floor.busy:.2f} s" if floor.busy is not None else "")
        )
        for name, v in sorted(games.items(), key=lambda item: -item[1].seconds):
            lines.append(f"  {name:<16} {v.seconds:5.2f} s = floor {v.seconds - floor.seconds:+.2f} s")
    elif over:
        lines.append("  (no floor page in this run: --pages ...,floor measures it)")
    for name, v in over.items():
        lines.append(f"  over {target:.0f} s: {name} {v.seconds:.2f} s")
    return lines


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
    medians: dict[str, Visit] = {}
    """Each page's repeat visit under the phone profile (the closing note)."""
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
                    if throttled:
                        medians[name] = repeat
                    if throttled and name in GAMES:
                        missed = []
                        if first.seconds > 10:
                            missed.append("first > 10 s")
                        if repeat.seconds > 3:
                            missed.append("repeat > 3 s")
                        if repeat.round_trip is not None and abs(repeat.round_trip - repeat.seconds) > AGREE:
                            missed.append(f"Playwright's round trip {repeat.round_trip - repeat.seconds:+.2f} s from the page's figure")
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
            if medians:
                print("\n".join(closing_note(medians)))
    if failures:
        print(f"failed pages: {', '.join(failures)}")


if __name__ == "__main__":
    start = time.monotonic()
    main(sys.argv[1:])
    print(f"({time.monotonic() - start:.0f} s)")
