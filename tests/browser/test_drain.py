"""A rolling restart as a player sees it (issue 30, rulebook/site/health.py): the page is told, and comes back.

A game of Pig is open on a server that is then told to drain (SIGTERM)
with a short ``--drain-seconds``. The page's kernel websocket is closed
with code 4003; the page says "this server is restarting" in both
languages, and the server exits 0. A server started again on the same
port and the same store (what the proxy's other server is to a real page)
answers ``/healthz``; the page then reloads its own URL, which carries its
table and seat, and shows the same game.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from rulebook.site.serve import default_notebooks_dir
from tests.support.browser_helpers import click_and_redraw

pytestmark = pytest.mark.browser

BOARD = ".rb-pig"


def turn_points(page) -> int:
    return int(page.get_attribute(f"{BOARD} .rb-turn-total", "data-points"))


def test_a_draining_server_tells_its_open_page_which_reopens_on_the_next_server(start_site, new_page) -> None:
    first = start_site(default_notebooks_dir(), preheat=False, drain_seconds=3, server_name="first")
    page = new_page(390, 844)
    page.goto(first.page_url("pig.ipynb", lang="en"))
    page.wait_for_voila(f"{BOARD} .rb-turn-total")
    click_and_redraw(page, ".rb-action-roll")
    page.wait_for_function("() => new URLSearchParams(location.search).has('k')")
    url = page.url
    query = parse_qs(urlsplit(url).query)
    assert query.get("t") and query.get("k"), url  # the page's URL carries its table and seat
    points = turn_points(page)

    first.process.send_signal(15)  # SIGTERM
    banner = page.wait_for_selector(".rb-server-restarting", timeout=60_000)
    assert banner.get_attribute("data-code") == "4003"
    text = banner.inner_text()
    assert "このサーバーは再起動中です" in text and "This server is restarting" in text
    assert first.process.wait(60) == 0, first.log_tail()
    assert "drained: 1 page(s) still open told to reopen elsewhere" in first.log_text()
    assert page.url == url  # nothing reloaded while no server answers

    second = start_site(default_notebooks_dir(), port=first.port, data=first.options.data, preheat=False,
                        server_name="second")
    page.wait_for_selector(".rb-server-restarting", state="detached", timeout=120_000)
    page.wait_for_voila(f"{BOARD} .rb-turn-total")
    assert page.url == url and turn_points(page) == points  # the same table, where it was
    assert any(c["name"] == "rb_route" and c["value"] == "second" for c in page.context.cookies())
    assert "drained" not in second.log_text()
