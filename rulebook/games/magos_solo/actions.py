"""Magos solo tracker actions: small frozen values whose ``str`` parses back (``parse``)."""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.action_text import Kind, text_form, text_parser
from rulebook.core.actions import malformed, require_fields

from .table import Effect


def _effect(text: str) -> Effect:
    kind, _, amount = text.partition(" ")
    return Effect(kind, int(amount)) if amount else Effect(kind)


EFFECT = Kind(r"(?:miss|special|(?:hit|heal) \d{1,3})", _effect)
"""A face's effect as written: ``miss``, ``special``, ``hit 6``, ``heal 2``."""


@text_form("next")
@dataclass(frozen=True)
class Next:
    """Go on to the next turn."""


@text_form("prev")
@dataclass(frozen=True)
class Prev:
    """Go back one turn (a turn moved on too early)."""


@text_form("face {face} {effect}", effect=EFFECT)
@dataclass(frozen=True)
class SetFace:
    """Face ``face`` (1–6) of the enemy now does ``effect``."""

    face: int
    effect: Effect

    def __post_init__(self) -> None:
        require_fields(self, ints=("face",))
        if not isinstance(self.effect, Effect):
            raise malformed(self)


@text_form("reset")
@dataclass(frozen=True)
class ResetFaces:
    """Put the face table back to the fight's starting enemy (its preset)."""


@text_form("hp {hp}")
@dataclass(frozen=True)
class SetHp:
    """The enemy has ``hp`` HP (full); 0 = do not track HP."""

    hp: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("hp",))


@text_form("attack {amount}")
@dataclass(frozen=True)
class Attack:
    """You dealt ``amount`` damage to the enemy."""

    amount: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("amount",))


@text_form("recover {amount}")
@dataclass(frozen=True)
class Recover:
    """The enemy got ``amount`` HP back (never above its HP)."""

    amount: int

    def __post_init__(self) -> None:
        require_fields(self, ints=("amount",))


@text_form("win")
@dataclass(frozen=True)
class Win:
    """You defeated the enemy (when its HP is not tracked)."""


@text_form("lose")
@dataclass(frozen=True)
class Lose:
    """The enemy defeated you."""


Action = Next | Prev | SetFace | ResetFaces | SetHp | Attack | Recover | Win | Lose

EXAMPLES = ("next", "prev", "face 6 hit 6", "face 3 miss", "reset", "hp 10", "attack 3", "recover 2", "win", "lose")
parse = text_parser(Next, Prev, SetFace, ResetFaces, SetHp, Attack, Recover, Win, Lose, examples=EXAMPLES)
"""Read an action from its text form; ``UnreadableAction`` (rule ``actions``) if it is none."""


__all__ = ["Action", "Attack", "Lose", "Next", "Prev", "Recover", "ResetFaces", "SetFace", "SetHp", "Win", "parse"]
