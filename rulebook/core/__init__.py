"""The engine contract, the match driver and the shared helpers."""

from .errors import BadOption, BadRecord, IllegalAction, RulebookError, UnreadableAction
from .game import CHANCE, SPECTATOR, TERMINAL, Game, Outcome
from .match import HUMAN, Match, check_seed, fresh_seed
from .registry import all_games, get_game

__all__ = [
    "BadOption",
    "BadRecord",
    "CHANCE",
    "Game",
    "HUMAN",
    "IllegalAction",
    "Match",
    "Outcome",
    "RulebookError",
    "SPECTATOR",
    "TERMINAL",
    "UnreadableAction",
    "all_games",
    "check_seed",
    "fresh_seed",
    "get_game",
]
