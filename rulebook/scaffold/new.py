"""Writing a new game from the templates in ``template/`` (see the package docstring).

Why templates with ``@@name@@``-style markers and not a Python API: the
files a designer gets are ordinary files to read and edit, and the
templates themselves read like the game they make.
"""

from __future__ import annotations

import hashlib
import keyword
import re
from dataclasses import dataclass
from pathlib import Path

TEMPLATE = Path(__file__).parent / "template"
NAME = re.compile(r"^[a-z][a-z0-9_]{1,39}$")
RESERVED = frozenset(
    {"core", "bots", "site", "tables", "scaffold", "games", "widgets", "views", "base", "model", "catalogue",
     "index", "host", "test", "tests", "app", "page", "static", "rulebook", "notebooks", "lab", "rules"}
)
"""Names a game may not take: they are packages, modules or pages of the site already."""


class ScaffoldError(ValueError):
    """A name ``rulebook new`` refuses; nothing has been written."""


@dataclass(frozen=True)
class Planned:
    """One file to write: its template and its path from the repository root."""

    template: str
    target: str


def planned_files(name: str) -> tuple[Planned, ...]:
    """Every file ``new_game`` writes for ``name``, from the repository root."""
    game, view = f"rulebook/games/{name}", f"widgets/views/{name}"
    files = [Planned(f"game/{t}.tmpl", f"{game}/{t}") for t in (
        "__init__.py", "actions.py", "game.py", "observation.py", "examples.py", "rules.en.md", "rules.ja.md",
        "quick.en.md", "quick.ja.md", "lesson.json", "catalogue.json")]
    files += [Planned(f"view/{t}.tmpl", f"{view}/{t}") for t in (
        "__init__.py", "present.py", "texts.py", "examples.py", "board.js", "board.css")]
    files.append(Planned("notebook.ipynb.tmpl", f"notebooks/{name}.ipynb"))
    files.append(Planned("tests/__init__.py.tmpl", f"tests/rulebook/games/{name}/__init__.py"))
    files.append(Planned("tests/test_game.py.tmpl", f"tests/rulebook/games/{name}/test_{name}_game.py"))
    return tuple(files)


def class_name(name: str) -> str:
    """``pig`` → ``Pig``, ``dice_race`` → ``DiceRace``: the engine's class."""
    return "".join(part.capitalize() for part in name.split("_") if part)


def title(name: str) -> str:
    """A first title from the name (``dice_race`` → ``Dice race``); the designer rewrites it."""
    return name.replace("_", " ").strip().capitalize()


def check_name(name: str, root: Path) -> None:
    """Refuse a name that is not a lower-case identifier, is reserved, or is a game or file already."""
    if not isinstance(name, str) or not NAME.fullmatch(name) or keyword.iskeyword(name) or name.endswith("_"):
        raise ScaffoldError(
            f"'{name}' cannot name a game: use 2-40 lower-case letters, digits and underscores, starting with a letter "
            "(it becomes a Python package and the page's address)"
        )
    if name in RESERVED or name.startswith("test"):
        raise ScaffoldError(f"'{name}' is reserved (a part of the site has that name): choose another")
    places = (f"rulebook/games/{name}", f"widgets/views/{name}", f"widgets/views/{name}.py", f"notebooks/{name}.ipynb", f"tests/rulebook/games/{name}")
    taken = [place for place in places if (root / place).exists()]
    taken += [p.target for p in planned_files(name) if (root / p.target).exists() and not any(p.target.startswith(t + "/") for t in taken)]
    if taken:
        raise ScaffoldError(f"a game called '{name}' exists already ({', '.join(sorted(taken))}): choose another name")
    if not (root / "rulebook" / "games").is_dir() or not (root / "widgets" / "views").is_dir():
        raise ScaffoldError(f"{root} is not the rulebook repository (no rulebook/games or widgets/views)")


def render(template: str, name: str) -> str:
    """A template's text with its markers filled in."""
    text = (TEMPLATE / template).read_text("utf-8")
    cell = hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]
    return (
        text.replace("@@name@@", name).replace("@@Class@@", class_name(name)).replace("@@Title@@", title(name)).replace("@@cellid@@", cell)
    )


def new_game(name: str, root: Path) -> list[Path]:
    """Write the game ``name`` into the repository at ``root``; the paths written, in order.

    Every file is rendered before any is written, and a name that is refused
    writes nothing (``ScaffoldError``).
    """
    root = Path(root)
    check_name(name, root)
    rendered = [(root / p.target, render(p.template, name)) for p in planned_files(name)]
    written = []
    for path, text in rendered:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
        written.append(path)
    return written


__all__ = ["RESERVED", "ScaffoldError", "check_name", "class_name", "new_game", "planned_files", "title"]
