"""Readings RULES-NOTES asks the pages to label are labelled where they apply, in both languages (issue 10 D)."""

from __future__ import annotations

import pytest

from rulebook.core.text import load_rules


@pytest.mark.parametrize(
    "package, section, reading",
    [
        ("rulebook.games.chiritsumo", "solo-rating", "CT-10"),
        ("rulebook.games.chiritsumo", "hako-fuji", "CT-11"),
        ("rulebook.games.chiritsumo", "hako-end", "CT-11"),
        ("rulebook.games.national_economy", "solo-sale", "NE-8"),
        ("rulebook.games.dice_of_tower", "collapse", "DT-9"),
        ("rulebook.games.dice_of_tower", "table-mode", "DT-9"),
        ("rulebook.games.dice_of_tower", "round-end", "DT-9"),
        ("rulebook.games.dice_of_tower", "game-end", "DT-9"),
        ("rulebook.games.national_economy", "solo2", "NE-8"),
    ],
)
def test_a_reading_is_labelled_in_its_paragraph(package, section, reading):
    for lang, rules in load_rules(package).items():
        assert reading in rules.section(section).readings, (lang, section)


def test_the_ring_wording_of_the_just_area_is_labelled():
    rules = load_rules("rulebook.games.ring")
    assert "[choice]" in rules["en"].section("dice-areas").body and "on the ring in the Just area" in rules["en"].section("dice-areas").body
    assert "【Just】エリアの指輪にダイスを重ね" in rules["ja"].section("dice-areas").body
