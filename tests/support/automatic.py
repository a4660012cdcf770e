"""The automatic moves of a match (drawn chance, bots), made in a test without a table.

On a page the table makes them after each move (``TableSession.advance``,
which also stores them for the other devices); engine, bot and view tests
that need no store make them here, one ``Match.step_auto`` at a time.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import Match


def automatic_moves(match: Match, limit: int = 100_000) -> list[Any]:
    """Make automatic moves until a person must act or the game is over; the moves made.

    ``RuntimeError`` after ``limit`` of them (a bot that never lets the game end).
    """
    done: list[Any] = []
    for _ in range(limit):
        action = match.step_auto()
        if action is None:
            return done
        done.append(action)
    raise RuntimeError(f"{match.game.name}: no user decision after {limit} automatic moves")
