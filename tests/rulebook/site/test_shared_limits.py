"""Limits every server shares through the store (rulebook/site/shared_limits.py; issue 30, item 4).

Two "servers" here are two ``SiteLimits`` with two store objects on one
database (an SQLite file, or one PostgreSQL database): what one lets in,
the other counts; a server that stops beating stops counting; a host-login
lock and a page range set through one hold on the other.
"""

from __future__ import annotations

import pytest

from rulebook.site import app as site_app
from rulebook.site import shared_limits
from rulebook.site.host import LOCK_AFTER, LOCK_SECONDS, LoginGuard
from rulebook.site.limits import DEFAULT_PAGES_PER_ADDRESS, Client, LimitSettings, SiteLimits
from rulebook.site.shared_limits import (
    DEAD_SECONDS,
    RANGES_SECONDS,
    PageRange,
    RangeError,
    SharedPages,
    add_range,
    address_limit,
    clean_server_name,
    parse_page_range,
    read_ranges,
    remove_range,
    server_name,
)
from rulebook.tables.store import TableStore


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def open_two(url: str) -> tuple[TableStore, TableStore]:
    """Two store objects on one database: what two servers hold."""
    if url.startswith("sqlite://"):
        from rulebook.tables.sqlite import SQLiteStore

        return SQLiteStore(url[len("sqlite://") :]), SQLiteStore(url[len("sqlite://") :])
    from rulebook.tables.postgres import PostgresStore

    return PostgresStore(url), PostgresStore(url)


@pytest.fixture(params=["sqlite", "postgres"])
def stores(request, tmp_path):
    url = f"sqlite://{tmp_path / 'tables.sqlite'}" if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    a, b = open_two(url)
    yield a, b
    a.close()
    b.close()


@pytest.fixture
def wall() -> Clock:
    return Clock(1_000_000.0)


@pytest.fixture
def mono() -> Clock:
    return Clock(100.0)


def servers(stores, wall, mono, **limits) -> tuple[SiteLimits, SiteLimits]:
    settings = LimitSettings(**limits)
    return tuple(  # type: ignore[return-value]
        SiteLimits(settings, clock=mono, shared=SharedPages(store, name, wall=wall, clock=mono))
        for store, name in zip(stores, ("one", "two"))
    )


def serve(site: SiteLimits, client: Client, kernel: str, live: list[str]) -> str | None:
    """A page request through ``site``: admitted and given ``kernel``, or the refusal."""
    refusal = site.page_admit(client, live)
    if refusal is None:
        site.page_served(client, kernel)
        live.append(kernel)
    return refusal


def test_pages_per_address_are_counted_on_both_servers(stores, wall, mono):
    one, two = servers(stores, wall, mono, pages_per_address=3, pages_per_cookie=0)
    live_one: list[str] = []
    live_two: list[str] = []
    phones = [Client("203.0.113.9", f"phone-cookie-{n:04d}") for n in range(4)]
    assert serve(one, phones[0], "k1", live_one) is None
    assert serve(two, phones[1], "k2", live_two) is None
    assert serve(one, phones[2], "k3", live_one) is None
    assert serve(two, phones[3], "k4", live_two) == "address"  # three pages on two servers: the address is full
    assert serve(two, Client("198.51.100.1", "another-cookie-00"), "k5", live_two) is None
    live_one.remove("k1")  # a page's kernel went on server one: the next request there forgets it
    assert one.page_admit(Client("192.0.2.1", None), live_one) is None
    one.page_served(Client("192.0.2.1", None), None)  # it got no kernel (the site was full): it stops counting
    assert serve(two, phones[3], "k4", live_two) is None


def test_pages_per_browser_are_counted_on_both_servers(stores, wall, mono):
    one, two = servers(stores, wall, mono, pages_per_address=0, pages_per_cookie=2)
    browser = "one-browser-cookie"
    assert serve(one, Client("10.0.0.1", browser), "k1", []) is None
    assert serve(two, Client("10.0.0.2", browser), "k2", []) is None
    assert serve(two, Client("10.0.0.3", browser), "k3", ["k2"]) == "cookie"  # whatever its address


def test_a_request_under_way_counts_and_a_refused_one_leaves_nothing(stores, wall, mono):
    one, two = servers(stores, wall, mono, pages_per_address=2, pages_per_cookie=0)
    client = Client("10.0.0.7", None)
    assert one.page_admit(client, []) is None  # on its way (no kernel yet)
    assert two.page_admit(client, []) is None
    assert two.page_admit(client, []) == "address"
    assert stores[0].client_pages("10.0.0.7", None, wall.now - DEAD_SECONDS) == (2, 0)


def test_a_dead_servers_pages_stop_counting_and_go(stores, wall, mono):
    one, two = servers(stores, wall, mono, pages_per_address=2, pages_per_cookie=0)
    client = Client("10.0.0.8", None)
    assert serve(one, client, "k1", []) is None
    assert serve(one, client, "k2", ["k1"]) is None
    assert serve(two, client, "k3", []) == "address"
    for _ in range(3):  # server one stops; server two goes on beating
        wall.now += 10
        two.beat([])
    assert stores[1].client_pages("10.0.0.8", None, wall.now - DEAD_SECONDS) == (2, 0)  # 30 s: not yet dead
    wall.now += 1
    assert serve(two, client, "k3", []) is None  # 31 s without a beat: its pages do not count
    assert two.beat(["k3"]) == 2  # and are removed
    one.beat(["k1", "k2"])  # server one comes back: it holds nothing the store knows (it was forgotten)
    assert stores[0].client_pages("10.0.0.8", None, wall.now - DEAD_SECONDS) == (1, 0)


def test_a_beat_tells_the_store_which_pages_a_server_still_holds(stores, wall, mono):
    one, _ = servers(stores, wall, mono, pages_per_address=5, pages_per_cookie=0)
    client = Client("10.0.0.9", None)
    live: list[str] = []
    for kernel in ("k1", "k2", "k3"):
        assert serve(one, client, kernel, live) is None
    one.forget("k1")  # shut down by the server (silent page)
    assert stores[1].client_pages("10.0.0.9", None, 0) == (2, 0)
    one.beat(["k2"])  # k3 ended without the server being told: gone at the beat
    assert stores[1].client_pages("10.0.0.9", None, 0) == (1, 0)
    assert set(one.owners) == {"k2"}


def test_a_range_raise_applies_on_both_servers(stores, wall, mono):
    one, two = servers(stores, wall, mono, pages_per_address=1, pages_per_cookie=0)
    cafe = [Client("203.0.113.20", None), Client("203.0.113.21", None)]
    assert serve(one, cafe[0], "k1", []) is None
    assert serve(two, cafe[0], "k2", []) == "address"
    add_range(stores[0], parse_page_range("Café Wi-Fi", "203.0.113.0/24", "3"))
    assert serve(two, cafe[0], "k2", []) == "address"  # server two's cached ranges: up to RANGES_SECONDS old
    mono.now += RANGES_SECONDS
    assert serve(two, cafe[0], "k2", []) is None
    assert serve(one, cafe[0], "k3", ["k1"]) is None
    assert serve(one, cafe[0], "k4", ["k1", "k3"]) == "address"  # 3 pages: the range's limit, on both servers
    assert serve(two, cafe[1], "k5", ["k2"]) is None  # another address of the range has its own 3
    assert serve(one, Client("198.51.100.2", None), "k6", ["k1", "k3"]) is None
    assert serve(one, Client("198.51.100.2", None), "k7", ["k1", "k3", "k6"]) == "address"  # outside: the flag's 1
    remove_range(stores[1], "203.0.113.0/24")
    mono.now += RANGES_SECONDS
    assert serve(one, cafe[1], "k8", ["k1", "k3", "k6"]) == "address"


def test_the_login_lock_on_one_server_holds_on_the_other(stores):
    a, b = stores
    clock = Clock(5000.0)
    for n in range(LOCK_AFTER):  # wrong tries alternate between the servers' host pages
        LoginGuard(store=(a, b)[n % 2], client="client-1", _clock=clock).record(False)
    assert LoginGuard(store=b, client="client-1", _clock=clock).locked() == LOCK_SECONDS
    assert LoginGuard(store=a, client="client-1", _clock=clock).locked() == LOCK_SECONDS
    assert LoginGuard(store=a, client="client-2", _clock=clock).locked() == 0  # another client is not touched
    clock.now += LOCK_SECONDS
    assert LoginGuard(store=b, client="client-1", _clock=clock).locked() == 0


def test_every_server_hashes_a_client_the_same_way(stores):
    """Tables per client and the login count a client by the id the server gives its kernel: one salt for all."""
    a, b = stores
    salts = site_app.site_client_salt(a), site_app.site_client_salt(b)
    assert salts[0] == salts[1] and len(salts[0]) == 16

    class Request:
        def __init__(self) -> None:
            self.remote_ip = "127.0.0.1"
            self.headers = {"X-Real-IP": "203.0.113.5"}

    ids = []
    for salt in salts:
        request = Request()
        site_app.set_client_header(request, salt=salt)
        ids.append(request.headers["X-Rulebook-Client"])
    assert ids[0] == ids[1]


def test_a_failing_store_leaves_the_server_counting_alone(wall, mono):
    class Broken:
        def read_settings(self, keys):
            raise OSError("down")

        open_page = page_kernel = close_pages = server_beat = read_settings

    site = SiteLimits(LimitSettings(pages_per_address=1, pages_per_cookie=0), shared=SharedPages(Broken(), "one", wall=wall))
    assert serve(site, Client("10.0.0.1"), "k1", []) is None
    assert serve(site, Client("10.0.0.1"), "k2", ["k1"]) == "address"
    assert site.beat(["k1"]) == 0


# ----- page ranges: what the host may type -----------------------------------------------------------------
@pytest.mark.parametrize(
    "name, network, pages, wrong",
    [
        ("", "203.0.113.0/24", "64", "name"),
        ("x" * 61, "203.0.113.0/24", "64", "characters"),
        ("Café", "not a range", "64", "not an address range"),
        ("Café", "203.0.113.0/33", "64", "not an address range"),
        ("Café", "203.0.113.5/24", "64", "did you mean 203.0.113.0/24"),
        ("Café", "10.0.0.0/8", "64", "too wide"),
        ("Café", "2001:db8::/32", "64", "too wide"),
        ("Café", "203.0.113.0/24", "0", "whole number"),
        ("Café", "203.0.113.0/24", "-3", "whole number"),
        ("Café", "203.0.113.0/24", "6.5", "whole number"),
        ("Café", "203.0.113.0/24", "６４", "whole number"),  # full-width digits
        ("Café", "203.0.113.0/24", "", "whole number"),
        ("Café", "203.0.113.0/24", "1001", "at most 1000"),
    ],
)
def test_a_bad_range_is_refused_in_both_languages(name, network, pages, wrong):
    with pytest.raises(RangeError) as refused:
        parse_page_range(name, network, pages)
    assert wrong in refused.value.en
    assert refused.value.ja and refused.value.ja != refused.value.en


def test_good_ranges_and_which_one_applies():
    cafe = parse_page_range("  Café   Wi-Fi ", " 203.0.113.0/24 ", "64")
    assert cafe == PageRange("Café Wi-Fi", "203.0.113.0/24", 64)
    counter = parse_page_range("Counter", "203.0.113.128/25", 8)
    v6 = parse_page_range("v6", "2001:db8:1::/48", "100")
    single = parse_page_range("One", "198.51.100.7", "40")
    assert single.network == "198.51.100.7/32"
    ranges = [cafe, counter, v6, single]
    assert address_limit("203.0.113.1", ranges, 32) == 64
    assert address_limit("203.0.113.200", ranges, 32) == 8  # the narrowest range holding it
    assert address_limit("2001:db8:1::5", ranges, 32) == 100
    assert address_limit("192.0.2.1", ranges, 32) == 32
    assert address_limit("203.0.113.1", ranges, 0) == 0  # no limit stays no limit
    assert address_limit("not an address", ranges, 32) == 32


def test_ranges_are_kept_in_the_store_and_a_damaged_setting_limits_nothing(stores):
    a, b = stores
    add_range(a, parse_page_range("Café", "203.0.113.0/24", "64"))
    add_range(b, parse_page_range("Café again", "203.0.113.0/24", "48"))  # the same network: replaced
    assert read_ranges(a) == [PageRange("Café again", "203.0.113.0/24", 48)]
    a.change_setting(shared_limits.RANGES_KEY, lambda _: '[{"name": "x", "network": "10.0.0.0/8", "pages": 5}, "junk"]')
    assert read_ranges(b) == []
    a.change_setting(shared_limits.RANGES_KEY, lambda _: "not json")
    assert read_ranges(b) == []


def test_at_most_so_many_ranges(stores, monkeypatch):
    monkeypatch.setattr(shared_limits, "MAX_RANGES", 2)
    a, _ = stores
    add_range(a, parse_page_range("A", "192.0.2.0/24", "40"))
    add_range(a, parse_page_range("B", "198.51.100.0/24", "40"))
    with pytest.raises(RangeError):
        add_range(a, parse_page_range("C", "203.0.113.0/24", "40"))
    assert [r.name for r in read_ranges(a)] == ["A", "B"]  # nothing changed


def test_the_server_name_is_the_flag_or_the_host_and_port(monkeypatch):
    class Options:
        port = 8866
        server_name = ""

    monkeypatch.setattr(shared_limits.socket, "gethostname", lambda: "counter.cafe.example")
    assert server_name(Options()) == "counter-8866"
    Options.server_name = "edge one/ä"
    assert server_name(Options()) == "edge-one"
    assert clean_server_name("x" * 50) == "x" * 40 and clean_server_name("///") == "server"


def test_the_default_fits_a_cafe_behind_one_address():
    """Issue 30: ten phones on one network, each with a page or three, under the default per-address limit."""
    assert DEFAULT_PAGES_PER_ADDRESS == 32 and LimitSettings().pages_per_address == 32
    site = SiteLimits(LimitSettings())
    live: list[str] = []
    for phone in range(10):
        for tab in range(3):
            assert serve(site, Client("203.0.113.1", f"phone-{phone:02d}-cookie-xyz"), f"k{phone}-{tab}", live) is None
    assert serve(site, Client("203.0.113.1", "phone-00-cookie-xyz"), "more", live) is None
    assert serve(site, Client("203.0.113.1", "phone-00-cookie-xyz"), "and more", live) == "cookie"  # per browser: 4


def test_a_server_that_stops_leaves_nothing_counting(stores, wall, mono):
    one, two = servers(stores, wall, mono, pages_per_address=1, pages_per_cookie=0)
    client = Client("10.0.0.10", None)
    assert serve(one, client, "k1", []) is None
    assert serve(two, client, "k2", []) == "address"
    one.leave()  # at exit: not 30 s later
    assert serve(two, client, "k2", []) is None


def test_a_raised_range_may_hold_two_websockets_per_page(stores, wall, mono):
    one, _ = servers(stores, wall, mono, pages_per_address=2, pages_per_cookie=0, sockets_per_client=3)
    cafe, other = Client("203.0.113.30"), Client("198.51.100.30")
    assert one.client_sockets(cafe) == 3
    add_range(stores[1], parse_page_range("Café Wi-Fi", "203.0.113.0/24", "10"))
    mono.now += RANGES_SECONDS
    assert one.client_sockets(cafe) == 20 and one.client_sockets(other) == 3
    for n in range(19):
        one.socket_opened(n, f"k{n}", cafe)
    assert one.socket_refusal("k-new", cafe) is None
    one.socket_opened(19, "k19", cafe)
    assert one.socket_refusal("k-new", cafe) == "client"
