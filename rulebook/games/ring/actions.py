"""Actions of 指輪を落とさないで: small frozen values whose ``str`` parses back.

Every possible action exists once, made at import (``DEAL[card]``,
``ROLL[pips]``, ``TAKE[pips]``, ``DISCARD[card]``, ``PLAY[card]``), so
``legal_actions`` hands out ready values; ``parse`` reads only the texts these
values write (``canonical``: no leading zeros, no out-of-range pips).
A card is its id (see ``cards``); its text form is ``"ruby-5"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import choice, integer, text_form, text_parser
from rulebook.core.actions import require_fields

from .cards import CARD_NAMES

CARD = choice({name: k for k, name in enumerate(CARD_NAMES)})
"""A card as written: its name (``ruby-5``)."""
PIPS = integer(digits=1, low=1, high=6)


@text_form("deal {card}", card=CARD)
@dataclass(frozen=True)
class Deal:
    """Chance: the next card dealt (to the next seat still short of six) is ``card``."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, len(CARD_NAMES) - 1)})


@text_form("roll {pips}", pips=PIPS)
@dataclass(frozen=True)
class Roll:
    """Chance: the next of the parent's dice shows ``pips``."""

    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"pips": (1, 6)})


@text_form("take {pips}", pips=PIPS)
@dataclass(frozen=True)
class Take:
    """Draft: take a die showing ``pips`` from the centre (dice with equal pips are alike)."""

    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"pips": (1, 6)})


@text_form("discard {card}", card=CARD)
@dataclass(frozen=True)
class Discard:
    """Lay ``card`` from your hand face down in the centre."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, len(CARD_NAMES) - 1)})


@text_form("play {card}", card=CARD)
@dataclass(frozen=True)
class Play:
    """Play ``card`` face up to the trick."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, len(CARD_NAMES) - 1)})


Action = Deal | Roll | Take | Discard | Play

CARD_RANGE = range(len(CARD_NAMES))
DEAL: tuple[Deal, ...] = tuple(Deal(c) for c in CARD_RANGE)
DISCARD: tuple[Discard, ...] = tuple(Discard(c) for c in CARD_RANGE)
PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARD_RANGE)
ROLL: tuple[Roll | None, ...] = (None,) + tuple(Roll(p) for p in range(1, 7))
TAKE: tuple[Take | None, ...] = (None,) + tuple(Take(p) for p in range(1, 7))

EXAMPLES = ("play ruby-5", "discard coin-0", "take 3", "roll 4", "deal emerald-7")
parse = text_parser(Deal, Roll, Take, Discard, Play, examples=EXAMPLES, canonical=True)
"""The action written as ``text`` (case and spacing are forgiven); ``UnreadableAction`` otherwise."""


__all__ = ["Action", "DEAL", "DISCARD", "Deal", "Discard", "PLAY", "Play", "ROLL", "Roll", "TAKE", "Take", "parse"]
