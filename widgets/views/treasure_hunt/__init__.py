"""The 宝探し page: the paper sheet 1–12, the two dice, the five treasures and exact advice.

The drawing layer only: it owns the widgets and the page-local state (a
choice that needs a second tap — which number to seal when giving up, which
cross a salve or a fountain lifts — held as ``pending`` until the state
changes; the real dice typed in table mode), turns taps into engine actions
and draws ``present(...)`` (see ``present.py``; texts in ``texts.py``).
"""

from __future__ import annotations

import html
import weakref
from typing import Any, cast

import ipywidgets as w

from rulebook.core import Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.treasure_hunt import solver
from rulebook.games.treasure_hunt.actions import Bring, Check, Die
from rulebook.games.treasure_hunt.game import TreasureHunt
from rulebook.games.treasure_hunt.state import Phase, State
from rulebook.games.treasure_hunt.observation import TreasureHuntObservation
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ...lean import hide
from ..base import BaseView
from ..model import Control, Engine, as_int, as_ints, engine_for, refuse
from .common import Page, action_label, number_action, percent
from .examples import example_view
from .present import present, status_line
from .report import describe, hint_html, outcome_html
from .texts import WORDS

GROUPS = {"option": "rb-option", "seal": "rb-seal", "give-up": "rb-give-up-number", "lift": "rb-lift", "bring-home": "rb-bring-home"}
"""The class shared by a family of buttons ("rb-option" for "rb-option-3-4"), which tests and people aim at."""


class TreasureBoard(GameBoard):
    """Sheet + dice + treasures; taps come back as messages (number / option / treasure / entry / cancel)."""

    _esm = esm("dice.js", "treasure_hunt.js")
    _css = asset("app.css", "treasure_hunt.css")


class View(BaseView[TreasureHuntObservation]):
    """宝探し's part of the page (``BaseView`` documents each hook)."""

    example_board = TreasureBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.game = cast(TreasureHunt, context.game)  # the page of this game only: widgets.app picks a view by its game's name
        self.rules = self.game.rules
        self.board = TreasureBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.progress = w.IntProgress(min=0, max=1000, value=0)
        self.progress.add_class("rb-solve-progress")
        self.progress_label = w.HTML()
        self.progress_label.add_class("rb-solve-label")
        self.progress_box = w.VBox([self.progress_label, self.progress])
        self.progress_box.add_class("rb-solve")
        hide(self.progress_box, True)
        self.panel = w.VBox([self.progress_box])
        self.entry: list[int] = [0, 0]
        self.entry_rows = [w.HBox(), w.HBox()]
        for k, row in enumerate(self.entry_rows):
            row.add_class("rb-entry-row")
            row.add_class(f"rb-entry-die-{k + 1}")
        # The pip buttons only choose what the real dice show (no move): built once and restyled, so a
        # tap that crosses a redraw still counts (a per-drawing button ignored it under load).
        self.entry_labels = [w.HTML() for _ in range(2)]
        for label in self.entry_labels:
            label.add_class("rb-entry-label")
        self.entry_buttons = [[self._pip_button(k, pips) for pips in range(1, self.rules.faces + 1)] for k in range(2)]
        self.entry_box = w.VBox()
        self.entry_box.add_class("rb-entry")
        self.pending: tuple[str, ...] | None = None
        self._pending_state: State | None = None
        self.solves_shown = 0
        self.model: dict[str, Any] = {}
        ref = weakref.WeakMethod(self._on_progress)
        solver.set_progress_hook(lambda done, total: (ref() or (lambda *_: None))(done, total))

    # ----- reading the match -----------------------------------------------------------------------
    def _entry_open(self) -> bool:
        return self.state.phase == Phase.ROLL and self.context.match.table

    def _sync_pending(self) -> None:
        state = self.state
        if state.phase != Phase.READY or self._pending_state is not state or not self.context.acting():
            self.pending = None
            self._pending_state = None

    def _set_pending(self, pending: tuple[str, ...] | None) -> None:
        self.pending = pending
        self._pending_state = self.state if pending else None
        self.context.tapped()

    def page(self) -> Page:
        return Page(
            acting=self.context.acting(),
            entering=self._entry_open(),
            hint=bool(self.context.hint_on),
            pending=self.pending or (),
            entry=(self.entry[0], self.entry[1]),
            seats_here=tuple(self.context.human_seats()),
        )

    def engine(self) -> Engine:
        return engine_for(self.game, self.state, self.context.acting())

    # ----- advice ----------------------------------------------------------------------------------
    def _on_progress(self, done: int, total: int) -> None:
        hide(self.progress_box, done >= total)  # gone once solved
        self.progress.value = int(self.progress.max * done / max(total, 1))
        share = f"{done / max(total, 1):.0%}"
        self.progress_label.value = html.escape(WORDS("solving", self.lang, share=share, done=f"{done:,}", total=f"{total:,}"))

    def advice(self) -> solver.Advice:
        """The solver's advice; a full solve (only if the shipped values fail their checks) shows a progress bar."""
        if not solver.is_ready(self.rules):
            self.progress.value = 0
            try:
                result = solver.advice(self.rules, progress=self._on_progress)
            finally:
                hide(self.progress_box, True)
            if result.source == "solved":
                self.solves_shown += 1
            return result
        return solver.advice(self.rules)

    def _advice_if_shown(self) -> solver.Advice | None:
        return self.advice() if self.context.hint_on else None

    # ----- drawing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._sync_pending()
        self.model = present(self.observation, self.engine(), self.page(), self.lang, self._advice_if_shown(), self.rules).to_json()
        self.board.view = self.model

    # ----- controls ---------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        return True  # every move has its own button or spot on the board

    def auto_roll(self, state: Any) -> bool:
        return True  # "roll" is the player's decision; the dice follow at once

    def action_label(self, action: Any) -> str:
        return action_label(action, self.state.dice, self.lang, self.rules)

    def extra_controls(self) -> list[w.Widget]:
        if self._entry_open():
            return self._entry_controls()
        return [self._button(Control(**c)) for c in self.model.get("controls", ())]

    def _button(self, control: Control) -> w.Button:
        """A control of the view model as an action-bar button: a move, or a page-only step."""
        group = next((cls for prefix, cls in GROUPS.items() if control.key.startswith(prefix + "-")), "rb-primary" if control.key == "go" else "")
        classes = tuple(c for c in (f"rb-{control.key}", group, "rb-best" if control.highlight else "") if c)
        return self.context.fresh_button(control.label, classes, lambda: self._press(control))

    def _press(self, control: Control) -> None:
        if control.action:
            self.context.play(self.game.parse_action(control.action))
        elif control.key == "cancel":
            self._set_pending(None)
        elif control.key == "give-up":
            self._set_pending(("give-up",))
        elif control.key.startswith("bring-home-"):
            self._set_pending(("bring", control.key.removeprefix("bring-home-")))

    def _entry_controls(self) -> list[w.Widget]:
        state = self.state
        fixed = len(state.dice)
        for k, row in enumerate(self.entry_rows):
            label = self.entry_labels[k]
            label.value = f"<b>{html.escape(WORDS('entry_die', self.lang, k=k + 1))}</b>"
            if k < fixed:
                label.value += f" <b>{state.dice[k]}</b>"
                row.children = (label,)
                continue
            for pips, button in enumerate(self.entry_buttons[k], start=1):
                chosen = self.entry[k] == pips
                (button.add_class if chosen else button.remove_class)("rb-entry-chosen")
                button.button_style = "info" if chosen else ""
            row.children = (label, *self.entry_buttons[k])
        confirm = self.context.fresh_button(WORDS("entry_confirm", self.lang), ("rb-entry-confirm", "rb-primary"), self.confirm_entry)
        self.entry_box.children = (*self.entry_rows, confirm)
        return [self.entry_box]

    def _pip_button(self, index: int, pips: int) -> w.Button:
        button = w.Button(description=str(pips))
        button.add_class(f"rb-entry-{index + 1}-{pips}")
        button.on_click(self.context.guarded(lambda _: self._set_entry(index, pips)))
        return button

    def _set_entry(self, index: int, pips: int) -> None:
        if self._entry_open() and 0 <= index < 2 and 1 <= pips <= self.rules.faces:
            self.entry[index] = pips
        self.context.refresh()

    def confirm_entry(self) -> None:
        state = self.state
        if not self._entry_open():
            return
        needed = range(len(state.dice), 2)
        missing = [k + 1 for k in needed if not 1 <= self.entry[k] <= self.rules.faces]
        if missing:
            raise refuse(WORDS, "chance", "entry_missing", dice=WORDS("and", self.lang).join(map(str, missing)), n=len(missing))
        moves = [Die(k + 1, self.entry[k]) for k in needed]
        self.entry = [0, 0]
        self.context.play_group(moves)

    # ----- board messages --------------------------------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        state = self.state
        if kind == "entry":
            index = as_int(content.get("index"), len(state.dice), 1)
            if index is not None and self._entry_open():
                self.entry[index] = self.entry[index] % self.rules.faces + 1
                self.context.tapped()
            return
        if kind == "cancel":
            self._set_pending(None)
            return
        if kind not in ("number", "option", "treasure"):
            return
        if not self.context.acting():
            raise refuse(WORDS, "expedition", "not_your_move")
        if kind == "number":
            n = as_int(content.get("n"))
            if n is not None:  # the engine refuses a number that is not a choice now, and says why
                self.context.play(number_action(state.phase, self.pending or (), n))
        elif kind == "option":
            numbers = as_ints(content.get("numbers"), limit=2)
            if numbers:
                self.context.play(Check(numbers))
        elif kind == "treasure":
            key = content.get("key")
            if not isinstance(key, str) or self.rules.treasure(key) is None:
                return
            if any(isinstance(a, Bring) and a.treasure == key and a.lift for a in self.engine().legal):
                self._set_pending(("bring", key))  # a × may be lifted with it: which one is the second tap
            else:
                self.context.play(Bring(key))

    # ----- text: status, log, outcome, hint ------------------------------------------------------------------------
    def status(self) -> str:
        return status_line(self.observation, self.lang, self.rules)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        return describe(before, action, after, self.lang, self.rules)

    def outcome_html(self, outcome: Outcome) -> str:
        return outcome_html(outcome, self.observation, self.page(), self.lang, self.rules)

    def hint_html(self) -> str:
        return hint_html(self.observation, self.page(), self.lang, self.advice() if self.context.acting() else None, self.rules)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.game, spec, lang)


__all__ = ["TreasureBoard", "View", "percent"]
