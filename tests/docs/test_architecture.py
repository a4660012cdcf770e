"""docs/architecture.md cannot go stale: its excerpts, paths and names are the code's (issue 33, item 6).

The review of the old page found five claims of five stale (a method that did
not exist, a method in the wrong file, a board at a path ``rulebook new`` does
not write). Here every fenced block annotated ``path=<file>`` must be a
verbatim run of that file; every path in backquotes must exist; every code
name in backquotes must be one this test knows where to find (``NAMES``), and
it must be there (``Match.play_group`` is looked up on ``Match``); and every
section of the page that the code cites (``docs/architecture.md, "Tables"``)
must be a heading of the page.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.doc_excerpts import appears_in, blocks

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "architecture.md"
TOP = ("rulebook/", "widgets/", "notebooks/", "tests/", "docs/", "benchmarks/")
FILE_ENDINGS = (".py", ".js", ".css", ".json", ".md", ".ipynb", ".toml")

NAMES: dict[str, str] = {
    # classes and objects
    "Bot": "rulebook.bots.base:Bot",
    "Control": "widgets.views.model:Control",
    "GAME": "rulebook.games.pig:GAME",
    "GAMES_PACKAGE": "rulebook.core.registry:GAMES_PACKAGE",
    "multi_kernel_manager_class": "voila.configuration:VoilaConfiguration.multi_kernel_manager_class",
    "OPTION_SETS": "rulebook.games.pig:OPTION_SETS",
    "Game": "rulebook.core.game:Game",
    "GameApp": "widgets.app:GameApp",
    "IllegalAction": "rulebook.core.errors:IllegalAction",
    "Match": "rulebook.core.match:Match",
    "Observation": "rulebook.core.observation:Observation",
    "Outcome": "rulebook.core.game:Outcome",
    "PageContext": "widgets.game_page.context:PageContext",
    "RulebookVoila": "rulebook.site.app:RulebookVoila",
    "ServedModule": "widgets.base:ServedModule",
    "StaleRevision": "rulebook.tables.store:StaleRevision",
    "TableSession": "rulebook.tables.session:TableSession",
    "TableStore": "rulebook.tables.store:TableStore",
    "View": "widgets.views.pig:View",
    "BaseView": "widgets.views.base:BaseView",
    "SPECTATOR": "rulebook.core.game:SPECTATOR",
    # the engine contract's methods and attributes
    "apply": "rulebook.core.game:Game.apply",
    "check": "rulebook.core.game:Game.check",
    "chance_outcomes": "rulebook.core.game:Game.chance_outcomes",
    "current_player": "rulebook.core.game:Game.current_player",
    "hidden_information": "rulebook.core.game:Game.hidden_information",
    "is_legal": "rulebook.core.game:Game.is_legal",
    "legal_actions": "rulebook.core.game:Game.legal_actions",
    "next_state": "rulebook.core.game:Game.next_state",
    "observe": "rulebook.core.game:Game.observe",
    "parse_action": "rulebook.core.game:Game.parse_action",
    "sample_state": "rulebook.core.game:Game.sample_state",
    "get_game": "rulebook.core.registry:get_game",
    "open_store": "rulebook.tables.opening:open_store",
    # what a view may ask of its page, and the page's parts
    "acting": "widgets.game_page.context:PageContext.acting",
    "play": "widgets.game_page.context:PageContext.play",
    "play_group": "widgets.game_page.moves:MovesPart.play_group",
    "tapped": "widgets.game_page.context:PageContext.tapped",
    "guarded": "widgets.game_page.errors:ErrorsPart.guarded",
    "refresh": "widgets.game_page.drawing:DrawingPart.refresh",
    "poll": "widgets.game_page.table_watch:TableWatchPart.poll",
    "game_page": "widgets.page:game_page",
    "esm": "widgets.base:esm",
    "view": "widgets.base:GameBoard.view",
    "_esm": "widgets.views.pig:Board._esm",
    "_css": "widgets.views.pig:Board._css",
    # the site
    "serve": "rulebook.site.serve:serve",
    "voila_config": "rulebook.site.serve:voila_config",
    "capped_kernel_manager": "rulebook.site.kernels:capped_kernel_manager",
    "check_versions": "rulebook.site.voila_compat:check_versions",
    "check_overrides": "rulebook.site.voila_compat:check_overrides",
    "RULEBOOK_FEED": "rulebook.tables.feed_client:ENV_FEED",
}
"""Every code name the page uses, and where it is defined."""

WORDS = {
    "Button": "ipywidgets' Button",
    "LISTEN": "PostgreSQL's statement",
    "dict": "Python's type",
    "str": "Python's function",
    "state": "the argument of the contract's methods",
    "o.hand": "an example of reading an observation by attribute",
    "ready": "a /healthz answer",
    "draining": "a /healthz answer",
    "rulebook": "the command",
    "new": "a rulebook subcommand",
    "publish": "a rulebook subcommand",
    "simulate": "a rulebook subcommand",
}
"""Backquoted words that are not code of this project, with what they are."""


def prose() -> str:
    """The page without its fenced blocks (their lines are checked as excerpts)."""
    out, inside = [], False
    for line in DOC.read_text("utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
            continue
        if not inside:
            out.append(line)
    return "\n".join(out)


def quoted() -> set[str]:
    return set(re.findall(r"`([^`\n]+)`", prose()))


def resolve(where: str) -> Any:
    module, _, attributes = where.partition(":")
    value: Any = importlib.import_module(module)
    for name in attributes.split("."):
        value = getattr(value, name)
    return value


EXCERPTS = [(line, note.split("=", 1)[1], body) for line, _, note, body in blocks(DOC) if note.startswith("path=")]


def test_the_page_quotes_the_code_it_describes():
    files = {path for _, path, _ in EXCERPTS}
    assert len(EXCERPTS) >= 6
    assert {"rulebook/core/game.py", "rulebook/core/match.py", "rulebook/tables/session.py", "widgets/base.py", "rulebook/site/serve.py"} <= files


@pytest.mark.parametrize("line, path, body", EXCERPTS, ids=[f"line{line}-{path}" for line, path, _ in EXCERPTS])
def test_every_excerpt_is_in_the_file_it_names(line, path, body):
    target = REPO / path
    assert target.is_file(), f"docs/architecture.md:{line}: {path} does not exist"
    assert body, f"docs/architecture.md:{line}: empty excerpt"
    assert appears_in(body, target.read_text("utf-8").splitlines()), f"docs/architecture.md:{line}: the excerpt is not in {path} (any more)"


def test_every_path_it_names_exists():
    names = {p.name for top in ("rulebook", "widgets", "notebooks", "tests") for p in (REPO / top).rglob("*") if p.is_file()}
    named = 0
    for token in quoted():
        path = token.replace("<game>", "pig").replace("<name>", "pig")
        if path.startswith(TOP) or path == "pyproject.toml":
            assert (REPO / path).exists(), f"docs/architecture.md names {token}, which does not exist"
            named += 1
        elif path.endswith(FILE_ENDINGS) and "/" not in path and " " not in path:
            assert path in names, f"docs/architecture.md names a file {token} that no folder holds"
    assert named >= 60


def code_names(token: str) -> list[str]:
    """The code names in one backquoted token: ``Match.play_group``, ``get_game(name)`` → ``get_game``…"""
    if token.startswith(TOP) or token.endswith(FILE_ENDINGS) or token.startswith(("/", "rb-", "rulebook ", "make ", "[")):
        return []
    if token.startswith("rulebook-") or " " in token.split("(")[0] or not re.match(r"[A-Za-z_]", token):
        return []
    head = token.split("(")[0]
    inner = re.findall(r"\(([A-Z]\w+)\)", token)  # View(BaseView)
    return [head, *inner]


def test_every_code_name_it_uses_is_where_the_test_says():
    unknown = []
    for token in sorted(quoted()):
        for name in code_names(token):
            if name in WORDS or name in NAMES:
                continue
            first, _, rest = name.partition(".")
            if first in NAMES and rest:
                value = resolve(NAMES[first])
                for attribute in rest.split("."):
                    assert hasattr(value, attribute), f"docs/architecture.md: {name}: {first} has no {attribute}"
                    value = getattr(value, attribute)
                continue
            try:
                importlib.import_module(name)  # a module named by its dotted path (rulebook.site.feed)
                continue
            except ImportError:
                pass
            if name.startswith("rulebook.games.<"):
                continue
            unknown.append(name)
    assert not unknown, f"docs/architecture.md uses names this test cannot place (add them to NAMES if they exist): {unknown}"


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_known_name_is_defined_where_it_is_said(name):
    resolve(NAMES[name])


def test_the_stale_claims_of_the_review_are_gone():
    text = DOC.read_text("utf-8")
    assert "check_group" not in text and "GameApp.play" not in text
    assert "widgets/static/NAME.js" not in text  # rulebook new writes the board in the view package


def headings() -> set[str]:
    return {line.lstrip("#").strip() for line in DOC.read_text("utf-8").splitlines() if line.startswith("#")}


def test_every_section_the_code_cites_is_a_heading():
    cited = set()
    for top in ("rulebook", "widgets", "benchmarks", "tests"):
        for path in (REPO / top).rglob("*.py"):
            text = " ".join(path.read_text("utf-8").split())
            for match in re.finditer(r'docs/architecture\.md,? "([^"]+)"', text):
                cited.add((match.group(1).replace("# ", ""), str(path.relative_to(REPO))))
    assert len(cited) >= 5
    missing = sorted((section, path) for section, path in cited if section not in headings())
    assert not missing, f"sections of docs/architecture.md cited by the code but not on the page: {missing}"
