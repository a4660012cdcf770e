"""Bots for Not My Fault! (both versions). They receive observations only.

``RulesBot`` — the documented rule-based policy, from its own observation:

- **Audit or trust**: audit when the exact chance that the face-down total
  reaches the last declaration (``odds``) is below one half; in ver.2.0,
  also when trusting would force it to declare 30 (no milestone left below
  30 and a yellow card already taken) with a worse chance than the audit's.
- **Which card** (#41): the smallest card that brings the expected total up
  to the next milestone, else its largest card.
- **Declare**: 30 when the total reaches 30 with a chance of one half or
  more (ver.2.0); otherwise the smallest milestone above the last
  declaration; with none left below 30 (ver.2.0), one more than the last
  declaration if it holds no yellow card yet and that is at least as likely
  to hold as completing, else 30.

``make_search_bot`` — the shared determinised Monte Carlo search
(``rulebook.bots.search.SearchBot``) with this game's fast playout policy
(``rollout``: the same ideas on full states, each player judging only from
its own cards and the average of the cards it has not seen), a horizon at the end of the round and
an evaluation of the penalty race (``evaluate``). Among declarations it
considers every milestone above the last one and the smallest number off the
milestones (ver.2.0); it never looks at more than its own observation.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping, Sequence

import numpy as np

from rulebook.bots.search import SearchBot
from rulebook.core.game import Game

from .actions import AUDIT, DRAW, Declare, Place
from .state import DEAL, TURN, State
from .odds import odds

SEARCH_BUDGET = 0.2
"""Seconds per decision on the page (the benchmark reports the p95)."""
SEARCH_ITERATIONS = 400
"""Sampled worlds per decision at most (a decision usually stops here, well inside the budget)."""


# ----- the rule-based bot -----------------------------------------------------------------
class RulesBot:
    """The rule-based policy in the module docstring (exact odds from the observation)."""

    name = "rules"

    def __init__(self, game: Game) -> None:
        self.game = game
        self.variant = game.variant  # type: ignore[attr-defined]

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        choice = self._choose(observation, legal_actions)
        return choice if choice in legal_actions else legal_actions[0]

    def _choose(self, o: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        v = self.variant
        seen = odds(o)
        claims = o["claims"]
        prev = claims[-1][1] if claims else 0
        me = o["you"]
        if o["phase"] == "turn":
            if claims and AUDIT in legal:
                reach = float(seen.at_least(prev))
                if reach < 0.5:
                    return AUDIT
                if v.draws and prev >= v.milestones[-2] and o["yellows"][me] >= 1:
                    # trusting means declaring 30: compare with the audit
                    complete = _after_draw(seen, v, v.top)
                    if complete < 1 - reach:
                        return AUDIT
            if v.draws:
                return DRAW
            places = [a for a in legal if isinstance(a, Place)]
            if not places:
                return AUDIT
            goal = next((m for m in v.milestones if m > prev), v.top)
            expected = seen.mean()
            for action in sorted(places, key=lambda a: a.value):
                if expected + action.value >= goal:
                    return action
            return max(places, key=lambda a: a.value)
        # declare
        higher = [m for m in v.milestones if m > prev]
        if v.completion:
            if float(seen.at_least(v.top)) >= 0.5:
                return Declare(v.top)
            below = [m for m in higher if m < v.top]
            if below:
                return Declare(below[0])
            if o["yellows"][me] == 0 and prev + 1 < v.top and seen.at_least(prev + 1) >= seen.at_least(v.top):
                return Declare(prev + 1)
            return Declare(v.top)
        return Declare(higher[0]) if higher else legal[0]


def _after_draw(seen: Any, v: Any, target: int) -> float:
    """Chance that the total reaches ``target`` once this seat adds one more card from the pool."""
    pool = seen.pool
    size = sum(pool)
    if not size:
        return float(seen.at_least(target))
    chance = 0.0
    for x, c in zip(seen.values, pool):
        if c:
            chance += c / size * float(seen.at_least(target - x))
    return chance


# ----- the search bot's playout policy (full states: fast, no odds tables) ----------------------
def _estimate(state: State, seat: int, mean: float) -> float:
    """Total of the face-down cards as ``seat`` would guess it: its own cards + the average for the rest."""
    total = 0.0
    for card in state.table:
        total += card.value if card.seat == seat else mean
    return total


def _unseen_mean(state: State, seat: int, values: tuple[int, ...], total_sum: int, total_count: int) -> float:
    """Average value of the cards ``seat`` has not seen: everything but the discards, its hand and its own face-down cards."""
    known_sum = known_count = 0
    for x, c in zip(values, state.discard):
        known_sum += x * c
        known_count += c
    if state.hands:
        for x, c in zip(values, state.hands[seat]):
            known_sum += x * c
            known_count += c
    for card in state.table:
        if card.seat == seat:
            known_sum += card.value
            known_count += 1
    left = total_count - known_count
    return (total_sum - known_sum) / left if left > 0 else 0.0


class Rollout:
    """The playout policy: the rule bot's ideas, judged from each player's own cards only."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.v = game.variant  # type: ignore[attr-defined]
        self.mean = self.v.mean()
        self.milestones = frozenset(self.v.milestones)
        self.scale = 1.5
        self.total_sum = sum(x * c for x, c in zip(self.v.values, self.v.copies))
        self.total_count = self.v.deck_size

    def __call__(self, game: Game, state: State, rng: np.random.Generator) -> Any:
        v = self.v
        me = state.turn
        claims = state.claims
        prev = state.last_claim
        if state.phase == TURN:
            legal = game.legal_actions(state)
            if len(legal) == 1:
                return legal[0]
            guess = _estimate(state, me, _unseen_mean(state, me, v.values, self.total_sum, self.total_count))
            if claims and rng.random() < 1 / (1 + math.exp((guess - prev) / self.scale)):
                return AUDIT
            if v.draws:
                return DRAW
            goal = next((m for m in v.milestones if m > prev), v.top)
            places = [a for a in legal if type(a) is Place]
            if not places:
                return AUDIT
            for action in places:  # ascending values
                if guess + action.value >= goal:
                    return action
            return places[-1]
        # declare
        if v.completion:
            guess = _estimate(state, me, _unseen_mean(state, me, v.values, self.total_sum, self.total_count))
            if guess >= v.top:
                return game._declares[v.top]  # type: ignore[attr-defined]
            for m in v.milestones:
                if m > prev:
                    if m < v.top:
                        return game._declares[m]  # type: ignore[attr-defined]
                    break
            if state.yellows[me] == 0 and prev + 1 < v.top:
                return game._declares[prev + 1]  # type: ignore[attr-defined]
            return game._declares[v.top]  # type: ignore[attr-defined]
        options = game._next_milestone[prev]  # type: ignore[attr-defined]
        return options[0]


# ----- evaluation at the end of a round ------------------------------------------------------------
@lru_cache(maxsize=4096)
def loser_chances(marks: tuple[int, ...], limit: int) -> tuple[float, ...]:
    """Chance that each player ends up the loser if every further penalty hits a player at random."""
    n = len(marks)
    for s, m in enumerate(marks):
        if m >= limit:
            return tuple(1.0 if t == s else 0.0 for t in range(n))
    total = [0.0] * n
    for s in range(n):
        bumped = marks[:s] + (marks[s] + 1,) + marks[s + 1 :]
        for t, p in enumerate(loser_chances(bumped, limit)):
            total[t] += p / n
    return tuple(total)


def make_evaluate(game: Game):
    limit = game.variant.penalty_limit  # type: ignore[attr-defined]

    def evaluate(state: State, seat: int) -> float:
        """Expected win share: someone else loses by penalties and the other seats share the win."""
        n = state.players
        return (1.0 - loser_chances(state.marks, limit)[seat]) / (n - 1)

    return evaluate


def round_over(start: State, state: State) -> bool:
    """Stop a playout once the round it started in is over (at once if the move just ended one)."""
    if state.round != start.round:
        return True
    return start.round > 1 and not start.claims and not start.table and (start.phase == TURN or start.phase == DEAL)


class NotMyFaultSearch:
    """The shared ``SearchBot``, shown only the moves worth weighing (see the module docstring)."""

    name = "search"

    def __init__(self, game: Game, *, budget: float | None = SEARCH_BUDGET, iterations: int = SEARCH_ITERATIONS) -> None:
        self.game = game
        self.v = game.variant  # type: ignore[attr-defined]
        self.search = SearchBot(
            game,
            budget=budget,
            iterations=iterations,
            min_iterations=16,
            rollout=Rollout(game),
            evaluate=make_evaluate(game),
            horizon=round_over,
            exploration=0.6,
        )

    @property
    def last_stats(self) -> dict:
        return self.search.last_stats

    def candidates(self, legal_actions: Sequence[Any]) -> list[Any]:
        """Declarations on the milestones, plus the smallest number off them (ver.2.0); every other move."""
        declares = [a for a in legal_actions if type(a) is Declare]
        if not declares or not self.v.any_number:
            return list(legal_actions)
        milestones = set(self.v.milestones)
        keep = [a for a in declares if a.number in milestones]
        off = next((a for a in declares if a.number not in milestones), None)
        if off is not None:
            keep.append(off)
        return sorted(keep, key=lambda a: a.number)

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        return self.search.choose(observation, self.candidates(legal_actions), rng)


def make_search_bot(game: Game, **kwargs: Any) -> NotMyFaultSearch:
    return NotMyFaultSearch(game, **kwargs)


__all__ = ["NotMyFaultSearch", "Rollout", "RulesBot", "loser_chances", "make_evaluate", "make_search_bot", "round_over"]
