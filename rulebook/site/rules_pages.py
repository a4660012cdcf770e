"""``/rules/`` on the live site: the edition's pages answered by Tornado.

The pages are the edition's (``rulebook.publish.live.LiveEdition``: the same
code as ``rulebook publish``); the handler is the server's. The server and
the edition stand beside each other (``[tool.importlinter]`` in
pyproject.toml): neither imports the other, and the command that starts the
site (``rulebook serve``, ``rulebook/cli.py``) hands the server the edition
(``serve(options, edition_for=LiveEdition)``).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

import tornado.ioloop
import tornado.web
from jupyter_server.utils import url_path_join


class EditionPages(Protocol):
    """What the site asks of the edition: a page's bytes by path (None: no such page) and its Content-Type."""

    def file(self, path: str) -> bytes | None: ...

    def content_type(self, path: str) -> str: ...


EditionFor = Callable[[str], EditionPages]
"""Makes the edition's pages for the site, given the site's base URL (the play buttons point there)."""

#: Pages change only with a new release of the site; a reader's second visit costs a revalidation at most.
CACHE_CONTROL = "public, max-age=300"


class RulesHandler(tornado.web.RequestHandler):
    """``GET /rules/<path>``: a page of the edition; a folder without its slash is sent to it (links are relative)."""

    def initialize(self, edition: EditionPages) -> None:
        self.edition = edition

    async def get(self, path: str) -> None:
        last = path.rsplit("/", 1)[-1]
        if path and not path.endswith("/") and "." not in last:
            self.redirect(self.request.path + "/" + (f"?{self.request.query}" if self.request.query else ""))
            return
        body = await tornado.ioloop.IOLoop.current().run_in_executor(None, self.edition.file, path)
        if body is None:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", self.edition.content_type(path))
        self.set_header("Cache-Control", CACHE_CONTROL)
        self.finish(body)


def rules_handlers(
    base_url: str, edition_for: EditionFor, handler_class: Any = RulesHandler
) -> list[tuple[str, Any, dict[str, Any]]]:
    """The site's ``/rules/`` route; the play buttons point at the site's own pages under ``base_url``."""
    edition = edition_for(base_url or "/")
    return [
        (url_path_join(base_url, r"/rules"), tornado.web.RedirectHandler, {"url": url_path_join(base_url, "/rules/"), "permanent": False}),
        (url_path_join(base_url, r"/rules/(.*)"), handler_class, {"edition": edition}),
    ]
