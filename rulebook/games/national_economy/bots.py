"""Bots for National Economy. The rule-based bot reads only its observation.

``RulesBot`` — a documented greedy policy:

- **Placing**: every legal workplace gets a worth in dollars-equivalent and
  the best is taken: build the most valuable building it can (asset value +
  4); sell cards at a market for the dollars gained (counted double while
  next round's wages are not covered); hire a worker while at least four
  rounds remain and the wages stay covered (12), never in a solo game
  (only the household's own wages come back there); draw cards (3 a card, 2.5 a
  consumer good, minus 3 a card discarded); the quarry adds 1 for the start
  marker. Ties go to the earlier building.
- **Paying** (discard, hand limit): consumer goods first, then the building
  card of lowest asset value.
- **Building / picking**: the card of highest asset value.
- **Selling**: the legal set that sells the least value (it keeps the most
  workplaces; points are the same either way except in solo 案2).

``make_search_bot`` — the shared determinised search over ``sample_state``
with a fast playout (the same worths on full states, with noise) and a
horizon two rounds ahead scored by the lead in the score forecast.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from rulebook.bots.search import SearchBot
from rulebook.core.game import Game

from .actions import Build, Discard, Pick, Place, Sell
from .data import GOODS, KINDS_T, N_CARDS, ROUNDS, WAGES

_EFFECT = tuple(dict(k.effect) for k in KINDS_T)
_VALUE = tuple(k.value for k in KINDS_T)
_COST = tuple(k.cost for k in KINDS_T)

SEARCH_BUDGET = 0.3
SEARCH_ITERATIONS = 300


def place_worth(kind: int, hand: Sequence[int], money: int, workers: int, rnd: int, buildable_best: int, solo: bool = False) -> float:
    """The rule-based bot's worth of placing a worker on a building of ``kind``."""
    eff = _EFFECT[kind]
    size = sum(hand)
    next_wage = workers * WAGES[min(rnd, ROUNDS) - 1]
    short = money < next_wage
    worth = 0.0
    if "build" in eff:
        worth = buildable_best + 4 + (3 if eff["build"] == "twin" else 0) + (6 if eff.get("draw_after") else 0)
    if "gain" in eff:
        worth = eff["gain"] * (2 if short else 1) - 3 * eff.get("discard", 0) + (2 if short else 0)
    elif "discard" in eff:
        worth = 3 * (eff.get("draw", 0) - eff["discard"])
    elif "draw" in eff:
        n = eff["draw"]
        if "draw_if_empty" in eff and size == 0:
            n = eff["draw_if_empty"]
        worth = 3 * n + (1 if eff.get("start") else 0)
    if "goods" in eff:
        worth = 2.5 * eff["goods"] - (4 if eff.get("remove") else 0)
    if "goods_to" in eff:
        worth = 2.5 * (eff["goods_to"] - size)
    if "reveal" in eff:
        worth = 5
    if "hire" in eff or "hire_to" in eff:
        rounds_left = ROUNDS - rnd
        worth = 12 if not solo and rounds_left >= 4 and money >= (workers + 1) * WAGES[min(rnd, ROUNDS) - 1] else -5
    return worth


def discard_choice(hand: Sequence[int]) -> int:
    if hand[GOODS]:
        return GOODS
    held = [k for k in range(1, N_CARDS) if hand[k]]
    return min(held, key=lambda k: (_VALUE[k], k))


class RulesBot:
    """The rule-based policy of the module docstring."""

    name = "rules"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        o = observation
        seat = o["you"]
        hand = o["hand"]
        first = legal_actions[0]
        if isinstance(first, Place):
            best = best_build_value(hand)
            def worth(a: Place) -> float:
                kind = o["buildings"][a.building][0]
                return place_worth(kind, hand, o["money"][seat], o["workers"][seat], o["round"], best, o["players"] == 1)
            return max(legal_actions, key=worth)
        if isinstance(first, Discard):
            kind = discard_choice(hand)
            return next(a for a in legal_actions if a.kind == kind)
        if isinstance(first, (Build, Pick)):
            return max(legal_actions, key=lambda a: (_VALUE[a.kind], -a.kind))
        if isinstance(first, Sell):
            values = {i: _VALUE[k] for i, (k, _) in enumerate(o["buildings"])}
            return min(legal_actions, key=lambda a: (sum(values[i] for i in a.buildings), len(a.buildings), a.buildings))
        return legal_actions[0]


def best_build_value(hand: Sequence[int]) -> int:
    size = sum(hand)
    values = [_VALUE[k] for k in range(1, N_CARDS) if hand[k] and size - 1 >= _COST[k]]
    return max(values, default=0)


# ----- the search bot ------------------------------------------------------------------------
def rollout(game: Game, state: Any, rng: np.random.Generator) -> Any:
    """A fast playout move on a full state: the rule-based worths with noise."""
    legal = game.legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    seat = state.turn
    hand = state.hands[seat]
    if isinstance(first, Place):
        best = best_build_value(hand)
        noise = rng.random(len(legal)) * 6
        worths = [
            place_worth(state.buildings[a.building].kind, hand, state.money[seat], state.workers[seat], state.round, best, state.players == 1) + noise[j]
            for j, a in enumerate(legal)
        ]
        return legal[int(np.argmax(worths))]
    if isinstance(first, Discard):
        kind = discard_choice(hand)
        for a in legal:
            if a.kind == kind:
                return a
    if isinstance(first, (Build, Pick)):
        return max(legal, key=lambda a: _VALUE[a.kind])
    return legal[0]


def evaluator(game: Game) -> Callable[[Any, int], float]:
    """The search bot's value of a position for ``seat``, scored by ``game``'s own final-score rules."""

    def evaluate(state: Any, seat: int) -> float:
        """The forecast lead: a logistic of (own score − best other score), or the score itself solo."""
        scores = [game.score(state, s) for s in range(state.players)]
        if state.players == 1:
            return 1 / (1 + math.exp(-(scores[0] - 60) / 20))
        others = max(scores[s] for s in range(state.players) if s != seat)
        return 1 / (1 + math.exp(-(scores[seat] - others) / 10))

    return evaluate


def make_search_bot(game: Game, **kwargs: Any) -> SearchBot:
    def horizon(start: Any, state: Any) -> bool:
        return state.round >= start.round + 2

    options = {"budget": SEARCH_BUDGET, "iterations": SEARCH_ITERATIONS, "rollout": rollout, "evaluate": evaluator(game), "horizon": horizon}
    options.update(kwargs)
    return SearchBot(game, **options)


__all__ = ["RulesBot", "evaluator", "make_search_bot", "place_worth", "rollout"]
