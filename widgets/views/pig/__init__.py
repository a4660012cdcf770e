"""The Pig page: the board (``board.js``), the move buttons, and the die entry at a real table.

The drawing layer only: ``present`` (pure, in ``present.py``) turns the
engine's observation and legal moves into a view model; this module owns
the widgets and turns taps into engine actions.
"""

from __future__ import annotations

import html
from functools import partial
from pathlib import Path
from typing import Any

import ipywidgets as w

from rulebook.core import CHANCE
from rulebook.core.examples import ExampleSpec
from rulebook.games.pig.actions import parse
from rulebook.games.pig.observation import PigObservation
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView
from ..model import ViewModel, engine_for
from .examples import example_view
from .present import Page, describe, die_entry, hint_text, present, status_html

HERE = Path(__file__).parent


class Board(GameBoard):
    """The totals and the last die; the module lives beside this file (a new game touches no shared file)."""

    _esm = esm("dice.js") + "\n" + (HERE / "board.js").read_text("utf-8")
    _css = asset("app.css") + "\n" + (HERE / "board.css").read_text("utf-8")


class View(BaseView[PigObservation]):
    """Pig's part of the page (``BaseView`` documents each hook)."""

    example_board = Board

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.board = Board()
        self.board.add_class("rb-board-widget")
        self.widget = self.board
        self.options_widget = w.VBox([self.players_dropdown([1, 2, 3, 4], 1)])
        self.model = ViewModel()

    def page(self) -> Page:
        return Page(seats=tuple(self.context.match.seats), interactive=self.context.acting())

    def present(self) -> ViewModel:
        page = self.page()
        return present(self.observation, engine_for(self.context.game, self.state, page.interactive), page, self.lang)

    def refresh(self) -> None:
        self.model = self.present()
        self.board.view = dict(self.model.board)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    # ----- moves ----------------------------------------------------------------------------
    def auto_roll(self, state: Any) -> bool:
        """The die falls as soon as it is rolled (no second tap)."""
        return True

    def handles(self, action: Any) -> bool:
        return True

    def extra_controls(self) -> list[w.Widget]:
        buttons = []
        for control in self.model.controls:
            if control.enabled:
                move = parse(control.action)
                classes = (f"rb-{control.key}", "rb-primary") if control.highlight else (f"rb-{control.key}",)
                buttons.append(self.context.fresh_button(control.label, classes, partial(self.context.play, move)))
        match = self.context.match
        if match.table and match.current_player == CHANCE and match.waiting_for_user():
            for entry in die_entry(self.lang):
                move = parse(entry["action"])
                buttons.append(self.context.fresh_button(entry["label"], (f"rb-{entry['key']}", "rb-die-entry"), partial(self.context.play, move)))
        return buttons

    # ----- text ------------------------------------------------------------------------------
    def hint_html(self) -> str:
        """Exact expected turns for rolling and for holding (see ``hint_text``)."""
        return html.escape(hint_text(self.observation, self.lang))

    def status(self) -> str:
        return html.escape(status_html(self.observation, self.page(), self.lang))

    def describe(self, before: Any, action: Any, after: Any) -> str | None:
        line = describe(action, self.observe(before, 0), self.observe(after, 0), self.page(), self.lang)
        return None if line is None else html.escape(line) + self._end_note(after)


__all__ = ["Board", "View"]
