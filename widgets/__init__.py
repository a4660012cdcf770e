"""ipywidgets views of the rulebook: the shared ``GameApp`` and per-game boards.

No rules live here: views draw observations and send actions to the engine
(``rulebook``), which decides what is legal and why.
"""

from .app import GameApp

__all__ = ["GameApp"]
