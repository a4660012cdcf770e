"""マゴス Magos solo patch v1.1: the fixed enemy dice by turn, as a turn tracker (MG-1).

The source holds only the patch, not the base game. ``GAME`` tracks one
fight: turn, the enemy's dice from the patch's table, an editable face
table with the turn's effects, and optionally the enemy's HP.
"""

from .game import MAX_HP, MagosSolo, State, effect_text
from .table import CHOICES, DICE_TABLE, PRESETS, Effect, enemy_dice, resolve, table_row, turn_result

GAME = MagosSolo()

OPTION_SETS = [
    {"enemy": "dummy", "turn5": "5-6"},
    {"enemy": "dummy", "turn5": "5-6-6-6"},
    {"enemy": "custom", "turn5": "5-6"},
]
"""Every way to set up a fight, for the contract tests that run on every game."""

__all__ = [
    "CHOICES",
    "DICE_TABLE",
    "Effect",
    "GAME",
    "MAX_HP",
    "MagosSolo",
    "PRESETS",
    "State",
    "effect_text",
    "enemy_dice",
    "resolve",
    "table_row",
    "turn_result",
]
