"""What the designer's lab counts in each Not My Fault! game (``rulebook.lab``).

The audit is the game's tension: how often players doubt a declaration,
how many of those audits catch an overstatement, and how many rounds a
game lasts.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rulebook.core import Game, Outcome

from .actions import Audit, Declare, Draw, Place


def events(game: Game, states: Sequence[Any], actions: Sequence[Any], outcome: Outcome) -> Mapping[str, Any]:
    """Per-game counts of audits, declarations and cards drawn or laid."""
    counts = {"audits": 0, "declarations": 0, "draws": 0, "placed": 0}
    names = {Audit: "audits", Declare: "declarations", Draw: "draws", Place: "placed"}
    for action in actions:
        name = names.get(type(action))
        if name is not None:
            counts[name] += 1
    return counts
