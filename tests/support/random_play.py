"""A game played by uniformly random legal moves, chance drawn by its odds: the states it passes through.

Shared by the tests that check a property of every state a game can reach (observation types, typed
observations); one seeded walk, so a failure names a reproducible state.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from rulebook.core.game import CHANCE, TERMINAL


def random_walk(game: Any, seed: int, steps: int) -> Iterator[Any]:
    """The initial state (default options), then each state after a random move, for at most ``steps`` moves or
    until the game ends."""
    rng = random.Random(seed)
    state = game.initial_state(game.default_options())
    yield state
    for _ in range(steps):
        if game.current_player(state) == TERMINAL:
            return
        if game.current_player(state) == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        yield state
