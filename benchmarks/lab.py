"""The designer's lab on Dask: scaling with workers, and the scheduler's cost per game.

Prints:

- **CPU-bound bot games** (Dice of Tower, two search bots with a fixed
  number of sampled worlds per decision): games/s on a LocalCluster of one
  worker and of two (target: two ≥ 1.7× one on a 2-core machine — a
  figure only meaningful on an otherwise idle machine);
- **fast games** (Dice of Tower, random bots, ~7 ms each): games/s of the
  plain loop in this process and of the same games sent in batches to a
  one-worker LocalCluster, and the scheduler's overhead per game (target:
  batched Dask ≥ 80 % of the plain loop).

Cluster start-up is not timed (a warm-up run goes first): the figures are
what a long simulation sees.

Run: ``python -m benchmarks.lab [--cpu-games N] [--fast-games N] [--iterations K]``.
"""

from __future__ import annotations

import argparse
import time

from rulebook.lab import make_spec
from rulebook.lab.runner import local_client, simulate

SEED = 2026
SCALE_TARGET = 1.7
OVERHEAD_TARGET = 0.8


def timed(spec, **where) -> float:
    """Games per second of ``spec`` run as told by ``where``."""
    start = time.perf_counter()
    result = simulate(spec, **where)
    elapsed = time.perf_counter() - start
    assert len(result.frame) == spec.games and not result.cancelled
    return spec.games / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-games", type=int, default=40, help="search-bot games per worker count")
    parser.add_argument("--fast-games", type=int, default=3000, help="random-bot games per line")
    parser.add_argument("--iterations", type=int, default=24, help="sampled worlds per search decision")
    args = parser.parse_args([] if argv is None else argv)

    cpu = make_spec("dice_of_tower", args.cpu_games, "search,search", seed=SEED, iterations=args.iterations)
    warm = make_spec("dice_of_tower", 4, "search,search", seed=SEED, iterations=args.iterations)
    print(f"CPU-bound: Dice of Tower, search vs search ({args.iterations} worlds a decision), {args.cpu_games} games per line:")
    rates = {}
    for n in (1, 2):
        with local_client(n) as client:
            simulate(warm, client=client)
            rates[n] = timed(cpu, client=client)
        print(f"  {n} worker{'s' if n > 1 else ' '}: {rates[n]:6.2f} games/s")
    ratio = rates[2] / rates[1]
    print(f"  two workers / one: ×{ratio:.2f}  target ≥ ×{SCALE_TARGET}  {'ok' if ratio >= SCALE_TARGET else 'MISSED'}")

    fast = make_spec("dice_of_tower", args.fast_games, "random,random", seed=SEED)
    print(f"\nFast games: Dice of Tower, random bots, {args.fast_games} games per line:")
    simulate(make_spec("dice_of_tower", 50, "random,random", seed=SEED), workers=0)
    plain = timed(fast, workers=0)
    print(f"  plain loop (this process):        {plain:8.1f} games/s  ({1000 / plain:.2f} ms/game)")
    with local_client(1) as client:
        simulate(make_spec("dice_of_tower", 50, "random,random", seed=SEED), client=client)
        batched = timed(fast, client=client)
        single = timed(make_spec("dice_of_tower", min(300, args.fast_games), "random,random", seed=SEED), client=client, batch=1)
    share = batched / plain
    print(f"  Dask, 1 worker, batched:          {batched:8.1f} games/s  ({share:.0%} of the plain loop)  target ≥ {OVERHEAD_TARGET:.0%}  {'ok' if share >= OVERHEAD_TARGET else 'MISSED'}")
    print(f"  scheduler overhead per game, batched: {max(0.0, 1000 / batched - 1000 / plain):.3f} ms")
    print(f"  Dask, 1 worker, one game a task:  {single:8.1f} games/s  ({single / plain:.0%}; why the lab batches)")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
