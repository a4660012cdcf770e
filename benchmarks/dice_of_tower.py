"""Dice of Tower: random games per second, bot decision times, and how the bots fare.

Prints, from one seeded run:

- random games per second for 2, 3 and 4 seats (digital, default collapse
  model) straight on the engine, with the mean number of bursts a game;
- decision time of the rule-based and the search bot (at its 120 ms budget)
  over seeded game positions: p50 / p95 / max (target p95 ≤ 300 ms);
- two-seat matches, each pairing played from both seats: search vs rules,
  rules vs random, search vs random, with default hands and with "shaky"
  hands (where weighing the collapse matters most).

Run: ``python -m benchmarks.dice_of_tower [--games N] [--matches N] [--decisions N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

from benchmarks._automatic import automatic_moves
from rulebook.core import CHANCE, TERMINAL, Match
from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower import collapse

SEED = 2026
P95_TARGET_MS = 300.0


def random_games(players: int, games: int, seed: int) -> tuple[float, float]:
    """(games per second, bursts per game) of uniformly random play."""
    rng = random.Random(seed)
    bursts = 0
    start = time.perf_counter()
    for _ in range(games):
        state = GAME.initial_state({"players": players})
        while True:
            player = GAME.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                bursts += str(action).startswith("burst")
            else:
                legal = GAME.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = GAME.next_state(state, action)
    return games / (time.perf_counter() - start), bursts / games


def decision_times(kind: str, count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Milliseconds per decision of a ``kind`` bot at positions with a real choice (2–4 seats): wall clock and CPU."""
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    times: list[float] = []
    cpu: list[float] = []
    while len(times) < count:
        players = rng.choice([2, 3, 4])
        state = GAME.initial_state({"players": players})
        bot = GAME.make_bot(kind)
        while GAME.current_player(state) != TERMINAL and len(times) < count:
            player = GAME.current_player(state)
            if player == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                legal = GAME.legal_actions(state)
                if len(legal) > 1 and rng.random() < 0.5:
                    t, c = time.perf_counter(), time.process_time()
                    action = bot.choose(GAME.observe(state, player), legal, np_rng)
                    times.append((time.perf_counter() - t) * 1000)
                    cpu.append((time.process_time() - c) * 1000)
                else:
                    action = legal[rng.randrange(len(legal))]
            state = GAME.apply(state, action)
    return np.array(times), np.array(cpu)


def duel(first: str, second: str, matches: int, options: dict, seed: int) -> tuple[float, float]:
    """Win share of ``first`` (ties count half) over ``matches`` games from each seat, and mean point margin."""
    share = margin = 0.0
    for k in range(matches):
        for swap in (False, True):
            seats = [second, first] if swap else [first, second]
            me = 1 if swap else 0
            match = Match.new(GAME, {"players": 2, **options}, seed=seed * 100_000 + k, seats=seats)
            automatic_moves(match)
            outcome = GAME.outcome(match.state)
            if me in outcome.winners:
                share += 1 / len(outcome.winners)
            margin += outcome.scores[me] - outcome.scores[1 - me]
    return share / (2 * matches), margin / (2 * matches)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=200)
    args = parser.parse_args(argv if argv is not None else [])
    for players in (2, 3, 4):
        rate, bursts = random_games(players, args.games, SEED + players)
        print(f"random games, {players} seats: {rate:8.0f} games/s · {bursts:.2f} bursts a game (default hands {tuple(collapse.DEFAULT)} ‰)")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall-clock figures grow with it; CPU time does not)")
    for kind in ("rules", "search"):
        times, cpu = decision_times(kind, args.decisions if kind == "search" else 5 * args.decisions, SEED)
        p50, p95 = np.percentile(times, [50, 95])
        verdict = "ok" if p95 <= P95_TARGET_MS else "MISSED"
        print(
            f"{kind} bot decision ({len(times)} positions, 2–4 seats): p50 {p50:.1f} ms · p95 {p95:.1f} ms · max {times.max():.1f} ms "
            f"(target p95 ≤ {P95_TARGET_MS:.0f} ms): {verdict} · CPU time p95 {np.percentile(cpu, 95):.1f} ms"
        )
    if args.matches <= 0:
        return
    shaky = dict(zip(("height_risk", "step_risk", "reroll_risk"), collapse.PRESETS["shaky"]))
    for label, options in (("default hands", {}), ("shaky hands", shaky)):
        for first, second in (("search", "rules"), ("rules", "random"), ("search", "random")):
            share, margin = duel(first, second, args.matches, options, SEED)
            print(f"{label}: {first} vs {second}, {2 * args.matches} games (both seats): {first} wins {share:.0%} · margin {margin:+.1f} points a game")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
