"""Expected best round score by dice mix: what a hand of colours is worth.

Used by the 箱庭 bot to weigh とばっ塵 swaps and by the page to show what a
swap changes. The table is computed, not guessed: for every mix of 10 dice
(clear 0–4, the rest yellow/red/blue in any split) it rolls ``SAMPLES``
seeded rolls and averages the exact ``best_arrangement`` score, with the
share of rolls that complete the pyramid and that make 富士. Regenerate with
``python -m rulebook.games.chiritsumo.expected`` (a few minutes); a test
recomputes entries and checks they match the shipped file.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Iterable

import numpy as np

from .solver import best_arrangement

SAMPLES = 500
SEED = 20181212
DICE = 10
MAX_CLEAR = 4


def mix_key(colours: Iterable[str]) -> str:
    """Canonical key ``"c,y,r,b"`` with the three colours sorted high to low (they score alike)."""
    colours = list(colours)
    coloured = sorted((colours.count(c) for c in ("yellow", "red", "blue")), reverse=True)
    return ",".join(str(n) for n in [colours.count("clear"), *coloured])


def all_mixes() -> list[tuple[int, int, int, int]]:
    out = []
    for clear in range(MAX_CLEAR + 1):
        rest = DICE - clear
        for y in range(rest, -1, -1):
            for r in range(min(y, rest - y), -1, -1):
                b = rest - y - r
                if b <= r:
                    out.append((clear, y, r, b))
    return out


def measure(mix: tuple[int, int, int, int], samples: int = SAMPLES, seed: int = SEED) -> tuple[float, float, float]:
    """Mean best score, completion rate and 富士 rate of ``mix`` over seeded rolls."""
    clear, y, r, b = mix
    colours = ["clear"] * clear + ["yellow"] * y + ["red"] * r + ["blue"] * b
    rng = np.random.default_rng([seed, *mix])
    totals, complete, fuji = 0, 0, 0
    for _ in range(samples):
        pips = rng.integers(1, 7, size=len(colours))
        result = best_arrangement(list(zip(colours, (int(p) for p in pips))))[1]
        totals += result.total
        complete += result.complete
        fuji += result.fuji
    return round(totals / samples, 3), round(complete / samples, 3), round(fuji / samples, 3)


@lru_cache(maxsize=1)
def table() -> dict[str, list[float]]:
    path = resources.files(__package__) / "data" / "expected.json"
    return json.loads(path.read_text("utf-8"))["table"]


def expected_score(colours: Iterable[str]) -> float:
    """Mean best round score of 10 dice of these colours (0.0 for a mix not in the table)."""
    entry = table().get(mix_key(colours))
    return entry[0] if entry else 0.0


def completion_rate(colours: Iterable[str]) -> float:
    entry = table().get(mix_key(colours))
    return entry[1] if entry else 0.0


def main() -> None:
    result = {}
    for mix in all_mixes():
        result[",".join(map(str, mix))] = list(measure(mix))
        print(mix, result[",".join(map(str, mix))], flush=True)
    path = resources.files(__package__) / "data" / "expected.json"
    payload = {"samples": SAMPLES, "seed": SEED, "columns": ["mean_score", "complete_rate", "fuji_rate"], "table": result}
    with open(str(path), "w", encoding="utf-8") as handle:
        json.dump(payload, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
