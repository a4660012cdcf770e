"""Exact win / tie / loss counts of Lemon Poker by rank classes (fast for any position).

Why not card by card: with every card face down there are 2.6 x 10^12 pairs
of face-down sets, and counting the disjoint ones card by card (``odds.
pair_counts``) sorts tens of millions of keys (about 40 s).  A hand's value
depends on its ranks unless it is a flush, so most of the work can be done
on *rank multisets* (at most 6,188 per group) and only flushes need suits.

1. **Classes.**  The unseen cards are split into classes whose cards are
   interchangeable for the score: one class per rank, or, where flushes are
   counted, (rank, suit type).  A family is a list of class multisets; the
   number of face-down card sets of group A with multiset ``a`` is
   ``prod C(n_c, a_c)``, and of group B disjoint from one of them with
   multiset ``b`` is ``prod C(n_c - a_c, b_c)``.
2. **Pairs by inclusion and exclusion over classes** (``_pair_sums``).
   ``prod_c C(n_c - a_c, b_c) = sum over R of prod_{c in R} [C(n_c - a_c, b_c) -
   C(n_c, b_c)] * prod_{c not in R} C(n_c, b_c)``, R over the classes both
   multisets hold (the bracket is 0 where ``b_c = 0``).  So B's multisets are
   filed under every (R, counts of b on R) with weight ``prod_{c not in R}
   C(n_c, b_c)`` and sorted by score, and each multiset of A looks up the keys
   of its own subsets R: integer arithmetic throughout, every count exact.
3. **Flushes as a correction.**  Let ``sN`` be the score of the ranks alone
   (no flush) and ``s`` the real score; the sets where they differ (flushes
   that beat what the ranks make) are few and are listed by suit.  For any
   comparison g, over disjoint pairs:
   ``sum g(s_A, s_B) = sum g(sN_A, sN_B) + sum_{A flush} [g(s_A, s_B) -
   g(sN_A, s_B)] + sum_{B flush} [g(sN_A, s_B) - g(sN_A, sN_B)]``;
   the middle sum is split again on whether B is a flush, so that the only
   sums over pairs of flushes are in classes (rank, suit type).  A flush
   against ranks alone depends only on the flush's category (a full house
   or four of a kind beats a flush; a straight flush beats everything), so
   those sums are rank-class lookups at two fixed thresholds.
4. **Symmetry.**  Suits the position cannot tell apart (no card of them
   face up, say) give the same flush counts, which are counted once and
   multiplied; two groups with nothing face up are interchangeable, so B's
   side of a sum is A's mirrored.  With eight or more cards face down the
   independent sums run on two threads (numpy's sorts and searches release
   the interpreter).

Worst case, every card face down: about 0.5 s on two cores
(``python -m benchmarks.lemon_poker``), against about 40 s card by card.

Same public meaning as ``odds.exact_counts``; ``odds.pair_counts`` (card by
card, per set) stays the reference the tests compare this with.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import combinations, combinations_with_replacement, permutations
from math import comb

import numpy as np

from .evaluator import STRAIGHT, TOP5, evaluate_columns

__all__ = ["count_outcomes", "slot_bounds"]

FLUSH_MIN = 5 << 26  # the lowest flush score: ranks alone never reach a flush's category
STRAIGHT_FLUSH_MIN = 8 << 26
_BIN = np.array([[comb(n, k) for k in range(6)] for n in range(5)], dtype=np.int64)  # C(n, k), n <= 4
_MAX_SUPPORT = 5  # a group has at most five face-down cards, so a multiset uses at most five classes


def slot_bounds(group) -> tuple[tuple[int, ...], list[int], list[int]]:
    """The face-down places of a group and, for each, the lowest and highest rank its card may have
    (the nearest face-up rank to its left and to its right: the group is sorted low to high)."""
    slots = tuple(i for i, c in enumerate(group) if c is None)
    lo, hi = [], []
    for i in slots:
        left = [group[j] // 4 for j in range(i) if group[j] is not None]
        right = [group[j] // 4 for j in range(i + 1, 5) if group[j] is not None]
        lo.append(left[-1] if left else 0)
        hi.append(right[0] if right else 12)
    return slots, lo, hi


@dataclass(frozen=True)
class _Group:
    fixed: tuple[int, ...]  # community + this group's face-up cards
    k: int  # face-down cards
    lo: np.ndarray  # per face-down place, in order
    hi: np.ndarray


def _fits(sorted_ranks: np.ndarray, g: _Group) -> np.ndarray:
    """Rows of ascending face-down ranks that fit the group's places."""
    if g.k == 0:
        return np.ones(len(sorted_ranks), dtype=bool)
    return ((sorted_ranks >= g.lo) & (sorted_ranks <= g.hi)).all(1)


def _rank_score(g: _Group, hidden_ranks: np.ndarray) -> np.ndarray:
    """``sN``: the score of the ranks alone.  Column j gets suit j % 4, so no suit holds five cards."""
    n = len(hidden_ranks)
    ranks = [np.full(n, c // 4, dtype=np.int64) for c in g.fixed] + [hidden_ranks[:, j] for j in range(g.k)]
    cols = [r * 4 + (j % 4) for j, r in enumerate(ranks)]
    return evaluate_columns(cols).astype(np.int64) if n else np.zeros(0, dtype=np.int64)


def _table(rows: list[tuple[int, ...]], width: int) -> np.ndarray:
    """A list of equal-length tuples as an (n, width) array (width may be 0)."""
    return np.array(rows, dtype=np.int64).reshape(len(rows), width)


@lru_cache(maxsize=8)
def _multisets(k: int) -> np.ndarray:
    """Every ascending k-tuple of ranks (with repeats), (N, k)."""
    return _table(list(combinations_with_replacement(range(13), k)), k)


def _runs(classes: np.ndarray):
    """Per row of ascending class numbers: its distinct classes (left-aligned, padded with 0),
    how many cards of each (0 in the padding), and how many distinct classes."""
    n, k = classes.shape
    cls = np.zeros((n, _MAX_SUPPORT), dtype=np.int64)
    cnt = np.zeros((n, _MAX_SUPPORT), dtype=np.int64)
    size = np.zeros(n, dtype=np.int64)
    for j in range(k):
        new = np.ones(n, dtype=bool) if j == 0 else classes[:, j] != classes[:, j - 1]
        size += new
        at = size - 1
        rows = np.arange(n)
        cls[rows, at] = classes[:, j]
        cnt[rows, at] += 1
    return cls, cnt, size


@dataclass(frozen=True)
class _Family:
    """Face-down sets of one group as class multisets: ``classes`` (N, k) ascending class numbers,
    ``weight`` the card sets each stands for, ``score`` the real score, ``rank_score`` sN."""

    classes: np.ndarray
    weight: np.ndarray
    score: np.ndarray
    rank_score: np.ndarray

    def __len__(self) -> int:
        return len(self.weight)

    def take(self, rows) -> "_Family":
        return _Family(self.classes[rows], self.weight[rows], self.score[rows], self.rank_score[rows])


def _weights(classes: np.ndarray, caps: np.ndarray) -> np.ndarray:
    cls, cnt, _ = _runs(classes)
    return np.prod(_BIN[caps[cls], cnt], axis=1)


def _rank_code(ranks: np.ndarray) -> np.ndarray:
    """A number per ascending rank tuple (the same multiset, the same number)."""
    code = np.zeros(len(ranks), dtype=np.int64)
    for j in range(ranks.shape[1]):
        code = code * 13 + ranks[:, j]
    return code


def _rank_family(g: _Group, n: np.ndarray) -> _Family:
    """Every face-down rank multiset of the group that fits its places; classes are ranks."""
    rows = _multisets(g.k)
    ok = _fits(rows, g)
    rows = rows[ok]
    weight = _weights(rows, n)
    rows, weight = rows[weight > 0], weight[weight > 0]
    sn = _rank_score(g, rows)
    return _Family(rows, weight, sn, sn)


def _class_caps(unseen: np.ndarray, type_of_suit: tuple[int, int, int, int]) -> np.ndarray:
    """Unseen cards per class (rank * 3 + type); ``unseen`` is (52,) bool."""
    caps = np.zeros(39, dtype=np.int64)
    for card in np.flatnonzero(unseen):
        caps[(card // 4) * 3 + type_of_suit[card % 4]] += 1
    return caps


def _flush_family(g: _Group, ranks: "_RankIndex", suit: int, unseen: np.ndarray, type_of_suit) -> _Family:
    """Face-down sets with five or more cards of ``suit`` among the seven whose flush beats the ranks,
    in classes (rank, type) numbered ``rank * 3 + type_of_suit[suit of the card]``.

    No hand is evaluated here: the flush's score comes from the suit's ranks alone (the evaluator's
    tables), sN from the group's rank family, and the real score is the larger of the two."""
    need = 5 - sum(1 for c in g.fixed if c % 4 == suit)
    caps = _class_caps(unseen, type_of_suit)
    own = type_of_suit[suit]
    suit_ranks = [r for r in range(13) if unseen[r * 4 + suit]]
    other = [r * 3 + t for r in range(13) for t in range(3) if t != own and caps[r * 3 + t] > 0]
    blocks = []
    for j in range(max(need, 0), g.k + 1):
        tops = _table(list(combinations(suit_ranks, j)), j)
        rest = _table(list(combinations_with_replacement(other, g.k - j)), g.k - j)
        if len(tops) and len(rest):
            ti, ri = np.repeat(np.arange(len(tops)), len(rest)), np.tile(np.arange(len(rest)), len(tops))
            blocks.append(np.hstack([tops[ti] * 3 + own, rest[ri]]))
    if not blocks:
        empty = np.zeros(0, dtype=np.int64)
        return _Family(np.zeros((0, g.k), dtype=np.int64), empty, empty, empty)
    classes = np.sort(np.vstack(blocks), axis=1)  # class order is rank order
    weight = _weights(classes, caps)
    ok = (weight > 0) & _fits(classes // 3, g)
    classes, weight = classes[ok], weight[ok]
    suit_mask = np.full(len(classes), sum(1 << (c // 4) for c in g.fixed if c % 4 == suit), dtype=np.int64)
    for j in range(g.k):
        suit_mask |= np.where(classes[:, j] % 3 == own, 1 << (classes[:, j] // 3), 0)
    sf = STRAIGHT[suit_mask]
    flush = np.where(sf >= 0, (8 << 26) | sf, (5 << 26) | TOP5[suit_mask])
    rank_score = ranks.score_of(classes // 3)
    keep = flush > rank_score
    return _Family(classes[keep], weight[keep], flush[keep], rank_score[keep])


@dataclass(frozen=True)
class _RankIndex:
    """Finds a rank multiset in a group's rank family."""

    family: _Family
    codes: np.ndarray  # sorted
    order: np.ndarray

    @classmethod
    def of(cls, family: _Family) -> "_RankIndex":
        code = _rank_code(family.classes)
        order = np.argsort(code)
        return cls(family, code[order], order)

    def find(self, ranks: np.ndarray) -> np.ndarray:
        return self.order[np.searchsorted(self.codes, _rank_code(ranks))]

    def score_of(self, ranks: np.ndarray) -> np.ndarray:
        return self.family.score[self.find(ranks)]


# --------------------------------------------------------------------------- pairs by classes


_MASKS = [(m, [j for j in range(_MAX_SUPPORT) if m >> j & 1]) for m in range(1 << _MAX_SUPPORT)]


def _dot(x: np.ndarray, y: np.ndarray) -> int:
    """``sum(x * y)`` exactly: one int64 pass when no partial sum can overflow, else in two halves."""
    if not len(x):
        return 0
    bound = float(np.abs(x).max()) * float(np.abs(y).max()) * len(x)
    if bound < 2.0 ** 62:
        return int(np.dot(x, y))
    xy = x * y
    return int(np.sum(xy >> 20)) * (1 << 20) + int(np.sum(xy & ((1 << 20) - 1)))


def _eligible_runs(classes: np.ndarray, eligible: np.ndarray):
    """``_runs`` keeping only the eligible classes (the others can never be shared)."""
    cls, cnt, size = _runs(classes)
    keep = (np.arange(_MAX_SUPPORT)[None, :] < size[:, None]) & eligible[cls]
    at = np.cumsum(keep, axis=1) - 1
    rows, cols = np.nonzero(keep)
    out_cls = np.zeros_like(cls)
    out_cnt = np.zeros_like(cnt)
    out_cls[rows, at[rows, cols]] = cls[rows, cols]
    out_cnt[rows, at[rows, cols]] = cnt[rows, cols]
    return out_cls, out_cnt, keep.sum(1)


def _pair_sums(caps: np.ndarray, a: _Family, b: _Family, b_values, queries) -> tuple[int, int, int]:
    """Sums over A's multisets and B's card sets disjoint from them (module text, step 2).

    ``b_values``: one or more arrays of B's values.  ``queries``: ``(p, u, w)`` with ``p`` an
    index into ``b_values``, ``u`` and ``w`` one value and one weight per multiset of A; each sums
    ``w * (#B below u, #B equal to u, #B in all)``.  Returns those three exact sums per query."""
    out = [[0, 0, 0] for _ in queries]
    if not len(a) or not len(b):
        return [tuple(x) for x in out]
    width = caps.size
    base, rbase = width * 5 + 6, width + 1
    eligible = np.zeros(width, dtype=bool)
    eligible[np.unique(a.classes)] = True
    in_b = np.zeros(width, dtype=bool)
    in_b[np.unique(b.classes)] = True
    eligible &= in_b
    # B: every subset R of its (eligible) classes, keyed by (R, counts on R)
    b_cls, b_cnt, b_size = _eligible_runs(b.classes, eligible)
    keys, rkeys, rows_of, weights = [], [], [], []
    for m, sel in _MASKS:
        rows = np.flatnonzero(b_size >= m.bit_length())
        if not len(rows):
            continue
        key = np.zeros(len(rows), dtype=np.int64)
        rkey = np.zeros(len(rows), dtype=np.int64)
        div = np.ones(len(rows), dtype=np.int64)
        for j in sel:
            c, n = b_cls[rows, j], b_cnt[rows, j]
            key = key * base + c * 5 + n + 1
            rkey = rkey * rbase + c + 1
            div *= _BIN[caps[c], n]
        keys.append(key)
        rkeys.append(rkey)
        rows_of.append(rows)
        weights.append(b.weight[rows] // div)
    key, rkey, b_row, weight = (np.concatenate(x) for x in (keys, rkeys, rows_of, weights))
    unique_keys, first, kid = np.unique(key, return_index=True, return_inverse=True)
    kid = kid.astype(np.int64).reshape(-1)
    n_keys = len(unique_keys)
    key_cnt = _left_aligned_digits(unique_keys, base)
    key_rkey = rkey[first]
    by_rkey = np.argsort(key_rkey, kind="stable")
    sorted_rkey = key_rkey[by_rkey]
    tables = []  # per value array: entries sorted by (key, value) with running weights
    for values in b_values:
        packed = (kid << 31) | values[b_row]
        order = np.argsort(packed, kind="stable")  # runs of it are sorted already: timsort is quick
        packed = packed[order]
        first_of_run = np.flatnonzero(np.r_[True, packed[1:] != packed[:-1]])  # one entry per (key, value)
        run_weight = np.add.reduceat(weight[order], first_of_run)
        packed = packed[first_of_run]
        cum = np.concatenate([[0], np.cumsum(run_weight)])
        ids = np.arange(n_keys, dtype=np.int64) << 31
        start = np.searchsorted(packed, ids)
        end = np.searchsorted(packed, ids + (1 << 31))
        tables.append((packed, cum, start, run_weight))
        total_of_key = cum[end] - cum[start]
    # A: every subset R of each multiset's classes, joined with B's keys on R
    a_cls, a_cnt, a_size = _eligible_runs(a.classes, eligible)
    # per query: a threshold (one or two values, as in "a flush beats what the ranks make") is looked
    # up once per key and gathered; any other value is looked up per row
    prepared = []
    for p, u, w in queries:
        packed, cum, start = tables[p][:3]
        values = np.unique(u)
        if len(values) <= 2:
            probe = (np.arange(n_keys, dtype=np.int64)[:, None] << 31) | values[None, :]
            left, right = np.searchsorted(packed, probe, "left"), np.searchsorted(packed, probe, "right")
            prepared.append((p, u, w, np.searchsorted(values, u), cum[left] - cum[start][:, None], cum[right] - cum[left]))
        else:
            prepared.append((p, u, w, None, None, None))
    for m, sel in _MASKS:
        rows = np.flatnonzero(a_size >= m.bit_length())
        if not len(rows):
            continue
        rk = np.zeros(len(rows), dtype=np.int64)
        for j in sel:
            rk = rk * rbase + a_cls[rows, j] + 1
        lo = np.searchsorted(sorted_rkey, rk, "left")
        many = np.searchsorted(sorted_rkey, rk, "right") - lo
        if not many.any():
            continue
        row = np.repeat(rows, many)
        offset = np.arange(int(many.sum())) - np.repeat(np.cumsum(many) - many, many)
        k = by_rkey[np.repeat(lo, many) + offset]
        coef = np.ones(len(row), dtype=np.int64)
        for t, j in enumerate(sel):
            c, na, p = a_cls[row, j], a_cnt[row, j], key_cnt[k, t]
            coef *= _BIN[caps[c] - na, p] - _BIN[caps[c], p]
        for q, (p, u, w, at, below_of, equal_of) in enumerate(prepared):
            wk = w[row] * coef
            out[q][2] += _dot(wk, total_of_key[k])
            if at is not None:
                i = at[row]
                below, equal = below_of[k, i], equal_of[k, i]
            else:
                packed, cum, start, run_weight = tables[p]
                probe = (k << 31) | u[row]
                left = np.searchsorted(packed, probe)
                below = cum[left] - cum[start[k]]
                at = np.minimum(left, len(packed) - 1)
                equal = np.where(packed[at] == probe, run_weight[at], 0)
            out[q][0] += _dot(wk, below)
            out[q][1] += _dot(wk, equal)
    return [tuple(x) for x in out]


def _digits(keys: np.ndarray, base: int) -> list[np.ndarray]:
    """Base-``base`` digits of ``keys``, least significant first."""
    out, rest = [], keys.copy()
    while rest.any():
        out.append(rest % base)
        rest = rest // base
    return out


def _left_aligned_digits(keys: np.ndarray, base: int) -> np.ndarray:
    """Per key of a pattern (R, counts): the counts in R's order, left-aligned, (n, 5).
    A key's digits are ``class * 5 + count + 1`` (never 0), most significant first."""
    digits = _digits(keys, base)
    n = len(keys)
    out = np.zeros((n, _MAX_SUPPORT), dtype=np.int64)
    if not digits:
        return out
    stack = np.stack(digits[::-1], axis=1)  # (n, d): a key with s digits has them in the last s columns
    size = (stack > 0).sum(1)
    d = stack.shape[1]
    rows = np.arange(n)
    for j in range(min(d, _MAX_SUPPORT)):
        ok = j < size
        vals = stack[rows, np.minimum(d - size + j, d - 1)]
        out[:, j] = np.where(ok, (vals - 1) % 5, 0)
    return out


# --------------------------------------------------------------------------- the whole count


def _groups(pos) -> tuple[_Group, _Group]:
    out = []
    for group in pos.groups:
        slots, lo, hi = slot_bounds(group)
        fixed = tuple(pos.community) + tuple(c for c in group if c is not None)
        out.append(_Group(fixed, len(slots), np.array(lo, dtype=np.int64), np.array(hi, dtype=np.int64)))
    return out[0], out[1]


def _same_suit_types(suit: int) -> tuple[int, int, int, int]:
    return tuple(0 if x == suit else 2 for x in range(4))


def _flushes_by_rank(ranks: _RankIndex, families) -> tuple[np.ndarray, np.ndarray]:
    """Per rank multiset: how many of its card sets are flushes, and straight flushes, that beat the ranks."""
    flush = np.zeros(len(ranks.family), dtype=np.int64)
    straight = np.zeros(len(ranks.family), dtype=np.int64)
    for f in families:
        if not len(f):
            continue
        where = ranks.find(f.classes // 3)
        is_sf = f.score >= STRAIGHT_FLUSH_MIN
        np.add.at(flush, where[~is_sf], f.weight[~is_sf])
        np.add.at(straight, where[is_sf], f.weight[is_sf])
    return flush, straight


def _threshold(scores: np.ndarray, low: int, high: int, cut: int) -> np.ndarray:
    """``high`` where a score reaches ``cut``, else ``low`` (a comparison that only depends on categories)."""
    return np.where(scores >= cut, high, low).astype(np.int64)


def _summed(results) -> tuple[int, int, int]:
    return tuple(sum(r[i] for r in results) for i in range(3))


def _suit_symmetries(pos) -> list[tuple[int, ...]]:
    """Permutations of the suits that leave what is public unchanged (the community and each group's
    face-up cards as sets): flushes in suits they exchange are counted once and multiplied."""
    sets = [set(pos.community)] + [{c for c in g if c is not None} for g in pos.groups]
    return [perm for perm in permutations(range(4))
            if all({(c // 4) * 4 + perm[c % 4] for c in s} == s for s in sets)]


def _flush_pairs(ga, gb, ia, ib, s: int, t: int, unseen, fs=None, ft=None):
    """Flush (suit s) of A against flush (suit t) of B: the real comparison minus what the rank
    lookups counted for such pairs.  Returns ``(sums, a_view)``: three sums, and whether A looked up."""
    types = _same_suit_types(s) if s == t else tuple(0 if x == s else 1 if x == t else 2 for x in range(4))
    if fs is None:
        fs, ft = _flush_family(ga, ia, s, unseen, types), _flush_family(gb, ib, t, unseen, types)
    caps = _class_caps(unseen, types)
    flush_beats_ranks = (FLUSH_MIN, STRAIGHT_FLUSH_MIN, FLUSH_MIN)  # u for g(sN, s of a flush)
    ranks_beat_flush = (FLUSH_MIN, STRAIGHT_FLUSH_MIN, STRAIGHT_FLUSH_MIN)  # u for g(s of a flush, sN)
    if len(fs) <= len(ft):  # the smaller family looks the other up
        w = fs.weight
        return _summed(_pair_sums(caps, fs, ft, [ft.score, ft.rank_score], [
            (0, fs.score, w),  # + g(s_A, s_B)
            (0, _threshold(fs.rank_score, *flush_beats_ranks), -w),  # - g(sN_A, s_B)
            (1, _threshold(fs.score, *ranks_beat_flush), -w),  # - g(s_A, sN_B)
            (1, fs.rank_score, w),  # + g(sN_A, sN_B)
        ])), True
    w = ft.weight
    return _summed(_pair_sums(caps, ft, fs, [fs.score, fs.rank_score], [
        (0, ft.score, w),
        (1, _threshold(ft.score, *ranks_beat_flush), -w),
        (0, _threshold(ft.rank_score, *flush_beats_ranks), -w),
        (1, ft.rank_score, w),
    ])), False


def count_outcomes(pos) -> tuple[int, int, int]:
    """``(first wins, tie, second wins)``: numbers of fitting deals (see the module text).

    ``pos`` is an ``odds.Position`` (already checked)."""
    known = set(pos.community) | {c for g in pos.groups for c in g if c is not None}
    unseen = np.array([c not in known for c in range(52)])
    n = unseen.reshape(13, 4).sum(1).astype(np.int64)
    ga, gb = _groups(pos)
    ra, rb = _rank_family(ga, n), _rank_family(gb, n)
    ia, ib = _RankIndex.of(ra), _RankIndex.of(rb)
    symmetries = _suit_symmetries(pos)
    rep = [min(perm[s] for perm in symmetries) for s in range(4)]  # suits the position cannot tell apart
    fa = {s: _flush_family(ga, ia, s, unseen, _same_suit_types(s)) for s in set(rep)}
    fb = {s: _flush_family(gb, ib, s, unseen, _same_suit_types(s)) for s in set(rep)}
    fa, fb = [fa[rep[s]] for s in range(4)], [fb[rep[s]] for s in range(4)]
    a_fl, a_sf = _flushes_by_rank(ia, fa)
    b_fl, b_sf = _flushes_by_rank(ib, fb)
    # two groups with nothing face up are the same to the count: what B's side adds is A's, mirrored
    mirror = ga.k == gb.k == 5

    def ranks_part():
        """Ranks against ranks; A's flushes counted at their category against B's ranks instead of
        A's ranks; B's flushes likewise against A's ranks."""
        fl_a, sf_a = np.full(len(ra), FLUSH_MIN), np.full(len(ra), STRAIGHT_FLUSH_MIN)
        ranks, *flushes = _pair_sums(n, ra, rb, [rb.score], [
            (0, ra.score, ra.weight), (0, fl_a, a_fl), (0, sf_a, a_sf), (0, ra.score, -(a_fl + a_sf))])
        out = [(ranks, True, 1), (_summed(flushes), True, 1)]
        if mirror:
            out.append((_summed(flushes), False, 1))
        elif (b_fl + b_sf).any():
            has = np.flatnonzero((b_fl + b_sf) > 0)
            bh = rb.take(has)
            fl_b, sf_b = np.full(len(has), FLUSH_MIN), np.full(len(has), STRAIGHT_FLUSH_MIN)
            out.append((_summed(_pair_sums(n, bh, ra, [ra.score], [
                (0, fl_b, b_fl[has]), (0, sf_b, b_sf[has]), (0, bh.score, -(b_fl[has] + b_sf[has]))])), False, 1))
        return out

    # flush against flush: what the lines above counted for such pairs, replaced by the real comparison;
    # one pair of suits for each set the position cannot tell apart (and, mirrored, for B's and A's)
    pairs: dict[tuple[int, int], list[int]] = {}
    for s in range(4):
        for t in range(4):
            if not (len(fa[s]) and len(fb[t])):
                continue
            images = [((perm[s], perm[t]), False) for perm in symmetries]
            if mirror:
                images += [((perm[t], perm[s]), True) for perm in symmetries]
            canonical, mirrored = min(images)
            pairs.setdefault(canonical, [0, 0])[mirrored] += 1

    def flush_part(s: int, t: int, times: int, mirrored_times: int):
        same = s == t
        result, a_view = _flush_pairs(ga, gb, ia, ib, s, t, unseen, fa[s] if same else None, fb[t] if same else None)
        return [(result, a_view, times), (result, not a_view, mirrored_times)]

    tasks = [ranks_part] + [partial(flush_part, s, t, *times) for (s, t), times in pairs.items()]
    if ga.k + gb.k >= 8:  # numpy's sorts and searches let go of the interpreter: two cores share the work
        with ThreadPoolExecutor(max_workers=2) as pool:
            parts = list(pool.map(lambda task: task(), tasks))
    else:
        parts = [task() for task in tasks]
    win = tie = loss = 0
    for result, a_view, times in (x for part in parts for x in part):
        below, equal, total = (times * x for x in result)
        above = total - below - equal
        if a_view:  # A looked up B: B below A's value means A wins
            win, tie, loss = win + below, tie + equal, loss + above
        else:
            win, tie, loss = win + above, tie + equal, loss + below
    return win, tie, loss
