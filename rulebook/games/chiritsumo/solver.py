"""The exact best arrangement of a roll (CT-9): the hint, auto-arrange and the bot.

Why it is fast without being heuristic:

1. Placement only looks at pips, scoring only at colours. So the legal
   *pip patterns* (which slots are filled and with what pips) are the same
   for every roll: 48,739 of them, enumerated once. A roll can use a pattern
   only if it has enough dice of each pip value — one vectorised filter —
   and only patterns that no usable pattern extends by one die need
   searching (an extra die never lowers a score).
2. Points come only from one-coloured triples (6 山, 3 翼, 9 河). For each
   colour, the candidate *coloured sets* are unions of triples that the
   colour's own dice can fill: a set ``U`` fits pattern ``j`` when, for every
   pip value, ``U`` needs no more dice of that value than the colour has.
   Each candidate gets a bit set over the feasible patterns.
3. A choice of disjoint coloured sets for yellow, red and blue is realisable
   iff some pattern is in all three bit sets: the remaining slots of that
   pattern take the remaining dice of the right pips, whatever their colour
   (the pattern filter guarantees there are enough). Extra triples those
   dice happen to form only raise the score, and that richer choice is also
   enumerated, so the maximum over choices is the true maximum.
4. The completion bonus only needs the bit set of complete patterns (per apex
   pips), and 富士 one more intersection with a clear apex.

``exhaustive_best`` is the plain search (every die on every slot) kept as
the reference the tests and the benchmark compare against.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Iterable, Mapping, Sequence

import numpy as np

from rulebook.core.errors import IllegalAction

from .geometry import (
    APEX,
    COLOURED,
    FUJI_REGIONS,
    INDEX,
    MOUNTAIN_COUNT,
    MOUNTAIN_MASKS,
    RIVER_COUNT,
    RIVER_MASKS,
    SLOTS,
    WING_COUNT,
    WING_MASKS,
    Die,
    Slot,
    mask,
    neighbours,
    supports,
)
from .placement import check_die
from .scoring import BONUS_PER_PIP, FUJI_POINTS, Score, score, triangle_points, wing_points

MAX_DICE = len(SLOTS)
APEX_INDEX = INDEX[APEX]


# ----- the pattern table ------------------------------------------------------------
@dataclass(frozen=True)
class _Table:
    pips: np.ndarray  # (P, 10) int8: pips per slot, 0 = empty
    groups: np.ndarray  # (P, 7) int16: groups[j, v] = bit mask of the slots showing v (v=0: empty)
    counts: np.ndarray  # (P, 7) int16: how many slots show each value (0: empty)
    size: np.ndarray  # (P,) int8: dice placed
    parent: np.ndarray  # (E,) int32 with ``child``: pattern ``child[e]`` is ``parent[e]`` plus one die
    child: np.ndarray  # (E,) int32


def _enumerate_patterns() -> list[tuple[int, ...]]:
    """Every legal pip layout (CT-1/CT-2), slots in ``SLOTS`` order, 0 = empty."""
    out: list[tuple[int, ...]] = []
    current = [0] * len(SLOTS)

    def visit(k: int) -> None:
        if k == len(SLOTS):
            out.append(tuple(current))
            return
        slot = SLOTS[k]
        visit(k + 1)  # leave the slot empty
        below = [current[INDEX[s]] for s in supports(slot)]
        if 0 in below:
            return
        top = min(below, default=6)
        left = [current[INDEX[s]] for s in neighbours(slot) if INDEX[s] < k and current[INDEX[s]]]
        for pips in range(1, top + 1):
            if all(abs(pips - other) <= 1 for other in left):
                current[k] = pips
                visit(k + 1)
        current[k] = 0

    visit(0)
    return out


@lru_cache(maxsize=1)
def pattern_table() -> _Table:
    """The 48,739 legal pip patterns, built once per process (~0.2 s)."""
    pips = np.array(_enumerate_patterns(), dtype=np.int8)
    onehot = pips[:, :, None] == np.arange(7, dtype=np.int8)[None, None, :]
    counts = onehot.sum(axis=1).astype(np.int16)
    weights = (1 << np.arange(len(SLOTS), dtype=np.int16))[None, :, None]
    groups = (onehot * weights).sum(axis=1).astype(np.int16)
    size = (pips > 0).sum(axis=1).astype(np.int8)
    # one-die extensions, found by looking patterns up by a base-7 key
    place = 7 ** np.arange(len(SLOTS), dtype=np.int64)
    keys = pips.astype(np.int64) @ place
    order = np.argsort(keys)
    sorted_keys = keys[order]
    parents, children = [], []
    for k in range(len(SLOTS)):
        empty = np.nonzero(pips[:, k] == 0)[0]
        for value in range(1, 7):
            wanted = keys[empty] + value * place[k]
            at = np.minimum(np.searchsorted(sorted_keys, wanted), len(keys) - 1)
            found = sorted_keys[at] == wanted
            parents.append(empty[found])
            children.append(order[at[found]])
    parent = np.concatenate(parents).astype(np.int32)
    child = np.concatenate(children).astype(np.int32)
    return _Table(pips, groups, counts, size, parent, child)


def _triple_unions() -> list[int]:
    """Every slot set that is a union of scoring triples, smallest first."""
    triples = set(MOUNTAIN_MASKS + WING_MASKS + RIVER_MASKS)
    unions = set(triples)
    frontier = set(triples)
    while frontier:
        grown = {u | t for u in frontier for t in triples} - unions
        unions |= grown
        frontier = grown
    return sorted(unions, key=lambda m: (bin(m).count("1"), m))


TRIPLE_UNIONS = _triple_unions()
UNION_SIZE = {u: bin(u).count("1") for u in TRIPLE_UNIONS}
FUJI_MASKS = tuple(mask(region) for region in FUJI_REGIONS)


# ----- the search ----------------------------------------------------------------------
def _points(m: int, r: int, w: int) -> int:
    return triangle_points(m) + triangle_points(r) + wing_points(w)


def _to_bits(flags: np.ndarray) -> int:
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


@dataclass
class _Best:
    total: int = -1
    complete: bool = False
    placed: int = -1
    sets: tuple[int, ...] = (0, 0, 0)
    bits: int = 0
    fuji: tuple[str, ...] = ()


def _capacity(dice: Sequence[Die]) -> dict[str, np.ndarray]:
    cap = {colour: np.zeros(7, dtype=np.int16) for colour in ("clear",) + COLOURED}
    for colour, pips in dice:
        cap[colour][pips] += 1
    return cap


POPCOUNT = np.array([bin(x).count("1") for x in range(1 << len(SLOTS))], dtype=np.int16)


def _fits(groups: np.ndarray, slot_set: int, cap: np.ndarray) -> np.ndarray:
    """Patterns whose ``slot_set`` is filled with pips one colour's dice can supply.

    ``groups[j, v]`` is the slot mask of pips ``v`` in pattern ``j``, so the dice
    of each value that ``slot_set`` needs is one AND and a popcount lookup.
    """
    need = POPCOUNT[groups & slot_set]
    return (need[:, 0] == 0) & (need[:, 1:] <= cap[1:]).all(axis=1)


def best_arrangement(dice: Sequence[Die], placed: Mapping[Slot, Die] | None = None) -> tuple[dict[Slot, Die], Score]:
    """The arrangement of ``dice`` with the highest round score, and that score.

    ``dice``: up to 10 ``(colour, pips)``. Exact (see the module docstring).
    Among equal totals it prefers a complete pyramid, then more dice placed,
    so the hint looks like what a player would build.

    ``placed``: dice already on the pyramid that must stay where they are
    (a legal partial pyramid); ``dice`` are then the dice still in hand, and
    the result is the best *completion*: the hint for a player who has begun.
    The same search, with the patterns limited to those showing the placed
    pips and each colour's triples to those its placed dice allow.
    """
    fixed = {slot: check_die(d) for slot, d in (placed or {}).items()}
    if any(slot not in INDEX for slot in fixed):
        raise IllegalAction("components", "ピラミッドにないマスがあります。", "A placed die is on no slot of the pyramid.")
    free = [check_die(d) for d in dice]
    dice = free + list(fixed.values())
    if len(dice) > MAX_DICE:
        raise IllegalAction(
            "components",
            f"ピラミッドは 10 マスです（ダイスが {len(dice)} 個あります）。",
            f"The pyramid has 10 slots ({len(dice)} dice given).",
        )
    table = pattern_table()
    total_counts = np.bincount([p for _, p in dice], minlength=7).astype(np.int16)
    total_counts[0] = len(SLOTS)
    usable = (table.counts <= total_counts).all(axis=1)
    for slot, (_, pips) in fixed.items():
        usable &= table.pips[:, INDEX[slot]] == pips
    if not usable.any():
        raise IllegalAction("place-upper", "置いてあるダイスが積み方のルールに合っていません。", "The placed dice do not follow the stacking rules.")
    fixed_mask = sum(1 << INDEX[slot] for slot in fixed)
    other_colour = {c: sum(1 << INDEX[slot] for slot, (colour, _) in fixed.items() if colour != c) for c in ("clear",) + COLOURED}
    # A usable pattern that one more die extends is never better than the
    # extension (an extra die only adds patterns or completes the pyramid),
    # so only the maximal ones are searched.
    extendable = np.zeros(len(usable), dtype=bool)
    extendable[table.parent[usable[table.child]]] = True
    feasible = np.nonzero(usable & ~extendable)[0]
    # largest patterns first: the lowest set bit of any bit set is then its
    # pattern with the most dice (the tie-break among equal scores)
    feasible = feasible[np.argsort(-table.size[feasible], kind="stable")]
    sizes = table.size[feasible].tolist()
    groups = table.groups[feasible]
    n = len(feasible)
    cap = _capacity(free)  # what the dice in hand can still supply; placed dice stay where they are
    owned = _capacity(dice)
    full = _to_bits(table.size[feasible] == len(SLOTS))
    bonus_bits = {
        pips: _to_bits((table.size[feasible] == len(SLOTS)) & (table.pips[feasible, APEX_INDEX] == pips))
        for pips in range(6, 0, -1)
    }
    everything = (1 << n) - 1

    # candidate coloured sets per colour: (set mask, bits, m, r, w)
    candidates: list[list[tuple[int, int, int, int, int]]] = []
    fits_by_colour: dict[str, dict[int, int]] = {}
    for colour in COLOURED:
        own = int(owned[colour][1:].sum())
        listed = [(0, everything, 0, 0, 0)]
        fits_by_colour[colour] = {}
        for union in TRIPLE_UNIONS:
            if UNION_SIZE[union] > own:
                break
            if union & other_colour[colour]:
                continue  # a placed die of another colour sits in it
            bits = _to_bits(_fits(groups, union & ~fixed_mask, cap[colour]))
            fits_by_colour[colour][union] = bits
            if bits:
                listed.append((union, bits, MOUNTAIN_COUNT[union], RIVER_COUNT[union], WING_COUNT[union]))
        candidates.append(listed)

    best = _Best()

    def consider(total: int, complete: bool, sets: tuple[int, ...], bits: int, fuji: tuple[str, ...] = ()) -> None:
        if (total, complete) < (best.total, best.complete):
            return
        placed = sizes[(bits & -bits).bit_length() - 1]
        if (total, complete, placed) > (best.total, best.complete, best.placed):
            best.total, best.complete, best.placed, best.sets, best.bits, best.fuji = total, complete, placed, sets, bits, fuji

    yellow, red, blue = candidates
    for y_set, y_bits, ym, yr, yw in yellow:
        for r_set, r_bits, rm, rr, rw in red:
            if r_set & y_set:
                continue
            yr_bits = y_bits & r_bits
            if not yr_bits:
                continue
            used = y_set | r_set
            for b_set, b_bits, bm, br, bw in blue:
                if b_set & used:
                    continue
                bits = yr_bits & b_bits
                if not bits:
                    continue
                points = _points(ym + rm + bm, yr + rr + br, yw + rw + bw)
                sets = (y_set, r_set, b_set)
                consider(points, False, sets, bits)
                complete_bits = bits & full
                if complete_bits:
                    for pips, apex_bits in bonus_bits.items():
                        if complete_bits & apex_bits:
                            consider(points + pips * BONUS_PER_PIP, True, sets, complete_bits & apex_bits)
                            break

    # 富士 (CT-5): clear apex, three one-coloured regions of three colours.
    if any(owned["clear"][1:]):
        if APEX in fixed:
            clear_apex = full if fixed[APEX][0] == "clear" else 0
        else:
            clear_apex = _to_bits(_fits(groups, 1 << APEX_INDEX, cap["clear"])) & full
        for colours in permutations(COLOURED):
            bits = clear_apex
            for colour, region in zip(colours, FUJI_MASKS):
                bits &= fits_by_colour[colour].get(region, 0)
            if not bits:
                continue
            sets = tuple(FUJI_MASKS[colours.index(c)] for c in COLOURED)
            points = _points(
                sum(MOUNTAIN_COUNT[s] for s in sets), sum(RIVER_COUNT[s] for s in sets), sum(WING_COUNT[s] for s in sets)
            ) + FUJI_POINTS
            for pips, apex_bits in bonus_bits.items():
                if bits & apex_bits:
                    consider(points + pips * BONUS_PER_PIP, True, sets, bits & apex_bits, colours)
                    break

    pyramid = _realise(free, fixed, best, feasible, table)
    result = score(pyramid)
    if result.total != best.total:  # the search and the scorer must agree
        raise RuntimeError(f"solver mismatch for {dice}: searched {best.total}, built {result.total}")
    return pyramid, result


def _realise(dice: list[Die], fixed: Mapping[Slot, Die], best: _Best, feasible: np.ndarray, table: _Table) -> dict[Slot, Die]:
    """Turn the winning choice into an arrangement: a pattern, then real dice (the placed ones stay)."""
    j = int(feasible[(best.bits & -best.bits).bit_length() - 1])  # the pattern with the most dice
    pips = [int(v) for v in table.pips[j]]
    pool = list(dice)
    pyramid: dict[Slot, Die] = dict(fixed)

    def take(slot_index: int, colours: Iterable[str]) -> None:
        for colour in colours:
            die = (colour, pips[slot_index])
            if die in pool:
                pool.remove(die)
                pyramid[SLOTS[slot_index]] = die
                return
        raise RuntimeError("solver could not realise its own choice")

    if best.fuji and APEX not in pyramid:
        take(APEX_INDEX, ["clear"])
    for colour, chosen_set in zip(COLOURED, best.sets):
        for k in range(len(SLOTS)):
            if chosen_set >> k & 1 and SLOTS[k] not in pyramid:
                take(k, [colour])
    for k in range(len(SLOTS)):
        if pips[k] and SLOTS[k] not in pyramid:
            take(k, ("clear",) + COLOURED)
    return dict(sorted(pyramid.items()))


def exhaustive_best(dice: Sequence[Die], placed: Mapping[Slot, Die] | None = None) -> tuple[dict[Slot, Die], Score]:
    """Reference: try every distinct die on every slot, no memo, no bounds.

    Seconds per full roll — it exists to check ``best_arrangement``
    (``placed``: dice that must stay on their slots, as there).
    """
    dice = [check_die(d) for d in dice]
    fixed = {slot: check_die(d) for slot, d in (placed or {}).items()}
    pool: dict[Die, int] = {}
    for die in dice:
        pool[die] = pool.get(die, 0) + 1
    best: list = [None, None]
    current: dict[Slot, Die] = {}

    def visit(k: int) -> None:
        if k == len(SLOTS):
            result = score(current)
            if best[1] is None or (result.total, result.complete) > (best[1].total, best[1].complete):
                best[0], best[1] = dict(current), result
            return
        slot = SLOTS[k]
        if slot not in fixed:
            visit(k + 1)
        below = supports(slot)
        if any(s not in current for s in below):
            return
        top = min((current[s][1] for s in below), default=6)
        choices = [(fixed[slot], 1)] if slot in fixed else list(pool.items())
        for die, left in choices:
            if not left or die[1] > top:
                continue
            if any(abs(current[s][1] - die[1]) > 1 for s in neighbours(slot) if s in current):
                continue
            if slot not in fixed:
                pool[die] -= 1
            current[slot] = die
            visit(k + 1)
            del current[slot]
            if slot not in fixed:
                pool[die] += 1

    visit(0)
    return best[0], best[1]
