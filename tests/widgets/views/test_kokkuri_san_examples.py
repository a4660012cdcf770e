"""Kokkuri-san's worked examples drawn by its own board: every block, in both languages, and the card file's description.

The view model (``widgets.views.kokkuri_san.examples``) must be JSON,
read-only, and show what the caption says: the cards under one candidate
and their votes, or the tokens on an elected candidate and who scores.
"""

from __future__ import annotations

import json

import pytest

from rulebook.core.text import load_rules
from rulebook.games.kokkuri_san import KOKKURI_SAN
from rulebook.games.kokkuri_san.cards import OPS
from widgets.base import board_module, rule_panel_class
from widgets.views.kokkuri_san import KokkuriBoard
from widgets.views.kokkuri_san.examples import FORMAT_HTML, example_view

RULES = load_rules("rulebook.games.kokkuri_san")
BLOCKS = [(lang, k) for lang in ("en", "ja") for k in range(len(RULES[lang].examples))]


def test_there_are_examples_of_both_kinds_in_both_languages() -> None:
    for lang in ("en", "ja"):
        assert sorted({spec.kind for spec in RULES[lang].examples}) == ["points", "votes"]


@pytest.mark.parametrize("lang, k", BLOCKS)
def test_every_example_draws_read_only_and_shows_its_figures(lang: str, k: int) -> None:
    spec = RULES[lang].examples[k]
    view = example_view(KOKKURI_SAN, spec, lang)
    assert view is not None
    json.dumps(view)
    board = view["board"]
    assert board["interactive"] is False and board["mode"] == "example" and view["controls"] == [] and view["traits"] == {}
    (cand,) = board["candidates"]
    assert "up" not in cand and "down" not in cand and "move" not in cand
    fields = spec.values
    if spec.kind == "votes":
        shown = [c["card"] for c in cand["cards"]]
        assert shown == [("×−1" if w == "x" else w) for w in fields["cards"].split()]
        assert all(c["up"] and not c["cell"]["enabled"] and c["cell"]["reason"] for c in cand["cards"])
        assert fields["votes"] in cand["votes_text"]
    else:
        assert cand["tokens"] == [int(s) - 1 for s in fields["tokens"].split()]
        first, second = fields["points"].split()
        assert first in cand["points_text"] and second in cand["points_text"]
        for points in fields["scores"].split():
            if points != "0":
                assert f"+{points}" in cand["votes_text"]


def test_an_unknown_kind_is_not_drawn() -> None:
    spec = RULES["en"].examples[0]
    assert example_view(KOKKURI_SAN, type(spec)("nothing", spec.fields, spec.caption), "en") is None


def test_the_rule_panel_draws_examples_with_this_board() -> None:
    assert "render" in board_module(KokkuriBoard)
    assert rule_panel_class(KokkuriBoard).__name__ == "KokkuriBoardRules"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_card_file_is_described_with_the_engines_vocabulary(lang: str) -> None:
    text = FORMAT_HTML[lang]
    for key in ("format", "version", "play_cards", "candidates", "rounds", "points", "effect", "may", "x-1", "kokkuri_san/cards"):
        assert key in text
    for op in OPS:
        assert f"&quot;op&quot;: &quot;{op}&quot;" in text
