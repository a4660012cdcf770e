"""Issue 17 in a real browser: what a spectator's and a watcher's page say, and the client id reaching a kernel.

The rules behind them are tested without a browser (tests/security/); here
only what needs the served site: the Save button a spectator of a hidden-card
game sees, the "watching seat N" line of a seat link opened without
``claim=1`` (on a phone-sized page), and that the kernel of a page knows its
client (the server's hashed address), which the per-client table limit counts.
"""

from __future__ import annotations

import sqlite3
from urllib.parse import parse_qs, urlsplit

import pytest
from tests.support.browser_helpers import table_id


@pytest.mark.browser
def test_spectator_and_watcher_pages_say_what_they_may_do(site, new_page):
    tablet = new_page()
    tablet.goto(site.page_url("not_my_fault.ipynb", lang="en", players=2, seats="human,human"))
    tablet.wait_for_voila(".rb-pass-screen")
    table = table_id(tablet)
    tablet.wait_for_function("() => new URLSearchParams(location.search).get('k')?.split('.').length === 3")
    keys = parse_qs(urlsplit(tablet.url).query)["k"][0].split(".")  # owner, seat 1, seat 2
    assert "claim" in parse_qs(urlsplit(tablet.url).query)  # its own address claims its seats

    watcher = new_page(width=390, height=844)
    watcher.goto(site.page_url("not_my_fault.ipynb", lang="en", t=table, k=keys[2]))
    line = watcher.wait_for_voila(".rb-watching-seat")
    assert "watching seat 2" in line.inner_text()
    watcher.save_screenshot("security-watching-seat-390")

    spectator = new_page()
    spectator.goto(site.page_url("not_my_fault.ipynb", lang="en", t=table))
    button = spectator.wait_for_voila(".rb-save-button button, button.rb-save-button")
    assert button.is_disabled() and "no save until the end" in button.inner_text()
    spectator.save_screenshot("security-spectator-save-1024")

    # the page that made the table knew its client: the store counted one table for one hashed address
    db = sqlite3.connect(site.options.store_url[len("sqlite://") :])
    try:
        rows = db.execute("SELECT who FROM rb_events WHERE kind = 'table'").fetchall()
    finally:
        db.close()
    assert rows and all(len(who) == 24 and who.isalnum() for (who,) in rows)
