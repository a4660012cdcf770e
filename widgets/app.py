"""``GameApp``: the one controller every game page uses — the parts of ``widgets.game_page`` put together.

A page is one seat's (or a spectator's) view onto a **table** in the store
(docs/architecture.md, "Tables"): the app holds a ``TableSession`` — the match as the
store has it and the seats this page plays — and draws it with shared parts
— header, action bar, error box, undo/redo, new-game panel, seats and links,
hints, save/load, log, the rule panel — around a game-specific *view* found
by name in ``widgets.views.<game>``. The view gets a ``PageContext``
(``widgets.game_page.context``), never the app itself.

Each responsibility is one file of ``widgets/game_page/`` (see its
``__init__``): ``layout`` (the widgets), ``drawing`` (redraw from the table),
``moves`` (moves, rolls, undo), ``table_watch`` (other devices), ``hotseat``
(who is looking, pass screens), ``new_game``, ``table_link`` (the table and
its links), ``lesson_run`` ("Learn to play"), ``saving`` (save/load files),
``errors`` (``guarded`` callbacks and the error box). This file only makes
the page: it picks the table (a link's, a new one, or an unstored game when
the store takes none) and the lesson.
"""

from __future__ import annotations

import time
from typing import Any, Mapping, Sequence

import ipywidgets as w

from rulebook.core import Game, RulebookError, get_game
from rulebook.core.lesson import Lesson, LessonError, load_lesson
from rulebook.core.text import RuleText, load_quick, load_rules
from rulebook.tables import limits
from rulebook.tables.opening import open_store
from rulebook.tables.session import TableError, TableSession
from rulebook.tables.store import TableStore

from .failure import error_id, log_error
from .game_page.context import PageContext
from .game_page.drawing import DrawingPart
from .game_page.errors import ErrorsPart
from .game_page.hotseat import HotSeatPart
from .game_page.layout import LayoutPart
from .game_page.lesson_run import LessonRunPart
from .game_page.moves import MovesPart
from .game_page.new_game import NewGamePart
from .game_page.parts import LOG_LINES, rules_package, rules_page_link
from .game_page.saving import SavingPart
from .game_page.table_link import TableLinkPart
from .game_page.table_watch import POLL_SECONDS, PRESENCE_SECONDS, QUIET_AFTER_SECONDS, TableWatchPart
from .i18n import LANGS
from .lesson import LessonGuide
from .views import load_view


def _lesson_of(game: Game) -> Lesson | None:
    """The game's lesson, or None (no lesson yet, or a file that does not read: the page works without it)."""
    try:
        return load_lesson(game)
    except LessonError:
        ident = error_id()
        log_error(f"the {game.name} lesson file", ident)
        return None


class GameApp(
    LayoutPart,
    DrawingPart,
    MovesPart,
    TableWatchPart,
    HotSeatPart,
    NewGamePart,
    TableLinkPart,
    LessonRunPart,
    SavingPart,
    ErrorsPart,
):
    """A playable game: a table session + shared controls + the game's board view."""

    def __init__(
        self,
        game: Game | str,
        *,
        lang: str = "ja",
        options: Mapping[str, Any] | None = None,
        seed: Any = None,
        seats: Sequence[str] | None = None,
        table: bool = False,
        notices: Sequence[tuple[str, str]] = (),
        store: TableStore | None = None,
        table_id: str | None = None,
        keys: Sequence[str] = (),
        claim: bool = False,
        notes: tuple[str, str] | None = None,
        public_url: str = "",
        learn: bool = False,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.lang = lang if lang in LANGS else "ja"
        self.rules: dict[str, RuleText] = load_rules(rules_package(self.game))
        self.quick: dict[str, str] = load_quick(rules_package(self.game))
        """The one-screen quick reference per language (empty: none), shown above the rules."""
        self.store = store if store is not None else open_store()
        self.notices = list(notices)
        self.notes = notes
        """Staff notes for this game from the house file (JA, EN), shown under the header."""
        self.public_url = public_url
        self.error: RulebookError | None = None
        self.error_internal: str | None = None
        """The id of an unexpected error shown on the page (its traceback is in the server log)."""
        self.message: tuple[str, str] | None = None
        self.hint_on = False
        self._log_cache: dict[tuple[int, str], str | None] = {}
        self._fresh: list[w.Button] = []
        self._version = 0
        self.viewer = 0
        """The seat whose view the page shows (hidden-information games)."""
        self.revealed = True
        """False while the pass screen waits for ``viewer`` to take the tablet."""
        self.save_ready = False
        self._watch_task: Any = None
        self._feed: Any = None
        """The kernel's ``FeedClient`` once watching (``None``: no ``$RULEBOOK_FEED``, the page polls)."""
        self._fed_table: str | None = None
        """The table the feed is told to watch for this page."""
        self._touched = 0.0
        self._last_beat = time.monotonic()
        self.closed = False
        self.lesson: Lesson | None = _lesson_of(self.game)
        self.guide: LessonGuide | None = None
        """The "Learn to play" guide while a lesson is being played on this page."""
        self._before_lesson: tuple[dict[str, Any], tuple[str, ...], bool] | None = None
        """The options, seats and table mode of the page's game before its lesson (``end_lesson``)."""
        view_class = load_view(self.game.name)
        self._build(getattr(view_class, "example_board", None))
        self.context = PageContext(self)
        """All the view may ask of this page (``widgets.game_page.context``)."""
        self.view = view_class(self.context)
        self.board_area.children = (self.view.widget,)
        self.panel_area.children = (self.view.panel,)
        self.options_area.children = (self.view.options_widget,)
        self.session: TableSession
        self.table_rate = limits.PageRate()
        """The new tables this page made lately (a page may make only so many a minute)."""
        if table_id is None or not self._open_table(table_id, keys, claim):
            try:
                self._start(options, seed, seats, table)
            except TableError as error:  # no new table now (the store is full, or too many)
                self._start_unstored(error)
            except RulebookError as error:
                self.notices.append((error.message_ja, error.message_en))
                try:
                    self._start(None, None, None, False)
                except TableError as refused:
                    self._start_unstored(refused)
        if learn and self.lesson is not None:
            try:
                self._resume_or_start_lesson()
            except TableError as error:  # no lesson table now: the page shows the game and says why
                self.guide = None
                self.notices.append((error.message_ja, error.message_en))
        self.view.set_options(self.match.options)
        self._sync_newgame_panel()
        self.refresh()


__all__ = [
    "GameApp",
    "LOG_LINES",
    "POLL_SECONDS",
    "PRESENCE_SECONDS",
    "QUIET_AFTER_SECONDS",
    "error_id",
    "load_view",
    "log_error",
    "rules_package",
    "rules_page_link",
]
