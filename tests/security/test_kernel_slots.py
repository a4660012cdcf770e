"""Issue 17, item 2: held websockets must not fill every kernel slot.

The attack: open pages and keep their kernel websockets connected without
ever sending a heartbeat. Before, connected kernels were never culled and
everyone else got "site is full" for as long as the sockets were held. Now:
a client gets only its share of pages, a share of the slots waits for seat
links of open tables, and a page that sends nothing loses its kernel even
with its websocket connected.
"""

from __future__ import annotations

import time

from tests.support.raw_kernel import Visitor
from websockets.exceptions import ConnectionClosed

from rulebook.site.limits import CLOSE_SILENT, LimitSettings
from rulebook.tables.store import new_token

SILENT = 12


def _open_table(site) -> tuple[str, str]:
    """An open table in the site's store, and the key of its seat 0 (what a seat link carries)."""
    key = new_token()
    info = site.store().create(game="ring", version=1, options={}, seats=["human", "bot"], table_mode=False, seed=7,
                               tokens={0: key})
    return info.id, key


def _closed_with(socket, timeout: float) -> int | None:
    """Wait until the server closes ``socket``; its close code (None if it stayed open)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.connection.recv(timeout=1)
        except TimeoutError:
            continue
        except ConnectionClosed:
            return socket.connection.close_code
    return None


def test_held_silent_websockets_cannot_keep_others_out(secure_site):
    limits = LimitSettings(pages_per_address=2, pages_per_cookie=0, seat_share=0.2, silent_seconds=SILENT)
    site = secure_site(limits, max_kernels=5, cull_idle_timeout=600)
    a, b = Visitor(site.port, "10.0.0.1"), Visitor(site.port, "10.0.0.2")
    held = []
    for attacker in (a, b):
        for _ in range(2):
            status, kernel = attacker.open_page("page.ipynb")
            assert status == 200 and kernel
            held.append((kernel, attacker.socket(kernel)))

    # one address, past its share: refused with the site's own page, and nothing started
    kernels_before = len(site.kernels())
    status, body, headers = a.get("/voila/render/page.ipynb")
    assert status == 429 and "rb-too-many-pages" in body and headers.get("Retry-After")
    assert "window.location.reload()" in body  # it tries again by itself (retry_page.html)
    assert len(site.kernels()) == kernels_before

    # 4 of 5 slots taken: the last one is kept for seat links of open tables
    stranger = Visitor(site.port, "10.0.0.3")
    status, body, _ = stranger.get("/voila/render/page.ipynb")
    assert status == 503 and "rb-site-full" in body and "window.location.reload()" in body
    table, key = _open_table(site)
    forged = Visitor(site.port, "10.0.0.4")
    assert forged.get(f"/voila/render/page.ipynb?t={table}&k={new_token()}")[0] == 503  # a key of no seat
    player = Visitor(site.port, "10.0.0.5")
    status, seat_kernel = player.open_page("page.ipynb", f"t={table}&k={key}")
    assert status == 200 and seat_kernel

    # The held sockets go silent from now on (one message each resets the clock, so the
    # wait below does not depend on how long the machine took to open the pages), except
    # one, which beats like a page every 2 s: only the silent ones lose their kernels.
    for _, socket in held:
        socket.send("kernel_info_request", {})
    alive_kernel, alive_socket = held[-1]
    started = time.monotonic()
    while time.monotonic() - started < SILENT + 15:
        alive_socket.send("kernel_info_request", {})
        alive_socket.receive_all(2)
        if not ({k for k, _ in held[:-1]} & site.kernel_ids()):
            break
    gone = time.monotonic() - started
    assert not ({k for k, _ in held[:-1]} & site.kernel_ids()), "silent pages kept their kernels"
    assert gone >= SILENT - 3, f"culled after {gone:.0f} s, before the silence limit of {SILENT} s"
    assert alive_kernel in site.kernel_ids(), "a page that beats was culled"
    for _, socket in held[:-1]:
        assert _closed_with(socket, 10) == CLOSE_SILENT
    assert "sent nothing for" in site.log_text()

    # the slots are free again for everybody
    status, kernel = stranger.open_page("page.ipynb")
    assert status == 200 and kernel
    for _, socket in held:
        socket.close()


def test_a_browser_gets_its_share_of_pages_whatever_its_address(secure_site):
    """The ``rb_client`` cookie counts one browser's pages across addresses (a phone moving between networks)."""
    site = secure_site(LimitSettings(pages_per_address=5, pages_per_cookie=2, silent_seconds=0), max_kernels=6)
    phone = Visitor(site.port, "10.0.1.1")
    assert phone.open_page("page.ipynb")[0] == 200
    assert "rb_client" in phone.cookies
    phone.address = "10.0.1.2"
    assert phone.open_page("page.ipynb")[0] == 200
    phone.address = "10.0.1.3"
    status, body, _ = phone.get("/voila/render/page.ipynb")
    assert status == 429 and "rb-too-many-pages" in body
    # without the cookie, the address's own count applies (1 page at 10.0.1.3 so far: none)
    phone.use_cookies = False
    assert phone.open_page("page.ipynb")[0] == 200
