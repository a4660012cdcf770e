"""The Magos solo patch's worked examples (see ``rulebook.core.examples``): the figures come from the engine.

Kinds:

- ``turn``: a fight played with the page's own moves. Inputs ``moves`` (the
  moves from the start of the fight as saved games write them, separated by
  ``;`` or ``,``, e.g. ``face 6 hit 6; next``; may be empty), ``enemy``
  (``dummy`` or ``custom``, the game's default if left out) and ``turn5``
  (``5-6`` or ``5-6-6-6``). The engine plays the moves (it refuses an
  illegal one) → figures ``turn``, ``row`` (of the patch's table),
  ``dice`` (the enemy's dice this turn), ``effects`` (what each die does, as
  the moves write effects: ``miss``, ``hit 6``; an extra 6 is ``extra 6``),
  ``damage``, ``heal``, ``specials`` (this turn's totals), and over the turns
  played so far (1 to ``turn``): ``shown`` (the faces the dice have shown),
  ``missed`` (those of them that miss), ``unseen`` (the faces not shown yet).
- ``dice``: inputs ``turn`` (1, 2, ...) and ``turn5`` → figures ``row`` and
  ``dice``: which row of the table a turn reads and the dice it gives.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers

from .actions import Next, parse
from .game import MagosSolo, State
from .table import FACES, enemy_dice, table_row

GAME = MagosSolo()
MAX_TURN = 999
"""Largest turn an example may name (the table loops for ever; a bound keeps a typo cheap)."""


def _options(fields: Mapping[str, str]) -> dict[str, Any]:
    options = GAME.default_options()
    for name in ("enemy", "turn5"):
        if fields.get(name, "").strip():
            options[name] = fields[name].strip()
    return GAME.normalize_options(options)  # BadOption for an enemy or a turn 5 that does not exist


def _play(fields: Mapping[str, str]) -> State:
    """The fight after the example's moves, each checked by the engine."""
    state = GAME.initial_state(_options(fields))
    for text in re.split(r"[;,]", fields.get("moves", "")):
        if text.strip():
            state = GAME.apply(state, parse(text))
    return state


def _effect_texts(state: State) -> list[str]:
    result = GAME.turn_result(state)
    return [str(e) if c else "extra 6" for e, c in zip(result.effects, result.counts)]


def turn_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    state = _play(fields)
    result = GAME.turn_result(state)
    shown: set[int] = set()
    for turn in range(1, state.turn + 1):
        shown.update(GAME.turn_result(state, turn).dice)
    return {
        "turn": state.turn,
        "row": table_row(state.turn),
        "dice": list(result.dice),
        "effects": ", ".join(_effect_texts(state)),
        "damage": result.damage,
        "heal": result.heal,
        "specials": result.specials,
        "shown": sorted(shown),
        "missed": sorted(f for f in shown if state.faces[f - 1].kind == "miss"),
        "unseen": [f for f in range(1, FACES + 1) if f not in shown],
    }


def turn_position(fields: Mapping[str, str]) -> State:
    """The fight at the example's turn, face table as the moves set it."""
    return _play(fields)


def _turn(fields: Mapping[str, str]) -> int:
    values = numbers(fields["turn"], "turn")
    if len(values) != 1 or not 1 <= values[0] <= MAX_TURN:
        raise ExampleError(f"turn: want one turn from 1 to {MAX_TURN}, got {fields['turn']!r}")
    return values[0]


def dice_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    turn = _turn(fields)
    long5 = _options(fields)["turn5"] == "5-6-6-6"
    return {"row": table_row(turn), "dice": list(enemy_dice(turn, long5))}


def dice_position(fields: Mapping[str, str]) -> State:
    """A fight moved on with "next turn" to the example's turn (the enemy of one's own: no effects to read)."""
    state = GAME.initial_state({**_options(fields), "enemy": "custom"})
    for _ in range(_turn(fields) - 1):
        state = GAME.apply(state, Next())
    return state


KINDS = {
    "turn": ExampleKind(("moves", "enemy", "turn5"), turn_figures, optional=("moves", "enemy", "turn5"), position=turn_position),
    "dice": ExampleKind(("turn", "turn5"), dice_figures, optional=("turn5",), position=dice_position),
}
