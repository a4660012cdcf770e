"""Shared by the site benchmarks: servers, Chromium, the baseline notebook."""

from __future__ import annotations

import contextlib
import os
import statistics
import time
from pathlib import Path
from typing import Any, Mapping

import numpy as np

from rulebook.core import CHANCE, TERMINAL, Match
from rulebook.publish.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.support.site_process import SiteProcess, free_port
from rulebook.site.serve import SiteOptions, default_notebooks_dir

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
EMPTY_NOTEBOOK = "empty.ipynb"
EMPTY_SELECTOR = ".rb-ready"
DEFAULT_NOTEBOOK = "chiritsumo.ipynb"
DEFAULT_SELECTOR = ".rb-slot-0-0"
NOTEBOOKS = default_notebooks_dir()
ARTIFACTS = ROOT / "test-artifacts"



def target_or_none(notebooks: Path, notebook: str) -> Path | None:
    """The notebook to measure, or None after saying why it is skipped."""
    path = Path(notebooks) / notebook
    if path.is_file():
        return path
    print(f"{notebook}: not in {notebooks} (yet) — its figure is skipped")
    return None


@contextlib.contextmanager
def served(notebooks: Path, label: str, **fields):
    """``rulebook serve`` on ``notebooks`` (production culling), log in test-artifacts/."""
    options = SiteOptions(port=free_port(), notebooks=notebooks, **fields)
    log = ARTIFACTS / f"bench-{label}-{options.port}.log"
    with SiteProcess(options, log_path=log) as site:
        yield site


@contextlib.contextmanager
def chromium():
    """A headless Chromium, or None (with a message) if it is not installed."""
    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is not installed (make chromium): browser figures skipped")
        yield None
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def leave(page) -> None:
    """Leave a Voilà page as a visitor does (beforeunload: its kernel is shut down)."""
    with contextlib.suppress(Exception):
        page.evaluate("() => { window.location.href = 'about:blank'; }")
    with contextlib.suppress(Exception):
        page.wait_for_url("about:blank", timeout=15_000)


def mb(kb: float) -> str:
    return f"{kb / 1024:.0f} MB"


def summary(seconds: list[float]) -> str:
    return (
        f"median {statistics.median(seconds):.2f} s "
        f"(min {min(seconds):.2f}, max {max(seconds):.2f}, n={len(seconds)})"
    )


def _draw(outcomes, r: float) -> Any:
    """The outcome a uniform ``r`` in [0, 1) picks by the outcomes' probabilities (a plain walk: no array
    per chance node, so the figure is the rules' cost, not numpy's)."""
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def random_playouts(game: Any, options: Mapping[str, Any], seconds: float = 3.0, seed: Any = 2026) -> tuple[float, float]:
    """Random full games per second (``next_state``, chance drawn by its probabilities) and moves per game.

    The figure every game's benchmark prints for its engine: uniformly random
    players, so it measures the rules, not a bot.
    """
    rng = np.random.default_rng(seed)
    start_state = game.initial_state(options)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = start_state
        while True:
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = _draw(game.chance_outcomes(state), rng.random())
            else:
                legal = game.legal_actions(state)
                action = legal[int(rng.integers(len(legal)))]
            state = game.next_state(state, action)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def decision_times(game: Any, options: Mapping[str, Any], make_bot: Any, others: str, decisions: int, seed: int) -> list[float]:
    """Seconds per decision of ``make_bot(game)`` in the seat ``g % players`` of game ``g`` (the other seats
    bots of kind ``others``), over as many seeded games as ``decisions`` needs; forced moves are not counted."""
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        match = Match.new(game, options, seed=seed + g, seats=[others] * game.num_seats(game.initial_state(options)))
        seat = g % len(match.seats)
        bot = make_bot(game)
        while not match.is_over() and len(times) < decisions:
            if match.current_player == seat:
                state = match.state
                legal = game.legal_actions(state)
                observation = game.observe(state, seat)
                start = time.perf_counter()
                action = bot.choose(observation, legal, match.bot_rng())
                elapsed = time.perf_counter() - start
                if len(legal) > 1:
                    times.append(elapsed)
                match.play(action)
            else:
                match.step_auto()
        g += 1
    return times
