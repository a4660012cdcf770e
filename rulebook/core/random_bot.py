"""The baseline bot: a uniformly random legal action.

It lives in the engine, not in ``rulebook.bots``, because the engine contract
promises it: every game offers the random bot after its own (``Game.all_bots``).
The bots layer builds on the engine and re-exports it (``rulebook.bots.RandomBot``).
"""

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
