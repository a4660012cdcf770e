"""Puniu Dice actions: small frozen values whose ``str`` parses back (``parse``).

- ``Roll(die, pips)`` — chance: die ``die`` (0–4) of the seat to play shows ``pips``.
- ``Reroll(dice)`` — re-roll the dice at these indices (the others are held).
- ``Score(category, face)`` — write the dice into ``category``; ``face`` 1–6 for kind, else 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action



@dataclass(frozen=True)
class Roll:
    """Chance: die ``die`` shows ``pips``."""

    die: int
    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("die", "pips"))

    def __str__(self) -> str:
        return f"roll {self.die} {self.pips}"


@dataclass(frozen=True)
class Reroll:
    """Re-roll the dice at indices ``dice`` (increasing); the rest are held."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        require_fields(self, int_tuples=("dice",))

    def __str__(self) -> str:
        return "reroll " + ",".join(str(d) for d in self.dice)


@dataclass(frozen=True)
class Score:
    """Write the dice into ``category`` (``face``: the chosen value for kind, 0 otherwise)."""

    category: str
    face: int = 0

    def __post_init__(self) -> None:
        require_fields(self, texts=("category",), ints=("face",))

    def __str__(self) -> str:
        return f"score {self.category} {self.face}" if self.face else f"score {self.category}"


Action = Roll | Reroll | Score

_INT = r"(\d{1,3})"
_PATTERNS = (
    (re.compile(rf"roll {_INT} {_INT}"), lambda g: Roll(int(g[0]), int(g[1]))),
    (re.compile(r"reroll (\d{1,3}(?:,\d{1,3}){0,9})"), lambda g: Reroll(tuple(int(x) for x in g[0].split(",")))),
    (re.compile(rf"score ([a-z0-9]{{1,12}})(?: {_INT})?"), lambda g: Score(g[0], int(g[1]) if g[1] else 0)),
)
EXAMPLES = ("roll 2 5", "reroll 0,3,4", "score 5s", "score chance", "score kind 6")


def parse(text: str) -> Action:
    """Read an action from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            action = build(match.groups())
            if str(action) == cleaned:  # "score 5s 0" would not write itself back the same
                return action
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Reroll", "Roll", "Score", "parse"]
