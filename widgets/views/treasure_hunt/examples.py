"""宝探し's worked examples drawn by its own board (``treasure_hunt.js``): pure, no widgets.

``options``: the sheet right after the example's roll, with the roll's open
options marked the way the board marks them for the player (the numbers to
tick and the "both" bracket), from the engine's legal actions; ``run``: the
sheet before the next roll with the example's ticks and the treasures the
engine lets you bring home marked as earned. Both are read-only pictures: no
caption, no messages, no controls, and a tap only shows the picture's notice.
"""

from __future__ import annotations

from typing import Any

from rulebook.core.examples import ExampleSpec
from rulebook.games.treasure_hunt.examples import KINDS

from ..model import engine_for, example_state
from .common import Page
from .present import present


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    state = example_state(KINDS, spec)
    if state is None:
        return None
    # drawn as for the player to move, so the options and the earned treasures are marked; no hint values
    page = Page(acting=True, hint=False)
    view = present(game.observe(state, 0), engine_for(game, state, True), page, lang, None, game.rules).to_json()
    board = view["board"]
    board["interactive"] = False
    if spec.kind == "run":
        board["dice"] = {"values": [], "mode": "none", "label": ""}  # no roll yet: the ticks are the point
    view["caption"] = ""
    view["messages"] = []
    view["controls"] = []
    view["traits"] = {}
    return view
