"""The Lemon Poker page: the drawing layer.

``present.py`` decides what the page shows, from the viewer's observation
only; this module owns the widgets, turns board taps into engine actions
(numbers read through ``as_int``) and draws the view model. The places of
the two groups (turn a card up) and the stakes of the bet rows are tapped on
the board, where a tap that cannot be played says why next to it; the
dealer's swaps and Sorted are buttons of the action bar. Hot seat: the app's
pass screen hides the dealer's cards from the child between moves.

Table mode (a real deck): the cards the dealer types in on the board's grid
are page-local (``entry``) until Dealt plays the twelve deals as one move;
Take one back and Dealt are buttons of the action bar (``entry.py``).
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core import HUMAN, SPECTATOR, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.lemon_poker import advice as lp_advice
from rulebook.games.lemon_poker.actions import DEALS, Bet, Show, Sorted, Swap
from rulebook.games.lemon_poker.cards import CardError, card_text, parse_card
from rulebook.games.lemon_poker.observation import LemonPokerObservation
from widgets.views.model import Control, ViewModel, as_int, engine_for, refuse
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView
from .entry import card_refusal, cover_needed, entering, entry_refusals, not_your_deal, types_deal
from .examples import example_view
from .present import Page, not_acting_refusal, present, status_text
from .report import describe, hint_html, outcome_html
from .texts import WORDS

HAND_CHOICES = (2, 4, 6, 8, 10, 12, 16, 20)


class LemonPokerBoard(GameBoard):
    """Seats with chips, the community cards, the two groups of five, the bet rows, the last hand."""

    _esm = esm("lemon_poker.js")
    _css = asset("app.css", "lemon_poker.css")


class View(BaseView[LemonPokerObservation]):
    """Lemon Poker's part of the page (``BaseView`` documents each hook)."""

    example_board = LemonPokerBoard
    table_mode = True
    chance_parts = "cards"
    """A real deck: the dealer types in the twelve cards dealt (``entry.py``)."""

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        import ipywidgets as w

        self.board = LemonPokerBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.hands_input = w.Dropdown(options=list(HAND_CHOICES), value=10)
        self.hands_input.add_class("rb-hands")
        self.options_widget = w.VBox([self.hands_input])
        self._advice_cache: dict[tuple, Any] = {}
        self.entry: list[str] = []  # type: ignore[assignment]  # cards, not BaseView's dice pips: this view never builds the dice box
        """Table mode: the cards typed in for this deal so far (page-local until Dealt)."""
        self._entry_key: tuple = ()
        self.vm = ViewModel()
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.hands_input.description = "手数" if lang == "ja" else "Hands"

    # ----- options and seats ---------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        return {"hands": int(self.hands_input.value)}

    def set_options(self, options: Mapping[str, Any]) -> None:
        value = options.get("hands", 10)
        if value in HAND_CHOICES:
            self.hands_input.value = value

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        return [HUMAN, "odds"]

    def auto_roll(self, state: Any) -> bool:
        """The deal follows at once: there is nothing to roll by hand."""
        return True

    # ----- the facts present() needs -------------------------------------------------------------
    def page(self, o: LemonPokerObservation | None = None) -> Page:
        o = self.observation if o is None else o
        ctx, match = self.context, self.context.match
        acting = ctx.acting()
        return Page(seats=tuple(match.seats), humans=tuple(ctx.human_seats()), acting=acting, hot_seat=ctx.hot_seat(),
                    viewer=ctx.viewer, ply=len(match.actions), table=match.table, entry=tuple(self.entry))

    def engine(self, page: Page) -> Any:
        return engine_for(self.context.game, self.context.match.state, page.acting)

    # ----- drawing -------------------------------------------------------------------------------
    def _sync_entry(self) -> None:
        """Typed cards belong to one deal: forget them when the table moves on (another device, a new game)."""
        key = (self.context.table_id, len(self.context.match.actions))
        if key != self._entry_key:
            self._entry_key = key
            self.entry = []

    def refresh(self) -> None:
        self._sync_entry()
        o = self.observation
        page = self.page(o)
        self.vm = present(o, self.engine(page), page, self.lang)
        self.board.view = self.vm.to_json()

    def status(self) -> str:
        import html

        o = self.observation
        return status_text(o, self.page(o), self.lang, bold=lambda s: f"<b>{html.escape(s)}</b>")

    def describe(self, before: Any, action: Any, after: Any) -> str | None:
        return describe(self.observe(before, SPECTATOR), action, self.observe(after, SPECTATOR), self.page(), self.lang)

    def outcome_html(self, outcome: Outcome) -> str:
        o = self.observation
        return outcome_html(outcome, o, self.page(o), self.lang)

    def hint_html(self) -> str:
        o = self.observation
        page = self.page(o)
        return hint_html(o, page, self.lang, self._advice(o) if page.acting else None)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    # ----- moves ---------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Every move: the board (places, stakes) or the view model's buttons make it."""
        return isinstance(action, (Show, Bet, Swap, Sorted))

    def extra_controls(self) -> list[Any]:
        return [self.control_button(c, "rb-swap" if c.key.startswith("swap-") else None) for c in self.vm.controls]

    def _press(self, control: Control) -> None:
        o = self.observation
        page = self.page(o)
        key = control.key
        if entering(o, page) and key.startswith("entry-"):
            error = entry_refusals(o, page).get(key)
            if error is not None:
                raise error
            if key == "entry-reveal":
                if cover_needed(o, page):  # the dealer holds the shared tablet now
                    self.context.hand_to(o.dealer)
            elif not types_deal(o, page):  # a button left from a moment that has passed
                raise not_your_deal(o, page)
            elif key == "entry-back":
                self.entry.pop()
            else:  # Dealt: the twelve as one move; the typed cards go once the table has them
                self.context.play_group([DEALS[parse_card(c)] for c in self.entry])
                return
            self.context.tapped()
            return
        action = self.context.game.parse_action(control.action)
        if not page.acting:
            raise not_acting_refusal(o, page, self.engine(page), action)
        self.context.play(action)

    def _enter(self, card: Any) -> None:
        """A card of the table-mode grid tapped: typed in (played with the others on Dealt), or refused."""
        try:
            name = card_text(parse_card(card)) if isinstance(card, str) else None
        except CardError:
            name = None
        if name is None:
            return  # not a card of the grid: nothing was tapped
        o = self.observation
        page = self.page(o)
        error = card_refusal(name, o, page)
        if error is not None:
            raise error
        self.entry.append(name)
        self.context.tapped()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A tap on the board: {type: "show", group, place} / {type: "bet", group, chips} / (table mode)
        {type: "enter", card}, with the ply drawn."""
        if not isinstance(content, dict) or content.get("type") not in ("show", "bet", "enter"):
            return
        ply = content.get("ply")
        if ply is not None and as_int(ply) != len(self.context.match.actions):
            raise refuse(WORDS, RULE_FALLBACK, "stale_tap")
        if content["type"] == "enter":
            self._enter(content.get("card"))
            return
        group = as_int(content.get("group"), 0, 1)
        if content["type"] == "show":
            place = as_int(content.get("place"), 0, 4)
            if group is None or place is None:
                return
            action: Any = Show(group, place)
        else:
            chips = as_int(content.get("chips"), 1, 5)
            if group is None or chips is None:
                return
            action = Bet(group, chips)
        o = self.observation
        page = self.page(o)
        if not page.acting:
            raise not_acting_refusal(o, page, self.engine(page), action)
        self.context.play(action)

    def _advice(self, o: LemonPokerObservation) -> Any:
        """The advice for the viewer's move (cached per position: the dealer's table takes a second)."""
        key = (len(self.context.match.actions), o.you)
        if key not in self._advice_cache:
            if len(self._advice_cache) > 16:
                self._advice_cache.clear()
            self._advice_cache[key] = lp_advice.child_advice(o) or lp_advice.dealer_advice(o)
        return self._advice_cache[key]


RULE_FALLBACK = "actions"

__all__ = ["LemonPokerBoard", "View"]
