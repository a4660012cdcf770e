"""ぷにぅダイス Puniu Dice: five dice, up to three rolls, eight categories, penalty bands.

Public functions other code relies on: ``category_score(dice, category,
face=None) -> (score, penalty)`` and ``final_score(entries) -> int`` (see
``scoring`` for ties and partial sheets); ``advise`` / ``decide`` (the hint
and the hint bot, see ``hint``). ``GAME`` is the engine for the site.
"""

from .game import Puniu, Sheet, State
from .hint import advise, decide, greedy_option
from .scoring import CATEGORIES, band, cancel_count, cancelled, category_score, final_score

GAME = Puniu()

OPTION_SETS = [{"players": n} for n in range(1, 7)]
"""Every way to set up a game, for the contract tests that run on every game."""

__all__ = [
    "CATEGORIES",
    "GAME",
    "Puniu",
    "Sheet",
    "State",
    "advise",
    "band",
    "cancel_count",
    "cancelled",
    "category_score",
    "decide",
    "final_score",
    "greedy_option",
]
