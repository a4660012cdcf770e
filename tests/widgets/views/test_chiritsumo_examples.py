"""Chiritsumo's worked examples as pictures: the board's own view model, read-only, showing the caption's dice."""

from __future__ import annotations

import json

import pytest

from rulebook.core.text import load_rules
from rulebook.games.chiritsumo import GAME
from rulebook.games.chiritsumo.examples import pyramid
from rulebook.games.chiritsumo.scoring import score
from widgets import GameApp
from widgets.views.chiritsumo import ChiritsumoBoard
from widgets.views.chiritsumo.examples import example_view

RULES = load_rules("rulebook.games.chiritsumo")
SPECS = [(lang, spec) for lang in ("en", "ja") for spec in RULES[lang].examples]
COLOUR_WORDS = {"en": {"red": "red", "blue": "blue", "yellow": "yellow", "clear": "clear"}, "ja": {"red": "赤", "blue": "青", "yellow": "黄", "clear": "透明"}}


@pytest.mark.parametrize("lang, spec", SPECS, ids=[f"{lang}-{spec.kind}-{spec.key}" for lang, spec in SPECS])
def test_every_example_is_a_read_only_picture_of_its_pyramid(lang, spec):
    view = example_view(GAME, spec, lang)
    assert json.loads(json.dumps(view)) == view
    assert view["interactive"] is False and view["legal"] == {} and view["ghost"] is None and view["locked"] is None
    assert view["caption"] == "" and view["messages"] == [] and view["controls"] == [] and view["tray"] == []
    assert view["traits"] == {}
    built = pyramid(spec.values)
    drawn = {key: (cell["colour"], cell["pips"]) for key, cell in view["pyramid"].items()}
    assert drawn == {f"{r},{i}": (die.colour, die.pips) for (r, i), die in built.items()}
    for cell in view["pyramid"].values():  # the die's tooltip is in the page's language
        assert COLOUR_WORDS[lang][cell["colour"]] in cell["title"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pictures_show_the_patterns_the_captions_name(lang):
    by_kind = {}
    for spec in RULES[lang].examples:
        view = example_view(GAME, spec, lang)
        cells = {tuple(int(x) for x in key.split(",")): (c["colour"], c["pips"]) for key, c in view["pyramid"].items()}
        by_kind.setdefault(spec.kind, []).append((spec, score(cells)))
    (river_spec, river), = by_kind["river"]
    assert river.rivers == 2 and len(river_spec.values["row0"].split()) == 4  # four red dice in a line
    assert sorted(s.mountains for _, s in by_kind["mountain"]) == [1, 2]
    assert by_kind["wing"][0][1].wings == 1
    (_, fuji), = by_kind["fuji"]
    assert fuji.fuji and fuji.total == 44
    (_, full), = by_kind["score"]
    assert full.complete and full.total == 17 and not full.fuji


def test_an_unknown_kind_draws_nothing():
    spec = RULES["en"].examples[0]
    assert example_view(GAME, type(spec)("nonsense", spec.fields, spec.caption), "en") is None


def test_the_view_offers_its_board_for_the_rules_examples():
    app = GameApp("chiritsumo", lang="en", seed=1)
    assert type(app.view).example_board is ChiritsumoBoard
    views = app.view.example_views(RULES["en"].examples, "en")
    assert set(views) == {spec.key for spec in RULES["en"].examples}
