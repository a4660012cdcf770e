"""The paper sheet of 宝探し as data: numbers, dice, treasures, and the few
rules every part (engine, solver, bots, view) shares.

Numbers are kept as bit masks: number ``n`` is bit ``n - 1``. ``Rules``
holds the sizes so that tests can build smaller sheets (fewer numbers,
three-sided dice) and compare the fast solver with a plain recursion; the
site always plays ``RULES`` (numbers 1–12, two six-sided dice, three seals
lose, the five treasures of the source).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Treasure:
    """A treasure of the sheet: ``count`` checked numbers, or a ``run`` of consecutive ones."""

    key: str
    name_ja: str
    name_en: str
    kind: str  # "count" | "run"
    need: int
    unseal: bool = False
    """Bringing it home may lift one seal (不死の膏薬, 若返りの泉)."""

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en


TREASURES: tuple[Treasure, ...] = (
    Treasure("scarab", "黄金のスカラベ", "Golden Scarab", "count", 5),
    Treasure("mask", "ファラオの仮面", "Pharaoh's Mask", "count", 7),
    Treasure("skull", "水晶のドクロ", "Crystal Skull", "count", 9),
    Treasure("salve", "不死の膏薬", "Salve of Immortality", "run", 4, unseal=True),
    Treasure("fountain", "若返りの泉", "Fountain of Youth", "run", 6, unseal=True),
)


@dataclass(frozen=True)
class Rules:
    """Sizes of a sheet. ``RULES`` is the game of the source."""

    numbers: int = 12
    faces: int = 6
    seal_limit: int = 3
    treasures: tuple[Treasure, ...] = TREASURES

    @property
    def all_numbers(self) -> int:
        return (1 << self.numbers) - 1

    @property
    def all_treasures(self) -> int:
        return (1 << len(self.treasures)) - 1

    def key(self) -> str:
        """A fingerprint of the sizes, stored beside precomputed values."""
        parts = [f"numbers={self.numbers}", f"faces={self.faces}", f"seal_limit={self.seal_limit}"]
        parts += [f"{t.key}:{t.kind}{t.need}{'u' if t.unseal else ''}" for t in self.treasures]
        return ";".join(parts)

    def treasure(self, key: str) -> tuple[int, Treasure] | None:
        for index, treasure in enumerate(self.treasures):
            if treasure.key == key:
                return index, treasure
        return None


RULES = Rules()


def bit(n: int) -> int:
    """The mask of number ``n`` (1-based)."""
    return 1 << (n - 1)


def numbers_of(mask: int) -> list[int]:
    """The numbers in ``mask``, ascending."""
    out, n = [], 1
    while mask:
        if mask & 1:
            out.append(n)
        mask >>= 1
        n += 1
    return out


def mask_of(numbers) -> int:
    mask = 0
    for n in numbers:
        mask |= bit(n)
    return mask


def longest_run(mask: int) -> int:
    """The longest stretch of consecutive numbers in ``mask``."""
    best = 0
    while mask:
        mask &= mask << 1
        best += 1
    return best


def eligible(treasure: Treasure, checked: int) -> bool:
    """Do this expedition's checks earn ``treasure``?"""
    if treasure.kind == "count":
        return bin(checked).count("1") >= treasure.need
    return longest_run(checked) >= treasure.need


@lru_cache(maxsize=None)
def roll_options(rules: Rules, a: int, b: int) -> tuple[tuple[int, ...], ...]:
    """TH-1: the sets of numbers a roll (a, b) lets you check, in the order a, b, a and b, a+b.

    A double offers its number once and no "both"; the sum is left out when it
    is past the sheet (only on smaller test sheets).
    """
    options: list[tuple[int, ...]] = [(a,)]
    if b != a:
        options += [(b,), (min(a, b), max(a, b))]
    if a + b <= rules.numbers:
        options.append((a + b,))
    return tuple(options)


@lru_cache(maxsize=None)
def offered(rules: Rules, a: int, b: int) -> tuple[int, ...]:
    """The numbers a roll names (each die and the sum), ascending: what a failure may seal (TH-2)."""
    return tuple(sorted({a, b} | ({a + b} if a + b <= rules.numbers else set())))


def open_options(rules: Rules, a: int, b: int, checked: int, sealed: int) -> list[tuple[int, ...]]:
    """The options of the roll whose numbers are all unchecked and unsealed (TH-1)."""
    used = checked | sealed
    return [opt for opt in roll_options(rules, a, b) if not mask_of(opt) & used]


def failure_seals(rules: Rules, a: int, b: int, sealed: int) -> list[int]:
    """TH-2: the numbers a failed roll may seal: the offered ones not sealed yet, else any unsealed number."""
    candidates = [n for n in offered(rules, a, b) if not sealed & bit(n)]
    if candidates:
        return candidates
    return [n for n in range(1, rules.numbers + 1) if not sealed & bit(n)]


def popcount(mask: int) -> int:
    return bin(mask).count("1")


__all__ = [
    "RULES",
    "Rules",
    "TREASURES",
    "Treasure",
    "bit",
    "eligible",
    "failure_seals",
    "longest_run",
    "mask_of",
    "numbers_of",
    "offered",
    "open_options",
    "popcount",
    "roll_options",
]
