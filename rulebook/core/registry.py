"""Finds the games: every package ``rulebook.games.<name>`` exposing ``GAME``.

Discovery instead of a hand-kept list means a new game needs no change to
the core: drop a package in ``rulebook/games`` and it is playable.

The engine is the lowest layer (``[tool.importlinter]`` in pyproject.toml):
it knows the games only by the name of the package that holds them
(``GAMES_PACKAGE``) and loads them as plugins, the way an entry point names
a plugin, never importing the games layer as code of its own.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import lru_cache

from .game import Game

GAMES_PACKAGE = "rulebook.games"
"""Where the games live: each subpackage with a ``GAME`` is one."""


def _game_folders() -> list[str]:
    """The folders of ``GAMES_PACKAGE`` (found without importing any game)."""
    spec = importlib.util.find_spec(GAMES_PACKAGE)
    if spec is None or spec.submodule_search_locations is None:
        raise ModuleNotFoundError(f"no games package {GAMES_PACKAGE}", name=GAMES_PACKAGE)
    return list(spec.submodule_search_locations)


@lru_cache(maxsize=None)
def all_games() -> dict[str, Game]:
    """Every game package that defines ``GAME``, by name."""
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(_game_folders()):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{GAMES_PACKAGE}.{info.name}")
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
            module = importlib.import_module(f"{GAMES_PACKAGE}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{GAMES_PACKAGE}.{name}":
                raise
        else:
            game = getattr(module, "GAME", None)
            if isinstance(game, Game) and game.name == name:
                return game
    games = all_games()
    if name not in games:
        raise KeyError(name)
    return games[name]
