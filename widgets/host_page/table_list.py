"""The host's list of open tables (each seat's kind and whether a page holding it is connected, moves,
the last move's age), closing a table with a second tap, and the store's size against its cap."""

from __future__ import annotations

import html
import time

import ipywidgets as w

from rulebook.core import HUMAN, get_game
from rulebook.site.host import TableRow
from rulebook.tables import limits, links
from rulebook.tables.store import CLOSED, NoSuchTable

from ..game_page.parts import classed as _classed
from ..i18n import t
from .parts import HostParts
from .words import host_word as _w


class TableListPart(HostParts):
    """The table list's rows, closing, and the store's size."""

    def close_table(self, table_id: str) -> None:
        """Close a table: its pages stop taking moves (and show the result and replay)."""
        if not self.signed_in:
            return
        self.closing = None
        try:
            self.store.set_status(table_id, CLOSED)
        except NoSuchTable:
            self.message = _w("gone", self.lang)
        else:
            self.message = _w("closed", self.lang, id=table_id)
        if self.sheet_table == table_id:
            self.hide_sheet()
        self.draw()

    def _close_clicked(self, table_id: str) -> None:
        """The first tap on Close asks again (a table in play is one tap from being closed); the second closes."""
        if self.closing == table_id:
            self.close_table(table_id)
        else:
            self.closing = table_id
            self.draw()

    def _row_text(self, row: TableRow) -> str:
        lang, e = self.lang, html.escape
        info = row.info
        game = get_game(info.game)
        seats = []
        for s in row.seats:
            if s.kind == HUMAN:
                state = _w("connected" if s.connected else "away", lang)
                seats.append(f"<span class='rb-host-seat-state rb-presence-{'on' if s.connected else 'off'}'>{s.seat + 1}: {e(state)}</span>")
            else:
                seats.append(f"<span class='rb-host-seat-state rb-presence-bot'>{s.seat + 1}: {e(_w('bot', lang))}</span>")
        age = max(0, int(time.time() - info.updated))
        when = _w("ago_min", lang, n=age // 60) if age >= 60 else _w("ago_s", lang, n=age)
        return (
            f"<div class='rb-host-row-title'><b>{e(game.title_ja if lang == 'ja' else game.title_en)}</b>"
            + (f" · {e(info.label)}" if info.label else "")
            + f" · <code>{e(info.id)}</code></div>"
            + f"<div class='rb-host-row-meta'>{e(_w('moves', lang, n=info.moves))} · {e(when)}"
            + (f" · {e(t('table_on', lang))}" if info.table_mode else "")
            + ("" if row.cafe else f" · <span class='rb-host-personal'>{e(_w('personal', lang))}</span>")
            + f"</div><div class='rb-host-row-seats'>{' '.join(seats)}</div>"
        )

    def _row(self, row: TableRow) -> w.HBox:
        """The list line of a table: made once per table, its text and buttons updated on every redraw."""
        info, lang = row.info, self.lang
        found = self._rows.get(info.id)
        if found is None:
            text = _classed(w.HTML(), "rb-host-row-text")
            sheet = _classed(w.Button(), "rb-host-sheet-button", f"rb-host-sheet-{info.id}")
            sheet.on_click(lambda _, table=info.id: self.show_sheet(table))
            close = _classed(w.Button(), "rb-host-close", f"rb-host-close-{info.id}")
            close.on_click(lambda _, table=info.id: self._close_clicked(table))
            link = _classed(w.HTML(), "rb-host-watch-link")
            box = _classed(w.HBox([text, w.HBox([sheet, close, link], layout=w.Layout(flex="0 0 auto"))]), "rb-host-row", f"rb-host-row-{info.id}")
            found = (box, text, sheet, close, link)
            self._rows[info.id] = found
        box, text, sheet, close, link = found
        text.value = self._row_text(row)
        sheet.description = _w("sheet", lang)
        confirming = self.closing == info.id
        close.description = _w("close_confirm" if confirming else "close", lang)
        close.button_style = "danger" if confirming else ""
        watch = links.page_url("", info.game, info.id, [], lang)
        link.value = f"<a class='rb-host-watch' href='{html.escape(watch)}' target='_blank'>{html.escape(_w('watch', lang))}</a>"
        return box

    def _store_html(self) -> str:
        """The store's size against its cap, and what to do when it is full (new tables are refused then)."""
        cap = limits.max_store_bytes()
        if not cap:
            return ""
        used = self.store.size_bytes()
        text = html.escape(_w("store_size", self.lang, mb=used / 2**20, cap=cap // 2**20))
        if used >= cap:
            full = html.escape(_w("store_full", self.lang))
            return f"<div class='rb-store-size rb-store-full'>{text}</div><div class='rb-notice-box rb-store-full'>{full}</div>"
        return f"<div class='rb-store-size'>{text}</div>"
