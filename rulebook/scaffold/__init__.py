"""``rulebook new NAME``: scaffold a complete small game (docs/designing-a-game.md).

The generated game is a dice race with one worked rule, and it already
passes every cross-game test: the engine contract, the page contract, the
worked-example, lesson and quick-reference checks. Every file it writes is
new (the engine package, the view package, the notebook, the tests): the
registry, the catalogue (``catalogue.json``) and the site find the game by
themselves, so no core file changes.
"""

from .new import RESERVED, ScaffoldError, check_name, class_name, new_game, planned_files

__all__ = ["RESERVED", "ScaffoldError", "check_name", "class_name", "new_game", "planned_files"]
