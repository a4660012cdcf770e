"""Helpers of the 宝探し tests: scripted games with chosen dice, and a plain reference solver."""

from __future__ import annotations

from typing import Iterable

from rulebook.core import CHANCE, TERMINAL, Match
from rulebook.games.treasure_hunt import GAME, Rules, Treasure, TreasureHunt
from rulebook.games.treasure_hunt.game import State


def roll(a: int, b: int) -> list[str]:
    """The three moves of one roll with chosen dice (table mode)."""
    return ["roll", f"die 1 {a}", f"die 2 {b}"]


def script(*parts: Iterable[str] | str) -> list[str]:
    out: list[str] = []
    for part in parts:
        out += [part] if isinstance(part, str) else list(part)
    return out


def table_match(*parts: Iterable[str] | str, game: TreasureHunt = GAME) -> Match:
    """A table-mode match (the dice are entered, not drawn) after ``parts``."""
    match = Match.new(game, seed=1, table=True)
    for move in script(*parts):
        match.play(move)
    return match


def play(*parts: Iterable[str] | str, game: TreasureHunt = GAME) -> State:
    """The state after a script of moves from a new game."""
    state = game.initial_state()
    for move in script(*parts):
        state = game.apply(state, game.parse_action(move))
    return state


# A trip that earns the Salve (1-2-3-4 ticked with doubles), and one that earns the Scarab.
SALVE_TRIP = script(roll(1, 1), "check 1", roll(2, 2), "check 2", roll(3, 3), "check 3", roll(4, 4), "check 4")
SCARAB_TRIP = script(SALVE_TRIP, roll(5, 5), "check 5")

SMALL = Rules(
    numbers=6,
    faces=3,
    seal_limit=2,
    treasures=(
        Treasure("a", "a", "a", "count", 4),
        Treasure("c", "c", "c", "run", 4, unseal=True),
        Treasure("d", "d", "d", "run", 3, unseal=True),
    ),
)
"""A reduced sheet (1-6, three-sided dice) small enough for a plain recursion over engine states."""


def reference_values(game: TreasureHunt):
    """A plain memoised recursion over the engine's own states, moves and chance outcomes.

    Returns ``value(state)`` (the best win probability, computed from nothing
    but ``legal_actions``, ``chance_outcomes``, ``apply`` and ``outcome``) and
    the memo: every non-terminal state met, by its key, with its value.
    """
    memo: dict[tuple, float] = {}

    def key(state: State) -> tuple:
        return (state.treasures, state.sealed, state.checked, state.dice, state.phase)

    def value(state: State) -> float:
        if game.current_player(state) == TERMINAL:
            return 1.0 if game.outcome(state).winners else 0.0
        k = key(state)
        if k not in memo:
            if game.current_player(state) == CHANCE:
                memo[k] = sum(p * value(game.apply(state, a)) for a, p in game.chance_outcomes(state))
            else:
                memo[k] = max(value(game.apply(state, a)) for a in game.legal_actions(state))
        return memo[k]

    return value, memo
