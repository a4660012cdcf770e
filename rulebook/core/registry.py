"""Finds the games: every package ``rulebook.games.<name>`` exposing ``GAME``.

Discovery instead of a hand-kept list means a new game needs no change to
the core: drop a package in ``rulebook/games`` and it is playable.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from .game import Game


@lru_cache(maxsize=None)
def all_games() -> dict[str, Game]:
    """Every game package that defines ``GAME``, by name."""
    import rulebook.games as games_pkg

    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(games_pkg.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"rulebook.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


def get_game(name: str) -> Game:
    """The game called ``name``; ``KeyError`` if there is none.

    Imports only that game's package (a page needs one game, and some games
    build tables when imported); falls back to discovering them all.
    """
    if isinstance(name, str) and name.isidentifier():
        try:
            module = importlib.import_module(f"rulebook.games.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"rulebook.games.{name}":
                raise
        else:
            game = getattr(module, "GAME", None)
            if isinstance(game, Game) and game.name == name:
                return game
    games = all_games()
    if name not in games:
        raise KeyError(name)
    return games[name]
