"""Bots for 宝探し. They read observations only (everything is on the paper).

``OptimalBot`` plays the move with the highest exact win probability
(``solver.Advice.action_values``); among moves within 1e-12 of the best it
takes the first in ``legal_actions`` order (roll on before bringing home
before giving up; options in the order a, b, both, sum; low numbers first).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from .model import RULES, Rules
from .solver import advice
from .state import state_from_observation

TIE = 1e-12


class OptimalBot:
    """Best play by the exact values of TH-4."""

    name = "optimal"

    def __init__(self, rules: Rules = RULES) -> None:
        self.rules = rules

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        state = state_from_observation(observation, self.rules)
        values = advice(self.rules).action_values(state)
        scored = [(values.get(action, -1.0), action) for action in legal_actions]
        best = max(v for v, _ in scored)
        return next(action for v, action in scored if v >= best - TIE)


__all__ = ["OptimalBot"]
