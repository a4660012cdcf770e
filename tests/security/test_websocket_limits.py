"""Issue 17, item 3: many websockets must not exhaust the server's file descriptors.

The attack: open websocket after websocket to one kernel. Before, 124
sockets under a 1,024 descriptor limit stopped the whole site and wrote
320,704 "Errno 24" lines in two minutes. Now sockets are capped per kernel
and per client address, refusals are answered before the upgrade (429),
the server's soft descriptor limit is raised to its hard limit at start,
and one message is never logged more than a few times a second.
"""

from __future__ import annotations

import os
import time

import pytest
from tests.support.raw_kernel import Visitor
from websockets.exceptions import InvalidStatus

from rulebook.site.limits import LimitSettings


def _refused(visitor: Visitor, kernel: str) -> bool:
    try:
        socket = visitor.socket(kernel)
    except InvalidStatus as error:
        assert error.response.status_code == 429
        return True
    socket.close()
    return False


def _open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _nofile(pid: int) -> tuple[str, str]:
    for line in open(f"/proc/{pid}/limits"):
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return soft, hard
    raise AssertionError("no open-files line")


def test_websockets_are_capped_per_kernel_and_per_client(secure_site):
    site = secure_site(LimitSettings(pages_per_address=4, sockets_per_kernel=3, sockets_per_client=5, silent_seconds=0),
                       max_kernels=6)
    soft, hard = _nofile(site.pid)
    assert soft == hard, f"the server's soft descriptor limit {soft} was not raised to {hard}"

    attacker, other = Visitor(site.port, "10.0.2.1"), Visitor(site.port, "10.0.2.2")
    (s1, k1), (s2, k2) = attacker.open_page("page.ipynb"), attacker.open_page("page.ipynb")
    assert s1 == s2 == 200
    held = [attacker.socket(k1) for _ in range(3)]
    assert _refused(attacker, k1), "a 4th websocket to one kernel was accepted"
    held += [attacker.socket(k2) for _ in range(2)]
    assert _refused(attacker, k2), "a 6th websocket from one address was accepted"

    # a burst of refused sockets: descriptors do not pile up, the log stays small
    files_before = _open_files(site.pid)
    started = time.monotonic()
    refused = sum(_refused(attacker, k1 if n % 2 else k2) for n in range(80))
    elapsed = time.monotonic() - started
    assert refused == 80
    assert _open_files(site.pid) - files_before < 20
    lines = [line for line in site.log_text().splitlines() if "too many websockets" in line]
    assert len(lines) <= 5 * (elapsed + 2), f"{len(lines)} log lines in {elapsed:.1f} s"

    # everybody else is served: the front page, another visitor's socket, a new page
    assert other.get("/")[0] == 200
    other_socket = other.socket(k2)
    assert other.open_page("page.ipynb")[0] == 200
    status, body, _ = other.get("/voila/templates/rulebook/static/site.css")
    assert status == 200 and body

    # a closed socket gives its place back
    held.pop().close()
    time.sleep(0.5)
    held.append(attacker.socket(k2))
    for socket in [*held, other_socket]:
        socket.close()
    assert site.log_path.stat().st_size < 200_000


@pytest.mark.parametrize("size_mb", [3])
def test_a_message_over_the_size_limit_closes_its_socket_and_nothing_else(secure_site, size_mb):
    site = secure_site(LimitSettings(message_mb=1, silent_seconds=0), max_kernels=3)
    visitor = Visitor(site.port, "10.0.2.3")
    status, kernel = visitor.open_page("page.ipynb")
    assert status == 200
    socket = visitor.socket(kernel)
    socket.comm_open("jupyter.widget", {"state": {"value": "x" * (size_mb * 1024 * 1024)}})
    socket.receive_all(5)
    assert socket.connection.close_code == 1009  # "message too big", Tornado's answer
    assert kernel in site.kernel_ids()  # the kernel never saw it
    visitor.socket(kernel).close()  # and the page may connect again


def test_a_visitor_cannot_open_a_kernels_request_socket(secure_site):
    """``/voila/query/<kernel>`` is where a preheated kernel hears its visitor's request (a seat's key
    with it): through the proxy, for an unknown kernel, or a second time for a waiting kernel, it is refused."""
    from websockets.sync.client import connect

    site = secure_site(LimitSettings(silent_seconds=0), max_kernels=4, preheat=True)
    site.wait_pools()
    waiting = sorted(site.kernel_ids())
    assert waiting
    visitor = Visitor(site.port, "10.0.2.4")
    attempts = [
        (waiting[0], visitor.headers()),  # through the proxy
        ("00000000-0000-0000-0000-000000000000", {}),  # no such kernel
        (waiting[0], {}),  # from this machine, but the kernel already waits on its own socket
    ]
    for target, headers in attempts:
        with pytest.raises(InvalidStatus) as refused:
            connect(f"ws://127.0.0.1:{site.port}/voila/query/{target}", additional_headers=headers, proxy=None,
                    open_timeout=30)
        assert refused.value.response.status_code == 404
    assert site.log_text().count("refused a request-info websocket") == len(attempts)
    # the pooled kernels still get their visitors' requests
    status, kernel = visitor.open_page("page.ipynb", "lang=en")
    assert status == 200 and kernel in waiting
