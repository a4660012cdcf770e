"""Other devices: the kernel polls the table's revision while the browser beats, catches up with their
moves, follows the table to its next game, and marks this page's seats present (the host page's
"connected")."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from rulebook.core import RulebookError
from rulebook.tables.session import TableSession
from rulebook.tables.store import NoSuchTable

from ..base import kernel_loop
from ..i18n import t
from .parts import PageParts

POLL_SECONDS = 0.25
"""How often a page asks the store for the table's revision (moves show elsewhere within a second)."""
PRESENCE_SECONDS = 3.5
"""How often a live page marks its seats present (the host page shows who is connected): at every
4-second heartbeat, so "connected" can go off soon after a page closes (``rulebook.site.host``)."""
QUIET_AFTER_SECONDS = 30.0
"""No heartbeat from the browser for this long: the page is gone (or asleep), so stop polling.

A kernel that keeps redrawing for nobody looks busy and is never culled;
a page that wakes up beats again, and its first beat catches up at once."""


class TableWatchPart(PageParts):
    """Polling the table, the heartbeat, following the next game."""

    def poll(self) -> bool:
        """Catch up with moves made on other devices; True if the page was redrawn.

        Also takes over a bot's or a roll's turn left undone by a page that
        went away, and follows the table to the next game when one started.
        """
        session = self.session
        changed = session.sync()
        if session.released:
            names = ", ".join(str(seat + 1) for seat in sorted(session.released))
            self.message = (t("seat_moved", "ja", seats=names), t("seat_moved", "en", seats=names))
            session.released = frozenset()
            self._reset_viewer()
            self._update_link()
        if session.watched:
            names = ", ".join(str(seat + 1) for seat in sorted(session.watched))
            self.message = (t("seat_watched", "ja", seats=names), t("seat_watched", "en", seats=names))
            session.watched = frozenset()
            changed = True
        if session.info.successor and self._follow(session.info.successor):
            return True
        if session.stalled(self.view.auto_roll):
            session.advance(self.view.auto_roll)
            changed = True
        if changed:
            self._after_change()
        return changed

    def _follow(self, successor: str) -> bool:
        """Another device started the next game at this table: go there with the same seats."""
        try:
            # a watching page keeps only watching at the next game (its seats' devices are told again)
            session, _ = TableSession.open(self.store, successor, self.session.page_keys(), watch=bool(self.session.watching))
        except (NoSuchTable, RulebookError):
            return False
        self._use(session)
        self.message = (t("next_game", "ja"), t("next_game", "en"))
        self.view.set_options(self.match.options)
        self._sync_newgame_panel()
        self.refresh()
        return True

    def _on_beat(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The page's heartbeat: answer it (the page reloads itself if nobody does), mark the seats present.

        ``{bye: n}``: the browser is leaving the page (closed, or navigated away): its seats are no
        longer connected from now (the next beat of a page still open marks them again).
        """
        if isinstance(content, dict) and type(content.get("bye")) is int:
            if self.session.seats_here:
                self.store.touch(self.session.table_id, self.session.seats_here, when=0.0)
            self._touched = 0.0
            return
        if isinstance(content, dict) and type(content.get("beat")) is int:
            self.page_link.pong = content["beat"]
            now = time.monotonic()
            self._last_beat = now
            if now - self._touched >= PRESENCE_SECONDS:
                self._touched = now
                self.session.touch()
            self.poll()

    def start_watching(self) -> bool:
        """Poll the table from the kernel's event loop while the page lives (False outside a kernel)."""
        if self._watch_task is not None:
            return True
        loop = kernel_loop()
        if loop is None:
            return False
        self._watch_task = loop.create_task(self._watch())
        return True

    async def _watch(self) -> None:
        safe_poll = self.guarded(self.poll)
        while not self.closed:
            await asyncio.sleep(POLL_SECONDS)
            if time.monotonic() - self._last_beat < QUIET_AFTER_SECONDS:
                safe_poll()

    def close(self) -> None:
        """Stop watching the table (the page went away)."""
        self.closed = True
        if self._watch_task is not None:
            self._watch_task.cancel()
