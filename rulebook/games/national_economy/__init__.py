"""National Economy (ナショナルエコノミー): worker placement over nine rounds, 2–4 players or solo.

Public helpers: ``legal_sales`` (the excess-sale rule NE-2 as a pure
function), ``NationalEconomy`` (the engine); ``GAME`` (also ``ENGINE``) is
the instance the site plays.
"""

from .game import NationalEconomy, State
from .sales import legal_sales

ENGINE = NationalEconomy()
GAME = ENGINE

OPTION_SETS = [
    {"mode": "standard", "players": 2},
    {"mode": "standard", "players": 3},
    {"mode": "standard", "players": 4},
    {"mode": "solo1"},
    {"mode": "solo2"},
]
"""Every way to set up a game."""

__all__ = ["ENGINE", "GAME", "NationalEconomy", "OPTION_SETS", "State", "legal_sales"]
