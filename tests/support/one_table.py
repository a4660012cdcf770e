"""A match on a table of its own: undo and redo are the table's (``TableSession``), so tests undo there.

``Match`` says where an undo may cut (``undo_start``); the page's undo (and
redo) is ``TableSession.undo``, stored as a truncation every device sees.
Tests of undo on one device put their match on a table in an in-memory
store, every human seat on this one device, as a page does.
"""

from __future__ import annotations

from rulebook.core import Match
from rulebook.tables.opening import open_store
from rulebook.tables.session import TableSession


def on_a_table(match: Match) -> TableSession:
    """``match`` (its moves so far) as a new table with every human seat on this device."""
    return TableSession.from_match(open_store("memory:"), match, seed_chosen=True)
