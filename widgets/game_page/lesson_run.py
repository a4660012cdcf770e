"""The guided first game ("Learn to play") as the page runs it: starting or resuming the lesson on its
own table, its scripted moves, pointing at the rule a step teaches, and leaving it for an ordinary game.

The guide itself (its steps, its box) is ``widgets.lesson.LessonGuide``; this is the page's side.
"""

from __future__ import annotations

from typing import Sequence

from rulebook.core import Match
from rulebook.core.playon import play_on_match, play_on_seats
from rulebook.tables import limits
from rulebook.tables.session import TableError, TableSession
from rulebook.tables.store import LESSON, OPEN, PAGE

from ..lesson import LESSON_LABEL, LessonGuide
from .parts import PageParts


class LessonRunPart(PageParts):
    """The page's side of a lesson."""

    def start_lesson(self) -> None:
        """Begin the game's lesson on a new table (the game on the page stays in the store)."""
        if self.lesson is None:
            return
        self._remember_before_lesson()
        self.guide = LessonGuide(self, self.lesson)
        try:
            self.guide.start(0)
        except TableError:
            self.guide = None  # no lesson table could be made now: the page stays as it was
            raise
        self.refresh()

    def _remember_before_lesson(self) -> None:
        """The page's own game before a lesson replaces it: the lesson's end goes back to its set-up and seats."""
        if self._in_lesson_table():
            return
        match = self.match
        self._before_lesson = (dict(match.options), tuple(match.seats), match.table)

    def _resume_or_start_lesson(self) -> None:
        """``?learn=1``: a lesson table of the link resumes at its step; anything else starts the lesson."""
        assert self.lesson is not None
        self._remember_before_lesson()
        step = None
        if self.session.info.label == LESSON_LABEL and not self.session.is_spectator():
            step = self.lesson.step_for([str(a) for a in self.match.actions])
        self.guide = LessonGuide(self, self.lesson)
        if step is None:
            self.guide.start(0)
        else:
            self.guide.step = step
            self.guide.finished = step >= len(self.lesson.steps)
            self._update_link()

    def use_match(self, match: Match, label: str) -> None:
        """Show ``match`` on a new table of the store (a lesson's step)."""
        limits.check_new_table(self.store, self.table_rate)
        self._use(TableSession.from_match(self.store, match, seed_chosen=True, label=label, origin=LESSON))
        self.view.set_options(match.options)
        self._sync_newgame_panel()

    def play_script(self, moves: Sequence[str]) -> None:
        """Make a lesson's scripted moves (its dice, the other seats) on the table."""
        self.session.play_group(list(moves), self.view.auto_roll)
        self._trim_log_cache()

    def point_rules(self, rule_id: str) -> None:
        """Highlight and scroll to the rule paragraph a lesson step teaches."""
        if rule_id in self.rules[self.lang].ids:
            self.rule_panel.highlight = rule_id
            self.rule_panel.focus += 1

    def end_lesson(self, new_game: bool) -> None:
        """Leave the lesson: play on from this position, or start a game with the usual set-up.

        Either way the next game is an ordinary one (issue 19 A): the page's
        seats from before the lesson (bots stay bots; the game's default
        seats if the page had none that fit), the site's dice and cards, no
        "lesson" label. Table mode only if the page's own game had it: the
        lesson's table mode is its script's, nothing the visitor asked for.
        """
        self.guide = None
        if not self._in_lesson_table():  # the lesson's table was left already (a second tap)
            self._update_link()
            self.refresh()
            return
        before = self._before_lesson
        if new_game:
            options, seats, table = (dict(before[0]), list(before[1]), before[2]) if before else (None, None, False)
            opts = self.game.normalize_options(self.view.table_options(options or {}, table))
            if seats is not None and len(seats) != self.game.num_seats(self.game.initial_state(opts)):
                seats = None
            seats = seats if seats is not None else self.view.default_seats(opts)
            session = self.session.rematch(opts, seats=seats, table_mode=table, label="", origin=PAGE)
        else:
            lesson = self.match
            options = self.view.digital_options(lesson.options)
            default = self.view.default_seats(self.game.normalize_options(options))
            seats = play_on_seats(before[1] if before else None, default)
            match = play_on_match(lesson, seats, options)
            session = TableSession.from_match(self.store, match, seed_chosen=False, origin=PAGE)
            if self.session.info.status == OPEN:
                self.session.close()  # the lesson's table is done with (its moves live on in the new one)
        self._use(session)
        self._advance()
        self._reset_viewer()
        self.view.set_options(self.match.options)
        self._sync_newgame_panel()
        self.refresh()
