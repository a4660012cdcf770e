"""The Voilà application of the site: Voilà 0.5.13 with four changes.

1. ``/`` (and Voilà's file tree) redirect to ``/voila/render/index.ipynb``,
   the landing page, keeping the query string (``/?lang=en``).
2. Notebook pages set the ``_xsrf`` cookie. The page's ``beforeunload``
   beacon (``POST /voila/api/shutdown/<kernel>``) sends the value of that
   cookie as ``_xsrf``; Voilà's notebook pages never set it (only its file
   tree does), so the shutdown was refused with 403 and the kernel of a
   closed page lived on (voila issue 1458).
3. ``?template=`` / ``?theme=`` never bypass the preheated pool: overrides
   are off (``allow_*_override = "NO"``), so the pooled page is always right.
4. Every unknown URL, and every refused or missing file, gets the site's
   error page instead of Tornado's.

Plus an access log that says what matters (pages, shutdowns, errors).
"""

from __future__ import annotations

import os

import tornado.web
from jinja2 import TemplateNotFound
from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.handler import BaseVoilaHandler
from voila.static_file_handler import AllowListFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler
from voila.utils import create_include_assets_functions

LANDING_NOTEBOOK = "index.ipynb"


class SitePageHandler(TornadoVoilaHandler):
    """A notebook page (``/voila/render/<nb>.ipynb``)."""

    @tornado.web.authenticated
    async def get(self, path=None):
        # Touching xsrf_token sets the `_xsrf` cookie (before the first flush)
        # that the page's shutdown beacon echoes back: voila issue 1458.
        self.xsrf_token
        await super().get(path)

    def should_use_rendered_notebook(
        self, notebook_data, pool_size, template_name, theme, request_args
    ):
        # The site never honours ?template= / ?theme= (overrides are "NO"),
        # so they must not send a visitor past the preheated pool either.
        return super().should_use_rendered_notebook(
            notebook_data, pool_size, None, None, request_args
        )


class SiteFileHandler(AllowListFileHandler):
    """``/voila/files/...`` (and notebooks' non-notebook links), with the
    site's error page instead of Tornado's bare one."""

    def write_error(self, status_code: int, **kwargs) -> None:
        env = self.settings["voila_jinja2_env"]
        base_url = self.settings.get("base_url", "/")
        try:
            template = env.get_template(f"{status_code}.html")
        except TemplateNotFound:
            template = env.get_template("error.html")
        template_name = self.settings["voila"].voila_configuration.template
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(
            template.render(
                status_code=status_code,
                base_url=base_url,
                **create_include_assets_functions(template_name, base_url),
            )
        )


class SiteNotFoundHandler(BaseVoilaHandler):
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
    """Voilà serving a folder of notebooks as the rulebook site."""

    @property
    def landing_path(self) -> str:
        return os.path.join(self.root_dir, LANDING_NOTEBOOK)

    def init_settings(self):
        settings = super().init_settings()
        settings["default_handler_class"] = SiteNotFoundHandler
        settings["default_handler_args"] = {"voila_configuration": self.voila_configuration}
        settings["log_function"] = log_request
        return settings

    def init_handlers(self):
        handlers = []
        for rule in super().init_handlers():
            if len(rule) >= 2 and rule[1] is TornadoVoilaHandler:
                rule = (rule[0], SitePageHandler, *rule[2:])
            elif len(rule) >= 2 and rule[1] is AllowListFileHandler:
                rule = (rule[0], SiteFileHandler, *rule[2:])
            handlers.append(rule)
        if self.notebook_path or not os.path.isfile(self.landing_path):
            # no landing notebook: Voilà's file tree stays the front page
            return handlers
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
        return redirects + [
            rule for rule in handlers if rule[1] is not TornadoVoilaTreeHandler
        ]
