"""Other devices: the kernel hears (or polls) the table's revision while the browser beats, catches up
with their moves, follows the table to its next game, and marks this page's seats present (the host
page's "connected").

Under ``rulebook serve`` the server's feed (``rulebook.site.feed``, reached through
``$RULEBOOK_FEED``) tells the kernel when its table moved and takes its presence, so an idle page
asks the store nothing and, ``RELEASE_AFTER_SECONDS`` after its last store use, holds no connection.
Without the feed (a notebook outside ``rulebook serve``), or while it is down, the page polls the
store every ``POLL_SECONDS`` and writes presence itself, as before."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from rulebook.core import RulebookError
from rulebook.tables.feed_client import shared_feed
from rulebook.tables.session import TableSession
from rulebook.tables.store import NoSuchTable

from ..base import kernel_loop
from ..i18n import t
from .parts import PageParts

POLL_SECONDS = 0.25
"""Without the feed: how often a page asks the store for the table's revision (moves show elsewhere within a second)."""
FED_TICK_SECONDS = 1.0
"""With the feed: how often the page looks whether the feed is still up and its store connection idle."""
RELEASE_AFTER_SECONDS = 2.0
"""A store untouched this long gives its connection back (PostgreSQL: one backend per idle page otherwise)."""
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

    # ----- the server's feed ----------------------------------------------------------------------------
    def _fed(self) -> bool:
        """The feed hears this page's table: no polling, presence through the server."""
        self._follow_feed()
        return self._feed is not None and self._feed.hears(self.session.table_id)

    def _follow_feed(self) -> None:
        """Watch the table the page shows now (it moves to the next game at this table, a rematch, a loaded file)."""
        feed, table_id = self._feed, self.session.table_id
        if feed is None or self._fed_table == table_id:
            return
        if self._fed_table is not None:
            feed.unwatch(self._fed_table, self._heard)
        self._fed_table = table_id
        feed.watch(table_id, self._heard)

    def _heard(self, revision: int | None) -> None:
        """The feed's news of this page's table: catch up if it moved (``None``: look once)."""
        if self.closed:
            return
        if revision is None or revision != self.session.revision:
            self.guarded(self.poll)()
            self._follow_feed()

    def _release_if_idle(self) -> None:
        """Give the store's connection back when the page has not used it for a while."""
        store = self.store
        if time.monotonic() - store.last_used >= RELEASE_AFTER_SECONDS:
            store.release()

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
        session = self.session
        if isinstance(content, dict) and type(content.get("bye")) is int:
            if session.seats_here and not (self._fed() and self._feed.absent(session.table_id, session.seats_here)):
                self.store.touch(session.table_id, session.seats_here, when=0.0)
            self._touched = 0.0
            return
        if isinstance(content, dict) and type(content.get("beat")) is int:
            self.page_link.pong = content["beat"]
            now = time.monotonic()
            self._last_beat = now
            if self._fed():
                # the server writes presence (batched) and tells of moves: only a takeover is the page's to see
                if session.seats_here:
                    self._feed.present(session.table_id, session.seats_here)
                if session.stalled(self.view.auto_roll):
                    self.poll()
                return
            if now - self._touched >= PRESENCE_SECONDS:
                self._touched = now
                session.touch()
            self.poll()

    def start_watching(self) -> bool:
        """Watch the table from the kernel's event loop while the page lives (False outside a kernel).

        Through the server's feed when there is one; polling whenever it is not hearing this table.
        """
        if self._watch_task is not None:
            return True
        loop = kernel_loop()
        if loop is None:
            return False
        self._feed = shared_feed(loop)
        self._follow_feed()
        self._watch_task = loop.create_task(self._watch())
        return True

    async def _watch(self) -> None:
        safe_poll = self.guarded(self.poll)
        while not self.closed:
            fed = self._fed()
            await asyncio.sleep(FED_TICK_SECONDS if fed else POLL_SECONDS)
            if time.monotonic() - self._last_beat < QUIET_AFTER_SECONDS:
                # fed: the store is asked only when an automatic move left undone is due (a local check)
                if not self._fed() or self.session.stalled(self.view.auto_roll):
                    safe_poll()
            self._release_if_idle()

    def close(self) -> None:
        """Stop watching the table (the page went away)."""
        self.closed = True
        if self._watch_task is not None:
            self._watch_task.cancel()
        if self._feed is not None and self._fed_table is not None:
            self._feed.unwatch(self._fed_table, self._heard)
            self._fed_table = None
