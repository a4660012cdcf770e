"""Starting games: the first table of a page, "New game" (the next game at the same table), the panel's
seat choosers, and the unstored fallback when the store takes no new table."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as w

from rulebook.core import HUMAN, RulebookError
from rulebook.core.errors import BadOption
from rulebook.tables import limits
from rulebook.tables.opening import open_store
from rulebook.tables.session import TableSession
from rulebook.tables.store import LESSON, PAGE

from ..i18n import t
from ..lesson import LESSON_LABEL
from .parts import PageParts, classed as _classed


class NewGamePart(PageParts):
    """New tables and the new-game panel."""

    def _start(self, options: Mapping[str, Any] | None, seed: Any, seats: Sequence[str] | None, table: bool) -> None:
        opts = self.game.normalize_options(self.view.table_options(options or {}, table))
        if seats is None:
            seats = self.view.default_seats(opts)
        current = getattr(self, "session", None)
        if current is not None and not current.is_spectator():
            current.check_rematch(seed)  # before counting a table: a refused New game costs nothing
        limits.check_new_table(self.store, self.table_rate)
        if current is not None and not current.is_spectator():
            # a lesson's next game is an ordinary one: no lesson label, a game page's own table
            plain = {"label": "", "origin": PAGE} if self._in_lesson_table() else {}
            session = current.rematch(opts, seed=seed, seats=seats, table_mode=table, **plain)
        else:
            session = TableSession.create(self.store, self.game, opts, seed=seed, seats=seats, table_mode=table, origin=PAGE)
        self._use(session)
        self._advance()
        self._reset_viewer()

    def _start_unstored(self, error: RulebookError) -> None:
        """No table could be made for a new page: play a game kept in this page alone, and say so.

        The page still works (a visitor is never shown a broken page), but
        nothing it does reaches the site's store: another device cannot join,
        and a reload starts over.
        """
        self.notices.append((error.message_ja, error.message_en))
        self.notices.append((t("unstored", "ja"), t("unstored", "en")))
        self.store = open_store("memory:")
        opts = self.game.normalize_options(self.view.table_options({}, False))
        self._use(TableSession.create(self.store, self.game, opts, seats=self.view.default_seats(opts)))
        self._advance()
        self._reset_viewer()

    def start(self, options: Mapping[str, Any] | None = None, seed: Any = None, seats: Sequence[str] | None = None, table: bool = False) -> None:
        """Begin a new game; a refused option leaves the current game as it is.

        From a seated page it is the next game at the same table: the seat
        links stay valid and the other devices follow.
        """
        self.guide = None  # a new game started from the panel ends a lesson
        self._start(options, seed, seats, table)
        self.view.set_options(self.match.options)
        self._sync_newgame_panel()
        self.refresh()

    def start_from_panel(self) -> None:
        options = self.view.options()
        seats = [dropdown.value for dropdown in self.seats_area.children]
        n = self.game.num_seats(self.game.initial_state(options))
        if len(seats) != n:
            seats = self.view.default_seats(self.game.normalize_options(options))
        self.start(options, self.seed_input.value.strip() or None, seats, self.table_input.value)
        self.newgame_toggle.value = False

    def seats_changed(self) -> None:
        """The view's options changed: rebuild one seat chooser per seat."""
        try:
            options = self.game.normalize_options(self.view.options())
        except BadOption:
            return
        self._set_seat_choosers(self.view.default_seats(options))

    def _set_seat_choosers(self, kinds: Sequence[str]) -> None:
        choices = [(t("human", self.lang), HUMAN)] + [
            (labels[0] if self.lang == "ja" else labels[1], kind) for kind, labels in self.game.bot_kinds().items()
        ]
        choosers = []
        for k, kind in enumerate(kinds):
            dropdown = _classed(w.Dropdown(options=choices, value=kind, description=f"{t('seat', self.lang)} {k + 1}"), f"rb-seat-kind-{k}")
            choosers.append(dropdown)
        self.seats_area.children = tuple(choosers)

    def _sync_newgame_panel(self) -> None:
        self._set_seat_choosers(self.match.seats)
        self.seed_input.value = ""
        self.table_input.value = self.match.table and not self._in_lesson_table()

    def _in_lesson_table(self) -> bool:
        """The table is a lesson's (its table mode is the script's, not something the visitor asked for)."""
        info = self.session.info
        return info.origin == LESSON or info.label == LESSON_LABEL
