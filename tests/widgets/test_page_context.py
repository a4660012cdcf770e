"""The page context a game's view gets (``widgets.game_page.context``): one ``acting()`` for every view,
and no way back to the whole ``GameApp``; and the size rule of ``widgets/`` (no module over 400 lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.core import CHANCE, SPECTATOR
from rulebook.tables.opening import forget_stores, open_store
from widgets import GameApp
from widgets.game_page.context import PageContext

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path / 'tables.sqlite'}")
    forget_stores()


def tablet(store) -> GameApp:
    """Two people sharing one tablet in a game with secrets (pass screens between them)."""
    return GameApp("not_my_fault", lang="en", store=store, options={"players": 2}, seats=["human", "human"])


def test_a_view_gets_the_page_context_and_never_the_app(store) -> None:
    app = GameApp("chiritsumo", lang="en", seed=1, store=store)
    assert isinstance(app.view.context, PageContext) and app.view.context is app.context
    assert not hasattr(app.view, "app")
    public = [getattr(app.context, name) for name in dir(app.context) if not name.startswith("_")]
    assert not any(isinstance(value, GameApp) for value in public)
    assert app.context.match is app.match and app.context.lang == "en" and app.context.table_id == app.session.table_id


def test_acting_waits_for_the_roll_then_is_the_seat_on_this_page(store) -> None:
    app = GameApp("chiritsumo", lang="en", seed=1, store=store)
    assert app.match.current_player == CHANCE and not app.context.acting()
    app.roll()
    assert app.match.current_player == 0 and app.context.acting()


def test_nobody_acts_behind_the_pass_screen(store) -> None:
    app = tablet(store)
    assert app.hot_seat() and not app.revealed and not app.context.acting()
    app.reveal()
    assert app.viewer_seat() == app.match.current_player and app.context.acting()


def test_a_spectator_and_a_page_watching_a_seat_do_not_act(store) -> None:
    """Where the views' old answer and ``BaseView.human_turn`` disagreed: a person's turn, not this page's."""
    app = tablet(store)
    app.reveal()
    player = app.match.current_player
    spectator = GameApp("not_my_fault", lang="en", store=store, table_id=app.session.table_id)
    assert spectator.viewer_seat() == SPECTATOR and not spectator.context.acting()
    watching = GameApp("not_my_fault", lang="en", store=store, table_id=app.session.table_id, keys=[app.session.keys[player]])
    assert watching.session.watching and watching.viewer_seat() == player
    assert watching.match.waiting_for_user() and not watching.context.acting()
    assert app.context.acting()  # the tablet still holds the seat


def test_hand_to_shows_a_seat_and_table_mode_chosen_reads_the_panel(store) -> None:
    app = tablet(store)
    other = 1 - app.viewer
    app.context.hand_to(other)
    assert app.viewer == other and app.revealed
    assert not app.context.table_mode_chosen()
    app.table_input.value = True
    assert app.context.table_mode_chosen()


def test_no_module_of_widgets_is_over_400_lines() -> None:
    """A newcomer finds each job of a page by its file's name (``widgets/game_page``), not in one long file."""
    sizes = {str(path.relative_to(WIDGETS)): len(path.read_text("utf-8").splitlines()) for path in WIDGETS.rglob("*.py")}
    assert len(sizes) > 50 and "app.py" in sizes
    assert {name: n for name, n in sizes.items() if n > 400} == {}
