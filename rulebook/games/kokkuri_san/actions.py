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

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action

from .cards import X, card_text

_CARD = {"x": X, **{str(v): v for v in range(11)}}


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

    def __str__(self) -> str:
        return f"play {self.pos} {card_text(self.card)} {'up' if self.up else 'down'}"


@dataclass(frozen=True)
class Flip:
    """Patron effect: turn face up the ``index``-th card under the candidate at ``pos``."""

    pos: int
    index: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("pos", "index"))

    def __str__(self) -> str:
        return f"flip {self.pos} {self.index}"


@dataclass(frozen=True)
class Swap:
    """Patron effect: swap the candidates at positions ``a`` < ``b``."""

    a: int
    b: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("a", "b"))

    def __str__(self) -> str:
        return f"swap {self.a} {self.b}"


@dataclass(frozen=True)
class Move:
    """Patron effect: move your token from the candidate at ``pos`` to this candidate."""

    pos: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("pos",))

    def __str__(self) -> str:
        return f"move {self.pos}"


@dataclass(frozen=True)
class Draw:
    """Patron effect: take the optional draw."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Skip:
    """Leave an optional patron effect unused."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True)
class Order:
    """Chance (set-up): the candidate kinds from left to right."""

    kinds: tuple[int, ...]

    def __post_init__(self) -> None:
        require_fields(self, int_tuples=("kinds",))

    def __str__(self) -> str:
        return "order " + " ".join(str(k) for k in self.kinds)


@dataclass(frozen=True)
class First:
    """Chance (set-up): seat ``seat`` starts the game."""

    seat: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("seat",))

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True)
class Card:
    """Chance: the card drawn from the drawing seat's own deck is of kind ``card``."""

    card: int

    def __post_init__(self) -> None:
        require_fields(self, ranges={"card": (0, X)})

    def __str__(self) -> str:
        return f"card {card_text(self.card)}"


Action = Play | Flip | Swap | Move | Draw | Skip | Order | First | Card
DRAW = Draw()
SKIP = Skip()
_N = r"(\d{1,2})"
_C = r"(10|[0-9]|x)"
_PATTERNS = (
    (re.compile(rf"play {_N} {_C} (up|down)"), lambda g: Play(int(g[0]), _CARD[g[1]], g[2] == "up")),
    (re.compile(rf"card {_C}"), lambda g: Card(_CARD[g[0]])),
    (re.compile(rf"flip {_N} {_N}"), lambda g: Flip(int(g[0]), int(g[1]))),
    (re.compile(rf"swap {_N} {_N}"), lambda g: Swap(int(g[0]), int(g[1]))),
    (re.compile(rf"move {_N}"), lambda g: Move(int(g[0]))),
    (re.compile(r"order((?: \d{1,2})+)"), lambda g: Order(tuple(int(x) for x in g[0].split()))),
    (re.compile(rf"first {_N}"), lambda g: First(int(g[0]))),
    (re.compile("draw"), lambda g: DRAW),
    (re.compile("skip"), lambda g: SKIP),
)
EXAMPLES = ("play 2 7 up", "play 0 x down", "flip 1 0", "swap 0 3", "move 2", "skip", "card 5")


def parse(text: str) -> Action:
    """Read a move from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            return build(match.groups())
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Card", "DRAW", "Draw", "First", "Flip", "Move", "Order", "Play", "SKIP", "Skip", "Swap", "parse"]
