"""The Not My Fault! page (ver.2.0 and, through ``not_my_fault_41``, the #41 prototype): the drawing layer.

``present.py`` decides what the page shows, from the viewer's observation
only; this module owns the widgets and the page-local state (the hand typed
in table mode), turns board taps into engine actions (numbers read through
``as_int``) and draws the view model. Draw / Audit and the table-mode
entry are buttons of the action bar; declarations, the cards of a #41 hand
and the deck (ver.2.0) are tapped on the board, where a tap that cannot be
played says why next to it.
"""

from __future__ import annotations

from typing import Any, Mapping, cast

import ipywidgets as w

from rulebook.core import HUMAN, SPECTATOR, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.not_my_fault.actions import DRAW, Audit, Card, Declare, Draw, First, Place
from rulebook.games.not_my_fault.bots import make_search_bot
from rulebook.games.not_my_fault.game import NotMyFault
from rulebook.games.not_my_fault.observation import NotMyFaultObservation
from widgets.views.model import Control, ViewModel, as_int, engine_for, refuse
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView
from .common import Page, entering, not_acting_refusal, page_refusals
from .examples import example_view
from .present import present
from .report import describe, hint_html, outcome_html, status_html
from .texts import WORDS

GROUPS = {"first": "rb-first", "enter-card": "rb-enter-card", "action": "rb-action"}
"""Control key prefix → the class shared by the buttons of one kind (``rb-first-2`` is also ``rb-first``)."""


class NotMyFaultBoard(GameBoard):
    """Seats, the progress board (or milestone cards), the face-down pile, your cards."""

    _esm = esm("not_my_fault.js")
    _css = asset("app.css", "not_my_fault.css")


class View(BaseView[NotMyFaultObservation]):
    """Not My Fault!'s part of the page (``BaseView`` documents each hook)."""

    players_input: w.Dropdown  # always made in __init__ (the base class allows a game without one)
    chance_parts = "cards"

    example_board = NotMyFaultBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.v = cast(NotMyFault, context.game).variant  # the page of this game only: widgets.app picks a view by its game's name
        self.board = NotMyFaultBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.players_input = self.players_dropdown(list(range(self.v.min_players, self.v.max_players + 1)), self.v.default_players)
        self.options_widget = w.VBox([self.players_input])
        self.hand_entry: list[int] = []
        self._entry_key: tuple | None = None
        self.vm = ViewModel()
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.players_input.description = WORDS("players", lang)

    # ----- options and seats ---------------------------------------------------------------------

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        n = int(options.get("players", self.v.default_players))
        return [HUMAN] + ["search"] * (n - 1)

    def auto_roll(self, state: Any) -> bool:
        """Draws, deals and the first player follow at once: there is no die to roll by hand."""
        return True

    # ----- the facts present() needs -----------------------------------------------------------------
    def page(self, o: NotMyFaultObservation | None = None) -> Page:
        """The page-local facts for ``present`` (the viewer's seat comes from the observation)."""
        o = self.observation if o is None else o
        ctx, match = self.context, self.context.match
        acting = ctx.acting()
        return Page(
            variant=self.v,
            seats=tuple(match.seats),
            humans=tuple(ctx.human_seats()),
            acting=acting,
            table=match.table,
            hot_seat=ctx.hot_seat(),
            viewer=ctx.viewer,
            ply=len(match.actions),
            hand_entry=tuple(self.hand_entry),
        )

    def engine(self, page: Page) -> Any:
        """The engine's facts for the page's seat (legal moves only when that seat moves now)."""
        return engine_for(self.context.game, self.context.match.state, page.acting)

    def _sync_entry(self, o: NotMyFaultObservation) -> None:
        """A typed hand belongs to one deal: forget it when the table moves on."""
        key = (len(self.context.match.actions), o.phase, o.turn)
        if key != self._entry_key:
            self._entry_key = key
            self.hand_entry = []

    # ----- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        o = self.observation
        self._sync_entry(o)
        page = self.page(o)
        self.vm = present(o, self.engine(page), page, self.lang)
        self.board.view = self.vm.to_json()

    def status(self) -> str:
        o = self.observation
        return status_html(o, self.page(o), self.lang)

    def describe(self, before: Any, action: Any, after: Any) -> str | None:
        """One public log line, written from the public observations around the move."""
        game = self.context.game
        public = (self.observe(before, SPECTATOR), self.observe(after, SPECTATOR))
        return describe(public[0], action, public[1], game.outcome(after), self.page(), self.lang)

    def outcome_html(self, outcome: Outcome) -> str:
        o = self.observation
        return outcome_html(outcome, o, self.page(o), self.lang)

    def hint_html(self) -> str:
        o = self.observation
        page = self.page(o)
        return hint_html(o, self.engine(page), page, self.lang, self.search_advice(o, make_search_bot)[0] if page.acting else None)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    # ----- moves -----------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Every move: the board (declarations, cards, the deck) or the view model's buttons make it."""
        return isinstance(action, (Place, Card, First, Declare, Draw, Audit))

    def extra_controls(self) -> list[w.Widget]:
        """The view model's buttons; a disabled one stays tappable and says why (Draw / Audit only when playable)."""
        return [self.control_button(c, GROUPS.get(c.key.rsplit("-", 1)[0])) for c in self.vm.controls
                if c.enabled or not c.key.startswith("action-")]

    def _press(self, control: Control) -> None:
        o = self.observation
        page = self.page(o)
        if not control.enabled:
            error = page_refusals(o, page).get(control.key)
            if error is not None:
                raise error
            raise not_acting_refusal(o, page, self.engine(page), control.action)
        key = control.key
        if key == "entry-reveal":
            self._open_cover(o.turn)
        elif key == "entry-back":
            self.hand_entry.pop()
            self.context.tapped()
        elif key == "entry-confirm":
            cards = [Card(x) for x in self.hand_entry]
            self.hand_entry = []
            self.context.play_group(cards)
        elif key.startswith("enter-card-") and entering(o, page) == "hand":
            self.hand_entry.append(self.context.game.parse_action(control.action).value)  # typed, played on Confirm
            self.context.tapped()
        else:
            self.context.play(self.context.game.parse_action(control.action))

    def _open_cover(self, seat: int) -> None:
        """The person of ``seat`` holds the tablet now: the page shows their view from here on
        (so the app's pass screen comes up when the next person's move follows)."""
        if entering(self.observation, self.page()) == "hand" and self.observation.turn == seat:
            self.context.hand_to(seat)
        self.context.refresh()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A tap on the board: {type: "declare", number} / {type: "place", value} / {type: "draw"}, with the ply drawn."""
        if not isinstance(content, dict) or content.get("type") not in ("place", "declare", "draw"):
            return
        ply = content.get("ply")
        if ply is not None and as_int(ply) != len(self.context.match.actions):
            raise refuse(WORDS, "turn", "stale_tap")  # a tap on a drawing that is gone (a double tap): say so
        kind = content["type"]
        if kind == "draw":
            action: Any = DRAW
        elif kind == "place":
            value = as_int(content.get("value"), 0)
            action = Place(-1 if value is None else value)  # the engine words the refusal of a card that is not there
        else:
            number = as_int(content.get("number"), 0)
            action = Declare(-1 if number is None else number)
        o = self.observation
        page = self.page(o)
        if not page.acting:
            raise not_acting_refusal(o, page, self.engine(page), action)
        self.context.play(action)

