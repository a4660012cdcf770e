"""A vectorised 7-card poker evaluator (numpy): many hands in one call.

``evaluate7(cards)`` takes an ``(n, 7)`` integer array of card numbers
(rank * 4 + suit, rank 0 = 2 ... 12 = ace) and returns ``n`` int32 scores:
a larger score is a stronger best-5-of-7 hand, equal scores are equal hands
(LP-3: standard poker ranks, A high, A-2-3-4-5 the lowest straight).
``score >> 26`` is the category (``CATEGORIES``).  The work is a few dozen
numpy passes and lookups in tables of 8192 entries (one per set of ranks),
so the cost per hand is a few tens of nanoseconds.
"""

from __future__ import annotations

import numpy as np

CATEGORIES = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)
CATEGORIES_JA = (
    "ハイカード", "ワンペア", "ツーペア", "スリーカード", "ストレート",
    "フラッシュ", "フルハウス", "フォーカード", "ストレートフラッシュ",
)
_SHIFT = 26


def _tables():
    masks = np.arange(8192, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(13)) & 1  # (8192, 13)
    popcount = bits.sum(1).astype(np.int64)
    highbit = np.where(masks > 0, 12 - np.argmax(bits[:, ::-1], axis=1), -1).astype(np.int64)

    def top(k):
        out = np.zeros(8192, dtype=np.int64)
        rest = masks.copy()
        for _ in range(k):
            h = np.where(rest > 0, 12 - np.argmax(((rest[:, None] >> np.arange(13)) & 1)[:, ::-1], axis=1), -1)
            bit = np.where(h >= 0, 1 << np.maximum(h, 0), 0)
            out |= bit
            rest &= ~bit
        return out

    straight = np.full(8192, -1, dtype=np.int64)
    for high in range(3, 13):  # high card rank of the straight: 3 = the 5 of A-2-3-4-5
        need = (1 << 12) | 0b1111 if high == 3 else sum(1 << r for r in range(high - 4, high + 1))
        straight[(masks & need) == need] = np.maximum(straight[(masks & need) == need], high)
    return popcount, highbit, top(2), top(3), top(5), straight


POPCOUNT, HIGHBIT, TOP2, TOP3, TOP5, STRAIGHT = _tables()


def _ge_table():
    x = np.arange(65536, dtype=np.int64)
    out = np.zeros(65536, dtype=np.int64)
    for i in range(4):
        nib = (x >> (4 * i)) & 15
        for k in range(1, 5):
            out |= (nib >= k).astype(np.int64) << (4 * (k - 1) + i)
    return out


_GE = _ge_table()


def evaluate7(cards) -> np.ndarray:
    """Scores of ``(n, 7)`` hands; see the module text."""
    c = np.asarray(cards, dtype=np.int64)
    if c.ndim != 2 or c.shape[1] != 7:
        raise ValueError("evaluate7 takes an (n, 7) array of card numbers")
    return evaluate_columns(np.ascontiguousarray(c.T))


def evaluate_columns(cols) -> np.ndarray:
    """Scores of hands given as 7 rows of card numbers (shape ``(7, n)``, or a list of 7 arrays)."""
    cols = [np.asarray(x, dtype=np.int64) for x in cols]
    if len(cols) != 7:
        raise ValueError("evaluate_columns takes 7 rows of card numbers")
    n = len(cols[0])
    cols = np.broadcast_arrays(*cols) if n else cols
    r = [x >> 2 for x in cols]
    s = [x & 3 for x in cols]
    one = np.int64(1)
    rankbit = [one << x for x in r]
    packed = np.zeros(n, dtype=np.int64)  # per-rank counts, 4 bits a rank
    suitpack = np.zeros(n, dtype=np.int64)  # per-suit counts, 8 bits a suit
    for j in range(7):
        packed += one << (4 * r[j])
        suitpack += one << (8 * s[j])
    # _GE turns 4 ranks of counts into the 4-bit masks of "count >= 1, 2, 3, 4"
    m1 = m2 = m3 = m4 = 0
    for j in range(4):
        g = _GE[(packed >> (16 * j)) & 0xFFFF]
        m1 = m1 | ((g & 15) << (4 * j))
        m2 = m2 | (((g >> 4) & 15) << (4 * j))
        m3 = m3 | (((g >> 8) & 15) << (4 * j))
        m4 = m4 | (((g >> 12) & 15) << (4 * j))
    fbits = (suitpack + 0x03030303) & 0x08080808  # bit 3 of a suit's byte: 5+ cards
    fl = np.flatnonzero(fbits)  # flushes are rare: their suit's ranks are gathered for them only
    fmask = np.zeros(n, dtype=np.int64)
    if len(fl):
        fb = fbits[fl]
        fsuit = (fb >= (1 << 11)).astype(np.int64) + (fb >= (1 << 19)) + (fb >= (1 << 27))
        fm = np.zeros(len(fl), dtype=np.int64)
        for j in range(7):
            fm |= np.where(s[j][fl] == fsuit, rankbit[j][fl], 0)
        fmask[fl] = fm
    has_flush = fmask != 0

    st = STRAIGHT[m1]
    sf = STRAIGHT[fmask]  # -1 where there is no flush (STRAIGHT[0] = -1)
    q = HIGHBIT[m4]
    t = HIGHBIT[m3]
    p2 = POPCOUNT[m2]
    cat = np.select(
        [sf >= 0, q >= 0, (t >= 0) & (p2 >= 2), has_flush, st >= 0, t >= 0, p2 >= 2, p2 == 1],
        [8, 7, 6, 5, 4, 3, 2, 1], 0,
    )
    val = TOP5[m1]  # high card; every other category overwrites its own hands only
    for c in range(1, 9):
        i = np.flatnonzero(cat == c)
        if not len(i):
            continue
        a1 = m1[i]
        if c == 1:
            pr = HIGHBIT[m2[i]]
            val[i] = pr * 8192 + TOP3[a1 & ~(one << pr)]
        elif c == 2:
            tp = TOP2[m2[i]]
            val[i] = tp * 16 + HIGHBIT[a1 & ~tp]
        elif c == 3:
            tr = t[i]
            val[i] = tr * 8192 + TOP2[a1 & ~(one << tr)]
        elif c == 4:
            val[i] = st[i]
        elif c == 5:
            val[i] = TOP5[fmask[i]]
        elif c == 6:  # a trips and another rank with >= 2 (it may be a second trips)
            tr = t[i]
            val[i] = tr * 16 + HIGHBIT[m2[i] & ~(one << tr)]
        elif c == 7:
            qq = q[i]
            val[i] = qq * 16 + HIGHBIT[a1 & ~(one << qq)]
        else:
            val[i] = sf[i]
    return ((cat << _SHIFT) | val).astype(np.int32)


def category(scores) -> np.ndarray:
    return np.asarray(scores) >> _SHIFT


_L = {name: table.tolist() for name, table in
      (("pop", POPCOUNT), ("high", HIGHBIT), ("top2", TOP2), ("top3", TOP3), ("top5", TOP5), ("st", STRAIGHT))}


def evaluate_one(cards) -> int:
    """Score of one hand of 7 card numbers: the same score as ``evaluate7``, in plain Python
    (a showdown scores one hand; numpy's call overhead would cost more than the work)."""
    pop, high, top2, top3, top5, straight = (_L[k] for k in ("pop", "high", "top2", "top3", "top5", "st"))
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    for c in cards:
        counts[c >> 2] += 1
        suits[c & 3] |= 1 << (c >> 2)
    m1 = m2 = m3 = m4 = 0
    for r, n in enumerate(counts):
        if n:
            b = 1 << r
            m1 |= b
            if n >= 2:
                m2 |= b
            if n >= 3:
                m3 |= b
            if n >= 4:
                m4 |= b
    fmask = next((m for m in suits if pop[m] >= 5), 0)
    if fmask and straight[fmask] >= 0:
        cat, val = 8, straight[fmask]
    elif m4:
        q = high[m4]
        cat, val = 7, q * 16 + high[m1 & ~(1 << q)]
    elif m3 and pop[m2] >= 2:
        t = high[m3]
        cat, val = 6, t * 16 + high[m2 & ~(1 << t)]
    elif fmask:
        cat, val = 5, top5[fmask]
    elif straight[m1] >= 0:
        cat, val = 4, straight[m1]
    elif m3:
        t = high[m3]
        cat, val = 3, t * 8192 + top2[m1 & ~(1 << t)]
    elif pop[m2] >= 2:
        tp = top2[m2]
        cat, val = 2, tp * 16 + high[m1 & ~tp]
    elif m2:
        cat, val = 1, high[m2] * 8192 + top3[m1 & ~m2]
    else:
        cat, val = 0, top5[m1]
    return (cat << _SHIFT) | val
