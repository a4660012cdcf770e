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

import re
from dataclasses import dataclass

from rulebook.core.actions import require_fields
from rulebook.core.game import unknown_action



@dataclass(frozen=True)
class RollDice:
    """Throw the two dice (from the start of an expedition or after a check)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Die:
    """Chance: die ``index`` (1 or 2) shows ``pips``."""

    index: int
    pips: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("index", "pips"))

    def __str__(self) -> str:
        return f"die {self.index} {self.pips}"


@dataclass(frozen=True)
class Check:
    """Check ``numbers`` (one number, or both dice), kept in ascending order."""

    numbers: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.numbers, list):
            object.__setattr__(self, "numbers", tuple(self.numbers))
        require_fields(self, int_tuples=("numbers",))
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    def __str__(self) -> str:
        return "check " + " ".join(str(n) for n in self.numbers)


@dataclass(frozen=True)
class Seal:
    """TH-2: the roll failed; seal ``number``."""

    number: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("number",))

    def __str__(self) -> str:
        return f"seal {self.number}"


@dataclass(frozen=True)
class GiveUp:
    """TH-3: give up before a roll and seal ``number``."""

    number: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("number",))

    def __str__(self) -> str:
        return f"give-up {self.number}"


@dataclass(frozen=True)
class Bring:
    """TH-3: bring ``treasure`` home; ``lift`` (salve, fountain) is the seal taken off, 0 for none."""

    treasure: str
    lift: int = 0

    def __post_init__(self) -> None:
        require_fields(self, ints=("lift",), texts=("treasure",))

    def __str__(self) -> str:
        return f"bring {self.treasure}" + (f" lift {self.lift}" if self.lift else "")


Action = RollDice | Die | Check | Seal | GiveUp | Bring

_INT = r"(\d{1,3})"
_PATTERNS = (
    (re.compile("roll"), lambda g: RollDice()),
    (re.compile(rf"die {_INT} {_INT}"), lambda g: Die(int(g[0]), int(g[1]))),
    (re.compile(rf"check {_INT}(?: {_INT})?(?: {_INT})?"), lambda g: Check(tuple(int(x) for x in g if x is not None))),
    (re.compile(rf"seal {_INT}"), lambda g: Seal(int(g[0]))),
    (re.compile(rf"give-up {_INT}"), lambda g: GiveUp(int(g[0]))),
    (re.compile(rf"bring ([a-z]{{1,20}})(?: lift {_INT})?"), lambda g: Bring(g[0], int(g[1]) if g[1] else 0)),
)
EXAMPLES = ("roll", "check 3 4", "check 7", "seal 7", "bring scarab", "bring salve lift 7", "give-up 5", "die 1 4")


def parse(text: str) -> Action:
    """Read an action from its text form; ``UnreadableAction`` if it is none."""
    cleaned = " ".join(str(text).strip().lower().split()) if isinstance(text, str) else ""
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            return build(match.groups())
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Bring", "Check", "Die", "GiveUp", "RollDice", "Seal", "parse"]
