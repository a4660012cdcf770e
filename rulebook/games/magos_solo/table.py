"""The patch's fixed enemy dice (MG-1) and what a turn's dice do with a face table.

Patch v1.1 of Magos' solo mode stops the enemy from rolling: on turn *t* its
dice are read from one table shared by every enemy. Turns 1–8 are listed;
from turn 9 the rows of turns 6, 7, 8 repeat. Row 5 may be read as 5-6 or
5-6-6-6: a 6 counts once however many dice show it, so both give the same
effects. Everything here is a pure function of plain values.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.actions import require_fields

DICE_TABLE: tuple[tuple[int, ...], ...] = (
    (1, 6),
    (3, 5),
    (2, 4, 5),
    (1, 2, 2, 3),
    (5, 6),
    (2, 3, 4, 6),
    (1, 2, 3, 6),
    (3, 4, 5, 6),
)
"""Row k (1-based) = the enemy's dice on turn k."""
ROW5_LONG: tuple[int, ...] = (5, 6, 6, 6)
"""The source's other way of writing turn 5 (the extra 6s count nothing)."""
LOOP_FIRST, LOOP_LAST = 6, 8
"""From turn 9 on, the rows 6..8 repeat in order."""
TURN5_CHOICES = ("5-6", "5-6-6-6")
FACES = 6
MAX_AMOUNT = 20
"""Largest damage or healing a face may be given on this page."""
KINDS = ("miss", "hit", "heal", "special")
"""The face vocabulary: nothing, N damage to you, the enemy heals N, see the enemy's card."""


@dataclass(frozen=True)
class Effect:
    """What one enemy face does: ``miss``, ``hit N``, ``heal N`` or ``special``."""

    kind: str
    amount: int = 0

    def __post_init__(self) -> None:
        require_fields(self, texts=("kind",), ints=("amount",))

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.kind in ("hit", "heal") else self.kind

    @property
    def valid(self) -> bool:
        if self.kind in ("hit", "heal"):
            return 1 <= self.amount <= MAX_AMOUNT
        return self.kind in ("miss", "special") and self.amount == 0


MISS = Effect("miss")
SPECIAL = Effect("special")
CHOICES: tuple[Effect, ...] = (
    (MISS,)
    + tuple(Effect("hit", n) for n in range(1, MAX_AMOUNT + 1))
    + tuple(Effect("heal", n) for n in range(1, MAX_AMOUNT + 1))
    + (SPECIAL,)
)
"""Every effect a face may take, in the order the page lists them."""

PRESETS: dict[str, tuple[tuple[Effect, ...], int]] = {
    # MG-1: the practice dummy (練習用ダミー): HP 10, 1/2/3 deal 1/2/3, 4-6 miss
    "dummy": ((Effect("hit", 1), Effect("hit", 2), Effect("hit", 3), MISS, MISS, MISS), 10),
    # an enemy of your own: every face a miss until you enter it, HP not tracked
    "custom": ((MISS,) * FACES, 0),
}


def table_row(turn: int) -> int:
    """The row of the dice table that turn ``turn`` (1, 2, ...) uses."""
    if turn <= len(DICE_TABLE):
        return turn
    cycle = LOOP_LAST - LOOP_FIRST + 1
    return LOOP_FIRST + (turn - len(DICE_TABLE) - 1) % cycle


def row_dice(row: int, long5: bool = False) -> tuple[int, ...]:
    """The dice of table row ``row``; ``long5`` reads row 5 as 5-6-6-6."""
    if row == 5 and long5:
        return ROW5_LONG
    return DICE_TABLE[row - 1]


def enemy_dice(turn: int, long5: bool = False) -> tuple[int, ...]:
    """The enemy's fixed dice on turn ``turn``."""
    return row_dice(table_row(turn), long5)


def counted(dice: tuple[int, ...]) -> tuple[bool, ...]:
    """Which dice count: every die, except that only the first 6 of a turn counts."""
    out, six = [], False
    for pips in dice:
        out.append(not (pips == 6 and six))
        six = six or pips == 6
    return tuple(out)


@dataclass(frozen=True)
class TurnResult:
    """The turn's dice, which of them count, their effects and the totals."""

    dice: tuple[int, ...]
    counts: tuple[bool, ...]
    effects: tuple[Effect, ...]
    damage: int
    heal: int
    specials: int


def resolve(dice: tuple[int, ...], faces: tuple[Effect, ...]) -> TurnResult:
    """Apply the face table to ``dice``: damage and healing add up over the counted dice."""
    counts = counted(dice)
    effects = tuple(faces[p - 1] for p in dice)
    live = [e for e, c in zip(effects, counts) if c]
    return TurnResult(
        dice=dice,
        counts=counts,
        effects=effects,
        damage=sum(e.amount for e in live if e.kind == "hit"),
        heal=sum(e.amount for e in live if e.kind == "heal"),
        specials=sum(1 for e in live if e.kind == "special"),
    )


def turn_result(turn: int, faces: tuple[Effect, ...], long5: bool = False) -> TurnResult:
    """What the enemy does on turn ``turn`` with face table ``faces``."""
    return resolve(enemy_dice(turn, long5), faces)


__all__ = [
    "CHOICES",
    "DICE_TABLE",
    "Effect",
    "FACES",
    "KINDS",
    "LOOP_FIRST",
    "LOOP_LAST",
    "MAX_AMOUNT",
    "MISS",
    "PRESETS",
    "ROW5_LONG",
    "SPECIAL",
    "TURN5_CHOICES",
    "TurnResult",
    "counted",
    "enemy_dice",
    "resolve",
    "row_dice",
    "table_row",
    "turn_result",
]
