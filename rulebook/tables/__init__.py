"""Tables: where games live (DESIGN.md, "Tables").

``store``: the table store interface, its errors and ``open_store(url)``;
``sqlite`` / ``postgres``: its two backends; ``session``: one page's (one
device's) view onto a table — moves, undo, catching up with other devices.
"""

from .store import (
    CLOSED,
    OPEN,
    OVER,
    NoSuchTable,
    StaleRevision,
    StoredStep,
    Table,
    TableInfo,
    TableStore,
    open_store,
)

__all__ = [
    "CLOSED",
    "NoSuchTable",
    "OPEN",
    "OVER",
    "StaleRevision",
    "StoredStep",
    "Table",
    "TableInfo",
    "TableStore",
    "open_store",
]
