"""Issue 17, item 4: a page's kernel has a memory limit.

The attack: ``comm_open`` messages with big strings, which the kernel keeps
(a widget per message). Before, twenty of 5 MB grew one kernel from 75 to
313 MB with no end. Now a message over the size cap closes its socket
(``test_websocket_limits``), every kernel starts behind a data-segment wall
(``RLIMIT_DATA``), and the server shuts down a kernel over its limit and
tells its page (websocket close code 4001, which the page turns into the
site's message).
"""

from __future__ import annotations

import time

from tests.support.raw_kernel import Visitor, big_widget
from websockets.exceptions import ConnectionClosed

from rulebook.site.limits import CLOSE_MEMORY, LimitSettings, memory_wall_mb
from rulebook.site.process import rss_kb

LIMIT_MB = 200
PIECE = 900 * 1024  # under the 1 MB message cap


def _data_limit_mb(pid: int) -> int | None:
    for line in open(f"/proc/{pid}/limits"):
        if line.startswith("Max data size"):
            value = line.split()[3]
            return None if value == "unlimited" else int(value) // (1024 * 1024)
    return None


def _widget(n: int) -> dict:
    return big_widget(n, PIECE)


def test_big_comm_opens_get_the_kernel_shut_down_and_its_page_told(secure_site):
    site = secure_site(LimitSettings(kernel_memory_mb=LIMIT_MB, message_mb=1, silent_seconds=0), max_kernels=3)
    visitor = Visitor(site.port, "10.0.3.1")
    status, kernel = visitor.open_page("page.ipynb")
    assert status == 200
    process = next(k for k in site.kernels() if k.kernel_id == kernel)
    assert _data_limit_mb(process.pid) == memory_wall_mb(LIMIT_MB), "the kernel started without its memory wall"
    start_mb = rss_kb(process.pid) / 1024
    assert start_mb < LIMIT_MB

    socket = visitor.socket(kernel)
    peak_mb = start_mb
    # In bursts, reading what comes back between them, as a page would: a client that only
    # ever sends never reads the server's closing frame (and sees the connection cut instead).
    for n in range(0, 600, 10):
        try:
            for k in range(n, n + 10):
                socket.comm_open("jupyter.widget", _widget(k))
        except ConnectionClosed:
            break
        socket.receive_all(0.3)
        peak_mb = max(peak_mb, rss_kb(process.pid) / 1024)
        if socket.connection.close_code is not None or peak_mb > LIMIT_MB:
            break
    socket.receive_all(15)  # the server looks every 2 s
    code = socket.connection.close_code
    assert code == CLOSE_MEMORY, f"the socket was not closed for memory (code {code}, kernel at {peak_mb:.0f} MB)"
    deadline = time.monotonic() + 30
    while kernel in site.kernel_ids() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kernel not in site.kernel_ids(), "the kernel over its limit still runs"
    assert peak_mb < memory_wall_mb(LIMIT_MB)
    assert "over its limit" in site.log_text()
    # the site goes on: a new page opens
    assert visitor.open_page("page.ipynb")[0] == 200


def test_the_page_turns_the_close_code_into_the_sites_message(secure_site):
    """The page template knows code 4001 (and 4002): a message in both languages, never a blank page."""
    site = secure_site(LimitSettings(silent_seconds=0), max_kernels=2)
    status, body, _ = Visitor(site.port, "10.0.3.2").get("/voila/render/page.ipynb")
    assert status == 200
    assert "event.code === 4001" in body and "rb-kernel-stopped" in body
    assert "This page used more memory than the site allows" in body
