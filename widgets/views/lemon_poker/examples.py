"""Lemon Poker's worked examples drawn by its own board (``lemon_poker.js``): pure, no widgets.

Kind ``odds``: the public position as the child sees it (the community
cards, each group's face-up cards in their sorted places, the face-down
places drawn face down) with the exact odds the engine counts beside it.
Read-only: nothing on it can be tapped.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import HUMAN, SPECTATOR
from rulebook.core.examples import ExampleSpec, load_kinds
from rulebook.games.lemon_poker.cards import card_text
from rulebook.games.lemon_poker.observation import LemonPokerObservation

from ..model import Engine, example_state
from .present import Page, present
from .texts import WORDS


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    kinds = load_kinds(type(game).__module__.rsplit(".", 1)[0])
    position = example_state(kinds, spec)
    if position is None:
        return None
    groups = [[None if c is None else card_text(c) for c in g] for g in position.groups]
    o = LemonPokerObservation(
        game=game.name, you=SPECTATOR, phase="bet", hands=10, hand_no=0, dealer=0, child=1,
        chips=[20, 20], max_bet=5, community=[card_text(c) for c in position.community], dealt=[5, 5],
        groups=groups, shown=[[c is not None for c in g] for g in groups], child_show=None,
        last=None, history=[],
    )
    view = present(o, Engine(), Page(seats=(HUMAN, HUMAN)), lang).to_json()
    board = view["board"]
    board["interactive"] = False
    board["mode"] = "example"
    for group in board["groups"]:
        for cell in group["cells"]:
            cell["tap"] = {"enabled": False, "reason": "", "rule": ""}
    figures = kinds[spec.kind].figures(spec.values)
    board["words"]["example"] = WORDS("example_title", lang)
    board["odds"] = WORDS("example_odds", lang, p1=figures["group1_wins"] + "%", p2=figures["group2_wins"] + "%", tie=figures["tie"] + "%")
    view["caption"] = ""
    view["status"] = ""
    view["messages"] = []
    view["traits"] = {}
    return view
