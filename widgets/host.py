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
- live kernels and memory of the site.

The list redraws every few seconds while the browser is there (its
heartbeat), and stops when it is gone, so the kernel can be culled.
"""

from __future__ import annotations

import asyncio
import html
import importlib
import math
import time
from typing import Any, Sequence

import ipywidgets as w

from rulebook.core import HUMAN, get_game
from rulebook.site.house import SetupError, check_setup
from rulebook.site.host import LoginGuard, TableRow, kernel_report, setups, table_rows
from rulebook.tables import links
from rulebook.tables.session import TableSession
from rulebook.tables import limits
from rulebook.tables.store import CLOSED, HOST, NoSuchTable, TableStore

from .base import PageLink, StyleSheet, asset
from .i18n import t

REFRESH_SECONDS = 2.0
"""How often the list is redrawn: "connected" must go off within 10 s of a page closing (``CONNECTED_SECONDS``)."""
QUIET_AFTER_SECONDS = 30.0
"""No heartbeat from the browser for this long: stop redrawing (nobody is looking)."""
WRONG_DELAY = 0.5
"""Seconds every wrong password costs (on top of the guard's lock)."""

WORDS: dict[str, tuple[str, str]] = {
    "title": ("ホストのページ", "Host page"),
    "password": ("パスワード", "Password"),
    "enter": ("入る", "Enter"),
    "wrong": ("パスワードが違います。", "Wrong password."),
    "locked": ("失敗が続いたので {s} 秒お待ちください。", "Too many wrong tries: wait {s} seconds."),
    "no_password": (
        "house.toml にホスト用パスワード（host_password）が設定されていないので、このページは使えません。",
        "This page is off: house.toml sets no host password (host_password).",
    ),
    "house_error": (
        "house.toml を使えないため、既定の設定で動いています（ホストのページは使えません）: {error}",
        "The house file cannot be used, so the site runs on its defaults (and this page is off): {error}",
    ),
    "tables": ("お店の開いているテーブル", "The café's open tables"),
    "tables_all": ("開いているテーブル（個人のゲームも）", "Open tables (personal games too)"),
    "no_tables": ("開いているテーブルはありません。", "No open table."),
    "show_all": ("個人のゲームも表示", "Show personal games too"),
    "show_all_hint": (
        "ふだんはこのページで開いたテーブルと、席のリンクが別の端末で開かれたテーブルだけを表示します（ひとり用・ガイド・ボット相手のゲームは除く）。",
        "Listed: tables opened here and tables whose seat link was opened on another device (not solo games, lessons or games against bots).",
    ),
    "personal": ("個人のゲーム", "personal game"),
    "new_table": ("新しいテーブル", "New table"),
    "game": ("ゲーム", "Game"),
    "players": ("人数", "Players"),
    "label": ("テーブル名", "Table name"),
    "label_hint": ("例: 3番テーブル", "e.g. Table 3"),
    "open": ("テーブルを開く", "Open the table"),
    "sheet": ("席のQRシート", "Seat sheet"),
    "close": ("閉じる", "Close"),
    "close_confirm": ("本当に閉じる", "Really close"),
    "closed": ("テーブル {id} を閉じました。", "Table {id} was closed."),
    "opened": ("テーブル {id} を開きました。席のQRシートを印刷して配ってください。", "Table {id} is open: print the seat sheet and hand it out."),
    "print": ("印刷", "Print"),
    "hide_sheet": ("シートを隠す", "Hide the sheet"),
    "scan": ("自分の席の QR コードをスマホで読み取ってください。", "Scan your seat's QR code with your phone."),
    "watch": ("観戦", "Watch"),
    "site": ("サイトの状態", "The site"),
    "kernels": (
        "動いているカーネル {n}{cap} · メモリ {mb:.0f} MB（サーバー {server:.0f} MB を含む）",
        "{n}{cap} live kernels · {mb:.0f} MB of memory (the server's {server:.0f} MB included)",
    ),
    "moves": ("{n} 手", "{n} moves"),
    "ago_s": ("{n} 秒前", "{n} s ago"),
    "ago_min": ("{n} 分前", "{n} min ago"),
    "connected": ("接続中", "connected"),
    "away": ("未接続", "not connected"),
    "bot": ("ボット", "bot"),
    "refresh": ("更新", "Refresh"),
    "no_setup": ("このゲームは開けません（設定が合いません）。", "This game cannot be opened (no set-up fits)."),
    "gone": ("そのテーブルはもうありません。", "That table is gone."),
}


# The table store's size (issue 17, item 5; docs/security.md, "Tables and the store")
WORDS.update(
    {
        "store_size": ("テーブルの保存場所 {mb:.0f} MB / 上限 {cap} MB", "Table store: {mb:.0f} MB of {cap} MB"),
        "store_full": (
            "保存場所がいっぱいです。新しいテーブル（新しいゲーム、読み込み、来店者の新しい画面）は作れません。"
            "終わったテーブルを閉じて古いものが消えるのを待つか、rulebook serve の --keep-days を短く、"
            "または --max-store-mb を大きくして再起動してください。",
            "The table store is full: no new table can be made (no new game, no loaded file, no new visitor's page). "
            "Close finished tables and let old ones be removed, or restart rulebook serve with a shorter --keep-days "
            "or a larger --max-store-mb.",
        ),
    }
)


def _table_mode_words(game: str | None, lang: str) -> str:
    """The table-mode switch worded for the game: real dice, real cards, or both (its view says which)."""
    try:
        parts = importlib.import_module(f"widgets.views.{game}").View.chance_parts if game else "dice"
    except (ImportError, AttributeError):
        parts = "dice"
    return t(f"table_mode_{parts}", lang)


def _w(key: str, lang: str, **values: Any) -> str:
    ja, en = WORDS[key]
    text = ja if lang == "ja" else en
    return text.format(**values) if values else text


def _classed(widget: w.Widget, *classes: str) -> w.Widget:
    for cls in classes:
        widget.add_class(cls)
    return widget


def _close_tree(widget: w.Widget) -> None:
    """Close a widget and everything inside it (a closed box leaves its children alive in the kernel)."""
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


PRINT_ESM = """
// Printing the seat sheet alone: Voila's page scrolls inside clipped panels, so print CSS on the
// page itself cuts the sheet off. The sheet is copied, with the site's styles, into a hidden
// frame, and that frame is printed.
function sheetDocument(button) {
  const sheet = button.closest(".rb-sheet");
  if (!sheet) return "";
  const styles = [...document.querySelectorAll("style")]
    .filter((s) => s.textContent.includes(".rb-sheet"))
    .map((s) => s.outerHTML)
    .join("");
  const title = sheet.querySelector(".rb-sheet-title");
  return "<!doctype html><html><head><meta charset='utf-8'><title>" + (title ? title.innerHTML : "") + "</title>" +
    styles + "</head><body><div class='rb-app rb-host'>" + sheet.outerHTML + "</div></body></html>";
}
function printSheet(button) {
  const html = sheetDocument(button);
  if (!html) { window.print(); return; }
  const frame = document.createElement("iframe");
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;";
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  doc.open();
  doc.write(html);
  doc.close();
  setTimeout(() => {
    frame.contentWindow.focus();
    frame.contentWindow.print();
    setTimeout(() => frame.remove(), 2000);
  }, 150);
}
function render({ el }) {
  el.style.display = "none";
  globalThis.rbSheetDocument = sheetDocument;
  globalThis.rbPrintSheet = printSheet;
}
export default { render };
"""
PRINT_ONCLICK = "(window.rbPrintSheet || function () { window.print(); })(this)"


class HostStyle(StyleSheet):
    """The shared CSS plus the host page's own (``widgets/static/host.css``), and the sheet's Print button."""

    _esm = PRINT_ESM
    _css = asset("app.css", "index.css", "host.css")


class HostPage:
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
        self.root = _classed(
            w.VBox([HostStyle(), header, self.notice, self.login, self.status, self.main, self.page_link]), "rb-app", "rb-host"
        )
        self.draw()

    # ----- signing in ---------------------------------------------------------------------------
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

    # ----- the tools (built after signing in) ----------------------------------------------------------
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
        self.sheet_box.layout.display = "none"
        new_box = _classed(
            w.VBox([self.new_title, self.game_input, self.players_input, self.seat_inputs, self.table_mode_input, self.label_input, self.open_button]),
            "rb-host-new",
        )
        site = _classed(w.HBox([self.site_box, self.refresh_button]), "rb-host-site-row")
        tables = _classed(w.VBox([self.tables_title, self.show_all, self.show_all_hint, self.tables_box]), "rb-host-list")
        self.main.children = (site, self.sheet_box, _classed(w.HBox([new_box, tables]), "rb-host-columns"))
        self._game_changed(keep.get("players"), keep.get("seats"))
        self.game_input.observe(lambda _: self._game_changed(), "value")
        self.players_input.observe(lambda _: self._players_changed(), "value")

    def _title(self, game: str) -> str:
        g = get_game(game)
        return g.title_ja if self.lang == "ja" else g.title_en

    def _setups(self) -> dict[int, dict[str, Any]]:
        name = self.game_input.value
        return setups(get_game(name), self.house.game(name).options) if name else {}

    def _house_seats(self, name: str) -> int | None:
        """How many seats the house's own options for ``name`` make (the form starts there)."""
        try:
            options, _ = check_setup(get_game(name), self.house.game(name).options)
            game = get_game(name)
            return game.num_seats(game.initial_state(options))
        except (SetupError, KeyError):
            return None

    def _game_changed(self, players: int | None = None, seats: Sequence[str] | None = None) -> None:
        choices = self._setups()
        name = self.game_input.value
        if players not in choices:
            players = self._house_seats(name) if name else None
        if players not in choices:
            players = next(iter(choices), None)
        self.table_mode_input.description = _table_mode_words(name, self.lang)
        self._quiet = True  # one redraw of the seats below, not one per trait change
        try:
            self.players_input.options = [(str(n), n) for n in choices]
            self.players_input.value = players
        finally:
            self._quiet = False
        self._players_changed(seats)

    def _players_changed(self, seats: Sequence[str] | None = None) -> None:
        if self._quiet:
            return
        name, n = self.game_input.value, self.players_input.value
        for old in self.seat_inputs.children:
            _close_tree(old)
        if not name or n is None:
            self.seat_inputs.children = ()
            return
        game = get_game(name)
        kinds = [(t("human", self.lang), HUMAN)] + [
            (labels[0] if self.lang == "ja" else labels[1], kind) for kind, labels in game.bot_kinds().items()
        ]
        allowed = {kind for _, kind in kinds}
        preset = list(seats if seats is not None else self.house.game(name).seats or [])
        boxes = []
        for k in range(n):
            value = preset[k] if k < len(preset) and preset[k] in allowed else HUMAN
            boxes.append(
                _classed(w.Dropdown(options=kinds, value=value, description=f"{t('seat', self.lang)} {k + 1}"), "rb-host-seat", f"rb-host-seat-{k}")
            )
        self.seat_inputs.children = tuple(boxes)

    def _form(self) -> dict[str, Any]:
        return {
            "game": self.game_input.value,
            "players": self.players_input.value,
            "seats": [box.value for box in self.seat_inputs.children],
            "table_mode": self.table_mode_input.value,
            "label": self.label_input.value,
            "show_all": self.show_all.value,
        }

    def open_table(self) -> str | None:
        """A new table as set in the form; shows its seat sheet. Returns its id."""
        if not self.signed_in:
            return None
        name, n = self.game_input.value, self.players_input.value
        options = self._setups().get(n)
        if options is None:
            self.message = _w("no_setup", self.lang)
            self.draw()
            return None
        seats = [box.value for box in self.seat_inputs.children]
        if limits.store_full(self.store):
            self.message = _w("store_full", self.lang)
            self.draw()
            return None
        session = TableSession.create(
            self.store,
            name,
            options,
            seats=seats,
            table_mode=self.table_mode_input.value,
            label=self.label_input.value.strip(),
            origin=HOST,
        )
        self.label_input.value = ""
        self.message = _w("opened", self.lang, id=session.table_id)
        self.show_sheet(session.table_id)
        self.draw()
        return session.table_id

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

    # ----- the seat sheet ---------------------------------------------------------------------------------
    def origin(self) -> str:
        """How phones reach the site: the house's public URL, else what this browser used."""
        return links.clean_origin(self.house.public_url) or links.clean_origin(self.page_link.origin)

    def show_sheet(self, table_id: str) -> None:
        """A printable sheet: one card per person's seat (QR code and link) and the spectator link."""
        if not self.signed_in:
            return
        try:
            info = self.store.info(table_id)
        except NoSuchTable:
            self.message = _w("gone", self.lang)
            self.draw()
            return
        game = get_game(info.game)
        tokens = self.store.seat_tokens(table_id)
        e = html.escape
        lang = self.lang
        origin = self.origin()
        title = (game.title_ja if lang == "ja" else game.title_en) + (f" · {info.label}" if info.label else "")
        cards = []
        for seat, kind in enumerate(info.seats):
            if kind != HUMAN or seat not in tokens:
                continue
            url = links.page_url(origin, info.game, table_id, [tokens[seat]], lang, claim=True)
            cards.append(
                f"<div class='rb-sheet-card rb-sheet-seat-{seat}'><div class='rb-sheet-seat'>{e(t('seat', lang))} {seat + 1}</div>"
                f"{links.qr_svg(url, scale=4)}<div class='rb-sheet-link'><a href='{e(url)}' target='_blank'>{e(url)}</a></div></div>"
            )
        watch = links.page_url(origin, info.game, table_id, [], lang)
        cards.append(
            f"<div class='rb-sheet-card rb-sheet-spectator'><div class='rb-sheet-seat'>{e(_w('watch', lang))}</div>"
            f"{links.qr_svg(watch, scale=4)}<div class='rb-sheet-link'><a href='{e(watch)}' target='_blank'>{e(watch)}</a></div></div>"
        )
        self.sheet_table = table_id
        self.sheet.value = (
            f'<div class="rb-sheet" data-table="{e(table_id)}">'
            f"<div class='rb-sheet-title'>{e(title)}</div><div class='rb-sheet-note'>{e(_w('scan', lang))}</div>"
            f"<div class='rb-sheet-cards'>{''.join(cards)}</div>"
            f"<button class='rb-sheet-print jupyter-button' onclick='{PRINT_ONCLICK}'>{e(_w('print', lang))}</button></div>"
        )
        self.sheet_box.layout.display = None

    def hide_sheet(self) -> None:
        if not self.signed_in:
            return
        self.sheet_table = None
        self.sheet.value = ""
        self.sheet_box.layout.display = "none"

    # ----- drawing --------------------------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = lang
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
        self.login.layout.display = "none" if self.signed_in or off else None
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

    # ----- staying up to date ------------------------------------------------------------------------
    def _on_beat(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The browser's heartbeat: answer it (the page reloads itself if nobody does)."""
        if isinstance(content, dict) and type(content.get("beat")) is int:
            self.page_link.pong = content["beat"]
            self._last_beat = time.monotonic()

    def watch(self) -> bool:
        """Redraw every few seconds (tables open and close, players connect) while the browser is there."""
        if self._task is not None:
            return True
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return False
        if not loop.is_running():
            return False

        async def every() -> None:
            while True:
                await asyncio.sleep(REFRESH_SECONDS)
                if time.monotonic() - self._last_beat > QUIET_AFTER_SECONDS:
                    continue
                try:
                    self.draw()
                except Exception:  # a failed redraw must not stop the next one
                    pass

        self._task = loop.create_task(every())
        return True
