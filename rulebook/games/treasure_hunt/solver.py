"""Exact advice for 宝探し (TH-4): the optimal win probability of every state.

The game as a Markov decision process
-------------------------------------
Between rolls the player sees ``(T, S, C)``: the treasures already home
(``T``, a 5-bit mask), the sealed numbers (``S``, at most two of 1–12: a third
seal loses) and this expedition's checks (``C``, a subset of the unsealed
numbers). ``W(T, S, C)`` is the probability of winning from there with best
play; ``V(T, S) = W(T, S, ∅)`` is the value of setting out on a fresh
expedition. Before a roll the player takes the best of

- rolling: the average over the 21 unordered rolls (a, b) (1/36 or 2/36) of
  the best open option of TH-1 (``W(T, S, C ∪ option)``) or, when none is
  open, the best seal of TH-2 (``V(T, S ∪ {n})``, 0 if that is the third);
- bringing home an eligible treasure ``t``: ``V(T ∪ {t}, S)``, for the salve
  and the fountain also ``V(T ∪ {t}, S \\ {s})`` for a lifted seal ``s``
  (1 once all five are home);
- giving up: ``max_n V(T, S ∪ {n})`` over unsealed ``n`` (0 if third seal).

There are 32 · (4096 + 12 · 2048 + 66 · 1024) = 3,080,192 triples (31 of the
32 treasure masks are live: 2,983,936 decision states before a roll, each with
21 roll outcomes after it).

Why it is fast (a vectorised solve by levels)
----------------------------------------------
Every move goes "forward": a check makes ``C`` strictly larger; an expedition
ends either with a treasure (``|T|`` grows) or a seal with the same ``T``
(``|S|`` grows). So the values can be computed in *stages* ``(|T|, |S|)``,
``|T|`` from 4 down to 0 and ``|S|`` from 2 down to 0: a stage only needs the
``V`` of stages already done, and all treasure masks of one size are solved
together. Inside a stage the checks ``C`` are processed by *level* (how many
numbers are checked), from full down to empty: level ``L`` only reads level
``L + 1`` and ``L + 2``. Each level is a handful of numpy operations over
every ``(T, S, C)`` of the level at once: gathers of ``W(C ∪ {n})`` for the
12 numbers and ``W(C ∪ {a, b})`` for the 15 pairs of die faces through
precomputed index tables, then 21 maxima/averages for the rolls. The checks
are stored *compressed* relative to ``S`` (one bit per unsealed number), so
no array slot is wasted on impossible states. 15 stages × ≤ 13 levels is a
few hundred numpy calls in all: about 0.6 s on the 2-core machine
(``python -m benchmarks.treasure_hunt``), where a plain memoised recursion
over the same states takes minutes. Roll weights (1 or 2 of the 36 ordered
rolls) are summed as whole numbers and divided once, so a sure win stays
exactly 1.0.

Cache
-----
The 2,528 stage values ``V(T, S)`` are shipped in ``data/values.json``
(exact float64 text, the rules' fingerprint and a SHA-256 of the values):
``python -m rulebook.games.treasure_hunt.solver --write`` regenerates it
and a test re-solves and compares. Hints never need the whole 3-million
table: the values ``W(T, S, ·)`` of the expedition at hand are one *block*
of at most 4,096 states, solved from the shipped ``V`` by the very same
level code in a few milliseconds and kept in a small LRU cache. If the file
is missing or fails its checks, the full solve runs once (with a progress
callback, which the page turns into a progress bar).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import combinations
from typing import Any, Callable

import numpy as np

from .actions import Bring, Check, Die, GiveUp, RollDice, Seal
from .model import RULES, Rules, bit, eligible, failure_seals, mask_of, numbers_of, offered, open_options, popcount, roll_options
from .state import Phase

SOLVER_VERSION = 1
DATA_FILE = "values.json"
Progress = Callable[[int, int], None]
"""``progress(done, total)``: states solved so far, out of all of them."""


# ----- index tables ----------------------------------------------------------------------------------
class Tables:
    """Everything about a sheet's state space that does not depend on the values."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        n_numbers, faces, limit = rules.numbers, rules.faces, rules.seal_limit
        self.n_treasure_masks = 1 << len(rules.treasures)
        self.full = self.n_treasure_masks - 1
        # sealed sets of each size, in a fixed order; a global index over all of them
        self.sealed_sets: list[np.ndarray] = []
        self.s_base: list[int] = []
        self.s_index: dict[int, int] = {}
        for k in range(limit):
            masks = np.array([mask_of(c) for c in combinations(range(1, n_numbers + 1), k)], dtype=np.int64)
            self.s_base.append(len(self.s_index))
            for row, mask in enumerate(masks):
                self.s_index[int(mask)] = self.s_base[k] + row
            self.sealed_sets.append(masks)
        self.n_sealed = len(self.s_index)
        self.block_size = [1 << (n_numbers - k) for k in range(limit)]
        self.states_per_treasure_mask = sum(len(self.sealed_sets[k]) * self.block_size[k] for k in range(limit))

        # the rolls: unordered (a, b), how many of the faces**2 ordered rolls show it (1 or 2),
        # the options of TH-1, the offered numbers of TH-2. Weights are summed as whole numbers
        # and divided once, so a sure thing stays exactly 1.0 (21 float probabilities would not).
        self.outcomes = faces * faces
        self.rolls: list[tuple[int, int, float, tuple[tuple[int, ...], ...], tuple[int, ...]]] = []
        for a in range(1, faces + 1):
            for b in range(a, faces + 1):
                weight = 1.0 if a == b else 2.0
                self.rolls.append((a, b, weight, roll_options(rules, a, b), offered(rules, a, b)))
        self.singles = sorted({o[0] for *_, opts, _ in self.rolls for o in opts if len(o) == 1})
        self.pairs = sorted({o for *_, opts, _ in self.rolls for o in opts if len(o) == 2})

        self.expand: list[np.ndarray] = []  # [k] (rows, M): compressed checks -> 12-bit mask
        self.compress: list[np.ndarray] = []  # [k] (rows, 2**N): 12-bit mask -> compressed (-1 if it meets S)
        self.runs: list[np.ndarray] = []  # [k] (rows, M): longest run of consecutive checked numbers
        self.child: list[np.ndarray] = []  # [k] (rows, N+1): global index of S + {n}, -1 if none
        self.parent: list[np.ndarray] = []  # [k] (rows, N+1): global index of S - {n}, -1 if none
        self.levels: list[list[np.ndarray]] = []  # [k][L]: compressed masks with L bits
        self.single_targets: list[list[dict[int, np.ndarray]]] = []  # [k][L][n] (rows, m): C+{n}, M if not open
        self.pair_targets: list[list[dict[tuple[int, int], np.ndarray]]] = []
        for k in range(limit):
            self._build_k(k)

    def _build_k(self, k: int) -> None:
        n_numbers = self.rules.numbers
        sealed = self.sealed_sets[k]
        rows, size = len(sealed), self.block_size[k]
        c = np.arange(size, dtype=np.int64)
        expand = np.zeros((rows, size), dtype=np.int64)
        position = np.full((rows, n_numbers + 1), -1, dtype=np.int64)  # number -> compressed bit
        for row, mask in enumerate(sealed):
            free = [n for n in range(1, n_numbers + 1) if not int(mask) & bit(n)]
            for j, n in enumerate(free):
                expand[row] |= ((c >> j) & 1) << (n - 1)
                position[row, n] = j
        compress = np.full((rows, 1 << n_numbers), -1, dtype=np.int16)  # small types: ~6 MB of tables in all
        for row in range(rows):
            compress[row, expand[row]] = c
        runs = np.zeros((rows, size), dtype=np.int8)
        x = expand.copy()
        for _ in range(n_numbers):
            runs += x != 0
            x &= x << 1
        child = np.full((rows, n_numbers + 1), -1, dtype=np.int64)
        parent = np.full((rows, n_numbers + 1), -1, dtype=np.int64)
        for row, mask in enumerate(sealed):
            mask = int(mask)
            for n in range(1, n_numbers + 1):
                if mask & bit(n):
                    parent[row, n] = self.s_index[mask & ~bit(n)]
                elif k + 1 < self.rules.seal_limit:
                    child[row, n] = self.s_index[mask | bit(n)]
        popcounts = np.array([popcount(int(v)) for v in c])
        levels = [c[popcounts == level] for level in range(n_numbers - k + 1)]
        singles_by_level, pairs_by_level = [], []
        for lvl in levels:
            lv = lvl[None, :]
            add: dict[int, tuple[np.ndarray, np.ndarray]] = {}
            for n in range(1, n_numbers + 1):
                pos = position[:, n][:, None]
                shifted = np.left_shift(1, np.maximum(pos, 0))
                open_ = (pos >= 0) & ((lv & shifted) == 0)
                add[n] = (open_, shifted)
            singles = {}
            for n in self.singles:
                open_, shifted = add[n]
                singles[n] = np.where(open_, lv | shifted, size).astype(np.int16)
            pairs = {}
            for a, b in self.pairs:
                open_ = add[a][0] & add[b][0]
                pairs[(a, b)] = np.where(open_, lv | add[a][1] | add[b][1], size).astype(np.int16)
            singles_by_level.append(singles)
            pairs_by_level.append(pairs)
        self.expand.append(expand)
        self.compress.append(compress)
        self.runs.append(runs)
        self.child.append(child)
        self.parent.append(parent)
        self.levels.append(levels)
        self.single_targets.append(singles_by_level)
        self.pair_targets.append(pairs_by_level)

    @property
    def total_states(self) -> int:
        """Decision states before a roll with fewer than all treasures home."""
        return (self.n_treasure_masks - 1) * self.states_per_treasure_mask


@lru_cache(maxsize=4)
def tables_for(rules: Rules) -> Tables:
    return Tables(rules)


# ----- the level code ------------------------------------------------------------------------------------
def solve_block(
    tables: Tables,
    stage_values: np.ndarray,
    treasure_masks: np.ndarray,
    k: int,
    rows: np.ndarray,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """``W(T, S, C)`` for the given treasure masks and sealed sets of size ``k`` (``rows``), every ``C``.

    ``stage_values[T, s]`` must already hold ``V`` of every later stage
    (more treasures, or the same treasures and more seals). Returns an array
    ``(len(treasure_masks), len(rows), 2**(N-k))`` indexed by compressed checks.
    The result for a block does not depend on what else is solved with it:
    every element goes through the same operations in the same order.
    """
    rules = tables.rules
    limit = rules.seal_limit
    n_t, n_s, size = len(treasure_masks), len(rows), tables.block_size[k]
    sealed_global = tables.s_base[k] + rows
    values_t = stage_values[treasure_masks]  # (n_t, all sealed sets)

    # what ends an expedition, per (T, S)
    if k + 1 < limit:
        child = tables.child[k][rows]  # (n_s, N+1)
        after_seal = np.where(child >= 0, values_t[:, np.maximum(child, 0)], -1.0)  # (n_t, n_s, N+1)
        give_up = after_seal.max(axis=2)
        fails = []
        for *_, numbers in tables.rolls:
            best = after_seal[:, :, list(numbers)].max(axis=2)
            fails.append(np.where(best < 0, give_up, best)[:, :, None])
    else:
        give_up = np.zeros((n_t, n_s))
        fails = [np.zeros((n_t, n_s, 1))] * len(tables.rolls)
    bring = []
    for index, treasure in enumerate(rules.treasures):
        home = ((treasure_masks >> index) & 1).astype(bool)
        after = stage_values[treasure_masks | (1 << index)]  # (n_t, all sealed sets)
        value = after[:, sealed_global]
        if treasure.unseal and k > 0:
            parent = tables.parent[k][rows]
            lifted = np.where(parent >= 0, after[:, np.maximum(parent, 0)], -1.0).max(axis=2)
            value = np.maximum(value, lifted)
        bring.append(np.where(home[:, None], -1.0, value)[:, :, None])
    give_up = give_up[:, :, None]

    table = np.empty((n_t, n_s, size + 1))
    table[:, :, size] = -1.0  # the slot every closed option points at
    flat = table.reshape(n_t, n_s * (size + 1))
    row_offset = (np.arange(n_s, dtype=np.int64) * (size + 1))[:, None]
    singles_k, pairs_k = tables.single_targets[k], tables.pair_targets[k]
    for level in range(len(tables.levels[k]) - 1, -1, -1):
        lvl = tables.levels[k][level]
        single = {n: flat[:, targets[rows] + row_offset] for n, targets in singles_k[level].items()}
        pair = {ab: flat[:, targets[rows] + row_offset] for ab, targets in pairs_k[level].items()}
        roll = np.zeros((n_t, n_s, len(lvl)))
        for (a, b, weight, options, _), fail in zip(tables.rolls, fails):
            best = None
            for option in options:
                value = single[option[0]] if len(option) == 1 else pair[option]
                best = value if best is None else np.maximum(best, value)
            roll += weight * np.where(best < 0, fail, best)
        roll /= tables.outcomes
        value = np.maximum(roll, give_up)
        for treasure, home_value in zip(rules.treasures, bring):
            if treasure.kind == "count":
                if level >= treasure.need:
                    value = np.maximum(value, home_value)
            else:
                ok = tables.runs[k][rows][:, lvl] >= treasure.need
                value = np.maximum(value, np.where(ok, home_value, -1.0))
        table[:, :, lvl] = value
        if progress is not None:
            progress(n_t * n_s * len(lvl))
    return table[:, :, :size]


def solve(rules: Rules = RULES, progress: Progress | None = None, keep_tables: bool = False) -> tuple[np.ndarray, dict[str, Any]]:
    """The full solve: ``V[T, s]`` for every treasure mask and sealed set (global index ``s``).

    Returns the values and facts (states solved, seconds; with ``keep_tables``
    also every block ``W`` by ``(k, T)``, for tests and the benchmark).
    """
    start = time.perf_counter()
    tables = tables_for(rules)
    values = np.zeros((tables.n_treasure_masks, tables.n_sealed))
    values[tables.full] = 1.0
    total = tables.total_states
    done = 0
    kept: dict[tuple[int, int], np.ndarray] = {}

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(0, total)
    n_kinds = len(rules.treasures)
    for size_t in range(n_kinds - 1, -1, -1):
        masks = np.array([t for t in range(tables.n_treasure_masks) if popcount(t) == size_t], dtype=np.int64)
        for k in range(rules.seal_limit - 1, -1, -1):
            rows = np.arange(len(tables.sealed_sets[k]))
            block = solve_block(tables, values, masks, k, rows, advance)
            base = tables.s_base[k]
            values[masks[:, None], base + rows[None, :]] = block[:, :, 0]
            if keep_tables:
                for i, t in enumerate(masks):
                    kept[(k, int(t))] = block[i]
    facts: dict[str, Any] = {"states": total, "seconds": time.perf_counter() - start}
    if keep_tables:
        facts["blocks"] = kept
    return values, facts


# ----- the shipped values -----------------------------------------------------------------------------------
def _digest(values: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(values, dtype="<f8").tobytes()).hexdigest()


def values_to_json(rules: Rules, values: np.ndarray) -> str:
    payload = {
        "about": "V(T, S) of 宝探し Treasure Hunt: the optimal win probability at the start of an expedition, "
        "by treasures home (row, bit i = treasure i) and sealed set (column, sets of 0, 1, 2 numbers in "
        "lexicographic order). Generated by `python -m rulebook.games.treasure_hunt.solver --write`; do not edit.",
        "rules": rules.key(),
        "solver_version": SOLVER_VERSION,
        "sha256": _digest(values),
        "values": "@VALUES@",
    }
    rows = ",\n".join("  " + json.dumps([float(v) for v in row]) for row in values)
    text = json.dumps(payload, indent=1, ensure_ascii=False)
    return text.replace('"@VALUES@"', "[\n" + rows + "\n ]") + "\n"


class BadValues(ValueError):
    """The shipped values do not match these rules or fail their checksum."""


def values_from_json(rules: Rules, text: str) -> np.ndarray:
    data = json.loads(text)
    tables = tables_for(rules)
    if data.get("rules") != rules.key() or data.get("solver_version") != SOLVER_VERSION:
        raise BadValues("values.json was made for other rules or another solver version")
    values = np.array(data.get("values"), dtype=float)
    if values.shape != (tables.n_treasure_masks, tables.n_sealed):
        raise BadValues(f"values.json has shape {values.shape}")
    if _digest(values) != data.get("sha256"):
        raise BadValues("values.json fails its checksum")
    if not (np.all(values >= 0) and np.all(values <= 1) and np.all(values[tables.full] == 1.0)):
        raise BadValues("values.json holds values outside [0, 1]")
    return values


def shipped_values(rules: Rules = RULES) -> np.ndarray | None:
    """The values shipped with the package for ``rules``, or ``None`` if there are none or they fail a check."""
    if rules != RULES:
        return None
    try:
        text = (resources.files(__package__) / "data" / DATA_FILE).read_text("utf-8")
        return values_from_json(rules, text)
    except (OSError, ValueError):
        return None


# ----- advice ------------------------------------------------------------------------------------------------------
@dataclass
class Advice:
    """Optimal values of any position, from the stage values and a cache of solved blocks."""

    rules: Rules
    values: np.ndarray
    source: str = "solved"
    cache_blocks: int = 128

    def __post_init__(self) -> None:
        self.tables = tables_for(self.rules)
        self._blocks: OrderedDict[tuple[int, int], np.ndarray] = OrderedDict()
        self.block_solves = 0

    # ---- values of positions
    def expedition_value(self, treasures: int, sealed: int) -> float:
        """``V(T, S)``: win probability when setting out (1 with all treasures, 0 with too many seals)."""
        if treasures == self.tables.full:
            return 1.0
        if popcount(sealed) >= self.rules.seal_limit:
            return 0.0
        return float(self.values[treasures, self.tables.s_index[sealed]])

    def block(self, treasures: int, sealed: int) -> np.ndarray:
        """``W(T, S, ·)`` by compressed checks (solved on first use, then cached)."""
        key = (treasures, sealed)
        found = self._blocks.get(key)
        if found is not None:
            self._blocks.move_to_end(key)
            return found
        k = popcount(sealed)
        row = self.tables.s_index[sealed] - self.tables.s_base[k]
        found = solve_block(self.tables, self.values, np.array([treasures]), k, np.array([row]))[0, 0]
        self.block_solves += 1
        self._blocks[key] = found
        if len(self._blocks) > self.cache_blocks:
            self._blocks.popitem(last=False)
        return found

    def ready_value(self, treasures: int, sealed: int, checked: int) -> float:
        """``W(T, S, C)``: win probability before a roll, with best play."""
        if treasures == self.tables.full:
            return 1.0
        k = popcount(sealed)
        if k >= self.rules.seal_limit:
            return 0.0
        if checked & sealed:
            raise ValueError("checked and sealed numbers overlap")
        row = self.tables.s_index[sealed] - self.tables.s_base[k]
        return float(self.block(treasures, sealed)[self.tables.compress[k][row, checked]])

    def seal_value(self, treasures: int, sealed: int, number: int) -> float:
        return self.expedition_value(treasures, sealed | bit(number))

    def bring_value(self, treasures: int, sealed: int, index: int, lift: int = 0) -> float:
        return self.expedition_value(treasures | (1 << index), sealed & ~bit(lift) if lift else sealed)

    def rolled_value(self, treasures: int, sealed: int, checked: int, a: int, b: int) -> float:
        """Win probability once the dice show (a, b), before choosing (best option, or best seal)."""
        options = open_options(self.rules, a, b, checked, sealed)
        if options:
            return max(self.ready_value(treasures, sealed, checked | mask_of(o)) for o in options)
        return max(self.seal_value(treasures, sealed, n) for n in failure_seals(self.rules, a, b, sealed))

    def roll_value(self, treasures: int, sealed: int, checked: int, first: int | None = None) -> float:
        """Win probability of rolling now (or, with ``first``, once the first die shows ``first``)."""
        faces = self.rules.faces
        if first is not None:
            return sum(self.rolled_value(treasures, sealed, checked, first, b) for b in range(1, faces + 1)) / faces
        total = 0.0
        for a, b, weight, *_ in self.tables.rolls:
            total += weight * self.rolled_value(treasures, sealed, checked, a, b)
        return total / self.tables.outcomes

    def start_value(self) -> float:
        return self.expedition_value(0, 0)

    # ---- values of engine states and moves
    def action_values(self, state: Any) -> dict[Any, float]:
        """Each legal action of ``state`` (a ``game.State``) -> win probability after it, with best play."""
        t, s, c = state.treasures, state.sealed, state.checked
        out: dict[Any, float] = {}
        if state.phase == Phase.READY:
            out[RollDice()] = self.roll_value(t, s, c)
            for index, treasure in enumerate(self.rules.treasures):
                if t & (1 << index) or not eligible(treasure, c):
                    continue
                out[Bring(treasure.key)] = self.bring_value(t, s, index)
                if treasure.unseal:
                    for n in numbers_of(s):
                        out[Bring(treasure.key, n)] = self.bring_value(t, s, index, n)
            for n in range(1, self.rules.numbers + 1):
                if not s & bit(n):
                    out[GiveUp(n)] = self.seal_value(t, s, n)
        elif state.phase == Phase.ROLL:
            faces = self.rules.faces
            for pips in range(1, faces + 1):
                if not state.dice:
                    out[Die(1, pips)] = self.roll_value(t, s, c, first=pips)
                else:
                    out[Die(2, pips)] = self.rolled_value(t, s, c, state.dice[0], pips)
        elif state.phase == Phase.CHECK:
            a, b = state.dice
            for option in open_options(self.rules, a, b, c, s):
                out[Check(option)] = self.ready_value(t, s, c | mask_of(option))
        elif state.phase == Phase.FAILED:
            a, b = state.dice
            for n in failure_seals(self.rules, a, b, s):
                out[Seal(n)] = self.seal_value(t, s, n)
        return out

    def state_value(self, state: Any) -> float:
        """Win probability of ``state`` with best play (1 or 0 once the game is over)."""
        if state.phase == Phase.OVER:
            return 1.0 if state.result is not None and state.result.winners else 0.0
        if state.phase == Phase.READY:
            return self.ready_value(state.treasures, state.sealed, state.checked)
        values = self.action_values(state)
        if state.phase == Phase.ROLL:
            return sum(values.values()) / self.rules.faces
        return max(values.values())


_ADVICE: dict[Rules, Advice] = {}
_progress_hook: Callable[[int, int], None] | None = None


def set_progress_hook(hook: Callable[[int, int], None] | None) -> None:
    """Where a full solve reports progress when its caller gave no callback (the page's progress bar)."""
    global _progress_hook
    _progress_hook = hook


def advice(rules: Rules = RULES, progress: Progress | None = None) -> Advice:
    """The advice for ``rules``: shipped values if they check out, else one full solve (reported to ``progress``)."""
    found = _ADVICE.get(rules)
    if found is None:
        values = shipped_values(rules)
        source = "shipped"
        if values is None:
            values, _ = solve(rules, progress or _progress_hook)
            source = "solved"
        found = _ADVICE[rules] = Advice(rules, values, source)
    return found


def is_ready(rules: Rules = RULES) -> bool:
    """True once ``advice(rules)`` is in memory (no solve will run)."""
    return rules in _ADVICE


def forget(rules: Rules | None = None) -> None:
    """Drop cached advice (tests)."""
    if rules is None:
        _ADVICE.clear()
    else:
        _ADVICE.pop(rules, None)


def main(argv: list[str] | None = None) -> None:
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(description="Solve 宝探し exactly; --write stores data/values.json.")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    values, facts = solve(RULES)
    print(f"solved {facts['states']:,} states in {facts['seconds']:.2f} s; win probability from the start {values[0, 0]:.6f}")
    if args.write:
        path = Path(__file__).parent / "data" / DATA_FILE
        path.write_text(values_to_json(RULES, values), "utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
