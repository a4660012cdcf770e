"""宝探し actions: small frozen values whose ``str`` parses back (``parse``).

=====================  ==========================================================
``roll``               set out / roll on: throw the two dice (a decision)
``die 1 4``            chance: die 1 (or 2) shows 4
``check 3``            check number 3 (``check 3 4``: both dice, TH-1)
``seal 7``             a failed roll: seal number 7 (TH-2)
``bring scarab``       bring a treasure home (``bring salve lift 7``: and lift the seal on 7)
``give-up 5``          give up before a roll and seal number 5
=====================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import integers, text_form, text_parser, word
from rulebook.core.actions import require_fields


@text_form("roll")
@dataclass(frozen=True)
class RollDice:
    """Throw the two dice (from the start of an expedition or after a check)."""


@text_form("die {index} {pips}")
@dataclass(frozen=True)
class Die:
    """Chance: die ``index`` (1 or 2) shows ``pips``."""

    index: int
    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("index", "pips"))


@text_form("check {numbers}", numbers=integers(" ", most=3))
@dataclass(frozen=True)
class Check:
    """Check ``numbers`` (one number, or both dice), kept in ascending order."""

    numbers: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.numbers, list):
            object.__setattr__(self, "numbers", tuple(self.numbers))
        require_fields(self, int_tuples=("numbers",))
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))


@text_form("seal {number}")
@dataclass(frozen=True)
class Seal:
    """TH-2: the roll failed; seal ``number``."""

    number: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("number",))


@text_form("give-up {number}")
@dataclass(frozen=True)
class GiveUp:
    """TH-3: give up before a roll and seal ``number``."""

    number: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("number",))


@text_form("bring {treasure}[ lift {lift}]", treasure=word("a-z", 20))
@dataclass(frozen=True)
class Bring:
    """TH-3: bring ``treasure`` home; ``lift`` (salve, fountain) is the seal taken off, 0 for none."""

    treasure: str
    lift: int = 0

    def __post_init__(self) -> None:
        require_fields(self, ints=("lift",), texts=("treasure",))


Action = RollDice | Die | Check | Seal | GiveUp | Bring

EXAMPLES = ("roll", "check 3 4", "check 7", "seal 7", "bring scarab", "bring salve lift 7", "give-up 5", "die 1 4")
parse = text_parser(RollDice, Die, Check, Seal, GiveUp, Bring, examples=EXAMPLES)
"""Read an action from its text form; ``UnreadableAction`` if it is none."""


__all__ = ["Action", "Bring", "Check", "Die", "GiveUp", "RollDice", "Seal", "parse"]
