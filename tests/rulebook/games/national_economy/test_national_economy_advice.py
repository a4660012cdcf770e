"""Advice on sales and the table-companion calculators."""

from __future__ import annotations

import pytest

from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy.advice import sale_advice, table_score, wage_calculator
from rulebook.games.national_economy.data import BY_CODE
from rulebook.games.national_economy.state import SELL, Building


def selling_state(mode: str, money: int, kinds: list[str], workers: int = 2):
    options = {"players": 2} if mode == "standard" else {"mode": mode}
    s = G.initial_state(options)
    buildings = s.buildings + tuple(Building(BY_CODE[k], 0) for k in kinds)
    return s._replace(phase=SELL, turn=0, buildings=buildings, placed=((),) * len(buildings), money=(money,) + s.money[1:], workers=(workers,) + s.workers[1:])


def test_sale_advice_lists_the_legal_sets_with_their_cost() -> None:
    s = selling_state("standard", 0, ["farm", "factory", "steel"])
    advice = sale_advice(G, s, 0)
    assert [a["buildings"] for a in advice] == [list(x.buildings) for x in G.legal_actions(s)]
    assert [(a["sold"], a["left"], a["points"]) for a in advice] == [(6, 2, 0), (12, 8, 0), (20, 16, 0)]
    s = selling_state("solo2", 0, ["farm", "factory"])
    advice = sale_advice(G, s, 0)
    assert [(a["sold"], a["left"], a["points"]) for a in advice] == [(6, 2, -6)]  # half price: 6 of 12 points lost
    s = selling_state("standard", 0, ["farm"], workers=5)
    advice = sale_advice(G, s, 0)
    assert advice == [{"buildings": [advice[0]["buildings"][0]], "kinds": [BY_CODE["farm"]], "sold": 6, "left": 0, "tokens": 4, "points": -12}]


def test_wage_calculator_for_a_real_table() -> None:
    r = wage_calculator(3, 3, 1, [10, 18, 20])
    assert r["wage"] == 3 and r["due"] == 9 and r["shortfall"] == 8
    assert [o["values"] for o in r["options"]] == [[10], [18], [20]] and [o["left"] for o in r["options"]] == [2, 10, 12]
    r = wage_calculator(9, 4, 0, [10, 18, 20])  # the source's example 2: short $20
    assert [o["values"] for o in r["options"]] == [[20], [10, 18]] and [o["left"] for o in r["options"]] == [0, 8]
    r = wage_calculator(1, 2, 10, [6])
    assert r["options"] == [{"sell": [], "values": [], "left": 6, "tokens": 0, "points": 0}]
    r = wage_calculator(8, 5, 0, [6])
    assert r["options"][0]["tokens"] == 19 and r["options"][0]["points"] == -57
    with pytest.raises(ValueError):
        wage_calculator(10, 2, 0, [])


def test_table_score() -> None:
    parts = table_score(["railway", "factory", "steel", "hq", "warehouse"], money=12, tokens=1, workers=3, goods=0)
    assert parts["total"] == 123
    assert table_score(["yakuza"], money=0, tokens=4, workers=2, goods=0)["total"] == 8 - 4
    assert table_score(["coop", "union"], money=0, tokens=0, workers=5, goods=3)["bonus"] == 9 + 30
    with pytest.raises(ValueError):
        table_score(["quarry"], 0, 0, 2, 0)
