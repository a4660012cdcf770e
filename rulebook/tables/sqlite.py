"""The SQLite table store: the site's default (stdlib ``sqlite3``, a file in the data folder).

Every page is its own process (a Voilà kernel), so several processes write
the same file: WAL mode lets readers go on while one writer commits, writes
take the lock up front (``BEGIN IMMEDIATE``) so two appends never both read
the old revision, and ``busy_timeout`` makes a writer wait its turn instead
of failing. A page's poll is one indexed ``SELECT`` of the revision; under
``rulebook serve`` one watcher per server looks at the file instead
(``rulebook.site.feed``) and tells the pages when their table moved.

The queries are ``rulebook.tables.sql``'s; this module holds only what SQLite
does its own way (``SQLiteDialect``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from .sql import Dialect, SQLStore, first_line
from .store import StoreError

BUSY_TIMEOUT = 30
"""Seconds a writer waits for another process's write to finish before the store reports a failure."""


class SQLiteDialect(Dialect):
    """SQLite: one file (or ``":memory:"``), its write lock taken when a write begins."""

    begin_write = "BEGIN IMMEDIATE"
    """The file's write lock from the start: the revision read next cannot change before the commit."""
    begin_read = "BEGIN"
    types = {"bool": "INTEGER", "bigint": "INTEGER", "real": "REAL"}
    errors = (sqlite3.Error,)
    failures = (sqlite3.OperationalError,)

    def __init__(self, path: str) -> None:
        self.path = path
        self.releasable = path != ":memory:"

    def connect(self) -> sqlite3.Connection:
        # isolation_level=None: no transaction of the driver's own; the store opens them (BEGIN IMMEDIATE).
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            if self.path != ":memory:":
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the table store at {self.path}: {first_line(error)}") from None
        return db

    def columns(self, cur: Any, table: str) -> set[str]:
        return {row[1] for row in cur.all(f"PRAGMA table_info({table})")}

    def size_bytes(self, cur: Any) -> int:
        (pages,) = cur.one("PRAGMA page_count")
        (size,) = cur.one("PRAGMA page_size")
        (free,) = cur.one("PRAGMA freelist_count")
        return int(pages - free) * int(size)


class SQLiteStore(SQLStore):
    """Tables in one SQLite file (or in memory: ``":memory:"``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        url = "memory:" if self.path == ":memory:" else f"sqlite://{Path(self.path).resolve()}"
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        super().__init__(SQLiteDialect(self.path), url, url)
