"""Helpers shared by the view tests: press a button of the action bar as a person would."""

from __future__ import annotations

from widgets import GameApp


def click(app: GameApp, cls: str) -> None:
    """Click the first action-bar button carrying the CSS class ``cls`` (fails if none is drawn)."""
    for child in app.actions.children:
        if cls in getattr(child, "_dom_classes", ()):
            child.click()
            return
    raise AssertionError(f"no visible {cls}: {[c._dom_classes for c in app.actions.children]}")


def sealed_json(app: GameApp, match) -> str:
    """A match as this site's sealed save file: how a test resumes a table-mode position with chosen dice.

    (A plain record of an unfinished table-mode game is refused on purpose:
    nothing shows that a person typed its dice.)
    """
    import json

    from rulebook.tables import seal

    return json.dumps(seal.seal(match.to_record(), seal.site_key(app.store)))
