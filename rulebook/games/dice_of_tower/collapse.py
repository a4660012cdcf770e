"""The collapse ("burst") model of digital play (reading DT-4), as plain arithmetic.

At a real table a tower falls when a hand shakes; on a screen nothing
shakes, so a placement or a re-roll is followed by a chance node whose odds
come from three parameters, in thousandths (‰), all options of the game:

- ``height``: per level of the tower *after* the placement above the first
  (putting a die on a lone die makes a tower of 2: one level above the first).
- ``step``: per size step between the placed die and the die under it
  (S=1, M=2, L=3; a large die on a small one is 2 steps). A same-size
  placement adds nothing.
- ``reroll``: when dice are re-rolled, every tower of 2 or more dice may be
  hit: it falls with ``reroll`` × (its height − 1) ‰.

So a placement onto a tower of height ``h`` with a size step ``s`` fails with
``min(95 %, (height × h + step × s) ‰)``; a re-roll knocks one tower over
with the sum of the towers' shares, at most 50 % in all (if the sum is
larger, the shares are scaled down to 50 %). The tower that falls on a
re-roll is chosen in proportion to those shares. Zero everywhere is the
"perfect hands" setting: nothing ever falls.

Table mode enters what the real table did; the model still gives the odds
bots weigh there, floored at ``TABLE_FLOOR`` so that a "burst" entry is
always possible.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence


class Hands(NamedTuple):
    """The three parameters of the model, in thousandths."""

    height: int = 15
    step: int = 40
    reroll: int = 10


DEFAULT = Hands()
PERFECT = Hands(0, 0, 0)
PRESETS = {"perfect": PERFECT, "steady": Hands(8, 25, 5), "normal": DEFAULT, "shaky": Hands(30, 80, 25)}
PLACE_CAP = 0.95
REROLL_CAP = 0.5
TABLE_FLOOR = 0.02
"""Smallest burst chance offered in table mode (so the entry exists; the real table decides)."""
OFF_TABLE = 0.01
RARE_CASE = 0.002
"""Table mode (DT-8): the weight bots give an earthquake, and as much a bump by another seat, at a collapse check;
it only makes the entries legal chance outcomes (the real table decides)."""
"""Table mode: the chance given to "the die left the table" at each roll (a stand-in: the real table decides)."""
LIMIT = 200
"""Largest value a parameter may take (‰)."""


def place_risk(hands: Hands, height_after: int, step: int) -> float:
    """Chance that a placement making a tower of ``height_after`` with size step ``step`` collapses."""
    value = (hands.height * (height_after - 1) + hands.step * max(0, step)) / 1000
    return min(PLACE_CAP, value)


def reroll_risks(hands: Hands, heights: Sequence[int]) -> list[float]:
    """Per tower (by position in ``heights``), the chance that a re-roll knocks it over."""
    shares = [hands.reroll * (h - 1) / 1000 if h >= 2 else 0.0 for h in heights]
    total = sum(shares)
    if total > REROLL_CAP:
        shares = [s * REROLL_CAP / total for s in shares]
    return shares


__all__ = ["DEFAULT", "Hands", "LIMIT", "OFF_TABLE", "PERFECT", "PLACE_CAP", "PRESETS", "RARE_CASE", "REROLL_CAP", "TABLE_FLOOR", "place_risk", "reroll_risks"]
