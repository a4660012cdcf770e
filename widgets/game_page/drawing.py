"""Redrawing the page from the table (``refresh``): header and its tags, notices, the action bar and its
fresh buttons, outcome, hint, log; the language and hint switches."""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as w

from rulebook.core import CHANCE, HUMAN

from ..closed_table import SHUT_CLASS, closed_banner_html, is_shut, without_turn
from ..i18n import LANGS, t
from ..lab import lab_link_html
from ..lesson import LESSON_LABEL
from ..views.model import outcome_kind
from .announce import announcement
from .parts import LOG_LINES, PageParts, classed as _classed, hide as _hide, rules_page_link


class DrawingPart(PageParts):
    """Everything drawn from the match at each change."""

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else "ja"
        self._set_seat_choosers([d.value for d in self.seats_area.children] or self.match.seats)
        self.view.set_lang(self.lang)
        self._update_link()
        self.refresh()

    def set_hint(self, on: bool) -> None:
        self.hint_on = on
        self.refresh()

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
        self._draw_announcement()
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
        # focusable and named: the log scrolls, and a keyboard must reach what it holds (axe scrollable-region-focusable)
        label = html.escape(t("log", lang))
        self.log_box.value = f'<ol reversed start="{len(lines)}" tabindex="0" aria-label="{label}">{items}</ol>' if lines else ""
        _hide(self.log_box, not lines)
        _hide(self.log_title, not lines)

    def _draw_announcement(self) -> None:
        """Say (politely) what changed since the last drawing: the moves made since, by anyone, and the end.

        The first drawing says nothing (the page is read as it is); a move
        taken back or a new game says nothing either (the board shows it).
        """
        match, lang = self.match, self.lang
        self.announcer.lang = lang  # also the page's <html lang>, which follows the language switch
        count, before = len(match.actions), self._announced
        self._announced = count
        if before is None or count <= before:
            return
        lines = [self._log_cache.get((k, lang)) for k in range(before, count)]
        outcome = self.game.outcome(match.state)
        ended = f"{t('game_over', lang)}: {outcome.summary(lang)}" if outcome is not None else None
        text = announcement(lines, ended)
        if text:
            self.announcer.text = text
            self.announcer.count += 1

    def display(self) -> w.Widget:
        return self.root

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.root._repr_mimebundle_(**kwargs)
