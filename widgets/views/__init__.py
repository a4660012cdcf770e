"""One module per game: ``widgets.views.<game>.View`` draws that game's board.

``GameApp`` finds the view by the game's name, so adding a game adds a module
here and changes nothing shared.
"""

from __future__ import annotations

import importlib


def load_view(game_name: str) -> type:
    """The view class of a game: ``widgets.views.<game>.View``."""
    view: type = importlib.import_module(f"widgets.views.{game_name}").View
    return view
