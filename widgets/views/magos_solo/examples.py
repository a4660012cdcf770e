"""The Magos solo patch's worked examples drawn by its own board (``magos_solo.js``): pure, no widgets.

``turn``: the board part at the example's turn — the enemy's fixed dice with
what each does and the turn's damage — for the face table the example's
moves set. ``dice``: the sheet part with only the patch's dice table, the
row the example's turn reads highlighted (its turns column lists the turn
when it is one of the looping rows); the face table and the damage column
are left empty, as the example is about the dice alone.
"""

from __future__ import annotations

from typing import Any

from rulebook.core.examples import ExampleSpec
from rulebook.games.magos_solo.examples import KINDS

from ..model import engine_for, example_state
from .present import Page, present


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    state = example_state(KINDS, spec)
    if state is None:
        return None
    page = Page(interactive=False)
    model = present(game.observe(state, 0), engine_for(game, state, False), page, lang).to_json()
    if spec.kind == "turn":
        view = {"part": "board", **model["board"]["board"], "controls": [], "rule": model.get("rule", "")}
    else:
        sheet = model["board"]["sheet"]
        words = {**sheet["words"], "faces_title": "", "faces_help": "", "col_damage": ""}
        rows = [{**row, "damage_text": ""} for row in sheet["rows"]]
        view = {"part": "sheet", **sheet, "words": words, "faces": [], "choices": [], "rows": rows, "locked": None, "controls": []}
    view["interactive"] = False
    view["traits"] = {}
    return view
