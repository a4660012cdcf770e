"""The Voilà application of the site: Voilà 0.5.13 with these changes.

1. ``/`` (and Voilà's file tree) redirect to ``/voila/render/index.ipynb``,
   the landing page, keeping the query string (``/?lang=en``).
2. Notebook pages set the ``_xsrf`` cookie. The page's ``beforeunload``
   beacon (``POST /voila/api/shutdown/<kernel>``) sends the value of that
   cookie as ``_xsrf``; Voilà's notebook pages never set it (only its file
   tree does), so the shutdown was refused with 403 and the kernel of a
   closed page lived on (voila issue 1458).
3. ``?template=`` / ``?theme=`` never bypass the preheated pool: overrides
   are off (``allow_*_override = "NO"``), so the pooled page is always right.
4. Every unknown URL, every refused or missing file and every internal
   error gets the site's error page instead of Tornado's (every handler
   class is given ``SiteErrors``): no bare "500: Internal Server Error", no
   traceback; a server error is logged with an error id that the page shows.
5. Kernels are capped (``rulebook.site.kernels``): a page that would start
   one past the cap gets the "site is full" page (503), which retries by
   itself; pools refill within the cap every few seconds. At the cap, an idle
   preheated kernel of another notebook gives way to a visitor, and refills
   wait while pages open (issue 18 C).
6. Finished and abandoned tables older than ``--keep-days`` are purged at
   start and every hour.
7. A dead preheated kernel is never handed to a page (the page takes a
   fresh one), and a page that fails after its first bytes went out ends
   with a script that says so and opens it again (``page_failed.html``).

Plus an access log that says what matters (pages, shutdowns, errors).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
import signal
import time
from typing import Any

import tornado.ioloop
import tornado.web
import tornado.websocket
from jupyter_server.base.handlers import APIHandler
from jinja2 import TemplateNotFound
from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.utils import create_include_assets_functions

from rulebook.tables import limits as table_limits

from . import health
from . import limits as site_limits
from . import voila_compat
from .house import LANGS, current_house
from .memory import WalledKernelManager
from .assets import PageConfigHook, asset_rules, asset_settings, folder_digest, module_folder
from .kernels import PAGE_KERNEL, PageKernel, cap_base, capped_kernel_manager, default_max_kernels, live_kernels
from .process import trim_heap

LANDING_NOTEBOOK = "index.ipynb"
#: A full site's page asks the browser to come back after this many seconds
#: (and reloads itself a little later, with jitter, so a queue of phones
#: does not return all at once).
RETRY_AFTER = 10
REFILL_SECONDS = 3.0
#: How often silent pages and kernels' memory are looked at.
WATCH_SECONDS = 2.0
PURGE_SECONDS = 3600.0
#: How often the server gives its allocator's free memory back to the system (``process.trim_heap``).
TRIM_SECONDS = 30.0
DAY = 86400.0
log = logging.getLogger("rulebook.site")


def new_error_id() -> str:
    """A short id to quote: the visitor reads it on the page, the host finds it in the log."""
    return secrets.token_hex(4)


def render_site_page(handler: tornado.web.RequestHandler, name: str, status_code: int, **values: Any) -> None:
    """Finish ``handler`` with one of the site's own pages (error, full), whatever state it is in."""
    settings = handler.settings
    env = settings["voila_jinja2_env"]
    base_url = settings.get("base_url", "/")
    template_name = settings["voila"].voila_configuration.template
    body = env.get_template(name).render(
        status_code=status_code,
        base_url=base_url,
        **values,
        **create_include_assets_functions(template_name, base_url),
    )
    handler.set_status(status_code)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    set_route_cookie(handler)
    handler.finish(body)


#: The cookie that keeps a browser on one server behind the proxy (docs/deploy.md: nginx maps it to an upstream).
ROUTE_COOKIE = "rb_route"


def set_route_cookie(handler: tornado.web.RequestHandler) -> None:
    """Name this server in the ``rb_route`` cookie (every HTML page): the page's kernel websocket comes back here.

    The proxy prefers the server the cookie names and passes a dead one by;
    without the cookie a page and its kernel's websocket could land on two
    servers, and the websocket would find no kernel.
    """
    name = handler.settings.get("rb_server_name")
    if name and not headers_sent(handler):
        handler.set_cookie(ROUTE_COOKIE, name, httponly=True, samesite="Lax", path="/")


def headers_sent(handler: tornado.web.RequestHandler) -> bool:
    """Whether ``handler``'s headers went out (its ``flush`` ran: ``SiteErrors``; Tornado has no public reader)."""
    return bool(getattr(handler, "_rb_headers_out", False))


def response_finished(handler: tornado.web.RequestHandler) -> bool:
    """Whether ``handler``'s response was finished (``SiteErrors.on_finish``; Tornado has no public reader)."""
    return bool(getattr(handler, "_rb_finished", False))


def count_refusal(handler: tornado.web.RequestHandler, reason: str) -> None:
    """Count a refused page or websocket by ``reason`` (``/metrics``); nothing else about it is kept."""
    edge = handler.settings.get("rb_edge")
    if edge is not None:
        edge.refused(reason)


def request_client_address(handler: tornado.web.RequestHandler) -> str:
    """The client of ``handler``'s request: the peer, or what a proxy named by ``--trusted-proxy`` says."""
    trusted = handler.settings.get("rb_trusted_proxies", site_limits.DEFAULT_PROXIES)
    return site_limits.client_address(handler.request.remote_ip, handler.request.headers, trusted)


class SiteErrors:
    """Mixed into every handler of the site: errors as the site's pages (or JSON for APIs), with an id.

    Tornado's own error page says "500: Internal Server Error" and nothing
    else, and jupyter_server's looks for templates this site does not ship
    (which raised again and logged a second traceback). A server error is
    logged once, under an id the page shows, so a host can match a guest's
    report to the log. A table is in the store, not in the failed request:
    the page says so.
    """

    #: Set by ``flush`` / ``on_finish`` (``headers_sent``, ``response_finished``): Tornado keeps both only privately.
    _rb_headers_out: bool = False
    _rb_finished: bool = False

    def flush(self, include_footers: bool = False) -> Any:
        """Tornado's flush, which writes the headers on its first call (``finish`` calls it too)."""
        self._rb_headers_out = True
        return super().flush(include_footers)

    def on_finish(self) -> None:
        """Tornado's documented hook, called once ``finish()`` has ended the response."""
        self._rb_finished = True
        super().on_finish()

    def log_exception(self, typ, value, tb) -> None:  # noqa: ANN001 - Tornado's signature
        if isinstance(value, tornado.web.HTTPError):
            return  # an answer, not a failure (404, 403...): the access log has it
        self._rb_error_id = new_error_id()
        uri = site_limits.redact_uri(self.request.uri)
        log.error("error %s in %s %s", self._rb_error_id, self.request.method, uri, exc_info=(typ, value, tb))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error_id = getattr(self, "_rb_error_id", None) if status_code >= 500 else None
        try:
            if isinstance(self, APIHandler):
                self.set_header("Content-Type", "application/json")
                self.finish({"message": tornado.web.httputil.responses.get(status_code, "error"), "error_id": error_id})
                return
            try:
                name = f"{status_code}.html"
                self.settings["voila_jinja2_env"].get_template(name)
            except TemplateNotFound:
                name = "error.html"
            render_site_page(self, name, status_code, error_id=error_id)
        except Exception:  # the error page itself failed: plain text, still no traceback
            log.exception("error page for %s failed", status_code)
            if not response_finished(self):
                self.set_header("Content-Type", "text/plain; charset=UTF-8")
                self.finish(f"{status_code} — ルールブック / Rulebook" + (f" (error {error_id})" if error_id else ""))


def with_site_errors(handler_class: type) -> type:
    """``handler_class`` with ``SiteErrors`` in front (websockets and redirects left as they are)."""
    if not isinstance(handler_class, type) or not issubclass(handler_class, tornado.web.RequestHandler):
        return handler_class
    if issubclass(handler_class, (SiteErrors, tornado.websocket.WebSocketHandler, tornado.web.RedirectHandler)):
        return handler_class
    return type(f"Site{handler_class.__name__}", (SiteErrors, handler_class), {})


class StreamedPageErrors:
    """Mixed into the notebook page handler: a failure after the first bytes went out is still told."""

    def send_error(self, status_code: int = 500, **kwargs: Any) -> None:
        """A page that fails after its first bytes went out still says so, and opens again.

        Voilà streams a page while its kernel prepares it; once the head is
        out, Tornado can only log "Cannot send error response after headers
        written" and close it, and the visitor watched "Loading…" forever
        (a preheated kernel that had died at start, in a test run). The rest
        of the page is a script that tells the visitor (``page_failed.html``).
        """
        if not headers_sent(self) or response_finished(self):
            super().send_error(status_code, **kwargs)
            return
        try:
            env = self.settings["voila_jinja2_env"]
            self.write(env.get_template("page_failed.html").render(error_id=getattr(self, "_rb_error_id", None)))
        except Exception:  # the message itself failed: close the page as Tornado would
            log.exception("the failed-page message for %s failed", self.request.uri)
        if not response_finished(self):
            self.finish()


def set_client_header(request: Any, trusted: Any = site_limits.DEFAULT_PROXIES, *, salt: bytes | None = None) -> None:
    """Tell the page's kernel who its client is (issue 17: new tables are rate-limited per client).

    The client is the address this server saw for the request, hashed with
    ``salt`` (the kernel needs to tell clients apart, not to know addresses).
    The site's salt is kept in the store (``client_salt``), so every server
    of the site gives one client the same id: the tables per client and the
    host login's tries count a client once, whichever server it reaches.
    It travels as a request header that Voilà copies into the kernel's
    environment (``http_header_envs``, ``$HTTP_X_RULEBOOK_CLIENT``; preheated
    kernels get it with the rest of the request); whatever the visitor sent
    under that name is overwritten, so it cannot be forged.
    """
    address = site_limits.client_address(getattr(request, "remote_ip", None), request.headers, trusted)
    digest = hashlib.blake2b(address.encode("utf-8", "replace"), key=salt or _CLIENT_SALT, digest_size=12).hexdigest()
    request.headers[table_limits.CLIENT_HEADER] = digest


_CLIENT_SALT = secrets.token_bytes(16)
"""The salt of a server without a store to share one through (``site_client_salt``)."""


def site_client_salt(store: Any) -> bytes:
    """The salt every server of the site hashes client addresses with (made once, kept in the store)."""
    return bytes.fromhex(store.setting("client_salt", lambda: secrets.token_hex(16)))


#: The page config's key for the page's language (the template writes it as ``<html lang>``).
LANG_KEY = "rbLang"


def page_language(asked: str | None, default: str) -> str:
    """The language a page is drawn in, chosen as its kernel chooses it (``widgets.page.page_lang``).

    ``?lang=`` when it is one of the site's languages, else the house's
    (``default``). Why the server works it out too: ``<html lang>`` is
    written before the kernel runs, and a Japanese screen reader reads a
    page marked English with English rules.
    """
    fallback = default if default in LANGS else "ja"
    lang = (asked or "").strip().lower()
    return lang if lang in LANGS else fallback


def with_language(hook: Any, lang: str) -> Any:
    """Voilà's ``page_config_hook`` with the page's language added (``LANG_KEY``), for one request."""

    def hooked(page_config: dict, **kwargs: Any) -> dict:
        updated = dict(hook(page_config, **kwargs) if hook is not None else page_config)
        updated[LANG_KEY] = lang
        return updated

    return hooked


class SitePageHandler(StreamedPageErrors, SiteErrors, TornadoVoilaHandler):
    """A notebook page (``/voila/render/<nb>.ipynb``)."""

    @tornado.web.authenticated
    async def get(self, path=None):
        # Touching xsrf_token sets the `_xsrf` cookie (before the first flush)
        # that the page's shutdown beacon echoes back: voila issue 1458.
        self.xsrf_token
        # this handler serves one request: its hook says the page's language to the template
        self.page_config_hook = with_language(self.page_config_hook, page_language(self.get_argument("lang", None), current_house().lang))
        edge = self.settings.get("rb_edge")
        if edge is not None and edge.draining:  # a rolling restart: new pages go to another server
            count_refusal(self, "draining")
            self.set_header("Retry-After", str(RETRY_AFTER))
            render_site_page(self, "draining.html", 503, retry_after=RETRY_AFTER)
            return
        set_client_header(self.request, self.settings.get("rb_trusted_proxies", site_limits.DEFAULT_PROXIES),
                          salt=self.settings.get("rb_client_salt"))
        set_route_cookie(self)
        manager = self.kernel_manager
        client = self._rb_client()
        if not self._rb_may_open(client, manager):
            return
        claim = reservation = None
        if path and hasattr(manager, "reserve"):
            # Promised or reserved before the first await: simultaneous requests cannot all pass.
            if self._takes_pooled_kernel(path):
                claim = manager.claim_pooled(path)
            if claim is None:
                # At the cap, an idle preheated kernel of another notebook gives way (kernels.py).
                reservation = manager.reserve(path)
                if reservation is None:
                    self._rb_not_served(client)
                    self._site_full()
                    return
            self._rb_pooled = claim is not None
        limits = self.settings.get("rb_limits")
        page = PageKernel(reservation=reservation)
        PAGE_KERNEL.set(page)
        opening = manager.opening_page(path) if hasattr(manager, "opening_page") else contextlib.nullcontext()
        try:
            with opening:  # pool refills wait while pages open
                await super().get(path)
        finally:
            if limits is not None:
                limits.page_served(client, page.kernel_id)
            if claim is not None:
                manager.release_claim(claim)
            if reservation is not None:
                manager.release(reservation)

    def _rb_client(self) -> site_limits.Client:
        """Who asks (``limits.client_address``, the ``rb_client`` cookie, given now if missing).

        The address also goes to the page's kernel, hashed, as the
        ``X-Rulebook-Client`` header (``set_client_header``, called first).
        """
        address = request_client_address(self)
        cookie = site_limits.clean_cookie(self.get_cookie(site_limits.CLIENT_COOKIE))
        if cookie is None:
            cookie = site_limits.new_client_cookie()
            self.set_cookie(site_limits.CLIENT_COOKIE, cookie, httponly=True, samesite="Lax", path="/")
        return site_limits.Client(address, cookie)

    def _rb_may_open(self, client: site_limits.Client, manager: Any) -> bool:
        """False (and the answer sent) when this client has its share of pages, or only seat links may come in."""
        limits = self.settings.get("rb_limits")
        if limits is None or not hasattr(manager, "page_kernels"):
            return True
        # counted on every server of the site (the store), and from now on counting (page_served ends it)
        refusal = limits.page_admit(client, manager.list_kernel_ids())
        if refusal is not None:
            log.warning("too many pages for one %s (%s): %s", refusal, client.address, site_limits.redact_uri(self.request.uri))
            count_refusal(self, "pages_per_browser" if refusal == "cookie" else "pages_per_address")
            self.set_header("Retry-After", str(RETRY_AFTER))
            render_site_page(self, "too_many_pages.html", 429, retry_after=RETRY_AFTER)
            return False
        reserve = limits.settings.seat_reserve(manager.max_kernels)
        if reserve and manager.page_kernels() >= manager.max_kernels - reserve and not self._rb_seat_link():
            self._rb_not_served(client)
            self._site_full("seat_share")
            return False
        return True

    def _rb_not_served(self, client: site_limits.Client) -> None:
        """An admitted request that gets no page after all (the site is full): it stops counting."""
        limits = self.settings.get("rb_limits")
        if limits is not None:
            limits.page_served(client, None)

    def _rb_seat_link(self) -> bool:
        """A seat link of an open table (``?t=&k=``, the key checked in the store): it may use the kept slots."""
        found = site_limits.seat_link_params(self.request.arguments)
        if found is None:
            return False
        store = self.settings.get("rb_store")
        if store is None:
            from rulebook.tables.opening import open_store

            try:
                store = self.settings["rb_store"] = open_store()
            except Exception:  # noqa: BLE001 - no store: no seat link can be checked
                log.exception("the table store cannot be opened to check a seat link")
                return False
        return site_limits.is_open_seat_link(store, *found)

    def _takes_pooled_kernel(self, path: str) -> bool:
        return voila_compat.takes_pooled_kernel(self, path, self.request.arguments)

    def _site_full(self, reason: str = "site_full") -> None:
        count_refusal(self, reason)
        manager = self.kernel_manager
        log.warning("site full (%d kernels): %s", manager.max_kernels, site_limits.redact_uri(self.request.uri))
        self.set_header("Retry-After", str(RETRY_AFTER))
        render_site_page(self, "site_full.html", 503, retry_after=RETRY_AFTER)

    def should_use_rendered_notebook(
        self, notebook_data, pool_size, template_name, theme, request_args
    ):
        # The site never honours ?template= / ?theme= (overrides are "NO"),
        # so they must not send a visitor past the preheated pool either.
        # A request holding a slot instead of a pooled kernel's promise starts
        # its own kernel, even if a pooled one came back meanwhile: that one
        # is promised to somebody else.
        if getattr(self, "_rb_pooled", True) is False:
            return False
        return super().should_use_rendered_notebook(
            notebook_data, pool_size, None, None, request_args
        )


class SiteFileHandler(SiteErrors, AllowListFileHandler):
    """``/voila/files/...`` (and notebooks' non-notebook links), with the site's error pages."""


class SiteTemplateStaticHandler(SiteErrors, TemplateStaticFileHandler):
    """``/voila/templates/<template>/static/<file>``: any other shape of path is a 404.

    Voilà unpacks the path as ``template/static/file`` and answered a 500
    (ValueError, AssertionError) for anything else.
    """

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/", 2)
        if len(parts) != 3 or parts[1] != "static" or not parts[0] or not parts[2]:
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


class SiteNotFoundHandler(SiteErrors, tornado.web.RequestHandler):
    """Any URL no other handler takes: the site's own 404 page, whatever the method.

    A plain Tornado handler (Tornado's ``default_handler_class``): nothing of
    jupyter_server's ``prepare`` (login, XSRF, origin checks) serves a page
    that only says "not found", and overriding it was a reach into jupyter_server.
    """

    def initialize(self, voila_configuration: Any = None) -> None:
        """Takes the handler table's arguments for Voilà's handlers (``default_handler_args``); needs none."""

    def set_default_headers(self) -> None:
        """The frame policy every jupyter_server page of the site carries (its ``content_security_policy``: the
        configured ``headers`` one, else frame-ancestors 'self'), so no page of the site can be framed elsewhere,
        this one included."""
        policy = self.settings.get("headers", {}).get("Content-Security-Policy")
        base = self.settings.get("base_url", "/")
        self.set_header("Content-Security-Policy", policy or f"frame-ancestors 'self'; report-uri {base}api/security/csp-report")

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class SiteKernelWebsocket(VoilaKernelWebsocketHandler):
    """A page's kernel websocket, counted: per kernel and per client (``limits.SiteLimits``).

    Each open websocket holds about eight file descriptors in the server;
    unbounded, 124 sockets to one kernel stopped the whole site. A socket
    past a cap is refused with 429 before the upgrade. Every message from
    the page marks its page as present (a silent page is culled), and
    nothing the kernel says about its own failures (tracebacks with install
    paths) goes back to the visitor.
    """

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A refused upgrade (a kernel culled or shut down: 404) answered in plain text.

        jupyter_server's own error page needs settings this site does not
        have (``static_path``): it raised inside ``write_error``, logging a
        traceback for every page that reconnected to a kernel that is gone.
        """
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code} {tornado.web.httputil.responses.get(status_code, 'error')}\n")

    async def get(self, kernel_id, *args, **kwargs):  # noqa: ANN001, ANN201 - Tornado's signature
        limits = self.settings.get("rb_limits")
        if limits is not None:
            address = request_client_address(self)
            cookie = site_limits.clean_cookie(self.get_cookie(site_limits.CLIENT_COOKIE))
            client = site_limits.Client(address, cookie)
            refusal = limits.socket_refusal(kernel_id, client)
            if refusal is not None:
                log.warning("too many websockets for one %s (%s): kernel %s", refusal, address, kernel_id)
                count_refusal(self, "sockets_per_kernel" if refusal == "kernel" else "sockets_per_address")
                self.set_status(429)
                self.set_header("Retry-After", str(RETRY_AFTER))
                self.finish("429 — ルールブック / Rulebook: too many connections")
                return
            limits.socket_opened(id(self), kernel_id, client, self)
            self._rb_counted = True
        try:
            return await super().get(kernel_id, *args, **kwargs)
        finally:
            if getattr(self, "ws_connection", None) is None or self.ws_connection.is_closing():
                self._rb_release()  # refused (unknown kernel...) or gone during the handshake

    def _rb_release(self) -> None:
        if getattr(self, "_rb_counted", False):
            self._rb_counted = False
            limits = self.settings.get("rb_limits")
            if limits is not None:
                limits.socket_closed(id(self))

    def on_message(self, ws_message):  # noqa: ANN001, ANN201
        limits = self.settings.get("rb_limits")
        kernel_id = getattr(self, "kernel_id", None)
        if limits is not None and kernel_id:
            limits.message(kernel_id)
        return super().on_message(ws_message)

    def on_close(self) -> None:
        self._rb_release()
        if getattr(self, "connection", None) is not None:
            super().on_close()

    def on_connection_close(self) -> None:
        self._rb_release()
        super().on_connection_close()

    def write_message(self, message, binary=False):  # noqa: ANN001, ANN201 - Tornado's signature
        message = site_limits.without_tracebacks(message)
        if message is None:
            return None
        return super().write_message(message, binary)


class SiteRequestInfoSocket(RequestInfoSocketHandler):
    """``/voila/query/<kernel id>``, where a preheated kernel waits for its visitor's request: kernels only.

    Voilà accepts any number of these websockets from anyone, and the last
    one opened for a kernel id receives that kernel's request (its URL, a
    seat's key). Only the site's own running kernels use it: a connection
    from this machine (loopback, or the ``--ip`` it listens on), not through the proxy, for a kernel the manager runs
    and that has no such socket yet. Anything else is a 404 before the upgrade.

    Which kernels have their socket is kept here (``opened``) from the
    request to the socket's close (Tornado's ``on_connection_close``), not
    read from Voilà's private table of them.
    """

    #: kernel id -> the socket that kernel opened (one per kernel).
    opened: dict[str, "SiteRequestInfoSocket"] = {}

    async def get(self, kernel_id, *args, **kwargs):  # noqa: ANN001, ANN201 - Tornado's signature
        peer = self.request.remote_ip or ""
        own = self.settings.get("rb_listen_ip")  # under --ip, the kernels connect to that address
        local = site_limits.client_address(peer, {}) == peer and (site_limits.is_loopback(peer) or peer == own)
        proxied = "X-Real-IP" in self.request.headers or "X-Forwarded-For" in self.request.headers
        manager = self.settings.get("kernel_manager")
        known = manager is not None and kernel_id in manager
        if not local or proxied or not known or kernel_id in self.opened:
            log.warning("refused a request-info websocket for kernel %s from %s", kernel_id, peer)
            self.set_status(404)
            self.finish("404")
            return None
        self.opened[kernel_id] = self  # before the upgrade's first await: a second request is refused
        self._rb_kernel_id = kernel_id
        try:
            return await super().get(kernel_id, *args, **kwargs)
        finally:
            if self.ws_connection is None:  # the upgrade failed: no socket to wait on
                self._rb_forget()

    def on_connection_close(self) -> None:
        self._rb_forget()
        super().on_connection_close()

    def _rb_forget(self) -> None:
        kernel_id = getattr(self, "_rb_kernel_id", None)
        if kernel_id is not None and self.opened.get(kernel_id) is self:
            del self.opened[kernel_id]


#: Raw paths no handler should ever see: a NUL byte, or a ``..`` segment (plain or percent-encoded).
#: Sent as is (no client would), they reached Voilà's file handlers and ended in a 500 and a traceback.
ODD_PATH = r"(?i)/(?:.*/)?(?:\.\.|%2e%2e|\.%2e|%2e\.)(?:/.*)?|.*(?:%00|\x00).*"


#: The proxy's and the monitoring's addresses (``health.py``): their answers are not the visitors' traffic.
EDGE_PATHS = ("/healthz", "/metrics")


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log, sorted by interest: errors warn, pages and
    kernel shutdowns are info, static files and websockets are debug."""
    status = handler.get_status()
    request = handler.request
    log = handler.settings["voila"].log
    path = request.path
    if path in EDGE_PATHS and status != 500:
        level = log.debug  # the proxy's probes, every second or two: a 503 there is an answer, not an error
    elif status >= 500:
        level = log.error
    elif status >= 400:
        level = log.warning
    elif path.startswith(("/voila/render/", "/voila/api/shutdown/")) or path == "/":
        level = log.info
    else:
        level = log.debug
    ms = 1000.0 * request.request_time()
    uri = site_limits.redact_uri(request.uri)  # a seat's key (k=) never reaches the log
    level("%d %s %s (%s) %.1fms", status, request.method, uri, request.remote_ip, ms)


class RulebookVoila(Voila):
    """Voilà serving a folder of notebooks as the rulebook site.

    ``site_options`` (a ``SiteOptions``) is set by ``serve()`` before the app
    is made: the kernel cap, the store and the retention period come from it.
    """

    site_options: Any = None
    feed: Any = None
    """The server's table feed (``rulebook.site.feed.Feed``), started on the server's loop; ``None``: pages poll."""
    edition_for: Any = None
    """Makes the edition's pages for ``/rules/`` (``rules_pages.EditionFor``), handed over by ``serve()``; ``None``: no ``/rules/``."""

    @property
    def landing_path(self) -> str:
        return os.path.join(self.root_dir, LANDING_NOTEBOOK)

    @property
    def max_kernels(self) -> int:
        chosen = getattr(self.site_options, "max_kernels", 0) or 0
        return chosen or default_max_kernels()

    def init_settings(self):
        # Voilà builds its kernel manager class inside init_settings; the
        # site's class is Voilà's plus the cap (voila_compat.kernel_manager_factory).
        cap = self.max_kernels
        grace = float(getattr(self.site_options, "cull_grace", 60))
        # Voilà's static files under the digest of their content (rulebook/site/assets.py).
        self._rb_static_digest = folder_digest(self.static_paths)
        module_folder()  # the boards' modules' folder, before Voilà's pools start kernels (they inherit its name)
        self.voila_configuration.page_config_hook = PageConfigHook(
            self._rb_static_digest, self.static_paths, self.root_dir, lab_folders=self.labextensions_path
        )
        self.voila_configuration.page_config_hook.prepare()  # the chunks joined and compressed before any visitor
        voila_compat.share_compiled_templates()  # each page's templates are not compiled again (jinja_cache.py)
        configuration = self.voila_configuration
        if not getattr(configuration.multi_kernel_manager_class, "rb_cap_base", False):
            # the cap's state and culler go beneath Voilà's pool class, through Voilà's own setting (kernels.cap_base)
            configuration.multi_kernel_manager_class = cap_base(configuration.multi_kernel_manager_class, cap, grace)
        with voila_compat.kernel_manager_factory(
            lambda voila_class: capped_kernel_manager(voila_class, cap, grace, live_kernels)
        ):
            settings = super().init_settings()
        self.kernel_manager.open_pools()  # the pools fill now, in the house's order
        # The site's own messages (error ids, full site, purges) go where Voilà's go.
        log.handlers = list(self.log.handlers)
        log.setLevel(logging.INFO)
        log.propagate = False
        self.log.info("at most %d kernels at once", cap)
        limits = site_limits.SiteLimits(getattr(self.site_options, "limits", None) or site_limits.LimitSettings())
        settings["rb_limits"] = limits
        options = self.site_options
        settings["rb_trusted_proxies"] = options.trusted_networks if options is not None else site_limits.DEFAULT_PROXIES
        settings["rb_server_name"] = getattr(options, "server_name", "")
        settings["rb_listen_ip"] = getattr(options, "ip", None)
        settings["rb_edge"] = self._rb_edge = self._make_edge()
        self._share_limits(settings, limits)
        chosen = limits.settings
        self.log.info(
            "limits per visitor (0: off): %d pages per address (behind a trusted proxy: its X-Forwarded-For), %d per browser, "
            "%d kernel slots kept for seat links, %d websockets per kernel and %d per address, %d s of silence, "
            "%d MB per kernel, %.1f MB per message",
            chosen.pages_per_address, chosen.pages_per_cookie, chosen.seat_reserve(cap), chosen.sockets_per_kernel,
            chosen.sockets_per_client, chosen.silent_seconds, chosen.kernel_memory_mb, chosen.message_mb,
        )
        # Tornado's default is 10 MiB; a page's biggest message is a record upload (1 MB of file at most).
        settings["websocket_max_message_size"] = limits.settings.message_bytes
        site_limits.install_repeat_filter([self.log, log, logging.getLogger("tornado.access"),
                                           logging.getLogger("tornado.application"), logging.getLogger("tornado.general"),
                                           logging.getLogger("asyncio")])
        settings["default_handler_class"] = SiteNotFoundHandler
        settings["default_handler_args"] = {"voila_configuration": self.voila_configuration}
        settings["log_function"] = log_request
        settings.update(asset_settings())  # compressed responses and websocket frames
        return settings

    def _share_limits(self, settings: dict, limits: site_limits.SiteLimits) -> None:
        """Count pages in the store with the site's other servers, under one client salt (``shared_limits``).

        Without a site (a bare ``RulebookVoila``) or with a store that cannot
        be opened, this server counts alone and salts with its own key.
        """
        from rulebook.tables.opening import open_store

        from . import shared_limits

        if self.site_options is None:
            return
        try:
            store = settings["rb_store"] = open_store(self.site_options.store_url)
            settings["rb_client_salt"] = site_client_salt(store)
            limits.shared = shared_limits.SharedPages(store, shared_limits.server_name(self.site_options))
            gone = limits.beat([])  # a server restarted under its name holds nothing yet
        except Exception:
            log.exception("the store cannot share the limits: this server counts its visitors alone")
            return
        self.log.info("server %s counts pages with the site's other servers in the store (%d pages of dead servers removed)",
                      limits.shared.server, gone)

    def init_handlers(self):
        """The site's handlers, static ones compressed and cached by version (``assets.py``)."""
        rules = asset_rules(self._site_handlers(), "/voila/static/(.*)", self._rb_static_digest)
        # Every override of a Voilà / jupyter_server method in the site's classes still fits (voila_compat.OVERRIDES).
        site_classes = {rule[1] for rule in rules if len(rule) > 1 and isinstance(rule[1], type)}
        voila_compat.check_overrides([type(self), WalledKernelManager, *sorted(site_classes, key=lambda cls: cls.__name__)])
        return rules

    def _site_handlers(self):
        site_classes = {
            "page": SitePageHandler,
            "files": SiteFileHandler,
            "template_static": SiteTemplateStaticHandler,
            "kernel_socket": SiteKernelWebsocket,
            "request_info": SiteRequestInfoSocket,
        }
        voila_rules = super().init_handlers()
        with_tree = voila_compat.replace_handlers(voila_rules, site_classes, with_site_errors)
        # The site has no accounts: Voilà's login and logout pages only
        # failed (logout answered a bare 500).
        not_found = {"voila_configuration": self.voila_configuration}
        accounts = [
            (url_path_join(self.server_url, path), SiteNotFoundHandler, not_found) for path in ("/login", "/logout")
        ] + [(ODD_PATH, SiteNotFoundHandler, not_found)]
        accounts += self._rules_handlers()
        accounts += self._edge_handlers()
        if self.notebook_path or not os.path.isfile(self.landing_path):
            # no landing notebook: Voilà's file tree stays the front page
            return accounts + with_tree
        landing = url_path_join(self.base_url, "voila/render", LANDING_NOTEBOOK)
        # RedirectHandler copies the query string to the target.
        redirects = [
            (self.server_url, tornado.web.RedirectHandler, {"url": landing, "permanent": False}),
            (
                url_path_join(self.server_url, r"/voila/tree(?:/.*)?"),
                tornado.web.RedirectHandler,
                {"url": landing, "permanent": False},
            ),
        ]
        # Tornado takes the first rule that matches: these go first (Voilà's file tree is dropped).
        return accounts + redirects + voila_compat.replace_handlers(voila_rules, {**site_classes, "tree": None}, with_site_errors)

    def _rules_handlers(self) -> list:
        """``/rules/``: the static edition's pages, made by rulebook.publish (reading the rules starts no kernel)."""
        from .rules_pages import RulesHandler, rules_handlers

        if self.edition_for is None:
            return []
        return rules_handlers(self.base_url, self.edition_for, with_site_errors(RulesHandler))

    def _make_edge(self) -> health.Edge:
        """The server's state for its proxy: the store's probe, the drain's time (``health.py``)."""
        from rulebook.tables.opening import open_store

        store_url = getattr(self.site_options, "store_url", None)
        probe = health.StoreProbe(health.store_check(lambda: open_store(store_url)))
        drain = float(getattr(self.site_options, "drain_seconds", 600))
        return health.Edge(probe, drain)

    def _edge_handlers(self) -> list:
        """``/healthz`` for the proxy (``health.py``), ``/metrics`` for monitoring (``metrics.py``)."""
        from .metrics import MetricsHandler

        return [
            (url_path_join(self.base_url, "healthz"), with_site_errors(health.HealthHandler)),
            (url_path_join(self.base_url, "metrics"), with_site_errors(MetricsHandler)),
        ]

    def _on_sigterm(self) -> None:
        """SIGTERM drains (``health.py``); a second one stops at once, as Voilà's handler did."""
        edge = getattr(self, "_rb_edge", None)
        if edge is None or not edge.begin_drain():
            log.warning("stopping now (signal received while draining)")
            tornado.ioloop.IOLoop.current().stop()
            return
        log.warning("draining: no new pages; open pages close within %d s, then the server exits", edge.drain_seconds)
        self._rb_drain_timer = tornado.ioloop.PeriodicCallback(self._drain_check, health.DRAIN_CHECK_SECONDS * 1000)
        self._rb_drain_timer.start()

    async def _drain_check(self) -> None:
        """Once no page is open (or the drain's time is up): close the rest with 4003, shut down, exit."""
        edge, limits = self._rb_edge, self.app.settings.get("rb_limits")
        pages = health.open_pages(limits)
        if getattr(self, "_rb_drain_closing", False) or not edge.drain_over(pages):
            return
        self._rb_drain_closing = True
        self._rb_drain_timer.stop()
        closed = 0
        for socket in [s.handle for s in list(limits.sockets.values()) if s.handle is not None] if limits else []:
            try:
                socket.close(health.CLOSE_RESTARTING, "rulebook: server restarting")
                closed += 1
            except Exception:  # noqa: BLE001 - already closing
                log.debug("closing a websocket while draining", exc_info=True)
        log.warning("drained: %d page(s) still open told to reopen elsewhere; stopping", closed)
        if closed:
            await asyncio.sleep(1.0)  # the close frames reach the pages before the kernels go
        edge.probe.close()
        await self._leave_site(limits)
        tornado.ioloop.IOLoop.current().stop()  # Voilà's listen() then shuts every kernel down (stop())

    def stopped(self) -> None:
        """The server has stopped (any way): its pages stop counting in the store now (``serve()`` calls this)."""
        web = getattr(self, "app", None)
        limits = web.settings.get("rb_limits") if web is not None else None
        if limits is not None:
            limits.leave()

    async def _leave_site(self, limits: site_limits.SiteLimits | None) -> None:
        """A drained server leaves the site's shared state now, not when others notice its silence.

        Its pages stop counting in the store (``SiteLimits.leave``), and its
        feed writes the presence it holds and closes its listener (``Feed.stop``).
        """
        if limits is not None:
            limits.leave()
        if self.feed is not None:
            try:
                await self.feed.stop()
            except Exception:  # noqa: BLE001 - the process is exiting; the store forgets the rest by itself
                log.warning("the table feed did not stop cleanly", exc_info=True)

    def _sigterm(self, sig: int, frame: Any) -> None:
        """The SIGTERM handler, in place of Voilà's (which stopped at once): drain (``_on_sigterm``)."""
        tornado.ioloop.IOLoop.current().add_callback_from_signal(self._on_sigterm)

    def start_site_timers(self) -> None:
        """Start the site's own timers (pool refills, kernel watch, heap trim, table purge) and its SIGTERM drain.

        ``serve()`` has the loop call it once Voilà's ``start()`` runs the loop
        (Voilà's ``start`` makes the app, listens and blocks in one call, with
        no hook between: overriding ``listen`` was the other way in).
        """
        edge = getattr(self, "_rb_edge", None)
        if edge is not None:
            edge.serving = True
            signal.signal(signal.SIGTERM, self._sigterm)
        refill = tornado.ioloop.PeriodicCallback(self._refill_pools, REFILL_SECONDS * 1000)
        refill.start()
        tornado.ioloop.PeriodicCallback(self._watch_kernels, WATCH_SECONDS * 1000).start()
        from .shared_limits import BEAT_SECONDS

        tornado.ioloop.PeriodicCallback(self._beat, BEAT_SECONDS * 1000).start()
        tornado.ioloop.PeriodicCallback(trim_heap, TRIM_SECONDS * 1000).start()
        if self.feed is not None:
            tornado.ioloop.IOLoop.current().add_callback(self.feed.start)
        if getattr(self.site_options, "keep_days", 0):
            self._purge_tables()
            tornado.ioloop.PeriodicCallback(self._purge_tables, PURGE_SECONDS * 1000).start()

    def _beat(self) -> None:
        """Tell the store this server lives and which pages it holds (``SiteLimits.beat``)."""
        limits = self.app.settings.get("rb_limits")
        try:
            if limits is not None and limits.shared is not None:
                limits.beat(self.kernel_manager.list_kernel_ids())
        except Exception:
            log.exception("the server's beat failed")

    def _refill_pools(self) -> None:
        edge = getattr(self, "_rb_edge", None)
        if edge is not None and edge.draining:
            return  # a draining server starts no kernel
        try:
            self.kernel_manager.refill()
        except Exception:
            log.exception("refilling the kernel pools failed")

    async def _watch_kernels(self) -> None:
        """Shut down the kernels of silent pages, and any kernel over its memory limit (``limits``)."""
        limits = self.app.settings.get("rb_limits")
        manager = self.kernel_manager
        if limits is None:
            return
        try:
            for kernel_id in limits.silent():
                if kernel_id in manager:
                    log.warning("kernel %s: its page sent nothing for %d s; shut down", kernel_id, limits.settings.silent_seconds)
                    await self._stop_kernel(limits, kernel_id, site_limits.CLOSE_SILENT, "page silent")
                else:
                    limits.forget(kernel_id)
            cap_mb = limits.settings.kernel_memory_mb
            if cap_mb:
                from .process import kernel_processes

                for kernel in kernel_processes(os.getpid()):
                    used_mb = kernel.rss_kb / 1024
                    if kernel.kernel_id and used_mb > cap_mb and kernel.kernel_id in manager:
                        log.warning("kernel %s used %.0f MB, over its limit of %d MB; shut down", kernel.kernel_id, used_mb, cap_mb)
                        await self._stop_kernel(limits, kernel.kernel_id, site_limits.CLOSE_MEMORY, "memory")
        except Exception:
            log.exception("watching the kernels failed")

    async def _stop_kernel(self, limits: site_limits.SiteLimits, kernel_id: str, code: int, reason: str) -> None:
        """Close the kernel's websockets with ``code`` (the page tells its visitor), then shut it down."""
        for socket in limits.sockets_of(kernel_id):
            try:
                socket.close(code, f"rulebook: {reason}")
            except Exception:  # noqa: BLE001 - already closing
                log.debug("closing a websocket of %s", kernel_id, exc_info=True)
        limits.forget(kernel_id)
        try:
            await self.kernel_manager.shutdown_kernel(kernel_id, now=True)
        except Exception:  # noqa: BLE001 - gone meanwhile is what we want
            log.debug("shutting down %s", kernel_id, exc_info=True)

    def _purge_tables(self) -> None:
        """Remove tables finished, or untouched, more than ``keep_days`` ago."""
        from rulebook.tables.opening import open_store

        try:
            cutoff = time.time() - self.site_options.keep_days * DAY
            removed = open_store().purge(finished_before=cutoff, abandoned_before=cutoff)
            if removed:
                log.info("removed %d tables older than %d days", removed, self.site_options.keep_days)
        except Exception:
            log.exception("purging old tables failed")
