"""What a game's pages in the static edition show, gathered once from the game's own files.

Everything comes from where the site already keeps it: the registry (which
games exist), the catalogue (players, time, blurb), the rules and quick
reference beside the engine, and the view's board module and example view
models. A game registered without a catalogue entry (a new game made with
``rulebook new``) is still published, with what its engine says (titles).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from rulebook.core.game import Game
from rulebook.core.lesson import LessonError, load_lesson
from rulebook.core.registry import all_games
from rulebook.core.text import LANGS, RuleText, load_quick, load_rules
from rulebook.site.catalogue import ENTRIES, Entry


def rules_package(game: Game) -> str:
    """The package holding a game's ``rules.*.md`` (the engine's own package, as the play page reads it)."""
    return type(game).__module__.rsplit(".", 1)[0]


def catalogue_entry(name: str) -> Entry | None:
    """The catalogue's line for a game, or None for a game the catalogue does not list yet."""
    for entry in ENTRIES:
        if entry.slug == name:
            return entry
    return None


@dataclass(frozen=True)
class GameContent:
    """One game as the edition prints it: texts per language, the board module and the example pictures."""

    name: str
    game: Game
    entry: Entry | None
    rules: Mapping[str, RuleText]
    quick: Mapping[str, str]
    board_esm: str = ""
    """The board's ES module (empty: the view draws no examples; their captions still read)."""
    board_css: str = ""
    examples: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Per language, the worked examples' view models by key (``ExampleSpec.key``)."""
    has_lesson: bool = False

    def title(self, lang: str) -> str:
        if self.entry is not None:
            return self.entry.title(lang)
        return self.game.title_ja if lang == "ja" else self.game.title_en

    def description(self, lang: str) -> str:
        """One line for the catalogue and the share card: the catalogue's blurb, else the rules' first paragraph."""
        if self.entry is not None and self.entry.blurb(lang):
            return self.entry.blurb(lang)
        for paragraph in self.rules[lang].intro.split("\n\n"):
            text = " ".join(line.strip() for line in paragraph.splitlines()).strip()
            if text and not text.startswith((">", "|", "```", "#")):
                return text.replace("**", "").replace("`", "")[:200]
        return self.title(lang)


def publishable_games() -> dict[str, Game]:
    """Every registered game, by name, in a stable order (the registry is the only list)."""
    games = all_games()
    return {name: games[name] for name in sorted(games)}


def gather(game: Game, langs: tuple[str, ...] = LANGS, pictures: bool = True) -> GameContent:
    """Read one game's texts and compute its example pictures at build time.

    The pictures need the game's view (``widgets``), imported here only: the
    engine and the rest of ``rulebook`` never import a widget. Without
    ``pictures`` (a catalogue needs titles and lines only) no view is loaded.
    """
    package = rules_package(game)
    rules = load_rules(package)
    board = None
    if pictures:
        from widgets.edition import board_module_of

        board = board_module_of(game.name)
    examples: dict[str, dict[str, Any]] = {}
    if board is not None:
        from widgets.edition import example_views

        examples = {lang: example_views(game, rules[lang].examples, lang) for lang in langs}
    try:
        has_lesson = load_lesson(game) is not None
    except LessonError:  # a lesson file that does not read: the play page works without it, so does the button
        has_lesson = False
    return GameContent(
        name=game.name,
        game=game,
        entry=catalogue_entry(game.name),
        rules=rules,
        quick=load_quick(package),
        board_esm=board.esm if board else "",
        board_css=board.css if board else "",
        examples=examples,
        has_lesson=has_lesson,
    )
