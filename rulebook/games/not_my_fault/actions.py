"""Moves of Not My Fault!: small frozen values whose ``str`` parses back (``parse``).

Player moves: ``draw`` (ver.2.0: trust the last declaration and draw a
card), ``place 4`` (#41: lay a card of value 4 from your hand face down),
``declare 12``, ``audit``. Chance outcomes: ``first 2`` (seat 2 starts the
game), ``card 4`` (the card drawn or dealt is a 4). Seats count from 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action



@dataclass(frozen=True)
class First:
    """Chance: seat ``seat`` starts the first round."""

    seat: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat",))

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True)
class Card:
    """Chance: the card drawn (ver.2.0) or dealt (#41) shows ``value``."""

    value: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("value",))

    def __str__(self) -> str:
        return f"card {self.value}"


@dataclass(frozen=True)
class Draw:
    """ver.2.0: trust the last declaration (or open the round) and draw a card."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Place:
    """#41: lay a card of ``value`` from your hand face down."""

    value: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("value",))

    def __str__(self) -> str:
        return f"place {self.value}"


@dataclass(frozen=True)
class Declare:
    """Declare the total of the face-down cards: ``number``."""

    number: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("number",))

    def __str__(self) -> str:
        return f"declare {self.number}"


@dataclass(frozen=True)
class Audit:
    """Doubt the last declaration: turn every face-down card up."""

    def __str__(self) -> str:
        return "audit"


Action = First | Card | Draw | Place | Declare | Audit

DRAW = Draw()
AUDIT = Audit()
_INT = r"(\d{1,3})"
_PATTERNS = (
    (re.compile(rf"declare {_INT}"), lambda g: Declare(int(g[0]))),
    (re.compile(rf"card {_INT}"), lambda g: Card(int(g[0]))),
    (re.compile(rf"place {_INT}"), lambda g: Place(int(g[0]))),
    (re.compile(rf"first {_INT}"), lambda g: First(int(g[0]))),
    (re.compile("draw"), lambda g: DRAW),
    (re.compile("audit"), lambda g: AUDIT),
)
EXAMPLES = ("draw", "declare 12", "audit", "place 4", "card 3", "first 0")


def parse(text: str) -> Action:
    """Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            return build(match.groups())
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["AUDIT", "Action", "Audit", "Card", "DRAW", "Declare", "Draw", "First", "Place", "parse"]
