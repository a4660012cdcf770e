"""LP-4 (issue 19): the source says 2〜人用; seating two is labelled as this site's choice."""

from __future__ import annotations

from rulebook.core.text import load_rules
from rulebook.games.lemon_poker import LEMON_POKER as ENGINE


def test_two_seats_are_labelled_as_the_site_s_choice() -> None:
    rules = load_rules("rulebook.games.lemon_poker")
    for lang, text in rules.items():
        assert "LP-4" in text.section("components").readings, lang
    assert "2〜人用" in rules["ja"].section("components").body and "2〜人用" in rules["en"].section("components").body
    assert ENGINE.num_seats(ENGINE.initial_state(None)) == 2
