"""Lessons: a guided first game, as data beside each engine (docs/architecture.md, "Lessons").

A lesson is ``rulebook/games/<game>/lesson.json``: the options and seed of
the game it plays, and steps. Each step has JA/EN text, the rule ids it
teaches, the moves made for the learner first (``before``: scripted chance
— the dice or the deal are fixed by the lesson, since chance is an action —
and the other seats' moves), and what the learner should do:

- ``"expect": "<action text>"``: exactly that move;
- ``"expect": "any"``: any legal move (``example`` is the move the script
  uses to go on when the learner skips or goes back);
- no ``expect``: a step to read; the learner presses Next.

``shows`` lists CSS selectors of the board elements the step's text talks
about (a card it adds up, a die it names, the panel it points at): the
browser test checks that each one is drawn and visible at that step, so a
text cannot explain a board that is not there (issue 19). A test of the
lessons' words (tests/widgets/test_lesson_names.py) makes the steps that
name such things declare them.

The lesson is played on a table in *table mode* (chance is entered, here by
the script) with every seat a person on the learner's page, so no bot or
seed can take it off its path. ``check_lesson`` replays the whole script
through the engine: a lesson whose move stops being legal fails its test.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping, Sequence

from .errors import RulebookError
from .game import CHANCE, Game
from .match import HUMAN, Match

ANY = "any"
LESSON_FILE = "lesson.json"
MAX_STEPS = 60


@dataclass(frozen=True)
class LessonStep:
    """One step of a lesson (see the module docstring for the fields' meaning)."""

    say_ja: str
    say_en: str
    rules: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    expect: str | None = None
    example: str | None = None
    target: str = ""
    """CSS selectors of what to tap (e.g. ``.rb-roll``; a comma-separated list for a choice), highlighted on the page."""
    taps: tuple[str, ...] = ()
    """The taps that make the asked move, in order (e.g. a die, then a slot); empty: one tap on ``target``.

    ``"<selector> => <value>"`` is a pick in a drop-down list (the option with that value).

    The browser test completes every lesson by exactly these taps, so a lesson
    cannot ask for something the page does not let a person do.
    """
    ask_ja: str = ""
    ask_en: str = ""
    """What a different tap is told; empty: the step's own text is repeated."""
    shows: tuple[str, ...] = ()
    """CSS selectors of what the step's text names on the board: each is drawn and visible at this step."""

    def say(self, lang: str) -> str:
        return self.say_ja if lang == "ja" else self.say_en

    def ask(self, lang: str) -> str:
        text = self.ask_ja if lang == "ja" else self.ask_en
        return text or self.say(lang)

    @property
    def reading(self) -> bool:
        """Nothing to play: the learner reads, then presses Next."""
        return self.expect is None

    def highlight(self) -> str:
        """What the page makes glow: the target, or else every tap of the move."""
        return self.target or ", ".join(tap.split("=>")[0].strip() for tap in self.taps)

    def scripted_move(self) -> str | None:
        """The move the script makes for this step when it goes on without the learner (skip, back)."""
        if self.expect == ANY:
            return self.example
        return self.expect


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game."""

    game: str
    options: Mapping[str, Any]
    seed: int
    steps: tuple[LessonStep, ...]
    minutes: int
    title_ja: str = ""
    title_en: str = ""

    def taught(self) -> set[str]:
        return {rule for step in self.steps for rule in step.rules}

    def script(self, k: int) -> list[str]:
        """Every move made before the learner acts at step ``k`` (``k == len(steps)``: the whole lesson)."""
        moves: list[str] = []
        for step in self.steps[:k]:
            moves += step.before
            move = step.scripted_move()
            if move is not None:
                moves.append(move)
        if k < len(self.steps):
            moves += self.steps[k].before
        return moves

    def step_for(self, actions: Sequence[str]) -> int | None:
        """The step a table with ``actions`` is at, if it follows this lesson's script (a reload resumes there)."""
        found = None
        for k in range(len(self.steps) + 1):
            if [str(a) for a in actions] == self.script(k):
                found = k
        return found


def lesson_match(lesson: Lesson, game: Game, k: int) -> Match:
    """The match at step ``k``: a table-mode match, every seat a person, the script's moves played."""
    state = game.initial_state(game.normalize_options(lesson.options))
    seats = (HUMAN,) * game.num_seats(state)
    match = Match.new(game, lesson.options, seed=lesson.seed, table=True, seats=seats)
    for move in lesson.script(k):
        match.play(move)
    return match


# ----- reading -----------------------------------------------------------------------------
class LessonError(ValueError):
    """A lesson file that cannot be used: the message names the step and what is wrong."""


def _text(raw: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = raw.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: '{key}' must be a non-empty string")
    return value


def _strings(raw: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise LessonError(f"{where}: '{key}' must be a list of strings")
    return tuple(value)


def _selectors(raw: Mapping[str, Any], where: str) -> tuple[str, ...]:
    """``shows``: selectors the page can match (no markup, no style text), so a typo fails loudly, not silently."""
    found = _strings(raw, "shows", where)
    for selector in found:
        if any(ch in selector for ch in "<>{};") or not selector.strip():
            raise LessonError(f"{where}: 'shows' holds '{selector}', which is not a CSS selector")
    return found


def parse_lesson(data: Any, game: str) -> Lesson:
    """A lesson from its JSON data; raises ``LessonError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise LessonError(f"{game} lesson: the file must hold a JSON object")
    options = data.get("options", {})
    seed = data.get("seed", 0)
    minutes = data.get("minutes")
    raw_steps = data.get("steps")
    if not isinstance(options, dict):
        raise LessonError(f"{game} lesson: 'options' must be an object")
    if type(seed) is not int or seed < 0:
        raise LessonError(f"{game} lesson: 'seed' must be a whole number")
    if type(minutes) is not int or not 1 <= minutes <= 10:
        raise LessonError(f"{game} lesson: 'minutes' (the time it takes) must be 1 to 10")
    if not isinstance(raw_steps, list) or not 1 <= len(raw_steps) <= MAX_STEPS:
        raise LessonError(f"{game} lesson: 'steps' must be a list of 1 to {MAX_STEPS} steps")
    steps = []
    for number, raw in enumerate(raw_steps, start=1):
        where = f"{game} lesson, step {number}"
        if not isinstance(raw, dict):
            raise LessonError(f"{where}: a step must be an object")
        unknown = set(raw) - {"say_ja", "say_en", "rules", "before", "expect", "example", "target", "taps", "ask_ja", "ask_en", "shows"}
        if unknown:
            raise LessonError(f"{where}: unknown keys {sorted(unknown)}")
        expect = raw.get("expect")
        if expect is not None and (not isinstance(expect, str) or not expect):
            raise LessonError(f"{where}: 'expect' must be an action's text or \"any\"")
        example = raw.get("example")
        if expect == ANY and (not isinstance(example, str) or not example):
            raise LessonError(f"{where}: a step that takes any move needs an 'example' move for skip and back")
        if expect != ANY and example is not None:
            raise LessonError(f"{where}: 'example' belongs only to a step that takes any move")
        steps.append(
            LessonStep(
                say_ja=_text(raw, "say_ja", where),
                say_en=_text(raw, "say_en", where),
                rules=_strings(raw, "rules", where),
                before=_strings(raw, "before", where),
                expect=expect,
                example=example,
                target=_text(raw, "target", where, required=False),
                taps=_strings(raw, "taps", where),
                ask_ja=_text(raw, "ask_ja", where, required=False),
                ask_en=_text(raw, "ask_en", where, required=False),
                shows=_selectors(raw, where),
            )
        )
    return Lesson(
        game=game,
        options=options,
        seed=seed,
        steps=tuple(steps),
        minutes=minutes,
        title_ja=_text(data, "title_ja", f"{game} lesson", required=False),
        title_en=_text(data, "title_en", f"{game} lesson", required=False),
    )


def load_lesson(game: Game) -> Lesson | None:
    """The lesson beside a game's engine, or None for a game that has none yet."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        path = resources.files(package) / LESSON_FILE
    except (TypeError, ModuleNotFoundError):  # a game defined in a plain module (test games): no files beside it
        return None
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
    except ValueError as error:
        raise LessonError(f"{game.name} lesson: not valid JSON ({error})") from None
    return parse_lesson(data, game.name)


def check_lesson(lesson: Lesson, game: Game, rule_ids: Sequence[str]) -> list[str]:
    """Problems of a lesson, replayed through the engine (empty: the lesson can be played as written).

    Every scripted move and every expected move must be legal when it comes;
    the learner's moves must be a person's (never chance: the script sets
    the dice); cited rule ids must exist; every rule id of the rules text
    must be taught by at least one step.
    """
    problems: list[str] = []
    known = set(rule_ids)
    for number, step in enumerate(lesson.steps, start=1):
        for rule in step.rules:
            if rule not in known:
                problems.append(f"step {number}: rule id '{rule}' is not in the rules text")
    missing = known - lesson.taught()
    if missing:
        problems.append(f"rule ids taught by no step: {sorted(missing)}")
    try:
        match = lesson_match(lesson, game, 0)
    except RulebookError as error:
        return problems + [f"step 1: a scripted move is refused: {error}"]
    last_move = max((n for n, step in enumerate(lesson.steps, start=1) if not step.reading), default=0)
    for number, step in enumerate(lesson.steps, start=1):
        if number > 1:
            for move in step.before:
                try:
                    match.play(move)
                except RulebookError as error:
                    problems.append(f"step {number}: scripted move '{move}' is refused: {error}")
                    return problems
        if match.current_player == CHANCE and number <= last_move:
            # a step to read must not leave the board waiting for dice or cards to be typed in either,
            # except in the closing steps, after which the learner plays on and enters them
            problems.append(f"step {number}: the table waits for chance (the learner would see the entry); script it in 'before'")
            return problems
        learner_move = step.scripted_move()
        if learner_move is None:
            continue
        try:
            match.play(learner_move)
        except RulebookError as error:
            problems.append(f"step {number}: the learner's move '{learner_move}' is refused: {error}")
            return problems
    return problems


__all__ = [
    "ANY",
    "Lesson",
    "LessonError",
    "LessonStep",
    "check_lesson",
    "lesson_match",
    "load_lesson",
    "parse_lesson",
]
