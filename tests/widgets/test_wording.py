"""Wording on every page (issue 10 D): a whole game's texts in both languages, read as a person would.

Plays each game to the end with random legal moves, in hot seat (so every
caption a person sees is drawn), and collects every text the page shows: the
header, the log, the outcome, the notices and every string of the boards'
view models. English must use plurals and verbs that agree ("1 card",
"Seat 2 wins"), start sentences with a capital, and never show a leftover
placeholder or a Python value; Japanese must not either.
"""

from __future__ import annotations

import html
import random
import re

import pytest

from rulebook.core import CHANCE, all_games
from widgets import GameApp
from widgets.base import GameBoard

SKIP_KEYS = {"action", "key", "colour", "kind", "rule", "mode", "part", "cls", "slot", "id"}


def strings(value: object, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in SKIP_KEYS:
                strings(item, out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            strings(item, out)


def boards(widget: object, out: list[GameBoard]) -> None:
    if isinstance(widget, GameBoard):
        out.append(widget)
    for child in getattr(widget, "children", ()) or ():
        boards(child, out)


def page_texts(app: GameApp) -> set[str]:
    raw = [app.status.value, app.log_box.value, app.outcome_box.value, app.notice_box.value]
    found: list[GameBoard] = []
    boards(app.display(), found)
    for board in found:
        strings(board.view, raw)
    lines = set()
    for text in raw:
        plain = html.unescape(re.sub(r"<[^>]+>", " ", text))
        lines.update(line.strip() for line in re.split(r"\s{2,}|\n", plain) if line.strip())
    return lines


def play_through(name: str, lang: str, seed: int, steps: int = 500) -> set[str]:
    app = GameApp(name, lang=lang, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(steps):
        seen |= page_texts(app)
        if app.match.is_over():
            break
        if not app.revealed:
            app.reveal()
        elif app.match.current_player == CHANCE:
            app.roll()
        else:
            app.play(rng.choice(app.game.legal_actions(app.match.state)))
    return seen


ENGLISH = [
    (re.compile(r"(?<![\d.\-/])1 (cards|dice|points|turns|rounds|tricks|coins|moves|seats|players|numbers|treasures|rolls|re-rolls|tokens|steps)\b"), "a plural after 1"),
    (re.compile(r"(?<!, )(?<! and )\b[Ss]eat \d+ win\b"), "one seat with a plural verb"),
    (re.compile(r"[{}]"), "a placeholder left"),
    (re.compile(r"\bNone\b|\bundefined\b|\bNaN\b|\bTrue\b|\bFalse\b"), "a program value"),
    (re.compile(r" [.,;:!?](\s|$)"), "a space before punctuation"),
]


def english_problems(text: str) -> list[str]:
    found = [what for pattern, what in ENGLISH if pattern.search(text)]
    if len(text.split()) >= 3 and text.endswith(".") and text[0].islower():
        found.append("a sentence in lower case")
    return found


@pytest.mark.parametrize("text, problem", [
    ("You have 1 cards.", "a plural after 1"),
    ("Seat 2 win with 40", "one seat with a plural verb"),
    ("Roll {n} dice.", "a placeholder left"),
    ("Score: None", "a program value"),
    ("the dice are rolled.", "a sentence in lower case"),
])
def test_the_checks_catch_what_they_are_for(text, problem):
    assert problem in english_problems(text)


def test_the_checks_pass_good_english():
    for text in ("You have 1 card.", "Seat 2 and Seat 3 win", "Seat 2 wins with 40", "1/6 chance", "15 −6"):
        assert english_problems(text) == [], text


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_english_text_of_a_whole_game_reads_well(name):
    problems = {text: english_problems(text) for text in play_through(name, "en", seed=1)}
    assert {text: found for text, found in problems.items() if found} == {}


@pytest.mark.parametrize("name", sorted(all_games()))
def test_no_japanese_text_shows_a_placeholder_or_a_program_value(name):
    bad = [text for text in play_through(name, "ja", seed=2) if re.search(r"[{}]|\bNone\b|\bundefined\b|\bTrue\b|\bFalse\b", text)]
    assert bad == []
