"""What a seat sees in ぷにう, typed: the views read it by attribute (``o.sheets``).

Everything is public: every sheet, the dice, the rolls. The dict side (for
bots, tests and JSON) is described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation, OutcomeSeen


@dataclass(frozen=True, eq=False)
class EntrySeen(Observation):
    """One filled box of a sheet: its score, its penalty, and the face (the ``kind`` box only, else 0)."""

    score: int
    penalty: int
    face: int


@dataclass(frozen=True, eq=False)
class SheetSeen(Observation):
    """One seat's sheet: the boxes (``None`` while empty) and the running totals."""

    entries: list[EntrySeen | None]
    penalty: int
    score_sum: int
    band: list[int | None]
    """``[low, high]`` of the penalty band the sheet is in (``high`` is ``None`` for the last band)."""
    cancel_count: int
    cancelled: list[int]
    final: int


@dataclass(frozen=True, eq=False)
class LastSeen(Observation):
    """The last box filled: by whom, which category, with which dice and what it scored."""

    seat: int
    category: str
    face: int
    dice: list[int]
    score: int
    penalty: int


@dataclass(frozen=True, eq=False)
class PuniuObservation(Observation):
    """The table: the round, the dice and rolls left, every sheet and the last box filled."""

    game: str
    you: int
    categories: list[str]
    round: int
    turns: int
    turn: int | None
    dice: list[int]
    rolls: int
    rerolls_left: int
    rolling: bool
    sheets: list[SheetSeen]
    last: LastSeen | None
    outcome: OutcomeSeen | None


__all__ = ["EntrySeen", "LastSeen", "PuniuObservation", "SheetSeen"]
