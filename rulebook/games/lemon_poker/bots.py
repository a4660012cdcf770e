"""Bots of Lemon Poker: one ``OddsBot`` plays either role from its observation only.

- As the **child** it turns up the card worth most by ``reveal_values`` (the
  expected edge after seeing it, over both groups) and bets on the group with
  the higher exact chance (``exact_odds``); the stake grows with the edge
  (a choice: 5 chips from an edge of 0.4, 3 from 0.15, else 1).
- As the **dealer** it keeps the sorted order as dealt and chooses the four
  cards to show so as to mislead (``dealer_plan``): the child's exact edge
  toward the group that really wins, after the dealer's reveals, as low as it
  can make it. It searches one group's ten pairs of places with the other
  group's pair held, then the other's (a choice: 20 exact calculations, not
  all 100 pairs, to decide within the time a page allows).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping, Sequence

import numpy as np

from . import actions as A
from .cards import parse_card
from .evaluator import evaluate_one
from .odds import Position, exact_odds, group_sets, pair_counts, reveal_values, without_cards

PAIRS = tuple(combinations(range(5), 2))


def stake_for(edge: float, top: int) -> int:
    """Chips the child bot stakes for an edge |P(1) - P(2)|."""
    want = 5 if edge >= 0.4 else 3 if edge >= 0.15 else 1
    return max(1, min(want, top))


class _Truth:
    """The dealer's full knowledge of a hand, with the child's possible views cached per pair shown."""

    def __init__(self, community, cards) -> None:
        self.com = tuple(parse_card(c) for c in community)
        self.full = [[parse_card(c) for c in g] for g in cards]
        self.truth = [evaluate_one(list(self.com) + g) for g in self.full]
        self.winner = -1 if self.truth[0] == self.truth[1] else (0 if self.truth[0] > self.truth[1] else 1)
        self.cache: dict = {}

    def sets(self, g, pair):
        if (g, pair) not in self.cache:
            pub = [[None] * 5, [None] * 5]
            pub[g] = [c if i in pair else None for i, c in enumerate(self.full[g])]
            self.cache[g, pair] = group_sets(Position(self.com, (tuple(pub[0]), tuple(pub[1]))), g)
        return self.cache[g, pair]

    def edge(self, plan) -> float:
        """The child's exact P(true winner) - P(other group) after the dealer shows ``plan``; 0 on a true tie."""
        if self.winner < 0:
            return 0.0
        a = without_cards(self.sets(0, plan[0]), [self.full[1][i] for i in plan[1]])
        b = without_cards(self.sets(1, plan[1]), [self.full[0][i] for i in plan[0]])
        w, t, l = (int(x) for x in pair_counts(a, b, per_set=False))
        return (w - l) / (w + t + l) * (1 if self.winner == 0 else -1)


def giveaway(community, cards, group: int, other_pair: tuple[int, int]) -> dict[tuple[int, int], float]:
    """The dealer's view: for each pair of places of ``group`` that could be shown (the other group
    showing ``other_pair``), how much it gives away: the child's exact edge toward the group that
    really wins (1 = the child is sure of the winner, negative = misled, 0 on a true tie)."""
    t = _Truth(community, cards)
    out = {}
    for p in PAIRS:
        plan = [other_pair, other_pair]
        plan[group] = p
        out[p] = t.edge(plan)
    return out


def dealer_plan(community, cards, fixed=((), ())) -> tuple[tuple[int, int], tuple[int, int]]:
    """The pairs of places to show in each group, the most misleading found; ``fixed`` = places
    already shown (kept).  Misleading = the child's exact edge toward the true winner after the
    dealer's reveals (``giveaway``) as low as possible (a true tie: nothing to mislead about)."""
    t = _Truth(community, cards)

    def options(g):
        return [p for p in PAIRS if set(fixed[g]) <= set(p)]

    plan = [(1, 3) if set(fixed[g]) <= {1, 3} else options(g)[0] for g in (0, 1)]
    if t.winner < 0:
        return plan[0], plan[1]
    for g in (0, 1):
        best = None
        for p in options(g):
            trial = list(plan)
            trial[g] = p
            score = t.edge(trial)
            if best is None or score < best[0]:
                best = (score, p)
        plan[g] = best[1]
    return plan[0], plan[1]


class OddsBot:
    """Child: exact odds; dealer: misleading reveals (see the module text)."""

    name = "odds"

    def __init__(self) -> None:
        self._plan: dict[Any, Any] = {}

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        o = observation
        phase = o["phase"]
        if phase == "sort":
            return A.SORTED
        if phase == "dealer-show":
            cards = o["groups"]
            fixed = tuple(tuple(i for i in range(5) if o["shown"][g][i]) for g in (0, 1))
            key = (tuple(o["community"]), tuple(map(tuple, cards)))
            plan = self._plan.get(key)
            if plan is None or not all(set(fixed[g]) <= set(plan[g]) for g in (0, 1)):
                plan = dealer_plan(o["community"], cards, fixed)
                self._plan = {key: plan}
            for g in (0, 1):
                for i in plan[g]:
                    act = A.Show(g, i)
                    if act in legal_actions:
                        return act
            return legal_actions[0]
        if phase == "child-show":
            best = None
            for g in (0, 1):
                for place, (value, _) in reveal_values(o["community"], o["groups"], g).items():
                    if best is None or value > best[0] + 1e-12:
                        best = (value, A.Show(g, place))
            return best[1]
        if phase == "bet":
            p1, p2, _ = exact_odds(o["community"], o["groups"])
            group = 0 if p1 >= p2 else 1
            return A.Bet(group, stake_for(abs(p1 - p2), o["max_bet"]))
        return legal_actions[int(rng.integers(len(legal_actions)))]
