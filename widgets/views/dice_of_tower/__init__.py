"""The Dice of Tower page: the towers in side view, pick a lone die, tap where it goes.

The drawing layer only: it owns the widgets and the page-local state (the
lone die picked), turns board taps into engine actions and draws
``present(...)`` (``present.py``; texts in ``texts.py``). Everything on the
board is played by tapping: a lone die picks it, a glowing top places it;
re-roll, pass and the table-mode entries are the board's own buttons.
"""

from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as w

from rulebook.core import CHANCE, HUMAN, IllegalAction, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.dice_of_tower import collapse
from rulebook.games.dice_of_tower.actions import Bump, Burst, Face, Off, Pass, Place, Quake, Remove, Reroll, Stand, parse
from rulebook.games.dice_of_tower.state import Phase, State
from rulebook.games.dice_of_tower.observation import DiceOfTowerObservation
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView
from ..model import Engine, as_int, engine_for, refuse, short
from .examples import example_view
from .present import FALLS, Page, fall_key, present, status_line
from .report import describe, hint_html, outcome_html
from .report import label as die_label
from .texts import WORDS

SIZES = ("SSSMMMLL", "MMMMMMMM")
RISKS = ("height_risk", "step_risk", "reroll_risk")


class DiceOfTowerBoard(GameBoard):
    """The towers, the score table and the board's buttons; taps come back as messages."""

    _esm = esm("dice.js", "dice_of_tower.js")
    _css = asset("app.css", "dice_of_tower.css")


class View(BaseView[DiceOfTowerObservation]):
    """Dice of Tower's part of the page (``BaseView`` documents each hook)."""

    players_input: w.Dropdown  # always made in __init__ (the base class allows a game without one)

    example_board = DiceOfTowerBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.board = DiceOfTowerBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.picked: int | None = None
        self._pick_key: tuple | None = None
        self.falling = ""
        """Table mode (DT-9): the fall entered first ("burst 8"); the page then asks how many levels stand."""
        self.players_input = self.players_dropdown([2, 3, 4], 2)
        self.sizes_input = w.Dropdown(options=[("", s) for s in SIZES], value=SIZES[0])
        self.sizes_input.add_class("rb-sizes")
        self.hands_input = w.Dropdown(options=[("", k) for k in collapse.PRESETS], value="normal")
        self.hands_input.add_class("rb-hands")
        self.hands_input.observe(lambda change: self._preset(change["new"]), "value")
        self.risk_inputs = {key: w.BoundedIntText(value=v, min=0, max=collapse.LIMIT) for key, v in zip(RISKS, collapse.DEFAULT)}
        for key, box in self.risk_inputs.items():
            box.add_class(f"rb-{key.replace('_', '-')}")
        self.options_widget = w.VBox([self.players_input, self.sizes_input, self.hands_input, *self.risk_inputs.values()])
        self.set_lang(self.lang)

    # ----- options and seats ------------------------------------------------------------------
    def _preset(self, key: str) -> None:
        for name, value in zip(RISKS, collapse.PRESETS.get(key, collapse.DEFAULT)):
            self.risk_inputs[name].value = value

    def set_lang(self, lang: str) -> None:
        self.players_input.description = WORDS("players", lang)
        self.sizes_input.description = WORDS("sizes", lang)
        self.sizes_input.options = [(WORDS("sizes_mixed", lang), SIZES[0]), (WORDS("sizes_one", lang), SIZES[1])]
        self.hands_input.description = WORDS("hands", lang)
        self.hands_input.options = [(WORDS(f"hands_{k}", lang), k) for k in collapse.PRESETS]
        for key, box in self.risk_inputs.items():
            box.description = WORDS(key, lang)

    def options(self) -> dict[str, Any]:
        table = self.context.table_mode_chosen()
        return {
            "players": int(self.players_input.value),
            "sizes": self.sizes_input.value,
            **{key: int(box.value) for key, box in self.risk_inputs.items()},
            "mode": "table" if table else "digital",
        }

    def table_options(self, options: Mapping[str, Any], table: bool) -> dict[str, Any]:
        """A real table has its own entries (a die that left the table, a burst even with steady hands)."""
        return {**options, "mode": "table" if table else options.get("mode", "digital")}

    def digital_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The lesson is set up in table mode (its script enters dice and bursts): playing on rolls on screen."""
        return {**options, "mode": "digital"}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.players_input.value = int(options.get("players", 2))
        self.sizes_input.value = options.get("sizes", SIZES[0]) if options.get("sizes") in SIZES else SIZES[0]
        values = tuple(int(options.get(key, d)) for key, d in zip(RISKS, collapse.DEFAULT))
        preset = next((k for k, v in collapse.PRESETS.items() if tuple(v) == values), None)
        if preset is not None:
            self.hands_input.value = preset
        for key, value in zip(RISKS, values):
            self.risk_inputs[key].value = value

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        return [HUMAN] + ["rules"] * (int(options.get("players", 2)) - 1)

    def auto_roll(self, state: State) -> bool:
        """Dice and collapses are drawn at once: a turn never waits for a Roll button."""
        return True

    # ----- reading the match ----------------------------------------------------------------------
    def _entering(self) -> bool:
        match = self.context.match
        return match.table and match.current_player == CHANCE

    def page(self) -> Page:
        match = self.context.match
        key = (len(match.actions),)
        if key != self._pick_key:  # a pick lasts while nothing else happens
            self._pick_key = key
            if self.picked is not None and not any(isinstance(a, Place) and a.die == self.picked for a in self.engine().legal):
                self.picked = None
            self.falling = ""  # a levels question lasts while nothing else happens
        return Page(seats=tuple(match.seats), acting=self.context.acting(), entering=self._entering(), ply=len(match.actions), picked=self.picked, falling=self.falling)

    def engine(self) -> Engine:
        """The engine's facts for the person on this page (table-mode entries count as theirs)."""
        return engine_for(self.context.game, self.state, self.context.acting() or self._entering())

    # ----- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.board.view = present(self.observation, self.engine(), self.page(), self.lang).to_json()

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    def handles(self, action: Any) -> bool:
        return isinstance(action, (Place, Reroll, Pass, Remove, Face, Off, Stand, Burst, Quake, Bump))

    # ----- board messages -----------------------------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        ply = content.get("ply")
        if ply is not None and ply != len(self.context.match.actions):
            return  # a tap on a drawing that is gone (double tap): ignore it
        kind = content.get("type")
        if kind == "play":
            text = content.get("action")
            if not isinstance(text, str) or len(text) > 40:
                return
            if not (self.context.acting() or self._entering()):
                raise refuse(WORDS, "turn", "not_your_move")
            self.context.play(parse(text))
        elif kind == "die":
            self.tap_die(content.get("die"))
        elif kind == "control":
            self.tap_control(content.get("key"))

    def tap_control(self, raw: Any) -> None:
        """A page-only entry (table mode, DT-9): a fall that may have left levels standing, or "back" from its question."""
        if not self._entering():
            raise refuse(WORDS, "table-mode", "not_your_move")
        key = raw if isinstance(raw, str) and len(raw) <= 30 else ""
        if key == "fall-back":
            self.falling = ""
        else:
            legal = {fall_key(a).replace(" ", "-"): fall_key(a) for a in self.engine().legal if isinstance(a, FALLS)}
            if key not in legal:
                raise refuse(WORDS, "collapse", "no_such_fall", entry=short(raw, 20))
            self.falling = legal[key]
        self.context.tapped()

    def tap_die(self, raw: Any) -> None:
        """A tap on a die: pick a lone die, place the picked one on a top, or remove a die after a burst."""
        die = as_int(raw, 0, len(self.state.faces) - 1)
        if die is None:
            raise refuse(WORDS, "pick", "no_such_die", die=short(raw, 10))
        if not self.context.acting():
            raise refuse(WORDS, "turn", "not_your_move")
        state = self.state
        legal = self.context.game.legal_actions(state)
        if state.phase == Phase.LOSE:
            self.context.play(Remove(die))  # the engine refuses a die that is not a lone die of yours
            return
        picked = self.picked
        if picked is not None and die != picked and Place(picked, die) in legal:
            self.picked = None
            self.context.play(Place(picked, die))
            return
        if any(isinstance(a, Place) and a.die == die for a in legal):
            self.picked = None if picked == die else die
            self.context.tapped()
            return
        if picked is not None:
            self.context.play(Place(picked, die))  # refused: the engine says why this top will not do
            return
        error = self.engine().why_not(Place(die, die))
        if error is not None and error.rule_id == "pick":
            raise error
        raise IllegalAction(
            "place",
            WORDS("no_place_for_die", "ja", die=die_label(state, die, "ja")),
            WORDS("no_place_for_die", "en", die=die_label(state, die, "en")),
        )

    # ----- text ------------------------------------------------------------------------------------
    def status(self) -> str:
        return status_line(self.observation, self.page(), self.lang)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        return describe(before, action, after, self.page(), self.lang)

    def outcome_html(self, outcome: Outcome) -> str:
        return outcome_html(outcome, self.observation, self.page(), self.lang)

    def hint_html(self) -> str:
        return hint_html(self.observation, self.page(), self.lang)


__all__ = ["DiceOfTowerBoard", "View"]
