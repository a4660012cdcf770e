"""The card data option of the Kokkuri-san page: the stand-in (KS-1) or an owner's replacement file.

A mixin of the view: the size-checked file picker (the site's ``RecordUpload``),
the button back to the stand-in, a line saying which data the next game uses,
a refused file's ``CardDataError`` with its rule id, and the file's form. A
file is validated when chosen, so a bad file never starts a game.
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from rulebook.games.kokkuri_san.cards import CardDataError, load_cards
from widgets.game_page.context import PageContext

from ...base import RecordUpload
from .examples import FORMAT_HTML
from .texts import WORDS

MAX_CARD_FILE = 64_000
"""Bytes: a card file is a few kilobytes; anything larger is refused in the browser before it is sent."""


class CardFileOptions:
    """``cards_data`` (None: the stand-in) and the widgets that choose it; the view's ``context`` and ``lang`` are used."""

    context: PageContext

    if TYPE_CHECKING:  # the view's own (BaseView.lang, read-only), declared for the checker and never defined here

        @property
        def lang(self) -> str: ...

    def build_card_file(self) -> list[w.Widget]:
        """Create the widgets; returns the rows for the options panel."""
        self.cards_data: Any = None
        self.cards_name = ""
        self.cards_upload = RecordUpload(max_bytes=MAX_CARD_FILE)
        self.cards_upload.add_class("rb-ks-cards-upload")
        self.cards_upload.on_msg(self.context.guarded(self._on_cards_file))
        self.cards_reset = w.Button()
        self.cards_reset.add_class("rb-ks-cards-reset")
        self.cards_reset.on_click(self.context.guarded(lambda _: self._use_cards(None, "")))
        self.cards_note = w.HTML()
        self.cards_note.add_class("rb-ks-cards-note")
        self.cards_format = w.HTML()
        self.cards_format.add_class("rb-ks-cards-format")
        self.cards_error: CardDataError | None = None
        return [w.HBox([self.cards_upload, self.cards_reset]), self.cards_note, self.cards_format]

    def card_file_lang(self, lang: str) -> None:
        self.cards_upload.label = WORDS("cards_file", lang)
        self.cards_reset.description = WORDS("cards_standin", lang)
        self.cards_format.value = FORMAT_HTML[lang if lang == "ja" else "en"]
        self._draw_cards_note()

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
