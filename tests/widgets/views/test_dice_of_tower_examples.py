"""Dice of Tower's worked examples as its board draws them: read-only pictures that show what the captions say."""

from __future__ import annotations

import json

import pytest

from rulebook.core.text import load_rules
from rulebook.games.dice_of_tower import GAME
from widgets.views.dice_of_tower.examples import example_view

RULES = load_rules("rulebook.games.dice_of_tower")
SPECS = [(lang, spec) for lang in ("en", "ja") for spec in RULES[lang].examples]


@pytest.mark.parametrize("lang, spec", SPECS, ids=[f"{lang}-{spec.kind}-{spec.key}" for lang, spec in SPECS])
def test_every_example_draws_read_only(lang, spec):
    view = example_view(GAME, spec, lang)
    assert view is not None
    json.dumps(view)
    board = view["board"]
    assert board["interactive"] is False and view["controls"] == [] and board["scores"] is None
    dice = [d for t in board["towers"] for d in t["dice"]]
    if spec.kind == "place":
        (picked,) = [d for d in dice if d.get("picked")]
        assert picked["face"] == int(spec.values["hand"].split()[0])
        targets = [d for d in dice if d.get("target")]
        assert (len(targets) == 1) is (spec.values["legal"] == "yes")
    else:
        points = sorted(int(t["points"].split()[0]) for t in board["towers"])
        assert points == sorted(int(p) for p in spec.values["points"].split())


def test_the_score_example_is_the_sources_4x3_5x2_6x1():
    (spec,) = [s for s in RULES["en"].examples if s.kind == "score"]
    board = example_view(GAME, spec, "en")["board"]
    assert sorted((t["height"], t["dice"][-1]["face"]) for t in board["towers"]) == [(1, 6), (2, 5), (3, 4)]
    assert {t["owner"] for t in board["towers"]} == {0}
