"""The edition's pages on the live site, at ``/rules/``: reading the rules starts no kernel.

The site serves the very pages ``rulebook publish`` writes (``build.page_for``),
made on the first request for each and kept in memory: a rules page costs
the site one render, then nothing, instead of a Jupyter kernel per reader.
The play buttons point at the site's own game pages.
"""

from __future__ import annotations

import mimetypes
import threading
from typing import Any

import tornado.ioloop
import tornado.web

from rulebook.core.text import LANGS

from .build import CONTENT_TYPES, page_for
from .content import GameContent, gather, publishable_games
from .pages import Edition

#: Pages change only with a new release of the site; a reader's second visit costs a revalidation at most.
CACHE_CONTROL = "public, max-age=300"


class LiveEdition:
    """Every page of the edition for the site, made on request from the same code and cached."""

    def __init__(self, play_url: str) -> None:
        self.play_url = play_url
        self._edition: Edition | None = None
        self._lock = threading.Lock()
        self._contents: dict[str, GameContent] = {}
        self._catalogue: dict[str, GameContent] | None = None
        self._files: dict[str, bytes] = {}

    @property
    def edition(self) -> Edition:
        """Every registered game, found on the first request: importing them all at the site's start
        would cost the server process their memory (some games build tables when imported) before anyone reads."""
        with self._lock:
            if self._edition is None:
                self._edition = Edition(langs=LANGS, games=tuple(publishable_games()), play_url=self.play_url)
            return self._edition

    def content(self, name: str) -> GameContent:
        langs = self.edition.langs
        with self._lock:
            if name not in self._contents:
                self._contents[name] = gather(publishable_games()[name], langs)
            return self._contents[name]

    def catalogue(self) -> dict[str, GameContent]:
        edition = self.edition
        with self._lock:
            if self._catalogue is None:
                games = publishable_games()
                self._catalogue = {name: gather(games[name], edition.langs, pictures=False) for name in edition.games}
            return self._catalogue

    def file(self, path: str) -> bytes | None:
        """The bytes at ``path`` (a folder means its ``index.html``), or None for a path of no page."""
        if path == "" or path.endswith("/"):
            path += "index.html"
        if path in self._files:
            return self._files[path]
        text = page_for(path, self.edition, self.content, self.catalogue)
        if text is None:
            return None
        body = text.encode("utf-8")
        self._files[path] = body
        return body


def content_type(path: str) -> str:
    suffix = "." + path.rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else ".html"
    return CONTENT_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


class RulesHandler(tornado.web.RequestHandler):
    """``GET /rules/<path>``: a page of the edition; a folder without its slash is sent to it (links are relative)."""

    def initialize(self, edition: LiveEdition) -> None:
        self.edition = edition

    async def get(self, path: str) -> None:
        last = path.rsplit("/", 1)[-1]
        if path and not path.endswith("/") and "." not in last:
            self.redirect(self.request.path + "/" + (f"?{self.request.query}" if self.request.query else ""))
            return
        body = await tornado.ioloop.IOLoop.current().run_in_executor(None, self.edition.file, path)
        if body is None:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", content_type(path))
        self.set_header("Cache-Control", CACHE_CONTROL)
        self.finish(body)


def rules_handlers(base_url: str, handler_class: Any = RulesHandler) -> list[tuple[str, Any, dict[str, Any]]]:
    """The site's ``/rules/`` route; the play buttons point at the site's own pages under ``base_url``."""
    from jupyter_server.utils import url_path_join

    edition = LiveEdition(play_url=base_url or "/")
    return [
        (url_path_join(base_url, r"/rules"), tornado.web.RedirectHandler, {"url": url_path_join(base_url, "/rules/"), "permanent": False}),
        (url_path_join(base_url, r"/rules/(.*)"), handler_class, {"edition": edition}),
    ]
