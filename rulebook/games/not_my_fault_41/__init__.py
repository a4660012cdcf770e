"""Not My Fault! (#41 prototype): 7-card hands, milestone cards 2–25, reprimands.

A thin package over the ver.2.0 engine (``rulebook.games.not_my_fault``):
the #41 version is the variant ``V41`` of the same rules code. ``GAME`` is
the engine for the site.
"""

from .game import NotMyFault41

GAME = NotMyFault41()

OPTION_SETS = [{"players": 2}, {"players": 3}, {"players": 5}]
"""Set-ups the shared contract tests walk (4 is covered by this game's own tests)."""

__all__ = ["GAME", "NotMyFault41"]

UNCITED_IDS = {"trust": "ver.2.0's draw before declaring (the #41 prototype has no draw)"}
"""Rule ids in the shared engine code (rulebook/games/not_my_fault) that this version never raises (``rulebook.core.conventions``)."""
