"""Chiritsumo actions: small frozen values whose ``str`` parses back (``parse``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action

from .geometry import COLOURED, COLOURS, Slot

PILE = -1
"""``Toss.target`` meaning the dust pile (塵の山) rather than a seat."""



@dataclass(frozen=True)
class Roll:
    """Chance: die ``die`` of seat ``seat`` shows ``pips``."""

    seat: int
    die: int
    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat", "die", "pips"))

    def __str__(self) -> str:
        return f"roll {self.seat} {self.die} {self.pips}"


@dataclass(frozen=True)
class Place:
    """Put die ``die`` (index into the seat's dice) on ``slot``."""

    die: int
    slot: Slot

    def __post_init__(self) -> None:
        require_fields(self, ints=("die",), pairs=("slot",))

    def __str__(self) -> str:
        return f"place {self.die} {self.slot[0]},{self.slot[1]}"


@dataclass(frozen=True)
class Lift:
    """Take the die on ``slot`` back into the tray (nothing may rest on it)."""

    slot: Slot

    def __post_init__(self) -> None:
        require_fields(self, pairs=("slot",))

    def __str__(self) -> str:
        return f"lift {self.slot[0]},{self.slot[1]}"


@dataclass(frozen=True)
class Done:
    """The arrangement is final for this round."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Swap:
    """Solo, after a complete pyramid: trade a die of ``colour`` for a spare clear die."""

    colour: str

    def __post_init__(self) -> None:
        require_fields(self, texts=("colour",))

    def __str__(self) -> str:
        return f"swap {self.colour}"


@dataclass(frozen=True)
class Toss:
    """箱庭 とばっ塵: give a die of ``give`` to ``target`` (seat or ``PILE``) for one of ``take``."""

    give: str
    target: int
    take: str

    def __post_init__(self) -> None:
        require_fields(self, ints=("target",), texts=("give", "take"))

    def __str__(self) -> str:
        where = "pile" if self.target == PILE else str(self.target)
        return f"toss {self.give} {where} {self.take}"


@dataclass(frozen=True)
class Pass:
    """箱庭 とばっ塵: decline to swap."""

    def __str__(self) -> str:
        return "pass"


Action = Roll | Place | Lift | Done | Swap | Toss | Pass

_INT = r"(\d{1,3})"
_SLOT = r"(\d),(\d)"
_COLOUR = "(" + "|".join(COLOURS) + ")"
_PATTERNS = (
    (re.compile(rf"roll {_INT} {_INT} {_INT}"), lambda g: Roll(int(g[0]), int(g[1]), int(g[2]))),
    (re.compile(rf"place {_INT} {_SLOT}"), lambda g: Place(int(g[0]), (int(g[1]), int(g[2])))),
    (re.compile(rf"lift {_SLOT}"), lambda g: Lift((int(g[0]), int(g[1])))),
    (re.compile("done"), lambda g: Done()),
    (re.compile(rf"swap {_COLOUR}"), lambda g: Swap(g[0])),
    (
        re.compile(rf"toss {_COLOUR} (pile|\d) {_COLOUR}"),
        lambda g: Toss(g[0], PILE if g[1] == "pile" else int(g[1]), g[2]),
    ),
    (re.compile("pass"), lambda g: Pass()),
)
EXAMPLES = ("place 3 0,1", "lift 0,1", "done", "swap red", "toss yellow 2 red", "pass", "roll 0 3 5")


def parse(text: str) -> Action:
    """Read an action from its text form; ``UnreadableAction`` if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            return build(match.groups())
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "COLOURED", "Done", "Lift", "PILE", "Pass", "Place", "Roll", "Swap", "Toss", "parse"]
