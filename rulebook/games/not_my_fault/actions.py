"""Moves of Not My Fault!: small frozen values whose ``str`` parses back (``parse``).

Player moves: ``draw`` (ver.2.0: trust the last declaration and draw a
card), ``place 4`` (#41: lay a card of value 4 from your hand face down),
``declare 12``, ``audit``. Chance outcomes: ``first 2`` (seat 2 starts the
game), ``card 4`` (the card drawn or dealt is a 4). Seats count from 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import text_form, text_parser
from rulebook.core.actions import require_fields


@text_form("first {seat}")
@dataclass(frozen=True)
class First:
    """Chance: seat ``seat`` starts the first round."""

    seat: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat",))


@text_form("card {value}")
@dataclass(frozen=True)
class Card:
    """Chance: the card drawn (ver.2.0) or dealt (#41) shows ``value``."""

    value: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("value",))


@text_form("draw")
@dataclass(frozen=True)
class Draw:
    """ver.2.0: trust the last declaration (or open the round) and draw a card."""


@text_form("place {value}")
@dataclass(frozen=True)
class Place:
    """#41: lay a card of ``value`` from your hand face down."""

    value: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("value",))


@text_form("declare {number}")
@dataclass(frozen=True)
class Declare:
    """Declare the total of the face-down cards: ``number``."""

    number: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("number",))


@text_form("audit")
@dataclass(frozen=True)
class Audit:
    """Doubt the last declaration: turn every face-down card up."""


Action = First | Card | Draw | Place | Declare | Audit

DRAW = Draw()
AUDIT = Audit()
EXAMPLES = ("draw", "declare 12", "audit", "place 4", "card 3", "first 0")
parse = text_parser(Declare, Card, Place, First, Draw, Audit, examples=EXAMPLES)
"""Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["AUDIT", "Action", "Audit", "Card", "DRAW", "Declare", "Draw", "First", "Place", "parse"]
