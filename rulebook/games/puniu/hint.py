"""Hints for Puniu Dice: exact roll probabilities + a documented value model.

The method (also written for players in the rules text, section ``hints``):

1. **Exact chances of the next rolls.** Five dice have 252 distinct outcomes
   (multisets). Holding a multiset ``k`` and re-rolling the other ``5 - |k|``
   dice leads to each final multiset with an exact multinomial probability;
   ``TRANSITION[k, m]`` holds them (462 possible holds × 252 outcomes). This is
   the same as enumerating the ``6**(5-|k|)`` ordered outcomes of the
   re-rolled dice (a test checks it against that brute force).
2. **What writing the dice down is worth** (``option_values``): the
   *projected final score* of the sheet if these dice go into a category now.
   The categories still open afterwards are valued at their **reference
   distribution**: what a turn spent chasing that category alone yields
   (exact one-turn play, 3 rolls, maximising score − penalty; for kind the
   best face). The projected final counts the sheet's real scores, the new
   entry, and each open category's average score; the penalty bands (PD-2)
   cancel the j-th highest of those with the exact probability that the total
   penalty reaches band j, the future penalty being the sum of the open
   categories' reference penalty distributions (assumed independent, summed
   exactly by convolution). On the last turn there is no future: the value is
   the exact final score.
3. **Holds** (``turn_values``): with ``r`` re-rolls left, a hold is worth the
   exact expectation, over the re-rolled dice, of the best that can be done
   next (write down, or hold again while re-rolls remain): a backward
   induction over the 252 outcomes, 3 rolls deep at most.

The hint bot plays exactly this: it re-rolls when the best hold's expectation
beats writing the dice down now, otherwise it writes them into the best
category. Values are in points of projected final score.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np

from .scoring import CATEGORIES, FREE_PENALTY, BAND_WIDTH, category_score

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5
ROLLS = 3

MULTISETS: tuple[tuple[int, ...], ...] = tuple(itertools.combinations_with_replacement(FACES, DICE))
"""The 252 outcomes of five dice, as sorted tuples."""
INDEX = {m: i for i, m in enumerate(MULTISETS)}
KEEPS: tuple[tuple[int, ...], ...] = tuple(
    k for size in range(DICE + 1) for k in itertools.combinations_with_replacement(FACES, size)
)
"""Every multiset of 0–5 dice that can be held (462)."""
KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}
OPTIONS: tuple[tuple[str, int], ...] = tuple((c, 0) for c in CATEGORIES if c != "kind") + tuple(("kind", f) for f in FACES)
"""Every way to write dice down: (category, face) — face only for kind."""
THRESHOLDS = np.array([FREE_PENALTY + 1 + BAND_WIDTH * j for j in range(len(CATEGORIES))])
"""Total penalty at which the j-th highest score is cancelled (31, 41, …, 101)."""
MAX_PENALTY = 30 * len(CATEGORIES)


def _multinomial(counts: Sequence[int]) -> int:
    n = sum(counts)
    out = math.factorial(n)
    for c in counts:
        out //= math.factorial(c)
    return out


def _build_transition() -> np.ndarray:
    table = np.zeros((len(KEEPS), len(MULTISETS)))
    for ki, keep in enumerate(KEEPS):
        free = DICE - len(keep)
        for rolled in itertools.combinations_with_replacement(FACES, free):
            counts = [rolled.count(f) for f in FACES]
            table[ki, INDEX[tuple(sorted(keep + rolled))]] += _multinomial(counts) / 6**free
    return table


TRANSITION = _build_transition()
"""``TRANSITION[k, m]``: probability that holding ``KEEPS[k]`` and re-rolling the rest ends on ``MULTISETS[m]``."""


def _build_subsets() -> np.ndarray:
    sub = np.zeros((len(MULTISETS), 2**DICE), dtype=np.int64)
    for mi, m in enumerate(MULTISETS):
        for mask in range(2**DICE):
            sub[mi, mask] = KEEP_INDEX[tuple(m[i] for i in range(DICE) if mask >> i & 1)]
    return sub


SUBSETS = _build_subsets()
"""``SUBSETS[m, mask]``: the hold (index into ``KEEPS``) of keeping the dice of bit ``mask`` of sorted ``m``."""

SCORES = np.array([[category_score(m, c, f or None)[0] for m in MULTISETS] for c, f in OPTIONS], dtype=float)
PENALTIES = np.array([[category_score(m, c, f or None)[1] for m in MULTISETS] for c, f in OPTIONS], dtype=np.int64)


# ----- one turn by backward induction -------------------------------------------------------------------
def backward(utility: np.ndarray, rerolls: int = ROLLS - 1) -> list[np.ndarray]:
    """``[V0, V1, …]``: ``V_r[m]`` = best expected utility holding outcome ``m`` with ``r`` re-rolls left.

    ``V_0 = utility``; ``V_r[m] = max over holds k ⊆ m of E[V_{r-1}]`` after
    re-rolling the rest (holding all five = stopping, worth ``V_{r-1}[m] ≥ utility[m]``).
    """
    values = [np.asarray(utility, dtype=float)]
    for _ in range(rerolls):
        expected = TRANSITION @ values[-1]
        values.append(expected[SUBSETS].max(axis=1))
    return values


def first_roll_value(values: Sequence[np.ndarray]) -> float:
    """Expected value of a fresh turn (5 dice rolled, then ``len(values) - 1`` re-rolls)."""
    return float(TRANSITION[KEEP_INDEX[()]] @ values[-1])


def outcome_distribution(utility: np.ndarray, rerolls: int = ROLLS - 1) -> np.ndarray:
    """Probability of each final outcome when a turn maximises ``utility`` (ties: stop)."""
    values = backward(utility, rerolls)
    dist = TRANSITION[KEEP_INDEX[()]].copy()
    for r in range(rerolls, 0, -1):
        expected = TRANSITION @ values[r - 1]
        nxt = np.zeros(len(MULTISETS))
        for mi, p in enumerate(dist):
            if p == 0:
                continue
            holds = expected[SUBSETS[mi]]
            best = int(np.argmax(holds))
            if holds[best] > values[r - 1][mi] + 1e-12:
                nxt += p * TRANSITION[SUBSETS[mi, best]]
            else:
                nxt[mi] += p
        dist = nxt
    return dist


@dataclass(frozen=True)
class Reference:
    """How a category does when a whole turn chases it alone (the value model's unit)."""

    category: str
    mean_score: float
    mean_penalty: float
    penalty_dist: tuple[float, ...]


def _reference(category: str) -> Reference:
    rows = [k for k, (c, _) in enumerate(OPTIONS) if c == category]
    net = (SCORES[rows] - PENALTIES[rows]).max(axis=0)
    dist = outcome_distribution(net)
    score = np.zeros(len(MULTISETS))
    penalty = np.zeros(len(MULTISETS), dtype=np.int64)
    for mi in range(len(MULTISETS)):
        best = max(rows, key=lambda k: SCORES[k, mi] - PENALTIES[k, mi])
        score[mi], penalty[mi] = SCORES[best, mi], PENALTIES[best, mi]
    pdist = np.zeros(31)
    np.add.at(pdist, penalty, dist)
    return Reference(category, float(dist @ score), float(dist @ penalty), tuple(float(x) for x in pdist))


REFERENCE: dict[str, Reference] = {c: _reference(c) for c in CATEGORIES}


@lru_cache(maxsize=512)
def future_penalty_survival(open_categories: frozenset[str]) -> np.ndarray:
    """``S[y] = Pr(future penalty ≥ y)`` for y = 0 … MAX_PENALTY+1 (independent reference penalties)."""
    dist = np.array([1.0])
    for c in sorted(open_categories):
        dist = np.convolve(dist, REFERENCE[c].penalty_dist)
    full = np.zeros(MAX_PENALTY + 2)
    full[: len(dist)] = dist
    return full[::-1].cumsum()[::-1]


Entries = tuple[tuple[int, int] | None, ...]


def normalise(entries: Iterable[tuple[int, int] | None]) -> Entries:
    rows = tuple(None if e is None else (int(e[0]), int(e[1])) for e in entries)
    return rows + (None,) * (len(CATEGORIES) - len(rows))


@lru_cache(maxsize=1024)
def option_values(entries: Entries) -> np.ndarray:
    """``W[o, m]``: projected final score of writing outcome ``m`` as option ``o`` now (-inf if used)."""
    entries = normalise(entries)
    filled = [e for e in entries if e is not None]
    open_cats = [c for c, e in zip(CATEGORIES, entries) if e is None]
    base_pen = sum(p for _, p in filled)
    out = np.full((len(OPTIONS), len(MULTISETS)), -np.inf)
    for cat in open_cats:
        rows = [k for k, (c, _) in enumerate(OPTIONS) if c == cat]
        rest = frozenset(open_cats) - {cat}
        survival = future_penalty_survival(rest)
        fixed = [s for s, _ in filled] + [REFERENCE[c].mean_score for c in rest]
        n = len(rows)
        scores = np.empty((n, len(MULTISETS), len(CATEGORIES)))
        scores[:, :, : len(fixed)] = fixed
        scores[:, :, len(fixed)] = SCORES[rows]
        ordered = -np.sort(-scores, axis=2)
        need = THRESHOLDS[None, None, :] - base_pen - PENALTIES[rows][:, :, None]  # future penalty needed per band
        prob = survival[np.clip(need, 0, MAX_PENALTY + 1)]
        out[rows] = scores.sum(axis=2) - (prob * ordered).sum(axis=2)
    return out


@lru_cache(maxsize=1024)
def turn_values(entries: Entries) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """(best option per outcome, value of writing down now, [V0, V1, V2]) for a sheet."""
    w = option_values(entries)
    best = w.argmax(axis=0)
    now = w.max(axis=0)
    return best, now, backward(now)


@dataclass(frozen=True)
class HoldValue:
    """One way to hold dice: the held die indices, the re-rolled ones, and its value."""

    held: tuple[int, ...]
    rerolled: tuple[int, ...]
    value: float
    """Expected projected final score (holding everything = writing the dice down now)."""


@dataclass(frozen=True)
class CategoryValue:
    category: str
    face: int
    score: int
    penalty: int
    value: float


@dataclass(frozen=True)
class Advice:
    holds: tuple[HoldValue, ...]
    """All 32 ways to hold (by die index), best first; equal holds of equal values keep index order."""
    categories: tuple[CategoryValue, ...]
    """Every open option (category, face), best first."""
    best: tuple[str, object]
    """("reroll", die indices) or ("score", (category, face))."""
    now: float
    """Value of writing the dice down now (the best category)."""


def advise(entries: Iterable[tuple[int, int] | None], dice: Sequence[int], rerolls_left: int) -> Advice:
    """The hint for a seat's sheet, the five dice in hand and the re-rolls left."""
    entries = normalise(entries)
    dice = tuple(int(d) for d in dice)
    mi = INDEX[tuple(sorted(dice))]
    w = option_values(entries)
    _, now_all, values = turn_values(entries)
    cats = []
    for o, (c, f) in enumerate(OPTIONS):
        if np.isfinite(w[o, mi]):
            cats.append(CategoryValue(c, f, int(SCORES[o, mi]), int(PENALTIES[o, mi]), float(w[o, mi])))
    cats.sort(key=lambda v: -v.value)
    now = float(now_all[mi])
    holds = []
    expected = hold_expectations(entries)[rerolls_left - 1] if rerolls_left > 0 else None
    for mask in range(2**DICE - 1, -1, -1):
        held = tuple(i for i in range(DICE) if mask >> i & 1)
        rerolled = tuple(i for i in range(DICE) if not mask >> i & 1)
        if not rerolled:
            value = now
        elif expected is None:
            continue
        else:
            value = float(expected[KEEP_INDEX[tuple(sorted(dice[i] for i in held))]])
        holds.append(HoldValue(held, rerolled, value))
    holds.sort(key=lambda h: -h.value)
    top = holds[0]
    if top.rerolled and top.value > now + 1e-9:
        best: tuple[str, object] = ("reroll", top.rerolled)
    else:
        best = ("score", (cats[0].category, cats[0].face))
    return Advice(tuple(holds), tuple(cats), best, now)


def decide(entries: Iterable[tuple[int, int] | None], dice: Sequence[int], rerolls_left: int) -> tuple[str, object]:
    """The hint bot's move (same as ``advise(...).best``, without building the whole table)."""
    entries = normalise(entries)
    dice = tuple(int(d) for d in dice)
    mi = INDEX[tuple(sorted(dice))]
    best, now, values = turn_values(entries)
    if rerolls_left > 0:
        expected = hold_expectations(entries)[rerolls_left - 1]
        holds = expected[SUBSETS[mi, :-1]]  # every hold but "all five"
        k = int(np.argmax(holds))
        if holds[k] > now[mi] + 1e-9:
            kept = list(KEEPS[SUBSETS[mi, k]])
            rerolled = []
            for i, d in enumerate(dice):
                if d in kept:
                    kept.remove(d)
                else:
                    rerolled.append(i)
            return "reroll", tuple(rerolled)
    c, f = OPTIONS[int(best[mi])]
    return "score", (c, f)


@lru_cache(maxsize=1024)
def hold_expectations(entries: Entries) -> tuple[np.ndarray, ...]:
    """``E[r][k]``: expected value of hold ``KEEPS[k]`` with ``r + 1`` re-rolls left (this one included)."""
    return tuple(TRANSITION @ v for v in turn_values(entries)[2][:-1])


def greedy_option(dice: Sequence[int], open_categories: Iterable[str]) -> tuple[str, int]:
    """The greedy baseline: the open option with the largest score − penalty now (first on the sheet on ties)."""
    best, best_net = None, None
    for c in CATEGORIES:
        if c not in open_categories:
            continue
        for f in (FACES if c == "kind" else (None,)):
            s, p = category_score(dice, c, f)
            if best_net is None or s - p > best_net:
                best, best_net = (c, f or 0), s - p
    if best is None:
        raise ValueError("no open category")
    return best


def clear_caches() -> None:
    option_values.cache_clear()
    turn_values.cache_clear()
    hold_expectations.cache_clear()


__all__ = [
    "Advice",
    "CategoryValue",
    "HoldValue",
    "KEEPS",
    "MULTISETS",
    "OPTIONS",
    "REFERENCE",
    "TRANSITION",
    "advise",
    "backward",
    "decide",
    "greedy_option",
    "option_values",
    "turn_values",
]
