"""A search bot for games with hidden information, shared by every such game.

*Determinised Monte Carlo* with UCB1 at the root: each iteration deals the
cards the bot cannot see at random (``Game.sample_state`` from the bot's own
observation), tries one of its legal moves in that world, and plays the rest
out with a fast rollout policy to the end of the game (or to a *horizon*
where a game-specific ``evaluate`` scores the position). The move with the
best average result over all sampled worlds is played.

Why this and not full information-set MCTS: the games here are short
bluffing and trick-taking games where most of the decision is "which of my
few moves", and a flat search over many determinisations with a decent
rollout policy plays them well within a 300 ms budget in pure Python. It
never cheats: it receives only the observation, and every world it imagines
is drawn from that observation.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from rulebook.core.chance import draw_outcome
from rulebook.core.errors import IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, Game

Rollout = Callable[[Game, Any, np.random.Generator], Any]
"""Picks a move in a full state during a playout (fast; may use the whole state)."""
Evaluate = Callable[[Any, int], float]
"""Scores a non-final state for a seat, in [0, 1] (its expected share of the win)."""
Horizon = Callable[[Any, Any], bool]
"""``horizon(start, state)``: stop the playout here and ``evaluate`` instead."""


def random_rollout(game: Game, state: Any, rng: np.random.Generator) -> Any:
    legal = game.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def win_share(game: Game, state: Any, seat: int) -> float:
    """1 for a sole winner, 1/k for k co-winners, 0 otherwise."""
    outcome = game.outcome(state)
    if outcome is None or seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)


def seat_of(observation: Mapping[str, Any]) -> int:
    """The observing seat, which every observation names as ``"you"``."""
    seat = observation.get("you")
    if not isinstance(seat, int):
        raise ValueError("the observation does not say whose it is ('you')")
    return seat


class SearchBot:
    """Determinised Monte Carlo search with a time budget (see the module docstring).

    ``budget`` (seconds) bounds a decision; ``iterations`` caps the sampled
    worlds (and, with ``budget=None``, fixes their number so a decision is
    reproducible from the rng alone — used by the tests).
    """

    name = "search"

    def __init__(
        self,
        game: Game,
        *,
        budget: float | None = 0.2,
        iterations: int = 4000,
        min_iterations: int = 16,
        rollout: Rollout = random_rollout,
        evaluate: Evaluate | None = None,
        horizon: Horizon | None = None,
        exploration: float = 0.6,
        max_playout: int = 2000,
    ) -> None:
        self.game = game
        self.budget = budget
        self.iterations = iterations
        self.min_iterations = min_iterations
        self.rollout = rollout
        self.evaluate = evaluate
        self.horizon = horizon
        self.exploration = exploration
        self.max_playout = max_playout
        self.last_stats: dict[Any, tuple[int, float]] = {}

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            self.last_stats = {legal_actions[0]: (0, 0.0)}
            return legal_actions[0]
        seat = seat_of(observation)
        visits = [0] * len(legal_actions)
        totals = [0.0] * len(legal_actions)
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        done = refused = 0
        while done < self.iterations and refused < self.iterations:
            if deadline is not None and done >= self.min_iterations and time.perf_counter() > deadline:
                break
            world = self.game.sample_state(observation, seat, rng)
            k = self._select(visits, totals, done)
            try:  # validated: a move is judged in each imagined world
                after = self.game.apply(world, legal_actions[k])
            except IllegalAction:
                refused += 1
                continue
            result = self._playout(after, seat, rng)
            visits[k] += 1
            totals[k] += result
            done += 1
        self.last_stats = {a: (visits[i], totals[i] / visits[i] if visits[i] else 0.0) for i, a in enumerate(legal_actions)}
        best = max(range(len(legal_actions)), key=lambda i: (totals[i] / visits[i] if visits[i] else -1.0, visits[i], -i))
        return legal_actions[best]

    def _select(self, visits: list[int], totals: list[float], done: int) -> int:
        """UCB1: try every move once, then balance the best mean against doubt."""
        for i, n in enumerate(visits):
            if n == 0:
                return i
        log_n = math.log(done + 1)
        return max(range(len(visits)), key=lambda i: totals[i] / visits[i] + self.exploration * math.sqrt(log_n / visits[i]))

    def _playout(self, state: Any, seat: int, rng: np.random.Generator) -> float:
        start = state
        game = self.game
        for _ in range(self.max_playout):
            player = game.current_player(state)
            if player == TERMINAL:
                return win_share(game, state, seat)
            if self.horizon is not None and self.evaluate is not None and self.horizon(start, state):
                return self.evaluate(state, seat)
            if player == CHANCE:
                action = draw_outcome(game.chance_outcomes(state), rng)
            else:
                action = self.rollout(game, state, rng)
            state = game.next_state(state, action)
        return self.evaluate(state, seat) if self.evaluate is not None else win_share(game, state, seat)
