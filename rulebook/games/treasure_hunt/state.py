"""The state of a 宝探し sheet, shared by the engine (``game``), the bots and the solver.

Kept apart from ``game`` so that ``bots`` can rebuild a state from an
observation without importing the engine (``game`` imports ``bots`` at the
top: no cycle, no import inside a function).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Mapping, NamedTuple

from rulebook.core.game import Outcome

from .model import RULES, Rules, mask_of


class Phase(StrEnum):
    """Where an expedition stands. A ``StrEnum``: equal to its old text ("ready", …), so records and tests read alike."""

    READY = "ready"
    """Before a roll: roll on, bring a treasure home, or give up."""
    ROLL = "roll"
    """The dice are being rolled (chance: ``die 1 a``, ``die 2 b``)."""
    CHECK = "check"
    """The roll shows: check one of its open options."""
    FAILED = "failed"
    """Nothing can be checked: seal one of the offered numbers."""
    OVER = "over"


PHASES: tuple[Phase, ...] = tuple(Phase)


class Trip(NamedTuple):
    """A finished expedition: its checks (a mask) and the move that ended it (its text)."""

    checked: int
    end: str


@dataclass(frozen=True)
class State:
    """The paper sheet.

    ``treasures``: bit i = treasure i is home. ``sealed`` / ``checked``: masks
    of numbers (bit n-1 = number n). ``dice``: the roll in progress or the
    last one (0, 1 or 2 faces). ``history``: every finished expedition as a
    ``Trip`` (its checks, the move that ended it).
    """

    treasures: int = 0
    sealed: int = 0
    checked: int = 0
    dice: tuple[int, ...] = ()
    phase: Phase = Phase.READY
    history: tuple[Trip, ...] = ()
    result: Outcome | None = None

    def __post_init__(self) -> None:  # plain text phases and (mask, end) pairs are read by name too
        object.__setattr__(self, "phase", Phase(self.phase))
        if any(not isinstance(trip, Trip) for trip in self.history):
            object.__setattr__(self, "history", tuple(Trip(*trip) for trip in self.history))

    @property
    def expedition(self) -> int:
        """The number of the expedition under way (1-based)."""
        return len(self.history) + 1


def state_from_observation(observation: Mapping[str, Any], rules: Rules = RULES) -> State:
    """The state an observation shows (all of it is public), for bots; history is left out."""
    keys = {t.key: i for i, t in enumerate(rules.treasures)}
    treasures = 0
    for t in observation["treasures"]:
        if t["home"]:
            treasures |= 1 << keys[t["key"]]
    return State(
        treasures=treasures,
        sealed=mask_of(observation["sealed"]),
        checked=mask_of(observation["checked"]),
        dice=tuple(observation["dice"]),
        phase=Phase(observation["phase"]),
    )


__all__ = ["PHASES", "Phase", "State", "Trip", "state_from_observation"]
