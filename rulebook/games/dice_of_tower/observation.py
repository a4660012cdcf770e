"""What a seat sees in ダイス・オブ・タワー, typed: the views read it by attribute (``o.towers``).

Nothing is hidden in this game, so every seat gets the same fields; ``you``
names the seat asking. The dict side (for bots, tests and JSON) is
described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation


@dataclass(frozen=True, eq=False)
class HandsSeen(Observation):
    """How many hands of each kind a seat may use this round (the options' preset)."""

    height: int
    step: int
    reroll: int


@dataclass(frozen=True, eq=False)
class DiceOfTowerObservation(Observation):
    """The whole table: the dice, the towers, the round's phase and the scores."""

    game: str
    you: int
    players: int
    colours: int
    seat_colours: list[int]
    sizes: list[int]
    faces: list[int]
    removed: list[bool]
    towers: list[list[int]]
    phase: str
    round: int
    rounds_total: int
    start: int
    turn: int
    turns: int
    laps: int
    queue: list[int]
    then: str
    hands: HandsSeen
    table: bool
    """The table's real dice are used (their pips are entered), not the page's."""
    scores: list[int]
    rounds: list[list[int]]
    pending: list[int] | None
    """``[die, onto]`` of a placement waiting for its confirmation, else ``None``."""
    last_single: bool
    last: list[int | str] | None
    loser: int


__all__ = ["DiceOfTowerObservation", "HandsSeen"]
