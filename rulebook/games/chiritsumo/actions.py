"""Chiritsumo actions: small frozen values whose ``str`` parses back (``parse``)."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import choice, pair, text_form, text_parser
from rulebook.core.actions import require_fields

from .geometry import COLOURED, COLOURS, Slot

PILE = -1
"""``Toss.target`` meaning the dust pile (塵の山) rather than a seat."""
SLOT = pair(digits=1)
"""A slot as written: ``row,column`` (one digit each)."""
COLOUR = choice({c: c for c in COLOURS})
TARGET = choice({"pile": PILE, **{str(seat): seat for seat in range(10)}})
"""Where a tossed die goes: a seat (one digit) or ``pile``."""


@text_form("roll {seat} {die} {pips}")
@dataclass(frozen=True)
class Roll:
    """Chance: die ``die`` of seat ``seat`` shows ``pips``."""

    seat: int
    die: int
    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat", "die", "pips"))


@text_form("place {die} {slot}", slot=SLOT)
@dataclass(frozen=True)
class Place:
    """Put die ``die`` (index into the seat's dice) on ``slot``."""

    die: int
    slot: Slot

    def __post_init__(self) -> None:
        require_fields(self, ints=("die",), pairs=("slot",))


@text_form("lift {slot}", slot=SLOT)
@dataclass(frozen=True)
class Lift:
    """Take the die on ``slot`` back into the tray (nothing may rest on it)."""

    slot: Slot

    def __post_init__(self) -> None:
        require_fields(self, pairs=("slot",))


@text_form("done")
@dataclass(frozen=True)
class Done:
    """The arrangement is final for this round."""


@text_form("swap {colour}", colour=COLOUR)
@dataclass(frozen=True)
class Swap:
    """Solo, after a complete pyramid: trade a die of ``colour`` for a spare clear die."""

    colour: str

    def __post_init__(self) -> None:
        require_fields(self, texts=("colour",))


@text_form("toss {give} {target} {take}", give=COLOUR, target=TARGET, take=COLOUR)
@dataclass(frozen=True)
class Toss:
    """箱庭 とばっ塵: give a die of ``give`` to ``target`` (seat or ``PILE``) for one of ``take``."""

    give: str
    target: int
    take: str

    def __post_init__(self) -> None:
        require_fields(self, ints=("target",), texts=("give", "take"))


@text_form("pass")
@dataclass(frozen=True)
class Pass:
    """箱庭 とばっ塵: decline to swap."""


Action = Roll | Place | Lift | Done | Swap | Toss | Pass

EXAMPLES = ("place 3 0,1", "lift 0,1", "done", "swap red", "toss yellow 2 red", "pass", "roll 0 3 5")
parse = text_parser(Roll, Place, Lift, Done, Swap, Toss, Pass, examples=EXAMPLES)
"""Read an action from its text form; ``UnreadableAction`` if it is none."""


__all__ = ["Action", "COLOURED", "Done", "Lift", "PILE", "Pass", "Place", "Roll", "Swap", "Toss", "parse"]
