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
   itself; pools refill within the cap every few seconds.
6. Finished and abandoned tables older than ``--keep-days`` are purged at
   start and every hour.
7. A dead preheated kernel is never handed to a page (the page takes a
   fresh one), and a page that fails after its first bytes went out ends
   with a script that says so and opens it again (``page_failed.html``).

Plus an access log that says what matters (pages, shutdowns, errors).
"""

from __future__ import annotations

import logging
import os
import secrets
import time
from typing import Any

import tornado.ioloop
import tornado.web
import tornado.websocket
import voila.app as voila_app
from jupyter_server.base.handlers import APIHandler
from jinja2 import TemplateNotFound
from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.handler import BaseVoilaHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler
from voila.utils import create_include_assets_functions

from .assets import PageConfigHook, asset_rules, asset_settings, folder_digest
from .kernels import capped_kernel_manager, default_max_kernels, live_kernel_processes

LANDING_NOTEBOOK = "index.ipynb"
#: A full site's page asks the browser to come back after this many seconds
#: (and reloads itself a little later, with jitter, so a queue of phones
#: does not return all at once).
RETRY_AFTER = 10
REFILL_SECONDS = 3.0
PURGE_SECONDS = 3600.0
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
    handler.finish(body)


class SiteErrors:
    """Mixed into every handler of the site: errors as the site's pages (or JSON for APIs), with an id.

    Tornado's own error page says "500: Internal Server Error" and nothing
    else, and jupyter_server's looks for templates this site does not ship
    (which raised again and logged a second traceback). A server error is
    logged once, under an id the page shows, so a host can match a guest's
    report to the log. A table is in the store, not in the failed request:
    the page says so.
    """

    def log_exception(self, typ, value, tb) -> None:  # noqa: ANN001 - Tornado's signature
        if isinstance(value, tornado.web.HTTPError):
            return  # an answer, not a failure (404, 403...): the access log has it
        self._rb_error_id = new_error_id()
        log.error("error %s in %s %s", self._rb_error_id, self.request.method, self.request.uri, exc_info=(typ, value, tb))

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
            if not self._finished:
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
        if not self._headers_written or self._finished:
            super().send_error(status_code, **kwargs)
            return
        try:
            env = self.settings["voila_jinja2_env"]
            self.write(env.get_template("page_failed.html").render(error_id=getattr(self, "_rb_error_id", None)))
        except Exception:  # the message itself failed: close the page as Tornado would
            log.exception("the failed-page message for %s failed", self.request.uri)
        if not self._finished:
            self.finish()


class SitePageHandler(StreamedPageErrors, SiteErrors, TornadoVoilaHandler):
    """A notebook page (``/voila/render/<nb>.ipynb``)."""

    @tornado.web.authenticated
    async def get(self, path=None):
        # Touching xsrf_token sets the `_xsrf` cookie (before the first flush)
        # that the page's shutdown beacon echoes back: voila issue 1458.
        self.xsrf_token
        manager = self.kernel_manager
        claim = reservation = None
        if path and hasattr(manager, "reserve"):
            # Promised or reserved before the first await: simultaneous requests cannot all pass.
            if self._takes_pooled_kernel(path):
                claim = manager.claim_pooled(path)
            if claim is None:
                reservation = manager.reserve()
                if reservation is None:
                    self._site_full()
                    return
            self._rb_pooled = claim is not None
        try:
            await super().get(path)
        finally:
            if claim is not None:
                manager.release_claim(claim)
            if reservation is not None:
                manager.release(reservation)

    def _takes_pooled_kernel(self, path: str) -> bool:
        manager = self.kernel_manager
        try:
            data = manager.notebook_data.get(path, {})
            pool = manager.get_pool_size(path)
        except AttributeError:
            return False
        return bool(self.should_use_rendered_notebook(data, pool, None, None, self.request.arguments))

    def _site_full(self) -> None:
        manager = self.kernel_manager
        log.warning("site full (%d kernels): %s", manager.max_kernels, self.request.uri)
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


class SiteNotFoundHandler(SiteErrors, BaseVoilaHandler):
    """Any URL no other handler takes: the site's own 404 page."""

    async def prepare(self):
        await super().prepare()
        raise tornado.web.HTTPError(404)


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log, sorted by interest: errors warn, pages and
    kernel shutdowns are info, static files and websockets are debug."""
    status = handler.get_status()
    request = handler.request
    log = handler.settings["voila"].log
    path = request.path
    if status >= 500:
        level = log.error
    elif status >= 400:
        level = log.warning
    elif path.startswith(("/voila/render/", "/voila/api/shutdown/")) or path == "/":
        level = log.info
    else:
        level = log.debug
    ms = 1000.0 * request.request_time()
    level("%d %s %s (%s) %.1fms", status, request.method, request.uri, request.remote_ip, ms)


class RulebookVoila(Voila):
    """Voilà serving a folder of notebooks as the rulebook site.

    ``site_options`` (a ``SiteOptions``) is set by ``serve()`` before the app
    is made: the kernel cap, the store and the retention period come from it.
    """

    site_options: Any = None

    @property
    def landing_path(self) -> str:
        return os.path.join(self.root_dir, LANDING_NOTEBOOK)

    @property
    def max_kernels(self) -> int:
        chosen = getattr(self.site_options, "max_kernels", 0) or 0
        return chosen or default_max_kernels()

    def init_settings(self):
        # Voilà builds its kernel manager class inside init_settings with
        # this factory; the site's class is Voilà's plus the cap.
        original = voila_app.voila_kernel_manager_factory
        cap = self.max_kernels
        grace = float(getattr(self.site_options, "cull_grace", 60))

        def factory(base, preheat, pool_size, page_config_hook=None):  # noqa: ANN001, ANN202 - Voilà's signature
            return capped_kernel_manager(original(base, preheat, pool_size, page_config_hook=page_config_hook), cap, grace, live_kernel_processes)

        voila_app.voila_kernel_manager_factory = factory
        # Voilà's static files under the digest of their content (rulebook/site/assets.py).
        self._rb_static_digest = folder_digest(self.static_paths)
        self.voila_configuration.page_config_hook = PageConfigHook(self._rb_static_digest)
        try:
            settings = super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = original
        # The site's own messages (error ids, full site, purges) go where Voilà's go.
        log.handlers = list(self.log.handlers)
        log.setLevel(logging.INFO)
        log.propagate = False
        self.log.info("at most %d kernels at once", cap)
        settings["default_handler_class"] = SiteNotFoundHandler
        settings["default_handler_args"] = {"voila_configuration": self.voila_configuration}
        settings["log_function"] = log_request
        settings.update(asset_settings())  # compressed responses and websocket frames
        return settings

    def init_handlers(self):
        """The site's handlers, static ones compressed and cached by version (``assets.py``)."""
        return asset_rules(self._site_handlers(), "/voila/static/(.*)", self._rb_static_digest)

    def _site_handlers(self):
        handlers = []
        for rule in super().init_handlers():
            if len(rule) >= 2 and rule[1] is TornadoVoilaHandler:
                rule = (rule[0], SitePageHandler, *rule[2:])
            elif len(rule) >= 2 and rule[1] is AllowListFileHandler:
                rule = (rule[0], SiteFileHandler, *rule[2:])
            elif len(rule) >= 2 and rule[1] is TemplateStaticFileHandler:
                rule = (rule[0], SiteTemplateStaticHandler, *rule[2:])
            elif len(rule) >= 2:
                rule = (rule[0], with_site_errors(rule[1]), *rule[2:])
            handlers.append(rule)
        # The site has no accounts: Voilà's login and logout pages only
        # failed (logout answered a bare 500).
        not_found = {"voila_configuration": self.voila_configuration}
        accounts = [
            (url_path_join(self.server_url, path), SiteNotFoundHandler, not_found) for path in ("/login", "/logout")
        ]
        if self.notebook_path or not os.path.isfile(self.landing_path):
            # no landing notebook: Voilà's file tree stays the front page
            return accounts + handlers
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
        # Tornado takes the first rule that matches: these go first.
        return accounts + redirects + [
            rule for rule in handlers if rule[1] is not TornadoVoilaTreeHandler
        ]

    def listen(self):
        """Start the site's own timers, then Voilà's server loop (which blocks)."""
        refill = tornado.ioloop.PeriodicCallback(self._refill_pools, REFILL_SECONDS * 1000)
        refill.start()
        if getattr(self.site_options, "keep_days", 0):
            self._purge_tables()
            tornado.ioloop.PeriodicCallback(self._purge_tables, PURGE_SECONDS * 1000).start()
        super().listen()

    def _refill_pools(self) -> None:
        try:
            self.kernel_manager.refill()
        except Exception:
            log.exception("refilling the kernel pools failed")

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
