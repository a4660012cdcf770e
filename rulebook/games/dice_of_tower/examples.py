"""Dice of Tower's worked examples (see ``rulebook.core.examples``): the figures come from the engine.

Kinds:

- ``place``: ``hand`` (face and size of your lone die, ``2 S``), ``top``
  (face and size of the top die of a tower, ``5 M``), optional ``owner``
  (``opponent``, the default, or ``self``) → figure ``legal`` (``yes``/``no``,
  the engine's ``is_legal`` of that placement).
- ``score``: ``towers`` (each ``pips x height`` of a tower topped by your
  die, ``4x3 5x2 6x1``) → figures ``points`` (per tower) and ``total``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, words

from .actions import Place
from .game import DiceOfTower, round_scores
from .state import SIZE_CODES, Phase, State

GAME = DiceOfTower()
FIRST_OF_SIZE = {1: 0, 2: 3, 3: 6}
"""The first die of each size in a seat's default set (S S S M M M L L)."""


def _die(text: str, name: str) -> tuple[int, int]:
    parts = words(text)
    if len(parts) != 2 or not parts[0].isdigit() or not 1 <= int(parts[0]) <= 6 or parts[1].upper() not in SIZE_CODES:
        raise ExampleError(f"{name}: want a face 1-6 and a size S/M/L, like '2 S' (got {text!r})")
    return int(parts[0]), SIZE_CODES[parts[1].upper()]


def _table(dice: Mapping[int, int], towers: list[tuple[int, ...]], turn: int = 0) -> State:
    """Two seats, only ``dice`` (id -> face) on the table in ``towers``; the others out of the game."""
    state = GAME.initial_state({"players": 2})
    count = len(state.faces)
    faces = tuple(dice.get(d, 0) for d in range(count))
    removed = tuple(d not in dice for d in range(count))
    return state._replace(faces=faces, removed=removed, towers=tuple(sorted(towers)), phase=Phase.TURN, turn=turn, queue=())


def place_position(fields: Mapping[str, str]) -> State:
    (v, size), (t, below) = _die(fields["hand"], "hand"), _die(fields["top"], "top")
    owner = fields.get("owner", "opponent").strip()
    if owner not in ("opponent", "self"):
        raise ExampleError(f"owner: 'opponent' or 'self' (got {owner!r})")
    mine = FIRST_OF_SIZE[size]
    other = FIRST_OF_SIZE[below] + (8 if owner == "opponent" else 0)
    if other == mine:
        other += 1
    return _table({mine: v, other: t}, [(mine,), (other,)])


def place_action(state: State) -> Place:
    mine, other = (t[0] for t in sorted(state.towers, key=lambda t: (t[0] >= 8, t[0])))
    return Place(mine, other)


def place_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    state = place_position(fields)
    return {"legal": "yes" if GAME.is_legal(state, place_action(state)) else "no"}


def _towers(fields: Mapping[str, str]) -> list[tuple[int, int]]:
    out = []
    for word in words(fields["towers"]):
        pips, _, height = word.lower().partition("x")
        if not (pips.isdigit() and height.isdigit() and 1 <= int(pips) <= 6 and 1 <= int(height) <= 4):
            raise ExampleError(f"towers: want 'pips x height' like 4x3 (got {word!r})")
        out.append((int(pips), int(height)))
    return out


def _build(fields: Mapping[str, str]) -> tuple[dict[int, int], list[tuple[int, ...]]]:
    """Towers topped by seat 1's dice, of alternating colours with touching faces that match, in the order written."""
    free = {0: list(range(0, 8)), 1: list(range(8, 16))}
    dice: dict[int, int] = {}
    towers = []
    for pips, height in _towers(fields):
        tower = []
        face = pips
        for level in range(height):
            seat = level % 2  # from the top down: seat 1, seat 2, seat 1, ...
            if not free[seat]:
                raise ExampleError("towers: more dice than two seats hold")
            die = free[seat].pop()
            dice[die] = face
            tower.append(die)
            face = 7 - face
        towers.append(tuple(reversed(tower)))
    return dice, towers


def score_position(fields: Mapping[str, str]) -> State:
    dice, towers = _build(fields)
    return _table(dice, towers, turn=1)


def score_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    """The engine's round score of each tower alone, and of the whole table, for seat 1's colour."""
    dice, towers = _build(fields)
    points = [round_scores(_table({d: dice[d] for d in tower}, [tower]))[0] for tower in towers]
    return {"points": points, "total": round_scores(score_position(fields))[0]}


KINDS = {
    "place": ExampleKind(("hand", "top"), place_figures, optional=("owner",), position=place_position),
    "score": ExampleKind(("towers",), score_figures, position=score_position),
}
