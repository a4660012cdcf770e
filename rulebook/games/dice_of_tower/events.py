"""What the designer's lab counts in each Dice of Tower game (``rulebook.lab``).

The collapse presets are the rule under test, so: how often a tower fell
(while placing or while re-rolling), how many dice were placed, re-rolls
and passes.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rulebook.core import Game, Outcome

from .actions import Burst, Off, Pass, Place, Reroll


def events(game: Game, states: Sequence[Any], actions: Sequence[Any], outcome: Outcome) -> Mapping[str, Any]:
    """Per-game counts of collapses, placements, re-rolls, passes and dice off the table."""
    counts = {"collapses": 0, "placements": 0, "rerolls": 0, "passes": 0, "dice_off": 0}
    names = {Burst: "collapses", Place: "placements", Reroll: "rerolls", Pass: "passes", Off: "dice_off"}
    for action in actions:
        name = names.get(type(action))
        if name is not None:
            counts[name] += 1
    return counts
