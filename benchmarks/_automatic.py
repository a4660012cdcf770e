"""The automatic moves of a match (drawn chance, bots) for benchmarks that play whole games without a table.

A page's table makes them after each move (``TableSession.advance``, which
also stores them); a benchmark timing the engine or a bot needs no store.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import Match


def automatic_moves(match: Match, limit: int = 100_000) -> list[Any]:
    """Make automatic moves until a person must act or the game is over; the moves made."""
    done: list[Any] = []
    for _ in range(limit):
        action = match.step_auto()
        if action is None:
            return done
        done.append(action)
    raise RuntimeError(f"{match.game.name}: no user decision after {limit} automatic moves")
