"""The state of a Lemon Poker session as named immutable values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple


class Phase(IntEnum):
    DEAL = 0
    """Chance: the next card (2 community, then 5 for group 1, then 5 for group 2)."""
    SORT = 1
    """Dealer: equal ranks may change places; then ``sorted``."""
    DEALER_SHOW = 2
    """Dealer: turn up two cards of each group."""
    CHILD_SHOW = 3
    """Child: turn up one face-down card."""
    BET = 4
    """Child: stake chips on a group."""
    OVER = 5

    @property
    def code(self) -> str:
        return PHASE_NAMES[self]


DEAL, SORT, DEALER_SHOW, CHILD_SHOW, BET, OVER = Phase
PHASE_NAMES = ("deal", "sort", "dealer-show", "child-show", "bet", "over")


class HandResult(NamedTuple):
    """A finished hand, all cards face up: what was bet and what came of it."""

    dealer: int
    community: tuple[int, ...]
    groups: tuple[tuple[int, ...], tuple[int, ...]]
    scores: tuple[int, int]
    winner: int  # group 0 or 1, -1 for a tie
    bet_group: int
    bet_chips: int
    child_gain: int  # chips the child won (negative: lost), 0 on a tie


@dataclass(frozen=True)
class State:
    hands: int
    """Hands in the session (LP-2 stand-in: 10)."""
    hand_no: int
    """Hands finished so far."""
    dealer: int
    phase: Phase
    community: tuple[int, ...]
    groups: tuple[tuple[int, ...], tuple[int, ...]]
    """The cards of each group, in the places the dealer holds them (sorted after the deal)."""
    shown: tuple[tuple[bool, ...], tuple[bool, ...]]
    child_show: tuple[int, int] | None
    """(group, place) of the card the child turned up."""
    chips: tuple[int, int]
    last: HandResult | None
    history: tuple[HandResult, ...]

    @property
    def child(self) -> int:
        return 1 - self.dealer

    @property
    def dealt(self) -> tuple[int, ...]:
        return self.community + self.groups[0] + self.groups[1]
