"""Issue 17, item 9: odd URLs and malformed messages get a plain answer, never a traceback.

Sent as is (no browser would), ``/voila/templates/rulebook/static/../../../../../x``
and ``/voila/render/host.ipynb%00`` gave the site's 500 page and a logged
traceback; a malformed widget-control ``comm_open`` sent the kernel's
traceback, with the server's install paths, to the visitor.
"""

from __future__ import annotations

import sys

import pytest
from tests.support.raw_kernel import Visitor
from tests.support.security_site import start_secure_site

from rulebook.site.limits import LimitSettings

ODD = [
    "/voila/templates/rulebook/static/../../../../../x",
    "/voila/templates/rulebook/static/../../../../../etc/passwd",
    "/voila/templates/rulebook/static/%2e%2e/%2e%2e/conf.json",
    "/voila/render/host.ipynb%00",
    "/voila/render/page.ipynb%00.html",
    "/voila/files/%00",
    "/voila/static/../../x",
    "/../../../etc/passwd",
    "/voila/render/../page.ipynb",
]
LEAKS = ("Traceback", 'File "', "site-packages", sys.prefix, "/work/")


@pytest.fixture(scope="module")
def site():
    server = start_secure_site("odd-urls", LimitSettings(silent_seconds=0), max_kernels=3)
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("path", ODD)
def test_an_odd_url_is_a_404_with_no_traceback(site, path):
    before = len(site.log_text())
    status, body, _ = Visitor(site.port, "10.0.4.1").get(path)
    assert status == 404, f"{path}: {status}"
    assert 'class="rb-error' in body
    for leak in LEAKS:
        assert leak not in body
    written = site.log_text()[before:]
    assert "Traceback" not in written and "ERROR" not in written, written


def test_the_sites_own_404_keeps_the_frame_policy_of_every_other_page(site):
    """A URL no handler takes gets the site's 404 from a plain Tornado handler (issue 33: no reach into
    jupyter_server); it still says, as a game page does, that only the site may frame it."""
    visitor = Visitor(site.port, "10.0.4.3")
    _, _, page = visitor.get("/voila/render/page.ipynb")
    status, _, missing = visitor.get("/no/such/page")
    assert status == 404
    assert "frame-ancestors 'self'" in page["Content-Security-Policy"]
    assert missing["Content-Security-Policy"] == page["Content-Security-Policy"]


def test_a_malformed_widget_message_sends_the_visitor_no_traceback(site):
    visitor = Visitor(site.port, "10.0.4.2")
    status, kernel = visitor.open_page("page.ipynb")
    assert status == 200
    socket = visitor.socket(kernel)
    socket.comm_open("jupyter.widget.control", {"bogus": [1, 2]})
    socket.comm_open("jupyter.widget.control", "not a dict", version="x")
    socket.comm_open("jupyter.widget", {"state": 5})
    socket.comm_open("jupyter.widget", {"state": {"_model_name": "NoSuchModel"}, "buffer_paths": []})
    socket.send("comm_msg", {"comm_id": "nope", "data": {"method": "update", "state": {}}})
    socket.send("execute_request", {"code": "1/0", "silent": False})  # Voilà pages never execute: still, no traceback
    received = socket.receive_all(6)
    assert received, "the kernel said nothing at all"
    text = "\n".join(m if isinstance(m, str) else m.decode("utf-8", "replace") for m in received)
    assert '"comm_close"' in text  # the kernel did refuse the comm (it answered)
    for leak in LEAKS:
        assert leak not in text, f"{leak!r} reached the visitor"
    socket.close()


def test_a_websocket_to_a_kernel_that_is_gone_is_a_plain_404(site):
    """A page whose kernel was culled reconnects to it: the answer is a 404, not a template's 500."""
    import http.client
    import uuid

    before = len(site.log_text())
    gone = str(uuid.uuid4())
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=30)
    connection.request(
        "GET",
        f"/api/kernels/{gone}/channels?session_id={uuid.uuid4()}",
        headers={
            "Connection": "Upgrade",
            "Upgrade": "websocket",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            "Origin": f"http://127.0.0.1:{site.port}",
            "X-Real-IP": "10.0.4.2",
        },
    )
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    assert response.status == 404, (response.status, body[:300])
    for leak in LEAKS:
        assert leak not in body
    written = site.log_text()[before:]
    assert "Traceback" not in written and "ERROR" not in written, written
