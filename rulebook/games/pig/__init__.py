"""Pig: roll or hold, a 1 loses the turn, first to 100 (made with ``rulebook new``, see docs/designing-a-game.md).

``GAME`` is the engine the site finds by itself (``rulebook.core.registry``);
``OPTION_SETS`` are the set-ups the contract tests walk through.
"""

from .game import BUST, GOAL, PLAYERS, Pig, State

GAME = Pig()

OPTION_SETS = [{"players": n} for n in PLAYERS]
"""Every way to set up a game, for the contract tests that run on every game."""

__all__ = ["BUST", "GAME", "GOAL", "PLAYERS", "Pig", "State"]
