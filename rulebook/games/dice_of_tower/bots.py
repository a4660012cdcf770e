"""Bots for Dice of Tower. Everything is public, so they read the whole table from the observation.

- ``RulesBot``: a one-move look-ahead with the collapse model in it. Each
  placement is worth, if it stands, the new tower's points (pips × height)
  plus the points it takes from the opponent, less the lone die's own points
  and a share of the tower if an opponent could capture it at once; if it
  falls (chance from the game's model), the opponent's tower is gone too but
  the die in hand is lost. It plays the best expected value. After a burst it
  gives up its lone die showing the fewest pips.
- ``make_search_bot``: the shared ``SearchBot`` (Monte Carlo with UCB1 at the
  root) playing every candidate out to the end of the round, with the
  collapse checks drawn from the same model as the game's chance nodes, so
  a risky tall placement is weighed by how often it falls. The round's end is
  scored by the points lead (a logistic share of the win).
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import numpy as np

from rulebook.bots.search import SearchBot

from .actions import Place, Remove
from .board import die_colour, placement_risk, round_scores, singles, state_from_observation, tower_index
from .state import Phase, State, colour_of_seat

LOST_DIE = 3.5
"""What a die lost from the game costs, in points (one average lone die)."""
EXPOSED = 0.5
"""Share of a new tower's points at stake when an opponent could top it right away."""
SEARCH_BUDGET = 0.12




def placement_value(state: State, action: Place, risk: float) -> float:
    """Expected points of ``action`` for the placing colour (see the module docstring)."""
    mine = die_colour(state, action.die)
    faces, sizes = state.faces, state.sizes
    tower = state.towers[tower_index(state)[action.onto]]
    h = len(tower)
    v, t = faces[action.die], faces[action.onto]
    taken = t * h
    new_points = v * (h + 1)
    threat = any(
        faces[d] == 7 - v and sizes[d] >= sizes[action.die]
        for d in singles(state)
        if d != action.die and die_colour(state, d) != mine
    )
    stands = new_points + taken - v - (EXPOSED * new_points if threat else 0.0)
    falls = taken - v - LOST_DIE
    return (1 - risk) * stands + risk * falls


class RulesBot:
    """Best expected placement by the collapse model; fewest pips to lose."""

    name = "rules"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = state_from_observation(observation)
        if all(isinstance(a, Place) for a in legal_actions):
            return max(legal_actions, key=lambda a: placement_value(state, a, placement_risk(state, a.die, a.onto)))
        if all(isinstance(a, Remove) for a in legal_actions):
            return min(legal_actions, key=lambda a: (state.faces[a.die], state.sizes[a.die], a.die))
        return legal_actions[0]


def rollout(game: Any, state: State, rng: np.random.Generator) -> Any:
    """Playout policy: usually the placement with the most immediate points, sometimes any."""
    legal = game.legal_actions(state)
    if len(legal) == 1 or rng.random() < 0.25:
        return legal[int(rng.integers(len(legal)))]
    if isinstance(legal[0], Place):
        index = tower_index(state)
        faces = state.faces
        return max(legal, key=lambda a: faces[a.die] * (len(state.towers[index[a.onto]]) + 1) + faces[a.onto] * len(state.towers[index[a.onto]]))
    if isinstance(legal[0], Remove):
        return min(legal, key=lambda a: state.faces[a.die])
    return legal[0]


def evaluate(state: State, seat: int) -> float:
    """Share of the win from the colour totals so far plus the towers standing (logistic in the lead)."""
    mine = colour_of_seat(state.players, seat)
    totals = list(state.scores)
    # towers standing count as if the round ended now (a finished game has them in the totals already;
    # a new round's dice are not rolled yet and score 0)
    now = round_scores(state) if state.phase != Phase.OVER else (0,) * state.colours
    points = [a + b for a, b in zip(totals, now)]
    others = max(p for c, p in enumerate(points) if c != mine)
    return 1.0 / (1.0 + math.exp(-(points[mine] - others) / 8.0))


def end_of_round(start: State, state: State) -> bool:
    return state.round != start.round or state.phase == Phase.OVER


def make_search_bot(game: Any, budget: float | None = SEARCH_BUDGET, iterations: int = 4000) -> SearchBot:
    return SearchBot(game, budget=budget, iterations=iterations, rollout=rollout, evaluate=evaluate, horizon=end_of_round)


__all__ = ["RulesBot", "evaluate", "make_search_bot", "placement_value", "rollout"]
