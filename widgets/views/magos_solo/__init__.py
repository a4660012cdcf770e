"""The Magos solo patch page: the notice, the turn with its fixed enemy dice, HP, face table and dice table.

The drawing layer only: ``present`` (pure, in ``present.py``) turns the
engine's observation and legal moves into a view model; this module owns
the widgets, feeds ``present`` the page's facts, and turns board messages
into engine actions. The board (top) shows the turn, the enemy's dice, the
turn's totals and the enemy's HP; the sheet (below the buttons) holds the
editable face table and the patch's table with the current row highlighted.
"""

from __future__ import annotations

import html
from functools import partial
from typing import Any, Mapping

import ipywidgets as w

from rulebook.core import HUMAN, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.magos_solo.actions import Attack, Recover, ResetFaces, SetHp, parse
from rulebook.games.magos_solo.game import State
from rulebook.games.magos_solo.observation import MagosSoloObservation
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView
from ..model import ViewModel, as_int, engine_for, refuse
from .examples import example_view
from .present import Page, describe, outcome_html, present, status_html
from .texts import WORDS

HP_MOVES = {"attack": Attack, "recover": Recover, "hp": SetHp}
"""Board messages that record a typed amount, and the move each makes."""
BAR_KEYS = ("prev-turn", "next-turn", "win", "lose")
"""Controls drawn in the action bar below the board (the rest are on the board and sheet)."""


class MagosBoard(GameBoard):
    """The turn, its dice and effects, the enemy's HP (``view["part"] == "board"``)."""

    _esm = esm("dice.js", "magos_solo.js")
    _css = asset("app.css", "magos_solo.css")


class MagosSheet(MagosBoard):
    """The face table editor and the patch's dice table (``view["part"] == "sheet"``): the same module, another part."""


class View(BaseView[MagosSoloObservation]):
    """Magos solo's part of the page (``BaseView`` documents each hook)."""

    example_board = MagosBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.notice = w.HTML()
        self.notice.add_class("rb-magos-notice")
        self.board = MagosBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.sheet = MagosSheet()
        self.sheet.add_class("rb-sheet-widget")
        self.sheet.on_msg(self.context.guarded(self._on_message))
        self.widget = w.VBox([self.notice, self.board])
        self.panel = self.sheet
        self.enemy_input = w.Dropdown()
        self.enemy_input.add_class("rb-enemy")
        self.turn5_input = w.Dropdown()
        self.turn5_input.add_class("rb-turn5")
        self._set_option_labels()
        self.options_widget = w.VBox([self.enemy_input, self.turn5_input])
        self.model = ViewModel()
        """The view model last drawn (the action bar and the hint read it)."""

    # ----- options -------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self._set_option_labels()

    def _set_option_labels(self) -> None:
        lang = self.lang
        enemy, turn5 = self.enemy_input.value or "dummy", self.turn5_input.value or "5-6"
        self.enemy_input.options = [(WORDS("enemy_dummy", lang), "dummy"), (WORDS("enemy_custom", lang), "custom")]
        self.enemy_input.value = enemy
        self.enemy_input.description = WORDS("enemy", lang)
        self.turn5_input.options = [("5-6", "5-6"), ("5-6-6-6", "5-6-6-6")]
        self.turn5_input.value = turn5
        self.turn5_input.description = WORDS("turn5", lang)

    def options(self) -> dict[str, Any]:
        return {"enemy": self.enemy_input.value or "dummy", "turn5": self.turn5_input.value or "5-6"}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.enemy_input.value = options.get("enemy", "dummy")
        self.turn5_input.value = options.get("turn5", "5-6")

    # ----- the page's facts ------------------------------------------------------------------
    def _interactive(self) -> bool:
        match = self.context.match
        return match.waiting_for_user() and match.current_player >= 0

    def _at(self) -> int:
        return len(self.context.match.actions)

    def page(self) -> Page:
        seats = self.context.match.seats
        autoplay = bool(seats) and seats[0] != HUMAN
        return Page(interactive=self._interactive(), at=self._at(), autoplay=autoplay, hint=self.context.hint_on)

    def present(self) -> ViewModel:
        """The view model of this moment, from the observation and the engine's legal moves."""
        page = self.page()
        engine = engine_for(self.context.game, self.context.match.state, page.interactive)
        return present(self.observation, engine, page, self.lang)

    # ----- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.model = model = self.present()
        self.notice.value = f'<div class="rb-notice-box rb-base-missing">{html.escape(model.caption)}</div>'
        controls = [c.to_json() for c in model.controls if c.key not in BAR_KEYS]
        self.board.view = {"part": "board", **model.board["board"], "controls": controls, "rule": model.rule}
        self.sheet.view = {"part": "sheet", **model.board["sheet"], "controls": controls}

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    # ----- controls -------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Every move has its own control (buttons below, inputs on the board and sheet)."""
        return True

    def extra_controls(self) -> list[w.Widget]:
        """The turn buttons the engine allows now (a refused one, e.g. before turn 1, is left out as before)."""
        buttons = []
        for control in self.model.controls:
            if control.key in BAR_KEYS and control.enabled:
                classes = (f"rb-{control.key}", "rb-primary") if control.highlight else (f"rb-{control.key}",)
                move = parse(control.action)
                buttons.append(self.context.fresh_button(control.label, classes, partial(self.context.play, move)))
        return buttons

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "face":
            face, effect = as_int(content.get("face")), content.get("effect")
            if face is None or not isinstance(effect, str):
                raise refuse(WORDS, "faces", "choose_face")
            self.context.play(parse(f"face {face} {effect[:20]}"))  # the engine refuses a face or effect that does not exist
            return
        if kind not in ("reset", *HP_MOVES):
            return
        if content.get("at") != self._at():
            return  # drawn for an earlier state: a double tap or a stale page
        if kind == "reset":
            self.context.play(ResetFaces())
            return
        amount = as_int(content.get("amount"))
        if amount is None:
            raise refuse(WORDS, "enemy-hp", "need_number")
        self.context.play(HP_MOVES[kind](amount))  # the engine refuses an amount out of range, citing its rule

    # ----- text: status, log, outcome, hint ---------------------------------------------------------
    def status(self) -> str:
        return status_html(self.observation, self.page(), self.lang)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        return describe(action, self.observe(after, 0), self.lang) + self._end_note(after)

    def outcome_html(self, outcome: Outcome) -> str:
        return outcome_html(outcome.get("result"), outcome.summary(self.lang), outcome.get("hp"), outcome.get("hp_max"), self.lang)

    def hint_html(self) -> str:
        """The hint messages of the view model (none once the fight is over)."""
        return "<br>".join(html.escape(m.text) for m in self.model.messages if m.kind == "hint")


__all__ = ["MagosBoard", "MagosSheet", "View"]
