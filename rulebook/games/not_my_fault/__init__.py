"""Not My Fault! ver.2.0: a bluffing game of face-down cards and declared totals.

``GAME`` is the ver.2.0 engine for the site; the #41 prototype is the same
engine with another ``Variant`` (``rulebook.games.not_my_fault_41``).
Public helpers: ``reach_probability`` (the exact audit odds a seat can
compute), the bots in ``bots``.
"""

from .game import NotMyFault, State
from .variants import V20, V41, Variant

GAME = NotMyFault()

OPTION_SETS = [{"players": 2}, {"players": 3}, {"players": 6}]
"""Set-ups the shared contract tests walk (4 and 5 are covered by this game's own tests)."""

__all__ = ["GAME", "NotMyFault", "State", "V20", "V41", "Variant"]

UNCITED_IDS = {
    "place": "the #41 prototype's hands (this version has none)",
    "empty-hand": "the #41 prototype's hands",
    "last-milestone": "the #41 prototype's milestone cards",
}
"""Rule ids in the shared engine code that this version never raises (``rulebook.core.conventions``)."""
