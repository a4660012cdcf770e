"""The cards, the rank orders, who wins a trick, and how a die moves between areas.

Cards are small integers (``0..29``) so the engine's hot path works on
tuples of ints; ``CARD_NAMES`` / ``CARD_IDS`` translate to the text form
``"ruby-5"`` used in actions, observations and the page. The two public
functions other code relies on take plain values:

- ``trick_winners(plays, centre_die)`` with ``plays`` a list of
  ``(suit, rank)`` in play order (index 0 led) → sorted winning indices;
- ``adjust_die(area, pips, steps)`` with ``area`` one of ``"more"``,
  ``"just"``, ``"heavy"`` → the new ``(area, pips)``.
"""

from __future__ import annotations

from typing import Sequence

SUITS: tuple[str, ...] = ("amethyst", "ruby", "sapphire", "emerald", "grayspinel", "diamond", "coin")
SUIT_RANKS: dict[str, tuple[int, ...]] = {
    "amethyst": (1, 2, 3, 4, 5, 6, 7),
    "ruby": (2, 3, 4, 5, 6, 7),
    "sapphire": (3, 4, 5, 6, 7),
    "emerald": (4, 5, 6, 7),
    "grayspinel": (5, 6, 7),
    "diamond": (6, 7),
    "coin": (0, 1, 7),
}
AMETHYST, RUBY, SAPPHIRE, EMERALD, GRAYSPINEL, DIAMOND, COIN = range(7)
SUIT_NAMES: dict[str, tuple[str, str]] = {
    "amethyst": ("アメジスト", "Amethyst"),
    "ruby": ("ルビー", "Ruby"),
    "sapphire": ("サファイア", "Sapphire"),
    "emerald": ("エメラルド", "Emerald"),
    "grayspinel": ("グレースピネル", "Gray Spinel"),
    "diamond": ("ダイヤモンド", "Diamond"),
    "coin": ("コイン", "Coin"),
}

CARDS: tuple[tuple[int, int], ...] = tuple((s, r) for s, name in enumerate(SUITS) for r in SUIT_RANKS[name])
"""Every card as ``(suit index, rank)``; a card's id is its index here (30 cards)."""
SUIT: tuple[int, ...] = tuple(s for s, _ in CARDS)
RANK: tuple[int, ...] = tuple(r for _, r in CARDS)
CARD_NAMES: tuple[str, ...] = tuple(f"{SUITS[s]}-{r}" for s, r in CARDS)
CARD_IDS: dict[str, int] = {name: k for k, name in enumerate(CARD_NAMES)}
COINS: frozenset[int] = frozenset(k for k, s in enumerate(SUIT) if s == COIN)


def deck(players: int) -> tuple[int, ...]:
    """The cards used with ``players`` seats: 5 all 30; 4 without Coins; 3 also without Amethysts."""
    if players >= 5:
        return tuple(range(len(CARDS)))
    if players == 4:
        return tuple(k for k in range(len(CARDS)) if SUIT[k] != COIN)
    return tuple(k for k in range(len(CARDS)) if SUIT[k] not in (COIN, AMETHYST))


# ----- rank orders ------------------------------------------------------------------------------
def high_order(centre: int) -> bool:
    """Centre die 4–6: 7 > 6 > … > 1 > 0 ("high"); 1–3: 1 > 2 > … > 7 > 0 ("low")."""
    return centre >= 4


STRENGTH_HIGH: tuple[int, ...] = tuple(r for r in RANK)
"""Bigger wins. 7 > 6 > … > 1 > 0."""
STRENGTH_LOW: tuple[int, ...] = tuple(0 if r == 0 else 8 - r for r in RANK)
"""Bigger wins. 1 > 2 > … > 7 > 0."""


def rank_order(centre: int) -> tuple[int, ...]:
    """The ranks from strongest to weakest under ``centre`` (the rank order shown on the page)."""
    if not isinstance(centre, int) or isinstance(centre, bool) or not 1 <= centre <= 6:
        raise ValueError(f"a centre die shows 1 to 6, not {centre!r}")
    return (7, 6, 5, 4, 3, 2, 1, 0) if high_order(centre) else (1, 2, 3, 4, 5, 6, 7, 0)


def winners_of(cards: Sequence[int], high: bool) -> tuple[int, ...]:
    """Indices (play order) of the winning cards of a trick of card ids.

    Among the cards of the led suit — Coins count as the led suit — the
    strongest wins; every card of that rank, whatever its suit, wins too.
    """
    strength = STRENGTH_HIGH if high else STRENGTH_LOW
    led = SUIT[cards[0]]
    best = -1
    best_rank = -1
    for c in cards:
        s = SUIT[c]
        if s == led or s == COIN:
            v = strength[c]
            if v > best:
                best, best_rank = v, RANK[c]
    return tuple(i for i, c in enumerate(cards) if RANK[c] == best_rank)


def next_leader_index(cards: Sequence[int], winners: Sequence[int]) -> int:
    """DR-2: the winner who played the led suit itself; else the winner who played a Coin."""
    led = SUIT[cards[0]]
    for i in winners:
        if SUIT[cards[i]] == led:
            return i
    for i in winners:
        if SUIT[cards[i]] == COIN:
            return i
    return winners[0]  # unreachable: the strongest card is of the led suit or a Coin


def trick_winners(plays: Sequence[tuple[str, int]], centre_die: int) -> list[int]:
    """Winning indices of a trick, sorted; ``plays`` are ``(suit, rank)`` in play order (0 led).

    Raises ``ValueError`` for an unknown card or a centre die outside 1–6.
    """
    rank_order(centre_die)
    if not plays:
        raise ValueError("a trick needs at least one card")
    ids = []
    for card in plays:
        if not isinstance(card, (tuple, list)) or len(card) != 2:
            raise ValueError(f"a card is (suit, rank), not {card!r}")
        suit, rank = card
        name = f"{suit}-{rank}" if isinstance(rank, int) and not isinstance(rank, bool) else None
        if name not in CARD_IDS:
            raise ValueError(f"there is no card {card!r}")
        ids.append(CARD_IDS[name])
    return sorted(winners_of(ids, high_order(centre_die)))


# ----- the dice on the pedestal card -----------------------------------------------------------
MORE, JUST, HEAVY = 0, 1, 2
AREAS: tuple[str, ...] = ("more", "just", "heavy")
AREA_NAMES: dict[str, tuple[str, str]] = {
    "more": ("もっと宝石を", "More jewel"),
    "just": ("ちょうど", "Just"),
    "heavy": ("重すぎ", "Too heavy"),
}
MAX_PIPS = 6
"""DR-1: a die never shows more than 6; in Too heavy it stays at 6."""


def _step(area: int, pips: int) -> tuple[int, int]:
    if area == MORE:
        return (MORE, pips - 1) if pips > 1 else (JUST, 1)
    if area == JUST:
        return (JUST, pips - 1) if pips > 1 else (HEAVY, 1)
    return (HEAVY, min(MAX_PIPS, pips + 1))


def _adjust(area: int, pips: int, steps: int) -> tuple[int, int]:
    for _ in range(steps):
        area, pips = _step(area, pips)
    return area, pips


ADJUST: dict[tuple[int, int, int], tuple[int, int]] = {
    (a, p, k): _adjust(a, p, k) for a in (MORE, JUST, HEAVY) for p in range(1, 7) for k in range(0, 6)
}
"""``(area, pips, steps) -> (area, pips)`` for every case a trick can cause (at most 5 winners)."""


def adjust_die(area: str, pips: int, steps: int) -> tuple[str, int]:
    """The die after a trick won with ``steps`` winners (one step per winner, carried across areas).

    More jewel and Just count down; a count that would reach 0 moves the die
    on (More jewel → Just showing 1; Just → Too heavy, still 1) and the
    remaining steps go on there; Too heavy counts up, never past 6 (DR-1).
    """
    if area not in AREAS:
        raise ValueError(f"the areas are {AREAS}, not {area!r}")
    for name, value, low in (("pips", pips, 1), ("steps", steps, 0)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{name} must be a whole number ≥ {low}, not {value!r}")
    if pips > MAX_PIPS:
        raise ValueError(f"a die shows 1 to 6, not {pips}")
    a, p = _adjust(AREAS.index(area), pips, steps)
    return AREAS[a], p


__all__ = [
    "ADJUST",
    "AREAS",
    "AREA_NAMES",
    "CARDS",
    "CARD_IDS",
    "CARD_NAMES",
    "COIN",
    "COINS",
    "HEAVY",
    "JUST",
    "MORE",
    "RANK",
    "SUIT",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_RANKS",
    "adjust_die",
    "deck",
    "high_order",
    "next_leader_index",
    "rank_order",
    "trick_winners",
    "winners_of",
]
