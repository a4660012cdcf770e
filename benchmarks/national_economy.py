"""National Economy: playout speed, the rule-based bot's solo clear rates, optional search-bot figures.

Prints:

- **random full games**: uniformly random legal moves with ``next_state``
  directly, chance drawn by its odds (numpy) — ms per game and games per
  second, for 2, 3 and 4 players and both solo modes (target: ≤ 20 ms per
  4-player game);
- **rule-based bot**: its clear rate in solo rule 1 (nine rounds survived)
  and 案2 (100 points or more), with the mean score; its win share against
  random bots (2 and 4 seats);
- with ``--search N``: the search bot's decision time (p50 / p95 with the
  page budget; target p95 ≤ 500 ms) and its win share against rule-based bots
  over N games (target ≥ 1.5× fair over N ≥ 300); ``--iterations K`` plays
  those games with K sampled worlds per decision and no clock (faster and
  reproducible; the decision time is then that of K worlds).

Run: ``python -m benchmarks.national_economy [--seconds S] [--games N] [--search N] [--iterations K]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from benchmarks._automatic import automatic_moves
from benchmarks._common import random_playouts
from rulebook.core import Match
from rulebook.games.national_economy import ENGINE
from rulebook.games.national_economy.bots import SEARCH_BUDGET, make_search_bot

SEED = 2026
TARGET_MS = 20.0
P95_TARGET_MS = 500.0
SETUPS = (
    ("2 players", {"mode": "standard", "players": 2}),
    ("3 players", {"mode": "standard", "players": 3}),
    ("4 players", {"mode": "standard", "players": 4}),
    ("solo rule 1", {"mode": "solo1"}),
    ("solo rule 案2", {"mode": "solo2"}),
)


def bot_games(options, seats, games: int, seed: int) -> list:
    out = []
    for g in range(games):
        match = Match.new(ENGINE, options, seed=seed + g, seats=seats(g))
        automatic_moves(match)
        out.append((seats(g), ENGINE.outcome(match.state)))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of random games per set-up")
    parser.add_argument("--games", type=int, default=200, help="games per rule-based bot line")
    parser.add_argument("--search", type=int, default=0, help="games of the search bot against rule-based bots (0: skip)")
    parser.add_argument("--iterations", type=int, default=0, help="win-share games only: fixed worlds per decision, no clock (0: the page's budget)")
    args = parser.parse_args([] if argv is None else argv)

    print("Random full games (uniform legal moves, next_state directly):")
    for label, options in SETUPS:
        rate, moves = random_playouts(ENGINE, options, args.seconds, SEED)
        ms = 1000 / rate
        verdict = ("ok" if ms <= TARGET_MS else "MISSED") if options.get("players") == 4 else ""
        target = f"target ≤ {TARGET_MS:.0f} ms" if options.get("players") == 4 else ""
        print(f"  {label:14s} {ms:7.2f} ms/game  {1000 / ms:7.1f} games/s  ({moves:.0f} moves/game)  {target} {verdict}")

    print(f"\nRule-based bot ({args.games} games per line):")
    for label, options in SETUPS[3:]:
        results = bot_games(options, lambda g: ["rules"], args.games, SEED)
        cleared = sum(1 for _, o in results if o.winners) / len(results)
        mean = float(np.mean([o.scores[0] for _, o in results]))
        print(f"  {label:14s} clear rate {cleared:6.1%}  mean score {mean:6.1f}")
    for players in (2, 4):
        def seats(g: int, players=players) -> list[str]:
            s = ["random"] * players
            s[g % players] = "rules"
            return s
        results = bot_games({"players": players}, seats, args.games, SEED * 3)
        share = sum(1 / len(o.winners) for s, o in results if s.index("rules") in o.winners) / len(results)
        print(f"  vs random, {players} seats: win share {share:.3f} (fair {1 / players:.3f}, × {share * players:.2f})")

    if args.search:
        how = f"{args.iterations} worlds per decision, no clock" if args.iterations else f"budget {SEARCH_BUDGET * 1000:.0f} ms"
        print(f"\nSearch bot ({how}) against rule-based bots, 2 seats, {args.search} games:")
        times: list[float] = []
        share = 0.0
        for g in range(args.search):
            seat = g % 2
            seats = ["rules", "rules"]
            seats[seat] = "search"
            match = Match.new(ENGINE, {"players": 2}, seed=SEED * 5 + g, seats=seats)
            bot = make_search_bot(ENGINE, budget=None, iterations=args.iterations) if args.iterations else make_search_bot(ENGINE)
            while not match.is_over():
                if match.current_player == seat:
                    legal = ENGINE.legal_actions(match.state)
                    obs = ENGINE.observe(match.state, seat)
                    t = time.perf_counter()
                    action = bot.choose(obs, legal, match.bot_rng())
                    if len(legal) > 1:
                        times.append(time.perf_counter() - t)
                    match.play(action)
                else:
                    match.step_auto()
            outcome = ENGINE.outcome(match.state)
            if seat in outcome.winners:
                share += 1 / len(outcome.winners)
        ms = np.array(times) * 1000
        p50, p95 = np.percentile(ms, [50, 95])
        print(f"  decision p50 {p50:.0f} ms · p95 {p95:.0f} ms (n={len(ms)})  target p95 ≤ {P95_TARGET_MS:.0f} ms  {'ok' if p95 <= P95_TARGET_MS else 'MISSED'}")
        share /= args.search
        print(f"  win share {share:.3f} (fair 0.5, × {share * 2:.2f})  target ≥ 1.5× fair  {'ok' if share >= 0.75 else 'MISSED'}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
