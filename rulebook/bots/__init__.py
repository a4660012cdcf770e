"""Bots play from observations only: ``choose(observation, legal_actions, rng)``."""

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
