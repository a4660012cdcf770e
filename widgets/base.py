"""anywidget components shared by all games: their ES modules and CSS live as
files in ``widgets/static`` and are read once at import (no network, no build).
"""

from __future__ import annotations

import asyncio
import json
from functools import lru_cache
from pathlib import Path

import anywidget
import traitlets

from rulebook.site.served_modules import served_module

STATIC = Path(__file__).parent / "static"


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop, or None (a test, a script: nothing to poll from).

    Why one helper: the game page's table watcher and the host page's redraw
    both start a task on the loop that lives as long as the page's kernel.
    """
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    return loop if loop.is_running() else None


@lru_cache(maxsize=None)
def asset(*names: str) -> str:
    """The named static files joined in order (shared helpers first)."""
    return "\n".join((STATIC / name).read_text("utf-8") for name in names)


class ServedModule(str):
    """An ES module's text that anywidget sends as a loader of its URL when the site serves modules.

    Why: the module text travelled in every visit's widget state; on the site
    each module is a file under its content hash (``rulebook.site.served_modules.served_module``),
    cached a year by the browser. anywidget reads ``_esm`` with ``str()``, so
    only that gives the loader; as text (``board_module``, the static edition)
    it is the module itself.
    """

    def __str__(self) -> str:
        return served_module(str.__str__(self))


def module(*names: str) -> ServedModule:
    """The named static files joined in order, as an ES module served from its own URL on the site."""
    return ServedModule(asset(*names))


def esm(*names: str) -> ServedModule:
    """A board's ES module: ``common.js`` (the helpers every board shares) then ``names``."""
    return module("common.js", *names)


class GameBoard(anywidget.AnyWidget):
    """A game's board: its ES module draws ``view`` (the view model's JSON) and sends taps back as messages.

    Each game's board subclasses it with its own ``_esm`` (``esm(...)``) and ``_css``.
    """

    view = traitlets.Dict().tag(sync=True)


EXPORT = "export default { render };"
NO_EXAMPLES = 'const exampleBoard = null;\nconst exampleCss = "";\n'


class RulePanel(anywidget.AnyWidget):
    """The rules as HTML; bumping ``focus`` scrolls to ``highlight`` and flashes it.

    On a phone a fixed button (``label_open``) opens the panel over the board
    at ``highlight``; ``label_close`` returns to the board. The worked
    examples of the text (``<figure data-example=key>``) are drawn from
    ``examples`` (key -> the board's view model) by the game's own board
    module: see ``rule_panel_class``.
    """

    _esm = ServedModule(NO_EXAMPLES + asset("rules.js"))
    _css = ""
    """None of its own: its rules are in app.css, which the page's board brings (every ``GameBoard``'s
    CSS starts with it). A copy here was 15 kB of every page's widget state, in a style element of its
    own that would have put app.css back over the game's own rules had it come after the board's."""
    html = traitlets.Unicode("").tag(sync=True)
    examples = traitlets.Dict().tag(sync=True)
    """The worked examples' view models by key (``ExampleSpec.key``), drawn read-only."""
    label_example = traitlets.Unicode("").tag(sync=True)
    """Said beside an example when it is tapped: it is a picture, the game is on the board."""
    highlight = traitlets.Unicode("").tag(sync=True)
    focus = traitlets.Int(0).tag(sync=True)
    label_open = traitlets.Unicode("Rules").tag(sync=True)
    """The phone's fixed button that opens the rules over the board."""
    label_close = traitlets.Unicode("Close").tag(sync=True)


def board_module(board: type[GameBoard]) -> str:
    """A board's ES module as an expression (``{ render }``), to run inside another module.

    The module's top-level names (``render``, ``div``, the shared helpers)
    are kept in a function scope so they cannot clash with the host's.
    """
    module = board._esm
    if not isinstance(module, str) or module.count(EXPORT) != 1 or not module.rstrip().endswith(EXPORT):
        raise ValueError(f"{board.__name__}: its module must end with exactly one `{EXPORT}`")
    body = module.replace(EXPORT, "return { render };")
    return "(() => {\n" + body + "\n})()"


@lru_cache(maxsize=None)
def rule_panel_class(board: type[GameBoard] | None) -> type[RulePanel]:
    """The rule panel of a game whose worked examples are drawn by ``board``'s own module.

    Why the board's module and not a picture made in Python: an example then
    looks exactly like the game on the page, and a change to the board is
    a change to every example. The examples are drawn in a closed shadow
    root with the board's CSS, so their elements (``rb-die-0``...) never
    answer the page's selectors.
    """
    if board is None:
        return RulePanel
    prelude = f"const exampleBoard = {board_module(board)};\nconst exampleCss = {json.dumps(board._css or '')};\n"
    return type(f"{board.__name__}Rules", (RulePanel,), {"_esm": ServedModule(prelude + asset("rules.js"))})


class ScoreBreakdown(anywidget.AnyWidget):
    """Points line by line, with a picture of the dice behind each pattern."""

    _esm = esm("dice.js", "breakdown.js")
    data = traitlets.Dict().tag(sync=True)


class StyleSheet(anywidget.AnyWidget):
    """Draws nothing; brings the shared CSS to pages without any other anywidget (the index)."""

    _esm = "function render({ el }) { el.style.display = 'none'; }\nexport default { render };\n"
    _css = asset("app.css", "index.css")


ANNOUNCE_CSS = (
    ".rb-announce { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;"
    " overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }"
)


class Announcer(anywidget.AnyWidget):
    """The game page's polite live region: ``text`` is announced each time ``count`` goes up.

    Why a widget of its own and not an HTML box: a live region must stay in
    the page while its text changes (an ipywidgets HTML box replaces its
    content, region included, so nothing would be announced). Hidden from
    sight: what it says is on the page already (the board, the log).
    ``lang`` is the page's language: the region's, and ``<html lang>``'s
    after an in-page language switch.
    """

    _esm = module("announce.js")
    _css = ANNOUNCE_CSS
    text = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("ja").tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)


class PageLink(anywidget.AnyWidget):
    """Draws nothing: keeps the address bar on the page's table, reports the origin, carries the heartbeat.

    ``query`` is written into the URL without a reload; ``origin`` comes back
    from the browser (how phones reach the site); the page sends ``{beat: n}``
    every few seconds and reloads itself when no ``pong`` answers (see
    ``widgets/static/page_link.js``).
    """

    _esm = module("page_link.js")
    query = traitlets.Unicode("").tag(sync=True)
    origin = traitlets.Unicode("").tag(sync=True)
    pong = traitlets.Int(0).tag(sync=True)


class RecordUpload(anywidget.AnyWidget):
    """A file picker for save files that checks the size in the browser before sending anything.

    ipywidgets' FileUpload sends the whole file over the websocket, and a
    file over Tornado's message limit (10 MB) closed the connection: Load
    then stopped working until a reload. This one sends the text only when
    it is at most ``max_bytes``, else just ``{too_big: size}``.
    """

    _esm = module("record_upload.js")
    label = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(1_000_000).tag(sync=True)
