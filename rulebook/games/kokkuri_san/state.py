"""The state of a Kokkuri-san table as named immutable values (read by field name)."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from .cards import CardSet


class Phase(IntEnum):
    ORDER = 0
    """Chance: the candidate kinds are laid out in a row."""
    FIRST = 1
    """Chance: who starts."""
    DEAL = 2
    """Chance: each seat draws 3 cards from its own deck (``drawer`` is drawing)."""
    TURN = 3
    """The seat to act places a token and plays a card."""
    EFFECT = 4
    """The seat to act carries out (or declines, when optional) a patron effect."""
    DRAW = 5
    """Chance: the seat that played refills its hand (``drawer``, up to ``target`` cards)."""
    OVER = 6

    @property
    def code(self) -> str:
        return PHASE_NAMES[self]


ORDER, FIRST, DEAL, TURN, EFFECT, DRAW, OVER = Phase
PHASE_NAMES = ("order", "first", "deal", "turn", "effect", "draw", "over")
PHASE_CODES = {name: Phase(k) for k, name in enumerate(PHASE_NAMES)}


class Played(NamedTuple):
    """A play card under a candidate: its owner, its kind (0..10, 11 = ×−1), face up or not."""

    seat: int
    card: int
    up: bool


class Award(NamedTuple):
    """Points given at a settlement: ``seat`` got ``points`` as ``place`` (0 = 1st) in influence on kind ``kind``."""

    kind: int
    place: int
    seat: int
    points: int


class Settlement(NamedTuple):
    """The last settlement: its round, votes per position, elected positions (1st, 2nd), awards, the cards turned up."""

    round: int
    order: tuple[int, ...]
    votes: tuple[int, ...]
    elected: tuple[int, ...]
    awards: tuple[Award, ...]
    tokens: tuple[tuple[int, ...], ...]
    board: tuple[tuple[Played, ...], ...]


class State(NamedTuple):
    """The whole table.

    ``order[p]`` is the candidate kind at position ``p`` (0 = leftmost);
    ``tokens[p]`` the seats of the tokens on it, left-packed, in order;
    ``board[p]`` the play cards under it in the order played. ``hands``,
    ``decks`` and ``fronts`` (cards shown in front of their owner after a
    settlement) are counts per card kind. ``turns`` counts the plays of this
    round; ``pending`` is the position whose patron effect is being carried
    out (-1 if none); ``target`` the hand size the drawer refills to.
    """

    cards: CardSet
    players: int
    phase: Phase
    turn: int
    starter: int
    round: int
    turns: int
    order: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]
    board: tuple[tuple[Played, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    fronts: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    drawer: int = 0
    target: int = 3
    pending: int = -1
    settled: int = 0
    last: Settlement | None = None
    result: str = ""
    """"" while playing; then the rule id that ended the game ("end" or "early-end")."""


def seat_ja(seat: int) -> str:
    return f"席 {seat + 1}"


def seat_en(seat: int) -> str:
    return f"Seat {seat + 1}"


__all__ = ["Award", "DEAL", "DRAW", "EFFECT", "FIRST", "ORDER", "OVER", "PHASE_CODES", "PHASE_NAMES", "Phase", "Played", "Settlement", "State", "TURN", "seat_en", "seat_ja"]
