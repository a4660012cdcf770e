"""README.md stays a front page (issue 33): short, the two commands, the picture, and links that lead somewhere.

The details live in docs/; every relative link of the README and of the docs
pages must name a file of the repository, so moving a page cannot leave a
dead link behind.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
PAGES = [README, *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_the_readme_is_a_front_page():
    text = README.read_text("utf-8")
    assert len(text.splitlines()) <= 200
    assert "make serve" in text and "make test" in text and "make lock" in text and "make test-latest" in text
    assert "](docs/screenshot.png)" in text and (REPO / "docs" / "screenshot.png").is_file()
    for heading in ("### A player learning a game alone", "### Café staff teaching at the table", "### A designer publishing rules"):
        assert heading in text


def test_every_docs_page_is_linked_from_the_readme():
    text = README.read_text("utf-8")
    for page in sorted((REPO / "docs").glob("*.md")):
        assert f"](docs/{page.name})" in text, page.name


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_relative_link_names_a_file(page):
    for target in LINK.findall(page.read_text("utf-8")):
        if re.match(r"[a-z]+:", target):
            continue
        assert (page.parent / target).exists(), f"{page.relative_to(REPO)} links to {target}, which does not exist"


TOP = ("rulebook/", "widgets/", "notebooks/", "tests/", "docs/", "benchmarks/")


def exists(token: str) -> bool:
    """A path of the repository as a doc writes it: ``<game>``, ``<name>`` and ``NAME`` stand for any game, ``*`` globs."""
    path = token.split(" ")[0]
    games = [p.name for p in (REPO / "rulebook" / "games").iterdir() if (p / "__init__.py").is_file()]
    candidates = [re.sub(r"<game>|<name>|NAME", game, path) for game in games] if re.search(r"<game>|<name>|NAME", path) else [path]
    return any(any(REPO.glob(c.rstrip("/"))) if "*" in c else (REPO / c).exists() for c in candidates)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_path_a_page_names_exists(page):
    tokens = set(re.findall(r"`([^`\n]+)`", page.read_text("utf-8")))
    missing = sorted(t for t in tokens if t.startswith(TOP) and not exists(t))
    assert not missing, f"{page.relative_to(REPO)} names paths that do not exist: {missing}"
