"""指輪を落とさないで Don't Drop the Ring: a trick-taking game steered by dice (3–5 players).

Public functions other code relies on:

- ``trick_winners(plays, centre_die)`` → sorted winning indices of a trick,
  ``plays`` the cards in play order (index 0 led), each ``(suit, rank)`` with
  suits ``"amethyst" "ruby" "sapphire" "emerald" "grayspinel" "diamond" "coin"``;
- ``adjust_die(area, pips, steps)`` → ``(area, pips)`` with areas
  ``"more" "just" "heavy"``;
- ``rank_order(centre_die)`` → the ranks from strongest to weakest.

``GAME`` is the engine for the site (hidden information: hands and discards).
"""

from .cards import SUITS, adjust_die, deck, rank_order, trick_winners
from .game import Ring
from .state import Phase, State, playable

GAME = Ring()

OPTION_SETS = [
    {"players": 3, "just_bonus": False},
    {"players": 4, "just_bonus": True},
    {"players": 5, "just_bonus": False},
]
"""The set-ups the contract tests run on: each player count (each deck) once, the optional rule
(which only changes how a ring moves on Just) on in one of them."""

__all__ = ["GAME", "OPTION_SETS", "Phase", "Ring", "SUITS", "State", "adjust_die", "deck", "playable", "rank_order", "trick_winners"]
