"""Moves of Lemon Poker: small frozen values whose ``str`` parses back (``parse``).

Groups and places are written from 1 in the text (``show 2 4`` = group 2,
fourth card from the left) and stored from 0.  Chance: ``deal Ah`` (the next
card of the deal is the A of hearts).  Dealer: ``swap 1 2`` (exchange the
equal-rank cards at places 2 and 3 of group 1), ``sorted``, ``show 1 3``.
Child: ``show 2 4``, ``bet 1 3`` (3 chips on group 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import Kind, integer, text_form, text_parser
from rulebook.core.actions import require_fields

from .cards import card_text, parse_card

CARD = Kind(r"\w{2,3}", parse_card, card_text)
"""A card as written: rank and suit (``ah``, ``td``, ``10d``); ``parse_card`` refuses the rest."""
GROUP = integer(digits=1, low=0, high=1, offset=1)
"""Groups are written 1 and 2, stored 0 and 1."""


@text_form("deal {card}", card=CARD)
@dataclass(frozen=True)
class Deal:
    """Chance: the next card dealt is ``card`` (0..51)."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, 51)})


@text_form("swap {group} {place}", group=GROUP, place=integer(digits=2, low=0, high=3, offset=1))
@dataclass(frozen=True)
class Swap:
    """Dealer: exchange the cards at places ``place`` and ``place + 1`` of ``group`` (equal ranks only)."""

    group: int
    place: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"group": (0, 1), "place": (0, 3)})


@text_form("sorted")
@dataclass(frozen=True)
class Sorted:
    """Dealer: the groups are in order; go on to the reveals."""


@text_form("show {group} {place}", group=GROUP, place=integer(digits=2, low=0, high=4, offset=1))
@dataclass(frozen=True)
class Show:
    """Turn the card at ``place`` of ``group`` face up (the dealer twice a group, then the child once)."""

    group: int
    place: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"group": (0, 1), "place": (0, 4)})


@text_form("bet {group} {chips}", group=GROUP, chips=integer(digits=2))
@dataclass(frozen=True)
class Bet:
    """Child: stake ``chips`` on ``group`` having the stronger hand."""

    group: int
    chips: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"group": (0, 1)}, ints=("chips",))


Action = Deal | Swap | Sorted | Show | Bet
SORTED = Sorted()
DEALS = tuple(Deal(c) for c in range(52))
"""Every chance outcome, made once (the deal asks for them twelve times a hand)."""
EXAMPLES = ("deal Ah", "swap 1 2", "sorted", "show 1 3", "bet 2 3")
parse = text_parser(Deal, Swap, Show, Bet, Sorted, examples=EXAMPLES)
"""Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["Action", "Bet", "DEALS", "Deal", "EXAMPLES", "SORTED", "Show", "Sorted", "Swap", "parse"]
