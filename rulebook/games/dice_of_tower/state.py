"""The state of a Dice of Tower table as named immutable values (shared by the rules and the bots)."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from .collapse import Hands

DICE_PER_SEAT = 8
LAPS = 3
SIZE_NAMES = {1: "S", 2: "M", 3: "L"}
SIZE_CODES = {"S": 1, "M": 2, "L": 3}


class Phase(IntEnum):
    ROLL = 0
    """Chance: the dice in ``queue`` are rolled one by one."""
    TURN = 1
    """The seat to act places, re-rolls or passes."""
    PLACE_RISK = 2
    """Chance: does the placement in ``pending`` stand?"""
    REROLL_RISK = 3
    """Chance: did the re-roll knock a tower over?"""
    AFTER_REROLL = 4
    """The seat that re-rolled places if it can, else passes."""
    LOSE = 5
    """The seat that burst while re-rolling (or bumped the table, ``loser``) removes one own single die."""
    OVER = 6


class Then(IntEnum):
    """What follows the roll of the dice in ``queue``."""

    DEAL = 0
    """The start of a round: the start player acts."""
    REROLL = 1
    """A re-roll: the collapse check, then the re-roller places or passes."""
    FALL_PLACE = 2
    """Dice of a tower fallen while placing: the turn ends."""
    FALL_REROLL = 3
    """Dice of a tower fallen while re-rolling: the re-roller loses a die."""
    QUAKE_PLACE = 4
    """Table mode (DT-8): the placement stood, an earthquake toppled a tower: its dice lie again, the turn ends."""
    QUAKE_REROLL = 5
    """Table mode (DT-8): after a re-roll an earthquake toppled a tower: the re-roller goes on to place or pass."""
    BUMP_PLACE = 6
    """Table mode (DT-8): another seat bumped the table during a placement: that seat loses a die, the turn ends."""
    BUMP_REROLL = 7
    """Table mode (DT-8): another seat bumped the table after a re-roll: that seat loses a die, the re-roller goes on."""


PHASE_NAMES = ("roll", "turn", "place-risk", "reroll-risk", "after-reroll", "lose", "over")
THEN_NAMES = ("deal", "reroll", "fall-place", "fall-reroll", "quake-place", "quake-reroll", "bump-place", "bump-reroll")


class Pending(NamedTuple):
    """A placement waiting for the collapse check: ``die`` onto the tower topped by ``onto``."""

    die: int
    onto: int


class Event(NamedTuple):
    """The last thing that happened, for the page and the log."""

    kind: str
    """"place", "burst-place", "burst-reroll", "pass", "reroll", "remove", "off", "round", "quake", "bump"."""
    seat: int
    die: int = -1
    tower: int = -1
    standing: int = 0
    """Table mode (DT-9): the levels of the fallen tower still standing (0: it fell whole)."""


class State(NamedTuple):
    """The whole table.

    ``sizes``/``faces``/``removed`` are per die id (seat ``id // 8`` owns
    die ``id``; face 0 = waiting to be rolled). ``towers`` lists every die on
    the table bottom to top (a lone die is a tower of 1), sorted by bottom
    die. ``turns`` counts the turns finished this round; ``queue`` the dice
    still to roll and ``then`` what follows. ``scores`` are totals per colour
    and ``rounds`` the score of each finished round per colour.
    """

    players: int
    sizes: tuple[int, ...]
    faces: tuple[int, ...]
    removed: tuple[bool, ...]
    towers: tuple[tuple[int, ...], ...]
    phase: Phase
    round: int
    start: int
    turn: int
    turns: int
    queue: tuple[int, ...]
    then: Then
    hands: Hands
    table: bool
    scores: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...] = ()
    pending: Pending | None = None
    last_single: bool = False
    last: Event | None = None
    loser: int = -1
    """Table mode (DT-8): the seat that bumped the table and removes one of its dice (-1: nobody)."""

    @property
    def colours(self) -> int:
        return 2 if self.players == 4 else self.players


def colour_of_seat(players: int, seat: int) -> int:
    """Partners (seats 1 and 3, 2 and 4 in a game of four) share a colour."""
    return seat % 2 if players == 4 else seat


def owner(die: int) -> int:
    return die // DICE_PER_SEAT


__all__ = ["DICE_PER_SEAT", "Event", "LAPS", "PHASE_NAMES", "Pending", "Phase", "SIZE_CODES", "SIZE_NAMES", "State", "THEN_NAMES", "Then", "colour_of_seat", "owner"]
