"""指輪を落とさないで's worked examples as the board draws them: JSON, read-only, and showing what the caption says."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from rulebook.core.examples import ExampleSpec
from rulebook.core.text import load_rules
from rulebook.games.ring import GAME
from widgets.views.ring.examples import example_view

RULES = load_rules("rulebook.games.ring")
SPECS = [(lang, spec) for lang in ("en", "ja") for spec in RULES[lang].examples]


def spec_of(kind: str, lang: str) -> ExampleSpec:
    return next(s for s in RULES[lang].examples if s.kind == kind)


@pytest.mark.parametrize("lang, spec", SPECS, ids=[f"{lang}-{spec.kind}" for lang, spec in SPECS])
def test_every_example_is_a_read_only_json_view(lang, spec):
    view = example_view(GAME, spec, lang)
    assert view is not None
    json.dumps(view)
    board = view["board"]
    assert board["interactive"] is False
    assert view["caption"] == "" and view["messages"] == [] and view["controls"] == []
    assert board["hand"] == [] and board["discard"] is None and board["trick"] is None
    assert not any(seat["active"] for seat in board["seats"])
    assert view["traits"] == {}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_trick_example_shows_the_trick_its_winners_and_the_dice_where_the_engine_put_them(lang):
    spec = spec_of("trick", lang)
    board = example_view(GAME, spec, lang)["board"]
    plays = board["last_trick"]["plays"]
    assert [p["card"] for p in plays] == spec.values["cards"].split()
    assert [p["seat"] + 1 for p in plays if p["win"]] == [2, 3]  # winners: 2 3
    seats = board["seats"]
    for k, seat in enumerate(seats, start=1):
        assert f"{seat['die']['area']} {seat['die']['pips']}" == spec.values[f"seat{k}"]
    assert board["centre"] == int(spec.values["centre"])
    arrows = {"en": ("More 2 → Just 1", "More 1 → Heavy 1"), "ja": ("もっと 2 → ちょうど 1", "もっと 1 → 重すぎ 1")}[lang]
    assert (seats[1]["need"], seats[2]["need"]) == arrows
    assert seats[0]["need"] == seats[3]["need"] == ""  # the losers' dice did not move


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_end_example_shows_the_shared_win_and_the_fallen_ring(lang):
    spec = spec_of("end", lang)
    board = example_view(GAME, spec, lang)["board"]
    seats = board["seats"]
    assert [k + 1 for k, s in enumerate(seats) if s["winner"]] == [1, 3]  # winners: 1 3
    assert [k + 1 for k, s in enumerate(seats) if s["fallen"]] == [2]  # fallen: 2
    assert [s["ring"] for k, s in enumerate(seats) if not s["fallen"]] == [5, 5, 4]  # marks: 5 fell 5 4
    assert [(s["die"]["area"], s["die"]["pips"]) for s in seats] == [("just", 1), ("heavy", 5), ("more", 1), ("more", 4)]
    result = board["result"]
    assert str(spec.values["round"]) in result["title"]
    assert len(result["rows"]) == 4
    assert board["order_label"] == "" and all(s["need"] == "" for s in seats)


def test_a_kind_the_board_does_not_know_draws_nothing():
    assert example_view(GAME, ExampleSpec("score", (("dice", "1 2 3"),), "x"), "en") is None


def test_the_view_hands_its_board_to_the_rule_panel():
    from widgets.views.ring import RingBoard, View

    assert View.example_board is RingBoard
    fake = SimpleNamespace(context=SimpleNamespace(game=GAME))
    spec = spec_of("trick", "en")
    assert View.example_view(fake, spec, "en") == example_view(GAME, spec, "en")
