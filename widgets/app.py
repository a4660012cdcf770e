"""``GameApp``: the one controller every game page uses.

A page is one seat's (or a spectator's) view onto a **table** in the store
(docs/architecture.md, "Tables"): the app holds a ``TableSession`` — the match as the
store has it and the seats this page plays — and draws it with shared parts
— header, action bar, error box, undo/redo, new-game panel, seats and links,
hints, save/load, log, the rule panel — around a game-specific *view* found
by name in ``widgets.views.<game>``. Moves go through the session (validated,
then stored under the table's revision); moves made on other devices arrive
by ``poll`` (a few times a second, from the kernel's event loop) and redraw
the page.

Every callback runs inside ``guarded``: a refused move shows its rule in both
languages and changes nothing; any other error is logged on the server under
a short error id, and the page shows only that id ("your table is safe"),
never a traceback (the front end would swallow it silently otherwise).
"""

from __future__ import annotations

import asyncio
import base64
import html
import importlib
import json
import secrets
import sys
import time
import traceback
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from rulebook.core import CHANCE, HUMAN, SPECTATOR, Game, Match, RulebookError, get_game
from rulebook.core.errors import BadOption, BadRecord
from rulebook.core.match import MAX_RECORD_BYTES
from rulebook.core.lesson import Lesson, LessonError, load_lesson
from rulebook.core.playon import play_on_match, play_on_seats
from rulebook.core.text import RuleText, load_quick, load_rules, quick_html
from rulebook.tables import limits, links, seal
from rulebook.tables.opening import open_store
from rulebook.tables.session import TableError, TableSession, reseeded
from rulebook.tables.store import LESSON, OPEN, PAGE, NoSuchTable, TableStore, is_token_text

from .base import PageLink, RecordUpload, rule_panel_class
from .i18n import LANGS, t
from .lab import lab_link_html
from .lesson import LESSON_LABEL, LessonGuide
from .views.model import outcome_kind
from .seats_panel import SeatsPanel
from .closed_table import SHUT_CLASS, closed_banner_html, is_shut, without_turn

LOG_LINES = 300
POLL_SECONDS = 0.25
"""How often a page asks the store for the table's revision (moves show elsewhere within a second)."""
PRESENCE_SECONDS = 3.5
"""How often a live page marks its seats present (the host page shows who is connected): at every
4-second heartbeat, so "connected" can go off soon after a page closes (``rulebook.site.host``)."""
QUIET_AFTER_SECONDS = 30.0
"""No heartbeat from the browser for this long: the page is gone (or asleep), so stop polling.

A kernel that keeps redrawing for nobody looks busy and is never culled;
a page that wakes up beats again, and its first beat catches up at once."""


def _hide(widget: w.Widget, hidden: bool) -> None:
    widget.layout.display = "none" if hidden else None


def _classed(widget: w.Widget, *classes: str) -> w.Widget:
    for cls in classes:
        widget.add_class(cls)
    return widget


def load_view(game_name: str) -> type:
    """The view class of a game: ``widgets.views.<game>.View``."""
    return importlib.import_module(f"widgets.views.{game_name}").View


def _lesson_of(game: Game) -> Lesson | None:
    """The game's lesson, or None (no lesson yet, or a file that does not read: the page works without it)."""
    try:
        return load_lesson(game)
    except LessonError:
        ident = error_id()
        log_error(f"the {game.name} lesson file", ident)
        return None


def rules_page_link(game_name: str, lang: str) -> str:
    """A link to the game's rules as a plain page of the site (``/rules/``, rulebook.publish): read in full, no kernel."""
    return f' <a class="rb-rules-page-link" href="/rules/{lang}/{game_name}/" target="_blank" rel="noopener">{t("rules_page", lang)}</a>'


def rules_package(game: Game) -> str:
    """The package holding a game's ``rules.*.md`` (the engine's own package)."""
    return type(game).__module__.rsplit(".", 1)[0]


def error_id() -> str:
    """A short id tying what a visitor sees to the traceback in the server log."""
    return secrets.token_hex(4)


def log_error(where: str, ident: str) -> None:
    """The traceback of the exception being handled, to the *server's* log under ``ident``.

    ``sys.__stderr__`` is the kernel process's own stderr, which it inherits
    from ``rulebook serve``; ``sys.stderr`` in a kernel is captured and sent
    to the page, which is how a traceback once reached a visitor.
    """
    stream = sys.__stderr__ or sys.stderr
    print(f"[rulebook] error {ident} in {where}:", file=stream)
    traceback.print_exc(file=stream)
    stream.flush()


class GameApp:
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
        self.view = view_class(self)
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

    @property
    def match(self) -> Match:
        """The game as the table holds it (read by the views; changed only through the session)."""
        return self.session.match

    # ----- building the page ---------------------------------------------------------
    def _build(self, example_board: Any = None) -> None:
        self.title = _classed(w.HTML(), "rb-title")
        self.status = _classed(w.HTML(), "rb-status")
        self.lang_button = _classed(w.Button(), "rb-lang")
        self.lang_button.on_click(self.guarded(lambda _: self.set_lang("en" if self.lang == "ja" else "ja")))
        self.learn_button = _classed(w.Button(), "rb-learn")
        self.learn_button.on_click(self.guarded(lambda _: self.start_lesson()))
        self.header = _classed(w.HBox([self.title, self.status, self.learn_button, self.lang_button]), "rb-header")
        self.notice_box = _classed(w.HTML(), "rb-notice")
        self.closed_box = _classed(w.HTML(), "rb-closed")
        """The banner of a table the host closed (``widgets.closed_table``)."""

        self.board_area = _classed(w.VBox(), "rb-board-area")
        self.actions = _classed(w.HBox(), "rb-actions")
        self.roll_button = _classed(w.Button(), "rb-roll", "rb-primary")
        self.roll_button.on_click(self.guarded(lambda _: self.roll()))
        self.error_box = _classed(w.HTML(), "rb-error")
        self.outcome_box = _classed(w.HTML(), "rb-outcome")
        self.hint_box = _classed(w.HTML(), "rb-hint")
        self.panel_area = _classed(w.VBox(), "rb-panel-area")
        self.lesson_area = _classed(w.VBox(), "rb-lesson-slot")
        self.play_parts = (self.board_area, self.actions, self.error_box, self.outcome_box, self.hint_box, self.panel_area)
        self.play_column = _classed(w.VBox(self.play_parts), "rb-play")

        self.undo_button = _classed(w.Button(icon="undo"), "rb-undo")
        self.undo_button.on_click(self.guarded(lambda _: self.undo()))
        self.redo_button = _classed(w.Button(icon="redo"), "rb-redo")
        self.redo_button.on_click(self.guarded(lambda _: self.redo()))
        self.hint_toggle = _classed(w.ToggleButton(value=False), "rb-hint-toggle")
        self.hint_toggle.observe(self.guarded(lambda change: self.set_hint(bool(change["new"]))), "value")
        self.newgame_toggle = _classed(w.ToggleButton(value=False), "rb-newgame-toggle")
        self.newgame_toggle.observe(self.guarded(lambda change: _hide(self.newgame_panel, not change["new"])), "value")
        self.seats_toggle = _classed(w.ToggleButton(value=False), "rb-seats-toggle")
        self.seats_toggle.observe(self.guarded(lambda change: self._draw_seats()), "value")
        self.controls = _classed(
            w.HBox([self.undo_button, self.redo_button, self.hint_toggle, self.seats_toggle, self.newgame_toggle]), "rb-controls"
        )

        self.options_area = _classed(w.VBox(), "rb-options")
        self.seats_area = _classed(w.VBox(), "rb-seats-kinds")
        self.seed_input = _classed(w.Text(), "rb-seed")
        self.table_input = _classed(w.Checkbox(value=False, indent=False), "rb-table")
        self.start_button = _classed(w.Button(), "rb-start", "rb-primary")
        self.start_button.on_click(self.guarded(lambda _: self.start_from_panel()))
        self.newgame_panel = _classed(
            w.VBox([self.options_area, self.seats_area, self.seed_input, self.table_input, self.start_button]), "rb-newgame"
        )
        _hide(self.newgame_panel, True)
        self.seats_panel = SeatsPanel(self)
        _hide(self.seats_panel.root, True)

        self.pass_message = _classed(w.HTML(), "rb-pass-message")
        self.reveal_button = _classed(w.Button(), "rb-reveal", "rb-primary")
        self.reveal_button.on_click(self.guarded(lambda _: self.reveal()))
        self.pass_screen = _classed(w.VBox([self.pass_message, self.reveal_button]), "rb-pass-screen")
        self.save_link = _classed(w.HTML(), "rb-save")
        self.save_button = _classed(w.Button(icon="download"), "rb-save-button")
        self.save_button.on_click(self.guarded(lambda _: self.prepare_save()))
        self.load_input = _classed(RecordUpload(max_bytes=MAX_RECORD_BYTES), "rb-load")
        self.load_input.on_msg(self.guarded(self._on_upload))
        self.files = _classed(w.HBox([self.save_button, self.save_link, self.load_input]), "rb-files")
        self.lab_link = _classed(w.HTML(), "rb-lab-link-box")  # the designer's lab, on this game (widgets/lab)
        self.log_title = _classed(w.HTML(), "rb-panel-title")
        self.log_box = _classed(w.HTML(), "rb-log")
        self.rules_title = _classed(w.HTML(), "rb-panel-title")
        self.rule_panel = _classed(rule_panel_class(example_board)(), "rb-rules")
        self._examples_lang = ""
        self.side_column = _classed(
            w.VBox(
                [
                    self.controls,
                    self.seats_panel.root,
                    self.newgame_panel,
                    self.files,
                    self.lab_link,
                    self.log_title,
                    self.log_box,
                    self.rules_title,
                    self.rule_panel,
                ]
            ),
            "rb-side",
        )
        main = _classed(w.HBox([self.play_column, self.side_column]), "rb-main")
        # Bumped once everything is redrawn: tests (and scripts) wait on it
        # instead of on each part of the page separately.
        self.drawn = _classed(w.HTML(), "rb-drawn")
        _hide(self.drawn, True)
        self.page_link = PageLink()
        self.page_link.on_msg(self.guarded(self._on_beat))
        self.root = _classed(
            w.VBox([self.header, self.notice_box, self.closed_box, self.lesson_area, main, self.drawn, self.page_link]),
            "rb-app",
            f"rb-game-{self.game.name}",
        )

    # ----- guarded callbacks ---------------------------------------------------------
    def guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a widget callback: rule errors are shown, nothing else escapes."""

        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except RulebookError as error:
                self.show_error(error)
            except Exception:  # the front end would swallow it: log it and say so on the page
                ident = error_id()
                log_error(f"a {self.game.name} page", ident)
                self.error, self.error_internal = None, ident
                self._draw_error()
            return None

        return run

    # ----- tables --------------------------------------------------------------------------------
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

    # ----- starting games ----------------------------------------------------------------
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

    # ----- moves -------------------------------------------------------------------------
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

    # ----- other devices -----------------------------------------------------------------------------
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
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return False
        if not loop.is_running():
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

    # ----- the guided first game ("Learn to play") ------------------------------------------------------
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

    # ----- saving and loading ----------------------------------------------------------------
    def _on_upload(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A file chosen in the page: its text, or only its size when the page refused to send it."""
        if not isinstance(content, dict):
            return
        if content.get("too_big") is not None or not isinstance(content.get("text"), str):
            raise BadRecord("record", t("load_too_big", "ja"), t("load_too_big", "en"))
        self.load_json(content["text"])

    def load_json(self, content: bytes | str) -> None:
        """Resume a saved game; a bad or refused file raises ``BadRecord`` and keeps the current game.

        A sealed file (this site's, see ``rulebook.tables.seal``) made while
        a game ran is bound to its table and to the seats of the page that
        saved it (docs/security.md, "Secrets in saved games"): if that table
        is still in this site's store, loading it opens THAT table at those
        seats only, exactly as the seats' link would (the seats' other
        devices are told). If the table is gone, a game with hidden
        information is refused (a copy would show cards the saver never
        saw), and any other game becomes a new table with the moves so far
        and a new secret seed for everything not yet rolled.

        A plain record is a replay or a game whose seed its owner knows: it
        is replayed and its dice checked against the seed; an unfinished
        table-mode record is refused, since nothing shows a person typed its
        dice, and so is one whose moves claim to come from another seed.
        """
        size = len(content.encode("utf-8") if isinstance(content, str) else content)
        if size > MAX_RECORD_BYTES:
            raise BadRecord("record", t("load_too_big", "ja"), t("load_too_big", "en"))
        try:
            data = json.loads(content)
        except (ValueError, RecursionError):
            raise BadRecord("record", "JSON として読めません。", "The file is not valid JSON.") from None
        sealed = seal.is_sealed(data)
        if sealed:
            data = seal.unseal(data, seal.site_key(self.store))

        def this_game(name: str) -> Game:
            if name != self.game.name:
                raise BadRecord("record", t("load_other_game", "ja", game=name), t("load_other_game", "en", game=name))
            return self.game

        meta = data.get("meta") if isinstance(data, dict) else None
        meta = meta if isinstance(meta, dict) else {}
        if sealed:
            this_game(str(data.get("game")))
            if self._resume_saved_table(meta):
                return
        match = Match.from_record(data, this_game, seconds=limits.REPLAY_SECONDS)
        if not sealed and (match.table or match.entered) and not match.is_over():
            raise BadRecord("record", t("load_plain_table", "ja"), t("load_plain_table", "en"))
        if not sealed and match.recorded and not match.is_over():
            raise BadRecord("record", t("load_plain_recorded", "ja"), t("load_plain_recorded", "en"))
        chosen = not sealed
        if sealed and not match.is_over():
            if self.game.hidden_information:
                raise BadRecord("record", t("load_table_gone", "ja"), t("load_table_gone", "en"))
            match = reseeded(match)
        limits.check_new_table(self.store, self.table_rate)
        self._use(TableSession.from_match(self.store, match, seed_chosen=chosen))
        self.message = (t("loaded", "ja", moves=len(match.actions)), t("loaded", "en", moves=len(match.actions)))
        self._advance()
        self.view.set_options(match.options)
        self._sync_newgame_panel()
        self.refresh()

    def _resume_saved_table(self, meta: Mapping[str, Any]) -> bool:
        """Open the table a sealed save is bound to, at the saver's seats; False if it cannot be.

        False when the file names no table or no seat (a spectator's save, or
        one made before saves were bound), when the table is not in this
        site's store (purged, or another site's), or when none of the file's
        seats opens a seat there any more.
        """
        table_id, keys = meta.get("table_id"), meta.get("keys")
        if not is_token_text(table_id) or not isinstance(keys, list):
            return False
        tokens = [k for k in keys[: links.MAX_KEYS] if is_token_text(k)]
        if not tokens:
            return False
        try:
            if self.store.info(table_id).game != self.game.name:
                return False
            session, _unknown = TableSession.open(self.store, table_id, tokens, claim=True)
        except NoSuchTable:
            return False
        if session.is_spectator():
            return False
        self._use(session)
        names = ", ".join(str(seat + 1) for seat in sorted(session.seats_here)) or "-"
        self.message = (t("resumed_table", "ja", seats=names), t("resumed_table", "en", seats=names))
        self._advance()
        self.view.set_options(self.match.options)
        self._sync_newgame_panel()
        self.refresh()
        return True

    def save_record(self) -> tuple[str, str]:
        """(file name, JSON text) of the save file: sealed while the game runs, the plain replay once over.

        The sealed file of a running game carries this page's own keys (its
        seats', and the owner's if it has it), so loading it is this page's
        link and nothing more (``load_json``). A spectator of a game with
        hidden information gets none: ``BadRecord`` says why.
        """
        session = self.session
        record = session.record()
        record["meta"]["seed_chosen"] = session.info.seed_chosen
        moves = len(self.match.actions)
        if self.game_finished():
            return f"{self.game.name}-{session.table_id}-replay.json", json.dumps(record, ensure_ascii=False, indent=1)
        if not self.may_save():
            raise BadRecord("record", t("save_spectator", "ja"), t("save_spectator", "en"))
        record["meta"]["keys"] = session.page_keys()
        sealed = seal.seal(record, seal.site_key(self.store))
        return f"{self.game.name}-{session.table_id}-{moves}.json", json.dumps(sealed)

    def may_save(self) -> bool:
        """A save file can be offered now: not to a spectator while a game with secrets runs.

        A spectator's sealed file could not resume any seat, and a copy of a
        hidden-information game would deal from what the table hid; so
        spectators wait for the end and get the replay. (Spectators of games
        without secrets may save: a copy gets a new seed, see ``load_json``.)
        """
        return self.game_finished() or not (self.game.hidden_information and self.session.is_spectator())

    def game_finished(self) -> bool:
        """Over, or closed by a host: from then on the seed and the full record are no secret."""
        return self.match.is_over() or not self.session.is_open

    def _draw_pass_screen(self) -> None:
        name = t("seat", self.lang) + f" {self.viewer + 1}"
        self.pass_message.value = (
            f'<div class="rb-pass-box"><div class="rb-pass-title">{html.escape(t("pass_to", self.lang, name=name))}</div>'
            f'<div>{html.escape(t("pass_hint", self.lang))}</div></div>'
        )
        self.reveal_button.description = t("reveal", self.lang, name=name)
        wanted = self.play_parts if self.revealed else (self.pass_screen,)
        if self.play_column.children != wanted:
            self.play_column.children = wanted

    def _draw_save(self) -> None:
        """The save link: built on request in games with secrets (or while seats are on other devices)."""
        on_request = self.game.hidden_information or not self.game_finished()
        ready = (self.save_ready or not on_request) and self.may_save()
        _hide(self.save_button, ready)
        self.save_button.description = t("save_prepare", self.lang)
        self.save_button.disabled = not self.may_save()
        self.save_button.tooltip = "" if self.may_save() else t("save_spectator", self.lang)
        if not self.may_save():
            self.save_button.description = t("save_spectator_short", self.lang)
        if not ready:
            self.save_link.value = ""
            _hide(self.save_link, True)
            return
        _hide(self.save_link, False)
        name, text = self.save_record()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = t("save_replay" if self.game_finished() else "save", self.lang)
        self.save_link.value = (
            f'<a class="rb-save-link" download="{html.escape(name)}" href="data:application/json;base64,{data}">{label}</a>'
        )

    # ----- language, hints, errors --------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "ja"
        self._set_seat_choosers([d.value for d in self.seats_area.children] or self.match.seats)
        self.view.set_lang(self.lang)
        self._update_link()
        self.refresh()

    def set_hint(self, on: bool) -> None:
        self.hint_on = on
        self.refresh()

    def show_error(self, error: RulebookError) -> None:
        """Show why a move was refused and point the rule panel at the paragraph."""
        self.error, self.error_internal, self.message = error, None, None
        self._draw_error()
        rule_ids = self.rules[self.lang].ids
        if error.rule_id in rule_ids:
            self.rule_panel.highlight = error.rule_id
            self.rule_panel.html = self.rules_html(error.rule_id)
            self.rule_panel.focus += 1

    def rules_html(self, highlight: str | None) -> str:
        """The rule panel's HTML: the quick reference, then the whole rules with ``highlight`` marked."""
        lang = self.lang
        return quick_html(self.quick.get(lang, ""), lang) + self.rules[lang].html(highlight)

    def _draw_error(self) -> None:
        lang = self.lang
        if self.error_internal:
            self.error_box.value = (
                f'<div class="rb-error-box" data-error-id="{self.error_internal}"><div class="rb-error-text">'
                f"{html.escape(t('internal_error', lang, ident=self.error_internal))}</div></div>"
            )
        elif self.error is not None:
            error = self.error
            rule_ids = self.rules[lang].ids
            title = ""
            if error.rule_id in rule_ids:
                title = f" — {html.escape(self.rules[lang].section(error.rule_id).title)}"
            self.error_box.value = (
                f'<div class="rb-error-box" data-rule="{html.escape(error.rule_id)}">'
                f'<div class="rb-error-rule">{t("error_rule", lang)} <code>{html.escape(error.rule_id)}</code>{title}</div>'
                f'<div class="rb-error-text">{html.escape(error.message(lang))}</div></div>'
            )
        elif self.message is not None:
            text = self.message[0] if lang == "ja" else self.message[1]
            self.error_box.value = f'<div class="rb-notice-box rb-message">{html.escape(text)}</div>'
        else:
            self.error_box.value = ""
        _hide(self.error_box, not self.error_box.value)

    # ----- who is looking (hidden information) ---------------------------------------------------
    def human_seats(self) -> list[int]:
        """The seats of people playing on this page (the others are bots or on other devices)."""
        return sorted(self.session.seats_here)

    def hot_seat(self) -> bool:
        """Several people share the screen in a game with secrets: pass screens are needed.

        Not in a lesson: there the other seats are the script's, and the
        learner always sees the first seat.
        """
        return self.game.hidden_information and len(self.human_seats()) >= 2 and self.guide is None

    def _reset_viewer(self) -> None:
        humans = self.human_seats()
        player = self.match.current_player
        self.viewer = player if player in humans else (humans[0] if humans else self._watched_seat())
        self.revealed = not self.hot_seat()
        self.save_ready = False

    def _follow_turn(self) -> None:
        """When another person's move comes up, hide the board until they take the tablet."""
        player = self.match.current_player
        humans = self.human_seats()
        if self.guide is not None and humans:
            self.viewer, self.revealed = humans[0], True
            return
        if self.viewer not in humans:
            self.viewer = humans[0] if humans else self._watched_seat()
        if player >= 0 and player in humans and player != self.viewer:
            self.viewer = player
            self.revealed = not self.hot_seat()
        if self.match.is_over():
            self.revealed = True

    def _watched_seat(self) -> int:
        """The seat a watching page shows (its link's first seat), or ``SPECTATOR``."""
        return min(self.session.watching, default=SPECTATOR)

    def reveal(self) -> None:
        """The next player has the tablet: show their view."""
        self.revealed = True
        self.refresh()

    def viewer_seat(self) -> int:
        """The seat to draw: the viewer, or ``SPECTATOR`` while the pass screen is up (or on a spectator's page)."""
        return self.viewer if self.revealed else SPECTATOR

    def observation(self) -> dict[str, Any]:
        """What the page may show now (views of hidden-information games draw only this)."""
        return self.game.observe(self.match.state, self.viewer_seat())

    def prepare_save(self) -> None:
        """The save file is built on request, not kept in the page's markup."""
        self.save_ready = True
        self._draw_save()

    # ----- drawing ---------------------------------------------------------------------------------
    def _header_tags(self) -> list[str]:
        """The table's facts for the header: whose page this is, table mode, a closed table."""
        lang, session = self.lang, self.session
        tags = []
        lesson_table = session.info.label == LESSON_LABEL
        if lesson_table:
            tags.append(f"<span class='rb-table-label rb-lesson-tag'>{html.escape(t('lesson_tag', lang))}</span>")
        elif session.info.label:
            tags.append(f"<span class='rb-table-label'>{html.escape(session.info.label)}</span>")
        if session.watching:
            names = ", ".join(str(k + 1) for k in sorted(session.watching))
            tags.append(f"<span class='rb-watching rb-watching-seat'>{html.escape(t('watching_seat', lang, seats=names))}</span>")
        elif session.is_spectator():
            tags.append(f"<span class='rb-watching'>{html.escape(t('watching', lang))}</span>")
        elif len(set(self.match.seats)) > 1 or len(self.human_seats()) < self.match.seats.count(HUMAN):
            names = ", ".join(f"{t('seat', lang)} {k + 1}" for k in self.human_seats())
            tags.append(f"<span class='rb-my-seats'>{html.escape(t('this_page_plays', lang, seats=names))}</span>")
        if self.match.table and self.guide is None:
            tags.append(html.escape(t("table_on", lang)))
        if not session.is_open:
            tags.append(f"<span class='rb-table-closed'>{html.escape(t('table_closed', lang))}</span>")
        return tags

    def tapped(self) -> None:
        """A tap changed only this page (a card typed in, a die held or picked, a choice made): a
        refusal or notice shown for an earlier tap no longer describes the page, so it goes; then
        the page is redrawn. (A move does the same through ``play``.)"""
        self.error, self.error_internal, self.message = None, None, None
        self.refresh()

    def refresh(self) -> None:
        """Redraw everything from the match (cheap: a few widgets' values)."""
        lang, match = self.lang, self.match
        self._follow_turn()
        self._draw_pass_screen()
        self.title.value = html.escape(self.game.title_ja if lang == "ja" else f"{self.game.title_en}")
        shut = is_shut(self)
        view_status = without_turn(self.view.status()) if shut else self.view.status()
        self.status.value = " · ".join(part for part in [view_status, *self._header_tags()] if part)
        self._draw_closed(shut)
        self.lang_button.description = t("lang_switch", lang)
        self.roll_button.description = t("roll", lang)
        self.undo_button.description = t("undo", lang)
        self.redo_button.description = t("redo", lang)
        in_lesson = self.guide is not None
        self.undo_button.disabled = in_lesson or not self.session.can_undo()
        self.redo_button.disabled = in_lesson or not self.session.can_redo()
        if in_lesson:
            self.undo_button.tooltip = t("lesson_use_back", lang)
        else:
            self.undo_button.tooltip = "" if self.session.can_undo() else t(self._why_no_undo(), lang)
        self.learn_button.description = t("learn", lang)
        _hide(self.learn_button, self.lesson is None or in_lesson)
        if self.guide is not None:
            self.guide.draw()
            self.lesson_area.children = (self.guide.root,)
        elif self.lesson_area.children:
            self.lesson_area.children = ()
        self.hint_toggle.description = t("hint_off" if self.hint_on else "hint", lang)
        self.newgame_toggle.description = t("new_game", lang)
        self.seats_toggle.description = t("seats_links", lang)
        self.start_button.description = t("start", lang)
        self.seed_input.description = t("seed", lang)
        self.seed_input.placeholder = t("seed_placeholder", lang)
        _hide(self.seed_input, self.session.shared())  # no chosen seed at a table other devices play at
        self.table_input.description = t(f"table_mode_{self.view.chance_parts}", lang)
        self.load_input.label = t("load", lang)
        self.lab_link.value = lab_link_html(self.game.name, lang)
        self.log_title.value = t("log", lang)
        self.rules_title.value = t("rules", lang) + rules_page_link(self.game.name, lang)
        self.rule_panel.label_open = t("rules", lang)
        self.rule_panel.label_close = t("rules_close", lang)
        self.rule_panel.label_example = t("example_tap", lang)
        if self._examples_lang != lang:
            self._examples_lang = lang
            self.rule_panel.examples = self.view.example_views(self.rules[lang].examples, lang)
        self._draw_notices()

        self.view.refresh()
        self._draw_actions()
        self._draw_error()
        self._draw_outcome()
        self._draw_hint()
        self._draw_log()
        self._draw_save()
        self._draw_seats()
        highlight = self.rule_panel.highlight or None
        self.rule_panel.html = self.rules_html(highlight)
        _hide(self.table_input, not self.view.table_mode)
        self.drawn.value = (
            f'<span data-version="{self._version}" data-moves="{len(match.actions)}" data-fresh="{len(self._fresh)}"'
            f' data-revision="{self.session.revision}"></span>'
        )

    def _draw_closed(self, shut: bool) -> None:
        """A closed table: the banner, and the page's class that switches off the board's caption and taps."""
        self.closed_box.value = closed_banner_html(self) if shut else ""
        _hide(self.closed_box, not shut)
        if shut:
            self.root.add_class(SHUT_CLASS)
        else:
            self.root.remove_class(SHUT_CLASS)

    def _draw_notices(self) -> None:
        lang = self.lang
        items = [ja if lang == "ja" else en for ja, en in self.notices]
        if self.session.info.seed_chosen and not self.game_finished() and self.session.info.label != LESSON_LABEL:
            items.append(t("seed_chosen", lang))
        notices = "".join(f"<div>{html.escape(text)}</div>" for text in items)
        notes = ""
        if self.notes and (self.notes[0] or self.notes[1]):
            text = self.notes[0] if lang == "ja" else self.notes[1]
            notes = f'<div class="rb-staff-notes"><b>{html.escape(t("staff_notes", lang))}</b> {html.escape(text or self.notes[0] or self.notes[1])}</div>'
        value = (f'<div class="rb-notice-box">{notices}</div>' if notices else "") + notes
        self.notice_box.value = value
        _hide(self.notice_box, not value)

    def _draw_seats(self) -> None:
        shown = bool(self.seats_toggle.value)
        _hide(self.seats_panel.root, not shown)
        if shown:
            self.seats_panel.draw()

    def _draw_actions(self) -> None:
        match = self.match
        old, self._fresh = self._fresh, []
        self._version += 1
        buttons: list[w.Widget] = []
        if is_shut(self):
            pass  # the host closed the table: no move to offer, not even a disabled one
        elif match.current_player == CHANCE and not match.table:
            if self.session.can_roll():
                buttons.append(self.roll_button)
        elif self.session.can_act() and match.current_player >= 0:
            for action in self.game.legal_actions(match.state):
                if self.view.handles(action):
                    continue
                buttons.append(self._action_button(action))
        if not is_shut(self):
            buttons.extend(self.view.extra_controls())
        self.actions.children = tuple(buttons)
        _hide(self.actions, not buttons)
        for button in old:  # replaced: free their models in the kernel and the page
            button.close()

    def fresh_button(self, description: str, classes: Sequence[str], callback: Callable[[], Any]) -> w.Button:
        """A button valid for this drawing of the page only.

        It is replaced at the next redraw, and a click that arrives after the
        page changed (a double tap on "Done" in hot-seat play would otherwise
        end the *next* player's turn) is ignored.
        """
        version = self._version
        # "rb-fresh rb-v<n>": which drawing a button belongs to, so a test (or a script) can tell
        # when the action bar in the browser has caught up with the redraw marker (rb-drawn)
        button = _classed(w.Button(description=description), *classes, "rb-fresh", f"rb-v{version}")

        def clicked(_: Any) -> None:
            if version == self._version:
                callback()

        button.on_click(self.guarded(clicked))
        self._fresh.append(button)
        return button

    def _action_button(self, action: Any) -> w.Button:
        slug = "".join(ch if ch.isalnum() else "-" for ch in str(action))
        return self.fresh_button(self.view.action_label(action), ("rb-action", f"rb-action-{slug}"), lambda: self.play(action))

    def _draw_outcome(self) -> None:
        outcome = self.game.outcome(self.match.state)
        if outcome is None:
            self.outcome_box.value = ""
        else:
            seed = t("seed_was", self.lang, seed=self.match.seed)
            kind = outcome_kind(outcome.winners, self.human_seats())
            self.outcome_box.value = (
                f'<div class="rb-outcome-box rb-outcome-{kind}"><div class="rb-outcome-title">{t("game_over", self.lang)}</div>'
                f"{self.view.outcome_html(outcome)}"
                f'<div class="rb-replay-note">{html.escape(seed)}</div></div>'
            )
        _hide(self.outcome_box, not self.outcome_box.value)

    def _draw_hint(self) -> None:
        text = self.view.hint_html() if self.hint_on else ""
        self.hint_box.value = f'<div class="rb-hint-box">{text}</div>' if text else ""
        _hide(self.hint_box, not text)

    def _draw_log(self) -> None:
        match, lang = self.match, self.lang
        states, actions = match.states, match.actions
        lines = []
        for k, action in enumerate(actions):
            key = (k, lang)
            if key not in self._log_cache:
                self._log_cache[key] = self.view.describe(states[k], action, states[k + 1])
            if self._log_cache[key]:
                lines.append(self._log_cache[key])
        items = "".join(f"<li>{line}</li>" for line in reversed(lines[-LOG_LINES:]))
        self.log_box.value = f'<ol reversed start="{len(lines)}">{items}</ol>' if lines else ""
        _hide(self.log_box, not lines)
        _hide(self.log_title, not lines)

    def display(self) -> w.Widget:
        return self.root

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.root._repr_mimebundle_(**kwargs)
