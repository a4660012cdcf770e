"""The served site, in Chromium: landing page, query strings, hidden
sources and tracebacks, blocked template overrides, 404s, nothing fetched
from another host, and no kernel left behind by closed pages.

Most tests serve the stand-in notebooks of tests/rulebook/site/fixtures
(``fixture_site``); the landing page is also checked on the real
``notebooks/`` folder once it has an ``index.ipynb``.
"""

from __future__ import annotations

import http.client
import json
import statistics
import time
from pathlib import Path

import pytest

from tests.support.site_process import page_kernel_id, wait_until
from rulebook.site.serve import default_notebooks_dir

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

VIEWPORTS = [(1024, 768), (390, 844)]
#: What the error fixture's failing cell contains: none of it may reach a visitor.
SECRETS = [
    "SECRET_SOURCE_MARKER",
    "do-not-show-this-source",
    "secret-error-message-xyz",
    "RuntimeError",
    "Traceback",
    'File "',
]
FRIENDLY_ERROR = "Something went wrong while preparing this page."


def report(capsys, name: str, lines: list[str]) -> None:
    """Print measured figures (uncaptured) and keep them in test-artifacts/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.txt").write_text("\n".join(lines) + "\n")
    with capsys.disabled():
        print(f"\n[{name}]")
        for line in lines:
            print("  " + line)


def head(site, path: str) -> tuple[int, str]:
    """GET without following redirects: (status, Location)."""
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("Location") or ""
    finally:
        connection.close()


def assert_clean(page, allow_404_of: str | None = None) -> None:
    """Nothing from another host, no failed request, no console error."""
    assert page.external_requests == []
    assert page.failed_requests == []
    bad = [(status, url) for status, url in page.bad_responses if not (allow_404_of and url.endswith(allow_404_of))]
    assert bad == []
    errors = page.console_errors
    if allow_404_of:
        errors = [e for e in errors if "status of 404" not in e]
    assert errors == []


def query_shown(page) -> dict:
    return json.loads(page.wait_for_voila(".rb-query").inner_text())


# ------------------------------------------------------------ landing ------


@pytest.fixture(params=["fixtures", "notebooks"])
def landing_site(request):
    if request.param == "notebooks":
        if not (default_notebooks_dir() / "index.ipynb").exists():
            pytest.skip("notebooks/index.ipynb does not exist yet")
        return request.getfixturevalue("site")
    return request.getfixturevalue("fixture_site")


def test_root_redirects_to_the_index_keeping_the_query(fixture_site):
    assert head(fixture_site, "/?lang=en") == (302, "/voila/render/index.ipynb?lang=en")
    assert head(fixture_site, "/") == (302, "/voila/render/index.ipynb")
    assert head(fixture_site, "/voila/tree")[1] == "/voila/render/index.ipynb"
    assert head(fixture_site, "/voila/tree/sub?x=1")[1] == "/voila/render/index.ipynb?x=1"


def test_landing_page(landing_site, new_page):
    for width, height in VIEWPORTS:
        page = new_page(width, height)
        page.goto(landing_site.url + "?lang=en")
        page.wait_for_voila("#rendered_cells .rb-page")
        assert page.url.endswith("/voila/render/index.ipynb?lang=en")
        header = page.locator(".rb-site-home")
        assert header.inner_text() == "ルールブック / Rulebook"
        assert header.get_attribute("href") == "/?lang=en"  # the language stays
        if landing_site.notebooks.name == "fixtures":
            assert page.locator(".rb-lang").inner_text() == "en"
        page.wait_for_load_state("networkidle")
        page.save_screenshot(f"landing-{landing_site.notebooks.name}-{width}x{height}")
        assert_clean(page)


# ------------------------------------------------------------- widgets -----


def test_widget_page_works_offline(fixture_site, new_page):
    for width, height in VIEWPORTS:
        page = new_page(width, height)
        page.goto(fixture_site.page_url("widget.ipynb", lang="en", seed=3))
        button = page.wait_for_voila(".rb-ready")
        button.click()
        page.wait_for_voila(".rb-clicks:text-is('1')")
        # Font Awesome comes from Voilà's own bundle, served by the site
        icon = page.locator(".rb-ready i.fa-check")
        assert "Font Awesome 5 Free" in icon.evaluate("el => getComputedStyle(el).fontFamily")
        page.wait_for_function("() => document.fonts.check('900 16px \"Font Awesome 5 Free\"')")
        # MathJax too
        page.wait_for_voila("mjx-container")
        page.wait_for_load_state("networkidle")
        page.save_screenshot(f"widget-{width}x{height}")
        assert_clean(page)


def test_a_page_without_tex_starts_no_typesetter(fixture_site, page):
    """query.ipynb holds no TeX: its page never fetches MathJax, and starts without it (widget.ipynb, with TeX, has it)."""
    import sys

    from rulebook.site.assets import typesetter_module

    found = typesetter_module([Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "base" / "static"])
    assert found is not None
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(fixture_site.page_url("query.ipynb", lang="en", seed=3))
    assert query_shown(page) == {"lang": "en", "seed": "3"}
    page.wait_for_load_state("networkidle")
    assert not [url for url in fetched if url.endswith(f"/{found['chunk']}.voila.js")]
    assert page.evaluate("() => !!window.jupyterapp && !document.getElementById('MJX-CHTML-styles')")
    assert page.locator("mjx-container").count() == 0
    assert_clean(page)


# -------------------------------------------------------------- queries ----


def test_query_reaches_a_preheated_kernel(fixture_site, page):
    page.goto(fixture_site.page_url("query.ipynb", lang="en", seed=3))
    assert query_shown(page) == {"lang": "en", "seed": "3"}
    assert page.locator(".rb-preheat").inner_text() == "True"
    kernel = page.kernel_id()
    assert f"Using pre-heated kernel: {kernel} for query.ipynb" in fixture_site.log_text()


def test_malformed_query_still_renders(fixture_site, page):
    page.goto(fixture_site.url + "voila/render/query.ipynb?seed=%ZZ&&lang&=x&seed=2")
    assert query_shown(page) == {"seed": "%ZZ", "lang": ""}
    assert_clean(page)


def test_query_reaches_a_kernel_started_on_request(cold_fixture_site, page):
    page.goto(cold_fixture_site.page_url("query.ipynb", lang="ja", seed=11))
    assert query_shown(page) == {"lang": "ja", "seed": "11"}
    assert page.locator(".rb-preheat").inner_text() == "False"


# ------------------------------------------ what a visitor must not see ----


def test_sources_and_tracebacks_stay_hidden(fixture_site, new_page):
    status, html = fixture_site.fetch(fixture_site.page_url("error.ipynb"))
    assert status == 200
    for secret in SECRETS:
        assert secret not in html
    assert FRIENDLY_ERROR in html
    status, html = fixture_site.fetch(fixture_site.page_url("widget.ipynb"))
    assert "on_click" not in html and "import ipywidgets" not in html

    for width, height in VIEWPORTS:
        page = new_page(width, height)
        page.goto(fixture_site.page_url("error.ipynb"))
        page.wait_for_voila(f"text={FRIENDLY_ERROR}")
        text = page.locator("body").inner_text()
        for secret in SECRETS:
            assert secret not in text
        page.save_screenshot(f"error-cell-{width}x{height}")
        assert_clean(page)


@pytest.mark.parametrize(
    "query",
    ["template=classic", "template=reveal", "template=base", "voila-template=classic", "theme=dark"],
)
def test_template_override_is_blocked(fixture_site, query):
    status, html = fixture_site.fetch(f"voila/render/query.ipynb?{query}")
    assert status == 200
    assert "/voila/templates/rulebook/static/site.css" in html
    assert 'class="rb-site-header"' in html
    assert "theme-light" in html and "theme-dark" not in html
    assert "/voila/templates/classic/" not in html and "/voila/templates/reveal/" not in html
    # and the override does not even cost a cold kernel: the pool served it
    kernel = page_kernel_id(html)
    assert f"Using pre-heated kernel: {kernel} for query.ipynb" in fixture_site.log_text()


BAD_PATHS = [
    "voila/render/nonexistent.ipynb",
    "voila/render/sub/none.ipynb",
    "voila/render/",
    "voila/render/..%2F..%2Fetc%2Fpasswd",
    "voila/render/notes.txt",
    "voila/files/error.ipynb",
    "no/such/page",
    "api/kernels",
]


@pytest.mark.parametrize("path", BAD_PATHS)
def test_bad_urls_get_the_site_error_page(fixture_site, path):
    status, html = fixture_site.fetch(path)
    assert status in (403, 404)
    assert 'class="rb-error"' in html and 'class="rb-site-header"' in html
    assert "site.css" in html
    for leak in ["Traceback", 'File "', "tornado", "HTTPError", "jupyter_server", "/work/", "/tmp/"]:
        assert leak not in html


def test_404_page_in_the_browser(fixture_site, new_page):
    for width, height in VIEWPORTS:
        page = new_page(width, height)
        response = page.goto(fixture_site.page_url("nonexistent.ipynb"))
        assert response.status == 404
        page.wait_for_voila(".rb-error")
        assert page.locator(".rb-error-code").inner_text() == "404"
        assert page.locator(".rb-error-home").get_attribute("href") == "/"
        page.save_screenshot(f"404-{width}x{height}")
        assert_clean(page, allow_404_of="nonexistent.ipynb")


# ------------------------------------------------------------- kernels -----

VISITS = 5


def visit(browser, site, notebook: str, n: int):
    """Open ``notebook`` in a new tab, wait until it is usable: (context, page, kernel)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(site.page_url(notebook, visit=n))
    page.locator(".rb-ready").first.wait_for(state="visible")
    kernel = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel in site.kernel_ids()
    return context, page, kernel


def test_an_open_page_keeps_its_kernel(fixture_site, page):
    """Culling takes only kernels without a page: a visitor reading the rules
    for longer than the idle timeout still has a working game."""
    page.goto(fixture_site.page_url("widget.ipynb"))
    button = page.wait_for_voila(".rb-ready")
    kernel = page.kernel_id()
    options = fixture_site.options
    # idle for longer than the culler allows a page-less kernel (a time-based property)
    page.wait_for_timeout(1000 * (options.cull_idle_timeout + 2 * options.cull_interval + 1))
    assert kernel in fixture_site.kernel_ids()
    button.click()
    page.wait_for_voila(".rb-clicks:text-is('1')")
    assert f"({kernel})" not in "\n".join(
        line for line in fixture_site.log_text().splitlines() if "Culling" in line
    )


def test_closed_pages_leave_no_kernels(fixture_site, browser, capsys):
    """Voilà 0.5 leaks the kernel of a closed page (voila issue 1458). Closing
    a tab now shuts its kernel down at once (the beacon is accepted), and a
    tab that vanishes without a word (a killed browser, a phone) loses its
    kernel to culling. Afterwards exactly the preheated pools remain."""
    site = fixture_site
    cull_timeout, cull_interval = site.options.cull_idle_timeout, site.options.cull_interval
    # other tests' pages may still be closing: wait for the pools alone
    site.wait_kernels_quiet(timeout=cull_timeout + cull_interval + 60)
    assert len(site.kernel_ids()) == site.pool_kernels

    # 1. A visitor closes the tab: beforeunload sends the shutdown beacon.
    beacon_seconds = []
    closed_kernels = []
    for n in range(VISITS):
        context, page, kernel = visit(browser, site, "widget.ipynb", n)
        start = time.monotonic()
        page.close(run_before_unload=True)
        wait_until(lambda: kernel not in site.kernel_ids(), 60, 0.1, f"kernel {kernel} to go")
        beacon_seconds.append(time.monotonic() - start)
        context.close()
        closed_kernels.append(kernel)
        # the access log line is written once the shutdown has finished
        wait_until(
            lambda: f"204 POST /voila/api/shutdown/{kernel}" in site.log_text(),
            10,
            0.1,
            f"the shutdown of {kernel} in the log",
        )

    # 2. Tabs that vanish without beforeunload: the culler takes their kernels.
    vanished = []
    for n in range(VISITS):
        context, page, kernel = visit(browser, site, "widget.ipynb", VISITS + n)
        context.close()  # no beforeunload, no beacon
        vanished.append((kernel, time.monotonic()))
    cull_seconds = []
    for kernel, gone_at in vanished:
        wait_until(
            lambda: kernel not in site.kernel_ids(),
            cull_timeout + cull_interval + 60,
            0.2,
            f"kernel {kernel} to be culled",
        )
        cull_seconds.append(time.monotonic() - gone_at)
    log = site.log_text()
    for kernel, _ in vanished:
        assert f"Culling 'idle' kernel 'python3' ({kernel})" in log
        assert f"/voila/api/shutdown/{kernel}" not in log

    # 3. What is left: exactly the pools, none of the visited kernels.
    site.wait_kernels_quiet(timeout=60)
    left = site.kernel_ids()
    visited = set(closed_kernels) | {k for k, _ in vanished}
    assert len(left) == site.pool_kernels
    assert not left & visited
    pools = site.options.preheated_notebooks
    report(
        capsys,
        "kernel-lifecycle",
        [
            f"{VISITS} tabs closed: {VISITS} kernels shut down by the page's beacon (204), "
            f"median {statistics.median(beacon_seconds):.2f} s, max {max(beacon_seconds):.2f} s after closing",
            f"{VISITS} tabs vanished without beforeunload: {VISITS} kernels culled, "
            f"max {max(cull_seconds):.1f} s after (cull_idle_timeout {cull_timeout} s, "
            f"cull_interval {cull_interval} s)",
            f"kernels left: {len(left)} = pool size {site.options.pool_size} x {len(pools)} notebooks "
            f"({', '.join(pools)}); none of the {len(visited)} visited kernels",
        ],
    )
