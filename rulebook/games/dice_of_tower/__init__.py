"""ダイスオブタワー Dice of Tower: stack dice of three sizes; the top die's colour scores pips × height.

``DiceOfTower`` is the engine (2–4 seats; 4 = two teams of two), ``collapse``
the documented model of falling towers in digital play, ``bots`` the
rule-based and search bots. ``GAME`` (also ``ENGINE``) is the engine for the site.
"""

from . import collapse
from .game import DiceOfTower, placements, round_scores, singles
from .state import State

GAME = DiceOfTower()
ENGINE = GAME

OPTION_SETS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "height_risk": 0, "step_risk": 0, "reroll_risk": 0},
    {"players": 3, "mode": "table"},
]
"""Set-ups the shared contract tests walk: every seat count, perfect hands, table mode."""

__all__ = ["DiceOfTower", "ENGINE", "GAME", "OPTION_SETS", "State", "collapse", "placements", "round_scores", "singles"]
