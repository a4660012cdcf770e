"""What every part of a game page shares: the page's attributes (declared once, so each part file reads
on its own) and the small helpers the parts use (hiding a widget, classes, the rules' package and links)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from rulebook.core import Game, Match, RulebookError
from rulebook.core.lesson import Lesson
from rulebook.core.text import RuleText
from rulebook.tables import limits
from rulebook.tables.session import TableSession
from rulebook.tables.store import TableStore

from ..i18n import t
from ..lean import hide  # noqa: F401 - the page's parts hide and show through it

if TYPE_CHECKING:
    from ..lesson import LessonGuide
    from ..views.base import BaseView

LOG_LINES = 300
"""The log shows this many of the latest moves."""


def classed(widget: w.Widget, *classes: str) -> w.Widget:
    """``widget`` with CSS classes added: the page's style sheet and the tests find parts by class."""
    for cls in classes:
        widget.add_class(cls)
    return widget


def rules_page_link(game_name: str, lang: str) -> str:
    """A link to the game's rules as a plain page of the site (``/rules/``, rulebook.publish): read in full, no kernel."""
    return f' <a class="rb-rules-page-link" href="/rules/{lang}/{game_name}/" target="_blank" rel="noopener">{t("rules_page", lang)}</a>'


def rules_package(game: Game) -> str:
    """The package holding a game's ``rules.*.md`` (the engine's own package)."""
    return type(game).__module__.rsplit(".", 1)[0]


class PageParts:
    """The attributes of a game page that its parts share (``widgets.app.GameApp`` sets them).

    Each part (``layout``, ``moves``, ``hotseat``…) is a class holding one
    responsibility's methods; ``GameApp`` is all of them together. Declaring
    the shared attributes here lets each part file say what it reads.
    """

    game: Game
    lang: str
    store: TableStore
    session: TableSession
    view: BaseView
    rules: dict[str, RuleText]
    quick: dict[str, str]
    notices: list[tuple[str, str]]
    notes: tuple[str, str] | None
    public_url: str
    error: RulebookError | None
    error_internal: str | None
    message: tuple[str, str] | None
    hint_on: bool
    viewer: int
    revealed: bool
    save_ready: bool
    closed: bool
    lesson: Lesson | None
    guide: LessonGuide | None
    table_rate: limits.PageRate
    _log_cache: dict[tuple[int, str], str | None]
    _announced: int | None
    _fresh: list[w.Button]
    _version: int
    _watch_task: Any
    _feed: Any
    _fed_table: str | None
    _touched: float
    _last_beat: float
    _before_lesson: tuple[dict[str, Any], tuple[str, ...], bool] | None
    _examples_lang: str

    @property
    def match(self) -> Match:
        """The game as the table holds it (read by the views; changed only through the session)."""
        return self.session.match
