"""Dice of Tower moves: small frozen values whose ``str`` parses back (``parse``).

Player moves: ``place 3 on 12`` (pick own single die 3 and set it on the
tower whose top die is 12), ``reroll`` (re-roll all own single dice),
``pass``, ``remove 5`` (after a burst while re-rolling: take own single die 5
out of the game). Chance: ``face 4`` (the next die to roll shows 4), ``off``
(table mode: that die left the table), ``stand`` (nothing fell), ``burst 7``
(the tower whose bottom die is 7 fell); table mode's rare cases (DT-8):
``quake 7`` (an earthquake toppled the tower on die 7; nobody loses a die)
and ``bump 1 7`` (seat 1 bumped the table and the tower on die 7 fell; seat 1
loses a die). In table mode each of the three may end in ``keep N`` (DT-9):
only the dice above the tower's N lowest levels fell, the N levels stand as
they are (``burst 7 keep 2``). Dice and seats count from 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import text_form, text_parser
from rulebook.core.actions import require_fields


@text_form("face {value}")
@dataclass(frozen=True)
class Face:
    """Chance: the next die waiting to be rolled shows ``value``."""

    value: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("value",))


@text_form("off")
@dataclass(frozen=True)
class Off:
    """Chance (table mode): the die being rolled left the table; it is out of the game."""


@text_form("stand")
@dataclass(frozen=True)
class Stand:
    """Chance: the towers stood."""


@text_form("burst {tower}[ keep {keep}]")
@dataclass(frozen=True)
class Burst:
    """Chance: the tower whose bottom die is ``tower`` collapsed."""

    tower: int
    keep: int = 0
    """Levels of that tower still standing (DT-9, table mode): 0 = it fell whole; the dice above them fell."""

    def __post_init__(self) -> None:
        require_fields(self, ints=("tower", "keep"))


@text_form("quake {tower}[ keep {keep}]")
@dataclass(frozen=True)
class Quake:
    """Chance (table mode, DT-8): an earthquake, or someone not playing, toppled the tower whose bottom die is ``tower``."""

    tower: int
    keep: int = 0
    """Levels of that tower still standing (DT-9, table mode): 0 = it fell whole; the dice above them fell."""

    def __post_init__(self) -> None:
        require_fields(self, ints=("tower", "keep"))


@text_form("bump {seat} {tower}[ keep {keep}]")
@dataclass(frozen=True)
class Bump:
    """Chance (table mode, DT-8): seat ``seat`` (not the one acting) bumped the table and the tower on ``tower`` fell."""

    seat: int
    tower: int
    keep: int = 0
    """Levels of that tower still standing (DT-9): 0 = it fell whole."""

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat", "tower", "keep"))


@text_form("place {die} on {onto}")
@dataclass(frozen=True)
class Place:
    """Pick own single die ``die`` and set it on the tower topped by die ``onto``."""

    die: int
    onto: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("die", "onto"))


@text_form("reroll")
@dataclass(frozen=True)
class Reroll:
    """Re-roll every own single die (only when no placement exists)."""


@text_form("pass")
@dataclass(frozen=True)
class Pass:
    """End the turn without a placement (when none is possible)."""


@text_form("remove {die}")
@dataclass(frozen=True)
class Remove:
    """After a burst while re-rolling: take own single die ``die`` out of the game."""

    die: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("die",))


Action = Face | Off | Stand | Burst | Quake | Bump | Place | Reroll | Pass | Remove

OFF, STAND, REROLL, PASS = Off(), Stand(), Reroll(), Pass()
FACES = tuple(Face(v) for v in range(7))
EXAMPLES = ("place 3 on 12", "reroll", "pass", "remove 5", "face 4", "stand", "burst 7", "burst 7 keep 2", "off")
parse = text_parser(Place, Face, Burst, Quake, Bump, Remove, Reroll, Pass, Stand, Off, examples=EXAMPLES, canonical=True)
"""Read a move from its text form (as written: "face 04" is none); ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["Action", "Bump", "Burst", "EXAMPLES", "Quake", "FACES", "Face", "OFF", "Off", "PASS", "Pass", "Place", "REROLL", "Remove", "Reroll", "STAND", "Stand", "parse"]
