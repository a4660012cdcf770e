"""The state of a Not My Fault! table, and the records it keeps, as named immutable values.

Shared by the rules (``game.py``) and the bots (``bots.py``), so neither
imports the other's module to read a state. Every record is a
``NamedTuple``: read by field name (``card.value``, ``last.total``), and
still equal to the plain tuples tests and records write.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Phase(IntEnum):
    """Where the game stands. An ``IntEnum``: the hot path compares phases often, and they stay ints."""

    FIRST = 0
    """Chance: who starts."""
    DEAL = 1
    """Chance (#41): cards dealt one by one, seat after seat."""
    TURN = 2
    """The seat to act trusts (draws / lays a card) or audits."""
    DRAW_CARD = 3
    """Chance (ver.2.0): the card the trusting seat draws."""
    DECLARE = 4
    """The seat that drew or laid a card declares the total."""
    OVER = 5

    @property
    def code(self) -> str:
        """The phase's name in observations: "first", "deal", "turn", "draw", "declare", "over"."""
        return PHASE_NAMES[self]


FIRST, DEAL, TURN, DRAW_CARD, DECLARE, OVER = Phase
PHASE_NAMES = ("first", "deal", "turn", "draw", "declare", "over")
PHASE_CODES = {name: Phase(code) for code, name in enumerate(PHASE_NAMES)}


class FaceDown(NamedTuple):
    """A card lying face down this round: who laid it, its value, the deck (``epoch``) it came from."""

    seat: int
    value: int
    epoch: int


class Claim(NamedTuple):
    """A declaration of this round: ``seat`` declared ``number``."""

    seat: int
    number: int


class Shown(NamedTuple):
    """A card turned face up at the end of a round: who laid it and its value."""

    seat: int
    value: int


class Last(NamedTuple):
    """How the previous round ended.

    ``kind`` is "audit", "completion" or "yellow"; ``loser`` took the penalty
    (-1: a completion that won the game); ``actor`` audited, completed or
    declared; ``claim`` is the declaration at stake; ``revealed`` the cards
    turned up and ``total`` their sum.
    """

    kind: str
    loser: int
    actor: int
    claim: int
    revealed: tuple[Shown, ...]
    total: int


class Result(NamedTuple):
    """The end of the game: "completion" (``seat`` wins alone) or "penalty" (``seat`` loses)."""

    reason: str
    seat: int


class State(NamedTuple):
    """The whole table, as immutable tuples.

    ``deck``, ``discard`` and each hand are counts per card value (in the
    variant's value order): a shuffled deck has no order anyone knows, so a
    draw is a chance event weighted by these counts. ``table`` holds this
    round's face-down cards (``FaceDown``) in the order laid; ``epoch``
    counts reshuffles (ver.2.0) / deals (#41). ``claims`` are this round's
    declarations (``Claim``). ``last`` sums up the previous round
    (``Last``); ``result`` is set once the game is over (``Result``).
    """

    players: int
    phase: Phase
    turn: int
    starter: int
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    table: tuple[FaceDown, ...]
    claims: tuple[Claim, ...]
    yellows: tuple[int, ...]
    marks: tuple[int, ...]
    round: int = 1
    epoch: int = 0
    deal_size: int = 0
    last: Last | None = None
    result: Result | None = None

    @property
    def last_claim(self) -> int:
        """The number declared last this round (0 before any declaration)."""
        return self.claims[-1].number if self.claims else 0


def seat_ja(seat: int) -> str:
    return f"席 {seat + 1}"


def seat_en(seat: int) -> str:
    return f"Seat {seat + 1}"


__all__ = [
    "Claim",
    "DEAL",
    "DECLARE",
    "DRAW_CARD",
    "FIRST",
    "FaceDown",
    "Last",
    "OVER",
    "PHASE_CODES",
    "PHASE_NAMES",
    "Phase",
    "Result",
    "Shown",
    "State",
    "TURN",
    "seat_ja",
    "seat_en",
]
