"""Kokkuri-san's settlement as plain functions: votes (KS-2), who is elected, influence order, the next start
player (KS-3) and the early-end lead. Shared by the engine (``game``) and the bots (``bots``).
"""

from __future__ import annotations

from .cards import X
from .state import Played

LEAD = 12
"""An early end: the leader is this many points ahead of the second after the 1st or 2nd settlement."""


def votes_of(board: tuple[Played, ...]) -> int:
    """Votes of one candidate: the sum of its numbers, its sign flipped once per ×−1 card (KS-2)."""
    total = 0
    flips = 0
    for played in board:
        if played.card == X:
            flips += 1
        else:
            total += played.card
    return -total if flips % 2 else total


def elected_positions(board: tuple[tuple[Played, ...], ...]) -> tuple[int, ...]:
    """The positions elected 1st and 2nd: most votes first, ties to the one further left."""
    votes = [votes_of(cards) for cards in board]
    return tuple(sorted(range(len(board)), key=lambda p: (-votes[p], p))[:2])


def influence_order(tokens: tuple[int, ...]) -> list[int]:
    """Seats with tokens on one candidate, most tokens first; ties: whose first token is further left."""
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, seat in enumerate(tokens):
        counts[seat] = counts.get(seat, 0) + 1
        first.setdefault(seat, i)
    return sorted(counts, key=lambda s: (-counts[s], first[s]))


def next_starter(scores: tuple[int, ...], previous: int) -> int:
    """The highest score starts; ties: the nearest clockwise from the previous start player, who counts first."""
    n = len(scores)
    best = max(scores)
    for step in range(n):
        seat = (previous + step) % n
        if scores[seat] == best:
            return seat
    return previous
