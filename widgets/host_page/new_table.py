"""The host's new-table form: a game from the shelf, its player counts, a person or a bot in each seat,
table mode, a label; opening the table (``open_table``) shows its seat sheet."""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from rulebook.core import HUMAN, get_game
from rulebook.site.house import SetupError, check_setup
from rulebook.site.host import setups
from rulebook.tables import limits
from rulebook.tables.session import TableSession
from rulebook.tables.store import HOST

from ..game_page.parts import classed as _classed
from ..i18n import t
from .parts import HostParts, close_tree as _close_tree
from .words import host_word as _w, table_mode_words as _table_mode_words


class NewTablePart(HostParts):
    """The new-table form and opening a table."""

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
