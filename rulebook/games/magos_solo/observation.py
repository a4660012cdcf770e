"""What the tracker shows in Magos solo, typed: the views read it by attribute (``o.rows``).

Everything is public. The forecasts (``coming``, ``cycle_damage``) belong
to a fight still going and are empty once it is over. The dict side (for
bots, tests and JSON) is described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation, OutcomeSeen


@dataclass(frozen=True, eq=False)
class DieSeen(Observation):
    """One enemy die this turn: its pips, whether it counts, and its effect ``[kind, amount]``."""

    pips: int
    counted: bool
    effect: list[str | int]
    """``[kind, amount]``."""


@dataclass(frozen=True, eq=False)
class RowSeen(Observation):
    """One row of the dice table: the turns that use it, its dice and what they do."""

    row: int
    turns: list[int]
    dice: list[int]
    counted: list[bool]
    damage: int
    heal: int
    specials: int


@dataclass(frozen=True, eq=False)
class TurnSeen(Observation):
    """A coming turn of the forecast: its dice and the damage they deal."""

    turn: int
    dice: list[int]
    damage: int


@dataclass(frozen=True, eq=False)
class MagosSoloObservation(Observation):
    """The fight: this turn's row and dice, the whole table, the forecast and the hit points."""

    game: str
    turn: int
    row: int
    looped: bool
    loop: list[int]
    dice: list[DieSeen]
    damage: int
    heal: int
    specials: int
    faces: list[list[str | int]]
    """Each face's effect as ``[kind, amount]``."""
    preset: str
    long5: bool
    table: list[list[int]]
    rows: list[RowSeen]
    coming: list[TurnSeen]
    cycle_damage: int | None
    hp: int | None
    hp_max: int | None
    dealt: int
    over: bool
    outcome: OutcomeSeen | None


__all__ = ["DieSeen", "MagosSoloObservation", "RowSeen", "TurnSeen"]
