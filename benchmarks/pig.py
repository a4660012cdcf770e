"""Pig (the designer's example game): the exact solo table, the engine, and the bots' mean turns.

Figures, on this machine:

- table: building the exact solo table (``solver.solo_table(100)``, every
  banked total and turn total), once per process;
- engine: ``apply`` + ``observe`` per move over seeded random games;
- bots: mean turns to reach 100 alone over seeded games, with the standard
  error, for the exact bot and for hold-at-20, and the table's exact E[0];
- page: one move through ``GameApp`` (engine + board + log redrawn in Python; no browser).

Run: ``python -m benchmarks.pig`` (or ``make bench`` for all figures).
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from rulebook.core import CHANCE
from rulebook.games.pig import GAME
from rulebook.games.pig.actions import Die
from rulebook.games.pig.bots import FewestTurns, HoldAt
from rulebook.games.pig.solver import solo_table

ENGINE_MOVES = 20_000
BOT_GAMES = 2_000
PAGE_MOVES = 100
REPEATS = 5


def table_s() -> float:
    solo_table.cache_clear()
    start = time.perf_counter()
    solo_table(100)
    return time.perf_counter() - start


def engine_move_us() -> float:
    runs = []
    for repeat in range(REPEATS):
        rng = np.random.default_rng(repeat)
        state = GAME.initial_state({"players": 2})
        start = time.perf_counter()
        for _ in range(ENGINE_MOVES):
            if GAME.is_terminal(state):
                state = GAME.initial_state({"players": 2})
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[int(rng.integers(len(legal)))])
            GAME.observe(state, 0)
        runs.append((time.perf_counter() - start) / ENGINE_MOVES * 1e6)
    return statistics.median(runs)


def mean_turns(bot, games: int, seed: int) -> tuple[float, float, float]:
    """Mean turns alone, its standard error, and the seconds it took."""
    rng = np.random.default_rng(seed)
    counts = []
    start = time.perf_counter()
    for _ in range(games):
        state = GAME.initial_state({"players": 1})
        while not GAME.is_terminal(state):
            if GAME.current_player(state) == CHANCE:
                state = GAME.apply(state, Die(int(rng.integers(1, 7))))
            else:
                state = GAME.apply(state, bot.choose(GAME.observe(state, 0), GAME.legal_actions(state), rng))
        counts.append(state.turns)
    return float(np.mean(counts)), float(np.std(counts) / np.sqrt(games)), time.perf_counter() - start


def page_move_ms() -> float:
    from widgets import GameApp

    runs = []
    for repeat in range(REPEATS):
        app = GameApp("pig", lang="en", seed=repeat)
        start = time.perf_counter()
        moves = 0
        while moves < PAGE_MOVES and not app.match.is_over():
            legal = app.game.legal_actions(app.match.state)
            app.play(legal[moves % len(legal)])
            moves += 1
        runs.append((time.perf_counter() - start) / max(moves, 1) * 1e3)
        assert not app.error_internal
    return statistics.median(runs)


def main() -> None:
    print(f"pig table: exact solo table for 100 built in {table_s():.2f} s; E[0] = {solo_table(100)[0][0]:.4f} turns")
    print(f"pig engine: apply + observe, {ENGINE_MOVES} random moves: {engine_move_us():.1f} µs per move (median of {REPEATS})")
    for label, bot in (("exact (fewest turns)", FewestTurns()), ("hold at 20", HoldAt(20))):
        mean, error, seconds = mean_turns(bot, BOT_GAMES, 7)
        print(f"pig bot {label}: {mean:.3f} ± {error:.3f} turns to 100 alone over {BOT_GAMES} seeded games ({seconds * 1e3 / BOT_GAMES:.2f} ms per game)")
    print(f"pig page: one move through GameApp: {page_move_ms():.2f} ms (median of {REPEATS})")


if __name__ == "__main__":
    main()
