"""The "Learn to play" guide: plays a game's lesson (``rulebook.core.lesson``) on the page.

The lesson runs on a real table of the store (table mode, every seat on
this page, labelled ``lesson``), so the board, the rule panel and the
engine's refusals are the page's own. The guide adds a step box above the
board (``rb-lesson`` with ``data-step`` / ``data-steps``), highlights what
to tap (the step's ``target``), points the rule panel at the step's rule,
refuses a different move with what the step asks, and makes the script's
moves (scripted dice, the other seats) for the learner. Back rebuilds the
table at the previous step from the script; Skip makes the step's move.
At the end the learner plays on from there (the page's seats, the site's dice)
or starts a game with the usual set-up (``GameApp.end_lesson``).
"""

from __future__ import annotations

import html
from typing import Any, Callable, Protocol, Sequence

import anywidget
import ipywidgets as w
import traitlets

from rulebook.core import Game, IllegalAction, Match
from rulebook.core.lesson import ANY, Lesson, LessonStep, lesson_match

from .base import asset
from .i18n import t

LESSON_LABEL = "lesson"
"""The store label of a lesson's table (a reload with ``?learn=1`` resumes it)."""


class GuideHost(Protocol):
    """What the guide needs of its page (``GameApp`` provides it; a protocol, so no import circle)."""

    game: Game
    lang: str
    match: Match

    def guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]: ...

    def use_match(self, match: Match, label: str) -> None: ...

    def play_script(self, moves: Sequence[str]) -> None: ...

    def point_rules(self, rule_id: str) -> None: ...

    def end_lesson(self, new_game: bool) -> None: ...

    def refresh(self) -> None: ...


class LessonFocus(anywidget.AnyWidget):
    """Draws nothing: brings the step's target into view below the step box, and keeps that box compact on a phone.

    Why in the browser: only the browser knows where the target landed on
    the screen, how tall the sticky step box is and where the Rules button
    sits (``widgets/static/lesson_focus.js``).
    """

    _esm = asset("lesson_focus.js")
    target = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    """Bumped at every drawing: the same target on a new step is brought back into view too."""
    label_more = traitlets.Unicode("More").tag(sync=True)
    label_less = traitlets.Unicode("Less").tag(sync=True)


def _button(cls: str, callback: Callable[[Any], Any]) -> w.Button:
    button = w.Button()
    button.add_class(cls)
    button.on_click(callback)
    return button


class LessonGuide:
    """One lesson being played on one page."""

    def __init__(self, host: GuideHost, lesson: Lesson) -> None:
        self.host = host
        self.lesson = lesson
        self.step = 0
        self.finished = False
        self.box = w.HTML()
        self.box.add_class("rb-lesson-box")
        self.back_button = _button("rb-lesson-back", host.guarded(lambda _: self.back()))
        self.next_button = _button("rb-lesson-next", host.guarded(lambda _: self.next()))
        self.skip_button = _button("rb-lesson-skip", host.guarded(lambda _: self.skip()))
        self.exit_button = _button("rb-lesson-exit", host.guarded(lambda _: self.host.end_lesson(new_game=False)))
        self.play_on_button = _button("rb-lesson-play-on", host.guarded(lambda _: self.host.end_lesson(new_game=False)))
        self.play_on_button.add_class("rb-primary")
        self.new_game_button = _button("rb-lesson-new-game", host.guarded(lambda _: self.host.end_lesson(new_game=True)))
        self.next_button.add_class("rb-primary")
        self.buttons = w.HBox()
        self.buttons.add_class("rb-lesson-buttons")
        self.focus = LessonFocus()
        self.root = w.VBox([self.box, self.buttons, self.focus])
        self.root.add_class("rb-lesson-area")

    # ----- where we are ------------------------------------------------------------------------
    @property
    def current(self) -> LessonStep | None:
        return None if self.finished else self.lesson.steps[self.step]

    def start(self, step: int = 0) -> None:
        """Put the table at ``step`` (a new table built from the script) and draw it."""
        step = max(0, min(step, len(self.lesson.steps)))
        # the table first: if no new table may be made now (issue 17's limits), the guide stays where it was
        self.host.use_match(lesson_match(self.lesson, self.host.game, step), LESSON_LABEL)
        self.step = step
        self.finished = self.step >= len(self.lesson.steps)
        self._point()

    def _point(self) -> None:
        step = self.current
        if step is not None and step.rules:
            self.host.point_rules(step.rules[0])

    # ----- the learner's moves -----------------------------------------------------------------
    def check(self, actions: Sequence[Any]) -> None:
        """Refuse moves this step does not ask for, saying what it asks (nothing is played)."""
        step = self.current
        if step is None or step.expect == ANY:
            return
        if step.reading:
            raise IllegalAction("lesson", t("lesson_read_first", "ja"), t("lesson_read_first", "en"))
        game = self.host.game
        wanted = game.parse_action(step.expect)  # type: ignore[arg-type]
        parsed = [game.parse_action(a) if isinstance(a, str) else a for a in actions]
        if parsed != [wanted]:
            raise IllegalAction(
                step.rules[0] if step.rules else "lesson",
                t("lesson_asks", "ja", what=step.ask("ja")),
                t("lesson_asks", "en", what=step.ask("en")),
            )

    def played(self) -> None:
        """The learner made the step's move: go to the next step and make its scripted moves."""
        self._advance()

    def _advance(self) -> None:
        self.step += 1
        if self.step >= len(self.lesson.steps):
            self.finished = True
            return
        before = self.lesson.steps[self.step].before
        if before:
            self.host.play_script(before)
        self._point()

    # ----- the step box's buttons ----------------------------------------------------------------
    def next(self) -> None:
        """A step to read is read."""
        step = self.current
        if step is None:
            return
        if not step.reading:
            raise IllegalAction("lesson", t("lesson_do_first", "ja"), t("lesson_do_first", "en"))
        self._advance()
        self.host.refresh()

    def skip(self) -> None:
        """Make the step's move for the learner (or pass a step to read)."""
        step = self.current
        if step is None:
            return
        move = step.scripted_move()
        if move is not None:
            self.host.play_script([move])
        self._advance()
        self.host.refresh()

    def back(self) -> None:
        """The table as it was at the previous step (rebuilt from the script)."""
        self.start(self.step - 1 if not self.finished else len(self.lesson.steps) - 1)
        self.host.refresh()

    # ----- drawing ---------------------------------------------------------------------------------
    def draw(self) -> None:
        lang = self.host.lang
        total = len(self.lesson.steps)
        e = html.escape
        self.back_button.description = t("lesson_back", lang)
        self.next_button.description = t("lesson_next", lang)
        self.skip_button.description = t("lesson_skip", lang)
        self.exit_button.description = t("lesson_exit", lang)
        self.play_on_button.description = t("lesson_play_on", lang)
        self.new_game_button.description = t("lesson_new_game", lang)
        self.back_button.disabled = self.step == 0
        self.back_button.tooltip = t("lesson_no_back", lang) if self.step == 0 else ""
        title = self.lesson.title_ja if lang == "ja" else self.lesson.title_en
        step = self.current
        if step is None:
            parts = getattr(getattr(self.host, "view", None), "chance_parts", "dice")
            number, text, style = total, t(f"lesson_done_{parts}", lang), ""
            buttons: list[w.Widget] = [self.back_button, self.play_on_button, self.new_game_button]
        else:
            number, text = self.step + 1, step.say(lang)
            style = _highlight_css(step.highlight())
            buttons = [self.back_button]
            buttons.append(self.next_button if step.reading else self.skip_button)
            buttons.append(self.exit_button)
        progress = t("lesson_progress", lang, step=number, steps=total)
        self.box.value = (
            f'<div class="rb-lesson" data-step="{number}" data-steps="{total}" data-done="{int(step is None)}">'
            f'<div class="rb-lesson-head"><b>{e(title or t("learn", lang))}</b> <span class="rb-lesson-progress">{e(progress)}</span></div>'
            f'<div class="rb-lesson-text">{e(text)}</div></div>{style}'
        )
        self.buttons.children = tuple(buttons)
        self.focus.label_more = t("lesson_more", lang)
        self.focus.label_less = t("lesson_less", lang)
        self.focus.target = step.highlight() if step is not None else ""
        self.focus.step += 1


def _highlight_css(target: str) -> str:
    """A style that makes the step's target glow (HTML outline, SVG drop shadow); nothing for no target.

    ``!important``: boards switch the focus outline of their own tappable parts off.
    """
    if not target or any(ch in target for ch in "<>{}"):
        return ""
    selectors = ", ".join(f".rb-app {part.strip()}" for part in target.split(",") if part.strip())
    return (
        f"<style>{selectors} {{ outline: 3px solid #f59e0b !important; outline-offset: 2px !important; "
        "filter: drop-shadow(0 0 5px #f59e0b) !important; }</style>"
    )


__all__ = ["LESSON_LABEL", "LessonGuide"]
