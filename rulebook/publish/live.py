"""The edition's pages on the live site, at ``/rules/``: reading the rules starts no kernel.

The site serves the very pages ``rulebook publish`` writes (``build.page_for``),
made on the first request for each and kept in memory: a rules page costs
the site one render, then nothing, instead of a Jupyter kernel per reader.
The play buttons point at the site's own game pages.

This is the edition's side only (pages as bytes, no web server): the Tornado
handler that answers ``/rules/`` is the site's (``rulebook/site/rules_pages.py``),
so the edition stands beside the server and never imports it.
"""

from __future__ import annotations

import mimetypes
import threading

from rulebook.core.text import LANGS

from .build import CONTENT_TYPES, page_for
from .content import GameContent, gather, publishable_games
from .pages import Edition


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

    def content_type(self, path: str) -> str:
        """The Content-Type of the page at ``path`` (what the site's ``/rules/`` handler sends with it)."""
        return content_type(path)


def content_type(path: str) -> str:
    """The Content-Type of a page of the edition at ``path`` (a folder is its ``index.html``)."""
    suffix = "." + path.rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else ".html"
    return CONTENT_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
