"""Not My Fault!'s worked examples drawn by its own board (``not_my_fault.js``), both versions: pure, no widgets.

A picture for teaching, not a game: every face-down card of the example is
drawn face up (the caption says so). ``audit``: the round as the audit is
called, seen by the auditor (the progress board or milestone cards with the
declarations, the pile, the auditor's hand in #41), with the audit's result
beside it (the cards turned up, their total, who takes the penalty) and the
seats' red cards / reprimands after it. ``completion``: the table right
after the declaration of 30 turned the cards up.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import HUMAN
from rulebook.core.examples import ExampleSpec, load_kinds
from rulebook.games.not_my_fault.examples import audited

from ..model import engine_for, example_state
from .common import Page
from .present import last_view, present, seats_view
from .texts import WORDS

def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    state = example_state(load_kinds(type(game).__module__.rsplit(".", 1)[0]), spec)
    if state is None:
        return None
    n = state.players
    seat = state.turn if spec.kind == "audit" else state.claims[-1].seat
    acting = not game.is_terminal(state)
    page = Page(variant=game.variant, seats=(HUMAN,) * n, humans=(seat,), acting=acting, viewer=seat)
    view = present(game.observe(state, seat), engine_for(game, state, acting), page, lang).to_json()
    board = view["board"]
    board["interactive"] = False
    board["mode"] = "example"
    view["caption"] = ""
    view["messages"] = []
    for face_down, card in zip(board["pile"], state.table):
        face_down["card"] = card.value  # the picture shows every card: at the table they lie face down
    board.pop("drawn", None)
    board["hand_clickable"] = False
    name = f"席{seat + 1}" if lang == "ja" else f"Seat {seat + 1}"
    board["words"]["hand"] = WORDS("example_hand", lang, seat=name)
    board["words"]["last"] = WORDS(f"example_{spec.kind}", lang)
    if spec.kind == "audit":
        after = audited(game, state)
        seen = game.observe(after, seat)
        board["seats"] = seats_view(seen, page, lang)
        for box in board["seats"]:
            box["active"] = False
        board["seats"][seat]["active"] = True  # the auditor
        board["last"] = last_view(seen.last, page, lang)
    view["traits"] = {}
    return view
