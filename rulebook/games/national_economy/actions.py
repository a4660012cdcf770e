"""Moves of National Economy: small frozen values whose ``str`` parses back (``parse``).

Player moves: ``place 3`` (a worker on building 3 of the table's list),
``discard farm`` (a card from your hand: to pay, to trim the hand),
``build factory`` (the building card you build), ``pick steel`` (the card
kept from the design office's five), ``sell 2,5`` (the buildings sold to
pay wages, by their number in the list). Chance: ``card steel`` (the card
drawn from the deck). Card names are the codes of ``data/buildings.json``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import choice, integers, text_form, text_parser
from rulebook.core.actions import malformed, require_fields

from .data import BY_CODE, N_CARDS

CARD = choice({code: kind for code, kind in BY_CODE.items() if kind < N_CARDS})
"""A card kind as written: its code in ``data/buildings.json`` (the public buildings are no cards)."""


def _card_kind(action: object, kind: object) -> None:
    if type(kind) is not int or not 0 <= kind < N_CARDS:
        raise malformed(action)


@text_form("place {building}")
@dataclass(frozen=True)
class Place:
    """Place a worker on building ``building`` (its index in the table's building list)."""

    building: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("building",))


@text_form("discard {kind}", kind=CARD)
@dataclass(frozen=True)
class Discard:
    """Discard one card of kind ``kind`` from your hand."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)


@text_form("build {kind}", kind=CARD)
@dataclass(frozen=True)
class Build:
    """Build the building card of kind ``kind`` from your hand."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)


@text_form("pick {kind}", kind=CARD)
@dataclass(frozen=True)
class Pick:
    """Design office: keep the revealed card of kind ``kind``."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)


@text_form("sell {buildings}", buildings=integers(",", least=0, empty="none"))
@dataclass(frozen=True)
class Sell:
    """Sell the buildings ``buildings`` (indices in the building list, ascending) to pay wages."""

    buildings: tuple[int, ...]

    def __post_init__(self) -> None:
        require_fields(self, int_tuples=("buildings",))


@text_form("card {kind}", kind=CARD)
@dataclass(frozen=True)
class Card:
    """Chance: the card drawn from the deck is of kind ``kind``."""

    kind: int

    def __post_init__(self) -> None:
        _card_kind(self, self.kind)


Action = Place | Discard | Build | Pick | Sell | Card

EXAMPLES = ("place 0", "discard goods", "build farm", "pick steel", "sell 4,6", "card factory")
parse = text_parser(Place, Sell, Discard, Build, Pick, Card, examples=EXAMPLES)
"""Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["Action", "Build", "Card", "Discard", "EXAMPLES", "Pick", "Place", "Sell", "parse"]
