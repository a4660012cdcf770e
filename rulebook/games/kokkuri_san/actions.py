"""Moves of Kokkuri-san: small frozen values whose ``str`` parses back (``parse``).

Player moves (positions count from 0, left to right; card kinds are 0..10
and ``x`` for ×−1):

- ``play 2 7 up`` — a token on the candidate at position 2, the card 7 under
  it face up (its patron effect follows); ``play 0 x down`` — face down;
- patron effects: ``flip 1 0`` (turn face up the 1st card under position 1),
  ``swap 0 3`` (swap the candidates at positions 0 and 3), ``move 2`` (move
  your token from position 2 to this candidate), ``draw`` (take an optional
  draw), ``skip`` (leave an optional effect unused).

Chance outcomes: ``order 3 0 1 4 2`` (the candidate kinds from left to
right), ``first 1`` (seat 1 starts), ``card 7`` / ``card x`` (the card drawn).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import choice, integer, integers, text_form, text_parser
from rulebook.core.actions import require_fields

from .cards import X, card_text

CARD = choice({card_text(kind): kind for kind in range(X + 1)})
"""A card kind as written: ``0``..``10``, ``x`` for ×−1."""
N = integer(digits=2)
"""Positions, indices and seats: at most two digits."""


@text_form("play {pos} {card} {up}", pos=N, card=CARD, up=choice({"up": True, "down": False}))
@dataclass(frozen=True)
class Play:
    """Place a token on the candidate at ``pos`` and the card ``card`` under it (``up``: face up)."""

    pos: int
    card: int
    up: bool

    def __post_init__(self) -> None:
        require_fields(self, ints=("pos",), ranges={"card": (0, X)})
        if type(self.up) is not bool:
            from rulebook.core.actions import malformed

            raise malformed(self)


@text_form("flip {pos} {index}", pos=N, index=N)
@dataclass(frozen=True)
class Flip:
    """Patron effect: turn face up the ``index``-th card under the candidate at ``pos``."""

    pos: int
    index: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("pos", "index"))


@text_form("swap {a} {b}", a=N, b=N)
@dataclass(frozen=True)
class Swap:
    """Patron effect: swap the candidates at positions ``a`` < ``b``."""

    a: int
    b: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("a", "b"))


@text_form("move {pos}", pos=N)
@dataclass(frozen=True)
class Move:
    """Patron effect: move your token from the candidate at ``pos`` to this candidate."""

    pos: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("pos",))


@text_form("draw")
@dataclass(frozen=True)
class Draw:
    """Patron effect: take the optional draw."""


@text_form("skip")
@dataclass(frozen=True)
class Skip:
    """Leave an optional patron effect unused."""


@text_form("order {kinds}", kinds=integers(" ", digits=2))
@dataclass(frozen=True)
class Order:
    """Chance (set-up): the candidate kinds from left to right."""

    kinds: tuple[int, ...]

    def __post_init__(self) -> None:
        require_fields(self, int_tuples=("kinds",))


@text_form("first {seat}", seat=N)
@dataclass(frozen=True)
class First:
    """Chance (set-up): seat ``seat`` starts the game."""

    seat: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat",))


@text_form("card {card}", card=CARD)
@dataclass(frozen=True)
class Card:
    """Chance: the card drawn from the drawing seat's own deck is of kind ``card``."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, X)})


Action = Play | Flip | Swap | Move | Draw | Skip | Order | First | Card
DRAW = Draw()
SKIP = Skip()
EXAMPLES = ("play 2 7 up", "play 0 x down", "flip 1 0", "swap 0 3", "move 2", "skip", "card 5")
parse = text_parser(Play, Card, Flip, Swap, Move, Order, First, Draw, Skip, examples=EXAMPLES)
"""Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["Action", "Card", "DRAW", "Draw", "First", "Flip", "Move", "Order", "Play", "SKIP", "Skip", "Swap", "parse"]
