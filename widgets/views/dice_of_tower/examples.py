"""Dice of Tower's worked examples drawn by its own board (``dice_of_tower.js``): pure, no widgets.

``place``: your lone die picked, the tower it is tried on glowing if the
engine allows the placement; ``score``: the towers of the example, each with
its points.
"""

from __future__ import annotations

from typing import Any

from rulebook.core.examples import ExampleSpec
from rulebook.games.dice_of_tower.examples import KINDS, place_action

from ..model import engine_for
from .present import Page, present


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    kind = KINDS.get(spec.kind)
    if kind is None or kind.position is None:
        return None
    state = kind.position(spec.values)
    acting = spec.kind == "place"
    page = Page(acting=acting, picked=place_action(state).die if acting else None)
    view = present(game.observe(state, 0), engine_for(game, state, acting), page, lang).to_json()
    if acting:  # the die in hand is shown picked even where the engine finds no place for it
        for tower in view["board"]["towers"]:
            for die in tower["dice"]:
                if die["id"] == page.picked:
                    die["picked"] = True
    view["board"]["interactive"] = False
    view["board"]["example"] = True
    view["board"]["scores"] = None
    view["controls"] = []
    view["messages"] = []
    view["caption"] = ""
    view["traits"] = {}
    return view
