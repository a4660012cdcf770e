"""Lemon Poker's worked examples drawn by its own board: every block, both languages, with the engine's odds."""

from __future__ import annotations

import json

import pytest

from rulebook.core.examples import check_example, load_kinds
from rulebook.core.text import load_rules
from rulebook.games.lemon_poker import LEMON_POKER as G
from rulebook.games.lemon_poker import exact_odds
from widgets.views.lemon_poker.examples import example_view

RULES = load_rules("rulebook.games.lemon_poker")
BLOCKS = [(lang, k) for lang in ("en", "ja") for k in range(len(RULES[lang].examples))]


def test_the_rules_have_odds_examples_the_same_in_both_languages():
    assert len(RULES["en"].examples) >= 2
    assert [s.key for s in RULES["en"].examples] == [s.key for s in RULES["ja"].examples]
    kinds = load_kinds("rulebook.games.lemon_poker")
    for lang in ("en", "ja"):
        for spec in RULES[lang].examples:
            assert check_example(spec, kinds) == []


@pytest.mark.parametrize("lang, k", BLOCKS)
def test_every_example_draws_read_only_with_its_exact_odds(lang, k):
    spec = RULES[lang].examples[k]
    view = example_view(G, spec, lang)
    json.dumps(view)
    board = view["board"]
    assert board["interactive"] is False and board["mode"] == "example" and view["caption"] == ""
    fields = spec.values
    for g, name in ((0, "group1"), (1, "group2")):
        want = [None if w == "?" else w for w in fields[name].split()]
        cells = board["groups"][g]["cells"]
        assert [c["card"] for c in cells] == want
        assert all(not c["tap"]["enabled"] for c in cells)
    assert board["community"] == fields["community"].split()
    p1, p2, tie = exact_odds(fields["community"].split(), [[None if w == "?" else w for w in fields[n].split()] for n in ("group1", "group2")])
    assert f"{100 * p1:.1f}%" in board["odds"] and f"{100 * p2:.1f}%" in board["odds"]
    assert fields["group1_wins"] == f"{100 * p1:.1f}"


def test_a_wrong_figure_in_an_example_is_caught():
    spec = RULES["en"].examples[0]
    from rulebook.core.examples import ExampleSpec

    wrong = ExampleSpec(spec.kind, tuple((n, "50.0" if n == "group1_wins" else v) for n, v in spec.fields), spec.caption)
    assert check_example(wrong, load_kinds("rulebook.games.lemon_poker"))
