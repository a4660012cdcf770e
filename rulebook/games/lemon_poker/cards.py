"""Cards as text ("Ah", "Td", "7c") and as integers 0..51 (rank * 4 + suit).

Rank 0 is the 2 and rank 12 the ace (the source: A is the highest, next to
the K); suits are c, d, h, s.  Integer order is rank order, so a sorted list
of card numbers is a list sorted by rank.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "cdhs"


class CardError(ValueError):
    """A card text that names no card, a card twice, or an order that breaks the sorting."""


def parse_card(text: object) -> int:
    """``"Ah"`` -> 50.  Accepts ``10`` for ``T`` and either letter case."""
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r} (write a card as rank + suit, e.g. 'Ah', 'Td', '7c')")
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0].upper() not in RANKS or t[1].lower() not in SUITS:
        raise CardError(f"not a card: {text!r} (rank one of {RANKS}, suit one of {SUITS}, e.g. 'Ah', 'Td', '7c')")
    return RANKS.index(t[0].upper()) * 4 + SUITS.index(t[1].lower())


def card_text(card: int) -> str:
    """50 -> ``"Ah"``."""
    if not 0 <= card < 52:
        raise CardError(f"not a card number: {card!r}")
    return RANKS[card // 4] + SUITS[card % 4]


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4
