"""Exact play for Pig alone: the fewest expected turns to reach the goal (rules section ``bots``).

Alone, Pig's score is the number of turns, so the best play minimises the
expected number of turns still to come. With ``E[s]`` that expectation at
the start of a turn with ``s`` banked, and ``V(s, t)`` in the middle of a
turn with ``t`` points at stake (a turn counts once it ends, by a hold, a
1 or the goal)::

    V(s, t) = 1                                   if s + t >= goal (the goal is reached at once)
    V(s, t) = min(1 + E[s + t]            (hold, t > 0),
                  (1 + E[s]) / 6 + sum_{p=2..6} V(s, t + p) / 6   (roll))
    E[s]    = V(s, 0)

``E[s]`` appears on its own right-hand side (a 1 starts the turn again from
``s``), so for each ``s`` (from the goal down) it is the fixed point of a
piecewise linear, increasing map with slope below 1: the secant step finds
it in a few passes. Everything is exact up to float rounding; a table for
the goal of 100 takes well under a second and is cached.
"""

from __future__ import annotations

from functools import lru_cache

FACES = 6
BUST = 1


def _turn_values(goal: int, s: int, e_s: float, future: list[float]) -> tuple[list[float], list[bool]]:
    """``V(s, t)`` for t = 0 .. goal - s - 1 given ``E[s] = e_s``, and whether holding is best at each t."""
    top = goal - s
    values = [0.0] * (top + FACES)
    hold_best = [False] * top
    for t in range(top + FACES - 1, -1, -1):
        if t >= top:
            values[t] = 1.0
            continue
        roll = (1 + e_s) / FACES + sum(values[t + p] for p in range(2, FACES + 1)) / FACES
        hold = 1 + future[s + t] if t > 0 else float("inf")
        hold_best[t] = hold < roll
        values[t] = min(roll, hold)
    return values[:top], hold_best


@lru_cache(maxsize=4)
def solo_table(goal: int) -> tuple[tuple[float, ...], tuple[tuple[bool, ...], ...]]:
    """``E[s]`` for s = 0 .. goal (``E[goal] = 0``) and, per ``s``, whether to hold at each turn total."""
    expected = [0.0] * (2 * goal + FACES)
    policy: list[tuple[bool, ...]] = [()] * goal
    for s in range(goal - 1, -1, -1):
        x0, x1 = 0.0, 1.0
        f0 = _turn_values(goal, s, x0, expected)[0][0] - x0
        for _ in range(60):
            f1 = _turn_values(goal, s, x1, expected)[0][0] - x1
            if abs(f1) < 1e-12 or f1 == f0:
                break
            x0, x1, f0 = x1, x1 - f1 * (x1 - x0) / (f1 - f0), f1
        expected[s] = x1
        policy[s] = tuple(_turn_values(goal, s, x1, expected)[1])
    return tuple(expected[: goal + 1]), tuple(policy)


def expected_turns(goal: int, banked: int, turn_total: int) -> dict[str, float]:
    """Expected turns still to come (this one included) if you roll, and if you hold (when you may)."""
    expected, _ = solo_table(goal)
    if banked + turn_total >= goal:
        return {"roll": 1.0}
    future = list(expected) + [0.0] * (goal + FACES)
    values, _ = _turn_values(goal, banked, expected[banked], future)
    top = goal - banked
    at = lambda t: 1.0 if t >= top else values[t]  # noqa: E731 - a local reading of the table
    out = {"roll": (1 + expected[banked]) / FACES + sum(at(turn_total + p) for p in range(2, FACES + 1)) / FACES}
    if turn_total > 0:
        out["hold"] = 1 + expected[banked + turn_total]
    return out


def should_hold(goal: int, banked: int, turn_total: int) -> bool:
    """The exact solo choice: hold when that leaves fewer expected turns than rolling."""
    if turn_total <= 0 or banked + turn_total >= goal:
        return False
    _, policy = solo_table(goal)
    return policy[banked][turn_total]


__all__ = ["expected_turns", "should_hold", "solo_table"]
