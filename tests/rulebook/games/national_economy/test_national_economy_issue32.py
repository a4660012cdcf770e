"""Scenarios for issue 32's National Economy follow-ups, each citing its rule id: the quick rules' hand
limit (NE-7), solo rule 1's sale of one building per kind (NE-8) and 案2's half-price comparison (NE-8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.core import IllegalAction
from rulebook.core.text import load_quick, load_rules
from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy.actions import Sell
from rulebook.games.national_economy.data import BY_CODE, HAND_LIMIT
from rulebook.games.national_economy.state import OVER, SELL

from tests.rulebook.games.national_economy.test_national_economy_rules import finish_round, refused, table

K = BY_CODE

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


# ----- NE-8: solo rule 1 never sells two of a kind ----------------------------------------------------
# The source: 「建物は1種類につき1つしか共有建物置き場に並べられない。つまり既にある建物を売って現金にすることができない」.
# Round 8 of solo rule 1 with five workers: $5 wages each and the stand-in tax of $3, $28 due.

def solo1_at_wages(codes, cash):
    """Solo rule 1 at round 8's wages (five workers, two placed on the mine): ``codes`` owned, ``cash`` in hand."""
    s = table({"mode": "solo1"}, extra=[(c, 0) for c in codes], money=(cash,), workers=(5,), idle=(2,), round=8)
    s = finish_round(s)
    assert s.phase == SELL and G.due(s, 0) == 28 and s.money == (cash,)
    return s


def owned(state, code):
    return [i for i, b in enumerate(state.buildings) if b.owner == 0 and b.kind == K[code]]


def test_ne8_even_one_of_each_kind_short_sells_one_of_each_and_loses() -> None:
    """Farm, farm and design office, $0 cash, $28 due: only one farm and the design office are sold."""
    s = solo1_at_wages(["farm", "farm", "design"], 0)
    farms, design = owned(s, "farm"), owned(s, "design")
    assert G.legal_actions(s) == [Sell(tuple(sorted([farms[0], *design])))]
    refused(s, Sell(tuple(sorted(farms + design))), "solo-sale")  # two farms: the second would join the first
    refused(s, Sell(tuple(sorted([farms[1], *design]))), "solo-sale")  # says which set to sell
    with pytest.raises(IllegalAction) as info:
        G.apply(s, Sell(tuple(sorted([farms[1], *design]))))
    assert f"sell {farms[0]},{design[0]}" in info.value.message_en and f"sell {farms[0]},{design[0]}" in info.value.message_ja
    t = G.apply(s, G.legal_actions(s)[0])
    assert t.phase == OVER and t.lost
    assert owned(t, "farm") and not owned(t, "design")  # one farm stays the player's
    o = G.outcome(t)
    assert o.reason == "solo-pay" and o.winners == () and o.scores == (6,)  # the farm kept: 6 points
    assert o.summary("en") == "Could not pay in round 8: game over (6 points)"


def test_ne8_all_would_cover_but_no_one_per_kind_set_does() -> None:
    """Design office and four farms, $4 cash, $28 due: the design office and one farm ($14) are sold, then the loss."""
    s = solo1_at_wages(["design", "farm", "farm", "farm", "farm"], 4)
    farms, design = owned(s, "farm"), owned(s, "design")
    assert sum(G.sale_value(s, s.buildings[i].kind) for i in farms + design) >= 28 - 4  # all of them would cover
    assert G.legal_actions(s) == [Sell(tuple(sorted([farms[0], *design])))]
    refused(s, Sell((farms[0],)), "solo-sale")  # a single farm leaves the design office unsold
    t = G.apply(s, G.legal_actions(s)[0])
    assert t.phase == OVER and t.lost and len(owned(t, "farm")) == 3
    assert G.outcome(t).scores == (18,)


def test_ne8_a_one_per_kind_set_covers_and_the_excess_rule_picks_among_them() -> None:
    """Design office, farm, farm and an orchard, $14 cash, $28 due ($14 short): one per kind, never too much."""
    s = solo1_at_wages(["design", "farm", "farm", "orchard"], 14)
    legal = G.legal_actions(s)
    assert legal and all(len({s.buildings[i].kind for i in a.buildings}) == len(a.buildings) for a in legal)
    kinds = sorted(tuple(sorted(s.buildings[i].kind for i in a.buildings)) for a in legal)
    assert set(kinds) == {tuple(sorted((K["design"], K["farm"]))), tuple(sorted((K["farm"], K["orchard"]))), tuple(sorted((K["design"], K["orchard"])))}
    t = G.apply(s, legal[0])
    assert t.phase != OVER and not t.lost


def test_ne8_is_labelled_on_the_page_and_in_the_readings() -> None:
    """The solo-sale box cites NE-8 (no box says two of a kind are sold), and 案2's comparison is labelled."""
    rules = load_rules(PACKAGE)
    for lang, r in rules.items():
        section = r.section("solo-sale")
        assert section.readings == ("NE-8",), lang
        assert "[choice]" not in section.body and "[NE-2]" not in section.body, lang
        assert "NE-8" in r.section("solo2").readings, lang
    # the page's two examples, as the engine plays them
    lost = []
    for codes, cash in ((["farm", "farm", "design"], 0), (["design", "farm", "farm", "farm", "farm"], 4)):
        s = solo1_at_wages(codes, cash)
        sold = G.legal_actions(s)[0].buildings
        lost.append((sum(G.sale_value(s, s.buildings[i].kind) for i in sold), G.outcome(G.apply(s, G.legal_actions(s)[0])).scores[0]))
    (paid1, score1), (paid2, score2) = lost
    en = rules["en"].section("solo-sale").body
    assert f"Design office (${paid1}), keep the other Farm and lose with {score1} points" in en
    assert f"one Farm (${paid2}, so ${paid2 + 4} in hand), keep three Farms and lose with {score2} points" in en
    ja = rules["ja"].section("solo-sale").body
    assert f"設計事務所を売り（${paid1}）、もう 1 つの農場を残して {score1} 点で負け" in ja
    assert f"農場 1 つを売り（${paid2}、手元は ${paid2 + 4}）、農場 3 つを残して {score2} 点で負け" in ja
    assert "sale price" in rules["en"].section("solo2").body and "not the full value" in rules["en"].section("solo2").body
    readings = (Path(__file__).resolve().parents[4] / "docs" / "readings.md").read_text("utf-8")
    assert "\n- NE-8 " in readings


def test_ne8_solo2_compares_the_cash_left_with_the_half_price() -> None:
    """案2 (NE-8 reading): $4 short with a farm ($3) and a design office ($4): the office alone leaves $0, legal;
    farm + office leaves $3, not less than the farm's $3 sale price, so it sells too much (against the full
    value of $6 it would have been legal)."""
    s = table({"mode": "solo2"}, extra=[("farm", 0), ("design", 0)], money=(0,))
    s = finish_round(s)
    assert s.phase == SELL and G.due(s, 0) - s.money[0] == 4
    farm, design = owned(s, "farm")[0], owned(s, "design")[0]
    assert G.legal_actions(s) == [Sell((design,))]
    refused(s, Sell(tuple(sorted((farm, design)))), "excess-sale")
