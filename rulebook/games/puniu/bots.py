"""Bots for Puniu Dice. They read observations only (everything is public here).

- ``HintBot`` plays the hint (``hint.decide``): re-roll when the best hold's
  exact expectation beats writing the dice down now, else the best category
  by the projected final score (value model documented in ``hint``).
- ``GreedyBot`` is the baseline: never re-rolls, writes the dice into the open
  option with the largest score − penalty right now (first on the sheet on ties).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from .actions import Reroll, Score
from .hint import decide, greedy_option


def _entries(sheet: Mapping[str, Any]) -> tuple[tuple[int, int] | None, ...]:
    return tuple(None if e is None else (int(e["score"]), int(e["penalty"])) for e in sheet["entries"])


def _open(observation: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[str]:
    return [c for c, e in zip(observation["categories"], sheet["entries"]) if e is None]


class HintBot:
    """Plays exactly what the hint advises."""

    name = "hint"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        action: Any = None
        seat = observation.get("turn")
        if seat is not None and not observation.get("rolling"):
            sheet = observation["sheets"][seat]
            kind, what = decide(_entries(sheet), observation["dice"], int(observation["rerolls_left"]))
            action = Reroll(tuple(what)) if kind == "reroll" else Score(what[0], what[1])  # type: ignore[index]
        if action not in legal_actions:  # never an illegal move, whatever the observation says
            action = legal_actions[0]
        return action


class GreedyBot:
    """Never re-rolls; takes the best score − penalty now."""

    name = "greedy"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        action: Any = None
        seat = observation.get("turn")
        if seat is not None and not observation.get("rolling"):
            sheet = observation["sheets"][seat]
            category, face = greedy_option(observation["dice"], _open(observation, sheet))
            action = Score(category, face)
        if action not in legal_actions:
            action = legal_actions[0]
        return action


__all__ = ["GreedyBot", "HintBot"]
