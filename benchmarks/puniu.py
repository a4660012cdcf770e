"""Puniu Dice: the hint bot against the greedy baseline, and the hint's latency.

Prints, from one run on seeded dice:

- 10,000 solo games of the **hint bot** and 10,000 of the **greedy baseline**
  (never re-rolls; best score − penalty now): mean, standard deviation,
  quartiles of the final score, and games per second (target for the greedy
  baseline: ≥ 1,000 games/s);
- the hint's latency (``advise``, every cache cleared before each call, so
  each one is computed from scratch as on a fresh page): p50 / p95 / max over
  seeded mid-game decisions (target p95 ≤ 50 ms).

The simulation loop plays the rules directly (five dice, up to two re-rolls,
one open category per turn, 8 turns) without going through ``Match``, but
scores with the engine's own ``category_score`` and ``final_score`` and
decides with the bots' own functions (``decide``, ``greedy_option``); a check
at the start replays a few games through ``Match`` and the engine and
compares the sheets.

Run: ``python -m benchmarks.puniu [--games N] [--hints N]``.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable

import numpy as np

from benchmarks._automatic import automatic_moves
from rulebook.core import CHANCE, Match
from rulebook.games.puniu import GAME, category_score, final_score
from rulebook.games.puniu.actions import Roll
from rulebook.games.puniu.hint import advise, clear_caches, decide, greedy_option
from rulebook.games.puniu.scoring import CATEGORIES

SEED = 2026
GREEDY_TARGET = 1_000  # games per second
HINT_P95_TARGET_MS = 50.0

Policy = Callable[[tuple, tuple, int], tuple[str, object]]


def hint_policy(entries: tuple, dice: tuple, rerolls_left: int) -> tuple[str, object]:
    return decide(entries, dice, rerolls_left)


def greedy_policy(entries: tuple, dice: tuple, rerolls_left: int) -> tuple[str, object]:
    return "score", greedy_option(dice, [c for c, e in zip(CATEGORIES, entries) if e is None])


def play_solo(policy: Policy, rng: np.random.Generator) -> tuple[int, tuple]:
    """One solo game by ``policy``; returns (final score, sheet)."""
    entries: list = [None] * len(CATEGORIES)
    for _ in range(len(CATEGORIES)):
        dice = [int(x) for x in rng.integers(1, 7, size=5)]
        rerolls = 2
        while True:
            kind, what = policy(tuple(entries), tuple(dice), rerolls)
            if kind == "reroll" and rerolls > 0:
                for k in what:  # type: ignore[union-attr]
                    dice[k] = int(rng.integers(1, 7))
                rerolls -= 1
                continue
            category, face = what  # type: ignore[misc]
            entries[CATEGORIES.index(category)] = category_score(dice, category, face or None)
            break
    return final_score(entries), tuple(entries)


def run(policy: Policy, games: int, seed: int) -> tuple[np.ndarray, float]:
    rng = np.random.default_rng([seed, games])
    finals = np.empty(games, dtype=np.int64)
    start = time.perf_counter()
    for g in range(games):
        finals[g], _ = play_solo(policy, rng)
    return finals, time.perf_counter() - start


def check_against_engine(games: int = 5) -> bool:
    """Replay the loop's dice through ``Match`` (table mode) and the engine: same sheets."""
    for g in range(games):
        for policy, bot in ((hint_policy, "hint"), (greedy_policy, "greedy")):
            rng = np.random.default_rng([SEED, 99, g])
            rolls: list[int] = []

            class Recorder:
                def integers(self, low, high, size=None):
                    out = rng.integers(low, high, size=size)
                    rolls.extend(int(x) for x in np.atleast_1d(out))
                    return out

            final, sheet = play_solo(policy, Recorder())  # type: ignore[arg-type]
            match = Match.new(GAME, seed=1, table=True, seats=[bot])
            feed = iter(rolls)
            while not match.is_over():
                if match.current_player == CHANCE:
                    match.play(Roll(match.state.dice.index(0), next(feed)))
                else:
                    automatic_moves(match)
            if match.state.sheets[0].entries != sheet or match.state.result.scores[0] != final:
                return False
    return True


def hint_latency(count: int, seed: int) -> list[float]:
    """Seconds per ``advise`` on seeded mid-game decisions, caches cleared each time."""
    rng = np.random.default_rng([seed, 7])
    times = []
    for _ in range(count):
        filled = int(rng.integers(0, 8))
        order = rng.permutation(len(CATEGORIES))[:filled]
        entries: list = [None] * len(CATEGORIES)
        for k in order:
            dice = [int(x) for x in rng.integers(1, 7, size=5)]
            category = CATEGORIES[k]
            entries[k] = category_score(dice, category, int(rng.integers(1, 7)) if category == "kind" else None)
        dice = tuple(int(x) for x in rng.integers(1, 7, size=5))
        rerolls = int(rng.integers(0, 3))
        clear_caches()
        start = time.perf_counter()
        advise(tuple(entries), dice, rerolls)
        times.append(time.perf_counter() - start)
    return times


def describe(name: str, finals: np.ndarray, seconds: float) -> str:
    q1, median, q3 = np.percentile(finals, [25, 50, 75])
    return (
        f"{name:<15} mean {finals.mean():6.2f} · sd {finals.std():5.2f} · "
        f"quartiles {q1:.0f}/{median:.0f}/{q3:.0f} · min {finals.min()} max {finals.max()} · "
        f"zero finals {np.mean(finals == 0):5.1%} · {len(finals) / seconds:8.0f} games/s"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hints", type=int, default=300)
    args = parser.parse_args(argv if argv is not None else [])
    print(f"simulation loop agrees with Match + engine on replayed games: {check_against_engine()}")
    greedy, greedy_s = run(greedy_policy, args.games, SEED)
    clear_caches()
    hint, hint_s = run(hint_policy, args.games, SEED)
    print(f"{args.games:,} solo games each, seeded dice (seed {SEED}):")
    print(describe("hint bot", hint, hint_s))
    print(describe("greedy baseline", greedy, greedy_s))
    print(f"hint bot − greedy: {hint.mean() - greedy.mean():+.2f} points a game on average")
    rate = args.games / greedy_s
    print(f"greedy baseline speed {rate:,.0f} games/s (target ≥ {GREEDY_TARGET:,}): {'ok' if rate >= GREEDY_TARGET else 'MISSED'}")
    times = np.array(hint_latency(args.hints, SEED)) * 1000
    p50, p95 = np.percentile(times, [50, 95])
    print(
        f"hint latency (advise, cold caches, {args.hints} seeded decisions): p50 {p50:.1f} ms · p95 {p95:.1f} ms · "
        f"max {times.max():.1f} ms (target p95 ≤ {HINT_P95_TARGET_MS:.0f} ms): {'ok' if p95 <= HINT_P95_TARGET_MS else 'MISSED'}"
    )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
