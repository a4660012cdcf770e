"""宝探し Treasure Hunt: the exact solver and the cost of a hint.

Prints, with the targets of the brief:

- the full solve (every decision state before a roll): seconds (best of 3)
  and state count (target <= 2 s), and the optimal win probability of a new game;
- loading the shipped stage values (what the first hint of a page costs);
- hint latency over the states of seeded best-play games: a cached value
  lookup (``action_values`` once the trip's block is in memory; target p95
  <= 10 ms), the whole hint from a cold block cache (a new trip's block is
  solved on first use; target p95 <= 50 ms), and the page's whole redraw
  with the hint on (``GameApp.refresh``).

Run: ``python -m benchmarks.treasure_hunt`` (or ``make bench`` for all figures).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import numpy as np

from benchmarks._automatic import automatic_moves
from rulebook.core import CHANCE, Match
from rulebook.games.treasure_hunt import GAME
from rulebook.games.treasure_hunt import solver
from rulebook.games.treasure_hunt.model import RULES


FIRST_HINT = """
import time
from widgets import GameApp
app = GameApp("treasure_hunt", lang="en", seed=1)
t0 = time.perf_counter()
app.hint_toggle.value = True
print((time.perf_counter() - t0) * 1000)
"""


def ms(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values) * 1000, q))


def game_states(games: int) -> list[list]:
    """Decision states of seeded best-play games, game by game."""
    out = []
    for seed in range(games):
        match = Match.new(GAME, seed=seed, seats=["optimal"])
        automatic_moves(match)
        out.append([s for s in match.states if GAME.current_player(s) not in (CHANCE,) and s.phase != "over"])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--solves", type=int, default=3)
    args = parser.parse_args([] if argv is None else argv)  # the runner (python -m benchmarks) passes none

    solver.tables_for(RULES)  # index tables: built once per process, timed separately
    start = time.perf_counter()
    solver.Tables(RULES)
    tables_s = time.perf_counter() - start
    times = []
    for _ in range(args.solves):
        values, facts = solver.solve(RULES)
        times.append(facts["seconds"])
    print(
        f"treasure_hunt solver: full solve of {facts['states']:,} decision states (x 21 rolls each) "
        f"in {min(times):.2f} s (best of {args.solves}; all: {', '.join(f'{t:.2f}' for t in times)}; "
        f"index tables {tables_s:.2f} s once) (target <= 2 s)"
    )
    print(f"treasure_hunt solver: optimal win probability of a new game = {values[0, 0]:.6f} ({values[0, 0] * 100:.2f}%)")
    start = time.perf_counter()
    shipped = solver.shipped_values(RULES)
    load_s = time.perf_counter() - start
    print(
        f"treasure_hunt solver: shipped values (2,528 stage values, data/values.json) load and verify in {load_s * 1000:.1f} ms; "
        f"equal to the fresh solve: {bool(np.array_equal(shipped, values))}"
    )

    states = game_states(args.games)
    count = sum(len(g) for g in states)
    cold, warm, blocks = [], [], []
    for game in states:
        advice = solver.Advice(RULES, shipped)  # an empty block cache, as a new page has
        for state in game:
            before = advice.block_solves
            t0 = time.perf_counter()
            advice.action_values(state)
            t1 = time.perf_counter()
            advice.action_values(state)
            t2 = time.perf_counter()
            cold.append(t1 - t0)
            warm.append(t2 - t1)
            if advice.block_solves > before:
                blocks.append(t1 - t0)
    print(
        f"treasure_hunt hint: cached value lookup (action_values, block in memory) over {count:,} states of {args.games} best-play games: "
        f"p50 {ms(warm, 50):.2f} ms, p95 {ms(warm, 95):.2f} ms, max {max(warm) * 1000:.2f} ms (target p95 <= 10 ms)"
    )
    print(
        f"treasure_hunt hint: whole hint from a cold block cache: p50 {ms(cold, 50):.2f} ms, p95 {ms(cold, 95):.2f} ms, "
        f"max {max(cold) * 1000:.2f} ms (target p95 <= 50 ms); {len(blocks)} of them solved a new trip's block "
        f"(p50 {ms(blocks, 50):.1f} ms, max {max(blocks) * 1000:.1f} ms)"
    )

    first = subprocess.run([sys.executable, "-c", FIRST_HINT], capture_output=True, text=True, check=True).stdout.split()
    print(
        f"treasure_hunt page: the first hint of a new page (fresh process: index tables, shipped values, the trip's block, "
        f"whole redraw) {float(first[0]):.0f} ms; nothing of it is built until a hint or the optimal bot asks"
    )

    from widgets import GameApp

    app = GameApp("treasure_hunt", lang="en", seed=1)
    app.hint_toggle.value = True
    redraws = []
    for _ in range(300):
        if app.match.is_over():
            app.start(seed=len(redraws))
        best = [c for c in app.actions.children if "rb-best" in getattr(c, "_dom_classes", ())]
        t0 = time.perf_counter()
        best[0].click()  # the move, the bots/dice after it, and the whole redraw with the hint
        redraws.append(time.perf_counter() - t0)
    print(
        f"treasure_hunt page: a click with the hint on (move + whole redraw, GameApp in-process, no browser) over {len(redraws)} clicks: "
        f"p50 {ms(redraws, 50):.1f} ms, p95 {ms(redraws, 95):.1f} ms"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
