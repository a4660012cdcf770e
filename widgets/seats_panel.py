"""The "Seats & links" panel: who sits where, each seat's link and QR code, the spectator link.

A table's seats can be played on one tablet (the pass screen stays between
people), each on its own phone, or any mix, with bots in the others. This
panel is how a page hands a seat to another device: it shows the link (and
its QR code, drawn on the server by ``segno``) of every seat this page holds
a token for — never another device's — and lets the page stop playing a
seat once its player has their own phone. It also says which seats are
connected right now (a page holding them answered its heartbeat lately).
"""

from __future__ import annotations

import html
import time
from typing import Any, Callable, Protocol, Sequence

import ipywidgets as w

from rulebook.core import HUMAN
from rulebook.tables import links

from .i18n import t



class SeatsHost(Protocol):
    """What the panel needs of the page it sits on (``GameApp`` provides it).

    A protocol rather than an import of ``GameApp``: the app builds the
    panel, so the panel importing the app would be a circle.
    """

    session: Any
    lang: str
    match: Any
    game: Any

    def guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]: ...

    def hold_seats(self, seats: Sequence[int]) -> None: ...

    def seat_url(self, seats: Sequence[int] = ()) -> str: ...

    def origin(self) -> str: ...

CONNECTED_SECONDS = 15.0
"""A seat counts as connected if a page holding it answered a heartbeat this recently."""

WORDS: dict[str, tuple[str, str]] = {
    "title": ("席とリンク", "Seats and links"),
    "explain": (
        "席のリンクを開いた端末は、その席として遊べます（その席の手札も見えます）。QR コードをその人のスマホで読み取ってください。",
        "A device that opens a seat's link plays that seat (and sees its cards). Let its player scan the QR code with their phone.",
    ),
    "here": ("この端末で遊ぶ", "plays on this device"),
    "elsewhere": ("別の端末", "on another device"),
    "bot": ("ボット", "bot"),
    "connected": ("接続中", "connected"),
    "not_connected": ("未接続", "not connected"),
    "spectator": ("観戦用リンク（手札は見えません）", "Spectator link (no hidden cards)"),
    "table": ("テーブル", "Table"),
    "pending": ("リンクを準備しています…", "Preparing the link…"),
    "keep_one": (
        "この端末で遊ぶ席が一つもないと、この画面は観戦用になります。",
        "With no seat left on this device, this page only watches the table.",
    ),
}


def _w(key: str, lang: str) -> str:
    ja, en = WORDS[key]
    return ja if lang == "ja" else en


class SeatsPanel:
    """Seat links, QR codes and "plays on this device" switches for one page."""

    def __init__(self, app: SeatsHost) -> None:
        self.app = app
        self.title = w.HTML()
        self.title.add_class("rb-panel-title")
        self.switches = w.VBox()
        self.switches.add_class("rb-seat-switches")
        self.body = w.HTML()
        self.body.add_class("rb-seats-body")
        self.root = w.VBox([self.title, self.switches, self.body])
        self.root.add_class("rb-seats-panel")
        self._switch_keys: tuple[Any, ...] = ()
        self._qr: dict[str, str] = {}

    def _qr_svg(self, url: str) -> str:
        if url not in self._qr:
            self._qr[url] = links.qr_svg(url)
        return self._qr[url]

    def _build_switches(self) -> None:
        """One checkbox per seat this page holds a token for (rebuilt only when those change)."""
        session, lang = self.app.session, self.app.lang
        key = (session.table_id, tuple(sorted(session.keys)), lang)
        if key == self._switch_keys:
            for box in self.switches.children:
                box.value = box.seat in session.seats_here  # type: ignore[attr-defined]
            return
        self._switch_keys = key
        for old in self.switches.children:
            old.close()
        boxes = []
        for seat in sorted(k for k in session.keys if k >= 0):
            box = w.Checkbox(
                value=seat in session.seats_here,
                description=f"{t('seat', lang)} {seat + 1}: {_w('here', lang)}",
                indent=False,
            )
            box.seat = seat  # type: ignore[attr-defined]
            box.add_class(f"rb-seat-here-{seat}")
            box.observe(self.app.guarded(self._switched), "value")
            boxes.append(box)
        self.switches.children = tuple(boxes)

    def _switched(self, _change: Any) -> None:
        seats = [box.seat for box in self.switches.children if box.value]  # type: ignore[attr-defined]
        if seats != sorted(self.app.session.seats_here):
            self.app.hold_seats(seats)

    def _link(self, url: str, css: str, qr_css: str, whole: bool) -> str:
        """A link box and its QR code; until the page's origin is known, a "…" box instead.

        A link without scheme and host only works in the browser that shows
        it: its QR code, scanned by a phone, goes nowhere. The page reports
        its origin once it starts (page_link.js) and the panel is drawn again
        then (``LayoutPart`` observes ``page_link.origin``), so a panel opened
        before that shows the pending box for a moment, never a link that
        does not work. The pending box has none of the link's classes: what
        waits for a seat's link waits for a whole one.
        """
        e = html.escape
        if not whole:
            return f"<div class='rb-link-pending' role='status'>{e(_w('pending', self.app.lang))}</div>"
        return (
            f"<input class='{css}' readonly value=\"{e(url)}\" onclick='this.select()'>"
            f"<div class='rb-qr {qr_css}'>{self._qr_svg(url)}</div>"
        )

    def draw(self) -> None:
        app, lang = self.app, self.app.lang
        session = app.session
        e = html.escape
        whole = bool(app.origin())
        self.title.value = e(_w("title", lang))
        self._build_switches()
        seen = session.store.presence(session.table_id)
        now = time.time()
        rows = []
        for seat, kind in enumerate(app.match.seats):
            name = f"{t('seat', lang)} {seat + 1}"
            if kind != HUMAN:
                labels = app.game.bot_kinds().get(kind, (kind, kind))
                rows.append(f"<div class='rb-seat-row rb-seat-row-{seat}'><b>{e(name)}</b> · {e(_w('bot', lang))} ({e(labels[0] if lang == 'ja' else labels[1])})</div>")
                continue
            alive = now - seen.get(seat, 0.0) < CONNECTED_SECONDS
            state = _w("connected" if alive else "not_connected", lang)
            where = _w("here" if seat in session.seats_here else "elsewhere", lang)
            parts = [f"<b>{e(name)}</b> · {e(where)} · <span class='rb-presence-{'on' if alive else 'off'}'>{e(state)}</span>"]
            if seat in session.keys:
                parts.append(self._link(app.seat_url([seat]), f"rb-seat-link rb-seat-link-{seat}", f"rb-qr-seat-{seat}", whole))
            rows.append(f"<div class='rb-seat-row rb-seat-row-{seat}'>{''.join(parts)}</div>")
        spectator = app.seat_url(())
        rows.append(
            f"<div class='rb-seat-row rb-seat-row-spectator'><b>{e(_w('spectator', lang))}</b>"
            f"{self._link(spectator, 'rb-spectator-link', 'rb-qr-spectator', whole)}</div>"
        )
        note = _w("keep_one", lang) if any(k >= 0 for k in session.keys) and not session.seats_here else _w("explain", lang)
        self.body.value = (
            f"<div class='rb-seats-note'>{e(note)}</div>"
            f"<div class='rb-table-id'>{e(_w('table', lang))} <code>{e(session.table_id)}</code></div>" + "".join(rows)
        )
