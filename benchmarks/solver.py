"""Chiritsumo solver: ``best_arrangement`` over 1,000 seeded rolls.

Prints p50 / p95 / max time per roll (targets: p95 <= 20 ms, max <= 100 ms
on the 2-core machine), then runs the plain memo-less exhaustive search on
the first 50 of the same rolls in the same run: every total must agree, and
the speed ratio is printed. The rolls are the game's own: ten dice of the
starting mix (1 clear, 3 yellow, 3 red, 3 blue), pips from a seeded
generator. A second line covers every other mix a game can reach.

Run: ``python -m benchmarks.solver`` (or ``make bench`` for all figures).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from rulebook.games.chiritsumo.expected import all_mixes
from rulebook.games.chiritsumo.solver import best_arrangement, exhaustive_best, pattern_table

SEED = 2026
START_MIX = (1, 3, 3, 3)


def rolls(mix: tuple[int, int, int, int], count: int, seed: int) -> list[list[tuple[str, int]]]:
    colours = ["clear"] * mix[0] + ["yellow"] * mix[1] + ["red"] * mix[2] + ["blue"] * mix[3]
    rng = np.random.default_rng([seed, *mix])
    return [list(zip(colours, (int(p) for p in rng.integers(1, 7, size=len(colours))))) for _ in range(count)]


def timed(fn, dice) -> tuple[float, int]:
    start = time.perf_counter()
    _, result = fn(dice)
    return time.perf_counter() - start, result.total


def percentile_ms(times: list[float], q: float) -> float:
    return float(np.percentile(np.array(times) * 1000, q))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=1000)
    parser.add_argument("--exhaustive", type=int, default=50)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    pattern_table()
    build = time.perf_counter() - start
    sample = rolls(START_MIX, args.rolls, SEED)
    fast = [timed(best_arrangement, dice) for dice in sample]
    times = [t for t, _ in fast]
    print(f"chiritsumo solver: pattern table built once in {build * 1000:.0f} ms (48,739 legal pip patterns)")
    print(
        f"chiritsumo solver: best_arrangement over {len(sample)} rolls of the starting dice: "
        f"p50 {percentile_ms(times, 50):.1f} ms, p95 {percentile_ms(times, 95):.1f} ms, max {max(times) * 1000:.1f} ms "
        f"(targets: p95 <= 20 ms, max <= 100 ms)"
    )

    other = [dice for mix in all_mixes() if mix != START_MIX for dice in rolls(mix, 20, SEED)]
    other_times = [timed(best_arrangement, dice)[0] for dice in other]
    print(
        f"chiritsumo solver: {len(other)} rolls over the other {len(all_mixes()) - 1} dice mixes a game can reach: "
        f"p50 {percentile_ms(other_times, 50):.1f} ms, p95 {percentile_ms(other_times, 95):.1f} ms, max {max(other_times) * 1000:.1f} ms"
    )

    n = min(args.exhaustive, len(sample))
    slow_times, agree = [], 0
    for dice, (fast_time, fast_total) in zip(sample[:n], fast[:n]):
        slow_time, slow_total = timed(exhaustive_best, dice)
        slow_times.append(slow_time)
        agree += slow_total == fast_total
    fast_mean = sum(times[:n]) / n
    slow_mean = sum(slow_times) / n
    print(
        f"chiritsumo solver: exhaustive search on the first {n} rolls: {agree}/{n} totals agree; "
        f"mean {slow_mean * 1000:.0f} ms vs {fast_mean * 1000:.1f} ms per roll — {slow_mean / fast_mean:.0f}x faster"
    )
    if agree != n:
        raise SystemExit("chiritsumo solver: DISAGREEMENT with the exhaustive search")


if __name__ == "__main__":
    main()
