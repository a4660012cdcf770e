"""The autoplay bot: plays a fight through so a seat can be left to the machine.

Policy (documented in the rules text, section ``bots``): when the enemy's HP
is tracked, record 1–3 damage once per turn (drawn from the bot's seeded
generator), then move on to the next turn; the enemy falls when its HP
reaches 0. When HP is not tracked, move on turn by turn and declare the
enemy defeated at turn 8 (one full pass over the listed rows). It reads the
observation only.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from .actions import Attack, Next, Win

LAST_LISTED_TURN = 8


class AutoplayBot:
    """Deal 1–3 damage each turn, then next turn; see the module docstring."""

    name = "autoplay"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        if observation["hp_max"]:
            action: Any = Attack(int(rng.integers(1, 4))) if observation["dealt"] == 0 else Next()
        else:
            action = Win() if observation["turn"] >= LAST_LISTED_TURN else Next()
        if action not in legal_actions:  # never an illegal move, whatever the observation says
            action = legal_actions[0]
        return action


__all__ = ["AutoplayBot"]
