"""Kokkuri-san: playout speed, bot decision times, win rates (issue 12 D).

Prints:

- **random playouts**: whole games of uniformly random legal moves with
  ``next_state`` directly, chance drawn with numpy by its probabilities —
  games per second for 3 and 4 seats (our own target ≥ 100);
- **decision time** of the search bot at the page's budget (0.2 s, at most
  300 sampled worlds) and of the rule-based bot: p50 / p95 / max over the
  decisions of seeded games (target p95 ≤ 300 ms); moves with a single
  legal choice are left out;
- **win share** (1 for a sole winner, 1/k for k co-winners; fair = 1/n):
  the rule-based bot against random bots, and the search bot (fixed worlds,
  no clock, for reproducibility) against rule-based bots, its seat rotating.

Run: ``python -m benchmarks.kokkuri_san [--games N] [--decisions N]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from benchmarks._automatic import automatic_moves
from benchmarks._common import decision_times, random_playouts
from rulebook.core import Match
from rulebook.games.kokkuri_san import KOKKURI_SAN as GAME
from rulebook.games.kokkuri_san.bots import SEARCH_BUDGET, SEARCH_ITERATIONS, RulesBot, make_search_bot

PLAYOUT_TARGET = 100
P95_TARGET_MS = 300.0
SEED = 2026


def win_share(kind: str, opponent: str, players: int, games: int) -> tuple[float, float]:
    share = 0.0
    start = time.perf_counter()
    for g in range(games):
        seat = g % players
        seats = [opponent] * players
        seats[seat] = kind
        match = Match.new(GAME, {"players": players}, seed=SEED * 7 + g, seats=seats)
        if kind == "search":
            match._bots[seat] = make_search_bot(GAME, budget=None, iterations=SEARCH_ITERATIONS)
        automatic_moves(match)
        outcome = GAME.outcome(match.state)
        if seat in outcome.winners:
            share += 1 / len(outcome.winners)
    return share / games, time.perf_counter() - start


def _ms(times: list[float], q: float) -> float:
    return float(np.quantile(np.array(times), q) * 1000)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per win-share line (default 100)")
    parser.add_argument("--decisions", type=int, default=200, help="timed decisions per bot (default 200)")
    args = parser.parse_args([] if argv is None else argv)

    print("Random playouts (uniform legal moves, next_state directly, numpy chance):")
    for players in (3, 4):
        rate, moves = random_playouts(GAME, {"players": players}, seed=[SEED, players])
        ok = "ok" if rate >= PLAYOUT_TARGET else "MISSED"
        print(f"  {players} seats: {rate:8,.0f} games/s ({moves:.0f} moves/game)  target ≥ {PLAYOUT_TARGET}  {ok}")

    print(f"\nDecision time (4 seats, among rule-based bots; search budget {SEARCH_BUDGET * 1000:.0f} ms, ≤ {SEARCH_ITERATIONS} worlds):")
    for kind in ("search", "rules"):
        times = decision_times(GAME, {"players": 4}, make_search_bot if kind == "search" else RulesBot, "rules", args.decisions, SEED)
        p95 = _ms(times, 0.95)
        ok = "ok" if p95 <= P95_TARGET_MS else "MISSED"
        print(f"  {kind:6s}: p50 {_ms(times, 0.5):6.1f} ms  p95 {p95:6.1f} ms  max {max(times) * 1000:6.1f} ms  ({len(times)} decisions)  target p95 ≤ {P95_TARGET_MS:.0f} ms  {ok}")

    print(f"\nWin share ({args.games} games each, seat rotating; fair = 1/n):")
    for kind, opponent, players in (("rules", "random", 4), ("rules", "random", 3), ("search", "rules", 4), ("search", "rules", 3)):
        share, seconds = win_share(kind, opponent, players, args.games)
        fair = 1 / players
        print(f"  {kind:6s} vs {players - 1} {opponent:6s}: {share:.3f}  ({share / fair:.2f}× fair {fair:.3f})  [{seconds:.0f} s]")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
