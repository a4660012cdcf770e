"""Lemon Poker (#42 レモンポーカー, 2 players; the source marks it unfinished).

The dealer holds two sorted groups of five; the child bets on the stronger.
Public helpers: ``exact_odds`` (the exact chances of each group from what is
public), ``reveal_values`` (what turning up each card is worth to the child),
the evaluator in ``evaluator``.
"""

from .cards import CardError
from .game import LemonPoker, State
from .odds import exact_counts, exact_odds, reveal_values

LEMON_POKER = LemonPoker()
"""The engine instance."""
GAME = LEMON_POKER

OPTION_SETS = [{"hands": 2}, {"hands": 10}]
"""Set-ups the shared contract tests walk."""

__all__ = ["CardError", "GAME", "LEMON_POKER", "LemonPoker", "State", "exact_counts", "exact_odds", "reveal_values"]
