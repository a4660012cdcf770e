"""Magos solo's worked examples as its board draws them: read-only view models that show what the captions say."""

from __future__ import annotations

import json

import pytest

from rulebook.core.examples import find_examples
from rulebook.core.text import load_rules
from rulebook.games.magos_solo import GAME
from widgets.views.magos_solo.examples import example_view

RULES = load_rules("rulebook.games.magos_solo")
SPECS = [(lang, spec) for lang in ("en", "ja") for spec in RULES[lang].examples]


@pytest.mark.parametrize("lang, spec", SPECS, ids=[f"{lang}-{spec.kind}-{spec.key}" for lang, spec in SPECS])
def test_every_example_draws_read_only(lang, spec):
    view = example_view(GAME, spec, lang)
    assert view is not None
    json.dumps(view)
    assert view["interactive"] is False
    assert view["controls"] == []
    assert view["traits"] == {}
    values = spec.values
    if spec.kind == "turn":
        assert view["part"] == "board"
        assert view["turn"] == int(values["turn"])
        assert [d["pips"] for d in view["dice"]] == [int(p) for p in values["dice"].split()]
        assert view["damage"] == int(values["damage"])
        assert values["damage"] in view["damage_text"]
    else:
        assert view["part"] == "sheet"
        assert view["faces"] == []  # the dice alone: no face table to read
        (current,) = [row for row in view["rows"] if row["current"]]
        assert current["row"] == int(values["row"])
        assert current["dice"] == [int(p) for p in values["dice"].split()]
        assert values["turn"] in current["turns"].split(", ")
        assert all(row["damage_text"] == "" for row in view["rows"])


def test_the_frost_troll_pictures_show_a_miss_and_6_damage_then_two_misses():
    one, two = [spec for spec in RULES["en"].examples if spec.kind == "turn"]
    first = example_view(GAME, one, "en")
    assert [(d["pips"], d["text"]) for d in first["dice"]] == [(1, "miss"), (6, "6 damage")]
    second = example_view(GAME, two, "ja")
    assert [(d["pips"], d["text"]) for d in second["dice"]] == [(3, "ミス"), (5, "ミス")]
    assert second["damage_text"] == "0 ダメージ"


def test_a_kind_the_board_does_not_know_draws_nothing():
    (spec,) = find_examples("```example nothing\na: 1\n---\nx\n```")
    assert example_view(GAME, spec, "en") is None
