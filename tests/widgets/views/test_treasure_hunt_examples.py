"""宝探し's worked examples as pictures: the board's own view model, read-only, showing what the caption says."""

from __future__ import annotations

import json

import pytest

from rulebook.core import get_game
from rulebook.core.examples import numbers, words
from rulebook.core.text import load_rules
from rulebook.games.treasure_hunt.examples import KINDS
from widgets import GameApp
from widgets.views.treasure_hunt import TreasureBoard
from widgets.views.treasure_hunt.examples import example_view

GAME = get_game("treasure_hunt")
RULES = load_rules("rulebook.games.treasure_hunt")
SPECS = [(lang, spec) for lang in ("en", "ja") for spec in RULES[lang].examples]


@pytest.mark.parametrize("lang, spec", SPECS, ids=[f"{lang}-{spec.kind}-{k}" for k, (lang, spec) in enumerate(SPECS)])
def test_every_example_is_a_read_only_picture(lang, spec):
    view = example_view(GAME, spec, lang)
    assert view is not None
    json.dumps(view)
    board = view["board"]
    assert board["interactive"] is False
    assert view["caption"] == "" and view["messages"] == [] and view["controls"] == []
    ticked = {n["n"] for n in board["numbers"] if n["checked"]}
    assert ticked == set(numbers(spec.values.get("checked", "")))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_roll_shows_its_dice_and_marks_the_engines_options(lang):
    for spec in (s for s in RULES[lang].examples if s.kind == "options"):
        board = example_view(GAME, spec, lang)["board"]
        assert board["dice"]["values"] == numbers(spec.values["dice"]) and board["dice"]["mode"] == "rolled"
        options = [option.split() for option in spec.values["choices"].split(", ")]
        assert len(options) == int(spec.values["options"])
        singles = {int(o[0]) for o in options if len(o) == 1}
        assert {n["n"] for n in board["numbers"] if n["role"] == "option"} == singles
        pairs = [[int(x) for x in o] for o in options if len(o) == 2]
        assert (board["pair"]["numbers"] if board["pair"] else None) == (pairs[0] if pairs else None)


def test_the_fresh_roll_of_3_and_4_shows_3_4_7_and_both():
    spec = next(s for s in RULES["en"].examples if s.kind == "options" and "checked" not in s.values)
    board = example_view(GAME, spec, "en")["board"]
    assert {n["n"] for n in board["numbers"] if n["role"] == "option"} == {3, 4, 7}
    assert board["pair"]["numbers"] == [3, 4]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_run_marks_the_treasures_it_brings_home(lang):
    (spec,) = [s for s in RULES[lang].examples if s.kind == "run"]
    board = example_view(GAME, spec, lang)["board"]
    earned = [t["key"] for t in board["treasures"] if t["eligible"]]
    assert earned == [w for w in words(spec.values["brings"])]
    salve = next(t for t in board["treasures"] if t["key"] == "salve")
    assert salve["progress"] == f"{spec.values['run']}/4"
    scarab = next(t for t in board["treasures"] if t["key"] == "scarab")
    assert scarab["progress"] == f"{spec.values['ticks']}/5"
    assert board["dice"]["values"] == []  # no roll in this picture


def test_an_unknown_kind_is_not_drawn():
    spec = RULES["en"].examples[0]
    assert example_view(GAME, type(spec)("nothing", spec.fields, spec.caption), "en") is None


def test_the_page_hands_every_example_to_the_board():
    app = GameApp("treasure_hunt", lang="en", seed=1)
    assert app.view.example_board is TreasureBoard
    keys = {spec.key for spec in RULES["en"].examples}
    assert set(app.rule_panel.examples) == keys
    assert KINDS.keys() == {spec.kind for spec in RULES["en"].examples}
