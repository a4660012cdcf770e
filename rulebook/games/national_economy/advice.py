"""Advice and table-companion calculators, pure functions over the engine's rules.

- ``sale_advice``: for a seat that must sell to pay wages, every legal sale
  set (NE-2) with what it sells, the cash it leaves and what it costs in
  final points (a building sold at its asset value costs nothing; in solo
  案2 it costs half its value; tokens cost 3 points each, 1 with Yakuza).
- ``wage_calculator``: for people playing the physical game — round,
  workers, cash and the values of their sellable buildings in, the wage
  due and every legal sale with what it leaves and the tokens it leaves out.
- ``table_score``: the final score of a real player from their buildings,
  money, tokens, workers and consumer goods in hand.
"""

from __future__ import annotations

from typing import Any, Sequence

from .data import BY_CODE, GOODS, N_CARDS, ROUNDS, UNPAID_POINTS, WAGES, YAKUZA
from .game import NationalEconomy
from .sales import legal_sales
from .state import SOLO2, Building, State


def sale_advice(game: NationalEconomy, state: State, seat: int) -> list[dict[str, Any]]:
    """The legal sale sets of ``seat`` now, each with its sold value, cash left, tokens and points lost."""
    due = game.due(state, seat)
    cash = state.money[seat]
    per_token = 1 if any(b.kind == YAKUZA and b.owner == seat for b in state.buildings) else UNPAID_POINTS
    out = []
    for chosen in game.sale_options(state, seat):
        kinds = [state.buildings[i].kind for i in chosen]
        got = sum(game.sale_value(state, k) for k in kinds)
        worth = sum(game.sale_value(state, k) if state.mode != SOLO2 else 2 * game.sale_value(state, k) for k in kinds)
        wages_short = max(0, due - game.tax(state) - (cash + got))
        left = max(0, cash + got - due)
        out.append(
            {
                "buildings": list(chosen),
                "kinds": kinds,
                "sold": got,
                "left": left,
                "tokens": wages_short if state.mode == 0 else 0,
                "points": (got - worth) - per_token * (wages_short if state.mode == 0 else 0),
            }
        )
    return out


def wage_calculator(round_number: int, workers: int, cash: int, values: Sequence[int], unpaid_points: int = UNPAID_POINTS) -> dict[str, Any]:
    """Wages of a real table: the wage due and every legal set of buildings to sell (by their values)."""
    if not 1 <= round_number <= ROUNDS:
        raise ValueError(f"round must be 1 to {ROUNDS}")
    if workers < 0 or cash < 0 or any(v < 0 for v in values):
        raise ValueError("workers, cash and values cannot be negative")
    wage = WAGES[round_number - 1]
    due = wage * workers
    shortfall = due - cash
    options = []
    for chosen in legal_sales(shortfall, values):
        got = sum(values[i] for i in chosen)
        tokens = max(0, shortfall - got)
        options.append({"sell": list(chosen), "values": [values[i] for i in chosen], "left": max(0, cash + got - due), "tokens": tokens, "points": -unpaid_points * tokens})
    return {"wage": wage, "due": due, "shortfall": max(0, shortfall), "options": options}


def table_score(buildings: Sequence[str], money: int, tokens: int, workers: int, goods: int) -> dict[str, int]:
    """The final score of a real player (``buildings``: codes of ``data/buildings.json``)."""
    game = NationalEconomy()
    state = game.initial_state({"players": 2})
    kinds = []
    for code in buildings:
        kind = BY_CODE.get(code)
        if kind is None or not 0 < kind < N_CARDS:
            raise ValueError(f"no building card '{code}'")
        kinds.append(kind)
    hand = [0] * N_CARDS
    hand[GOODS] = goods
    state = state._replace(
        buildings=tuple(Building(k, 0) for k in kinds),
        placed=((),) * len(kinds),
        money=(money, 0),
        tokens=(tokens, 0),
        workers=(workers, 2),
        hands=(tuple(hand), state.hands[1]),
    )
    return game.score_parts(state, 0)


__all__ = ["sale_advice", "table_score", "wage_calculator"]
