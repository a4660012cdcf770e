"""Opening a table store from its URL, once per process.

Apart from ``store.py`` (the interface both backends implement) so that the
interface does not import its own implementations: ``store`` <- ``sqlite`` /
``postgres`` <- ``opening``, no circle.
"""

from __future__ import annotations

import os

from .sqlite import SQLiteStore
from .store import ENV_DB, TableStore

_STORES: dict[str, TableStore] = {}


def open_store(url: str | None = None) -> TableStore:
    """The store at ``url`` (default: ``$RULEBOOK_DB``; unset: one in-memory store per process).

    - ``sqlite:///abs/path/tables.sqlite``, ``sqlite:relative.sqlite`` or a
      plain path ending in ``.sqlite`` / ``.db``: SQLite.
    - ``postgresql://...`` (or ``postgres://``): PostgreSQL.
    - ``memory:``: SQLite in memory (nothing survives the process; what a
      notebook opened outside ``rulebook serve`` uses).

    Stores are cached per URL: a page process opens each store once.
    """
    url = (url if url is not None else os.environ.get(ENV_DB, "")).strip() or "memory:"
    store = _STORES.get(url)
    if store is None:
        store = _open(url)
        _STORES[url] = store
    return store


def forget_stores() -> None:
    """Close and forget the cached stores (tests switch between them)."""
    for store in _STORES.values():
        try:
            store.close()
        except Exception:  # closing is best effort
            pass
    _STORES.clear()


def _open(url: str) -> TableStore:
    if url.startswith(("postgresql://", "postgres://")):
        # Imported here on purpose: psycopg is needed only by sites that use
        # PostgreSQL, and a SQLite page should not pay for loading it.
        from .postgres import PostgresStore

        return PostgresStore(url)
    if url == "memory:":
        return SQLiteStore(":memory:")
    if url.startswith("sqlite://"):
        path = url[len("sqlite://") :]
        return SQLiteStore(path if path else ":memory:")
    if url.startswith("sqlite:"):
        return SQLiteStore(url[len("sqlite:") :])
    if url.endswith((".sqlite", ".sqlite3", ".db")):
        return SQLiteStore(url)
    raise ValueError(f"not a store URL: {url!r} (sqlite:///path.sqlite, postgresql://..., or memory:)")
