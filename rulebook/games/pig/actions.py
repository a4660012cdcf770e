"""Pig actions: small frozen values whose ``str`` parses back (``parse``).

A seat's move is ``roll`` or ``hold``; the die's outcome is a chance move,
``die 4`` (docs/architecture.md: chance is a player, so a real die can be typed in at a table).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import text_form, text_parser
from rulebook.core.actions import require_fields


@text_form("roll")
@dataclass(frozen=True)
class Roll:
    """The seat to play rolls the die."""


@text_form("hold")
@dataclass(frozen=True)
class Hold:
    """The seat to play banks its turn total and passes the die on."""


@text_form("die {pips}")
@dataclass(frozen=True)
class Die:
    """Chance: the die shows ``pips``."""

    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("pips",))


Action = Roll | Hold | Die

EXAMPLES = ("roll", "hold", "die 4")
parse = text_parser(Roll, Hold, Die, examples=EXAMPLES)
"""Read an action from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["Action", "Die", "Hold", "Roll", "parse"]
