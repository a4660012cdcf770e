"""The worked examples of the National Economy rules are drawn by its board, from engine positions."""

from __future__ import annotations

from importlib import resources

import pytest

from rulebook.core.examples import find_examples
from rulebook.games.national_economy import ENGINE
from rulebook.games.national_economy.sales import legal_sales
from widgets.views.national_economy.examples import example_view

PACKAGE = "rulebook.games.national_economy"


def specs(lang: str):
    return find_examples((resources.files(PACKAGE) / f"rules.{lang}.md").read_text("utf-8"))


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_example_has_a_picture(lang: str) -> None:
    for spec in specs(lang):
        view = example_view(ENGINE, spec, lang)
        assert view is not None and view["board"]["mode"] == "example" and not view["board"]["interactive"]
        assert all(not c["enabled"] for area in view["board"]["areas"] for c in area["cells"])


def test_the_sale_pictures_list_the_legal_sets_with_what_they_leave() -> None:
    sales = [s for s in specs("en") if s.kind == "sale"]
    first = example_view(ENGINE, sales[0], "en")["board"]["sales"]
    second = example_view(ENGINE, sales[1], "en")["board"]["sales"]
    assert first == ["Sell Orchard ($0 left)", "Sell Steelworks ($10 left)"]
    assert second == ["Sell Steelworks ($0 left)", "Sell Orchard, General contractor ($8 left)"]
    assert len(second) == len(legal_sales(20, [10, 18, 20]))


def test_the_score_picture_forecasts_the_examples_total() -> None:
    spec = next(s for s in specs("ja") if s.kind == "score")
    assert example_view(ENGINE, spec, "ja")["board"]["seats"][0]["forecast"] == 123


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_picture_draws_only_what_its_example_is_about(lang: str) -> None:
    """Issue 19 D: no round, household, deck, discards or hand size; a sale keeps the wage and workers, a score its forecast."""
    for spec in specs(lang):
        board = example_view(ENGINE, spec, lang)["board"]
        assert [board[k] for k in ("round", "household", "deck", "discards")] == ["", "", "", ""]
        seat = board["seats"][0]
        assert seat["hand_text"] == "" and not seat["start"]
        if spec.kind == "sale":
            assert board["wage"] and seat["idle"] + seat["placed"] + seat["asleep"] > 0 and seat["forecast_text"] == ""
        else:
            assert board["wage"] == "" and seat["forecast_text"] and seat["idle"] + seat["placed"] + seat["asleep"] == 0
