"""What the designer's lab counts in each National Economy game (``rulebook.lab``).

The questions a designer of this prototype asks: how much gets built, what
the winners build, how often buildings are sold to pay wages, and how far
a solo game gets before it ends.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rulebook.core import Game, Outcome

from .actions import Build, Sell
from .data import KINDS_T


def events(game: Game, states: Sequence[Any], actions: Sequence[Any], outcome: Outcome) -> Mapping[str, Any]:
    """Per-game counts: buildings built (all seats and winners'), sales, the last round, the winners' buildings."""
    winners = set(outcome.winners)
    built = by_winners = sold = 0
    winner_kinds: list[str] = []
    for state, action in zip(states, actions):
        if isinstance(action, Build):
            built += 1
            if game.current_player(state) in winners:
                by_winners += 1
                winner_kinds.append(KINDS_T[action.kind].code)
        elif isinstance(action, Sell):
            sold += len(action.buildings)
    return {
        "built": built,
        "built_by_winners": by_winners,
        "sold": sold,
        "last_round": int(outcome.get("round", 0)),
        "winner_builds": " ".join(winner_kinds),
    }
