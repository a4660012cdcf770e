"""Pig actions: small frozen values whose ``str`` parses back (``parse``).

A seat's move is ``roll`` or ``hold``; the die's outcome is a chance move,
``die 4`` (docs/architecture.md: chance is a player, so a real die can be typed in at a table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action


@dataclass(frozen=True)
class Roll:
    """The seat to play rolls the die."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold:
    """The seat to play banks its turn total and passes the die on."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class Die:
    """Chance: the die shows ``pips``."""

    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("pips",))

    def __str__(self) -> str:
        return f"die {self.pips}"


Action = Roll | Hold | Die

EXAMPLES = ("roll", "hold", "die 4")
_DIE = re.compile(r"die (\d{1,3})")


def parse(text: str) -> Action:
    """Read an action from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(text.strip().lower().split()) if isinstance(text, str) else ""
    if cleaned == "roll":
        return Roll()
    if cleaned == "hold":
        return Hold()
    match = _DIE.fullmatch(cleaned)
    if match:
        return Die(int(match.group(1)))
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Die", "Hold", "Roll", "parse"]
