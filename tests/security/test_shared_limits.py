"""Issue 30, item 4: two servers on one store count a client's pages once, and a stopped server's pages stop counting.

Two real sites (``rulebook serve``) on one PostgreSQL database, as behind
the café's proxy: a client's pages on either count against one limit, so it
cannot get twice its share by reaching both; when one server stops, the
other lets the client in again (at once if it exited cleanly, at most
``DEAD_SECONDS`` plus a beat later if it died).
"""

from __future__ import annotations

import time

from tests.support.raw_kernel import Visitor

from rulebook.site.limits import LimitSettings
from rulebook.site.shared_limits import BEAT_SECONDS, DEAD_SECONDS


def test_two_servers_count_one_clients_pages_once(secure_site, postgres_url):
    limits = LimitSettings(pages_per_address=2, pages_per_cookie=0, silent_seconds=0)
    one = secure_site(limits, db=postgres_url, max_kernels=4)
    two = secure_site(limits, db=postgres_url, max_kernels=4)
    on_one, on_two = Visitor(one.port, "10.0.30.1"), Visitor(two.port, "10.0.30.1")
    assert on_one.open_page("page.ipynb")[0] == 200
    assert on_two.open_page("page.ipynb")[0] == 200
    for visitor in (on_one, on_two):  # two pages in all: the address is full on both servers
        status, body, _ = visitor.get("/voila/render/page.ipynb")
        assert status == 429 and "rb-too-many-pages" in body
    assert Visitor(two.port, "10.0.30.2").open_page("page.ipynb")[0] == 200  # another address is not touched

    one.stop()  # its page goes with it: the address has one page left, on server two
    deadline = time.monotonic() + DEAD_SECONDS + 3 * BEAT_SECONDS
    while True:
        status, _ = on_two.open_page("page.ipynb")
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert status == 200, "a stopped server's pages still counted"
    status, body, _ = on_two.get("/voila/render/page.ipynb")
    assert status == 429
