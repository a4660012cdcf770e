"""指輪を落とさないで: playout speed, the search bot's decision time, and its win rates.

Prints, from one run on seeded deals and dice:

- **random playouts per second**: whole games (every deal, roll, draft,
  discard and trick) with uniformly random moves, stepped with the engine's
  ``legal_actions`` / ``chance_outcomes`` / ``next_state`` directly, as a
  search playout runs (no ``Match``, no validation); 3, 4 and 5 seats
  (target ≥ 500 full games/s). The chance outcomes here are all uniform, so
  picking one uniformly with Python's ``random`` is the exact distribution.
  Also the search bot's own unit of work: sampled worlds played to the end
  of the round with the rollout policy, per second.
- **decision time** of the shipped search bot (``make_bot("search")``, its
  per-move budget) over its non-forced decisions in 4-seat games against
  rule-based bots: p50 / p95 / max (target p95 ≤ 300 ms), and how many
  sampled worlds it examines per decision.
- **win rates** over 500 four-seat games of one search bot against three
  rule-based bots and 500 against three random bots (its seat rotates;
  a shared win counts 1/k), with a *fixed* number of sampled worlds per
  decision (``--iterations``, default 200, ``budget=None``) so the figures
  are reproducible and the run stays well under 20 minutes; targets: ≥ 1.5×
  the fair share (25 %) against rule-based bots, ≥ 2× against random bots.
  A shorter run of the shipped, time-budgeted bot against rule-based bots
  follows (``--budget-games``).

Run: ``python -m benchmarks.ring [--games 500] [--iterations 200] [--budget-games 100] [--players 3,4]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any, Callable

import numpy as np

from rulebook.core import CHANCE, TERMINAL
from rulebook.games.ring import GAME
from rulebook.games.ring.bots import SEARCH_BUDGET, end_of_round, rollout, search_bot

SEED = 2026
PLAYOUT_TARGET = 500  # full games per second
P95_TARGET_MS = 300.0
PLAYERS = 4


def random_game(n: int, rng: random.Random) -> int:
    """One whole game of uniformly random moves; returns the number of moves."""
    game = GAME
    state = game.initial_state({"players": n})
    steps = 0
    legal_actions, chance_outcomes, next_state, current = game.legal_actions, game.chance_outcomes, game.next_state, game.current_player
    while True:
        player = current(state)
        if player == TERMINAL:
            return steps
        if player == CHANCE:
            outcomes = chance_outcomes(state)
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            legal = legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = next_state(state, action)
        steps += 1


def playout_speed(games: int) -> None:
    print("Random playouts (next_state directly, whole games):")
    for n in (3, 4, 5):
        rng = random.Random(SEED + n)
        start = time.perf_counter()
        steps = sum(random_game(n, rng) for _ in range(games))
        elapsed = time.perf_counter() - start
        rate = games / elapsed
        mark = "ok" if rate >= PLAYOUT_TARGET else "MISSED"
        print(f"  {n} seats: {rate:,.0f} full games/s ({steps / games:.0f} moves a game, {steps / elapsed:,.0f} moves/s)  target ≥ {PLAYOUT_TARGET}: {mark}")


def sampled_round_speed(samples: int) -> None:
    """The search bot's unit of work: draw a world from an observation, play the round out with the rollout policy."""
    rng = np.random.default_rng(SEED)
    observations = []
    for seed in range(40):
        state = _first_discard(seed)
        observations.append((GAME.observe(state, GAME.current_player(state)), GAME.current_player(state)))
    start = time.perf_counter()
    for k in range(samples):
        obs, seat = observations[k % len(observations)]
        world = GAME.sample_state(obs, seat, rng)
        begin = world
        while GAME.current_player(world) != TERMINAL and not end_of_round(begin, world):
            world = GAME.next_state(world, rollout(GAME, world, rng))
    elapsed = time.perf_counter() - start
    print(f"  sampled worlds played to the end of the round (from a discard, rollout policy): {samples / elapsed:,.0f}/s")


def _first_discard(seed: int):
    rng = np.random.default_rng(seed)
    state = GAME.initial_state({"players": PLAYERS})
    bot = GAME.make_bot("rules")
    while state.phase != 3:
        player = GAME.current_player(state)
        if player == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            action = bot.choose(GAME.observe(state, player), GAME.legal_actions(state), rng)
        state = GAME.next_state(state, action)
    return state


Factory = Callable[[], Any]


def play(
    seed: int,
    searcher: Any,
    opponent: str,
    seat: int,
    timings: list[float] | None = None,
    worlds: list[int] | None = None,
    players: int = PLAYERS,
) -> float:
    """One game (4 seats unless told); returns the search bot's share of the win."""
    rng = np.random.default_rng([SEED, seed])
    bots = [GAME.make_bot(opponent) for _ in range(players)]
    bots[seat] = searcher
    state = GAME.initial_state({"players": players})
    while True:
        player = GAME.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            legal = GAME.legal_actions(state)
            observation = GAME.observe(state, player)
            start = time.perf_counter()
            action = bots[player].choose(observation, legal, rng)
            if player == seat and len(legal) > 1 and timings is not None:
                timings.append(time.perf_counter() - start)
                if worlds is not None:
                    worlds.append(sum(v for v, _ in searcher.last_stats.values()))
        state = GAME.apply(state, action)
    winners = GAME.outcome(state).winners
    return 1 / len(winners) if seat in winners else 0.0


def win_rates(games: int, iterations: int, players: int = PLAYERS) -> None:
    if games <= 0:
        return
    fair = 1 / players
    print(f"\nWin rates, {games} games each, {players} seats, search bot with {iterations} sampled worlds a decision (budget=None):")
    print(f"  {'opponents':<22}{'search share':>14}{'fair share':>12}{'ratio':>8}{'target':>9}  result   time")
    for opponent, factor in (("rules", 1.5), ("random", 2.0)):
        start = time.perf_counter()
        searcher = search_bot(GAME, budget=None, iterations=iterations)
        share = sum(play(g, searcher, opponent, g % players, players=players) for g in range(games)) / games
        ratio = share / fair
        mark = "ok" if ratio >= factor else "MISSED"
        name = f"{players - 1} rule-based bots" if opponent == "rules" else f"{players - 1} random bots"
        print(f"  {name:<22}{share:>13.1%}{fair:>12.0%}{ratio:>7.2f}×{factor:>8.1f}×  {mark:<7}  {time.perf_counter() - start:.0f} s")


def decision_time(games: int) -> None:
    if games <= 0:
        return
    timings: list[float] = []
    worlds: list[int] = []
    searcher = GAME.make_bot("search")
    share = 0.0
    start = time.perf_counter()
    for g in range(games):
        share += play(10_000 + g, searcher, "rules", g % PLAYERS, timings, worlds)
    ms = sorted(t * 1000 for t in timings)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    mark = "ok" if p95 <= P95_TARGET_MS else "MISSED"
    print(
        f"\nShipped search bot (budget {SEARCH_BUDGET * 1000:.0f} ms a move), {games} games vs 3 rule-based bots, "
        f"{len(ms)} non-forced decisions: p50 {statistics.median(ms):.0f} ms · p95 {p95:.0f} ms · max {ms[-1]:.0f} ms  "
        f"target p95 ≤ {P95_TARGET_MS:.0f} ms: {mark}"
    )
    print(
        f"  sampled worlds a decision: median {statistics.median(worlds):.0f} (p5 {sorted(worlds)[len(worlds) // 20]}); "
        f"its share of the win in these games: {share / games:.1%} (fair 25 %, {time.perf_counter() - start:.0f} s)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per opponent kind for the win rates")
    parser.add_argument("--iterations", type=int, default=200, help="sampled worlds a decision in the win-rate games")
    parser.add_argument("--budget-games", type=int, default=100, help="games of the shipped, time-budgeted bot")
    parser.add_argument("--playouts", type=int, default=2000, help="random games per seat count")
    parser.add_argument("--players", default="4", help="seat counts of the win-rate games, e.g. 3,4 (default 4)")
    args = parser.parse_args([] if argv is None else argv)
    playout_speed(args.playouts)
    sampled_round_speed(3000)
    decision_time(args.budget_games)
    for players in _seat_counts(args.players):
        win_rates(args.games, args.iterations, players)


def _seat_counts(text: str) -> list[int]:
    """``"3,4"`` → ``[3, 4]``, each within the game's 3–5 seats."""
    counts = [int(part) for part in text.split(",") if part.strip()]
    if not counts or any(not 3 <= n <= 5 for n in counts):
        raise SystemExit(f"--players: seat counts from 3 to 5, comma-separated (not {text!r})")
    return counts


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
