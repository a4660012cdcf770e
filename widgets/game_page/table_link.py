"""Which table the page shows and how other devices reach it: opening a link's table, the address
bar's query, seat links (``seat_url``), holding seats on this page."""

from __future__ import annotations

from typing import Sequence

from rulebook.core import RulebookError
from rulebook.tables import links
from rulebook.tables.session import TableSession
from rulebook.tables.store import NoSuchTable

from ..i18n import t
from .parts import PageParts


class TableLinkPart(PageParts):
    """The table behind the page (``session``) and the links to it."""

    def _open_table(self, table_id: str, keys: Sequence[str], claim: bool = False) -> bool:
        """Open the table of the page's link; False (with a notice) if there is none to open."""
        try:
            # a seat's link without claim=1 only watches the seat, and its device is told (issue 17)
            session, unknown = TableSession.open(self.store, table_id, keys, claim=claim, watch=not claim)
        except NoSuchTable:
            self.notices.append((t("no_table", "ja"), t("no_table", "en")))
            return False
        except RulebookError as error:
            self.notices.append((error.message_ja, error.message_en))
            return False
        if session.game.name != self.game.name:
            self.notices.append((t("table_other_game", "ja"), t("table_other_game", "en")))
            return False
        if unknown:
            self.notices.append((t("bad_seat_link", "ja"), t("bad_seat_link", "en")))
        self._use(session)
        self._advance()
        return True

    def _use(self, session: TableSession) -> None:
        """Show ``session`` from now on (a new table, a loaded file, the next game at this table)."""
        self.session = session
        self._log_cache.clear()
        self.error, self.error_internal, self.message = None, None, None
        self._reset_viewer()
        self._update_link()

    def _update_link(self) -> None:
        """The address bar: this table and the seats this page plays (a reload comes back here)."""
        session = self.session
        query = links.page_query(session.table_id, session.page_keys(), self.lang, claim=session.own_link_claims())
        self.page_link.query = query + ("&learn=1" if getattr(self, "guide", None) is not None else "")

    def origin(self) -> str:
        """How other devices reach the site: the house's public URL, or what this browser used."""
        return links.clean_origin(self.public_url) or links.clean_origin(self.page_link.origin)

    def seat_url(self, seats: Sequence[int] = ()) -> str:
        """A link to this table for ``seats`` (none: the spectator link); opening it moves the seats there."""
        session = self.session
        keys = session.keys_for(seats)
        return links.page_url(self.origin(), self.game.name, session.table_id, keys, self.lang, claim=bool(keys))

    def hold_seats(self, seats: Sequence[int]) -> None:
        """Play exactly ``seats`` on this page (the others are played on other devices)."""
        self.session.hold(seats)
        self._reset_viewer()
        self._update_link()
        self.refresh()
