"""The Kokkuri-san page: the drawing layer.

``present.py`` decides what the page shows, from the viewer's observation
only; this module owns the widgets and the page-local state (the card chosen
from the hand, the card data chosen for the next game), turns board taps
into engine actions (numbers read through ``as_int``) and draws the view
model. Cards are chosen in the hand and played with ▲/▼ under a candidate;
patron effects are tapped on the board (a face-down card, "move here") or
are buttons of the action bar (swaps, an optional draw, Skip).

The options panel holds the player count and the card data: the stand-in
(KS-1) or a replacement file chosen with a size-checked picker (the site's
``RecordUpload``); a refused file shows ``CardDataError``'s message with its
rule id, and the file's form is described there.
"""

from __future__ import annotations

import html
import json
from typing import Any, Mapping

import ipywidgets as w

from rulebook.core import HUMAN, SPECTATOR, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.kokkuri_san.actions import Draw, Flip, Move, Play, Skip, Swap
from rulebook.games.kokkuri_san.bots import make_search_bot
from rulebook.games.kokkuri_san.cards import CardDataError, load_cards
from widgets.views.model import Control, ViewModel, as_int, engine_for, refuse

from ...base import GameBoard, RecordUpload, asset, esm
from ..base import BaseView
from .examples import FORMAT_HTML, example_view
from .present import Page, not_acting_refusal, present, status_text
from .report import describe, hint_html, outcome_html
from .texts import WORDS

MAX_CARD_FILE = 64_000
"""Bytes: a card file is a few kilobytes; anything larger is refused in the browser before it is sent."""


class KokkuriBoard(GameBoard):
    """The candidates with their points and patron effects, tokens and cards under them, seats, your hand."""

    _esm = esm("kokkuri_san.js")
    _css = asset("app.css", "kokkuri_san.css")


class View(BaseView):
    """Kokkuri-san's part of the page (``BaseView`` documents each hook)."""

    example_board = KokkuriBoard
    table_mode = False
    """Real cards are not typed in on this page (yet): every game is dealt by the computer."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.board = KokkuriBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.app.guarded(self._on_message))
        self.widget = self.board
        self.players_input = self.players_dropdown([3, 4], 4)
        self.cards_data: Any = None
        self.cards_name = ""
        self.cards_upload = RecordUpload(max_bytes=MAX_CARD_FILE)
        self.cards_upload.add_class("rb-ks-cards-upload")
        self.cards_upload.on_msg(self.app.guarded(self._on_cards_file))
        self.cards_reset = w.Button()
        self.cards_reset.add_class("rb-ks-cards-reset")
        self.cards_reset.on_click(self.app.guarded(lambda _: self._use_cards(None, "")))
        self.cards_note = w.HTML()
        self.cards_note.add_class("rb-ks-cards-note")
        self.cards_format = w.HTML()
        self.cards_format.add_class("rb-ks-cards-format")
        self.cards_error: CardDataError | None = None
        self.options_widget = w.VBox([self.players_input, w.HBox([self.cards_upload, self.cards_reset]), self.cards_note, self.cards_format])
        self.selected: int | None = None
        self._selected_ply = -1
        self.vm = ViewModel()
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.players_input.description = WORDS("players", lang)
        self.cards_upload.label = WORDS("cards_file", lang)
        self.cards_reset.description = WORDS("cards_standin", lang)
        self.cards_format.value = FORMAT_HTML[lang if lang == "ja" else "en"]
        self._draw_cards_note()

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

    def _on_cards_file(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A card file chosen in the options: its text is validated now, so a bad file never starts a game."""
        if not isinstance(content, dict):
            return
        name = str(content.get("name", ""))[:60]
        text = content.get("text")
        if content.get("too_big") is not None or not isinstance(text, str):
            self.cards_error = CardDataError(name, *WORDS.both("cards_too_big", limit=MAX_CARD_FILE))
            self._draw_cards_note()
            raise self.cards_error
        try:
            load_cards(text)
        except CardDataError as error:
            self.cards_error = error
            self._draw_cards_note()
            raise
        self._use_cards(json.loads(text), name)

    def _use_cards(self, data: Any, name: str) -> None:
        self.cards_data, self.cards_name, self.cards_error = data, name, None
        self._draw_cards_note()

    def _draw_cards_note(self) -> None:
        lang = self.lang
        if self.cards_data is None:
            line = WORDS("cards_in_use_standin", lang)
        else:
            n = len(self.cards_data.get("candidates", ())) if isinstance(self.cards_data, dict) else 0
            line = WORDS("cards_in_use_file", lang, name=self.cards_name or "cards.json", n=n)
        out = f"<div class='rb-ks-cards-in-use'>{html.escape(line)}</div>"
        error = self.cards_error
        if error is not None:
            out += (
                f"<div class='rb-ks-cards-error' data-rule='{html.escape(error.rule_id)}'>"
                f"<b>{html.escape(WORDS('cards_refused', lang))}</b> <code>{html.escape(error.rule_id)}</code> "
                f"<span class='rb-ks-cards-error-text'>{html.escape(error.message(lang))}</span></div>"
            )
        self.cards_note.value = out

    # ----- the facts present() needs --------------------------------------------------------------------
    def page(self, o: Mapping[str, Any] | None = None) -> Page:
        o = self.observation if o is None else o
        app, match = self.app, self.app.match
        you = o["you"]
        acting = you >= 0 and match.current_player == you and match.waiting_for_user() and app.session.can_act()
        ply = len(match.actions)
        selected = self.selected if self._selected_ply == ply and o["hand"] and self.selected in o["hand"] else None
        return Page(
            cards=app.game.card_set(o["cards"]),
            seats=tuple(match.seats),
            humans=tuple(app.human_seats()),
            acting=acting,
            viewer=app.viewer,
            ply=ply,
            selected=selected if acting else None,
        )

    def engine(self, page: Page) -> Any:
        return engine_for(self.app.game, self.app.match.state, page.acting)

    # ----- drawing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        o = self.observation
        page = self.page(o)
        self.vm = present(o, self.engine(page), page, self.lang)
        self.board.view = self.vm.to_json()

    def status(self) -> str:
        o = self.observation
        return html.escape(status_text(o, self.page(o), self.lang))

    def describe(self, before: Any, action: Any, after: Any) -> str | None:
        game = self.app.game
        line = describe(game.observe(before, SPECTATOR), action, game.observe(after, SPECTATOR), self.page(), self.lang)
        return None if line is None else line + self._end_note(after)

    def outcome_html(self, outcome: Outcome) -> str:
        o = self.observation
        return outcome_html(outcome, o, self.page(o), self.lang)

    def hint_html(self) -> str:
        o = self.observation
        page = self.page(o)
        return hint_html(o, self.search_advice(o, make_search_bot)[0] if page.acting else None, page, self.lang)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.app.game, spec, lang)

    # ----- moves ---------------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Every move: the board (hand, ▲/▼, face-down cards, "move here") or the view model's buttons make it."""
        return isinstance(action, (Play, Flip, Swap, Move, Draw, Skip))

    def extra_controls(self) -> list[w.Widget]:
        buttons = []
        for c in self.vm.controls:
            group = "rb-ks-swap" if c.key.startswith("swap-") else None
            classes = tuple(x for x in (group, f"rb-{c.key}", "rb-primary" if c.highlight else None, None if c.enabled else "rb-disabled") if x)
            button = self.app.fresh_button(c.label, classes, lambda c=c: self._press(c))
            if c.reason:
                button.tooltip = c.reason
            buttons.append(button)
        return buttons

    def _press(self, control: Control) -> None:
        if not control.enabled:
            o = self.observation
            page = self.page(o)
            error = self.engine(page).why_not(self.app.game.parse_action(control.action)) if page.acting else None
            raise error or not_acting_refusal(o, page, self.engine(page), self.app.game.parse_action(control.action))
        self.app.play(self.app.game.parse_action(control.action))

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A tap on the board: {type: "select", index} / {type: "play", pos, up} / {type: "flip", pos, index} / {type: "move", pos}."""
        if not isinstance(content, dict) or content.get("type") not in ("select", "play", "flip", "move"):
            return
        ply = content.get("ply")
        if ply is not None and as_int(ply) != len(self.app.match.actions):
            raise refuse(WORDS, "turn", "stale_tap")
        o = self.observation
        page = self.page(o)
        kind = content["type"]
        if kind == "select":
            index = as_int(content.get("index"), 0, len(o["hand"] or ()) - 1)
            if index is None or not page.acting:
                raise not_acting_refusal(o, page, self.engine(page), Play(0, 0, True))
            self.selected, self._selected_ply = o["hand"][index], len(self.app.match.actions)
            self.app.tapped()
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
        self.app.play(action)


__all__ = ["KokkuriBoard", "View"]
