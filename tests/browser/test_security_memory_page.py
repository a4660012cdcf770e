"""Issue 17, item 4, seen by the visitor: a page whose kernel the site stopped for memory says so.

The kernel is inflated by a raw client (a browser cannot send such
messages); the page in Chromium must show the site's message in both
languages, with a button to open the page again, instead of going blank.
(Here rather than in tests/security: it shares this folder's Chromium.)
"""

from __future__ import annotations

import pytest
from tests.support.raw_kernel import Visitor, big_widget
from tests.support.security_site import NOTEBOOKS as SECURITY_NOTEBOOKS
from websockets.exceptions import ConnectionClosed

from rulebook.site.limits import LimitSettings
from rulebook.site.process import rss_kb

pytestmark = pytest.mark.browser
LIMIT_MB = 200
PIECE = 900 * 1024  # under the 1 MB message cap


def _widget(n: int) -> dict:
    return big_widget(n, PIECE)


@pytest.mark.parametrize("width, height", [(390, 844)])
def test_a_page_stopped_for_memory_shows_the_sites_message(start_site, new_page, width, height):
    site = start_site(SECURITY_NOTEBOOKS, preheat=False, max_kernels=3,
                      limits=LimitSettings(kernel_memory_mb=LIMIT_MB, message_mb=1, silent_seconds=0))
    page = new_page(width, height)
    page.goto(site.page_url("page.ipynb"))
    page.wait_for_voila(".rb-ready")
    kernel = page.kernel_id()
    process = next(k for k in site.kernels() if k.kernel_id == kernel)

    socket = Visitor(site.port, "10.0.7.1").socket(kernel)
    for n in range(0, 600, 10):
        try:
            for k in range(n, n + 10):
                socket.comm_open("jupyter.widget", _widget(k))
        except ConnectionClosed:
            break
        socket.receive_all(0.3)
        if socket.connection.close_code is not None or rss_kb(process.pid) / 1024 > LIMIT_MB:
            break
    banner = page.locator(".rb-kernel-stopped")
    banner.wait_for(state="visible", timeout=30_000)
    assert banner.get_attribute("data-code") == "4001"
    text = banner.inner_text()
    assert "メモリ" in text and "more memory than the site allows" in text and "Your table is safe" in text
    page.save_screenshot("security-memory-stopped-390")
    button = banner.locator("button")
    box = button.bounding_box()
    assert box["width"] <= width and box["height"] >= 44  # a finger can hit it on a phone
    socket.close()
