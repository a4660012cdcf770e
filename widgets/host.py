"""The café host's page (``notebooks/host.ipynb``): open tables, seat sheets, closing, kernels.

Guarded by the house password (``house.toml``): before it is given the page
holds nothing about any table (widget state reaches the browser, so the
tools are not even built until then). Wrong tries are slowed and counted by
a ``LoginGuard`` shared by every host page of the site. After it:

- the open tables, with each seat's kind and whether a page holding it is
  connected, how many moves were made and when;
- a new table for any game on the shelf (players, a person or a bot in each
  seat, table mode, a label such as "Table 3"), with a printable sheet of
  seat QR codes (one per person's seat, and the spectator link);
- the sheet of any open table again, and closing a table (a second tap
  confirms: its pages stop taking moves and show the result and the replay);
- live kernels and memory of the site;
- pages per address for a named network range (``host_page/ranges.py``),
  kept in the store for every server of the site.

The list redraws every few seconds while the browser is there (its
heartbeat), and stops when it is gone (its store connection let go), so the
kernel can be culled. It asks the store the same few questions whatever the
number of tables (``rulebook.site.host.table_rows``); it keeps its timer
rather than the server's table feed because "connected" goes off with time
(a page that stops beating), which no write announces.

The parts are in ``widgets/host_page/`` (words, the new-table form, the
seat sheet, the table list); this file signs in, builds and draws.
"""

from __future__ import annotations

import asyncio
import html
import math
import time
from typing import Any, Sequence

import ipywidgets as w

from rulebook.site.host import LoginGuard, kernel_report, table_rows
from rulebook.tables.store import TableStore

from .base import Announcer, PageLink, kernel_loop
from .game_page.parts import classed as _classed
from .host_page.new_table import NewTablePart
from .host_page.ranges import RangesPart
from .host_page.parts import close_tree as _close_tree
from .lean import hide
from .host_page.sheet import PRINT_ESM, PRINT_ONCLICK, HostStyle, SheetPart
from .host_page.table_list import TableListPart
from .host_page.words import WORDS, host_word as _w
from .i18n import t

REFRESH_SECONDS = 2.0
"""How often the list is redrawn: "connected" must go off within 10 s of a page closing (``CONNECTED_SECONDS``)."""
QUIET_AFTER_SECONDS = 30.0
"""No heartbeat from the browser for this long: stop redrawing (nobody is looking)."""
WRONG_DELAY = 0.5
"""Seconds every wrong password costs (on top of the guard's lock)."""


class HostPage(NewTablePart, SheetPart, TableListPart, RangesPart):
    """The host's page: a login, then tables, a new table with its seat sheet, and the site's kernels."""

    def __init__(
        self,
        house: Any,
        store: TableStore,
        lang: str = "ja",
        notices: Sequence[tuple[str, str]] = (),
        guard: LoginGuard | None = None,
    ) -> None:
        self.house = house
        self.store = store
        self.lang = lang
        self.notices = list(notices)
        self.guard = guard if guard is not None else LoginGuard()
        self.signed_in = False
        self.message = ""
        self.closing: str | None = None
        """The table whose Close button was tapped once (a second tap closes it)."""
        self.sheet_table: str | None = None
        self._rows: dict[str, tuple[w.HBox, w.HTML, w.Button, w.Button, w.HTML]] = {}
        self._task: Any = None
        self._last_beat = time.monotonic()
        self._quiet = False
        self.title = _classed(w.HTML(), "rb-title")
        self.lang_button = _classed(w.Button(), "rb-lang")
        self.lang_button.on_click(lambda _: self.set_lang("en" if self.lang == "ja" else "ja"))
        header = _classed(w.HBox([self.title, self.lang_button]), "rb-header")
        self.notice = _classed(w.HTML(), "rb-notice")
        self.password = _classed(w.Password(), "rb-host-password")
        self.enter = _classed(w.Button(), "rb-host-enter", "rb-primary")
        self.enter.on_click(lambda _: self.sign_in(self.password.value))
        self.login = _classed(w.HBox([self.password, self.enter]), "rb-host-login")
        self.status = _classed(w.HTML(), "rb-host-status")
        self.main = _classed(w.VBox(), "rb-host-main")
        self.page_link = PageLink()
        self.page_link.on_msg(self._on_beat)
        self.language = Announcer(lang=self.lang)
        """Carries the page's language to ``<html lang>`` when the switch redraws in place."""
        self.root = _classed(
            w.VBox([HostStyle(), header, self.notice, self.login, self.status, self.main, self.page_link, self.language]), "rb-app", "rb-host"
        )
        self.draw()

    def sign_in(self, password: str) -> bool:
        """Check the password; build the host's tools only once it is right."""
        self.password.value = ""
        if self.signed_in:
            return True
        if not self.house.host_password_set:
            self.message = _w("no_password", self.lang)
        elif self.guard.locked():
            self.message = _w("locked", self.lang, s=math.ceil(self.guard.locked()))
        else:
            ok = self.house.check_password(password)
            self.guard.record(ok)
            if ok:
                self.signed_in = True
                self.message = ""
                self._build_tools()
                self.watch()
            else:
                time.sleep(WRONG_DELAY)  # every wrong try costs the guesser time
                locked = self.guard.locked()
                self.message = _w("locked", self.lang, s=math.ceil(locked)) if locked else _w("wrong", self.lang)
        self.draw()
        return self.signed_in

    def _build_tools(self, keep: dict[str, Any] | None = None) -> None:
        """The host's tools; ``keep``: form values to restore (after a language switch)."""
        keep = keep or {}
        lang = self.lang
        self.site_box = _classed(w.HTML(), "rb-host-site")
        self.refresh_button = _classed(w.Button(description=_w("refresh", lang), icon="refresh"), "rb-host-refresh")
        self.refresh_button.on_click(lambda _: self.draw())
        self.tables_title = _classed(w.HTML(), "rb-panel-title")
        self.show_all = _classed(w.Checkbox(value=bool(keep.get("show_all")), indent=False), "rb-host-show-all")
        self.show_all.observe(lambda _: self.draw(), "value")
        self.show_all_hint = _classed(w.HTML(), "rb-host-show-all-hint")
        self.tables_box = _classed(w.VBox(), "rb-host-tables")
        self.new_title = _classed(w.HTML(), "rb-panel-title")
        shelf = list(self.house.shelf)
        game = keep.get("game") if keep.get("game") in shelf else (shelf[0] if shelf else None)
        self.game_input = _classed(
            w.Dropdown(options=[(self._title(g), g) for g in shelf], value=game, description=_w("game", lang)), "rb-host-game"
        )
        self.players_input = _classed(w.Dropdown(description=_w("players", lang)), "rb-host-players")
        self.seat_inputs = _classed(w.VBox(), "rb-host-seats")
        self.table_mode_input = _classed(
            w.Checkbox(value=bool(keep.get("table_mode")), description=t("table_mode", lang), indent=False), "rb-host-table-mode"
        )
        self.label_input = _classed(
            w.Text(value=keep.get("label", ""), description=_w("label", lang), placeholder=_w("label_hint", lang)), "rb-host-label"
        )
        self.open_button = _classed(w.Button(description=_w("open", lang)), "rb-host-open", "rb-primary")
        self.open_button.on_click(lambda _: self.open_table())
        self.sheet = _classed(w.HTML(), "rb-host-sheet")
        self.hide_sheet_button = _classed(w.Button(description=_w("hide_sheet", lang)), "rb-host-hide-sheet")
        self.hide_sheet_button.on_click(lambda _: self.hide_sheet())
        self.sheet_box = _classed(w.VBox([self.sheet, self.hide_sheet_button]), "rb-host-sheet-box")
        hide(self.sheet_box, True)
        new_box = _classed(
            w.VBox([self.new_title, self.game_input, self.players_input, self.seat_inputs, self.table_mode_input, self.label_input, self.open_button]),
            "rb-host-new",
        )
        site = _classed(w.HBox([self.site_box, self.refresh_button]), "rb-host-site-row")
        tables = _classed(w.VBox([self.tables_title, self.show_all, self.show_all_hint, self.tables_box]), "rb-host-list")
        self.main.children = (site, self.sheet_box, _classed(w.HBox([new_box, tables]), "rb-host-columns"), self._build_ranges())
        self._game_changed(keep.get("players"), keep.get("seats"))
        self.game_input.observe(lambda _: self._game_changed(), "value")
        self.players_input.observe(lambda _: self._players_changed(), "value")

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.language.lang = lang
        if self.signed_in:
            keep, shown = self._form(), self.sheet_table
            for child in self.main.children:
                _close_tree(child)
            for row in list(self._rows):
                del self._rows[row]
            self._build_tools(keep)
            if shown:
                self.show_sheet(shown)
        self.message = ""
        self.draw()

    def draw(self) -> None:
        lang, e = self.lang, html.escape
        name = getattr(self.house, "name", "") or ""
        self.title.value = e(_w("title", lang) + (f" — {name}" if name else ""))
        self.lang_button.description = t("lang_switch", lang)
        self.page_link.query = f"lang={lang}"
        notices = [ja if lang == "ja" else en for ja, en in self.notices]
        self.notice.value = "".join(f"<div class='rb-notice-box'>{e(n)}</div>" for n in notices)
        self.password.description = _w("password", lang)
        self.enter.description = _w("enter", lang)
        off = not self.house.host_password_set
        hide(self.login, bool(self.signed_in or off))
        message = _w("no_password", lang) if off else self.message
        self.status.value = f"<div class='rb-notice-box rb-message'>{e(message)}</div>" if message else ""
        if not self.signed_in:
            return
        report = kernel_report()
        cap = f" / {report.cap}" if report.cap else ""
        self.site_box.value = f"<b>{e(_w('site', lang))}</b>: " + e(
            _w("kernels", lang, n=report.kernels, cap=cap, mb=report.total_mb, server=report.server_mb)
        )
        self.site_box.value += self._store_html()
        everything = bool(self.show_all.value)
        self.tables_title.value = e(_w("tables_all" if everything else "tables", lang))
        self.show_all.description = _w("show_all", lang)
        self.show_all_hint.value = f"<div class='rb-host-hint'>{e(_w('show_all_hint', lang))}</div>"
        self.new_title.value = e(_w("new_table", lang))
        rows = table_rows(self.store, everything=everything)
        shown = {r.info.id for r in rows}
        for gone in [k for k in self._rows if k not in shown]:
            _close_tree(self._rows.pop(gone)[0])
        if self.closing not in shown:
            self.closing = None
        old = [c for c in self.tables_box.children if "rb-host-row" not in c._dom_classes]
        self.tables_box.children = tuple(self._row(r) for r in rows) or (_classed(w.HTML(e(_w("no_tables", lang))), "rb-host-empty"),)
        for widget in old:
            widget.close()

    def _on_beat(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The browser's heartbeat: answer it (the page reloads itself if nobody does)."""
        if isinstance(content, dict) and type(content.get("beat")) is int:
            self.page_link.pong = content["beat"]
            self._last_beat = time.monotonic()

    def watch(self) -> bool:
        """Redraw every few seconds (tables open and close, players connect) while the browser is there."""
        if self._task is not None:
            return True
        loop = kernel_loop()
        if loop is None:
            return False

        async def every() -> None:
            while True:
                await asyncio.sleep(REFRESH_SECONDS)
                if time.monotonic() - self._last_beat > QUIET_AFTER_SECONDS:
                    self.store.release()  # nobody is looking: no store connection held until the browser beats again
                    continue
                try:
                    self.draw()
                except Exception:  # a failed redraw must not stop the next one
                    pass

        self._task = loop.create_task(every())
        return True


__all__ = ["HostPage", "HostStyle", "PRINT_ESM", "PRINT_ONCLICK", "QUIET_AFTER_SECONDS", "REFRESH_SECONDS", "WORDS", "WRONG_DELAY"]
