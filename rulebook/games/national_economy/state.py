"""The state of a National Economy table, as named immutable values.

Shared by the rules (``game.py``) and the bots (``bots.py``). Counts of
cards are tuples indexed by card kind (``data.KINDS``: 0 is a consumer
good, then the building cards of the deck).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Phase(IntEnum):
    """Where the game stands (an ``IntEnum``: the hot path compares phases often)."""

    DEAL = 0
    """Chance: the starting hands are dealt card by card."""
    PLACE = 1
    """The seat to act places a worker."""
    DRAW = 2
    """Chance: a card is drawn from the deck."""
    DISCARD = 3
    """The seat discards cards to pay a workplace or a building."""
    BUILD = 4
    """The seat chooses the building card to build."""
    BUILD2 = 5
    """Twin-city builders: the second building of the same cost."""
    REVEAL = 6
    """Chance: the design office turns cards over."""
    PICK = 7
    """The design office's user keeps one revealed card."""
    SELL = 8
    """End of round: the seat sells buildings to pay wages."""
    TRIM = 9
    """End of round: the seat discards down to its hand limit."""
    OVER = 10

    @property
    def code(self) -> str:
        return PHASE_NAMES[self]


DEAL, PLACE, DRAW, DISCARD, BUILD, BUILD2, REVEAL, PICK, SELL, TRIM, OVER = Phase
PHASE_NAMES = ("deal", "place", "draw", "discard", "build", "build2", "reveal", "pick", "sell", "trim", "over")
PHASE_CODES = {name: Phase(i) for i, name in enumerate(PHASE_NAMES)}

STANDARD, SOLO1, SOLO2 = 0, 1, 2
MODE_NAMES = ("standard", "solo1", "solo2")


class Building(NamedTuple):
    """A building on the table: its kind and owner (-1: the public area)."""

    kind: int
    owner: int


class Pending(NamedTuple):
    """The effect being resolved.

    ``need``: cards still to discard; then ``gain`` dollars from the
    household and ``draws`` cards from the deck. ``build``: the build mode
    ("normal", "discount", "farm_free", "twin"); ``cost``: the cost the
    second twin building must share.
    """

    need: int = 0
    gain: int = 0
    draws: int = 0
    build: str = ""
    cost: int = 0


NO_PENDING = Pending()


class State(NamedTuple):
    """The whole table.

    ``buildings`` lists every building in play, public ones in the order
    they arrived (solo rule 1 blocks the newest); ``placed`` holds, per
    building, the seats whose workers stand there this round; ``blocked``
    the building numbers blocked this round (solo rule 1). ``idle`` counts
    each seat's workers still to place this round (hired ones sleep).
    ``paying`` lists the seats still to pay this round's wages, in order.
    ``lost`` is set when a solo player fails to pay.
    """

    mode: int
    players: int
    phase: Phase
    round: int
    turn: int
    start: int
    money: tuple[int, ...]
    household: int
    tokens: tuple[int, ...]
    workers: tuple[int, ...]
    idle: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    removed: int
    buildings: tuple[Building, ...]
    placed: tuple[tuple[int, ...], ...]
    blocked: tuple[int, ...] = ()
    pending: Pending = NO_PENDING
    revealed: tuple[int, ...] = ()
    paying: tuple[int, ...] = ()
    lost: bool = False
    supply_out: int = 0
    """Dollars the supply paid out (sales) minus what it took in (tax): the bookkeeping of conservation."""


def seat_ja(seat: int) -> str:
    return f"席 {seat + 1}"


def seat_en(seat: int) -> str:
    return f"Seat {seat + 1}"


__all__ = [
    "BUILD", "BUILD2", "Building", "DEAL", "DISCARD", "DRAW", "MODE_NAMES", "NO_PENDING", "OVER", "PHASE_CODES",
    "PHASE_NAMES", "PICK", "PLACE", "Pending", "Phase", "REVEAL", "SELL", "SOLO1", "SOLO2", "STANDARD", "State",
    "TRIM", "seat_en", "seat_ja",
]
