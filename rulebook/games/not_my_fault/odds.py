"""The exact odds of an audit, from what one seat knows (the page's teaching aid, and the rule-based bot's eye).

The face-down cards a seat has not seen were drawn from the cards it has
not seen (``observation["unseen"]``): every way of picking them is equally
likely, so the chance that the total reaches a number is a count of
subsets, done exactly with whole numbers (no sampling):

    ways[j][s] = number of sets of j physical cards from the pool with sum s

built value by value with binomial coefficients. Cards drawn before a
reshuffle (ver.2.0) came from the old deck, which had nothing else left:
their total is known exactly and simply added.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Mapping


@dataclass(frozen=True)
class Odds:
    """What a seat can say about the total of the face-down cards."""

    known: int
    """Total of the cards this seat knows (its own, and old-deck cards whose total is fixed)."""
    own: tuple[int, ...]
    """Its own face-down cards."""
    hidden: int
    """How many face-down cards it has not seen (drawn from ``pool``)."""
    pool: tuple[int, ...]
    """Counts of the unseen cards, per value."""
    values: tuple[int, ...]
    ways: tuple[int, ...]
    """``ways[s]``: sets of ``hidden`` pool cards with sum ``s``."""
    total_ways: int
    fixed_old: int
    """How many of the known cards are old-deck cards counted by elimination."""

    def at_least(self, target: int) -> Fraction:
        """Exact probability that the face-down total is ``target`` or more."""
        need = target - self.known
        if need <= 0:
            return Fraction(1)
        hit = sum(self.ways[need:])
        return Fraction(hit, self.total_ways)

    def ways_at_least(self, target: int) -> int:
        need = max(0, target - self.known)
        return sum(self.ways[need:])

    def mean(self) -> float:
        return self.known + sum(s * w for s, w in enumerate(self.ways)) / self.total_ways


def subset_sums(pool: tuple[int, ...] | list[int], values: tuple[int, ...] | list[int], k: int) -> list[int]:
    """``ways[s]``: how many sets of ``k`` physical cards of ``pool`` add up to ``s``."""
    top = k * max(values) if values else 0
    # table[j][s]
    table = [[0] * (top + 1) for _ in range(k + 1)]
    table[0][0] = 1
    for value, count in zip(values, pool):
        if not count:
            continue
        new = [row[:] for row in table]
        for j in range(k + 1):
            row = table[j]
            for s in range(top + 1):
                w = row[s]
                if not w:
                    continue
                for t in range(1, min(count, k - j) + 1):
                    new[j + t][s + t * value] += w * comb(count, t)
        table = new
    return table[k]


def odds(observation: Mapping[str, Any]) -> Odds:
    """The odds seen by the observation's seat (any seat, or the spectator)."""
    values = tuple(observation["values"])
    own = tuple(card["card"] for card in observation["table"] if card["card"] is not None)
    hidden = sum(1 for card in observation["table"] if card["card"] is None and not card["old"])
    old_pool = observation["unseen_old"]
    old_total = sum(x * c for x, c in zip(values, old_pool))
    pool = tuple(observation["unseen"])
    if hidden > sum(pool):  # cannot happen for a real observation
        raise ValueError("more hidden cards than unseen cards")
    ways = subset_sums(pool, values, hidden)
    return Odds(
        known=sum(own) + old_total,
        own=own,
        hidden=hidden,
        pool=pool,
        values=values,
        ways=tuple(ways),
        total_ways=comb(sum(pool), hidden),
        fixed_old=sum(old_pool),
    )


def reach_probability(observation: Mapping[str, Any], target: int | None = None) -> Fraction:
    """Exact chance that the face-down total reaches ``target`` (default: the last declaration)."""
    if target is None:
        claims = observation["claims"]
        if not claims:
            raise ValueError("nothing has been declared this round")
        target = claims[-1][1]
    return odds(observation).at_least(target)


__all__ = ["Odds", "odds", "reach_probability", "subset_sums"]
