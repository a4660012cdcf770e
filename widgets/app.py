"""``GameApp``: the one controller every game page uses.

It owns a ``Match`` (the engine's driver) and draws it with shared parts —
header, action bar, error box, undo/redo, new-game panel, hints, save/load,
log, the rule panel — around a game-specific *view* found by name in
``widgets.views.<game>``. Every callback runs inside ``guarded``: a refused
move shows its rule in both languages and changes nothing; any other error
is logged for the server and shown as a plain message, never a traceback
(the front end would swallow it silently otherwise).
"""

from __future__ import annotations

import base64
import html
import importlib
import sys
import traceback
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w

from rulebook.core import CHANCE, HUMAN, SPECTATOR, Game, Match, RulebookError, fresh_seed, get_game
from rulebook.core.errors import BadOption, BadRecord
from rulebook.core.match import MAX_RECORD_BYTES, check_seed
from rulebook.core.text import RuleText, load_rules

from .base import RulePanel
from .i18n import LANGS, t

LOG_LINES = 300


def _hide(widget: w.Widget, hidden: bool) -> None:
    widget.layout.display = "none" if hidden else None


def _classed(widget: w.Widget, *classes: str) -> w.Widget:
    for cls in classes:
        widget.add_class(cls)
    return widget


def load_view(game_name: str) -> type:
    """The view class of a game: ``widgets.views.<game>.View``."""
    return importlib.import_module(f"widgets.views.{game_name}").View


def rules_package(game: Game) -> str:
    """The package holding a game's ``rules.*.md`` (the engine's own package)."""
    return type(game).__module__.rsplit(".", 1)[0]


class GameApp:
    """A playable game: engine match + shared controls + the game's board view."""

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
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.lang = lang if lang in LANGS else "ja"
        self.rules: dict[str, RuleText] = load_rules(rules_package(self.game))
        self.notices = list(notices)
        self.error: RulebookError | None = None
        self.error_internal = False
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
        self._build()
        self.view = load_view(self.game.name)(self)
        self.board_area.children = (self.view.widget,)
        self.panel_area.children = (self.view.panel,)
        self.options_area.children = (self.view.options_widget,)
        self.match: Match
        try:
            self._start(options, seed, seats, table)
        except RulebookError as error:
            self.notices.append((error.message_ja, error.message_en))
            self._start(None, None, None, False)
        self.view.set_options(self.match.options)
        self._sync_newgame_panel()
        self.refresh()

    # ----- building the page ---------------------------------------------------------
    def _build(self) -> None:
        self.title = _classed(w.HTML(), "rb-title")
        self.status = _classed(w.HTML(), "rb-status")
        self.lang_button = _classed(w.Button(), "rb-lang")
        self.lang_button.on_click(self.guarded(lambda _: self.set_lang("en" if self.lang == "ja" else "ja")))
        self.header = _classed(w.HBox([self.title, self.status, self.lang_button]), "rb-header")
        self.notice_box = _classed(w.HTML(), "rb-notice")

        self.board_area = _classed(w.VBox(), "rb-board-area")
        self.actions = _classed(w.HBox(), "rb-actions")
        self.roll_button = _classed(w.Button(), "rb-roll", "rb-primary")
        self.roll_button.on_click(self.guarded(lambda _: self.roll()))
        self.error_box = _classed(w.HTML(), "rb-error")
        self.outcome_box = _classed(w.HTML(), "rb-outcome")
        self.hint_box = _classed(w.HTML(), "rb-hint")
        self.panel_area = _classed(w.VBox(), "rb-panel-area")
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
        self.controls = _classed(w.HBox([self.undo_button, self.redo_button, self.hint_toggle, self.newgame_toggle]), "rb-controls")

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

        self.pass_message = _classed(w.HTML(), "rb-pass-message")
        self.reveal_button = _classed(w.Button(), "rb-reveal", "rb-primary")
        self.reveal_button.on_click(self.guarded(lambda _: self.reveal()))
        self.pass_screen = _classed(w.VBox([self.pass_message, self.reveal_button]), "rb-pass-screen")
        self.save_link = _classed(w.HTML(), "rb-save")
        self.save_button = _classed(w.Button(icon="download"), "rb-save-button")
        self.save_button.on_click(self.guarded(lambda _: self.prepare_save()))
        self.load_input = _classed(w.FileUpload(accept=".json,application/json", multiple=False), "rb-load")
        self.load_input.observe(self.guarded(self._on_upload), "value")
        self.files = _classed(w.HBox([self.save_button, self.save_link, self.load_input]), "rb-files")
        self.log_title = _classed(w.HTML(), "rb-panel-title")
        self.log_box = _classed(w.HTML(), "rb-log")
        self.rules_title = _classed(w.HTML(), "rb-panel-title")
        self.rule_panel = _classed(RulePanel(), "rb-rules")
        self.side_column = _classed(
            w.VBox(
                [self.controls, self.newgame_panel, self.files, self.log_title, self.log_box, self.rules_title, self.rule_panel]
            ),
            "rb-side",
        )
        main = _classed(w.HBox([self.play_column, self.side_column]), "rb-main")
        # Bumped once everything is redrawn: tests (and scripts) wait on it
        # instead of on each part of the page separately.
        self.drawn = _classed(w.HTML(), "rb-drawn")
        _hide(self.drawn, True)
        self.root = _classed(w.VBox([self.header, self.notice_box, main, self.drawn]), "rb-app", f"rb-game-{self.game.name}")

    # ----- guarded callbacks ---------------------------------------------------------
    def guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a widget callback: rule errors are shown, nothing else escapes."""

        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except RulebookError as error:
                self.show_error(error)
            except Exception:  # the front end would swallow it: log it and say so on the page
                print(f"[rulebook] error in a {self.game.name} callback:", file=sys.stderr)
                traceback.print_exc(file=sys.stderr)
                self.error, self.error_internal = None, True
                self._draw_error()
            return None

        return run

    # ----- starting games ----------------------------------------------------------------
    def _start(self, options: Mapping[str, Any] | None, seed: Any, seats: Sequence[str] | None, table: bool) -> None:
        seed = fresh_seed() if seed is None or seed == "" else check_seed(seed)
        opts = self.game.normalize_options(options)
        if seats is None:
            seats = self.view.default_seats(opts)
        self.match = Match.new(self.game, opts, seed=seed, table=table, seats=seats)
        self._log_cache.clear()
        self.error, self.error_internal, self.message = None, False, None
        self._auto()
        self._reset_viewer()

    def start(self, options: Mapping[str, Any] | None = None, seed: Any = None, seats: Sequence[str] | None = None, table: bool = False) -> None:
        """Begin a new game; a refused option leaves the current game as it is."""
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
        self.table_input.value = self.match.table

    # ----- moves -------------------------------------------------------------------------
    def play(self, action: Any) -> None:
        """A user move (action value or text). Raises ``RulebookError`` if refused."""
        self.play_group([action])

    def play_group(self, actions: Sequence[Any]) -> None:
        self.match.play_group(actions)
        self._after_move()

    def roll(self) -> None:
        """Draw the chance outcomes of this roll from the seed, then let bots move."""
        if self.match.current_player != CHANCE or self.match.table:
            return
        while self.match.current_player == CHANCE:
            self.match.step_auto()
        self._after_move()

    def _after_move(self) -> None:
        self.error, self.error_internal, self.message = None, False, None
        self.save_ready = False
        self._auto()
        self.refresh()

    def _auto(self) -> None:
        """Bots move until a human seat or a roll is due.

        A roll waits for the Roll button unless the view says this one follows
        at once (``auto_roll``, e.g. a re-roll the player just asked for).
        """
        match = self.match
        for _ in range(100_000):
            player = match.current_player
            if player == CHANCE and not match.table and self.view.auto_roll(match.state):
                match.step_auto()
            elif player >= 0 and match.is_bot(player):
                match.step_auto()
            else:
                return

    def _trim_log_cache(self) -> None:
        """Forget log lines past the current move (undo/redo changed what follows)."""
        n = len(self.match.actions)
        self._log_cache = {key: line for key, line in self._log_cache.items() if key[0] < n}

    def undo(self) -> None:
        self._travel(self.match.undo, "nothing_to_undo")

    def redo(self) -> None:
        self._travel(self.match.redo, "nothing_to_redo")

    def _travel(self, step: Callable[[], bool], nothing: str) -> None:
        """Undo or redo one user move; say so when there is none."""
        if step():
            self.error, self.error_internal, self.message = None, False, None
        else:
            self.message = (t(nothing, "ja"), t(nothing, "en"))
        self._trim_log_cache()
        self.refresh()

    # ----- saving and loading ----------------------------------------------------------------
    def _on_upload(self, change: Mapping[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        try:
            content = bytes(upload["content"])
            self.load_json(content)
        finally:
            self.load_input.value = ()

    def load_json(self, content: bytes | str) -> None:
        """Resume a saved game; a bad file raises ``BadRecord`` and keeps the current game."""
        size = len(content.encode("utf-8") if isinstance(content, str) else content)
        if size > MAX_RECORD_BYTES:
            raise BadRecord("record", t("load_too_big", "ja"), t("load_too_big", "en"))

        def this_game(name: str) -> Game:
            if name != self.game.name:
                raise BadRecord("record", t("load_other_game", "ja", game=name), t("load_other_game", "en", game=name))
            return self.game

        match = Match.from_json(content, this_game)
        self.match = match
        self._log_cache.clear()
        self._reset_viewer()
        self.error, self.error_internal = None, False
        self.message = (t("loaded", "ja", moves=len(match.actions)), t("loaded", "en", moves=len(match.actions)))
        self._auto()
        self.view.set_options(match.options)
        self._sync_newgame_panel()
        self.refresh()

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
        hidden = self.game.hidden_information
        _hide(self.save_button, not hidden or self.save_ready)
        self.save_button.description = t("save_prepare", self.lang)
        if hidden and not self.save_ready:
            self.save_link.value = ""
            _hide(self.save_link, True)
            return
        _hide(self.save_link, False)
        data = base64.b64encode(self.match.to_json().encode("utf-8")).decode("ascii")
        name = f"{self.game.name}-{self.match.seed}-{len(self.match.actions)}.json"
        self.save_link.value = (
            f'<a class="rb-save-link" download="{name}" href="data:application/json;base64,{data}">{t("save", self.lang)}</a>'
        )

    # ----- language, hints, errors --------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "ja"
        self._set_seat_choosers([d.value for d in self.seats_area.children] or self.match.seats)
        self.view.set_lang(self.lang)
        self.refresh()

    def set_hint(self, on: bool) -> None:
        self.hint_on = on
        self.refresh()

    def show_error(self, error: RulebookError) -> None:
        """Show why a move was refused and point the rule panel at the paragraph."""
        self.error, self.error_internal, self.message = error, False, None
        self._draw_error()
        rule_ids = self.rules[self.lang].ids
        if error.rule_id in rule_ids:
            self.rule_panel.highlight = error.rule_id
            self.rule_panel.html = self.rules[self.lang].html(error.rule_id)
            self.rule_panel.focus += 1

    def _draw_error(self) -> None:
        lang = self.lang
        if self.error_internal:
            self.error_box.value = f'<div class="rb-error-box"><div class="rb-error-text">{html.escape(t("internal_error", lang))}</div></div>'
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
        return [k for k, kind in enumerate(self.match.seats) if kind == HUMAN]

    def hot_seat(self) -> bool:
        """Several people share the screen in a game with secrets: pass screens are needed."""
        return self.game.hidden_information and len(self.human_seats()) >= 2

    def _reset_viewer(self) -> None:
        humans = self.human_seats()
        player = self.match.current_player
        self.viewer = player if player in humans else (humans[0] if humans else 0)
        self.revealed = not self.hot_seat()
        self.save_ready = False

    def _follow_turn(self) -> None:
        """When another person's move comes up, hide the board until they take the tablet."""
        player = self.match.current_player
        if player >= 0 and player in self.human_seats() and player != self.viewer:
            self.viewer = player
            self.revealed = not self.hot_seat()
        if self.match.is_over():
            self.revealed = True

    def reveal(self) -> None:
        """The next player has the tablet: show their view."""
        self.revealed = True
        self.refresh()

    def viewer_seat(self) -> int:
        """The seat to draw: the viewer, or ``SPECTATOR`` while the pass screen is up."""
        return self.viewer if self.revealed else SPECTATOR

    def observation(self) -> dict[str, Any]:
        """What the page may show now (views of hidden-information games draw only this)."""
        return self.game.observe(self.match.state, self.viewer_seat())

    def prepare_save(self) -> None:
        """Hidden-information games build the save file on request, not in the page's markup."""
        self.save_ready = True
        self._draw_save()

    # ----- drawing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the match (cheap: a few widgets' values)."""
        lang, match = self.lang, self.match
        self._follow_turn()
        self._draw_pass_screen()
        self.title.value = html.escape(self.game.title_ja if lang == "ja" else f"{self.game.title_en}")
        self.status.value = self.view.status()
        self.lang_button.description = t("lang_switch", lang)
        self.roll_button.description = t("roll", lang)
        self.undo_button.description = t("undo", lang)
        self.redo_button.description = t("redo", lang)
        self.undo_button.disabled = not match.can_undo()
        self.redo_button.disabled = not match.can_redo()
        self.hint_toggle.description = t("hint_off" if self.hint_on else "hint", lang)
        self.newgame_toggle.description = t("new_game", lang)
        self.start_button.description = t("start", lang)
        self.seed_input.description = t("seed", lang)
        self.seed_input.placeholder = t("seed_placeholder", lang)
        self.table_input.description = t("table_mode", lang)
        self.load_input.description = t("load", lang)
        self.log_title.value = t("log", lang)
        self.rules_title.value = t("rules", lang)
        notices = "".join(f"<div>{html.escape(ja if lang == 'ja' else en)}</div>" for ja, en in self.notices)
        self.notice_box.value = f'<div class="rb-notice-box">{notices}</div>' if notices else ""
        _hide(self.notice_box, not notices)

        self.view.refresh()
        self._draw_actions()
        self._draw_error()
        self._draw_outcome()
        self._draw_hint()
        self._draw_log()
        self._draw_save()
        highlight = self.rule_panel.highlight or None
        self.rule_panel.html = self.rules[lang].html(highlight)
        _hide(self.table_input, not self.view.table_mode)
        self.drawn.value = (
            f'<span data-version="{self._version}" data-moves="{len(match.actions)}" data-fresh="{len(self._fresh)}"></span>'
        )

    def _draw_actions(self) -> None:
        match = self.match
        old, self._fresh = self._fresh, []
        self._version += 1
        buttons: list[w.Widget] = []
        if match.current_player == CHANCE and not match.table:
            buttons.append(self.roll_button)
        elif match.waiting_for_user() and match.current_player >= 0:
            for action in self.game.legal_actions(match.state):
                if self.view.handles(action):
                    continue
                buttons.append(self._action_button(action))
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
            self.outcome_box.value = (
                f'<div class="rb-outcome-box"><div class="rb-outcome-title">{t("game_over", self.lang)}</div>'
                f"{self.view.outcome_html(outcome)}</div>"
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
