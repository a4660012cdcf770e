"""Exact odds of Lemon Poker from what is public (LP-1, LP-3).

``exact_odds(community, groups)`` -> ``(first wins, second wins, tie)``.
Every deal of the face-down cards that fits what is public counts once: the
two community cards, the face-up cards, and the place of each face-up card
in its group's sorted order (rank order, A high, equal ranks in any order).
A place limits the face-down cards: those left of a face-up 9 are 9 or
lower, those right of it 9 or higher.  How the dealer chose which cards to
show is not modelled.

Two ways of counting, both exact (nothing is sampled):
- ``exact_counts`` counts by rank classes with flushes as a correction
  (``counting.count_outcomes``): well under a second for any position, all
  ten cards face down included.
- ``pair_counts`` goes card by card and gives counts *per face-down set*,
  which ``reveal_values`` and the bots' sampling need: each group's
  possible face-down sets are listed (combinations of the unseen cards, kept
  when their ranks fit the slots), scored by the vectorised evaluator, and
  pairs of sets that share no card are counted by inclusion and exclusion
  over the shared cards (pairs sharing a set S of cards, for every S, with
  sign (-1)^|S|), each count a sort of (shared cards, score) keys.  It is
  quick while few cards are face down (the game's positions) and is the
  reference the tests hold ``count_outcomes`` to.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from .cards import CardError, card_text, parse_card
from .counting import count_outcomes, slot_bounds
from .evaluator import evaluate_columns

__all__ = ["exact_odds", "exact_counts", "Position", "parse_position", "GroupSets", "group_sets",
           "pair_counts", "reveal_values", "without_cards"]


@dataclass(frozen=True)
class Position:
    """What is public, as card numbers: ``community`` (2), ``groups`` (2 x 5, None = face down)."""

    community: tuple[int, int]
    groups: tuple[tuple[int | None, ...], tuple[int | None, ...]]


def parse_position(community, groups) -> Position:
    """Read and check the text form; raise ``CardError`` with a clear message."""
    if isinstance(community, str) or len(community) != 2:
        raise CardError(f"community must be two cards, got {community!r}")
    com = tuple(parse_card(c) for c in community)
    if isinstance(groups, str) or len(groups) != 2:
        raise CardError("groups must be two lists of five entries (a card or None)")
    gs = []
    for gi, g in enumerate(groups):
        if isinstance(g, str) or len(g) != 5:
            raise CardError(f"group {gi + 1} must have five entries (a card or None), got {g!r}")
        gs.append(tuple(None if x is None else parse_card(x) for x in g))
    seen: dict[int, str] = {}
    places = [("community", c) for c in com] + [
        (f"group {gi + 1} place {i + 1}", c) for gi, g in enumerate(gs) for i, c in enumerate(g) if c is not None
    ]
    for where, c in places:
        if c in seen:
            raise CardError(f"{card_text(c)} appears twice ({seen[c]} and {where})")
        seen[c] = where
    for gi, g in enumerate(gs):
        shown = [(i, c) for i, c in enumerate(g) if c is not None]
        for (i, a), (j, b) in zip(shown, shown[1:]):
            if a // 4 > b // 4:
                raise CardError(
                    f"group {gi + 1} breaks the sorting: {card_text(a)} (place {i + 1}) is higher than "
                    f"{card_text(b)} (place {j + 1}); a group is sorted low to high, A highest"
                )
    return Position(com, (gs[0], gs[1]))


@lru_cache(maxsize=64)
def _combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n), ascending, as a (k, C(n, k)) int64 array."""
    if k == 0:
        return np.zeros((0, 1), dtype=np.int64)
    rows = np.arange(n, dtype=np.int64)[None, :]
    for _ in range(k - 1):
        last = rows[-1]
        extra = n - 1 - last  # how many larger elements can follow
        rep = np.repeat(np.arange(rows.shape[1]), extra)
        start = np.repeat(np.cumsum(extra) - extra, extra)
        nxt = last[rep] + 1 + (np.arange(len(rep)) - start)
        rows = np.vstack([rows[:, rep], nxt[None, :]])
    rows.setflags(write=False)
    return rows


@dataclass(frozen=True)
class GroupSets:
    """One group's possible face-down sets: ``cards`` (k, n) ascending, ``scores`` (n,)."""

    slots: tuple[int, ...]  # the face-down places, in order
    cards: np.ndarray
    scores: np.ndarray


def group_sets(pos: Position, gi: int) -> GroupSets:
    """Every face-down set of group ``gi`` that fits its face-up cards' places, scored."""
    group = pos.groups[gi]
    known = set(pos.community) | {c for g in pos.groups for c in g if c is not None}
    slots, lo, hi = slot_bounds(group)
    k = len(slots)
    if k:
        pool = np.array([c for c in range(52) if c not in known and min(lo) <= c // 4 <= max(hi)], dtype=np.int64)
        idx = _combinations(len(pool), k) if len(pool) >= k else np.zeros((k, 0), dtype=np.int64)
        cards = pool[idx]
        ranks = cards >> 2
        ok = np.ones(cards.shape[1], dtype=bool)
        for j in range(k):
            ok &= (ranks[j] >= lo[j]) & (ranks[j] <= hi[j])
        cards = cards[:, ok]
    else:
        cards = np.zeros((0, 1), dtype=np.int64)
    n = cards.shape[1]
    fixed = list(pos.community) + [c for c in group if c is not None]
    cols = [np.full(n, c, dtype=np.int64) for c in fixed] + [cards[j] for j in range(k)]
    scores = evaluate_columns(cols) if n else np.zeros(0, dtype=np.int32)
    return GroupSets(slots, cards, scores)


def without_cards(sets: GroupSets, cards) -> GroupSets:
    """The sets of ``sets`` that hold none of ``cards`` (e.g. the other group's face-up cards)."""
    cards = [c for c in cards if c is not None]
    if not cards or sets.cards.shape[0] == 0:
        return sets
    keep = ~np.isin(sets.cards, cards).any(0)
    return GroupSets(sets.slots, sets.cards[:, keep], sets.scores[keep])


def _subset_keys(cards: np.ndarray, s: int, other_pool: np.ndarray):
    """(keys, owner) of every s-subset of every set whose cards all lie in ``other_pool``."""
    k, n = cards.shape
    keys, owners = [], []
    for pat in combinations(range(k), s):
        key = np.zeros(n, dtype=np.int64)
        ok = np.ones(n, dtype=bool)
        for j in pat:
            key = key * 53 + cards[j] + 1
            ok &= other_pool[cards[j]]
        keys.append(key[ok])
        owners.append(np.flatnonzero(ok))
    return np.concatenate(keys), np.concatenate(owners)


def _same_key_totals(kx, vx, ky, vy) -> np.ndarray:
    """Over pairs (x, y) with equal keys: how many x score higher, equal, lower (one sort)."""
    code = np.concatenate([(kx << 31) | (vx << 1), (ky << 31) | (vy << 1) | 1])
    code.sort()
    is_y = code & 1
    y_before = np.cumsum(is_y) - is_y
    n = len(code)

    def starts(groups):
        edge = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
        return edge, np.repeat(edge, np.diff(np.r_[edge, n]))

    key_edge, key_start = starts(code >> 31)
    # y entries sort after x entries of an equal score: those counted before an x score lower
    higher = int((y_before - y_before[key_start])[is_y == 0].sum())
    ny_group = np.add.reduceat(is_y, key_edge)
    pairs = int((ny_group * (np.diff(np.r_[key_edge, n]) - ny_group)).sum())
    val_edge, _ = starts(code >> 1)
    ny_val = np.add.reduceat(is_y, val_edge)
    equal = int((ny_val * (np.diff(np.r_[val_edge, n]) - ny_val)).sum())
    return np.array([higher, equal, pairs - higher - equal], dtype=np.int64)


def pair_counts(a: GroupSets, b: GroupSets, per_set: bool = True):
    """Over pairs of disjoint sets: per set of ``a`` the number of ``b`` sets it beats, ties, loses to;
    and the same per set of ``b``.  Returns ``(a_counts, b_counts)``, each (n, 3) int64."""
    na, nb = len(a.scores), len(b.scores)
    out_a = np.zeros((na, 3), dtype=np.int64)
    out_b = np.zeros((nb, 3), dtype=np.int64)
    totals = np.zeros(3, dtype=np.int64)
    if na == 0 or nb == 0:
        return (out_a, out_b) if per_set else totals
    va = a.scores.astype(np.int64)  # scores are below 2**30; keys of up to 5 cards below 2**29
    vb = b.scores.astype(np.int64)
    in_a = np.zeros(52, dtype=bool)
    in_a[np.unique(a.cards)] = True
    in_b = np.zeros(52, dtype=bool)
    in_b[np.unique(b.cards)] = True
    vbits = 30
    for s in range(0, min(a.cards.shape[0], b.cards.shape[0]) + 1):
        ka, oa = _subset_keys(a.cards, s, in_b)
        kb, ob = _subset_keys(b.cards, s, in_a)
        if len(ka) == 0 or len(kb) == 0:
            continue
        sign = -1 if s % 2 else 1
        if not per_set:
            totals += sign * _same_key_totals(ka, va[oa], kb, vb[ob])
            continue
        sides = [(ka, oa, va, kb, ob, vb, out_a), (kb, ob, vb, ka, oa, va, out_b)]
        for keys_x, own_x, v_x, keys_y, own_y, v_y, out in sides:
            # per entry of x: entries of y with the same key and a lower / equal score
            ky = (keys_y << vbits) | v_y[own_y]
            ky.sort()
            kx = (keys_x << vbits) | v_x[own_x]
            start = np.searchsorted(ky, keys_x << vbits, side="left")
            lower = np.searchsorted(ky, kx, side="left") - start
            upto = np.searchsorted(ky, kx, side="right") - start
            total = np.searchsorted(ky, (keys_x + 1) << vbits, side="left") - start
            for col, x in enumerate((lower, upto - lower, total - upto)):
                out[:, col] += sign * np.bincount(own_x, weights=x, minlength=len(out)).astype(np.int64)
    return (out_a, out_b) if per_set else totals


def exact_counts(community, groups) -> tuple[int, int, int]:
    """Numbers of fitting deals where the first group wins, the second wins, they tie."""
    w, t, l = count_outcomes(parse_position(community, groups))
    if w + t + l == 0:
        raise CardError("no deal fits these cards: the face-down places cannot be filled in sorted order")
    return w, l, t


def exact_odds(community, groups) -> tuple[float, float, float]:
    """``(first wins, second wins, tie)`` over every deal that fits what is public.

    ``community``: two cards, e.g. ``["Ah", "7c"]``; ``groups``: two lists of
    five entries in sorted places, each a card (``"Td"``) or ``None`` (face
    down).  Raises ``CardError`` (a ``ValueError``) for a malformed card, a
    card twice, face-up cards out of sorted order, or places no deal fits.
    """
    w, l, t = exact_counts(community, groups)
    n = w + l + t
    return w / n, l / n, t / n


def reveal_values(community, groups, gi: int):
    """For each face-down place of group ``gi``: what turning it up is worth to the child.

    Returns ``{place: (value, outcomes)}`` where ``value`` is the expected
    ``|P(first wins) - P(second wins)|`` after seeing the card (the child's
    expected gain per chip staked on the better group), and ``outcomes`` maps
    each card that may show there to ``(probability, (p1, p2, tie))``.
    Every fitting deal counts once, as in ``exact_odds``; when m face-down
    cards of the same rank could stand at the place (the dealer orders equal
    ranks freely), each of them shows with probability 1/m in that deal.
    So the outcomes mix back to the odds as they stand, and no reveal is
    worth less than seeing nothing.  Without such ties an outcome's odds are
    ``exact_odds`` with that card face up.
    """
    pos = parse_position(community, groups)
    sets = [group_sets(pos, 0), group_sets(pos, 1)]
    ca, cb = pair_counts(sets[0], sets[1])
    mine = sets[gi]
    counts = (ca if gi == 0 else cb[:, ::-1]).astype(float)  # (first wins, tie, second wins) per set
    k = mine.cards.shape[0]
    total = counts.sum()
    result = {}
    for j, place in enumerate(mine.slots):
        r_here = mine.cards[j] >> 2
        same = [(mine.cards[jj] >> 2) == r_here for jj in range(k)]  # cards of that rank may stand here
        m = np.sum(same, axis=0)
        acc = np.zeros((52, 3))
        for jj in range(k):
            hit = same[jj]
            for col in range(3):
                acc[:, col] += np.bincount(mine.cards[jj][hit], weights=counts[hit, col] / m[hit], minlength=52)
        outs = {}
        value = 0.0
        for c in np.flatnonzero(acc.sum(1) > 0):
            w, t, l = acc[c]
            n = w + t + l
            outs[card_text(int(c))] = (n / total, (w / n, l / n, t / n))
            value += abs(w - l) / total
        result[place] = (value, outs)
    return result
