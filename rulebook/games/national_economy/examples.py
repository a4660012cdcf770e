"""National Economy's worked examples (see ``rulebook.core.examples``): the engine computes their figures.

Kinds:

- ``sale``: the excess-sale rule (NE-2). Inputs ``short`` (the dollars the
  cash lacks) and ``values`` (the sale values of the sellable buildings).
  Figures: ``legal`` — each legal set written as its values joined by
  ``+``, sets separated by ``;`` — and ``left``, the cash each leaves after
  paying, in the same order.
  The picture: Seat 1 owes round 9's wages with no cash, holding the
  sellable buildings of those values (``SELLABLE_BY_VALUE``).
- ``score``: the final score of one player (NE-1, NE-4). Inputs
  ``buildings`` (building codes of ``data/buildings.json``), ``money``,
  ``tokens``, ``workers`` and ``goods`` (consumer goods in hand).
  Figures: ``values`` (asset values), ``bonus`` (end bonuses) and ``total``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers, words

from .data import BY_CODE, GOODS, N_CARDS
from .game import NationalEconomy
from .sales import legal_sales, leftover
from .state import SELL, Building

ENGINE = NationalEconomy()


def sale_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    short = numbers(fields["short"], "short")
    if len(short) != 1:
        raise ExampleError("short: one number")
    values = numbers(fields["values"], "values")
    sets = legal_sales(short[0], values)
    return {
        "legal": "; ".join("+".join(str(values[i]) for i in s) for s in sets),
        "left": "; ".join(str(leftover(short[0], values, s)) for s in sets),
    }


SELLABLE_BY_VALUE = {6: "farm", 8: "design", 10: "orchard", 12: "factory", 14: "pioneer", 16: "restaurant", 18: "contractor", 20: "steel", 24: "car"}
"""The sellable building the picture of a ``sale`` example shows for each value."""


def sale_position(fields: Mapping[str, str]) -> Any:
    """Seat 1 paying round 9's wages ($5 a worker) with no cash: workers and buildings make the shortfall and values."""
    short = numbers(fields["short"], "short")[0]
    values = numbers(fields["values"], "values")
    if short <= 0 or short % 5:
        raise ExampleError("short: the picture needs a positive multiple of $5 (round 9's wage)")
    kinds = []
    for v in values:
        if v not in SELLABLE_BY_VALUE:
            raise ExampleError(f"values: no sellable building is worth {v}")
        kinds.append(BY_CODE[SELLABLE_BY_VALUE[v]])
    state = ENGINE.initial_state({"players": 2})
    buildings = state.buildings + tuple(Building(k, 0) for k in kinds)
    return state._replace(
        phase=SELL, round=9, turn=0, money=(0, 20), workers=(short // 5, 2), idle=(short // 5, 2),
        buildings=buildings, placed=((),) * len(buildings), paying=(0, 1),
    )


def score_position(fields: Mapping[str, str]) -> Any:
    state = ENGINE.initial_state({"players": 2})
    kinds = []
    for code in words(fields["buildings"]):
        if code not in BY_CODE or not 0 < BY_CODE[code] < N_CARDS:
            raise ExampleError(f"buildings: no building card '{code}'")
        kinds.append(BY_CODE[code])
    hand = [0] * N_CARDS
    hand[GOODS] = numbers(fields["goods"], "goods")[0]
    return state._replace(
        buildings=state.buildings + tuple(Building(k, 0) for k in kinds),
        placed=((),) * (len(state.buildings) + len(kinds)),
        money=(numbers(fields["money"], "money")[0], 0),
        tokens=(numbers(fields["tokens"], "tokens")[0], 0),
        workers=(numbers(fields["workers"], "workers")[0], 2),
        hands=(tuple(hand), state.hands[1]),
    )


def score_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    parts = ENGINE.score_parts(score_position(fields), 0)
    return {"values": parts["buildings"], "bonus": parts["bonus"], "total": parts["total"]}


KINDS = {
    "sale": ExampleKind(inputs=("short", "values"), figures=sale_figures, position=sale_position),
    "score": ExampleKind(inputs=("buildings", "money", "tokens", "workers", "goods"), figures=score_figures, position=score_position),
}

__all__ = ["KINDS", "sale_figures", "score_figures", "score_position"]
