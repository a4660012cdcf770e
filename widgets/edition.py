"""What the static edition (``rulebook publish``) takes from a game's view: its board module and example pictures.

The rule panel draws each worked example with the game's own board module
from a view model (``BaseView.example_view``). The static edition draws the
same pictures in a page without a kernel, so it needs the same two things
outside a running page: the board's ES module and CSS (the very files the
widget ships) and the view models, computed once at build time. Nothing here
makes a widget: the view's ``example_view`` is called on a view that was never
built (it reads only the game), so publishing costs no ipywidgets comm.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Sequence

from rulebook.core.examples import ExampleSpec
from rulebook.core.game import Game

from .views import load_view


@dataclass(frozen=True)
class BoardModule:
    """A board's ES module (ending ``export default { render };``) and its CSS, as the widget ships them."""

    esm: str
    css: str


def board_module_of(game_name: str) -> BoardModule | None:
    """The board that draws a game's worked examples, or None when its view draws none (captions only)."""
    try:
        view_class = load_view(game_name)
    except ModuleNotFoundError as error:
        if error.name != f"widgets.views.{game_name}":
            raise
        return None  # a game with no page yet: its rules still publish, examples as captions
    board = getattr(view_class, "example_board", None)
    if board is None:
        return None
    esm = board._esm
    if not isinstance(esm, str):
        raise TypeError(f"{board.__name__}: its ES module must be text to be published")
    # the module's own text, a plain str: on the site ``str()`` of a ServedModule is its URL's loader (base.py)
    return BoardModule(esm=str.__str__(esm), css=str(board._css or ""))


def _reader_view(game: Game) -> Any:
    """The game's view class, instance made without ``__init__`` (no widgets), reading only ``game``.

    ``example_view`` of every view reads the game (``self.context.game`` or
    ``self.game``) and the example's fields, never the match: the page's
    widgets are not needed to compute a picture.
    """
    view_class = load_view(game.name)
    view = view_class.__new__(view_class)
    view.context = SimpleNamespace(game=game)
    try:
        view.game = game
    except AttributeError:  # a view whose ``game`` is a read-only property (of ``context``): it finds it there
        pass
    return view


def example_views(game: Game, specs: Sequence[ExampleSpec], lang: str) -> dict[str, dict[str, Any]]:
    """Every worked example's view model by key, as the rule panel gets them (``BaseView.example_views``)."""
    return _reader_view(game).example_views(specs, lang)


__all__ = ["BoardModule", "board_module_of", "example_views"]


def rule_panel_css() -> str:
    """The rule panel's stylesheet (boxes, examples, quick reference): the edition's pages look the same."""
    from .base import asset

    return asset("app.css")


__all__ += ["rule_panel_css"]
