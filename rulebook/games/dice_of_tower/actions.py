"""Dice of Tower moves: small frozen values whose ``str`` parses back (``parse``).

Player moves: ``place 3 on 12`` (pick own single die 3 and set it on the
tower whose top die is 12), ``reroll`` (re-roll all own single dice),
``pass``, ``remove 5`` (after a burst while re-rolling: take own single die 5
out of the game). Chance: ``face 4`` (the next die to roll shows 4), ``off``
(table mode: that die left the table), ``stand`` (nothing fell), ``burst 7``
(the tower whose bottom die is 7 fell); table mode's rare cases (DT-8):
``quake 7`` (an earthquake toppled the tower on die 7; nobody loses a die)
and ``bump 1 7`` (seat 1 bumped the table and the tower on die 7 fell; seat 1
loses a die). Dice and seats count from 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action


@dataclass(frozen=True)
class Face:
    """Chance: the next die waiting to be rolled shows ``value``."""

    value: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("value",))

    def __str__(self) -> str:
        return f"face {self.value}"


@dataclass(frozen=True)
class Off:
    """Chance (table mode): the die being rolled left the table; it is out of the game."""

    def __str__(self) -> str:
        return "off"


@dataclass(frozen=True)
class Stand:
    """Chance: the towers stood."""

    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True)
class Burst:
    """Chance: the tower whose bottom die is ``tower`` collapsed."""

    tower: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("tower",))

    def __str__(self) -> str:
        return f"burst {self.tower}"


@dataclass(frozen=True)
class Quake:
    """Chance (table mode, DT-8): an earthquake, or someone not playing, toppled the tower whose bottom die is ``tower``."""

    tower: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("tower",))

    def __str__(self) -> str:
        return f"quake {self.tower}"


@dataclass(frozen=True)
class Bump:
    """Chance (table mode, DT-8): seat ``seat`` (not the one acting) bumped the table and the tower on ``tower`` fell."""

    seat: int
    tower: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat", "tower"))

    def __str__(self) -> str:
        return f"bump {self.seat} {self.tower}"


@dataclass(frozen=True)
class Place:
    """Pick own single die ``die`` and set it on the tower topped by die ``onto``."""

    die: int
    onto: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("die", "onto"))

    def __str__(self) -> str:
        return f"place {self.die} on {self.onto}"


@dataclass(frozen=True)
class Reroll:
    """Re-roll every own single die (only when no placement exists)."""

    def __str__(self) -> str:
        return "reroll"


@dataclass(frozen=True)
class Pass:
    """End the turn without a placement (when none is possible)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Remove:
    """After a burst while re-rolling: take own single die ``die`` out of the game."""

    die: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("die",))

    def __str__(self) -> str:
        return f"remove {self.die}"


Action = Face | Off | Stand | Burst | Quake | Bump | Place | Reroll | Pass | Remove

OFF, STAND, REROLL, PASS = Off(), Stand(), Reroll(), Pass()
FACES = tuple(Face(v) for v in range(7))
_INT = r"(\d{1,3})"
_PATTERNS = (
    (re.compile(rf"place {_INT} on {_INT}"), lambda g: Place(int(g[0]), int(g[1]))),
    (re.compile(rf"face {_INT}"), lambda g: Face(int(g[0]))),
    (re.compile(rf"burst {_INT}"), lambda g: Burst(int(g[0]))),
    (re.compile(rf"quake {_INT}"), lambda g: Quake(int(g[0]))),
    (re.compile(rf"bump {_INT} {_INT}"), lambda g: Bump(int(g[0]), int(g[1]))),
    (re.compile(rf"remove {_INT}"), lambda g: Remove(int(g[0]))),
    (re.compile("reroll"), lambda g: REROLL),
    (re.compile("pass"), lambda g: PASS),
    (re.compile("stand"), lambda g: STAND),
    (re.compile("off"), lambda g: OFF),
)
EXAMPLES = ("place 3 on 12", "reroll", "pass", "remove 5", "face 4", "stand", "burst 7", "off")


def parse(text: str) -> Action:
    """Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            action = build(match.groups())
            if str(action) == cleaned:  # "face 04" would not write itself back the same
                return action
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Bump", "Burst", "EXAMPLES", "Quake", "FACES", "Face", "OFF", "Off", "PASS", "Pass", "Place", "REROLL", "Remove", "Reroll", "STAND", "Stand", "parse"]
