"""The Puniu Dice page: five dice with holds, Re-roll, categories and every seat's sheet.

The drawing layer only: it owns the widgets and the page-local state (held
dice, Kind's face, typed pips), turns board taps into engine actions and
draws ``present(...)`` (see ``present.py``; texts in ``texts.py``). Which
dice are held is page state (the engine's ``Reroll`` names the released
dice); it lasts for the seat's turn.
"""

from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as w
import traitlets

from rulebook.core import CHANCE, HUMAN, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.puniu.actions import Reroll, Roll, Score
from rulebook.games.puniu.game import DICE, State
from rulebook.games.puniu.observation import PuniuObservation
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView, require_all_pips
from ..model import Engine, as_int, engine_for, refuse, short
from .common import Page, best_face, hold_refusal
from .examples import example_view
from .present import present, status_line
from .report import describe, hint_html, outcome_html
from .texts import WORDS


class PuniuBoard(GameBoard):
    """Dice + Re-roll + categories + sheets; taps come back as messages."""

    _esm = esm("dice.js", "puniu.js")
    _css = asset("app.css", "puniu.css")
    part = traitlets.Unicode("all").tag(sync=True)
    """What this widget draws: "play" (dice, Re-roll, categories), "sheet" (score sheets) or "all"."""


class View(BaseView[PuniuObservation]):
    """Puniu Dice's part of the page (``BaseView`` documents each hook)."""

    players_input: w.Dropdown  # always made in __init__ (the base class allows a game without one)

    example_board = PuniuBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.board = PuniuBoard(part="play")
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.sheet = PuniuBoard(part="sheet")
        self.sheet.add_class("rb-sheet-widget")
        self.sheet.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.panel = self.sheet
        self.held: set[int] = set()
        self._hold_key: tuple | None = None
        self.kind_face = 0
        self._face_key: tuple | None = None
        self.build_dice_entry()
        self._entry_key: tuple | None = None
        self.players_input = self.players_dropdown(list(range(1, 7)), 1)
        self.options_widget = w.VBox([self.players_input])
        self.set_lang(self.lang)

    # ----- options and seats ------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.players_input.description = WORDS("players", lang)


    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        return [HUMAN] + ["hint"] * (int(options.get("players", 1)) - 1)

    def auto_roll(self, state: State) -> bool:
        """Re-rolls roll at once; so does a bot's turn while a person plays too."""
        if state.rolls > 1:
            return True
        match = self.context.match
        return match.is_bot(state.turn) and any(kind == HUMAN for kind in match.seats)

    # ----- reading the match ----------------------------------------------------------------------
    def _entering(self) -> bool:
        match = self.context.match
        return match.table and match.current_player == CHANCE

    def _sync_page_state(self) -> None:
        """Holds last for the seat's turn; Kind's face follows the dice; entries follow the state."""
        state = self.state
        key = (state.round, state.turn, len(state.sheets))
        if key != self._hold_key:
            self._hold_key, self.held = key, set()
        face_key = (key, state.dice)
        if face_key != self._face_key:
            self._face_key = face_key
            self.kind_face = best_face(state.dice) if not state.rolling else 0
        entry_key = (len(self.context.match.actions), state.dice)
        if entry_key != self._entry_key:
            self._entry_key = entry_key
            self.entry = [0] * state.dice.count(0) if self._entering() else []

    def page(self) -> Page:
        """The page-local facts ``present`` needs."""
        match = self.context.match
        return Page(
            seats=tuple(match.seats),
            acting=self.context.acting(),
            entering=self._entering(),
            hint=bool(self.context.hint_on),
            ply=len(match.actions),
            held=frozenset(self.held),
            kind_face=self.kind_face,
            entry=tuple(self.entry),
        )

    def engine(self) -> Engine:
        """The engine's facts for the person on this page (nothing is legal for them off their turn)."""
        return engine_for(self.context.game, self.state, self.context.acting())

    # ----- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._sync_page_state()
        model = present(self.observation, self.engine(), self.page(), self.lang).to_json()
        self.board.view = model
        self.sheet.view = model
        self.entry_confirm.description = WORDS("entry_confirm", self.lang)
        self.entry_text.placeholder = WORDS("entry_placeholder", self.lang)
        self.entry_text.description = WORDS("entry_pips", self.lang)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    # ----- controls -------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        return isinstance(action, (Roll, Reroll, Score))

    def extra_controls(self) -> list[w.Widget]:
        if self._entering():
            if self.entry and all(self.entry):
                self.entry_text.value = "".join(str(p) for p in self.entry)
            return [self.entry_text, self.entry_confirm]
        return []

    # ----- board messages -----------------------------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        ply = content.get("ply")
        if ply is not None and ply != len(self.context.match.actions):
            return  # a tap on a drawing that is gone (double tap): ignore it
        kind = content.get("type")
        if kind == "entry":
            index = as_int(content.get("index"), 0, len(self.entry) - 1)
            if self._entering() and index is not None:
                self.entry[index] = self.entry[index] % 6 + 1
                self.context.tapped()
            return
        if kind not in ("hold", "reroll", "score", "face"):
            return
        if not self.context.acting():
            raise refuse(WORDS, "turn", "not_your_move")
        if kind == "hold":
            self.hold(content.get("die"))
        elif kind == "reroll":
            self.reroll()
        elif kind == "face":
            face = as_int(content.get("face"), 1, 6)
            if face is None:
                raise refuse(WORDS, "cat-kind", "kind_face_range")
            self.kind_face = face
            self.context.tapped()
        else:
            category = content.get("category")
            face = as_int(content.get("face")) or 0
            if category == "kind" and not face:
                face = self.kind_face
            self.context.play(Score(category if isinstance(category, str) else short(category), face))

    def hold(self, raw: Any) -> None:
        """Hold or release a die: refused, with the engine's reason, when no re-roll is possible."""
        die = as_int(raw, 0, DICE - 1)
        if die is None:
            raise refuse(WORDS, "reroll", "no_such_die", die=short(raw, 10))
        error = hold_refusal(self.engine(), die)
        if error is not None:
            raise error
        self.held ^= {die}
        self.context.tapped()

    def reroll(self) -> None:
        """Re-roll every die that is not held (the engine refuses an empty re-roll)."""
        self.context.play(Reroll(tuple(k for k in range(DICE) if k not in self.held)))

    def _on_entry_text(self, change: Mapping[str, Any]) -> None:
        if not self._entering():
            return
        self.fill_entry(change["new"], WORDS("entry_where", "ja"), WORDS("entry_where", "en"))

    def confirm_entry(self) -> None:
        if not self._entering():
            return
        require_all_pips(self.entry)
        pending = [k for k, d in enumerate(self.state.dice) if d == 0]
        rolls = [Roll(k, p) for k, p in zip(pending, self.entry)]
        self.entry = []
        self.entry_text.value = ""
        self.context.play_group(rolls)

    # ----- text: status, log, outcome, hint ------------------------------------------------------------------------
    def status(self) -> str:
        return status_line(self.observation, self.page(), self.lang)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        return describe(before, action, after, self.page(), self.lang)

    def outcome_html(self, outcome: Outcome) -> str:
        return outcome_html(outcome, self.observation, self.page(), self.lang)

    def hint_html(self) -> str:
        return hint_html(self.observation, self.page(), self.lang)


__all__ = ["PuniuBoard", "View"]
