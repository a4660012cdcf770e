"""Pig's worked examples (see ``rulebook.core.examples``): the figures come from the engine.

Kind ``turn``: input ``dice`` (the pips of one turn's rolls, in order, from
the start of a game; ``players`` optional, 1 by default). The engine rolls
them one by one (a roll it would refuse — after a 1, say — fails the
example), then holds if the turn is still going → figures ``points`` (the
turn's points banked: 0 after a 1) and ``total`` (the seat's banked total).
The picture is the board just before the hold (or just after the 1).
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers

from .actions import Die, Hold, Roll
from .game import Pig, State

GAME = Pig()
MAX_DICE = 200
"""Most dice an example may list (a typo must stay cheap)."""


def _players(fields: Mapping[str, str]) -> int:
    players = numbers(fields.get("players", "") or "1", "players")
    if len(players) != 1:
        raise ExampleError(f"players: want one number, got {fields.get('players')!r}")
    return players[0]


def play(fields: Mapping[str, str]) -> State:
    """The game after the example's dice, each roll checked by the engine (the turn not yet held)."""
    dice = numbers(fields["dice"], "dice")
    if not 1 <= len(dice) <= MAX_DICE:
        raise ExampleError(f"dice: give 1 to {MAX_DICE} dice")
    state = GAME.initial_state({"players": _players(fields)})
    seat = state.seat
    for pips in dice:
        if state.seat != seat or GAME.is_terminal(state):
            raise ExampleError(f"dice: the turn is over before the die {pips} (a 1 ends it, and so does the goal)")
        state = GAME.apply(GAME.apply(state, Roll()), Die(pips))
    return state


def turn_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    state = play(fields)
    seat = 0
    before = 0
    after = GAME.apply(state, Hold()) if GAME.is_legal(state, Hold()) else state
    return {"points": after.totals[seat] - before, "total": after.totals[seat]}


KINDS = {"turn": ExampleKind(("players", "dice"), turn_figures, optional=("players",), position=play)}
