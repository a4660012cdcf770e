"""Pig's bots: they read the observation only (docs/architecture.md: bots get observations).

``HoldAt`` is the classic rule of thumb (rules section ``bots``): roll until
the turn's points reach ``target`` (20: on average a roll gains 4 × 5/6 and
risks the turn total × 1/6, which balance at 20), or until banking them
would reach the goal; then hold. ``FewestTurns`` plays the exact solo
policy of ``solver`` (the fewest expected turns to the goal).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from .actions import Hold, Roll
from .solver import should_hold


class HoldAt:
    """Roll while the turn total is below ``target`` and holding would not win; else hold."""

    def __init__(self, target: int = 20) -> None:
        self.target = target
        self.name = f"hold{target}"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        me = observation["seat"]
        banked, turn = observation["totals"][me], observation["turn_total"]
        wants = Hold() if turn >= self.target or banked + turn >= observation["goal"] else Roll()
        return wants if wants in legal_actions else legal_actions[0]


class FewestTurns:
    """Exact play alone (``solver``): hold exactly when that leaves fewer expected turns to the goal.

    With others at the table it plays the same race; it does not look at
    their totals (a win-probability policy for several seats is a bigger
    table than this page needs).
    """

    name = "fewest"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        me = observation["seat"]
        hold = should_hold(observation["goal"], observation["totals"][me], observation["turn_total"])
        wants = Hold() if hold else Roll()
        return wants if wants in legal_actions else legal_actions[0]


__all__ = ["FewestTurns", "HoldAt"]
