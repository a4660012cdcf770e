"""Chiritsumo's worked examples (see ``rulebook.core.examples``): the figures come from the scoring rules.

Every kind describes one pyramid, row by row, top row first::

    row3: C4
    row2: B4 B4
    row1: Y5 R4 R4
    row0: Y5 Y6 R5 C4

``row0`` is the bottom (4 slots), ``row3`` the top (1 slot), as the engine
numbers rows (CT-1). A token is a colour letter (``C`` clear, ``Y`` yellow,
``R`` red, ``B`` blue) and the pips; ``.`` is an empty slot. A row left out
is empty, so a small example gives only the rows it uses. The engine's
``validate`` refuses a pyramid that breaks a stacking rule, and its
``score`` computes every figure:

- ``mountain`` → ``mountains`` (count over all colours) and ``mountain_points``;
- ``wing`` → ``wings`` and ``wing_points``;
- ``river`` → ``rivers`` and ``river_points``;
- ``fuji`` → ``fuji`` (``yes``/``no``), ``fuji_points``, ``mountains``,
  ``wings``, ``bonus`` and ``total``;
- ``score`` → the points line by line: each pattern's count and points,
  ``clear`` (clear dice in the pyramid, which score nothing), ``fuji_points``,
  ``complete`` (``yes``/``no``), ``bonus`` and ``total``.

``position`` is the pyramid as the engine holds it: a solo seat with exactly
these dice, all stacked, still arranging (``Done`` scores it).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, words

from .game import NO_PLACE, Phase, Seat, State
from .geometry import ROWS, SLOTS, Die, Slot
from .placement import check_die, validate
from .scoring import Score, score

LETTERS = {"C": "clear", "Y": "yellow", "R": "red", "B": "blue"}
ROW_FIELDS = tuple(f"row{r}" for r in reversed(range(ROWS)))
"""The inputs, top row first (the order a block writes them in)."""
EMPTY = "."


def _die(token: str, name: str) -> Die:
    colour = LETTERS.get(token[:1].upper())
    if colour is None or not token[1:].isdigit():
        raise ExampleError(f"{name}: {token!r} is not a die (a colour letter C/Y/R/B and the pips, or '.')")
    return Die(*check_die((colour, int(token[1:]))))


def pyramid(fields: Mapping[str, str]) -> dict[Slot, Die]:
    """The pyramid the fields describe, checked by the engine's placement rules (``IllegalAction`` if broken)."""
    out: dict[Slot, Die] = {}
    for r in range(ROWS):
        name = f"row{r}"
        tokens = words(fields.get(name, ""))
        if not tokens:
            continue
        if len(tokens) != ROWS - r:
            raise ExampleError(f"{name}: want {ROWS - r} slots (a die or '.'), got {len(tokens)}")
        for i, token in enumerate(tokens):
            if token != EMPTY:
                out[(r, i)] = _die(token, name)
    if not out:
        raise ExampleError("the pyramid holds no die")
    validate(out)
    return out


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _scored(fields: Mapping[str, str]) -> tuple[dict[Slot, Die], Score]:
    built = pyramid(fields)
    return built, score(built)


def mountain_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    _, result = _scored(fields)
    return {"mountains": result.mountains, "mountain_points": result.mountain_points}


def wing_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    _, result = _scored(fields)
    return {"wings": result.wings, "wing_points": result.wing_points}


def river_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    _, result = _scored(fields)
    return {"rivers": result.rivers, "river_points": result.river_points}


def fuji_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    _, result = _scored(fields)
    return {
        "fuji": _yes(result.fuji),
        "fuji_points": result.fuji_points,
        "mountains": result.mountains,
        "wings": result.wings,
        "bonus": result.bonus,
        "total": result.total,
    }


def score_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    built, result = _scored(fields)
    return {
        "mountains": result.mountains,
        "mountain_points": result.mountain_points,
        "rivers": result.rivers,
        "river_points": result.river_points,
        "wings": result.wings,
        "wing_points": result.wing_points,
        "clear": sum(1 for die in built.values() if die.colour == "clear"),
        "fuji_points": result.fuji_points,
        "complete": _yes(result.complete),
        "bonus": result.bonus,
        "total": result.total,
    }


def position(fields: Mapping[str, str]) -> State:
    """A solo seat holding exactly the example's dice, every one stacked where the example puts it; still arranging."""
    built = pyramid(fields)
    slots = [slot for slot in SLOTS if slot in built]
    placed = tuple(slots.index(slot) if slot in built else NO_PLACE for slot in SLOTS)
    seat = Seat(dice=tuple(built[s].colour for s in slots), pips=tuple(built[s].pips for s in slots), placed=placed)
    return State(mode="solo", seats=(seat,), pile=(), phase=Phase.ARRANGE)


def _kind(figures: Callable[[Mapping[str, str]], Mapping[str, Any]]) -> ExampleKind:
    return ExampleKind(ROW_FIELDS, figures, optional=ROW_FIELDS[:-1], position=position)


KINDS = {
    "mountain": _kind(mountain_figures),
    "wing": _kind(wing_figures),
    "river": _kind(river_figures),
    "fuji": _kind(fuji_figures),
    "score": _kind(score_figures),
}
