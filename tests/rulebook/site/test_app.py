"""The site's edge in rulebook/site/app.py, in a Tornado test server: whose address a request is, the route cookie."""

from __future__ import annotations

from http.cookies import SimpleCookie

import pytest
import tornado.web
from tornado.testing import AsyncHTTPTestCase

from rulebook.site import limits
from rulebook.site.app import ROUTE_COOKIE, render_site_page, request_client_address, set_client_header

from .test_site_errors import settings


class Address(tornado.web.RequestHandler):
    def get(self) -> None:
        self.finish(request_client_address(self))


class ClientHeader(tornado.web.RequestHandler):
    def get(self) -> None:
        set_client_header(self.request, self.settings.get("rb_trusted_proxies", limits.DEFAULT_PROXIES))
        self.finish(self.request.headers[limits.CLIENT_HEADER])


class Full(tornado.web.RequestHandler):
    def get(self) -> None:
        render_site_page(self, "site_full.html", 503, retry_after=10)


class EdgeApp(AsyncHTTPTestCase):
    """The test client's peer is 127.0.0.1: the proxy when 127.0.0.1 is trusted, a visitor when not."""

    trusted: tuple | None = None

    def get_app(self) -> tornado.web.Application:
        extra = {"rb_server_name": "cafe-b"}
        if self.trusted is not None:
            extra["rb_trusted_proxies"] = self.trusted
        return tornado.web.Application(
            [("/address", Address), ("/client", ClientHeader), ("/full", Full)], **settings(), **extra
        )

    def address(self, headers: dict) -> str:
        return self.fetch("/address", headers=headers).body.decode()


class TestTrustedLoopback(EdgeApp):
    def test_the_proxy_on_this_machine_is_believed(self) -> None:
        assert self.address({"X-Forwarded-For": "6.6.6.6, 203.0.113.9"}) == "203.0.113.9"
        assert self.address({"X-Real-IP": "203.0.113.9"}) == "203.0.113.9"
        assert self.address({}) == "127.0.0.1"

    def test_every_html_page_names_this_server_in_the_route_cookie(self) -> None:
        response = self.fetch("/full")
        assert response.code == 503
        [header] = [h for h in response.headers.get_list("Set-Cookie") if h.startswith(ROUTE_COOKIE + "=")]
        cookie = SimpleCookie(header)[ROUTE_COOKIE]
        assert cookie.value == "cafe-b" and cookie["path"] == "/" and cookie["httponly"]
        assert cookie["samesite"] == "Lax"


class TestTrustingNobody(EdgeApp):
    trusted = limits.parse_trusted_proxies(["none"])

    def test_a_forged_header_never_changes_the_client(self) -> None:
        for headers in ({"X-Forwarded-For": "203.0.113.9"}, {"X-Real-IP": "203.0.113.9"}, {}):
            assert self.address(headers) == "127.0.0.1"

    def test_nor_the_kernels_client_id(self) -> None:
        plain = self.fetch("/client").body
        assert self.fetch("/client", headers={"X-Forwarded-For": "203.0.113.9"}).body == plain
        assert self.fetch("/client", headers={"X-Real-IP": "203.0.113.10"}).body == plain


class TestTrustedElsewhere(EdgeApp):
    trusted = limits.parse_trusted_proxies(["10.9.0.0/16"])

    def test_loopback_is_not_a_proxy_unless_named(self) -> None:
        assert self.address({"X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9"}) == "127.0.0.1"


# ------------------------------------------------------------ a real site ---


def test_a_served_site_trusting_nobody_counts_forged_addresses_as_the_peer(tmp_path):
    """``rulebook serve --trusted-proxy none``: two pages from 127.0.0.1 under two forged X-Forwarded-For
    are one client's; with one page per address, the second is refused (429)."""
    import urllib.error
    import urllib.request
    from pathlib import Path

    from rulebook.site.limits import LimitSettings
    from rulebook.site.serve import SiteOptions
    from tests.support.site_process import SiteProcess, free_port

    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def status(site: SiteProcess, forged: str) -> int:
        request = urllib.request.Request(site.page_url("index.ipynb"), headers={"X-Forwarded-For": forged, "X-Real-IP": forged})
        try:
            with opener.open(request, timeout=120) as response:
                response.read()
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    limits_ = LimitSettings(pages_per_address=1, pages_per_cookie=0, seat_share=0.0, silent_seconds=0)
    options = SiteOptions(port=free_port(), notebooks=Path(__file__).resolve().parent / "fixtures", data=tmp_path,
                          preheat=False, limits=limits_, trusted_proxies=("none",))
    with SiteProcess(options, log_path=tmp_path / "site.log") as site:
        assert status(site, "198.51.100.1") == 200
        assert status(site, "198.51.100.2") == 429
        assert "too many pages for one address (127.0.0.1)" in site.log_text()


@pytest.mark.parametrize("ip", ["::1", "127.0.0.2"])
def test_a_site_on_another_address_serves_its_preheated_pages(tmp_path, ip):
    """Under ``--ip`` the server does not listen on 127.0.0.1: a preheated kernel must ask for its
    visitor's request at the address it does listen on (``VOILA_APP_IP``), IPv6 in brackets."""
    import shutil
    from pathlib import Path

    from rulebook.site.serve import SiteOptions
    from tests.support.site_process import SiteProcess, free_port

    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    shutil.copy(Path(__file__).resolve().parent / "fixtures" / "index.ipynb", notebooks / "index.ipynb")
    options = SiteOptions(port=free_port(), notebooks=notebooks, data=tmp_path / "data", ip=ip)
    with SiteProcess(options, log_path=tmp_path / "site.log") as site:
        assert site.url.startswith(f"http://{'[::1]' if ip == '::1' else ip}:")
        site.wait_pools(120)
        status, page = site.fetch(site.page_url("index.ipynb", lang="en"), timeout=60)  # no answer: it waits forever
        # the cell's output, as Voilà puts it in the page (JSON): the kernel heard ?lang=en
        assert status == 200 and 'class=\\"rb-lang\\"\\u003een\\u003c/p' in page, site.log_tail()
        assert "refused a request-info websocket" not in site.log_text()
