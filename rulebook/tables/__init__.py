"""Tables: where games live (docs/architecture.md, "Tables").

``store``: the table store interface and its errors; ``sqlite`` /
``postgres``: its two backends; ``opening``: ``open_store(url)``; ``session``: one page's (one
device's) view onto a table — moves, undo, catching up with other devices.
"""

from .opening import open_store
from .store import CLOSED, OPEN, OVER, NoSuchTable, StaleRevision, StoredStep, Table, TableInfo, TableStore

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
