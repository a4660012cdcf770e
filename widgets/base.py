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


class RulePanel(anywidget.AnyWidget):
    """The rules as HTML; bumping ``focus`` scrolls to ``highlight`` and flashes it."""

    _esm = asset("rules.js")
    _css = asset("app.css")
    html = traitlets.Unicode("").tag(sync=True)
    highlight = traitlets.Unicode("").tag(sync=True)
    focus = traitlets.Int(0).tag(sync=True)


class ScoreBreakdown(anywidget.AnyWidget):
    """Points line by line, with a picture of the dice behind each pattern."""

    _esm = asset("dice.js", "breakdown.js")
    data = traitlets.Dict().tag(sync=True)


class StyleSheet(anywidget.AnyWidget):
    """Draws nothing; brings the shared CSS to pages without any other anywidget (the index)."""

    _esm = "function render({ el }) { el.style.display = 'none'; }\nexport default { render };\n"
    _css = asset("app.css", "index.css")
