"""Don't Drop the Ring's worked examples drawn by its own board (``ring.js``): pure, no widgets.

``trick``: the table just after the trick, seen by nobody in particular
(no hand): the trick on view with its winners marked, every die on its
pedestal in its new area, and beside each winner's die the move the engine
made (``More 1 → Heavy 1``). ``end``: the end of the game, the rings on
their marks (the fallen one marked), the winners' rows lit and the round's
result table (each die and how its ring moved).

The view model is the board's own ``present(...)``, made read-only: no
caption, no messages, no trick waiting for cards, no hand.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import HUMAN, SPECTATOR
from rulebook.core.examples import ExampleSpec
from rulebook.games.ring.cards import AREAS
from rulebook.games.ring.examples import KINDS, trick_states
from rulebook.games.ring.state import State

from ..model import engine_for, example_state
from .common import Page
from .present import present
from .texts import WORDS


def _die(state: State, seat: int, lang: str) -> str:
    """A die as the pedestal labels it: "More 2", "Just 1" (the board's own short area names)."""
    return f"{WORDS(AREAS[state.areas[seat]], lang)} {state.pips[seat]}"


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    state = example_state(KINDS, spec)
    if state is None:
        return None
    n = len(state.rings)
    page = Page(seats=(HUMAN,) * n)
    view = present(game.observe(state, SPECTATOR), engine_for(game, state, False), page, lang).to_json()
    view["caption"] = ""
    view["messages"] = []
    view["controls"] = []
    board = view["board"]
    board["interactive"] = False
    board["trick"] = None  # the next trick has not begun: only the example's trick is on view
    board["hand"] = []
    board["hand_title"] = ""
    board["discard"] = None
    for seat in board["seats"]:
        seat["active"] = False
        seat["hand_label"] = ""
        seat["discarded"] = False
    if spec.kind == "trick":
        before, after = trick_states(spec.values)
        winners = after.tricks[-1].winners
        for k, seat in enumerate(board["seats"]):
            seat["need"] = f"{_die(before, k, lang)} → {_die(after, k, lang)}" if k in winners else ""
    else:
        board["order_label"] = ""  # the rank order no longer matters
        board["order"] = ""
        for seat in board["seats"]:
            seat["need"] = ""  # the round is over: the result table says how each ring moved
    view["traits"] = {}
    return view
