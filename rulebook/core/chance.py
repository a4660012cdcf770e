"""Drawing a chance outcome from a generator: numpy's own draw, without its lock-and-release.

Every chance node of a match, a search bot's playout and a lab game is
drawn as ``rng.choice(len(outcomes), p=probs / probs.sum())`` would draw
it, so a seed gives the same game everywhere. ``draw_index`` gives that
index bit for bit, but does the few arithmetic steps in Python.

Why not call ``Generator.choice``: with ``size=None`` it draws its uniform
number as a 0-d array, which takes numpy's array path and releases the
GIL around a one-element fill. A game draws thousands of times a second,
so any other thread of the process that wants the GIL (a Dask worker's
event loop, a kernel's heartbeat) is woken on every release and goes back
to sleep without getting it — measured in a lab worker: ~8,000 wake-ups a
second and the game thread 30–40 % slower than the same games in a plain
process. The Python steps below release nothing and take about half the
time of ``choice`` on its own.

What ``choice`` does, and this copies (numpy 2, ``Generator.choice`` with
``p`` and ``replace=True``): ``cdf = p.cumsum(); cdf /= cdf[-1];
u = self.random(); idx = cdf.searchsorted(u, side="right")``. A running
float sum, a division per entry and a right bisection are the same IEEE
operations in Python; the normalisation ``probs / probs.sum()`` stays in
numpy because its pairwise sum is not a running one. ``tests/rulebook/core/
test_chance.py`` checks the equality against ``choice`` itself.
"""

from __future__ import annotations

import bisect
import itertools
import math
from typing import Any, Sequence

import numpy as np

TOLERANCE = math.sqrt(np.finfo(np.float64).eps)
"""How far from 1 the normalised probabilities may sum (``choice``'s own tolerance)."""


def draw_index(weights: Sequence[float], rng: np.random.Generator) -> int:
    """The index ``rng.choice(len(weights), p=w / w.sum())`` draws, consuming the same one double from ``rng``.

    Raises ``ValueError`` where ``choice`` would: no weights, a negative or
    NaN weight, or weights that do not normalise (all zero, infinite).
    """
    probs = np.asarray(weights, dtype=float)
    if probs.ndim != 1 or probs.size == 0:
        raise ValueError("a chance node needs at least one outcome")
    with np.errstate(all="ignore"):
        p = (probs / probs.sum()).tolist()
    if any(not x >= 0 for x in p):  # also NaN
        raise ValueError("chance probabilities must be non-negative numbers")
    if abs(math.fsum(p) - 1.0) > TOLERANCE:
        raise ValueError("chance probabilities do not sum to 1")
    cdf = list(itertools.accumulate(p))
    last = cdf[-1]
    cdf = [c / last for c in cdf]
    return bisect.bisect_right(cdf, rng.random())


def draw_outcome(outcomes: Sequence[tuple[Any, float]], rng: np.random.Generator) -> Any:
    """The outcome of a chance node's ``(outcome, probability)`` list that ``rng`` draws (see ``draw_index``)."""
    return outcomes[draw_index([p for _, p in outcomes], rng)][0]
