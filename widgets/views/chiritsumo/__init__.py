"""The Chiritsumo page: pyramid board, tray, seats, score breakdown and controls.

The drawing layer only: ``present`` (pure, in ``present.py``) turns the
engine's observation and legal moves into a view model; this module owns the
widgets and the page-local state (the real dice typed in table mode), feeds
``present`` the page's facts, and turns board messages into engine actions.
"""

from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as w

from rulebook.core import HUMAN, IllegalAction, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.chiritsumo.actions import PILE, Lift, Place, Roll, Toss
from rulebook.games.chiritsumo.bots import arrangement_actions
from rulebook.games.chiritsumo.game import Phase, State
from rulebook.games.chiritsumo.geometry import COLOURS, SLOTS
from rulebook.games.chiritsumo.observation import ChiritsumoObservation
from widgets.game_page.context import PageContext

from ...base import GameBoard, ScoreBreakdown, asset, esm
from ...lean import hide
from ..base import BaseView, typed_pips
from ..model import ViewModel, as_int, engine_for, refuse
from .common import Page, action_label, best_for, colour_name, completion_for, entry_seat, seat_name, slot_from_browser
from .examples import example_view
from .present import present, status_html
from .report import describe, outcome_html
from .texts import WORDS


class ChiritsumoBoard(GameBoard):
    """Pyramid + tray + seats; taps come back as messages (place / lift / entry / confirm)."""

    _esm = esm("dice.js", "chiritsumo.js")
    _css = asset("app.css", "chiritsumo.css")


class View(BaseView[ChiritsumoObservation]):
    """Chiritsumo's part of the page (``BaseView`` documents each hook)."""

    players_input: w.Dropdown  # always made in __init__ (the base class allows a game without one)

    example_board = ChiritsumoBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.board = ChiritsumoBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.breakdown = ScoreBreakdown()
        self.breakdown.add_class("rb-breakdown-widget")
        self.auto_button = w.Button()
        self.auto_button.add_class("rb-auto")
        self.auto_button.on_click(self.context.guarded(lambda _: self.auto_stack()))
        self.entry: list[int] = []  # table mode: the pips typed so far for the seat being entered (0 = none yet)
        self.entry_error: IllegalAction | None = None  # the refusal of the text just typed, until the next entry
        self._entry_for: tuple[int, int] | None = None
        self.entry_text = w.Text(continuous_update=False)
        self.entry_text.add_class("rb-entry-text")
        self.entry_text.observe(self.context.guarded(self._on_entry_text), "value")
        self.toss_give = w.ToggleButtons()
        self.toss_give.add_class("rb-toss-give")
        self.toss_target = w.ToggleButtons()
        self.toss_target.add_class("rb-toss-target")
        self.toss_target.observe(self.context.guarded(lambda _: self._fill_take()), "value")
        self.toss_take = w.ToggleButtons()
        self.toss_take.add_class("rb-toss-take")
        self.toss_labels = [w.HTML() for _ in range(3)]
        self.toss_rows = [w.HBox([label, toggle]) for label, toggle in zip(self.toss_labels, (self.toss_give, self.toss_target, self.toss_take))]
        self.toss_box = w.VBox(self.toss_rows)
        self.toss_box.add_class("rb-toss")
        self.widget = self.board
        self.panel = self.breakdown
        self.mode_input = w.Dropdown()
        self.mode_input.add_class("rb-mode")
        self.players_input = w.Dropdown(options=[2, 3, 4], value=2)
        self.players_input.add_class("rb-players")
        self._set_option_labels()
        self.mode_input.observe(self.context.guarded(self._on_options_change), "value")
        self.players_input.observe(self.context.guarded(self._on_options_change), "value")
        self.options_widget = w.VBox([self.mode_input, self.players_input])
        self.model = ViewModel()  # the view model last drawn (the action bar reads it)

    # ----- options -------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self._set_option_labels()

    def _set_option_labels(self) -> None:
        lang, value = self.lang, self.mode_input.value or "solo"
        self.mode_input.options = [(WORDS("mode_solo", lang), "solo"), (WORDS("mode_hakoniwa", lang), "hakoniwa")]
        self.mode_input.value = value
        self.mode_input.description = WORDS("mode", lang)
        self.players_input.description = WORDS("players", lang)

    def options(self) -> dict[str, Any]:
        if self.mode_input.value == "hakoniwa":
            return {"mode": "hakoniwa", "players": int(self.players_input.value)}
        return {"mode": "solo", "players": 1}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.mode_input.value = options.get("mode", "solo")
        if options.get("mode") == "hakoniwa":
            self.players_input.value = options.get("players", 2)
        hide(self.players_input, self.mode_input.value != "hakoniwa")

    def _on_options_change(self, _change: Any) -> None:
        hide(self.players_input, self.mode_input.value != "hakoniwa")
        self.context.seats_changed()

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        if options.get("mode") == "hakoniwa":
            return [HUMAN] + ["solver"] * (int(options.get("players", 2)) - 1)
        return [HUMAN]

    # ----- the page's facts ------------------------------------------------------------------
    def page(self) -> Page:
        match = self.context.match
        return Page(
            seats=tuple(match.seats),
            interactive=self.context.acting(),
            hint=self.context.hint_on,
            table=bool(match.table),
            entry=tuple(self.entry),
            entry_error=self.entry_error,
        )

    def _entry_seat(self) -> int | None:
        return entry_seat(self.observation, self.page())

    def _sync_entry(self) -> None:
        """A new seat to enter (or another position after undo): start its entry afresh."""
        seat = self._entry_seat()
        key = None if seat is None else (seat, len(self.context.match.actions))
        if key != self._entry_for:
            self._entry_for = key
            self.entry = [] if seat is None else [0] * len(self.state.seats[seat].dice)
            self.entry_error = None

    # ----- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._sync_entry()
        page = self.page()
        self.model = model = present(self.observation, engine_for(self.context.game, self.state, page.interactive), page, self.lang)
        self.board.view = dict(model.board["board"])
        self.breakdown.data = dict(model.board["breakdown"])
        self.auto_button.description = WORDS("auto", self.lang)
        self.entry_text.placeholder, self.entry_text.description = WORDS("entry_placeholder", self.lang), WORDS("entry_pips", self.lang)
        for label, key in zip(self.toss_labels, ("toss_give", "toss_target", "toss_take")):
            label.value = f"<b>{WORDS(key, self.lang)}</b>"
        if self.state.phase == Phase.TOSS and page.interactive:
            self._fill_toss()

    # ----- controls next to the action bar ---------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Moves made on the board or in our own controls, not as plain buttons."""
        return isinstance(action, (Place, Lift, Toss, Roll))

    def extra_controls(self) -> list[w.Widget]:
        keys = {c.key for c in self.model.controls}
        if "auto" in keys:
            return [self.auto_button]
        if "entry-confirm" in keys:  # the Confirm button is on the board, next to the dice it confirms
            if self.entry and all(self.entry):
                self.entry_text.value = "".join(str(p) for p in self.entry)
            return [self.entry_text]
        if "toss-go" in keys:
            go = self.context.fresh_button(WORDS("toss_go", self.lang), ("rb-toss-go", "rb-primary"), self.toss)
            self.toss_box.children = (*self.toss_rows, go)
            return [self.toss_box]
        return []

    def action_label(self, action: Any) -> str:
        return action_label(action, self.lang)

    # ----- board messages --------------------------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "place":
            die = as_int(content.get("die"))
            self.context.play(Place(-1 if die is None else die, slot_from_browser(content.get("slot"))))  # the engine refuses a die or slot that is not there
        elif kind == "lift":
            self.context.play(Lift(slot_from_browser(content.get("slot"))))
        elif kind == "entry" and self._entry_seat() is not None:
            index = as_int(content.get("index"), 0, len(self.entry) - 1)
            if index is not None:
                self.entry[index] = self.entry[index] % 6 + 1
                self.entry_error = None
                self.context.tapped()
        elif kind == "confirm":
            self.confirm_entry()

    def auto_stack(self) -> None:
        """Build the exact best arrangement of the current roll (one undo step)."""
        state = self.state
        if state.phase != Phase.ARRANGE or not self.context.acting():
            return
        s = state.seats[state.turn]
        dice = list(zip(s.dice, s.pips))
        kept_target, kept, best = completion_for(self.observation, state.turn)
        target = kept_target if kept.total >= best.total else best_for(tuple(dice))[0]  # keep what can stay
        placed = {SLOTS[k]: d for k, d in enumerate(s.placed) if d >= 0}
        moves = arrangement_actions(dice, placed, target)
        if moves:
            self.context.play_group(moves)

    def _on_entry_text(self, change: Mapping[str, Any]) -> None:
        if self._entry_seat() is None:
            return
        try:
            pips = typed_pips(change["new"], len(self.entry), *WORDS.both("entry_where"))
        except IllegalAction as error:  # shown on the board until the next entry: it belongs to this text only
            self.entry_error = error
        else:
            if pips is None:
                return
            self.entry[: len(pips)] = pips
            self.entry_error = None
        self.context.refresh()

    def confirm_entry(self) -> None:
        seat = self._entry_seat()
        if seat is None:
            return
        missing = sum(1 for p in self.entry if not 1 <= p <= 6)
        if missing:  # the board draws Confirm disabled with this reason; a stale page may still send it
            raise refuse(WORDS, "chance", "entry_missing", n=missing)
        rolls = [Roll(seat, k, p) for k, p in enumerate(self.entry)]
        self.entry = []
        self.entry_text.value = ""
        self.context.play_group(rolls)

    # ----- とばっ塵 controls -----------------------------------------------------------------------------------
    def _fill_toss(self) -> None:
        state, lang, obs, page = self.state, self.lang, self.observation, self.page()
        me = state.seats[state.turn]
        _set_choices(self.toss_give, [(colour_name(c, lang), c) for c in COLOURS if c in me.dice])
        targets = []
        for k in range(len(state.seats)):
            if k != state.turn:
                label = seat_name(obs, page, k, lang) + (WORDS("just_swapped", lang) if k == state.last_tosser else "")
                targets.append((label, k))
        if state.pile:
            targets.append((WORDS("dust_pile", lang), PILE))
        _set_choices(self.toss_target, targets)
        self._fill_take()

    def _fill_take(self) -> None:
        state = self.state
        if state.phase != Phase.TOSS or self.toss_target.value is None:
            return
        target = self.toss_target.value
        held = state.pile if target == PILE else state.seats[target].dice
        _set_choices(self.toss_take, [(colour_name(c, self.lang), c) for c in COLOURS if c in held])

    def toss(self) -> None:
        if self.state.phase == Phase.TOSS:
            self.context.play(Toss(self.toss_give.value, self.toss_target.value, self.toss_take.value))

    # ----- text: status, log, outcome, hint -----------------------------------------------------------------------
    def status(self) -> str:
        return status_html(self.observation, self.page(), self.lang)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        page = self.page()
        line = describe(self.observe(before, 0), action, self.observe(after, 0), page, self.lang)
        return None if line is None else line + self._end_note(after)

    def outcome_html(self, outcome: Outcome) -> str:
        return outcome_html(outcome.as_dict(), self.observation, self.page(), self.lang)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    def hint_html(self) -> str:
        """Nothing below the buttons: the hint is a message of the view model, drawn on the board next to the pyramid."""
        return ""


def _set_choices(toggle: w.ToggleButtons, choices: list[tuple[str, Any]]) -> None:
    """Replace a toggle's choices only when they change, keeping the pick if still offered."""
    if list(toggle.options) != choices:
        keep = toggle.value
        toggle.options = choices
        values = [v for _, v in choices]
        toggle.value = keep if keep in values else (values[0] if values else None)
    elif toggle.value is None and choices:
        toggle.value = choices[0][1]


__all__ = ["ChiritsumoBoard", "View"]
