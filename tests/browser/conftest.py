"""Shared fixtures of the browser tests: a served site and Chromium.

Fixtures (mark every browser test ``@pytest.mark.browser``):

``site`` (session)
    ``rulebook serve`` on the repository's ``notebooks/`` folder (another
    folder: ``@pytest.mark.parametrize("site", [folder], indirect=True)``), in a
    subprocess on a free port of 127.0.0.1, preheated pools of 1, and short
    culling (``TEST_CULL_IDLE_TIMEOUT`` / ``TEST_CULL_INTERVAL``). A
    ``tests.support.site_process.SiteProcess``:
    ``.url`` base URL with trailing slash, ``.port``, ``.notebooks``,
    ``.options`` (``SiteOptions``), ``.page_url(nb, **query)``,
    ``.kernels()`` / ``.kernel_ids()`` (the kernel processes right now,
    pooled ones included), ``.pool_kernels`` (how many pooled kernels are
    expected when nobody visits), ``.wait_pools()``, ``.wait_kernels_quiet()``,
    ``.fetch(path)`` -> (status, html) without a browser, ``.log_text()``
    (server log, also saved in ``test-artifacts/``).
``fixture_site`` (session)
    The same server on ``tests/rulebook/site/fixtures`` (stand-in notebooks for the
    site's own tests). ``cold_fixture_site``: the same, without preheating.
``start_site`` (function)
    ``start_site(notebooks, **SiteOptions fields)`` starts another server,
    stopped after the test.
``browser`` (session)
    Playwright Chromium (``/usr/bin/chromium``, headless). Skipped only when
    that file is missing and ``CI`` is not set; under CI it must run.
``page`` (function)
    A fresh page (own context, 1024x768) that records, as attributes:
    ``page.console_errors`` (console errors and uncaught page errors),
    ``page.external_requests`` (URLs for any host but 127.0.0.1 — aborted,
    so a test never waits on the network), ``page.failed_requests``,
    ``page.bad_responses`` ((status, url) for HTTP >= 400), and
    ``page.save_screenshot(name)`` -> Path in ``test-artifacts/``;
    ``page.wait_for_voila(selector)`` waits (generously: 90 s) for an element
    of a rendered Voilà page and returns its locator; ``page.kernel_id()``
    the id of the kernel the page is connected to.
    Closed with its ``beforeunload`` handlers run, as a visitor's tab would.
``new_page`` (function)
    ``new_page(width=1024, height=768)``: more such pages in one test.

"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from tests.support.browser_helpers import SITES

from rulebook.site.limits import ONE_ADDRESS
from rulebook.publish.chromium import CHROMIUM, CHROMIUM_ARGS
from rulebook.site.process import cpu_ticks, read_proc
from tests.support.site_process import SiteProcess, free_port
from rulebook.site.serve import SiteOptions, default_notebooks_dir

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
FIXTURE_NOTEBOOKS = REPO / "tests" / "rulebook" / "site" / "fixtures"


#: Culling in the tests: a kernel with no open page goes after ~10 s.
TEST_CULL_IDLE_TIMEOUT = 8
TEST_CULL_INTERVAL = 2
TEST_CULL_GRACE = 4

#: Generous waits: a loaded 2-core machine starts a kernel in seconds.
PAGE_TIMEOUT_MS = 90_000

LOCAL_HOSTS = {"127.0.0.1"}


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _artifact_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120] or "artifact"


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "javascript", "chrome", "chrome-error"):
        return True
    return parts.hostname in LOCAL_HOSTS


# ------------------------------------------------------------------ sites ---


def _start(notebooks: Path, label: str, db_url: str | None = None, port: int | None = None, **fields) -> SiteProcess:
    """A site on its own fresh table store (a SQLite file in a temporary folder) unless ``db_url`` is given."""
    fields.setdefault("cull_idle_timeout", TEST_CULL_IDLE_TIMEOUT)
    fields.setdefault("cull_interval", TEST_CULL_INTERVAL)
    fields.setdefault("cull_grace", TEST_CULL_GRACE)
    # Every page of these tests comes from 127.0.0.1, and fixture pages have no heartbeat:
    # the per-visitor limits are tested as attacks in tests/security instead.
    fields.setdefault("limits", ONE_ADDRESS)
    port = port or free_port()
    folder = Path(tempfile.mkdtemp(prefix=f"rulebook-site-{port}-"))
    fields.setdefault("data", folder)
    options = SiteOptions(port=port, notebooks=notebooks, db=db_url or "", **fields)
    log = ARTIFACTS / f"site-{_artifact_name(label)}-{options.port}.log"
    server = SiteProcess(options, log_path=log).start()
    SITES[options.port] = server
    return server


@pytest.fixture(scope="session")
def site(request) -> Iterator[SiteProcess]:
    """The real site: the repository's notebooks/ folder, or the folder given
    by indirect parametrization:
    ``@pytest.mark.parametrize("site", [folder], indirect=True)``."""
    notebooks = Path(getattr(request, "param", None) or default_notebooks_dir())
    server = _start(notebooks, notebooks.name)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def fixture_site() -> Iterator[SiteProcess]:
    """The site's own stand-in notebooks (tests/rulebook/site/fixtures), preheated."""
    server = _start(FIXTURE_NOTEBOOKS, "fixtures")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def cold_fixture_site() -> Iterator[SiteProcess]:
    """tests/rulebook/site/fixtures without preheated kernels (every page starts one)."""
    server = _start(FIXTURE_NOTEBOOKS, "fixtures-cold", preheat=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def start_site(request) -> Iterator[Callable[..., SiteProcess]]:
    """Start more servers in a test: ``start_site(notebooks, **options)``."""
    started: list[SiteProcess] = []

    def start(notebooks: Path | str = FIXTURE_NOTEBOOKS, **fields) -> SiteProcess:
        server = _start(Path(notebooks), request.node.name, **fields)
        started.append(server)
        return server

    try:
        yield start
    finally:
        for server in started:
            server.stop()


# ---------------------------------------------------------------- browser ---


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if in_ci():
            pytest.fail(f"{CHROMIUM} is missing, and browser tests must run under CI")
        pytest.skip(f"{CHROMIUM} is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


def _instrument(page, test_name: str):
    """Attach the recorders and the screenshot helper to a new page."""
    page.console_errors = []
    page.external_requests = []
    page.failed_requests = []
    page.bad_responses = []
    page.shutdown_beacons = {}  # url -> done?
    page.ws_frames = []  # every WebSocket frame the page received (str or bytes): what reached the browser
    page.downloads = []  # (file name, text) of every file the page downloaded
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.set_default_navigation_timeout(PAGE_TIMEOUT_MS)

    def on_console(message):
        if message.type == "error":
            page.console_errors.append(message.text)

    def on_page_error(error):
        page.console_errors.append(f"uncaught: {error}")

    def on_request(request):
        if not _is_local(request.url):
            page.external_requests.append(request.url)
        if "/voila/api/shutdown/" in request.url:
            page.shutdown_beacons[request.url] = False

    def on_request_done(request):
        if request.url in page.shutdown_beacons:
            page.shutdown_beacons[request.url] = True

    def on_websocket(ws):
        if not _is_local(ws.url.replace("ws://", "http://").replace("wss://", "https://")):
            page.external_requests.append(ws.url)

        def on_frame(payload):
            page.ws_frames.append(payload if isinstance(payload, str) else bytes(payload))

        ws.on("framereceived", on_frame)

    def on_download(download):
        try:
            page.downloads.append((download.suggested_filename, Path(download.path()).read_text("utf-8", "replace")))
        except Exception as error:  # a download that failed is recorded as such
            page.downloads.append((download.suggested_filename, f"<failed: {error}>"))

    def on_failed(request):
        on_request_done(request)
        failure = request.failure or ""
        # navigating away cancels what is in flight: not a failure of the site
        if "ERR_ABORTED" not in failure or not _is_local(request.url):
            page.failed_requests.append(f"{request.url} {failure}")

    def on_response(response):
        if response.status >= 400:
            page.bad_responses.append((response.status, response.url))

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("request", on_request)
    page.on("websocket", on_websocket)
    page.on("requestfailed", on_failed)
    page.on("requestfinished", on_request_done)
    page.on("response", on_response)
    page.on("download", on_download)
    # anything for another host is aborted at once (and recorded above)
    page.route(lambda url: not _is_local(url), lambda route: route.abort())

    def save_screenshot(name: str | None = None, full_page: bool = True) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{_artifact_name(name or test_name)}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    page.save_screenshot = save_screenshot
    page.wait_for_voila = lambda selector, timeout_ms=PAGE_TIMEOUT_MS: wait_for_page(
        page, selector, timeout_ms
    )
    page.kernel_id = lambda: page_kernel_id(page)
    return page


def _close(page, context) -> None:
    """Leave like a visitor: the page's beforeunload runs, so a Voilà page
    sends its shutdown beacon, and we wait (5 s at most) until it is through.

    (A navigation the page starts itself: Chromium drops the beacon of a
    ``page.goto("about:blank")`` and of a context closed right after
    ``page.close(run_before_unload=True)``.)"""
    try:
        if not page.is_closed() and page.url.startswith("http"):
            try:
                page.evaluate("() => { window.location.href = 'about:blank'; }")
            except Exception:
                pass  # the navigation may destroy the evaluation context first
            page.wait_for_url("about:blank", timeout=15_000)
            for _ in range(50):
                if all(page.shutdown_beacons.values()):
                    break
                page.wait_for_timeout(100)
    except Exception:
        pass
    finally:
        context.close()


@pytest.fixture
def new_page(browser, request):
    """``new_page(width=1024, height=768)`` -> an instrumented page."""
    opened = []

    def make(width: int = 1024, height: int = 768):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = _instrument(context.new_page(), f"{request.node.name}-{len(opened)}")
        opened.append((page, context))
        return page

    try:
        yield make
    finally:
        report = getattr(request.node, "rb_call_report", None)
        for k, (page, context) in enumerate(opened):
            if report is not None and report.failed and not page.is_closed():
                try:  # what the page showed when the test failed, for the CI artifacts
                    page.save_screenshot(f"FAILED-{_artifact_name(request.node.name)}-{k}")
                except Exception:
                    pass
            _close(page, context)


#: What the machine was doing when a browser test failed (the first few), for the summary.
FAILURE_STATES: list[tuple[str, str]] = []
#: Log lines not worth a CI reader's time.
_LOG_NOISE = ("is not trusted", "without encryption", "200 GET", "204 POST", "Adapting from protocol", "buffering for")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep the call phase's report on the test item, so ``new_page`` can screenshot a failure."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rb_call_report = report
    if report.failed and len(FAILURE_STATES) < 6:
        FAILURE_STATES.append((item.nodeid, machine_state()))


def machine_state(sample_s: float = 1.0) -> str:
    """Load, free memory, kernels and browsers running, and the busiest processes over ``sample_s``.

    A browser test times out when a page does not come; in CI, all that is
    left afterwards is the log, so it says whether the machine was saturated.
    """
    import time

    def processes() -> dict[int, int]:
        return {int(entry): cpu_ticks(int(entry)) for entry in os.listdir("/proc") if entry.isdigit()}

    try:
        before = processes()
        time.sleep(sample_s)
        after = processes()
        names = {pid: read_proc(f"/proc/{pid}/comm").strip() for pid in after}
        busy = sorted(((t - before[pid], pid) for pid, t in after.items() if pid in before), reverse=True)[:5]
        load = read_proc("/proc/loadavg").split()[:3]
        memory = [line.split() for line in read_proc("/proc/meminfo").splitlines() if line.startswith("MemAvailable")]
        commands = {pid: read_proc(f"/proc/{pid}/cmdline") for pid in after}
        kernels = sum(1 for c in commands.values() if "ipykernel" in c)
        browsers = sum(1 for name in names.values() if "chrom" in name.lower())
        hertz = os.sysconf("SC_CLK_TCK") * sample_s
        top = ", ".join(f"{names[pid]}[{pid}] {100 * t / hertz:.0f}%" for t, pid in busy)
        free_mb = int(memory[0][1]) // 1024 if memory else -1
        return f"load {' '.join(load)}; {free_mb} MB free; {kernels} kernels, {browsers} chromium processes; busiest: {top}"
    except Exception as error:  # the summary must never fail the run
        return f"(machine state unavailable: {error})"


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """After failures: the machine's state at each (first few) and the end of every site's log."""
    if not FAILURE_STATES:
        return
    write = terminalreporter.write_line
    terminalreporter.section("browser test failures: the machine at the time")
    for nodeid, state in FAILURE_STATES:
        write(f"{nodeid}: {state}")
    for port, server in sorted(SITES.items()):
        try:
            lines = [line for line in server.log_text().splitlines() if not any(n in line for n in _LOG_NOISE)]
        except Exception:  # noqa: BLE001 - a log that cannot be read is left out
            continue
        if any("ERROR" in line or "Traceback" in line or "WARNING" in line for line in lines):
            terminalreporter.section(f"site on port {port}: the last lines of its log")
            for line in lines[-25:]:
                write(line[:300])


@pytest.fixture
def page(new_page):
    return new_page()


# ---------------------------------------------------------------- helpers ---


def wait_for_page(page, selector: str, timeout_ms: int = PAGE_TIMEOUT_MS):
    """Wait until a Voilà page shows ``selector`` (cells are hidden until all ran)."""
    locator = page.locator(selector).first
    locator.wait_for(state="visible", timeout=timeout_ms)
    return locator


def page_kernel_id(page) -> str | None:
    """The kernel a rendered Voilà page is connected to."""
    return page.evaluate(
        """() => {
            const el = document.getElementById('jupyter-config-data');
            return el ? JSON.parse(el.textContent).kernelId : null;
        }"""
    )
