"""ちりつも Chiritsumo: stack rolled dice into a pyramid of 4-3-2-1 and score colours.

Public functions other code relies on: ``score``, ``validate``,
``best_arrangement`` (exact). ``GAME`` is the engine for the site.
"""

from .game import Chiritsumo, Phase, Seat, State, rating
from .placement import validate
from .scoring import Score, score
from .solver import best_arrangement, exhaustive_best

GAME = Chiritsumo()

OPTION_SETS = [
    {"mode": "solo"},
    {"mode": "hakoniwa", "players": 2},
    {"mode": "hakoniwa", "players": 3},
    {"mode": "hakoniwa", "players": 4},
]
"""Every way to set up a game, for the contract tests that run on every game."""

__all__ = [
    "GAME",
    "Chiritsumo",
    "Phase",
    "Score",
    "Seat",
    "State",
    "best_arrangement",
    "exhaustive_best",
    "rating",
    "score",
    "validate",
]
