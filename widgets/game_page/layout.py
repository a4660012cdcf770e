"""The page's widgets, made once: header, play column (board, action bar, boxes), side column (controls,
new-game panel, seats and links, files, log, rules), pass screen, redraw marker (``LayoutPart._build``).

Only *making* and wiring the widgets lives here; what they show is drawn by ``drawing``, and each
click goes to the part named by its callback (moves, hot seat, saving, lesson run, new game).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from rulebook.core.match import MAX_RECORD_BYTES

from ..base import Announcer, PageLink, RecordUpload, rule_panel_class
from ..seats_panel import SeatsPanel
from .parts import PageParts, classed as _classed, hide as _hide


class LayoutPart(PageParts):
    """Builds the page's widgets (``root``) and connects each to its callback."""

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
        self.announcer = Announcer()
        """The page's one polite live region: what the last change was (``drawing._draw_announcement``)."""
        self._announced: int | None = None
        self.page_link = PageLink()
        self.page_link.on_msg(self.guarded(self._on_beat))
        # the seat links need the origin the browser reports once it starts: a panel opened before then is drawn again
        self.page_link.observe(self.guarded(lambda _: self._draw_seats()), "origin")
        self.root = _classed(
            w.VBox([self.header, self.notice_box, self.closed_box, self.lesson_area, main, self.drawn, self.announcer, self.page_link]),
            "rb-app",
            f"rb-game-{self.game.name}",
        )
