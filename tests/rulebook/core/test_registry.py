"""Game discovery: every package under ``rulebook.games`` exposing ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil
from importlib import resources

import pytest

import rulebook.games
from rulebook.core import Game, all_games, get_game


def test_chiritsumo_is_registered():
    games = all_games()
    assert "chiritsumo" in games
    assert get_game("chiritsumo") is games["chiritsumo"]
    from rulebook.games.chiritsumo import GAME

    assert GAME is games["chiritsumo"]


def test_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        get_game("chess")
    with pytest.raises(KeyError):
        get_game("")


def test_every_game_package_is_found_under_its_own_name():
    packages = [info.name for info in pkgutil.iter_modules(rulebook.games.__path__) if info.ispkg]
    games = all_games()
    for name in packages:
        module = importlib.import_module(f"rulebook.games.{name}")
        if isinstance(getattr(module, "GAME", None), Game):
            assert name in games and games[name].name == name


@pytest.mark.parametrize("name", sorted(all_games()))
def test_game_metadata(name):
    game = get_game(name)
    assert isinstance(game, Game)
    assert type(game.version) is int and game.version >= 1
    assert game.title_ja and game.title_en
    root = resources.files(f"rulebook.games.{name}")
    assert (root / "rules.ja.md").is_file() and (root / "rules.en.md").is_file()
    assert "random" in game.bot_kinds()


def test_registry_is_cached():
    assert all_games() is all_games()


def test_get_game_imports_only_that_game() -> None:
    """A page needs one game: loading it must not import (and build tables for) the others."""
    import subprocess
    import sys

    code = (
        "import sys; from rulebook.core import get_game; get_game('chiritsumo'); "
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('rulebook.games.') and m.count('.') >= 2}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "['chiritsumo']"
