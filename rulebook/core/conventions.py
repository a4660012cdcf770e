"""The conventions a game's files keep, checked with the file, line and fix (issue 21).

A designer edits text files (``rules.*.md``, ``lesson.json``) beside the
engine; what ties them together is convention: every section has an id, the
engine cites only ids the text has, both languages have the same sections,
every number of a worked example is the engine's, and a lesson teaches only
rules that exist. ``check_game`` finds each broken convention and says where
and how to fix it, so ``rulebook check``, ``rulebook publish`` and the tests
report the same thing in the same words.

What is checked:

- ``rules.ja.md`` / ``rules.en.md``: present and readable (unique ids); every
  heading below the title has an ``{#id}``; the two files have the same ids
  in the same order; every example block is the engine's (``check_example``)
  and the two files hold the same blocks;
- the engine's source (the game package, and its view package): every rule id
  written in a raise of ``IllegalAction``/``BadOption``/``UnreadableAction``
  (and the helpers that raise them: ``unknown_action``, ``malformed``, ``text_parser``,
  ``require_fields``, ``check_chance``, a view's ``refuse``) is a section
  id (or one of the core ids every page knows);
- ``lesson.json``: every rule id a step names is a section id, and the
  lesson replays through the engine and teaches every rule
  (``check_lesson``).

Rule ids held in variables cannot be read from the source; the contract
test (tests/rulebook/test_contract.py) catches those as the engine raises them.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from .examples import ExampleError, check_example, example_lines, load_kinds
from .game import Game
from .lesson import LESSON_FILE, LessonError, check_lesson, parse_lesson
from .text import HEADING, LANGS, RuleText, parse_rules

CORE_IDS = frozenset({"options", "seed", "seats", "record"})
"""Rule ids the core raises for every game (the page explains them itself)."""
RAISERS = frozenset({"IllegalAction", "BadOption", "UnreadableAction", "RulebookError", "BadRecord"})
"""Calls whose first argument (or ``rule_id=``) is a rule id."""
FIXED_IDS = {
    "unknown_action": "actions", "malformed": "actions", "require_fields": "actions", "text_parser": "actions", "check_chance": "chance",
}
"""Helpers that raise a fixed rule id."""
STEP_PREFIX = re.compile(r"^step (\d+): ")
REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class ConventionProblem:
    """One broken convention: where (``path``, 1-based ``line``), what, and how to fix it."""

    path: str
    line: int
    message: str
    fix: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message} (fix: {self.fix})"


def _shown(path: Path) -> str:
    """A path as the designer knows it: from the repository root when it is inside, else as given."""
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


# ----- the rules text -------------------------------------------------------------------------------
def heading_problems(path: Path, text: str) -> list[ConventionProblem]:
    """Headings below the title without an ``{#id}`` (outside code fences), and a second title."""
    problems = []
    fenced = False
    titles = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith("```"):
            fenced = not fenced
            continue
        match = HEADING.match(line)
        if fenced or not match or match.group(3):
            continue
        if len(match.group(1)) == 1 and titles == 0:
            titles = 1
            continue
        slug = re.sub(r"[^a-z0-9]+", "-", match.group(2).lower()).strip("-") or "rule-id"
        problems.append(
            ConventionProblem(
                _shown(path), number, f"the section '{match.group(2)}' has no rule id",
                f"end the heading with {{#{slug}}} (the same id in both languages), or make it plain text",
            )
        )
    return problems


def heading_line(text: str, rule_id: str) -> int:
    """The line of the heading with ``{#rule_id}`` (1 when there is none)."""
    for number, line in enumerate(text.splitlines(), start=1):
        match = HEADING.match(line)
        if match and match.group(3) == rule_id:
            return number
    return 1


def id_problems(paths: dict[str, Path], texts: dict[str, str], rules: dict[str, RuleText]) -> list[ConventionProblem]:
    """Section ids in one language and not the other, or in another order."""
    problems = []
    for lang, other in (("ja", "en"), ("en", "ja")):
        for rule_id in rules[lang].ids:
            if rule_id not in rules[other].ids:
                problems.append(
                    ConventionProblem(
                        _shown(paths[lang]), heading_line(texts[lang], rule_id),
                        f"the section {{#{rule_id}}} is not in rules.{other}.md",
                        f"add the section {{#{rule_id}}} to rules.{other}.md, or rename it to the id used there",
                    )
                )
    common = [i for i in rules["en"].ids if i in rules["ja"].ids]
    if not problems and list(rules["ja"].ids) != common:
        first = next(a for a, b in zip(rules["ja"].ids, common) if a != b)
        problems.append(
            ConventionProblem(
                _shown(paths["ja"]), heading_line(texts["ja"], first),
                "the sections of rules.ja.md come in another order than in rules.en.md",
                "put the sections in the same order in both languages",
            )
        )
    return problems


def example_problems(paths: dict[str, Path], texts: dict[str, str], package: str) -> list[ConventionProblem]:
    """Example blocks whose figures are not the engine's, and blocks that differ between the languages."""
    kinds = load_kinds(package)
    problems = []
    keys: dict[str, list[str]] = {}
    for lang in LANGS:
        try:
            blocks = example_lines(texts[lang])
        except ExampleError as error:
            problems.append(ConventionProblem(_shown(paths[lang]), 1, str(error), "close each ```example block with ``` and write its fields as 'name: value'"))
            continue
        keys[lang] = [spec.key for _, spec in blocks]
        for line, spec in blocks:
            for found in check_example(spec, kinds):
                problems.append(
                    ConventionProblem(
                        _shown(paths[lang]), line, found,
                        "write the engine's figure (and say it in the caption), or correct the inputs; "
                        f"the kinds are in {package.replace('.', '/')}/examples.py",
                    )
                )
    if len(keys) == 2 and keys["ja"] != keys["en"]:
        extra = [k for k in keys["ja"] if k not in keys["en"]]
        line = next((n for n, s in example_lines(texts["ja"]) if s.key in extra), 1)
        problems.append(
            ConventionProblem(
                _shown(paths["ja"]), line, "the example blocks of rules.ja.md and rules.en.md differ (kind or fields)",
                "give both languages the same blocks, with the same fields in the same order (only the captions differ)",
            )
        )
    return problems


# ----- rule ids the engine raises ----------------------------------------------------------------------
def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def raised_ids(source: str) -> list[tuple[int, str]]:
    """``(line, rule id)`` of every rule id written as a literal in a raise (see the module docstring)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in FIXED_IDS:
            found.append((node.lineno, FIXED_IDS[name]))
            continue
        if name == "refuse":  # a view's refusal of a page-only tap: refuse(WORDS, "rule-id", "key")
            args = node.args[1:2]
        elif name in RAISERS:
            args = node.args[:1] + [k.value for k in node.keywords if k.arg == "rule_id"]
        else:
            continue
        for arg in args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((node.lineno, arg.value))
    return found


def source_problems(folders: Iterable[Path], known: set[str], uncited: Iterable[str] = ()) -> list[ConventionProblem]:
    """Rule ids raised in the game's (and its view's) Python files that no section of the text has.

    ``uncited``: ids a package declares it never raises for this game
    (``UNCITED_IDS``: code shared with a variant that has those rules).
    """
    problems = []
    skip = set(uncited) | CORE_IDS
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            for line, rule_id in raised_ids(path.read_text("utf-8")):
                if rule_id not in known and rule_id not in skip:
                    problems.append(
                        ConventionProblem(
                            _shown(path), line, f"the engine can refuse with rule id '{rule_id}', which no section of the rules text has",
                            f"add a section '## … {{#{rule_id}}}' to rules.ja.md and rules.en.md, or cite an existing id",
                        )
                    )
    return problems


# ----- the lesson -----------------------------------------------------------------------------------------
def _step_lines(text: str) -> list[int]:
    """The line where each step starts (its ``say_ja``, which every step has)."""
    return [n for n, line in enumerate(text.splitlines(), start=1) if '"say_ja"' in line]


def lesson_problems(path: Path, game: Game, known: Sequence[str]) -> list[ConventionProblem]:
    """Steps naming unknown rule ids, and what ``check_lesson`` finds when it replays the lesson."""
    if not path.is_file():
        return []
    text = path.read_text("utf-8")
    shown = _shown(path)
    try:
        lesson = parse_lesson(json.loads(text), game.name)
    except (ValueError, LessonError) as error:
        return [ConventionProblem(shown, getattr(error, "lineno", 1), f"the lesson does not read: {error}", "see rulebook/core/lesson.py for the fields of a lesson")]
    starts = _step_lines(text)
    lines = text.splitlines()
    problems = []
    for number, step in enumerate(lesson.steps, start=1):
        start = starts[number - 1] if number - 1 < len(starts) else 1
        end = starts[number] if number < len(starts) else len(lines) + 1
        for rule in step.rules:
            if rule in known:
                continue
            line = next((n for n in range(start, end) if f'"{rule}"' in lines[n - 1]), start)
            problems.append(
                ConventionProblem(
                    shown, line, f"step {number} names the rule id '{rule}', which no section of the rules text has",
                    "name one of the ids of rules.*.md (" + ", ".join(known) + ")",
                )
            )
    for found in check_lesson(lesson, game, known):
        if "is not in the rules text" in found:
            continue  # reported above, at its line
        match = STEP_PREFIX.match(found)
        line = starts[int(match.group(1)) - 1] if match and int(match.group(1)) - 1 < len(starts) else 1
        fix = "add the rule id to the 'rules' of a step that teaches it" if "taught by no step" in found else "make the step's moves legal where they come (replay it on the page)"
        problems.append(ConventionProblem(shown, line, f"lesson: {found}", fix))
    return problems


# ----- a whole game -----------------------------------------------------------------------------------------
def check_folder(
    folder: Path, game: Game, package: str, view_folder: Path | None = None, engine_folders: Sequence[Path] = ()
) -> list[ConventionProblem]:
    """Every broken convention of the game files in ``folder`` (the engine of ``package`` computes the figures).

    Split from ``check_game`` so a test can check a broken copy of a game's
    files against its real engine.
    """
    paths = {lang: folder / f"rules.{lang}.md" for lang in LANGS}
    problems: list[ConventionProblem] = []
    texts: dict[str, str] = {}
    rules: dict[str, RuleText] = {}
    for lang, path in paths.items():
        if not path.is_file():
            problems.append(ConventionProblem(_shown(path), 1, f"the rules text in {lang.upper()} is missing", "write it: `rulebook new` shows the form"))
            continue
        texts[lang] = path.read_text("utf-8")
        problems += heading_problems(path, texts[lang])
        try:
            rules[lang] = parse_rules(texts[lang], lang)
        except ValueError as error:
            problems.append(ConventionProblem(_shown(path), 1, str(error), "give every section its own id"))
    if len(rules) < len(LANGS):
        return problems
    problems += id_problems(paths, texts, rules)
    problems += example_problems(paths, texts, package)
    known = [i for i in rules["en"].ids if i in rules["ja"].ids]
    folders = [folder, *(f for f in engine_folders if f != folder)]
    folders += [view_folder] if view_folder is not None and view_folder.is_dir() else []
    uncited = getattr(importlib.import_module(package), "UNCITED_IDS", {})
    problems += source_problems(folders, set(known), uncited)
    problems += lesson_problems(folder / LESSON_FILE, game, known)
    return problems


def _package_folder(package: str) -> Path:
    """The folder of an imported package; a namespace package (no ``__init__.py``, no file) is refused by name."""
    file = importlib.import_module(package).__file__
    if file is None:
        raise TypeError(f"{package} has no __init__.py: a game's package needs one")
    return Path(file).parent


def engine_folders(game: Game) -> list[Path]:
    """The game packages whose code the engine runs: its own and those of the classes it inherits from."""
    found: list[Path] = []
    for cls in type(game).__mro__:
        if cls.__module__.startswith("rulebook.games."):
            package = cls.__module__.rsplit(".", 1)[0]
            folder = _package_folder(package)
            if folder not in found:
                found.append(folder)
    return found


def game_folders(game: Game) -> tuple[Path, str, Path | None]:
    """A game's package folder, package name and view package folder (None when it has none)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    folder = _package_folder(package)
    try:
        view = importlib.util.find_spec(f"widgets.views.{game.name}")
    except ModuleNotFoundError:
        view = None
    view_folder = Path(view.origin).parent if view is not None and view.origin and view.origin.endswith("__init__.py") else None
    return folder, package, view_folder


def check_game(name: str) -> list[ConventionProblem]:
    """Every broken convention of the registered game ``name`` (``KeyError`` if there is none)."""
    from .registry import get_game

    game = get_game(name)
    folder, package, view_folder = game_folders(game)
    return check_folder(folder, game, package, view_folder, engine_folders(game))


def check_games(names: Sequence[str] | None = None) -> list[ConventionProblem]:
    """``check_game`` over ``names`` (default: every registered game), in order."""
    from .registry import all_games

    problems: list[ConventionProblem] = []
    for name in names if names is not None else sorted(all_games()):
        problems += check_game(name)
    return problems


class ConventionsBroken(ValueError):
    """Games that break a convention; ``problems`` lists each, and the message prints them one a line."""

    def __init__(self, problems: Sequence[ConventionProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__(f"{len(self.problems)} convention problem(s):\n" + "\n".join(str(p) for p in self.problems))


def require_conventions(names: Sequence[str] | None = None) -> None:
    """Raise ``ConventionsBroken`` if a game of ``names`` (default: all) breaks a convention.

    For commands that must not go on with a broken game (``rulebook publish``
    writes nothing then): one call, the same messages as ``rulebook check``.
    """
    problems = check_games(names)
    if problems:
        raise ConventionsBroken(problems)


__all__ = [
    "CORE_IDS",
    "ConventionProblem",
    "ConventionsBroken",
    "check_folder",
    "check_game",
    "check_games",
    "raised_ids",
    "require_conventions",
]
