"""Bots for Kokkuri-san. They receive observations only (fair: nothing hidden is read).

``RulesBot`` — a documented rule-based policy. It estimates every face-down
card it cannot see by the average of that colour's unseen cards (×−1 counted
as 0), then judges each move by the points it would give *it* minus the
points of the best opponent if the round were settled now:

- **Play**: every (candidate, card) pair is tried; the best one is played.
  Face up when the candidate's effect helps or can be declined (a draw, or an
  effect that says "may"), face down otherwise (hiding the value).
- **Patron effect**: every target is tried the same way; an optional effect
  is used only when it improves the judgement.

``make_search_bot`` — the shared determinised Monte Carlo search
(``rulebook.bots.search.SearchBot``): it samples the unseen cards from its
own observation (``KokkuriSan.sample_state``), plays random moves to the end
of the round, and judges the position by the score race (``evaluate``).
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import numpy as np

from rulebook.bots.search import SearchBot
from rulebook.core.game import Game

from .actions import Draw, Flip, Move, Play, Skip, Swap
from .cards import X
from .settlement import LEAD, elected_positions, influence_order
from .state import Played

SEARCH_BUDGET = 0.15
"""Seconds per decision on the page (the benchmark reports the p95)."""
SEARCH_ITERATIONS = 300
"""Sampled worlds per decision at most."""
WIDTH = 6
"""Moves the search bot considers: the best of the rule-based judgement."""


def _estimates(o: Mapping[str, Any]) -> list[float]:
    """Expected value of a face-down card of each seat, from what the observer has not seen."""
    out = []
    for counts in o["unseen"]:
        total = sum(counts)
        out.append(sum(k * c for k, c in enumerate(counts) if k != X) / total if total else 5.0)
    return out


def _judge(o: Mapping[str, Any], order: list[int], tokens: list[list[int]], board: list[list[Played]]) -> float:
    """My points minus the best opponent's, were the round settled now (estimated cards as values)."""
    me = o["you"]
    n = o["players"]
    candidates = o["cards"]["candidates"]
    rnd = o["round"] - 1
    gains = [0.0] * n
    for pos in elected_positions(tuple(tuple(c) for c in board)):
        points = candidates[order[pos]]["rounds"][rnd]["points"]
        for place, seat in enumerate(influence_order(tuple(tokens[pos]))[:2]):
            gains[seat] += points[place]
    scores = [s + g for s, g in zip(o["scores"], gains)]
    best_other = max(scores[s] for s in range(n) if s != me)
    return scores[me] - best_other + 0.01 * gains[me]


def _board(o: Mapping[str, Any]) -> list[list[Played]]:
    """The board with every card the observer cannot see replaced by a rounded estimate (never ×−1)."""
    guess = _estimates(o)
    return [[Played(s, card if card is not None else int(round(guess[s])), up) for s, card, up in cards] for cards in o["board"]]


class RulesBot:
    """The rule-based policy of the module docstring."""

    name = "rules"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.ranked(observation, legal_actions)[0]

    def ranked(self, o: Mapping[str, Any], legal_actions: Sequence[Any]) -> list[Any]:
        """The legal actions, best judged first (ties keep the engine's order)."""
        board = _board(o)
        order = list(o["order"])
        tokens = [list(t) for t in o["tokens"]]
        me = o["you"]
        values = [self._value(o, action, order, tokens, board, me) for action in legal_actions]
        return [legal_actions[i] for i in sorted(range(len(values)), key=lambda i: (-round(values[i], 9), i))]

    def _value(self, o: Mapping[str, Any], action: Any, order: list[int], tokens: list[list[int]], board: list[list[Played]], me: int) -> float:
        if isinstance(action, Play):
            t = [list(row) for row in tokens]
            b = [list(row) for row in board]
            t[action.pos].append(me)
            b[action.pos].append(Played(me, action.card, action.up))
            value = _judge(o, order, t, b)
            effect = o["cards"]["candidates"][order[action.pos]]["rounds"][o["round"] - 1]["effect"]
            helpful = effect is not None and (effect["op"] == "draw" or effect["may"])
            # keep the ×−1 card for later unless it changes the result now; face up only when the effect helps
            value -= 0.3 * (action.card == X)
            return value + (0.2 if action.up == helpful else 0.0)
        if isinstance(action, (Draw, Skip)):
            return _judge(o, order, tokens, board) + (0.5 if isinstance(action, Draw) else 0.0)
        t = [list(row) for row in tokens]
        b = [list(row) for row in board]
        order = list(order)
        if isinstance(action, Flip):
            return _judge(o, order, t, b) + 0.1  # turning a card up costs nothing and shows a value
        if isinstance(action, Swap):
            for row in (order, t, b):
                row[action.a], row[action.b] = row[action.b], row[action.a]
            return _judge(o, order, t, b)
        if isinstance(action, Move):
            row = t[action.pos]
            del row[len(row) - 1 - row[::-1].index(me)]
            t[o["pending"]].append(me)
            return _judge(o, order, t, b)
        return 0.0


def evaluate(state: Any, seat: int) -> float:
    """The score race at a round's end, in [0, 1]: near 1 when ``seat`` leads clearly, near 0 when far behind."""
    scores = state.scores
    if state.result:
        best = max(scores)
        winners = [s for s, x in enumerate(scores) if x == best]
        return 1 / len(winners) if seat in winners else 0.0
    others = max(x for s, x in enumerate(scores) if s != seat)
    remaining = 3 - state.settled
    return 1 / (1 + math.exp(-(scores[seat] - others) / (LEAD / 2 * remaining)))


def _end_of_round(start: Any, state: Any) -> bool:
    return state.settled > start.settled


def _state_judge(state: Any, seat: int) -> float:
    """``_judge`` on a full (sampled) state: the mover's points minus the best rival's, were the round settled now."""
    n = state.players
    gains = [0] * n
    rnd = state.round - 1
    candidates = state.cards.candidates
    for pos in elected_positions(state.board):
        points = candidates[state.order[pos]].rounds[rnd].points
        for place, s in enumerate(influence_order(state.tokens[pos])[:2]):
            gains[s] += points[place]
    scores = [a + b for a, b in zip(state.scores, gains)]
    return scores[seat] - max(scores[s] for s in range(n) if s != seat)


def fast_rollout(game: Game, state: Any, rng: np.random.Generator) -> Any:
    """Playout policy: half the time a random move, else the best of 4 random candidates by ``_state_judge``.

    It reads the whole (sampled) world, which the search bot drew from its own observation only.
    """
    legal = game.legal_actions(state)
    if len(legal) == 1 or rng.random() < 0.5:
        return legal[int(rng.integers(len(legal)))]
    seat = game.current_player(state)
    picks = rng.integers(len(legal), size=4)
    best, best_value = legal[int(picks[0])], -math.inf
    for k in picks:
        action = legal[int(k)]
        value = _state_judge(game.next_state(state, action), seat)
        if value > best_value:
            best, best_value = action, value
    return best


class KokkuriSearchBot(SearchBot):
    """The shared search, over the ``width`` most promising moves by the rule-based judgement.

    A turn offers up to 5 candidates × 12 cards × 2 faces; searching all of
    them would leave a few sampled worlds per move. The pruning reads the
    observation only (``RulesBot``'s judgement), so the bot stays fair.
    """

    def __init__(self, game: Game, *, width: int = WIDTH, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.width = width
        self.judge = RulesBot(game)

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        legal = list(legal_actions)
        if len(legal) > self.width:
            ranked = self.judge.ranked(observation, legal)
            legal = ranked[: self.width]
        return super().choose(observation, legal, rng)


def make_search_bot(game: Game, *, budget: float | None = SEARCH_BUDGET, iterations: int = SEARCH_ITERATIONS) -> SearchBot:
    """The shared search bot with this game's pruning, playout policy, horizon (the round's settlement) and evaluation."""
    return KokkuriSearchBot(game, budget=budget, iterations=iterations, rollout=fast_rollout, evaluate=evaluate, horizon=_end_of_round)


__all__ = ["KokkuriSearchBot", "RulesBot", "SEARCH_BUDGET", "SEARCH_ITERATIONS", "evaluate", "make_search_bot"]
