"""Moves of National Economy: small frozen values whose ``str`` parses back (``parse``).

Player moves: ``place 3`` (a worker on building 3 of the table's list),
``discard farm`` (a card from your hand: to pay, to trim the hand),
``build factory`` (the building card you build), ``pick steel`` (the card
kept from the design office's five), ``sell 2,5`` (the buildings sold to
pay wages, by their number in the list). Chance: ``card steel`` (the card
drawn from the deck). Card names are the codes of ``data/buildings.json``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import malformed, require_fields
from rulebook.core.game import unknown_action

from .data import BY_CODE, KINDS_T, N_CARDS


def _card_kind(action: object, kind: object) -> None:
    if type(kind) is not int or not 0 <= kind < N_CARDS:
        raise malformed(action)


@dataclass(frozen=True)
class Place:
    """Place a worker on building ``building`` (its index in the table's building list)."""

    building: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("building",))

    def __str__(self) -> str:
        return f"place {self.building}"


@dataclass(frozen=True)
class Discard:
    """Discard one card of kind ``kind`` from your hand."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)

    def __str__(self) -> str:
        return f"discard {KINDS_T[self.kind].code}"


@dataclass(frozen=True)
class Build:
    """Build the building card of kind ``kind`` from your hand."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)

    def __str__(self) -> str:
        return f"build {KINDS_T[self.kind].code}"


@dataclass(frozen=True)
class Pick:
    """Design office: keep the revealed card of kind ``kind``."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)

    def __str__(self) -> str:
        return f"pick {KINDS_T[self.kind].code}"


@dataclass(frozen=True)
class Sell:
    """Sell the buildings ``buildings`` (indices in the building list, ascending) to pay wages."""

    buildings: tuple[int, ...]

    def __post_init__(self) -> None:
        require_fields(self, int_tuples=("buildings",))

    def __str__(self) -> str:
        return "sell " + (",".join(str(i) for i in self.buildings) if self.buildings else "none")


@dataclass(frozen=True)
class Card:
    """Chance: the card drawn from the deck is of kind ``kind``."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)

    def __str__(self) -> str:
        return f"card {KINDS_T[self.kind].code}"


Action = Place | Discard | Build | Pick | Sell | Card

EXAMPLES = ("place 0", "discard goods", "build farm", "pick steel", "sell 4,6", "card factory")
_WORD = r"([a-z]+)"
_CARDS = {"discard": Discard, "build": Build, "pick": Pick, "card": Card}


def parse(text: str) -> Action:
    """Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    m = re.fullmatch(r"place (\d{1,3})", cleaned)
    if m:
        return Place(int(m[1]))
    m = re.fullmatch(r"sell (none|\d{1,3}(?:,\d{1,3})*)", cleaned)
    if m:
        return Sell(() if m[1] == "none" else tuple(int(x) for x in m[1].split(",")))
    m = re.fullmatch(rf"(discard|build|pick|card) {_WORD}", cleaned)
    if m and m[2] in BY_CODE and BY_CODE[m[2]] < N_CARDS:
        return _CARDS[m[1]](BY_CODE[m[2]])
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Build", "Card", "Discard", "EXAMPLES", "Pick", "Place", "Sell", "parse"]
