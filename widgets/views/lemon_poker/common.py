"""What every part of the Lemon Poker page shares: the page's own facts (``Page``) and small helpers.

Pure: no widgets, nothing secret (no card but those the viewer's observation holds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.core import HUMAN, SPECTATOR
from rulebook.games.lemon_poker.observation import LemonPokerObservation
from widgets.views.model import seat_label

Observation = LemonPokerObservation
"""What the game's ``observe`` returns; read it by attribute (a typo fails at once, not at the table)."""
RULE_OF_PHASE = {"deal": "deal", "sort": "sort", "dealer-show": "dealer-reveal", "child-show": "child-reveal",
                 "bet": "bet", "over": "session"}
SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


@dataclass(frozen=True)
class Page:
    """What only the page knows (nothing here is secret: no card, no seed)."""

    seats: tuple[str, ...]
    humans: tuple[int, ...] = ()
    acting: bool = False
    """The seat shown is to move, is a person on this page, and may move now."""
    hot_seat: bool = False
    viewer: int = SPECTATOR
    ply: int = 0
    table: bool = False
    """Played with a real deck: the deal is typed in (table mode)."""
    entry: tuple[str, ...] = ()
    """Table mode: the cards typed in for this deal so far, on this page only (played on Dealt)."""


# ----- small facts ---------------------------------------------------------------------------------------------
def seat_name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def is_bot(seat: int, page: Page) -> bool:
    return 0 <= seat < len(page.seats) and page.seats[seat] != HUMAN


def pretty(card: str | None) -> str:
    """``"Th"`` -> ``"10♥"`` (how a card is written in captions, the log and the hint)."""
    if not card:
        return "?"
    return ("10" if card[0] == "T" else card[0]) + SUITS[card[1]]


def mover(o: Observation) -> int:
    """The seat to move (-1 while dealing or when the session is over)."""
    phase = o.phase
    if phase in ("sort", "dealer-show"):
        return o.dealer
    if phase in ("child-show", "bet"):
        return o.child
    return -1


def pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def signed(x: float) -> str:
    return f"{x:+.3f}"
