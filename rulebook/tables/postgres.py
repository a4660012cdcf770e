"""The PostgreSQL table store: for several ``rulebook serve`` processes on one database.

A café with more visitors than one process serves runs several processes
behind a sticky reverse proxy (``docs/deploy.md``); they must all see the
same tables, which one SQLite file on one machine cannot promise. This
backend keeps the same tables as ``rulebook.tables.sqlite``, runs the same
queries (``rulebook.tables.sql``) and passes the same contract tests
(``tests/rulebook/tables/test_store_contract.py``). What PostgreSQL does its
own way is ``PostgresDialect``:

- **Revision guard.** A write reads the table's row ``FOR UPDATE``, so two
  pages appending at the same revision are serialised by the row lock: the
  second sees the bumped revision and gets ``StaleRevision``, nothing written
  (the same outcome as SQLite's ``BEGIN IMMEDIATE``).
- **One snapshot per read.** ``REPEATABLE READ READ ONLY``: ``load`` reads the
  info and the moves at one revision.
- **Schema once, events in turn.** Several processes starting together each
  run ``CREATE TABLE IF NOT EXISTS``, which PostgreSQL does not make
  race-free; a transaction-scoped advisory lock lets one create while the
  others wait. The same kind of lock makes one client's pages in several
  processes count their events (``count_event``) in turn.
- **A database restart is not a page crash.** A broken connection is
  reopened and the operation tried once more (``SQLStore._run``).
- **Pushed, not polled.** A write that bumps a table's revision sends
  ``pg_notify('rb_tables', '<table_id> <revision>')`` in its transaction;
  each server LISTENs once and tells its pages (``rulebook.site.feed``).
- **Clear errors.** A wrong URL, a refused password or a server that is down
  raise ``StoreError`` naming host and database, never the password.

Why psycopg 3: it is the maintained PostgreSQL driver for Python (the binary
wheel needs no compiler or libpq on the machine).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from .sql import Dialect, SQLStore, first_line
from .store import StoreError, describe

CONNECT_TIMEOUT = 10
"""Seconds before a connection attempt gives up (a page must not hang on a dead database)."""

NOTIFY_CHANNEL = "rb_tables"
"""The channel a write that moves a table notifies (payload ``"<table_id> <revision>"``)."""

STORE_RELATIONS = ("rb_tables", "rb_steps", "rb_seats", "rb_settings", "rb_events")


class PostgresDialect(Dialect):
    """PostgreSQL through psycopg 3: row locks, advisory locks, ``%s`` markers."""

    marker = "%s"
    begin_write = "BEGIN"
    begin_read = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    row_lock = " FOR UPDATE"
    types = {"bool": "BOOLEAN", "bigint": "BIGINT", "real": "DOUBLE PRECISION"}

    def __init__(self, url: str, where: str) -> None:
        try:
            import psycopg
        except ImportError as error:  # declared in pyproject.toml; a clear word if an install lacks it
            raise StoreError("PostgreSQL store needs the psycopg package (pip install 'psycopg[binary]')") from error
        self._psycopg = psycopg
        self.errors = (psycopg.Error,)
        self.failures = (psycopg.OperationalError,)
        self.url = url
        self.where = where

    def connect(self) -> Any:
        psycopg = self._psycopg
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name="rulebook")
        except psycopg.Error as error:
            raise StoreError(f"cannot reach the table store at {self.where}: {first_line(error)}") from None
        except Exception as error:  # a malformed URL (psycopg raises ProgrammingError or ValueError)
            raise StoreError(f"not a usable PostgreSQL URL ({self.where}): {first_line(error)}") from None

    def broken(self, conn: Any) -> bool:
        return bool(conn.closed or conn.broken)

    def notify(self, cur: Any, table_id: str, revision: int) -> None:
        # delivered at commit to every server LISTENing (rulebook.site.feed): one per server, not one poll per page
        cur.execute("SELECT pg_notify(?, ?)", (NOTIFY_CHANNEL, f"{table_id} {int(revision)}"))

    def serialize(self, cur: Any, key: int | str) -> None:
        if isinstance(key, int):
            cur.execute("SELECT pg_advisory_xact_lock(?)", (key,))
        else:  # hashtext: a text key as the lock's 32-bit number
            cur.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (key,))

    def columns(self, cur: Any, table: str) -> set[str]:
        # to_regclass finds the table as ALTER TABLE will (through the search path)
        rows = cur.all("SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped", (table,))
        return {row[0] for row in rows}

    def size_bytes(self, cur: Any) -> int:
        (size,) = cur.one(
            "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c"
            f" WHERE c.relkind = 'r' AND c.relname IN ({', '.join('?' * len(STORE_RELATIONS))})",
            STORE_RELATIONS,
        )
        return int(size)


class PostgresStore(SQLStore):
    """Tables in a PostgreSQL database (``postgresql://user:password@host:port/db``)."""

    def __init__(self, url: str) -> None:
        where = describe(url)
        dialect = PostgresDialect(url, where)
        try:
            urlsplit(url).port  # a port that is no number: say so before trying to connect
        except ValueError as error:
            raise StoreError(f"not a usable PostgreSQL URL ({where}): {error}") from None
        super().__init__(dialect, url, where)
