"""The baseline bot: a uniformly random legal action."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np


class RandomBot:
    """Picks uniformly among the legal actions (the baseline every game has)."""

    name = "random"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[int(rng.integers(len(legal_actions)))]
