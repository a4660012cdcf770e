"""Pig's worked examples (see ``rulebook.core.examples``): the figures come from the engine.

Kind ``rolls``: inputs ``players`` (optional, 1 by default) and ``dice``
(the pips of the dice rolled from the start, in order) → figures ``totals``
(each seat's total) and ``turns``. Each die is played through the engine
(``roll`` then ``die N``), so a die it would refuse fails the example.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers

from .actions import Die, Roll
from .game import Pig, State

GAME = Pig()
MAX_DICE = 200
"""Most dice an example may list (a typo must stay cheap)."""


def play(fields: Mapping[str, str]) -> State:
    """The game after the example's dice, each roll checked by the engine."""
    players = numbers(fields.get("players", "") or "1", "players")
    if len(players) != 1:
        raise ExampleError(f"players: want one number, got {fields.get('players')!r}")
    dice = numbers(fields["dice"], "dice")
    if len(dice) > MAX_DICE:
        raise ExampleError(f"dice: at most {MAX_DICE}")
    state = GAME.initial_state({"players": players[0]})
    for pips in dice:
        state = GAME.apply(GAME.apply(state, Roll()), Die(pips))
    return state


def rolls_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    state = play(fields)
    return {"totals": list(state.totals), "turns": state.turns}


KINDS = {"rolls": ExampleKind(("players", "dice"), rolls_figures, optional=("players",), position=play)}
