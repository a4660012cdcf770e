"""What a seat sees in Pig, typed: the views read it by attribute (``o.turn_total``).

Nothing is hidden in Pig, so every seat gets the same fields; ``you`` names
the seat asking. The dict side (for bots, tests and JSON) is described in
``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation


@dataclass(frozen=True, eq=False)
class PigObservation(Observation):
    """The whole table: banked totals, whose turn, the turn's points and the last die."""

    you: int
    totals: list[int]
    seat: int
    """Whose turn it is."""
    turn_total: int
    """Points of the turn so far (lost on a 1)."""
    rolling: bool
    """The die is in the air: chance acts next."""
    last: int
    """Pips of the last die (0 before the first roll)."""
    busted: bool
    turns: int
    goal: int
    over: bool


__all__ = ["PigObservation"]
