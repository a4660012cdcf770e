"""Pictures and PDFs of the edition's pages, made by Chromium at build time.

The pages are served from the folder being built on 127.0.0.1 (a port the
system picks, for the length of the build) and opened in headless Chromium:
the share card's picture is the page's first worked example as the board
draws it; the PDF is the page printed with its print stylesheet. Without
Chromium (or the playwright package) the edition is built without them
(``available()``), and ``--pdf`` is refused before anything is written.
"""

from __future__ import annotations

import functools
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType

#: Debian's Chromium and the flags it needs here (as root, on a closed
#: network): shared by the build, the browser tests and the benchmarks.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

#: The print width of an A4 page with the stylesheet's margins, in CSS pixels: pictures are fitted to it.
PRINT_WIDTH = 680
DRAW_TIMEOUT_MS = 30_000


def available() -> bool:
    """Chromium at ``CHROMIUM`` and the playwright package to drive it."""
    if not os.path.exists(CHROMIUM):
        return False
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


class Renderer:
    """One Chromium and one local server for a whole build (``with Renderer(folder) as r:``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def __enter__(self) -> "Renderer":
        from playwright.sync_api import sync_playwright

        handler = functools.partial(_QuietHandler, directory=str(self.folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self._playwright = sync_playwright().start()
        try:
            self.browser = self._playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            self.card_context = self.browser.new_context(viewport={"width": 560, "height": 800}, device_scale_factor=2)
            self.print_context = self.browser.new_context(viewport={"width": PRINT_WIDTH, "height": 900})
        except BaseException:
            self._stop()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._stop()

    def _stop(self) -> None:
        try:
            if getattr(self, "browser", None) is not None:
                self.browser.close()
        finally:
            self._playwright.stop()
            self.server.shutdown()
            self.server.server_close()

    def _open(self, context, path: str):  # noqa: ANN001, ANN202 - playwright objects
        page = context.new_page()
        page.goto(self.base + path, wait_until="load")
        page.wait_for_function(
            "() => !document.querySelector('[data-board]') || document.documentElement.dataset.examples",
            timeout=DRAW_TIMEOUT_MS,
        )
        return page

    def card(self, path: str, target: Path) -> bool:
        """The first worked example of the page at ``path``, as a PNG at ``target``; False when none is drawn."""
        page = self._open(self.card_context, path)
        try:
            board = page.locator(".rb-example-board[data-drawn]:not([data-drawn='error'])").first
            if board.count() == 0:
                return False
            target.parent.mkdir(parents=True, exist_ok=True)
            board.screenshot(path=str(target))
            return True
        finally:
            page.close()

    def pdf(self, path: str, target: Path) -> None:
        """The page at ``path`` printed to ``target`` (A4, its print stylesheet, pictures included)."""
        page = self._open(self.print_context, path)
        try:
            page.emulate_media(media="print")
            target.parent.mkdir(parents=True, exist_ok=True)
            page.pdf(path=str(target), format="A4", print_background=True, prefer_css_page_size=True)
        finally:
            page.close()
