"""Worked examples in the rules text (issue 10 C): read, checked against the engine, the same in both languages."""

from __future__ import annotations

import pytest

from rulebook.core import all_games
from rulebook.core.examples import (
    ExampleError,
    ExampleKind,
    check_example,
    check_examples,
    find_examples,
    load_kinds,
)
from rulebook.core.text import load_rules, render_markdown

GAMES = sorted(all_games())

KINDS = {
    "sum": ExampleKind(("dice",), lambda f: {"total": sum(int(x) for x in f["dice"].split())}),
}

BLOCK = """Some text.

```example sum
dice: 3 4
total: 7
---
Three and four make **7**.
```

More text.
"""


def package(name: str) -> str:
    return type(all_games()[name]).__module__.rsplit(".", 1)[0]


def test_a_block_reads_as_fields_and_caption():
    (spec,) = find_examples(BLOCK)
    assert spec.kind == "sum"
    assert spec.values == {"dice": "3 4", "total": "7"}
    assert spec.caption == "Three and four make **7**."
    assert check_examples(BLOCK, KINDS) == []


def test_a_wrong_number_in_the_text_is_caught():
    wrong = BLOCK.replace("total: 7", "total: 8").replace("**7**", "**8**")
    (problem,) = check_examples(wrong, KINDS)
    assert "the text says total = 8, the engine says 7" in problem


def test_a_claim_the_caption_does_not_say_is_caught():
    silent = BLOCK.replace("make **7**", "make a lot")
    (problem,) = check_examples(silent, KINDS)
    assert "caption does not say total = 7" in problem


@pytest.mark.parametrize(
    "text, expected",
    [
        (BLOCK.replace("example sum", "example product"), "no such kind"),
        (BLOCK.replace("dice: 3 4\n", ""), "input 'dice' is missing"),
        (BLOCK.replace("total: 7\n", ""), "states no figure"),
        (BLOCK.replace("total: 7", "total: 7\nmean: 3"), "'mean' is not a figure"),
        (BLOCK.replace("dice: 3 4", "dice: 3 x"), "the engine cannot read it"),
    ],
)
def test_every_kind_of_mistake_is_reported(text, expected):
    problems = check_examples(text, KINDS)
    assert any(expected in p for p in problems), problems


def test_a_block_that_does_not_read_raises():
    with pytest.raises(ExampleError):
        find_examples("```example sum\ndice: 3 4\n")  # never closed
    with pytest.raises(ExampleError):
        find_examples("```example sum\nthis is not a field\n---\ncaption\n```")
    with pytest.raises(ExampleError):
        find_examples("```example sum\ndice: 1\ndice: 2\n---\ncaption\n```")


def test_the_block_renders_as_a_figure_for_the_board():
    (spec,) = find_examples(BLOCK)
    out = render_markdown(BLOCK, "en")
    assert f'<figure class="rb-example" data-example="{spec.key}" data-kind="sum">' in out
    assert "<strong>7</strong>.</figcaption>" in out
    assert "dice: 3 4" not in out  # the fields are for the engine and the board, not for reading
    assert out.index("Some text") < out.index("rb-example") < out.index("More text")


@pytest.mark.parametrize("name", GAMES)
def test_every_number_written_in_a_games_examples_is_the_engines(name):
    kinds = load_kinds(package(name))
    rules = load_rules(package(name))
    for lang, text in rules.items():
        for spec in text.examples:
            assert check_example(spec, kinds) == [], (lang, spec)


@pytest.mark.parametrize("name", GAMES)
def test_the_examples_are_the_same_in_both_languages(name):
    rules = load_rules(package(name))
    keys = {lang: [spec.key for spec in text.examples] for lang, text in rules.items()}
    assert keys["ja"] == keys["en"]


REQUIRED = {
    # the worked examples of the sources that issue 10 names, by the kinds that show them
    "puniu": {"score", "bands"},
    "magos_solo": {"turn", "dice"},
    "treasure_hunt": {"options", "run"},
    "chiritsumo": {"mountain", "wing", "river", "fuji", "score"},
    "ring": {"trick", "end"},
    "not_my_fault": {"audit", "completion"},
    "not_my_fault_41": {"audit"},
}


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_the_sources_worked_examples_are_in_the_rules(name):
    rules = load_rules(package(name))
    kinds = {spec.kind for spec in rules["en"].examples}
    assert REQUIRED[name] <= kinds, sorted(REQUIRED[name] - kinds)


def test_puniu_55542_in_fives():
    kinds = load_kinds("rulebook.games.puniu")
    spec = next(s for s in load_rules("rulebook.games.puniu")["en"].examples if s.kind == "score")
    assert spec.values["dice"] == "5 5 5 4 2"
    assert kinds["score"].figures(spec.values) == {"score": 15, "penalty": 6}
