"""The Kokkuri-san page: the drawing layer.

``present.py`` decides what the page shows, from the viewer's observation
only; this module owns the widgets and the page-local state (the card chosen
from the hand, the card data chosen for the next game), turns board taps
into engine actions (numbers read through ``as_int``) and draws the view
model. Cards are chosen in the hand and played with ▲/▼ under a candidate;
patron effects are tapped on the board (a face-down card, "move here") or
are buttons of the action bar (swaps, an optional draw, Skip).

The options panel holds the player count and the card data (``card_file_widgets.py``):
the stand-in (KS-1) or a replacement file chosen with a size-checked picker;
a refused file shows ``CardDataError``'s message with its rule id.

Table mode (the real box): the candidate row, the start player and every
draw are typed in (``entry.py``); typed values are page-local (``entry``)
until Done plays them as one move.
"""

from __future__ import annotations

import html
from typing import Any, Mapping, cast

import ipywidgets as w

from rulebook.core import HUMAN, SPECTATOR, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.kokkuri_san.actions import Card, Draw, Flip, Move, Order, Play, Skip, Swap
from rulebook.games.kokkuri_san.bots import make_search_bot
from rulebook.games.kokkuri_san.game import KokkuriSan
from rulebook.games.kokkuri_san.observation import KokkuriSanObservation
from widgets.views.model import Control, ViewModel, as_int, engine_for, refuse
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView
from .card_file_widgets import MAX_CARD_FILE, CardFileOptions
from .entry import cover_needed, entering, entry_refusals, not_your_entry, types_entry, value_refusal
from .examples import example_view
from .present import Page, not_acting_refusal, present, status_text
from .report import describe, hint_html, outcome_html
from .texts import WORDS

class KokkuriBoard(GameBoard):
    """The candidates with their points and patron effects, tokens and cards under them, seats, your hand."""

    _esm = esm("kokkuri_san.js")
    _css = asset("app.css", "kokkuri_san.css")


class View(BaseView[KokkuriSanObservation], CardFileOptions):
    """Kokkuri-san's part of the page (``BaseView`` documents each hook)."""

    players_input: w.Dropdown  # always made in __init__ (the base class allows a game without one)

    example_board = KokkuriBoard
    table_mode = True
    chance_parts = "cards"
    """The real box: the row, the start player and every draw are typed in (``entry.py``)."""

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.board = KokkuriBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.players_input = self.players_dropdown([3, 4], 4)
        self.options_widget = w.VBox([self.players_input, *self.build_card_file()])
        self.selected: int | None = None
        self._selected_ply = -1
        self.entry: list[int] = []
        """Table mode: what this page has typed for the chance move now (page-local until Done)."""
        self._entry_key: tuple = ()
        self.vm = ViewModel()
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.players_input.description = WORDS("players", lang)
        self.card_file_lang(lang)

    # ----- options: players and the card data ----------------------------------------------------------
    def options(self) -> dict[str, Any]:
        return {"players": int(self.players_input.value), "cards": self.cards_data}

    def set_options(self, options: Mapping[str, Any]) -> None:
        super().set_options(options)
        data = options.get("cards")
        if data != self.cards_data:
            self.cards_data, self.cards_name = data, ("" if data is None else self.cards_name or "cards.json")
        self.cards_error = None
        self._draw_cards_note()

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        n = int(options.get("players", 4))
        return [HUMAN] + ["search"] * (n - 1)

    def auto_roll(self, state: Any) -> bool:
        """The row, the start player and every draw follow at once: the computer deals."""
        return True

    # ----- the facts present() needs --------------------------------------------------------------------
    def page(self, o: KokkuriSanObservation | None = None) -> Page:
        o = self.observation if o is None else o
        ctx, match = self.context, self.context.match
        acting = ctx.acting()
        ply = len(match.actions)
        selected = self.selected if self._selected_ply == ply and o.hand and self.selected in o.hand else None
        return Page(
            cards=cast(KokkuriSan, ctx.game).card_set(o.cards),  # the page of this game only: widgets.app picks a view by its game's name
            seats=tuple(match.seats),
            humans=tuple(ctx.human_seats()),
            acting=acting,
            viewer=ctx.viewer,
            ply=ply,
            selected=selected if acting else None,
            table=match.table,
            hot_seat=ctx.hot_seat(),
            entry=tuple(self.entry),
        )

    def engine(self, page: Page) -> Any:
        return engine_for(self.context.game, self.context.match.state, page.acting)

    # ----- drawing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        key = (self.context.table_id, len(self.context.match.actions))
        if key != self._entry_key:  # typed values belong to one chance move: gone when the table moves on
            self._entry_key, self.entry = key, []
        o = self.observation
        page = self.page(o)
        self.vm = present(o, self.engine(page), page, self.lang)
        self.board.view = self.vm.to_json()

    def status(self) -> str:
        o = self.observation
        return html.escape(status_text(o, self.page(o), self.lang))

    def describe(self, before: Any, action: Any, after: Any) -> str | None:
        line = describe(self.observe(before, SPECTATOR), action, self.observe(after, SPECTATOR), self.page(), self.lang)
        return None if line is None else line + self._end_note(after)

    def outcome_html(self, outcome: Outcome) -> str:
        o = self.observation
        return outcome_html(outcome, o, self.page(o), self.lang)

    def hint_html(self) -> str:
        o = self.observation
        page = self.page(o)
        return hint_html(o, self.search_advice(o, make_search_bot)[0] if page.acting else None, page, self.lang)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    # ----- moves ---------------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Every move: the board (hand, ▲/▼, face-down cards, "move here") or the view model's buttons make it."""
        return isinstance(action, (Play, Flip, Swap, Move, Draw, Skip))

    def extra_controls(self) -> list[w.Widget]:
        return [self.control_button(c, "rb-ks-swap" if c.key.startswith("swap-") else None) for c in self.vm.controls]

    def _press(self, control: Control) -> None:
        o = self.observation
        page = self.page(o)
        if entering(o, page) and control.key.startswith("entry-"):
            self._press_entry(control.key, o, page)
            return
        if not control.enabled:
            o = self.observation
            page = self.page(o)
            error = self.engine(page).why_not(self.context.game.parse_action(control.action)) if page.acting else None
            raise error or not_acting_refusal(o, page, self.engine(page), self.context.game.parse_action(control.action))
        self.context.play(self.context.game.parse_action(control.action))

    def _press_entry(self, key: str, o: Any, page: Page) -> None:
        """Table mode: the drawer takes the shared tablet, Take one back, or Done (the typed values as one move)."""
        error = entry_refusals(o, page).get(key)
        if error is not None:
            raise error
        if key == "entry-reveal":
            if cover_needed(o, page):
                self.context.hand_to(o.drawer)
        elif not types_entry(o, page):  # a button left from a moment that has passed
            raise not_your_entry(o, page)
        elif key == "entry-back":
            self.entry.pop()
        elif entering(o, page) == "order":
            self.context.play(Order(tuple(self.entry)))
            return
        else:
            self.context.play_group([Card(k) for k in self.entry])
            return
        self.context.tapped()

    def _enter(self, raw: Any) -> None:
        """A candidate or card kind tapped on the typing panel: typed in (played on Done), or refused."""
        o = self.observation
        page = self.page(o)
        what = entering(o, page)
        limit = len(page.cards.candidates) - 1 if what == "order" else 11
        value = as_int(raw, 0, limit)
        if value is None or what not in ("order", "cards"):
            return  # nothing of the panel was tapped
        error = value_refusal(value, o, page)
        if error is not None:
            raise error
        self.entry.append(value)
        self.context.tapped()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A tap on the board: {type: "select", index} / {type: "play", pos, up} / {type: "flip", pos, index} /
        {type: "move", pos} / (table mode) {type: "enter", value}."""
        if not isinstance(content, dict) or content.get("type") not in ("select", "play", "flip", "move", "enter"):
            return
        ply = content.get("ply")
        if ply is not None and as_int(ply) != len(self.context.match.actions):
            raise refuse(WORDS, "turn", "stale_tap")
        if content["type"] == "enter":
            self._enter(content.get("value"))
            return
        o = self.observation
        page = self.page(o)
        kind = content["type"]
        if kind == "select":
            hand = o.hand or []
            index = as_int(content.get("index"), 0, len(hand) - 1)
            if index is None or not page.acting:
                raise not_acting_refusal(o, page, self.engine(page), Play(0, 0, True))
            self.selected, self._selected_ply = hand[index], len(self.context.match.actions)
            self.context.tapped()
            return
        pos = as_int(content.get("pos"), 0)
        pos = -1 if pos is None else pos
        if kind == "play":
            if page.selected is None:
                raise refuse(WORDS, "hand", "choose_first")
            action: Any = Play(pos, page.selected, content.get("up") is True)
        elif kind == "flip":
            index = as_int(content.get("index"), 0)
            action = Flip(pos, -1 if index is None else index)
        else:
            action = Move(pos)
        if not page.acting:
            raise not_acting_refusal(o, page, self.engine(page), action)
        self.selected = None
        self.context.play(action)


__all__ = ["MAX_CARD_FILE", "KokkuriBoard", "View"]
