"""A move's way in from a tap: through the lesson's check (if any), then the table session (validated,
stored under the table's revision); rolls; undo and redo (the table's rule: your own last move, until
something is revealed)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rulebook.core import CHANCE
from rulebook.tables.session import TableError

from ..i18n import t
from .parts import PageParts


class MovesPart(PageParts):
    """Moves, rolls, undo and redo made on this page."""

    def play(self, action: Any) -> None:
        """A user move (action value or text). Raises ``RulebookError`` if refused."""
        self.play_group([action])

    def play_group(self, actions: Sequence[Any]) -> None:
        if self.guide is not None:
            self.guide.check(actions)
        try:
            self.session.play_group(actions, self.view.auto_roll)
        except TableError:
            self._after_change()
            raise
        if self.guide is not None:
            self.guide.played()
        self._after_move()

    def roll(self) -> None:
        """Draw the chance outcomes of this roll from the seed, then let bots move."""
        if self.match.current_player != CHANCE or self.match.table:
            return
        try:
            self.session.roll(self.view.auto_roll)
        except TableError:
            self._after_change()
            raise
        self._after_move()

    def _after_move(self) -> None:
        self.error, self.error_internal, self.message = None, None, None
        if self.guide is None:
            self.rule_panel.highlight = ""  # the refused move's paragraph is no longer the point
        self.save_ready = False
        self.refresh()

    def _after_change(self) -> None:
        """The table changed under the page (another device): forget what no longer holds and redraw.

        A save file this page prepared stays offered (redrawn for the new
        position): another player's move must not take it away mid-tap.
        """
        self._trim_log_cache()
        self.refresh()

    def _advance(self) -> None:
        """Bots and automatic rolls due now (on opening a table, or taking over a stalled one)."""
        self.session.advance(self.view.auto_roll)

    def _trim_log_cache(self) -> None:
        """Forget log lines past the current move (undo/redo changed what follows)."""
        n = len(self.match.actions)
        self._log_cache = {key: line for key, line in self._log_cache.items() if key[0] < n}

    def undo(self) -> None:
        self._travel(self.session.undo, "nothing_to_undo")

    def redo(self) -> None:
        self._travel(self.session.redo, "nothing_to_redo")

    def _travel(self, step: Callable[[], bool], nothing: str) -> None:
        """Undo or redo one move; say so (and why) when there is none."""
        try:
            done = step()
        except TableError:
            self._after_change()
            raise
        if done:
            self.error, self.error_internal, self.message = None, None, None
            self.save_ready = False
        else:
            key = nothing if nothing == "nothing_to_redo" else self._why_no_undo()
            self.message = (t(key, "ja"), t(key, "en"))
        self._trim_log_cache()
        self.refresh()

    def _why_no_undo(self) -> str:
        """Which rule stops undo now (BGA's: your own last move, until something is revealed)."""
        steps = self.match.steps
        if not any(step.by_user for step in steps):
            return "nothing_to_undo"
        last = next(step for step in reversed(steps) if step.by_user)
        if last.author is not None and last.author not in self.session.seats_here:
            return "undo_not_yours"
        return "undo_revealed"
