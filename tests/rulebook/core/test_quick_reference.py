"""Every game has a one-screen quick reference in both languages (issue 10 C), consistent between them."""

from __future__ import annotations

import re

import pytest

from rulebook.core import all_games
from rulebook.core.text import load_quick, quick_html

GAMES = sorted(all_games())


def package(name: str) -> str:
    return type(all_games()[name]).__module__.rsplit(".", 1)[0]


@pytest.mark.parametrize("name", GAMES)
def test_a_quick_reference_in_both_languages_fits_one_screen(name):
    quick = load_quick(package(name))
    assert set(quick) == {"ja", "en"}
    assert len(quick["en"].split()) <= 200, "more than one screen"
    assert len(quick["ja"]) <= 600, "more than one screen"
    headings = {lang: re.findall(r"\*\*(.+?)\*\*", text) for lang, text in quick.items()}
    assert 3 <= len(headings["en"]) == len(headings["ja"])


@pytest.mark.parametrize("name", GAMES)
def test_every_number_of_the_english_reference_is_in_the_japanese_one(name):
    """Japanese writes some counts as numerals where English uses words ("1 ラウンド"), so only one way is checked."""
    quick = load_quick(package(name))
    numbers = {lang: set(re.findall(r"\d+", text)) for lang, text in quick.items()}
    assert numbers["en"] <= numbers["ja"], sorted(numbers["en"] - numbers["ja"])


def test_the_quick_reference_renders_as_an_open_box():
    box = quick_html(load_quick(package("puniu"))["en"], "en")
    assert box.startswith('<details class="rb-quick" open><summary>Quick reference')
    assert "<strong>Penalty bands</strong>" in box
    assert quick_html("", "en") == ""
