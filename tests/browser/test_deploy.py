"""Several ``rulebook serve`` processes on one PostgreSQL store (docs/deploy.md): one table, a seat on each.

Behind a reverse proxy with sticky sessions, each browser stays on one
server process, but the people at one table may land on different ones. The
table is in the shared store, the seal key too (a store setting), and each
server hears the store's NOTIFY and tells its pages (``rulebook.site.feed``):
a move made through one server shows on a page served by the other.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit, urlunsplit

import pytest
from tests.support.browser_helpers import drawn, table_id, wait_redrawn

from rulebook.site.serve import default_notebooks_dir

pytestmark = pytest.mark.browser


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


def on_server(link: str, site) -> str:
    """The same link, sent to another server process (what the proxy may do)."""
    parts = urlsplit(link)
    return urlunsplit((parts.scheme, f"127.0.0.1:{site.port}", parts.path, parts.query, parts.fragment))


def test_two_servers_one_postgresql_one_table(start_site, new_page, fresh_postgres_url) -> None:
    # Cold kernels (preheat=False): preheating every notebook on two servers at once started ~26
    # kernels on two cores, and on a slow CI machine the phone's page waited past 90 s for its turn.
    first = start_site(default_notebooks_dir(), db_url=fresh_postgres_url, max_kernels=12, preheat=False)
    second = start_site(default_notebooks_dir(), db_url=fresh_postgres_url, max_kernels=12, preheat=False)
    tablet = new_page(1024, 768)
    tablet.goto(first.page_url("not_my_fault.ipynb", lang="en", players=2, seats="human,human"))
    tablet.wait_for_voila(".rb-pass-screen")
    tablet.click(".rb-seats-toggle")
    tablet.wait_for_selector(".rb-seat-link-1")
    link = tablet.locator(".rb-seat-link-1").input_value()
    phone = new_page(390, 844)
    phone.goto(on_server(link, second))
    phone.wait_for_selector(".rb-drawn [data-revision]", state="attached")
    assert f":{second.port}/" in phone.url and table_id(phone) == table_id(tablet)
    tablet.wait_for_function("() => document.querySelector('.rb-error').innerText.includes('Seat 2 is now played on another device')")
    assert "this page plays Seat 2" in phone.inner_text(".rb-status")

    # moves made on whichever server's page holds the seat to move, each seen on the other server's page
    moves, deadline = 0, time.monotonic() + 120
    while moves < 6 and time.monotonic() < deadline:
        for mover, watcher in ((tablet, phone), (phone, tablet)):
            choice = next((s for s in ACTIONS if visible(mover, s)), None)
            if choice is None:
                continue
            before, version = drawn(watcher), drawn(mover)
            start = time.monotonic()
            mover.locator(choice).first.click()
            wait_redrawn(mover, version)
            wait_redrawn(watcher, before)
            assert time.monotonic() - start < 10
            moves += 1
            break
        else:
            time.sleep(0.2)
    assert moves == 6
    table = first.store().load(table_id(tablet))
    assert len(table.steps) >= 6 and second.store().load(table_id(tablet)).steps == table.steps
    assert tablet.console_errors == [] and phone.console_errors == []


ACTIONS = (".rb-num-legal", ".rb-hand-clickable .rb-hand-card", ".rb-action-draw")
