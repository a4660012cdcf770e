"""Pig's worked examples drawn by its own board (``board.js``): pure, no widgets."""

from __future__ import annotations

from typing import Any

from rulebook.core.examples import ExampleSpec
from rulebook.games.pig.examples import KINDS

from ..model import engine_for, example_state
from .present import Page, present


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example (read-only), or None for a kind this board does not draw."""
    state = example_state(KINDS, spec)
    if state is None:
        return None
    page = Page(seats=("human",) * game.num_seats(state), interactive=False)
    model = present(game.observe(state, 0), engine_for(game, state, False), page, lang).to_json()
    return {**model["board"], "interactive": False}
