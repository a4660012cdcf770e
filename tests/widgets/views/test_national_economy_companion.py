"""The table companion: a wage and excess-sale calculator and a final-score calculator for the physical game."""

from __future__ import annotations

from rulebook.games.national_economy import ENGINE
from widgets import GameApp
from widgets.views.national_economy.companion import read_buildings, score_html, wage_html


def test_the_wage_calculator_lists_every_legal_sale() -> None:
    text = wage_html(9, 4, 0, "10 18 20", "en")  # the source's example 2: short $20
    assert "$20 in all; short $20" in text
    assert "Sell $20 → $0 left, 0 tokens" in text and "Sell $10 + $18 → $8 left, 0 tokens" in text
    assert text.count("<li>") == 3
    assert "whole numbers" in wage_html(1, 2, 0, "ten", "en")


def test_the_score_calculator_reads_names_in_both_languages() -> None:
    assert read_buildings("鉄道, Factory、steel") == ["railway", "factory", "steel"]
    text = score_html("railway, factory, steel, 本社ビル, warehouse", 12, 1, 3, 0, "en")
    assert "123 points" in text
    assert "no building called &#x27;castle&#x27;" in score_html("castle", 0, 0, 2, 0, "en")


def test_the_page_shows_the_companion_and_it_answers() -> None:
    app = GameApp(ENGINE, lang="ja", seed=1)
    companion = app.view.companion
    assert app.view.panel is companion.box and "rb-companion" in companion.box._dom_classes
    companion.round.value, companion.workers.value, companion.cash.value, companion.values.value = 1, 2, 0, "10 20"
    companion.wage_button.click()
    assert "残り $6" in companion.wage_out.value and "残り $16" in companion.wage_out.value
    companion.buildings.value = "銅像"
    companion.money.value = 5
    companion.score_button.click()
    assert "33 点" in companion.score_out.value
    app.set_lang("en")
    assert companion.score_button.description == "Final score"
