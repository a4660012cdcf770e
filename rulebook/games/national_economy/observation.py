"""What a seat sees in ナショナルエコノミー, typed: the views read it by attribute (``o.hand``).

A seat sees its own hand (``hand`` and ``unseen`` are ``None`` for another
seat and for the spectator); hands of the others are only counted. The dict
side (for bots, tests and JSON) is described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation


@dataclass(frozen=True, eq=False)
class NationalEconomyObservation(Observation):
    """The table from one seat: money, workers, the buildings and where workers stand, and its own hand."""

    game: str
    you: int
    mode: str
    players: int
    phase: str
    round: int
    wage: int
    turn: int
    start: int
    money: list[int]
    household: int
    tokens: list[int]
    workers: list[int]
    idle: list[int]
    hand: list[int] | None
    """Card counts by kind in this seat's hand; ``None`` when the seat has no hand here."""
    hand_sizes: list[int]
    goods: list[int]
    deck: int
    discard: list[int]
    removed: int
    buildings: list[list[int]]
    """``[kind, owner]`` of every building, in the order they were built."""
    placed: list[list[int]]
    blocked: list[int]
    pending: list[int | str]
    """The effect being resolved, as ``[need, gain, draws, build, cost]`` (``build`` is the one text)."""
    revealed: list[int]
    paying: list[int]
    lost: bool
    supply_out: int
    unseen: list[int] | None
    hand_limits: list[int]
    due: list[int]
    sale_values: list[int]


__all__ = ["NationalEconomyObservation"]
