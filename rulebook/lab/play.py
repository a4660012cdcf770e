"""One seeded game, played to the end by bots, as one row.

The loop draws chance exactly as ``Match`` does (the k-th chance outcome
from ``default_rng([seed, CHANCE_STREAM, k])``, a bot's rng from
``[seed, BOT_STREAM, ply]``), so a lab game is the game the site would
play from that seed with those bots. It does not use ``Match`` itself:
``Match`` keeps undo/redo bookkeeping a million-game run does not need.
"""

from __future__ import annotations

import importlib
import time
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from rulebook.bots.search import SearchBot
from rulebook.core import CHANCE, TERMINAL, Game, get_game
from rulebook.core.chance import draw_outcome
from rulebook.core.match import BOT_STREAM, CHANCE_STREAM

from .spec import SimSpec

EventsFn = Callable[[Game, Sequence[Any], Sequence[Any], Any], Mapping[str, Any]]
"""``events(game, states, actions, outcome)``: ``states[k]`` is the state before ``actions[k]``."""
MAX_MOVES = 200_000
"""A game longer than this is a bug in a bot or an engine, not a long game: the row says so."""


@lru_cache(maxsize=None)
def events_of(game_name: str) -> EventsFn | None:
    """The game's own event counter (``rulebook.games.<name>.events.events``), or None.

    Found by name so the lab and the core need no change when a game adds
    one; a game without events still simulates (its rows have no event columns).
    """
    try:
        module = importlib.import_module(f"rulebook.games.{game_name}.events")
    except ModuleNotFoundError as error:
        if error.name == f"rulebook.games.{game_name}.events":
            return None
        raise
    return getattr(module, "events", None)


def lab_bot(game: Game, kind: str, iterations: int) -> Any:
    """A fresh bot of ``kind``; a search bot gets a fixed number of worlds and no clock (see ``SimSpec``)."""
    bot = game.make_bot(kind)
    if isinstance(bot, SearchBot):
        bot.budget = None
        bot.iterations = iterations
    return bot


def _draw(outcomes: Sequence[tuple[Any, float]], seed: int, k: int) -> Any:
    return draw_outcome(outcomes, np.random.default_rng([seed, CHANCE_STREAM, k]))


def play_game(game: Game, options: Mapping[str, Any], seats: Sequence[str], seed: int, iterations: int) -> tuple[list[Any], list[Any], list[int]]:
    """States, actions and actors of one game (``states`` has one more entry than ``actions``)."""
    bots = {k: lab_bot(game, kind, iterations) for k, kind in enumerate(seats)}
    state = game.initial_state(options)
    states, actions, actors = [state], [], []
    chance = 0
    for ply in range(MAX_MOVES):
        player = game.current_player(state)
        if player == TERMINAL:
            return states, actions, actors
        if player == CHANCE:
            action = _draw(game.chance_outcomes(state), seed, chance)
            chance += 1
            state = game.next_state(state, action)
        else:
            legal = game.legal_actions(state)
            rng = np.random.default_rng([seed, BOT_STREAM, ply])
            action = bots[player].choose(game.observe(state, player), legal, rng)
            state = game.apply(state, action)
        states.append(state)
        actions.append(action)
        actors.append(player)
    raise RuntimeError(f"{game.name}: seed {seed} did not end within {MAX_MOVES} moves")


def turns_of(actors: Sequence[int]) -> int:
    """Turns: runs of consecutive moves by one seat (chance between them does not break a run).

    The engine contract has no notion of a turn, so the lab counts a new
    turn each time a different seat comes to act.
    """
    turns, last = 0, None
    for actor in actors:
        if actor < 0:
            continue
        if actor != last:
            turns += 1
            last = actor
    return turns


def game_row(spec: SimSpec, index: int) -> dict[str, Any]:
    """The row of game ``index`` of ``spec`` (seed ``spec.seed + index``)."""
    game = get_game(spec.game)
    seed = spec.seed + index
    seats = spec.seats_for(index)
    start = time.perf_counter()
    states, actions, actors = play_game(game, spec.options, seats, seed, spec.iterations)
    outcome = game.outcome(states[-1])
    row: dict[str, Any] = {
        "seed": seed,
        "options": spec.options_json(),
        "seats": list(seats),
        "winners": [int(w) for w in outcome.winners],
        "scores": [int(s) for s in outcome.scores],
        "turns": turns_of(actors),
        "moves": sum(1 for a in actors if a >= 0),
        "end_rule": outcome.reason,
    }
    counter = events_of(game.name)
    if counter is not None:
        for key, value in counter(game, states, actions, outcome).items():
            row[f"ev_{key}"] = value
    row["seconds"] = time.perf_counter() - start
    return row


def play_batch(spec: SimSpec, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Rows of several games: one Dask task, so fast games are not dominated by scheduling."""
    return [game_row(spec, i) for i in indices]
