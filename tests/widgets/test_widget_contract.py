"""Every registered game gets a working page: the app builds, draws and plays.

Random legal moves go through ``GameApp`` (as clicks would), in both
languages; the page must never show an internal error, and every drawing
step must succeed. New games get this test for free.
"""

from __future__ import annotations

import numpy as np
import pytest

from rulebook.core import CHANCE, all_games
from widgets import GameApp
from widgets.app import load_view
from widgets.views.base import BaseView

GAMES = sorted(all_games())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_view(name: str) -> None:
    assert issubclass(load_view(name), BaseView)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_random_play_through_the_page_never_breaks_it(name: str, lang: str) -> None:
    app = GameApp(name, lang=lang, seed=11)
    rng = np.random.default_rng(5)
    for move in range(300):
        match = app.match
        if match.is_over():
            break
        if match.current_player == CHANCE:
            app.roll()
            continue
        legal = app.game.legal_actions(match.state)
        app.play(legal[int(rng.integers(len(legal)))])
        if move % 25 == 0:
            app.hint_toggle.value = not app.hint_toggle.value
            app.set_lang("en" if app.lang == "ja" else "ja")
        assert not app.error_internal, f"internal error after move {move}"
        assert app.error is None
    assert app.root is not None and app.log_box.value
