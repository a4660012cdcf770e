"""Bots play from observations only: ``choose(observation, legal_actions, rng)``."""

from rulebook.core.random_bot import RandomBot  # the engine's baseline (every game has it), offered with the others

from .base import Bot

__all__ = ["Bot", "RandomBot"]
