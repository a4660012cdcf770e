"""The café host's page (``notebooks/host.ipynb``): open tables, seat sheets, closing, kernels.

Guarded by the house password (``house.toml``): before it is given the page
holds nothing about any table (widget state reaches the browser). After it:

- the open tables, with each seat's kind and whether a page holding it is
  connected, how many moves were made and when;
- a new table for any game on the shelf (players, a person or a bot in each
  seat, a label such as "Table 3"), with a printable sheet of seat QR codes;
- the sheet of any open table again, and closing a table (its pages stop
  taking moves and show the result and the replay);
- live kernels and memory of the site.
"""

from __future__ import annotations

import asyncio
import html
import time
from typing import Any, Mapping, Sequence

import ipywidgets as w

from rulebook.core import HUMAN, get_game
from rulebook.site.host import LoginGuard, TableRow, kernel_report, setups, table_rows
from rulebook.tables import links
from rulebook.tables.session import TableSession
from rulebook.tables.store import CLOSED, OWNER, TableStore

from .base import PageLink, StyleSheet
from .i18n import t

REFRESH_SECONDS = 5.0

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
    "tables": ("開いているテーブル", "Open tables"),
    "no_tables": ("開いているテーブルはありません。", "No open table."),
    "new_table": ("新しいテーブル", "New table"),
    "game": ("ゲーム", "Game"),
    "players": ("人数", "Players"),
    "label": ("テーブル名", "Table name"),
    "label_hint": ("例: 3番テーブル", "e.g. Table 3"),
    "open": ("テーブルを開く", "Open the table"),
    "sheet": ("席のQRシート", "Seat sheet"),
    "close": ("閉じる", "Close"),
    "closed": ("テーブル {id} を閉じました。", "Table {id} was closed."),
    "opened": ("テーブル {id} を開きました。席のQRシートを印刷して配ってください。", "Table {id} is open: print the seat sheet and hand it out."),
    "print": ("印刷", "Print"),
    "scan": ("自分の席の QR コードをスマホで読み取ってください。", "Scan your seat's QR code with your phone."),
    "watch": ("観戦", "Watch"),
    "site": ("サイトの状態", "The site"),
    "kernels": (
        "動いているカーネル {n}{cap} · メモリ {mb:.0f} MB（サーバー {server:.0f} MB を含む）",
        "{n}{cap} live kernels · {mb:.0f} MB of memory (the server's {server:.0f} MB included)",
    ),
    "moves": ("{n} 手", "{n} moves"),
    "connected": ("接続中", "connected"),
    "away": ("未接続", "not connected"),
    "bot": ("ボット", "bot"),
    "refresh": ("更新", "Refresh"),
}


def _w(key: str, lang: str, **values: Any) -> str:
    ja, en = WORDS[key]
    text = ja if lang == "ja" else en
    return text.format(**values) if values else text


def _classed(widget: w.Widget, *classes: str) -> w.Widget:
    for cls in classes:
        widget.add_class(cls)
    return widget


class HostPage:
    """The host's page: a login, then tables, a new table with its seat sheet, and the site's kernels."""

    def __init__(self, house: Any, store: TableStore, lang: str = "ja", notices: Sequence[tuple[str, str]] = ()) -> None:
        self.house = house
        self.store = store
        self.lang = lang
        self.notices = list(notices)
        self.guard = LoginGuard()
        self.signed_in = False
        self.message = ""
        self._task: Any = None
        self.title = _classed(w.HTML(), "rb-title")
        self.lang_button = _classed(w.Button(), "rb-lang")
        self.lang_button.on_click(lambda _: self.set_lang("en" if self.lang == "ja" else "ja"))
        header = _classed(w.HBox([self.title, self.lang_button]), "rb-header")
        self.notice = _classed(w.HTML(), "rb-notice")
        self.password = _classed(w.Password(), "rb-host-password")
        self.enter = _classed(w.Button(), "rb-host-enter", "rb-primary")
        self.enter.on_click(lambda _: self.sign_in(self.password.value))
        self.login = _classed(w.VBox([self.password, self.enter]), "rb-host-login")
        self.status = _classed(w.HTML(), "rb-host-status")
        self.main = _classed(w.VBox(), "rb-host-main")
        self.page_link = PageLink()
        self.root = _classed(w.VBox([StyleSheet(), header, self.notice, self.login, self.status, self.main, self.page_link]), "rb-app", "rb-host")
        self.draw()

    # ----- signing in ---------------------------------------------------------------------------
    def sign_in(self, password: str) -> bool:
        """Check the password; build the host's tools only once it is right."""
        self.password.value = ""
        if not self.house.host_password_set:
            self.message = _w("no_password", self.lang)
        elif self.guard.locked():
            self.message = _w("locked", self.lang, s=int(self.guard.locked()) + 1)
        else:
            ok = self.house.check_password(password)
            self.guard.record(ok)
            if ok:
                self.signed_in = True
                self.message = ""
                self._build_tools()
                self._watch()
            else:
                time.sleep(0.5)  # every wrong try costs the guesser time
                self.message = _w("wrong", self.lang)
        self.draw()
        return self.signed_in

    # ----- the tools (built after signing in) ----------------------------------------------------------
    def _build_tools(self) -> None:
        self.site_box = _classed(w.HTML(), "rb-host-site")
        self.refresh_button = _classed(w.Button(), "rb-host-refresh")
        self.refresh_button.on_click(lambda _: self.draw())
        self.tables_title = _classed(w.HTML(), "rb-panel-title")
        self.tables_box = _classed(w.VBox(), "rb-host-tables")
        self.new_title = _classed(w.HTML(), "rb-panel-title")
        shelf = list(self.house.shelf)
        self.game_input = _classed(w.Dropdown(options=[(self._title(g), g) for g in shelf], value=shelf[0] if shelf else None), "rb-host-game")
        self.game_input.observe(lambda _: self._game_changed(), "value")
        self.players_input = _classed(w.Dropdown(), "rb-host-players")
        self.players_input.observe(lambda _: self._players_changed(), "value")
        self.seat_inputs = _classed(w.VBox(), "rb-host-seats")
        self.label_input = _classed(w.Text(), "rb-host-label")
        self.open_button = _classed(w.Button(), "rb-host-open", "rb-primary")
        self.open_button.on_click(lambda _: self.open_table())
        self.sheet = _classed(w.HTML(), "rb-host-sheet")
        new_box = _classed(
            w.VBox([self.new_title, self.game_input, self.players_input, self.seat_inputs, self.label_input, self.open_button]),
            "rb-host-new",
        )
        self.main.children = (
            w.HBox([self.site_box, self.refresh_button]),
            new_box,
            self.sheet,
            self.tables_title,
            self.tables_box,
        )
        self._game_changed()

    def _title(self, game: str) -> str:
        g = get_game(game)
        return g.title_ja if self.lang == "ja" else g.title_en

    def _setups(self) -> dict[int, dict[str, Any]]:
        name = self.game_input.value
        return setups(get_game(name), self.house.game(name).options) if name else {}

    def _game_changed(self) -> None:
        choices = self._setups()
        self.players_input.options = [(str(n), n) for n in choices]
        if choices:
            self.players_input.value = next(iter(choices))
        self._players_changed()

    def _players_changed(self) -> None:
        name, n = self.game_input.value, self.players_input.value
        if not name or n is None:
            self.seat_inputs.children = ()
            return
        game = get_game(name)
        kinds = [(t("human", self.lang), HUMAN)] + [
            (labels[0] if self.lang == "ja" else labels[1], kind) for kind, labels in game.bot_kinds().items()
        ]
        preset = list(self.house.game(name).seats or [])
        boxes = []
        for k in range(n):
            value = preset[k] if k < len(preset) and preset[k] in dict((v, v) for _, v in kinds) else HUMAN
            boxes.append(_classed(w.Dropdown(options=kinds, value=value, description=f"{t('seat', self.lang)} {k + 1}"), f"rb-host-seat-{k}"))
        for old in self.seat_inputs.children:
            old.close()
        self.seat_inputs.children = tuple(boxes)

    def open_table(self) -> str | None:
        """A new table as set in the form; shows its seat sheet. Returns its id."""
        if not self.signed_in:
            return None
        name, n = self.game_input.value, self.players_input.value
        options = self._setups().get(n)
        if options is None:
            return None
        seats = [box.value for box in self.seat_inputs.children]
        session = TableSession.create(self.store, name, options, seats=seats, label=self.label_input.value.strip())
        self.message = _w("opened", self.lang, id=session.table_id)
        self.show_sheet(session.table_id)
        self.draw()
        return session.table_id

    def close_table(self, table_id: str) -> None:
        if not self.signed_in:
            return
        self.store.set_status(table_id, CLOSED)
        self.message = _w("closed", self.lang, id=table_id)
        if f'data-table="{table_id}"' in self.sheet.value:
            self.sheet.value = ""
        self.draw()

    # ----- the seat sheet ---------------------------------------------------------------------------------
    def origin(self) -> str:
        return links.clean_origin(self.house.public_url) or links.clean_origin(self.page_link.origin)

    def show_sheet(self, table_id: str) -> None:
        """A printable sheet: one card per person's seat (QR code and link) and the spectator link."""
        if not self.signed_in:
            return
        info = self.store.info(table_id)
        game = get_game(info.game)
        tokens = self.store.seat_tokens(table_id)
        e = html.escape
        lang = self.lang
        title = f"{game.title_ja if lang == 'ja' else game.title_en}" + (f" · {info.label}" if info.label else "")
        cards = []
        for seat, kind in enumerate(info.seats):
            if kind != HUMAN or seat not in tokens:
                continue
            url = links.page_url(self.origin(), info.game, table_id, [tokens[seat]], lang, claim=True)
            cards.append(
                f"<div class='rb-sheet-card rb-sheet-seat-{seat}'><div class='rb-sheet-seat'>{e(t('seat', lang))} {seat + 1}</div>"
                f"{links.qr_svg(url, scale=4)}<div class='rb-sheet-link'>{e(url)}</div></div>"
            )
        watch = links.page_url(self.origin(), info.game, table_id, [], lang)
        cards.append(
            f"<div class='rb-sheet-card rb-sheet-spectator'><div class='rb-sheet-seat'>{e(_w('watch', lang))}</div>"
            f"{links.qr_svg(watch, scale=4)}<div class='rb-sheet-link'>{e(watch)}</div></div>"
        )
        self.sheet.value = (
            f'<div class="rb-sheet" data-table="{e(table_id)}">'
            f"<div class='rb-sheet-title'>{e(title)}</div><div class='rb-sheet-note'>{e(_w('scan', lang))}</div>"
            f"<div class='rb-sheet-cards'>{''.join(cards)}</div>"
            f"<button class='rb-sheet-print jupyter-button' onclick='window.print()'>{e(_w('print', lang))}</button></div>"
        )

    # ----- drawing --------------------------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.signed_in:
            shown = self.sheet.value
            self._build_tools()
            if shown:
                import re

                found = re.search(r'data-table="([^"]+)"', shown)
                if found:
                    self.show_sheet(found.group(1))
        self.draw()

    def _row(self, row: TableRow) -> w.Widget:
        lang, e = self.lang, html.escape
        info = row.info
        game = get_game(info.game)
        seats = []
        for s in row.seats:
            if s.kind == HUMAN:
                state = _w("connected" if s.connected else "away", lang)
                seats.append(f"<span class='rb-host-seat rb-presence-{'on' if s.connected else 'off'}'>{s.seat + 1}: {e(state)}</span>")
            else:
                seats.append(f"<span class='rb-host-seat'>{s.seat + 1}: {e(_w('bot', lang))}</span>")
        age = max(0, int(time.time() - info.updated))
        when = f"{age // 60} min" if age >= 60 else f"{age} s"
        text = (
            f"<b>{e(game.title_ja if lang == 'ja' else game.title_en)}</b>"
            + (f" · {e(info.label)}" if info.label else "")
            + f" · <code>{e(info.id)}</code> · {e(_w('moves', lang, n=info.moves))} · {e(when)}<br>{' '.join(seats)}"
        )
        sheet = _classed(w.Button(description=_w("sheet", lang)), "rb-host-sheet-button", f"rb-host-sheet-{info.id}")
        sheet.on_click(lambda _, table=info.id: self.show_sheet(table))
        close = _classed(w.Button(description=_w("close", lang)), "rb-host-close", f"rb-host-close-{info.id}")
        close.on_click(lambda _, table=info.id: self.close_table(table))
        watch = links.page_url("", info.game, info.id, [], lang)
        link = w.HTML(f"<a class='rb-host-watch' href='{e(watch)}' target='_blank'>{e(_w('watch', lang))}</a>")
        return _classed(w.HBox([w.HTML(text), sheet, close, link]), "rb-host-row", f"rb-host-row-{info.id}")

    def draw(self) -> None:
        lang, e = self.lang, html.escape
        name = getattr(self.house, "name", "") or ""
        self.title.value = e(_w("title", lang) + (f" — {name}" if name else ""))
        self.lang_button.description = t("lang_switch", lang)
        notices = [ja if lang == "ja" else en for ja, en in self.notices]
        self.notice.value = "".join(f"<div class='rb-notice-box'>{e(n)}</div>" for n in notices)
        self.password.description = _w("password", lang)
        self.enter.description = _w("enter", lang)
        self.login.layout.display = "none" if self.signed_in else None
        self.status.value = f"<div class='rb-notice-box rb-message'>{e(self.message)}</div>" if self.message else ""
        if not self.signed_in:
            return
        report = kernel_report()
        cap = f" / {report.cap}" if report.cap else ""
        self.site_box.value = f"<b>{e(_w('site', lang))}</b>: " + e(
            _w("kernels", lang, n=report.kernels, cap=cap, mb=report.total_mb, server=report.server_mb)
        )
        self.refresh_button.description = _w("refresh", lang)
        self.tables_title.value = e(_w("tables", lang))
        self.new_title.value = e(_w("new_table", lang))
        self.players_input.description = _w("players", lang)
        self.game_input.description = _w("game", lang)
        self.label_input.description = _w("label", lang)
        self.label_input.placeholder = _w("label_hint", lang)
        self.open_button.description = _w("open", lang)
        rows = table_rows(self.store)
        old = self.tables_box.children
        self.tables_box.children = tuple(self._row(r) for r in rows) or (w.HTML(e(_w("no_tables", lang))),)
        for widget in old:
            widget.close()

    def _watch(self) -> None:
        """Redraw every few seconds (tables open and close, players connect) while the page lives."""
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
        if not loop.is_running() or self._task is not None:
            return

        async def every() -> None:
            while True:
                await asyncio.sleep(REFRESH_SECONDS)
                try:
                    self.draw()
                except Exception:  # a failed redraw must not stop the next one
                    pass

        self._task = loop.create_task(every())
