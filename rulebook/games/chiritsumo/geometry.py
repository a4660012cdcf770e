"""The pyramid's shape: slots, supports, neighbours and the 18 scoring triples.

Slots are ``(row, i)``: row 0 is the bottom with 4 slots, then 3, 2, 1.
Slot ``(r, i)`` with ``r >= 1`` rests on ``(r-1, i)`` and ``(r-1, i+1)``.
Everything here is derived once from that one sentence, as plain tuples and
bit masks (bit ``k`` = ``SLOTS[k]``) so the scorer and the solver share one
truth about the shape.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

Slot = tuple[int, int]


class Die(NamedTuple):
    """One die as it lies: its colour and the pips it shows (a tuple, so ``("red", 3)`` equals ``Die("red", 3)``)."""

    colour: str
    pips: int


ROWS = 4
SLOTS: tuple[Slot, ...] = tuple((r, i) for r in range(ROWS) for i in range(ROWS - r))
INDEX: dict[Slot, int] = {slot: k for k, slot in enumerate(SLOTS)}
APEX: Slot = (ROWS - 1, 0)
FULL_MASK = (1 << len(SLOTS)) - 1
COLOURS: tuple[str, ...] = ("clear", "yellow", "red", "blue")
COLOURED: tuple[str, ...] = COLOURS[1:]


def supports(slot: Slot) -> tuple[Slot, ...]:
    """The two dice a slot rests on (none on the bottom row)."""
    r, i = slot
    return () if r == 0 else ((r - 1, i), (r - 1, i + 1))


def carried(slot: Slot) -> tuple[Slot, ...]:
    """The slots that rest on ``slot`` (at most two)."""
    r, i = slot
    return tuple(s for s in ((r + 1, i - 1), (r + 1, i)) if s in INDEX)


def neighbours(slot: Slot) -> tuple[Slot, ...]:
    """Horizontal neighbours only (CT-1: the source's example says 横)."""
    r, i = slot
    return tuple(s for s in ((r, i - 1), (r, i + 1)) if s in INDEX)


def mask(slots: Iterable[Slot]) -> int:
    m = 0
    for slot in slots:
        m |= 1 << INDEX[slot]
    return m


def slots_of(m: int) -> tuple[Slot, ...]:
    return tuple(slot for k, slot in enumerate(SLOTS) if m >> k & 1)


def _mountains() -> tuple[tuple[Slot, Slot, Slot], ...]:
    """Upright triangles (r,i),(r,i+1),(r+1,i): 3 + 2 + 1 = 6 (CT-3)."""
    return tuple(((r, i), (r, i + 1), (r + 1, i)) for r in range(ROWS - 1) for i in range(ROWS - 1 - r))


def _wings() -> tuple[tuple[Slot, Slot, Slot], ...]:
    """Inverted triangles (r+1,i),(r+1,i+1),(r,i+1): 2 + 1 = 3 (CT-3)."""
    return tuple(((r + 1, i), (r + 1, i + 1), (r, i + 1)) for r in range(ROWS - 2) for i in range(ROWS - 2 - r))


def _lines() -> tuple[tuple[Slot, ...], ...]:
    """Every maximal straight line: rows, and both diagonal directions."""
    rows = [tuple((r, i) for i in range(ROWS - r)) for r in range(ROWS)]
    rising_right = [tuple((r, i) for r in range(ROWS - i)) for i in range(ROWS)]
    rising_left = [tuple((r, k - r) for r in range(k + 1)) for k in range(ROWS)]
    return tuple(rows + rising_right + rising_left)


def _rivers() -> tuple[tuple[Slot, Slot, Slot], ...]:
    """Every run of 3 on a line: 4 in a line holds 2 rivers (CT-3): 9 in all."""
    return tuple(line[j : j + 3] for line in _lines() for j in range(len(line) - 2))


MOUNTAINS = _mountains()
WINGS = _wings()
RIVERS = _rivers()
assert (len(MOUNTAINS), len(WINGS), len(RIVERS)) == (6, 3, 9)  # geometry sanity, not a rule

# 富士 (CT-5): the only partition of the 9 lower slots into two upright
# triangles at the bottom corners and the central inverted triangle.
FUJI_LEFT: tuple[Slot, ...] = ((0, 0), (0, 1), (1, 0))
FUJI_RIGHT: tuple[Slot, ...] = ((0, 2), (0, 3), (1, 2))
FUJI_CENTRE: tuple[Slot, ...] = ((1, 1), (2, 0), (2, 1))
FUJI_REGIONS = (FUJI_LEFT, FUJI_RIGHT, FUJI_CENTRE)

MOUNTAIN_MASKS = tuple(mask(t) for t in MOUNTAINS)
WING_MASKS = tuple(mask(t) for t in WINGS)
RIVER_MASKS = tuple(mask(t) for t in RIVERS)


def _count_table(masks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(1 for m in masks if x & m == m) for x in range(1 << len(SLOTS)))


MOUNTAIN_COUNT = _count_table(MOUNTAIN_MASKS)
"""``MOUNTAIN_COUNT[x]``: upright triangles inside slot set ``x`` (a bit mask)."""
WING_COUNT = _count_table(WING_MASKS)
RIVER_COUNT = _count_table(RIVER_MASKS)
