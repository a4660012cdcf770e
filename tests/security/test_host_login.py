"""Issue 17, item 6: wrong host passwords from one address do not lock the host out from another.

The login's guard lives in the host page's kernel; the server gives each
page's kernel its client's address (``X-Rulebook-Client``, set by the page
handler, whatever the visitor sent under that name). The guard counts per
address, in the table store every host page of every server shares; only
far beyond one person's rate does everybody wait.
"""

from __future__ import annotations

import http.client
import re

import pytest

from tests.support.raw_kernel import Visitor

from rulebook.site.host import GLOBAL_LIMIT, LOCK_AFTER, LOCK_SECONDS, LoginGuard
from rulebook.site.limits import LimitSettings


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    from rulebook.tables.sqlite import SQLiteStore

    opened = SQLiteStore(tmp_path / "tables.sqlite")
    yield opened
    opened.close()


def test_wrong_passwords_from_one_address_do_not_lock_another(store):
    clock = Clock()
    for _ in range(LOCK_AFTER):
        LoginGuard(store=store, client="10.0.6.1", _clock=clock).record(False)  # each try: a new host page
    assert LoginGuard(store=store, client="10.0.6.1", _clock=clock).locked() == LOCK_SECONDS
    host = LoginGuard(store=store, client="10.0.6.2", _clock=clock)
    assert host.locked() == 0
    host.record(True)
    assert LoginGuard(store=store, client="10.0.6.1", _clock=clock).locked() == LOCK_SECONDS  # still locked


def test_only_far_beyond_one_persons_rate_does_everybody_wait(store):
    clock = Clock()
    for n in range(GLOBAL_LIMIT - 1):  # many addresses, each under its own lock
        LoginGuard(store=store, client=f"10.1.{n // 200}.{n % 200}", _clock=clock).record(False)
        clock.now += 0.5
    assert LoginGuard(store=store, client="10.0.6.9", _clock=clock).locked() == 0
    LoginGuard(store=store, client="10.2.0.1", _clock=clock).record(False)
    assert LoginGuard(store=store, client="10.0.6.9", _clock=clock).locked() > 0
    clock.now += 3600
    assert LoginGuard(store=store, client="10.0.6.9", _clock=clock).locked() == 0


def _shown_address(body: str) -> str | None:
    """The address the page's kernel displayed (the page carries its output as JSON in the HTML)."""
    text = body.replace("\\u003c", "<").replace("\\u003e", ">").replace('\\"', '"')
    match = re.search(r'class="rb-client">([^<]*)<', text)
    return match.group(1) if match else None


@pytest.mark.parametrize("preheat", [False, True], ids=["own-kernel", "preheated"])
def test_a_page_kernel_is_told_its_visitors_address_and_a_forged_one_is_replaced(secure_site, preheat):
    """The kernel gets one identity per client address (hashed: it need not know the address), never a visitor's own."""
    site = secure_site(LimitSettings(silent_seconds=0), max_kernels=4, preheat=preheat)
    if preheat:
        site.wait_pools()
    visitor = Visitor(site.port, "10.0.6.3")
    status, body, _ = visitor.get("/voila/render/client.ipynb")
    assert status == 200
    first = _shown_address(body)
    assert first and "10.0.6.3" not in first
    status, body, _ = Visitor(site.port, "10.0.6.3").get("/voila/render/client.ipynb")
    assert status == 200 and _shown_address(body) == first  # the same address, the same client

    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=120)
    connection.request("GET", "/voila/render/client.ipynb", headers={"X-Real-IP": "10.0.6.4", "X-Rulebook-Client": first})
    forged = _shown_address(connection.getresponse().read().decode())
    assert forged and forged != first  # another address cannot pass for the first client
