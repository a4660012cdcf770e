"""Puniu Dice's worked examples drawn by its own board (``puniu.js``): pure, no widgets.

``score``: the dice after the last re-roll with the category buttons' own
previews, the example's category marked; ``bands``: a full sheet at the end of
a solo game with the cancelled scores struck through.
"""

from __future__ import annotations

from typing import Any

from rulebook.core.examples import ExampleSpec
from rulebook.games.puniu.examples import KINDS

from ..model import engine_for, example_state
from .common import Page
from .present import present


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    state = example_state(KINDS, spec)
    if state is None:
        return None
    fields = spec.values
    acting = spec.kind == "score"
    page = Page(acting=acting, kind_face=int(fields.get("face", "0") or 0) if acting else 0)
    view = present(game.observe(state, 0), engine_for(game, state, acting), page, lang).to_json()
    board = view["board"]
    board["interactive"] = False
    if acting:
        category = fields["category"].strip()
        for cat in board.get("categories", []):
            cat["best"] = cat["key"] == category
        view["messages"] = []
        view["caption"] = ""
        board["kind_open"] = category == "kind"
        view["traits"] = {"part": "play"}
    else:
        view["traits"] = {"part": "sheet"}
    return view
