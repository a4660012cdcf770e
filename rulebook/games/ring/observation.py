"""What a seat sees in 指輪を落とさないで, typed: the views read it by attribute (``o.hand``).

A seat sees its own hand and discard and everything played face up; other
hands, other discards and the face-down leftovers are only counted
(``hand`` and ``my_discard`` are ``None`` for the spectator). The dict side
(for bots, tests and JSON) is described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import TypedDict

from rulebook.core.observation import Observation


class RingOutcomeSeen(TypedDict):
    """How the game ended: ``Outcome.as_dict()``'s fields with the ring game's ``detail`` spelt out as keys of their own."""

    scores: list[int]
    winners: list[int]
    reason: str
    summary_ja: str
    summary_en: str
    trigger: str
    """What ended the game: ``"round"`` (a ring fell at a round's end) or ``"penalty"`` (the Coin-only penalty)."""
    rounds: int
    fallen: list[int]
    tiebreak: bool


@dataclass(frozen=True, eq=False)
class DieSeen(Observation):
    """A die on the board: the area it lies in and its pips."""

    area: str
    pips: int


@dataclass(frozen=True, eq=False)
class TrickSeen(Observation):
    """A finished trick: who led, the cards in the order played, and who took it."""

    leader: int
    cards: list[str]
    winners: list[int]


@dataclass(frozen=True, eq=False)
class PenaltySeen(Observation):
    """A ring dropped: in which trick and by which seat."""

    trick: int
    seat: int


@dataclass(frozen=True, eq=False)
class RoundSummarySeen(Observation):
    """The round played last: the dice, the rings before and after, its tricks and its penalties."""

    round: int
    parent: int
    centre: int
    dice: list[DieSeen | None]
    rings_before: list[int]
    rings_after: list[int]
    tricks: list[TrickSeen]
    penalties: list[PenaltySeen]


@dataclass(frozen=True, eq=False)
class RingObservation(Observation):
    """The table from one seat: rings, dice, the trick on the table, its own hand and what was played."""

    game: str
    you: int
    players: int
    just_bonus: bool
    round: int
    phase: str
    parent: int
    turn: int | None
    rings: list[int]
    dice: list[DieSeen | None]
    """One entry per die; ``None`` for a die not rolled yet."""
    pool: list[int]
    centre: int | None
    hand: list[str] | None
    hand_sizes: list[int]
    discarded: list[bool]
    my_discard: str | None
    leftover: int
    stock: int
    leader: int | None
    trick: list[str]
    tricks: list[TrickSeen]
    penalties: list[PenaltySeen]
    last: RoundSummarySeen | None
    outcome: RingOutcomeSeen | None


__all__ = ["DieSeen", "PenaltySeen", "RingObservation", "RingOutcomeSeen", "RoundSummarySeen", "TrickSeen"]
