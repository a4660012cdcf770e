"""Magos solo tracker actions: small frozen values whose ``str`` parses back (``parse``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.actions import malformed, require_fields
from rulebook.core.game import unknown_action

from .table import Effect



@dataclass(frozen=True)
class Next:
    """Go on to the next turn."""

    def __str__(self) -> str:
        return "next"


@dataclass(frozen=True)
class Prev:
    """Go back one turn (a turn moved on too early)."""

    def __str__(self) -> str:
        return "prev"


@dataclass(frozen=True)
class SetFace:
    """Face ``face`` (1–6) of the enemy now does ``effect``."""

    face: int
    effect: Effect

    def __post_init__(self) -> None:
        require_fields(self, ints=("face",))
        if not isinstance(self.effect, Effect):
            raise malformed(self)

    def __str__(self) -> str:
        return f"face {self.face} {self.effect}"


@dataclass(frozen=True)
class ResetFaces:
    """Put the face table back to the fight's starting enemy (its preset)."""

    def __str__(self) -> str:
        return "reset"


@dataclass(frozen=True)
class SetHp:
    """The enemy has ``hp`` HP (full); 0 = do not track HP."""

    hp: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("hp",))

    def __str__(self) -> str:
        return f"hp {self.hp}"


@dataclass(frozen=True)
class Attack:
    """You dealt ``amount`` damage to the enemy."""

    amount: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("amount",))

    def __str__(self) -> str:
        return f"attack {self.amount}"


@dataclass(frozen=True)
class Recover:
    """The enemy got ``amount`` HP back (never above its HP)."""

    amount: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("amount",))

    def __str__(self) -> str:
        return f"recover {self.amount}"


@dataclass(frozen=True)
class Win:
    """You defeated the enemy (when its HP is not tracked)."""

    def __str__(self) -> str:
        return "win"


@dataclass(frozen=True)
class Lose:
    """The enemy defeated you."""

    def __str__(self) -> str:
        return "lose"


Action = Next | Prev | SetFace | ResetFaces | SetHp | Attack | Recover | Win | Lose

_N = r"(\d{1,3})"
_PATTERNS = (
    (re.compile("next"), lambda g: Next()),
    (re.compile("prev"), lambda g: Prev()),
    (re.compile(rf"face {_N} (miss|special)"), lambda g: SetFace(int(g[0]), Effect(g[1]))),
    (re.compile(rf"face {_N} (hit|heal) {_N}"), lambda g: SetFace(int(g[0]), Effect(g[1], int(g[2])))),
    (re.compile("reset"), lambda g: ResetFaces()),
    (re.compile(rf"hp {_N}"), lambda g: SetHp(int(g[0]))),
    (re.compile(rf"attack {_N}"), lambda g: Attack(int(g[0]))),
    (re.compile(rf"recover {_N}"), lambda g: Recover(int(g[0]))),
    (re.compile("win"), lambda g: Win()),
    (re.compile("lose"), lambda g: Lose()),
)
EXAMPLES = ("next", "prev", "face 6 hit 6", "face 3 miss", "reset", "hp 10", "attack 3", "recover 2", "win", "lose")


def parse(text: str) -> Action:
    """Read an action from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""
    cleaned = " ".join(text.strip().lower().split()) if isinstance(text, str) else ""
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            return build(match.groups())
    raise unknown_action(str(text)[:60], EXAMPLES)


__all__ = ["Action", "Attack", "Lose", "Next", "Prev", "Recover", "ResetFaces", "SetFace", "SetHp", "Win", "parse"]
