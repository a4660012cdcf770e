"""What the player sees in the treasure hunt, typed: the views read it by attribute (``o.checked``).

Everything is on the paper, so the observation is the whole state. The
dict side (for bots, tests and JSON) is described in
``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation, OutcomeSeen

from .state import Phase


@dataclass(frozen=True, eq=False)
class TreasureSeen(Observation):
    """One treasure of the map: what it needs, and whether it is home or can be taken now."""

    key: str
    kind: str
    need: int
    unseal: bool
    home: bool
    eligible: bool


@dataclass(frozen=True, eq=False)
class TripSeen(Observation):
    """One finished expedition: the numbers it ticked and how it ended."""

    checked: list[int]
    end: str


@dataclass(frozen=True, eq=False)
class TreasureHuntObservation(Observation):
    """The sheet: ticked and sealed numbers, the dice, the choices now, the treasures and past trips."""

    game: str
    phase: Phase
    numbers: int
    faces: int
    seal_limit: int
    treasures: list[TreasureSeen]
    checked: list[int]
    sealed: list[int]
    dice: list[int]
    options: list[list[int]]
    seal_choices: list[int]
    expedition: int
    history: list[TripSeen]
    outcome: OutcomeSeen | None


__all__ = ["TreasureHuntObservation", "TreasureSeen", "TripSeen"]
