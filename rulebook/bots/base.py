"""The bot interface shared by every game."""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

import numpy as np


class Bot(Protocol):
    """A seat played by the machine.

    A bot sees what its seat may see (``observation`` from ``Game.observe``)
    and the legal actions; it returns one of them. Its only randomness is
    ``rng``, which the driver derives from the match seed, so a replay makes
    the same choices.
    """

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        ...
