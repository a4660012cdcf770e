"""宝探し Treasure Hunt (source #43): a solo pencil-and-two-dice game on a sheet numbered 1–12.

Public functions other code relies on: ``optimal_win_probability()`` (the
exact win probability of a new game under best play) and
``action_values(state)`` (each legal move -> win probability after it).
``GAME`` is the engine for the site.
"""

from __future__ import annotations

from typing import Any

from .actions import Bring, Check, Die, GiveUp, RollDice, Seal
from .game import State, TreasureHunt
from .model import RULES, TREASURES, Rules, Treasure
from .solver import advice

GAME = TreasureHunt()

OPTION_SETS = [{}]
"""The game has no options: one set-up for the contract tests."""


def optimal_win_probability() -> float:
    """The probability of winning a new game with best play (TH-4)."""
    return advice().start_value()


def action_values(state: State) -> dict[Any, float]:
    """Each legal action of ``state`` -> the optimal win probability after taking it."""
    return advice().action_values(state)


__all__ = [
    "Bring",
    "Check",
    "Die",
    "GAME",
    "GiveUp",
    "RULES",
    "Rules",
    "RollDice",
    "Seal",
    "State",
    "TREASURES",
    "Treasure",
    "TreasureHunt",
    "action_values",
    "optimal_win_probability",
]
