"""Magos solo patch tracker: how long one turn update and a record replay take.

Three figures, each a median over repeats on this machine:

- engine: ``apply(next)`` + ``observe`` (the turn's dice, effects, totals), per turn;
- page: one "Next turn" through ``GameApp`` (engine + board, sheet, log and
  buttons redrawn in Python; no browser), per turn;
- replay: rebuilding a saved 1,000-move fight (turns, face edits, HP) from its JSON.

Run: ``python -m benchmarks.magos_solo`` (or ``make bench`` for all figures).
"""

from __future__ import annotations

import json
import statistics
import time

import numpy as np

from rulebook.core import Match, get_game
from rulebook.games.magos_solo import GAME
from rulebook.games.magos_solo.actions import Attack, Next, Win

ENGINE_TURNS = 5_000
PAGE_TURNS = 100
REPLAY_MOVES = 1_000
REPEATS = 5


def engine_turn_us() -> float:
    runs = []
    for _ in range(REPEATS):
        state = GAME.initial_state()
        start = time.perf_counter()
        for _ in range(ENGINE_TURNS):
            state = GAME.apply(state, Next())
            GAME.observe(state, 0)
        runs.append((time.perf_counter() - start) / ENGINE_TURNS * 1e6)
    return statistics.median(runs)


def page_turn_ms() -> float:
    from widgets import GameApp

    runs = []
    for _ in range(REPEATS):
        app = GameApp("magos_solo", lang="ja", seed=1)
        start = time.perf_counter()
        for _ in range(PAGE_TURNS):
            app.play(Next())
        runs.append((time.perf_counter() - start) / PAGE_TURNS * 1e3)
        assert not app.error_internal
    return statistics.median(runs)


def long_record() -> str:
    """A seeded 1,000-move fight: mostly turns, with face edits and HP changes mixed in."""
    rng = np.random.default_rng(2026)
    match = Match.new(GAME, {"enemy": "custom"}, seed=1)
    while len(match.actions) < REPLAY_MOVES - 1:
        legal = GAME.legal_actions(match.state)
        action = Next() if rng.random() < 0.6 else legal[int(rng.integers(len(legal)))]
        if isinstance(action, (Attack, Win)) or str(action) == "lose":
            action = Next()
        match.play(action)
    match.play("lose")
    return match.to_json()


def replay_ms(text: str) -> float:
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        Match.from_record(json.loads(text), get_game)
        runs.append((time.perf_counter() - start) * 1e3)
    return statistics.median(runs)


def main() -> None:
    print(f"magos_solo engine: next turn + observe, {ENGINE_TURNS} turns: {engine_turn_us():.1f} µs per turn (median of {REPEATS})")
    print(f"magos_solo page: 'Next turn' through GameApp, {PAGE_TURNS} turns: {page_turn_ms():.2f} ms per turn (median of {REPEATS})")
    text = long_record()
    print(f"magos_solo replay: {REPLAY_MOVES}-move record ({len(text) // 1024} KiB JSON): {replay_ms(text):.1f} ms (median of {REPEATS})")


if __name__ == "__main__":
    main()
