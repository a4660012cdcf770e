"""Moves of Lemon Poker: small frozen values whose ``str`` parses back (``parse``).

Groups and places are written from 1 in the text (``show 2 4`` = group 2,
fourth card from the left) and stored from 0.  Chance: ``deal Ah`` (the next
card of the deal is the A of hearts).  Dealer: ``swap 1 2`` (exchange the
equal-rank cards at places 2 and 3 of group 1), ``sorted``, ``show 1 3``.
Child: ``show 2 4``, ``bet 1 3`` (3 chips on group 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action

from .cards import CardError, card_text, parse_card


@dataclass(frozen=True)
class Deal:
    """Chance: the next card dealt is ``card`` (0..51)."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, 51)})

    def __str__(self) -> str:
        return f"deal {card_text(self.card)}"


@dataclass(frozen=True)
class Swap:
    """Dealer: exchange the cards at places ``place`` and ``place + 1`` of ``group`` (equal ranks only)."""

    group: int
    place: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"group": (0, 1), "place": (0, 3)})

    def __str__(self) -> str:
        return f"swap {self.group + 1} {self.place + 1}"


@dataclass(frozen=True)
class Sorted:
    """Dealer: the groups are in order; go on to the reveals."""

    def __str__(self) -> str:
        return "sorted"


@dataclass(frozen=True)
class Show:
    """Turn the card at ``place`` of ``group`` face up (the dealer twice a group, then the child once)."""

    group: int
    place: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"group": (0, 1), "place": (0, 4)})

    def __str__(self) -> str:
        return f"show {self.group + 1} {self.place + 1}"


@dataclass(frozen=True)
class Bet:
    """Child: stake ``chips`` on ``group`` having the stronger hand."""

    group: int
    chips: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"group": (0, 1)}, ints=("chips",))

    def __str__(self) -> str:
        return f"bet {self.group + 1} {self.chips}"


Action = Deal | Swap | Sorted | Show | Bet
SORTED = Sorted()
DEALS = tuple(Deal(c) for c in range(52))
"""Every chance outcome, made once (the deal asks for them twelve times a hand)."""
EXAMPLES = ("deal Ah", "swap 1 2", "sorted", "show 1 3", "bet 2 3")


def parse(text: str) -> Action:
    """Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    m = re.fullmatch(r"deal (\w{2,3})", cleaned)
    if m:
        try:
            return DEALS[parse_card(m.group(1))]
        except CardError:
            pass
    m = re.fullmatch(r"(swap|show|bet) ([12]) (\d{1,2})", cleaned)
    if m:
        kind, g, x = m.group(1), int(m.group(2)) - 1, int(m.group(3))
        if kind == "bet":
            return Bet(g, x)
        if kind == "swap" and 1 <= x <= 4:
            return Swap(g, x - 1)
        if kind == "show" and 1 <= x <= 5:
            return Show(g, x - 1)
    if cleaned == "sorted":
        return SORTED
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Bet", "DEALS", "Deal", "EXAMPLES", "SORTED", "Show", "Sorted", "Swap", "parse"]
