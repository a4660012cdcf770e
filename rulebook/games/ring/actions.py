"""Actions of 指輪を落とさないで: small frozen values whose ``str`` parses back.

Every possible action exists once, made at import (``DEAL[card]``,
``ROLL[pips]``, ``TAKE[pips]``, ``DISCARD[card]``, ``PLAY[card]``), so
``legal_actions`` hands out ready values and ``parse`` is a dictionary look-up.
A card is its id (see ``cards``); its text form is ``"ruby-5"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action

from .cards import CARD_NAMES



@dataclass(frozen=True)
class Deal:
    """Chance: the next card dealt (to the next seat still short of six) is ``card``."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, len(CARD_NAMES) - 1)})

    def __str__(self) -> str:
        return f"deal {CARD_NAMES[self.card]}"


@dataclass(frozen=True)
class Roll:
    """Chance: the next of the parent's dice shows ``pips``."""

    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"pips": (1, 6)})

    def __str__(self) -> str:
        return f"roll {self.pips}"


@dataclass(frozen=True)
class Take:
    """Draft: take a die showing ``pips`` from the centre (dice with equal pips are alike)."""

    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"pips": (1, 6)})

    def __str__(self) -> str:
        return f"take {self.pips}"


@dataclass(frozen=True)
class Discard:
    """Lay ``card`` from your hand face down in the centre."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, len(CARD_NAMES) - 1)})

    def __str__(self) -> str:
        return f"discard {CARD_NAMES[self.card]}"


@dataclass(frozen=True)
class Play:
    """Play ``card`` face up to the trick."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, len(CARD_NAMES) - 1)})

    def __str__(self) -> str:
        return f"play {CARD_NAMES[self.card]}"


Action = Deal | Roll | Take | Discard | Play

CARD_RANGE = range(len(CARD_NAMES))
DEAL: tuple[Deal, ...] = tuple(Deal(c) for c in CARD_RANGE)
DISCARD: tuple[Discard, ...] = tuple(Discard(c) for c in CARD_RANGE)
PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARD_RANGE)
ROLL: tuple[Roll | None, ...] = (None,) + tuple(Roll(p) for p in range(1, 7))
TAKE: tuple[Take | None, ...] = (None,) + tuple(Take(p) for p in range(1, 7))

_BY_TEXT: dict[str, Action] = {str(a): a for a in (*DEAL, *DISCARD, *PLAY, *ROLL[1:], *TAKE[1:])}
EXAMPLES = ("play ruby-5", "discard coin-0", "take 3", "roll 4", "deal emerald-7")


def parse(text: str) -> Action:
    """The action written as ``text`` (case and spacing are forgiven); ``UnreadableAction`` otherwise."""
    cleaned = " ".join(text.strip().lower().split()) if isinstance(text, str) else ""
    action = _BY_TEXT.get(cleaned)
    if action is None:
        raise unknown_action(str(text)[:60], EXAMPLES)
    return action


__all__ = ["Action", "DEAL", "DISCARD", "Deal", "Discard", "PLAY", "Play", "ROLL", "Roll", "TAKE", "Take", "parse"]
