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
