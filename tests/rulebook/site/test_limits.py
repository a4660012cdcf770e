"""The bookkeeping of the site's limits (rulebook/site/limits.py), without a server."""

from __future__ import annotations

import json
import logging

import pytest

from rulebook.cli import build_parser
from rulebook.site import limits
from rulebook.site.limits import (
    REDACTED,
    Client,
    LimitSettings,
    RepeatFilter,
    SiteLimits,
    client_address,
    redact_uri,
    seat_link_params,
    without_tracebacks,
)
from rulebook.site.serve import SiteOptions, cli_arguments


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    "uri, expected",
    [
        ("/voila/render/ring.ipynb?t=abc&k=SECRET", f"/voila/render/ring.ipynb?t=abc&k={REDACTED}"),
        ("/x?k=A.B&lang=en&claim=1", f"/x?k={REDACTED}&lang=en&claim=1"),
        ("/x?K=SECRET", f"/x?K={REDACTED}"),
        ("/x?%6b=SECRET", f"/x?%6b={REDACTED}"),  # k, percent-encoded
        ("/x?_xsrf=1&token=2&password=3", f"/x?_xsrf={REDACTED}&token={REDACTED}&password={REDACTED}"),
        ("/x?k", "/x?k"),
        ("/plain", "/plain"),
    ],
)
def test_secret_query_values_are_redacted(uri, expected):
    assert redact_uri(uri) == expected


def test_the_client_is_the_proxys_word_only_when_the_peer_is_the_proxy():
    assert client_address("127.0.0.1", {"X-Real-IP": "10.0.0.7"}) == "10.0.0.7"
    assert client_address("127.0.0.1", {"X-Forwarded-For": "1.2.3.4, 10.0.0.8"}) == "10.0.0.8"  # the proxy's entry
    assert client_address("127.0.0.1", {"X-Real-IP": "not an address"}) == "127.0.0.1"
    assert client_address("192.168.1.5", {"X-Real-IP": "10.0.0.7"}) == "192.168.1.5"  # not via the proxy: not believed
    assert client_address("::1", {}) == "::1"


LOCAL = limits.parse_trusted_proxies(["127.0.0.1,::1"])
PROXIES = limits.parse_trusted_proxies(["127.0.0.1", "10.1.0.0/16"])


@pytest.mark.parametrize(
    "peer, headers",
    [
        ("192.168.1.5", {"X-Forwarded-For": "10.0.0.7"}),
        ("192.168.1.5", {"X-Real-IP": "10.0.0.7"}),
        ("192.168.1.5", {"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1"}),  # posing as the proxy
        ("192.168.1.5", {"X-Forwarded-For": "1.1.1.1, 2.2.2.2, 3.3.3.3"}),
        ("192.168.1.5", {"X-Forwarded-For": "garbage", "X-Real-IP": "[::1]"}),
        ("::ffff:192.168.1.5", {"X-Real-IP": "10.0.0.7"}),  # a dual-stack socket's form of the same peer
    ],
)
def test_a_header_from_an_untrusted_peer_never_changes_the_client(peer, headers):
    for trusted in (LOCAL, PROXIES, ()):
        assert client_address(peer, headers, trusted) == "192.168.1.5"


def test_nobody_trusted_means_the_peer_even_on_this_machine():
    assert client_address("127.0.0.1", {"X-Forwarded-For": "10.0.0.7", "X-Real-IP": "10.0.0.7"}, ()) == "127.0.0.1"


@pytest.mark.parametrize(
    "headers, expected",
    [
        ({"X-Forwarded-For": "203.0.113.9"}, "203.0.113.9"),
        ({"X-Real-IP": "203.0.113.9"}, "203.0.113.9"),
        # the visitor's own entries are left of the one the proxy appended, never read
        ({"X-Forwarded-For": "6.6.6.6, 203.0.113.9"}, "203.0.113.9"),
        # a chain of trusted proxies is skipped from the right
        ({"X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.1.4.4, 127.0.0.1"}, "203.0.113.9"),
        # X-Forwarded-For is preferred: X-Real-IP names only the nearest hop of a chain
        ({"X-Forwarded-For": "203.0.113.9, 10.1.4.4", "X-Real-IP": "10.1.4.4"}, "203.0.113.9"),
        # every hop trusted: the farthest of them
        ({"X-Forwarded-For": "10.1.2.3, 127.0.0.1"}, "10.1.2.3"),
        # junk stops the walk at the last good hop; nothing left of it is believed
        ({"X-Forwarded-For": "6.6.6.6, <script>, 10.1.4.4"}, "10.1.4.4"),
        ({"X-Forwarded-For": "6.6.6.6, 999.1.1.1"}, "127.0.0.1"),
        ({"X-Forwarded-For": "junk", "X-Real-IP": "203.0.113.9"}, "203.0.113.9"),
        ({"X-Forwarded-For": " , ,", "X-Real-IP": "also junk"}, "127.0.0.1"),
        ({"X-Forwarded-For": "[2001:db8::1]"}, "2001:db8::1"),
        ({"X-Forwarded-For": "::ffff:203.0.113.9"}, "203.0.113.9"),
        ({}, "127.0.0.1"),
    ],
)
def test_a_trusted_proxy_is_believed_walking_its_chain_from_the_right(headers, expected):
    assert client_address("127.0.0.1", headers, PROXIES) == expected


def test_a_proxy_on_another_machine_is_trusted_only_when_named():
    headers = {"X-Forwarded-For": "203.0.113.9"}
    assert client_address("10.1.9.9", headers, PROXIES) == "203.0.113.9"
    assert client_address("10.1.9.9", headers, LOCAL) == "10.1.9.9"
    assert client_address("10.2.0.1", headers, PROXIES) == "10.2.0.1"
    assert client_address(None, headers, PROXIES) == "unknown"  # no peer address: never a proxy


@pytest.mark.parametrize(
    "values, expected",
    [
        (["127.0.0.1,::1"], ["127.0.0.1/32", "::1/128"]),
        (["10.0.0.0/8", " 192.168.1.1 ", "10.0.0.0/8"], ["10.0.0.0/8", "192.168.1.1/32"]),
        (["[::1]"], ["::1/128"]),
        (["none"], []),
        (["NONE"], []),
    ],
)
def test_trusted_proxies_are_addresses_or_networks(values, expected):
    assert [str(n) for n in limits.parse_trusted_proxies(values)] == expected


@pytest.mark.parametrize(
    "values, words",
    [
        (["proxy.example"], "not an IP address or network"),
        (["10.0.0.5/24"], "host bits"),
        (["127.0.0.1, 300.1.1.1"], "300.1.1.1"),
        (["none,127.0.0.1"], "'none' cannot be given with"),
        ([""], "needs an address"),
        ([], "needs an address"),
    ],
)
def test_a_bad_trusted_proxy_is_refused_by_name(values, words):
    with pytest.raises(ValueError, match=words):
        limits.parse_trusted_proxies(values)


def test_trusted_proxies_round_trip_through_their_flag():
    for values in (["127.0.0.1", "::1"], ["10.0.0.0/8,192.168.1.1"], ["none"]):
        networks = limits.parse_trusted_proxies(values)
        flag, value = limits.proxy_arguments(networks)
        assert flag == "--trusted-proxy" and limits.parse_trusted_proxies([value]) == networks


def test_pages_are_counted_per_address_and_per_cookie():
    site = SiteLimits(LimitSettings(pages_per_address=2, pages_per_cookie=1))
    a1, a2, b = Client("10.0.0.1", "c1"), Client("10.0.0.1", "c2"), Client("10.0.0.2", "c1")
    assert site.page_refusal(a1, []) is None
    site.page_served(a1, "k1")
    assert site.page_refusal(b, ["k1"]) == "cookie"  # the same browser from another address
    assert site.page_refusal(a2, ["k1"]) is None
    site.page_arriving(a2)  # a request under way counts
    assert site.page_refusal(Client("10.0.0.1", None), ["k1"]) == "address"
    site.page_served(a2, None)  # it got no kernel
    assert site.page_refusal(Client("10.0.0.1", None), ["k1"]) is None
    assert site.page_refusal(Client("10.0.0.1", None), []) is None  # k1 is gone: forgotten
    assert "k1" not in site.owners


def test_a_page_is_silent_only_after_it_was_served_and_said_nothing():
    clock = Clock()
    site = SiteLimits(LimitSettings(silent_seconds=30), clock=clock)
    site.page_arriving(Client("a"))
    clock.now += 100  # a page on its way for a long time is nobody's page yet
    assert site.silent() == []
    site.page_served(Client("a"), "k1")
    clock.now += 20
    site.message("k1")
    clock.now += 29
    assert site.silent() == []
    clock.now += 1
    assert site.silent() == ["k1"]
    assert SiteLimits(LimitSettings(silent_seconds=0), owners={"k": Client("a")}).silent() == []


def test_websockets_are_capped_per_kernel_and_per_address():
    site = SiteLimits(LimitSettings(sockets_per_kernel=2, sockets_per_client=3))
    a, b = Client("10.0.0.1"), Client("10.0.0.2")
    site.socket_opened(1, "k1", a)
    site.socket_opened(2, "k1", a)
    assert site.socket_refusal("k1", b) == "kernel"
    site.socket_opened(3, "k2", a)
    assert site.socket_refusal("k3", a) == "client"
    assert site.socket_refusal("k3", b) is None
    site.socket_closed(1)
    assert site.socket_refusal("k1", b) is None


def test_the_seat_share_keeps_at_least_one_slot_and_never_all():
    assert LimitSettings(seat_share=0.25).seat_reserve(16) == 4
    assert LimitSettings(seat_share=0.25).seat_reserve(2) == 1
    assert LimitSettings(seat_share=0.9).seat_reserve(4) == 3
    assert LimitSettings(seat_share=0).seat_reserve(16) == 0
    with pytest.raises(ValueError):
        LimitSettings(seat_share=1)
    with pytest.raises(ValueError):
        LimitSettings(pages_per_address=-1)


def test_a_seat_link_needs_a_table_and_a_key():
    assert seat_link_params({"t": [b"T"], "k": [b"K1.K2"]}) == ("T", ["K1", "K2"])
    assert seat_link_params({"t": [b"T"]}) is None
    assert seat_link_params({"k": [b"K"]}) is None


def test_the_same_message_is_written_a_few_times_a_second_then_counted():
    clock = Clock()
    repeat = RepeatFilter(burst=3, window=1.0, clock=clock)

    def record(msg: str, *args) -> logging.LogRecord:
        return logging.LogRecord("x", logging.ERROR, __file__, 1, msg, args, None)

    passed = [repeat.filter(record("accept failed: %s", n)) for n in range(1000)]
    assert sum(passed) == 3
    assert repeat.filter(record("another message"))
    clock.now += 1.0
    summary = record("accept failed: %s", 0)
    assert repeat.filter(summary) and "997 more like it" in summary.msg
    # access-log lines: one text, kept apart by status code
    assert all(repeat.filter(record("%d %s", 200, "/a")) for _ in range(3))
    assert repeat.filter(record("%d %s", 429, "/a"))


def test_tracebacks_and_the_kernels_stderr_never_reach_the_page():
    stderr = {"header": {"msg_type": "stream"}, "content": {"name": "stderr", "text": 'Traceback...\n File "/x"'}}
    assert without_tracebacks(json.dumps(stderr)) is None
    error = {"header": {"msg_type": "error"}, "content": {"ename": "E", "evalue": "/x/y", "traceback": ['File "/x"']}}
    cleaned = json.loads(without_tracebacks(json.dumps(error)))
    assert cleaned["content"] == {"ename": "E", "evalue": "", "traceback": []}
    plain = json.dumps({"header": {"msg_type": "comm_msg"}, "content": {"data": {"value": "hello"}}})
    assert without_tracebacks(plain) is plain  # untouched, not even parsed
    stdout = json.dumps({"header": {"msg_type": "stream"}, "content": {"name": "stdout", "text": "ok"}})
    assert without_tracebacks(stdout) is stdout


def test_serve_takes_the_limits_from_its_command_line_and_gives_them_back():
    chosen = LimitSettings(pages_per_address=3, pages_per_cookie=2, seat_share=0.5, silent_seconds=40,
                           sockets_per_kernel=2, sockets_per_client=9, message_mb=1.5, kernel_memory_mb=300)
    argv = cli_arguments(SiteOptions(limits=chosen))
    assert limits.settings_from(build_parser().parse_args(argv)) == chosen
    assert limits.settings_from(build_parser().parse_args(["serve"])) == LimitSettings()


def test_the_memory_wall_leaves_room_above_the_limit():
    assert limits.memory_wall_mb(0) == 0
    assert limits.memory_wall_mb(512) > 512 * 1.5


def test_the_server_s_own_information_lines_are_never_dropped() -> None:
    """Fifteen pools filled in one second are fifteen lines (the benchmarks and the operator read them)."""
    repeat = RepeatFilter(burst=3, window=1.0, clock=lambda: 100.0)
    kept = [
        repeat.filter(logging.LogRecord("x", logging.INFO, __file__, 1, "Kernel pool of %s is filled", (f"nb{i}.ipynb",), None))
        for i in range(15)
    ]
    assert all(kept)
    errors = [repeat.filter(logging.LogRecord("x", logging.ERROR, __file__, 1, "Errno %d", (24,), None)) for _ in range(15)]
    assert sum(errors) == 3  # a flood of errors is still cut
