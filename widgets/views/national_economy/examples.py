"""National Economy's worked examples drawn by its own board (``national_economy.js``): pure, no widgets.

``sale``: Seat 1 owing wages with the buildings of the example, and every
legal sale set with what it leaves (the same lines as the page's sale
buttons). ``score``: Seat 1's buildings with the score forecast.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import HUMAN
from rulebook.core.examples import ExampleSpec, load_kinds
from rulebook.games.national_economy.actions import Sell

from ..model import engine_for, example_state
from .present import Page, present, sale_label


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    state = example_state(load_kinds(type(game).__module__.rsplit(".", 1)[0]), spec)
    if state is None:
        return None
    page = Page(seats=(HUMAN,) * state.players, humans=(0,), acting=False, viewer=0)
    o = game.observe(state, 0)
    view = present(o, engine_for(game, state, False), page, lang).to_json()
    board = view["board"]
    board["interactive"] = False
    board["mode"] = "example"
    board["you"] = -1  # no hand in the picture
    board["areas"] = [area for area in board["areas"] if area["owner"] == 0]
    board["seats"] = board["seats"][:1]
    if spec.kind == "sale":
        board["sales"] = [sale_label(o, Sell(s), lang) for s in game.sale_options(state, 0)]
    _only_what_it_is_about(board, spec.kind)
    view["caption"] = ""
    view["messages"] = []
    view["traits"] = {}
    return view


def _only_what_it_is_about(board: dict[str, Any], kind: str) -> None:
    """Blank the parts of the board an example is not about (issue 19 D: on a phone they only repeat).

    A sale is about the wages owed (the wage, the seat's workers and cash)
    and the buildings; a score about the buildings and the forecast. The
    round, household, deck, discards and hand size are no part of either.
    """
    for key in ("round", "household", "deck", "discards"):
        board[key] = ""
    if kind != "sale":
        board["wage"] = ""
    for seat in board["seats"]:
        seat["hand_text"] = ""
        seat["start"] = False
        if kind == "sale":
            seat["forecast_text"] = ""
        else:
            seat["idle"] = seat["placed"] = seat["asleep"] = 0


__all__ = ["example_view"]
