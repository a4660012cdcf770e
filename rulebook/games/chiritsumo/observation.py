"""What a seat sees in ちりつもハコニワ, typed: the views read it by attribute (``o.seats``).

Everything is public: every seat sees the whole table. The dict side (for
bots, tests and JSON) is described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation, OutcomeSeen


@dataclass(frozen=True, eq=False)
class SeatSeen(Observation):
    """One seat's dice (``[colour, pips]``), where they stand on its pyramid, and its score so far."""

    dice: list[list[str | int]]
    """Each die as ``[colour, pips]`` (a JSON pair: a list, so a value read back from JSON is equal)."""
    placed: dict[str, int]
    """Die index by slot ``"row,index"``, only for the slots holding a die."""
    total: int
    history: list[int]
    done: bool


@dataclass(frozen=True, eq=False)
class ScoredRound(Observation):
    """The round scored last: its number, each seat's points and the pyramids as they were built."""

    round: int
    scores: list[int]
    pyramids: list[dict[str, list[str | int]]]
    """Per seat, its pyramid: slot ``"row,index"`` -> ``[colour, pips]``."""


@dataclass(frozen=True, eq=False)
class TossSeen(Observation):
    """The toss phase: the order seats toss in, whose toss it is, and who may not be chosen (``None``: nobody)."""

    order: list[int]
    pos: int
    forbidden: int | None


@dataclass(frozen=True, eq=False)
class ChiritsumoObservation(Observation):
    """The table: the round and phase, whose turn, every seat, the pile and the last scored round."""

    game: str
    mode: str
    you: int
    round: int
    phase: str
    turn: int | None
    seats: list[SeatSeen]
    last: ScoredRound | None
    pile: list[str]
    last_round: bool
    toss: TossSeen | None
    outcome: OutcomeSeen | None


__all__ = ["ChiritsumoObservation", "ScoredRound", "SeatSeen", "TossSeen"]
