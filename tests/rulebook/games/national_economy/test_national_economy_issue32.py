"""Scenarios for issue 32's National Economy follow-ups, each citing its rule id: the quick rules' hand
limit (NE-7), solo rule 1's sale of one building per kind (NE-8) and 案2's half-price comparison (NE-8)."""

from __future__ import annotations

from rulebook.core.text import load_quick
from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy.data import HAND_LIMIT

from tests.rulebook.games.national_economy.test_national_economy_rules import table

PACKAGE = "rulebook.games.national_economy"


def test_quick_rules_give_the_warehouse_bonus_the_engine_applies() -> None:
    """NE-7: the hand limit is 5, +4 per Warehouse (the source's card text); the one-screen rules say both."""
    plain = table()
    one = table(extra=[("warehouse", 0)])
    two = table(extra=[("warehouse", 0), ("warehouse", 0)])
    bonus = G.hand_limit(one, 0) - G.hand_limit(plain, 0)
    assert (G.hand_limit(plain, 0), bonus, G.hand_limit(two, 0)) == (HAND_LIMIT, 4, HAND_LIMIT + 8)
    quick = load_quick(PACKAGE)
    assert f"discard down to {HAND_LIMIT} cards (+{bonus} for each Warehouse you own)" in quick["en"]
    assert f"手札を {HAND_LIMIT} 枚（倉庫 1 つにつき +{bonus} 枚）まで減らし" in quick["ja"]
