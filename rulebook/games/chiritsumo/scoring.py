"""Scoring (CT-3..CT-6): patterns, their points, 富士 and the completion bonus.

A *pyramid* is a mapping ``(row, i) -> (colour, pips)``. Patterns are
counted per colour over coloured dice, then the counts are added over all
colours before looking up the points (CT-4: the tables' maxima equal the
geometric maxima, which only a total can reach).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .geometry import (
    APEX,
    COLOURED,
    FUJI_REGIONS,
    MOUNTAINS,
    RIVERS,
    SLOTS,
    WINGS,
    Die,
    Slot,
)

Pyramid = Mapping[Slot, Die]
Triple = tuple[Slot, Slot, Slot]

WING_POINTS = (0, 2, 5, 10)
FUJI_POINTS = 30
BONUS_PER_PIP = 3


def triangle_points(n: int) -> int:
    """山 and 河: 1, 3, 6, 10, 15, 21 for 1..6, continuing as n(n+1)/2 (CT-4)."""
    return n * (n + 1) // 2


def wing_points(n: int) -> int:
    """翼: 1/2/3 → 2/5/10 (only 3 exist)."""
    return WING_POINTS[n]


@dataclass(frozen=True)
class Score:
    """A pyramid's score with its parts.

    ``mountains``, ``rivers`` and ``wings`` are pattern *counts* (over all
    colours); the ``*_points`` fields are what those counts are worth.
    ``patterns`` lists each pattern found as ``(kind, colour, slots)`` so the
    page can draw which dice made it.
    """

    total: int
    mountains: int
    rivers: int
    wings: int
    fuji: bool
    complete: bool
    mountain_points: int
    river_points: int
    wing_points: int
    fuji_points: int
    bonus: int
    patterns: tuple[tuple[str, str, Triple], ...]


def _monochrome(pyramid: Pyramid, slots: tuple[Slot, ...]) -> str | None:
    """The shared colour of ``slots`` if all are filled with one non-clear colour."""
    colours = {pyramid[s][0] if s in pyramid else None for s in slots}
    if len(colours) == 1:
        (colour,) = colours
        if colour in COLOURED:
            return colour
    return None


def is_fuji(pyramid: Pyramid) -> bool:
    """富士 (CT-5): complete, clear apex, three one-coloured regions of three different colours."""
    if len(pyramid) != len(SLOTS) or pyramid[APEX][0] != "clear":
        return False
    colours = [_monochrome(pyramid, region) for region in FUJI_REGIONS]
    return None not in colours and len(set(colours)) == 3


def find_patterns(pyramid: Pyramid) -> tuple[tuple[str, str, Triple], ...]:
    """Every 山 / 河 / 翼 in the pyramid, with its colour (a die may serve several, CT-3)."""
    found = []
    for kind, triples in (("mountain", MOUNTAINS), ("river", RIVERS), ("wing", WINGS)):
        for triple in triples:
            colour = _monochrome(pyramid, triple)
            if colour:
                found.append((kind, colour, triple))
    return tuple(found)


def score(pyramid: Pyramid) -> Score:
    """Score a pyramid (any legal arrangement, complete or not).

    The caller is trusted to pass a legal arrangement; ``validate`` checks
    placement. Completion bonus: apex pips × 3 (CT-6); 富士: +30 on top of the
    patterns it contains (CT-5).
    """
    patterns = find_patterns(pyramid)
    mountains = sum(1 for p in patterns if p[0] == "mountain")
    rivers = sum(1 for p in patterns if p[0] == "river")
    wings = sum(1 for p in patterns if p[0] == "wing")
    complete = len(pyramid) == len(SLOTS)
    fuji = is_fuji(pyramid)
    mp, rp, wp = triangle_points(mountains), triangle_points(rivers), wing_points(wings)
    fp = FUJI_POINTS if fuji else 0
    bonus = pyramid[APEX][1] * BONUS_PER_PIP if complete else 0
    return Score(
        total=mp + rp + wp + fp + bonus,
        mountains=mountains,
        rivers=rivers,
        wings=wings,
        fuji=fuji,
        complete=complete,
        mountain_points=mp,
        river_points=rp,
        wing_points=wp,
        fuji_points=fp,
        bonus=bonus,
        patterns=patterns,
    )
