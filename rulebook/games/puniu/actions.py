"""Puniu Dice actions: small frozen values whose ``str`` parses back (``parse``).

- ``Roll(die, pips)`` — chance: die ``die`` (0–4) of the seat to play shows ``pips``.
- ``Reroll(dice)`` — re-roll the dice at these indices (the others are held).
- ``Score(category, face)`` — write the dice into ``category``; ``face`` 1–6 for kind, else 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import integers, text_form, text_parser, word
from rulebook.core.actions import require_fields


@text_form("roll {die} {pips}")
@dataclass(frozen=True)
class Roll:
    """Chance: die ``die`` shows ``pips``."""

    die: int
    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("die", "pips"))


@text_form("reroll {dice}", dice=integers(",", most=10))
@dataclass(frozen=True)
class Reroll:
    """Re-roll the dice at indices ``dice`` (increasing); the rest are held."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        require_fields(self, int_tuples=("dice",))


@text_form("score {category}[ {face}]", category=word("a-z0-9", 12))
@dataclass(frozen=True)
class Score:
    """Write the dice into ``category`` (``face``: the chosen value for kind, 0 otherwise)."""

    category: str
    face: int = 0

    def __post_init__(self) -> None:
        require_fields(self, texts=("category",), ints=("face",))


Action = Roll | Reroll | Score

EXAMPLES = ("roll 2 5", "reroll 0,3,4", "score 5s", "score chance", "score kind 6")
parse = text_parser(Roll, Reroll, Score, examples=EXAMPLES, canonical=True)
"""Read an action from its text form (as written: "score 5s 0" is none); ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["Action", "Reroll", "Roll", "Score", "parse"]
