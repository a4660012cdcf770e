"""``rulebook publish OUT/``: the static edition, written as a folder of plain files.

The folder::

    index.html                      the catalogue in the first language (the front page)
    <lang>/index.html               the catalogue in each language
    <lang>/<game>/index.html        a game's rules: quick reference, sections, examples drawn by its board
    <lang>/<game>/card.png          the share card's picture (when Chromium is there)
    <lang>/<game>/<game>-<lang>.pdf with --pdf
    assets/                         the stylesheets, the page scripts, each game's board module and CSS

Every page is made by ``page_for(path)``, which the live site's ``/rules/``
handler calls too: the edition and the site serve the same bytes.
Options are checked before anything is written, and the folder is built
beside ``OUT`` and moved into place at the end, so a failed build never
leaves half an edition (nor touches a folder that is not an edition).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Callable, Iterable, Sequence
from urllib.parse import urlsplit

from rulebook.core.conventions import ConventionsBroken, require_conventions
from rulebook.core.text import LANGS

from .content import GameContent, gather, publishable_games
from .pages import Edition, card_path, catalogue_page, catalogue_path, game_dir, pdf_name, rules_page

MARKER = ".rulebook-edition"
"""A file at the root of every edition: ``publish`` replaces only a folder that holds it (or an empty one)."""
STATIC_ASSETS = ("edition.css", "edition.js", "catalogue.js")
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".pdf": "application/pdf",
}


class PublishError(ValueError):
    """A bad option or output folder: the message names the choices; nothing was written."""


# ----- options ---------------------------------------------------------------------------------------
def _items(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _chosen(text: str, choices: Sequence[str], option: str, what: str) -> tuple[str, ...]:
    """The comma-separated names of ``text``, each one of ``choices`` (else ``PublishError`` naming them all)."""
    names = tuple(dict.fromkeys(_items(text)))
    unknown = [name for name in names if name not in choices]
    if unknown or not names:
        raise PublishError(f"{option}: {', '.join(unknown) or 'nothing given'} is not {what}; choose from {', '.join(choices)}")
    return names


def parse_langs(text: str | None) -> tuple[str, ...]:
    """``--lang ja,en`` → ``("ja", "en")`` (the first is the front page's); unknown → ``PublishError``."""
    return LANGS if text is None else _chosen(text, LANGS, "--lang", "a language of the rules")


def parse_games(text: str | None, known: Iterable[str]) -> tuple[str, ...]:
    """``--games a,b`` → those games, checked against the registry; None → every registered game."""
    names = tuple(known)
    return names if text is None else _chosen(text, names, "--games", "a registered game")


def check_url(text: str | None, option: str) -> str:
    """An absolute http(s) address without query or fragment (links are built on it), or ""."""
    if not text:
        return ""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment or any(c.isspace() for c in text.strip()):
        raise PublishError(f"{option}: {text!r} is not an address like https://example.org/rulebook (http or https, no ?query or #part)")
    return text.strip().rstrip("/")


def check_out(out: Path) -> Path:
    """The output folder: new, empty, or an earlier edition (replaced); anything else is refused."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise PublishError(f"{out} is a file; give a folder for the edition")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise PublishError(f"{out} is not empty and holds no edition ({MARKER}); give a new or empty folder, or an earlier edition to replace")
    return out


@dataclass(frozen=True)
class PublishOptions:
    """What ``rulebook publish`` was asked for, checked (use ``from_args``)."""

    out: Path
    langs: tuple[str, ...] = LANGS
    games: tuple[str, ...] = ()
    play_url: str = ""
    base_url: str = ""
    pdf: bool = False
    cards: bool = True

    @classmethod
    def from_args(
        cls,
        out: Path | str,
        langs: str | None = None,
        games: str | None = None,
        play_url: str | None = None,
        base_url: str | None = None,
        pdf: bool = False,
        cards: bool = True,
    ) -> "PublishOptions":
        return cls(
            out=check_out(Path(out)),
            langs=parse_langs(langs),
            games=parse_games(games, publishable_games()),
            play_url=check_url(play_url, "--play-url"),
            base_url=check_url(base_url, "--base-url"),
            pdf=pdf,
            cards=cards,
        )


# ----- the files -------------------------------------------------------------------------------------
def static_asset(name: str) -> str:
    return (resources.files("rulebook.publish") / "static" / name).read_text("utf-8")


def edition_paths(edition: Edition) -> list[str]:
    """Every text file of an edition (PNG and PDF files are rendered from these)."""
    paths = ["index.html", "assets/app.css", *(f"assets/{name}" for name in STATIC_ASSETS)]
    for lang in edition.langs:
        paths.append(catalogue_path(lang))
        paths += [f"{game_dir(lang, game)}index.html" for game in edition.games]
    for game in edition.games:
        paths += [f"assets/{game}/board.js", f"assets/{game}/board.css"]
    return paths


def page_for(path: str, edition: Edition, content: Callable[[str], GameContent], catalogue: Callable[[], dict[str, GameContent]]) -> str | None:
    """The text of one file of the edition, or None when ``path`` is none of its files.

    ``content(game)`` gives a game's gathered content (with its pictures);
    ``catalogue()`` the published games for the catalogue (titles and lines
    only). The live site passes cached ones.
    """
    parts = path.split("/")
    if path == "index.html":
        return catalogue_page(catalogue(), edition, edition.langs[0], "")
    if path == "assets/app.css":
        from widgets.edition import rule_panel_css

        return rule_panel_css()
    if len(parts) == 2 and parts[0] == "assets" and parts[1] in STATIC_ASSETS:
        return static_asset(parts[1])
    if len(parts) == 3 and parts[0] == "assets" and parts[1] in edition.games and parts[2] in ("board.js", "board.css"):
        game = content(parts[1])
        if not game.board_esm:
            return None
        return game.board_esm if parts[2] == "board.js" else game.board_css
    if len(parts) == 2 and parts[0] in edition.langs and parts[1] == "index.html":
        return catalogue_page(catalogue(), edition, parts[0], "../")
    if len(parts) == 3 and parts[0] in edition.langs and parts[1] in edition.games and parts[2] == "index.html":
        return rules_page(content(parts[1]), edition, parts[0])
    return None


@dataclass
class Report:
    """What a build made, for the command's output and the benchmark."""

    out: Path
    pages: int = 0
    files: int = 0
    cards: int = 0
    pdfs: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        def count(n: int, what: str) -> str:
            return f"{n} {what}" + ("" if n == 1 else "s")

        return [
            f"rulebook publish: {count(self.pages, 'page')}, {count(self.cards, 'share-card picture')}, "
            f"{count(self.pdfs, 'PDF')}, {count(self.files, 'file')} in {self.out} ({self.seconds:.1f} s)",
            *self.notes,
        ]


def _write_all(folder: Path, edition: Edition, contents: dict[str, GameContent]) -> int:
    """Write every text file of the edition into ``folder``; returns the number of pages."""
    pages = 0
    for path in edition_paths(edition):
        text = page_for(path, edition, contents.__getitem__, lambda: contents)
        if text is None:
            continue  # a game whose view draws no examples has no board files
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, "utf-8")
        pages += path.endswith(".html")
    (folder / MARKER).write_text("rulebook publish\n", "utf-8")
    return pages


def publish(options: PublishOptions, log: Callable[[str], None] = lambda _: None) -> Report:
    """Build the edition into ``options.out`` (see the module's docstring)."""
    from . import chromium

    start = time.monotonic()
    if options.pdf and not chromium.available():
        raise PublishError(f"--pdf needs Chromium ({chromium.CHROMIUM}) and the playwright package; neither PDF nor page was written")
    report = Report(out=options.out)
    edition = Edition(langs=options.langs, games=options.games, play_url=options.play_url, base_url=options.base_url, pdf=options.pdf)
    try:
        # A game breaking a convention (a section without an id, an id the engine cites but the text
        # lacks, an example figure that is not the engine's, a lesson step naming an unknown rule) is
        # refused before anything is read or written, with the same file:line messages as `rulebook check`.
        require_conventions(options.games)
    except ConventionsBroken as broken:
        raise PublishError(str(broken)) from None
    contents: dict[str, GameContent] = {}
    for name in options.games:
        log(f"reading {name}")
        contents[name] = gather(publishable_games()[name], options.langs)
    out = options.out
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        report.pages = _write_all(work, edition, contents)
        want_cards = options.cards and any(c.board_esm for c in contents.values())
        if (want_cards or options.pdf) and chromium.available():
            with chromium.Renderer(work) as renderer:
                if want_cards:
                    done = set()
                    for lang in edition.langs:
                        for name in edition.games:
                            if contents[name].board_esm and renderer.card(game_dir(lang, name), work / card_path(lang, name)):
                                done.add(f"{lang}/{name}")
                    edition = replace(edition, cards=frozenset(done))
                    report.cards = len(done)
                    _write_all(work, edition, contents)  # the pages now name their pictures
                if options.pdf:
                    for lang in edition.langs:
                        for name in edition.games:
                            renderer.pdf(game_dir(lang, name), work / game_dir(lang, name) / pdf_name(lang, name))
                            report.pdfs += 1
        elif want_cards:
            report.notes.append(
                f"no share-card pictures: Chromium ({chromium.CHROMIUM}) or playwright is missing; "
                "the pages carry title and description cards without a picture"
            )
        if out.exists():
            shutil.rmtree(out)
        work.rename(out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    report.files = sum(1 for p in out.rglob("*") if p.is_file())
    report.seconds = time.monotonic() - start
    return report
