"""Chiritsumo's worked examples drawn by its own board (``chiritsumo.js``): pure, no widgets.

Every kind (山, 翼, 河, 富士 and the scored pyramid) is one pyramid: the
position is a solo seat holding exactly the example's dice, all stacked
(``rulebook.games.chiritsumo.examples.position``). The board's view model is
``present``'s own, made read-only: no caption or messages (the figure's
caption says it), no tray (every die is on the pyramid), nothing to tap.
"""

from __future__ import annotations

from typing import Any

from rulebook.core.examples import ExampleSpec
from rulebook.games.chiritsumo.examples import KINDS

from ..model import engine_for, example_state
from .common import Page
from .present import present


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    state = example_state(KINDS, spec)
    if state is None:
        return None
    page = Page(interactive=False)
    model = present(game.observe(state, 0), engine_for(game, state, False), page, lang)
    board = dict(model.board["board"])
    board.update(
        mode="example",
        interactive=False,
        caption="",
        messages=[],
        controls=[],
        tray=[],
        legal={},
        ghost=None,
        locked=None,
        seats=[],
        traits={},
    )
    return board
