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

The batched line is also given in CPU time (all processes of the run),
which a busy machine does not distort the way it distorts wall time.

Run: ``python -m benchmarks.lab [--cpu-games N] [--fast-games N] [--iterations K] [--skip-cpu-bound]``.
"""

from __future__ import annotations

import argparse
import time

from rulebook.lab import make_spec
from rulebook.lab.runner import local_client, simulate

SEED = 2026
SCALE_TARGET = 1.7
OVERHEAD_TARGET = 0.8


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and its children (a LocalCluster's workers), live ones included."""
    import psutil  # comes with distributed

    me = psutil.Process()
    total = sum(me.cpu_times()[:2])
    for child in me.children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.Error:
            pass
    return total


def timed(spec, cpu: list[float] | None = None, **where) -> float:
    """Games per second of ``spec`` run as told by ``where``; appends CPU ms per game to ``cpu`` if given."""
    start, start_cpu = time.perf_counter(), cpu_seconds()
    result = simulate(spec, **where)
    elapsed = time.perf_counter() - start
    if cpu is not None:
        cpu.append(1000 * (cpu_seconds() - start_cpu) / spec.games)
    assert len(result.frame) == spec.games and not result.cancelled
    return spec.games / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-games", type=int, default=40, help="search-bot games per worker count")
    parser.add_argument("--fast-games", type=int, default=3000, help="random-bot games per line")
    parser.add_argument("--iterations", type=int, default=24, help="sampled worlds per search decision")
    parser.add_argument("--skip-cpu-bound", action="store_true", help="only the fast-games lines")
    args = parser.parse_args([] if argv is None else argv)
    if not args.skip_cpu_bound:
        scaling(args)
    overhead(args)


def scaling(args: argparse.Namespace) -> None:
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



def overhead(args: argparse.Namespace) -> None:
    fast = make_spec("dice_of_tower", args.fast_games, "random,random", seed=SEED)
    print(f"\nFast games: Dice of Tower, random bots, {args.fast_games} games per line:")
    simulate(make_spec("dice_of_tower", 50, "random,random", seed=SEED), workers=0)
    plain_cpu: list[float] = []
    dask_cpu: list[float] = []
    plain = timed(fast, plain_cpu, workers=0)
    print(f"  plain loop (this process):        {plain:8.1f} games/s  ({1000 / plain:.2f} ms/game; CPU {plain_cpu[0]:.2f} ms/game)")
    with local_client(1) as client:
        simulate(make_spec("dice_of_tower", 50, "random,random", seed=SEED), client=client)
        batched = timed(fast, dask_cpu, client=client)
        single = timed(make_spec("dice_of_tower", min(300, args.fast_games), "random,random", seed=SEED), client=client, batch=1)
    share = batched / plain
    print(f"  Dask, 1 worker, batched:          {batched:8.1f} games/s  ({share:.0%} of the plain loop)  target ≥ {OVERHEAD_TARGET:.0%}  {'ok' if share >= OVERHEAD_TARGET else 'MISSED'}")
    print(f"  scheduler overhead per game, batched: {max(0.0, 1000 / batched - 1000 / plain):.3f} ms wall")
    cpu_share = plain_cpu[0] / dask_cpu[0] if dask_cpu[0] > 0 else 0.0
    print(f"  CPU per game, batched Dask (client + scheduler + worker): {dask_cpu[0]:.2f} ms against {plain_cpu[0]:.2f} ms plain:"
          f" the loop's speed would be {cpu_share:.0%} of the plain loop's on an idle core  target ≥ {OVERHEAD_TARGET:.0%}"
          f"  {'ok' if cpu_share >= OVERHEAD_TARGET else 'MISSED'}  (load-independent: CPU time, not wall time)")
    print(f"  Dask, 1 worker, one game a task:  {single:8.1f} games/s  ({single / plain:.0%}; why the lab batches)")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
