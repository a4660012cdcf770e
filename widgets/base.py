"""anywidget components shared by all games: their ES modules and CSS live as
files in ``widgets/static`` and are read once at import (no network, no build).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import anywidget
import traitlets

STATIC = Path(__file__).parent / "static"


@lru_cache(maxsize=None)
def asset(*names: str) -> str:
    """The named static files joined in order (shared helpers first)."""
    return "\n".join((STATIC / name).read_text("utf-8") for name in names)


def esm(*names: str) -> str:
    """A board's ES module: ``common.js`` (the helpers every board shares) then ``names``."""
    return asset("common.js", *names)


class GameBoard(anywidget.AnyWidget):
    """A game's board: its ES module draws ``view`` (the view model's JSON) and sends taps back as messages.

    Each game's board subclasses it with its own ``_esm`` (``esm(...)``) and ``_css``.
    """

    view = traitlets.Dict().tag(sync=True)


class RulePanel(anywidget.AnyWidget):
    """The rules as HTML; bumping ``focus`` scrolls to ``highlight`` and flashes it.

    On a phone a fixed button (``label_open``) opens the panel over the board
    at ``highlight``; ``label_close`` returns to the board.
    """

    _esm = asset("rules.js")
    _css = asset("app.css")
    html = traitlets.Unicode("").tag(sync=True)
    highlight = traitlets.Unicode("").tag(sync=True)
    focus = traitlets.Int(0).tag(sync=True)
    label_open = traitlets.Unicode("Rules").tag(sync=True)
    """The phone's fixed button that opens the rules over the board."""
    label_close = traitlets.Unicode("Close").tag(sync=True)


class ScoreBreakdown(anywidget.AnyWidget):
    """Points line by line, with a picture of the dice behind each pattern."""

    _esm = esm("dice.js", "breakdown.js")
    data = traitlets.Dict().tag(sync=True)


class StyleSheet(anywidget.AnyWidget):
    """Draws nothing; brings the shared CSS to pages without any other anywidget (the index)."""

    _esm = "function render({ el }) { el.style.display = 'none'; }\nexport default { render };\n"
    _css = asset("app.css", "index.css")


class PageLink(anywidget.AnyWidget):
    """Draws nothing: keeps the address bar on the page's table, reports the origin, carries the heartbeat.

    ``query`` is written into the URL without a reload; ``origin`` comes back
    from the browser (how phones reach the site); the page sends ``{beat: n}``
    every few seconds and reloads itself when no ``pong`` answers (see
    ``widgets/static/page_link.js``).
    """

    _esm = asset("page_link.js")
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

    _esm = asset("record_upload.js")
    label = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(1_000_000).tag(sync=True)
