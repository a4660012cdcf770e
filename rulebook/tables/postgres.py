"""The PostgreSQL table store: for several ``rulebook serve`` processes on one database.

A café with more visitors than one process serves runs several processes
behind a sticky reverse proxy (``docs/deploy.md``); they must all see the
same tables, which one SQLite file on one machine cannot promise. This
backend keeps the same tables as ``rulebook.tables.sqlite`` and passes the
same contract tests (``tests/rulebook/tables/test_store_contract.py``).

How it keeps the store's promises:

- **Revision guard.** A write reads the table's row ``FOR UPDATE`` first, so
  two pages appending at the same revision are serialised by the row lock:
  the second sees the bumped revision and gets ``StaleRevision``, nothing
  written (the same outcome as SQLite's ``BEGIN IMMEDIATE``).
- **Schema once.** Several processes starting together each run ``CREATE
  TABLE IF NOT EXISTS``, which PostgreSQL does not make race-free; a
  transaction-scoped advisory lock lets one create while the others wait.
- **A database restart is not a page crash.** The one connection per process
  is reopened when it breaks, and the operation tried once more (a write whose
  commit was lost in the break is then judged by the revision as usual).
- **Clear errors.** A wrong URL, a refused password or a server that is down
  raise ``StoreError`` naming host and database, never the password.

Why psycopg 3: it is the maintained PostgreSQL driver for Python (the binary
wheel needs no compiler or libpq on the machine).
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, TypeVar
from urllib.parse import urlsplit

from .store import (
    SEAT_COUNTERS,
    EVENTS_KEPT,
    CLOSED,
    COLUMNS,
    MAX_LABEL,
    OPEN,
    OVER,
    STATUSES,
    NoSuchTable,
    StaleRevision,
    StoredStep,
    StoreError,
    Table,
    TableInfo,
    TableStore,
    check_new_table,
    check_origin,
    info_from_row,
    check_steps,
    describe,
    dumps,
    new_table_id,
    now,
    tokens_for,
)

SCHEMA_VERSION = 1

SCHEMA_LOCK = 0x7275_6C65_626F_6F6B  # "rulebook" as a 64-bit key for pg_advisory_xact_lock
"""Every process creating the schema takes this lock first; only the first creates anything."""

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS rb_tables (
        id          TEXT PRIMARY KEY,
        game        TEXT NOT NULL,
        version     INTEGER NOT NULL,
        options     TEXT NOT NULL,
        seats       TEXT NOT NULL,
        table_mode  BOOLEAN NOT NULL,
        seed        BIGINT NOT NULL,
        seed_chosen BOOLEAN NOT NULL,
        status      TEXT NOT NULL,
        revision    INTEGER NOT NULL,
        moves       INTEGER NOT NULL,
        cuts        INTEGER NOT NULL,
        created     DOUBLE PRECISION NOT NULL,
        updated     DOUBLE PRECISION NOT NULL,
        successor   TEXT,
        label       TEXT NOT NULL,
        recorded    INTEGER NOT NULL DEFAULT 0
    )
    """,
    # a database made before the column existed
    "ALTER TABLE rb_tables ADD COLUMN IF NOT EXISTS recorded INTEGER NOT NULL DEFAULT 0",
    "CREATE INDEX IF NOT EXISTS rb_tables_updated ON rb_tables (status, updated)",
    # added after stores were in use: a database made before gets them (old tables: origin '', nothing entered)
    "ALTER TABLE rb_tables ADD COLUMN IF NOT EXISTS origin TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE rb_tables ADD COLUMN IF NOT EXISTS entered INTEGER NOT NULL DEFAULT 0",
    """
    CREATE TABLE IF NOT EXISTS rb_steps (
        table_id TEXT NOT NULL REFERENCES rb_tables (id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        text     TEXT NOT NULL,
        actor    INTEGER NOT NULL,
        by_user  BOOLEAN NOT NULL,
        grp      INTEGER NOT NULL,
        author   INTEGER,
        PRIMARY KEY (table_id, seq)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS rb_seats (
        table_id  TEXT NOT NULL REFERENCES rb_tables (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        token     TEXT NOT NULL,
        last_seen DOUBLE PRECISION,
        claims    INTEGER NOT NULL DEFAULT 0,
        watches   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    )
    """,
    "ALTER TABLE rb_seats ADD COLUMN IF NOT EXISTS watches INTEGER NOT NULL DEFAULT 0",
    "CREATE INDEX IF NOT EXISTS rb_seats_token ON rb_seats (table_id, token)",
    """
    CREATE TABLE IF NOT EXISTS rb_settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS rb_events (
        kind TEXT NOT NULL,
        who  TEXT NOT NULL,
        at   DOUBLE PRECISION NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS rb_events_who ON rb_events (kind, who, at)",
)

CONNECT_TIMEOUT = 10
"""Seconds before a connection attempt gives up (a page must not hang on a dead database)."""

T = TypeVar("T")


class PostgresStore(TableStore):
    """Tables in a PostgreSQL database (``postgresql://user:password@host:port/db``)."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError as error:  # declared in pyproject.toml; a clear word if an install lacks it
            raise StoreError("PostgreSQL store needs the psycopg package (pip install 'psycopg[binary]')") from error
        self._psycopg = psycopg
        self.url = url
        self.where = describe(url)
        try:
            urlsplit(url).port  # a port that is no number: say so before trying to connect
        except ValueError as error:
            raise StoreError(f"not a usable PostgreSQL URL ({self.where}): {error}") from None
        self._lock = threading.RLock()
        self._conn: Any = None
        with self._lock:
            self._connect()
            self._create_schema()

    # ----- connections -----------------------------------------------------------------------------------
    def _connect(self) -> None:
        psycopg = self._psycopg
        try:
            self._conn = psycopg.connect(
                self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, application_name="rulebook"
            )
        except psycopg.Error as error:
            raise StoreError(f"cannot reach the table store at {self.where}: {_first_line(error)}") from None
        except Exception as error:  # a malformed URL (psycopg raises ProgrammingError or ValueError)
            raise StoreError(f"not a usable PostgreSQL URL ({self.where}): {_first_line(error)}") from None

    def _broken(self) -> bool:
        return self._conn is None or self._conn.closed or self._conn.broken

    def _run(self, work: Callable[[Any], T]) -> T:
        """Run ``work(connection)`` under the lock; reconnect and retry once if the connection broke.

        Only connection failures are retried (``OperationalError`` with a
        broken connection): a rule of the store (``StaleRevision``, a
        constraint) is never hidden by a retry.
        """
        psycopg = self._psycopg
        with self._lock:
            for attempt in (1, 2):
                if self._broken():
                    self._connect()
                try:
                    return work(self._conn)
                except psycopg.OperationalError as error:
                    if attempt == 2 or not self._broken():
                        raise StoreError(f"table store at {self.where}: {_first_line(error)}") from error
        raise AssertionError("unreachable")  # pragma: no cover

    @contextmanager
    def _tx(self, conn: Any) -> Iterator[Any]:
        """One transaction on ``conn``; a cursor to use inside it."""
        with conn.transaction():
            with conn.cursor() as cur:
                yield cur

    def _create_schema(self) -> None:
        def work(conn: Any) -> None:
            with self._tx(conn) as cur:
                cur.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in SCHEMA:
                    cur.execute(statement)
                cur.execute(
                    "INSERT INTO rb_settings (key, value) VALUES ('schema_version', %s) ON CONFLICT (key) DO NOTHING",
                    (str(SCHEMA_VERSION),),
                )

        self._run(work)

    @staticmethod
    def _row(cur: Any, table_id: str, lock: bool = False) -> TableInfo:
        cur.execute(f"SELECT {COLUMNS} FROM rb_tables WHERE id = %s" + (" FOR UPDATE" if lock else ""), (str(table_id),))
        row = cur.fetchone()
        if row is None:
            raise NoSuchTable(table_id)
        return info_from_row(row)

    @staticmethod
    def _guard(cur: Any, table_id: str, expected: int) -> TableInfo:
        info = PostgresStore._row(cur, table_id, lock=True)
        if info.revision != expected:
            raise StaleRevision(table_id, expected, info.revision)
        return info

    # ----- tables ------------------------------------------------------------------------------------------
    def create(
        self,
        *,
        game: str,
        version: int,
        options: Mapping[str, Any],
        seats: Sequence[str],
        table_mode: bool,
        seed: int,
        seed_chosen: bool = False,
        tokens: Mapping[int, str] | None = None,
        label: str = "",
        recorded: int = 0,
        origin: str = "",
        entered: int = 0,
    ) -> TableInfo:
        seats = tuple(seats)
        if type(recorded) is not int or recorded < 0:
            raise ValueError("recorded must be an int >= 0")
        keys = tokens_for(seats, tokens)
        check_new_table(game, version, options, seats, seed, keys)
        check_origin(origin, entered)
        stamp = now()
        table_id = new_table_id()
        row = (
            table_id,
            game,
            version,
            dumps(dict(options)),
            dumps(list(seats)),
            bool(table_mode),
            seed,
            bool(seed_chosen),
            OPEN,
            stamp,
            stamp,
            str(label)[:MAX_LABEL],
            recorded,
            origin,
            entered,
        )

        def work(conn: Any) -> TableInfo:
            with self._tx(conn) as cur:
                # ON CONFLICT: a retry after a lost commit must not store the table twice.
                cur.execute(
                    f"INSERT INTO rb_tables ({COLUMNS}) VALUES "
                    "(%s, %s, %s, %s, %s, %s, %s, %s, %s, 0, 0, 0, %s, %s, NULL, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                    row,
                )
                if cur.rowcount:
                    cur.executemany(
                        "INSERT INTO rb_seats (table_id, seat, token, last_seen) VALUES (%s, %s, %s, NULL)",
                        [(table_id, seat, token) for seat, token in sorted(keys.items())],
                    )
                return self._row(cur, table_id)

        return self._run(work)

    def load(self, table_id: str, start: int = 0) -> Table:
        def work(conn: Any) -> Table:
            # REPEATABLE READ: the info and the moves are read at one revision.
            with conn.transaction():
                with conn.cursor() as cur:
                    cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    info = self._row(cur, table_id)
                    first = max(0, min(int(start), info.moves))
                    cur.execute(
                        "SELECT text, actor, by_user, grp, author FROM rb_steps WHERE table_id = %s AND seq >= %s ORDER BY seq",
                        (info.id, first),
                    )
                    rows = cur.fetchall()
            steps = tuple(
                StoredStep(text, int(actor), bool(by_user), int(grp), author) for text, actor, by_user, grp, author in rows
            )
            return Table(info, steps, first)

        return self._run(work)

    def info(self, table_id: str) -> TableInfo:
        def work(conn: Any) -> TableInfo:
            with conn.cursor() as cur:
                return self._row(cur, table_id)

        return self._run(work)

    def revision(self, table_id: str) -> int:
        def work(conn: Any) -> int:
            with conn.cursor() as cur:
                cur.execute("SELECT revision FROM rb_tables WHERE id = %s", (str(table_id),))
                row = cur.fetchone()
            if row is None:
                raise NoSuchTable(table_id)
            return int(row[0])

        return self._run(work)

    def append(
        self, table_id: str, expected: int, steps: Sequence[StoredStep], *, status: str | None = None
    ) -> TableInfo:
        if status is not None and status not in STATUSES:
            raise ValueError(f"bad status {status!r}")
        steps = list(steps)

        def work(conn: Any) -> TableInfo:
            with self._tx(conn) as cur:
                info = self._guard(cur, table_id, expected)
                check_steps(steps, len(info.seats))
                if steps:
                    cur.executemany(
                        "INSERT INTO rb_steps (table_id, seq, text, actor, by_user, grp, author) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                        [
                            (info.id, info.moves + k, s.text, s.actor, bool(s.by_user), s.group, s.author)
                            for k, s in enumerate(steps)
                        ],
                    )
                cur.execute(
                    "UPDATE rb_tables SET revision = revision + 1, moves = moves + %s, status = %s, updated = %s WHERE id = %s",
                    (len(steps), status or info.status, now(), info.id),
                )
                return self._row(cur, info.id)

        return self._run(work)

    def truncate(self, table_id: str, expected: int, keep: int, *, status: str | None = None) -> TableInfo:
        if status is not None and status not in STATUSES:
            raise ValueError(f"bad status {status!r}")

        def work(conn: Any) -> TableInfo:
            with self._tx(conn) as cur:
                info = self._guard(cur, table_id, expected)
                if type(keep) is not int or not 0 <= keep <= info.moves:
                    raise ValueError(f"cannot keep {keep!r} of {info.moves} moves")
                cur.execute("DELETE FROM rb_steps WHERE table_id = %s AND seq >= %s", (info.id, keep))
                cur.execute(
                    "UPDATE rb_tables SET revision = revision + 1, moves = %s, cuts = cuts + 1, status = %s, updated = %s WHERE id = %s",
                    (keep, status or info.status, now(), info.id),
                )
                return self._row(cur, info.id)

        return self._run(work)

    def set_status(self, table_id: str, status: str, *, successor: str | None = None) -> TableInfo:
        if status not in STATUSES:
            raise ValueError(f"bad status {status!r}")

        def work(conn: Any) -> TableInfo:
            with self._tx(conn) as cur:
                info = self._row(cur, table_id, lock=True)
                cur.execute(
                    "UPDATE rb_tables SET revision = revision + 1, status = %s, successor = %s, updated = %s WHERE id = %s",
                    (status, successor if successor is not None else info.successor, now(), info.id),
                )
                return self._row(cur, info.id)

        return self._run(work)

    # ----- seats ---------------------------------------------------------------------------------------------
    def seat_tokens(self, table_id: str) -> dict[int, str]:
        def work(conn: Any) -> dict[int, str]:
            with self._tx(conn) as cur:
                self._row(cur, table_id)
                cur.execute("SELECT seat, token FROM rb_seats WHERE table_id = %s ORDER BY seat", (str(table_id),))
                return {int(seat): token for seat, token in cur.fetchall()}

        return self._run(work)

    def seat_of(self, table_id: str, token: str) -> int | None:
        def work(conn: Any) -> int | None:
            with conn.cursor() as cur:
                cur.execute("SELECT seat FROM rb_seats WHERE table_id = %s AND token = %s", (str(table_id), str(token)))
                row = cur.fetchone()
            return None if row is None else int(row[0])

        return self._run(work)

    def claim(self, table_id: str, seats: Iterable[int]) -> TableInfo:
        return self._count_seats(table_id, seats, "claims")

    def claims(self, table_id: str) -> dict[int, int]:
        return self._seat_counts(table_id, "claims")

    def watch(self, table_id: str, seats: Iterable[int]) -> TableInfo:
        return self._count_seats(table_id, seats, "watches")

    def watches(self, table_id: str) -> dict[int, int]:
        return self._seat_counts(table_id, "watches")

    def _count_seats(self, table_id: str, seats: Iterable[int], column: str) -> TableInfo:
        """One more claim or watch (``column``, a name from this module, never a caller's text) for each seat."""
        if column not in SEAT_COUNTERS:
            raise ValueError(f"no seat counter {column!r}")
        seats = [int(s) for s in seats]

        def work(conn: Any) -> TableInfo:
            with self._tx(conn) as cur:
                info = self._row(cur, table_id, lock=True)
                if seats:
                    cur.executemany(
                        f"UPDATE rb_seats SET {column} = {column} + 1 WHERE table_id = %s AND seat = %s",
                        [(info.id, s) for s in seats],
                    )
                cur.execute("UPDATE rb_tables SET revision = revision + 1, updated = %s WHERE id = %s", (now(), info.id))
                return self._row(cur, info.id)

        return self._run(work)

    def _seat_counts(self, table_id: str, column: str) -> dict[int, int]:
        if column not in SEAT_COUNTERS:
            raise ValueError(f"no seat counter {column!r}")

        def work(conn: Any) -> dict[int, int]:
            with conn.cursor() as cur:
                cur.execute(f"SELECT seat, {column} FROM rb_seats WHERE table_id = %s", (str(table_id),))
                return {int(seat): int(count) for seat, count in cur.fetchall()}

        return self._run(work)

    def touch(self, table_id: str, seats: Iterable[int], when: float | None = None) -> None:
        stamp = now() if when is None else float(when)
        seats = [int(s) for s in seats]
        if not seats:
            return

        def work(conn: Any) -> None:
            with conn.cursor() as cur:
                cur.execute(
                    "UPDATE rb_seats SET last_seen = %s WHERE table_id = %s AND seat = ANY(%s)",
                    (stamp, str(table_id), seats),
                )

        self._run(work)

    def presence(self, table_id: str) -> dict[int, float]:
        def work(conn: Any) -> dict[int, float]:
            with conn.cursor() as cur:
                cur.execute(
                    "SELECT seat, last_seen FROM rb_seats WHERE table_id = %s AND last_seen IS NOT NULL", (str(table_id),)
                )
                return {int(seat): float(seen) for seat, seen in cur.fetchall()}

        return self._run(work)

    # ----- the house -------------------------------------------------------------------------------------------
    def list_tables(self, statuses: Iterable[str] | None = None, limit: int = 200) -> list[TableInfo]:
        wanted = list(statuses) if statuses is not None else list(STATUSES)

        def work(conn: Any) -> list[TableInfo]:
            with conn.cursor() as cur:
                cur.execute(
                    f"SELECT {COLUMNS} FROM rb_tables WHERE status = ANY(%s) ORDER BY updated DESC LIMIT %s",
                    ([str(s) for s in wanted], int(limit)),
                )
                return [info_from_row(row) for row in cur.fetchall()]

        return self._run(work)

    def purge(self, finished_before: float, abandoned_before: float) -> int:
        def work(conn: Any) -> int:
            with self._tx(conn) as cur:
                cur.execute(
                    "DELETE FROM rb_tables WHERE (status IN (%s, %s) AND updated < %s) OR (status = %s AND updated < %s)",
                    (OVER, CLOSED, float(finished_before), OPEN, float(abandoned_before)),
                )
                return int(cur.rowcount)

        return self._run(work)

    def count_event(self, kind: str, who: str, window: float, limit: int, when: float | None = None) -> bool:
        stamp = now() if when is None else float(when)
        key = f"rb_events:{kind}:{who}"

        def work(conn: Any) -> bool:
            with self._tx(conn) as cur:
                # one client's pages in several processes count in turn (hashtext: a 32-bit lock key)
                cur.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (key,))
                cur.execute("DELETE FROM rb_events WHERE kind = %s AND who = %s AND at <= %s", (str(kind), str(who), stamp - window))
                cur.execute("DELETE FROM rb_events WHERE at < %s", (stamp - max(window, EVENTS_KEPT),))
                cur.execute("SELECT COUNT(*) FROM rb_events WHERE kind = %s AND who = %s", (str(kind), str(who)))
                if cur.fetchone()[0] >= limit:
                    return False
                cur.execute("INSERT INTO rb_events (kind, who, at) VALUES (%s, %s, %s)", (str(kind), str(who), stamp))
                return True

        return self._run(work)

    def size_bytes(self) -> int:
        def work(conn: Any) -> int:
            with conn.cursor() as cur:
                cur.execute(
                    "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
                    "WHERE c.relkind = 'r' AND c.relname IN ('rb_tables', 'rb_steps', 'rb_seats', 'rb_settings', 'rb_events')"
                )
                return int(cur.fetchone()[0])

        return self._run(work)

    def setting(self, key: str, make: Callable[[], str]) -> str:
        def read(conn: Any) -> str | None:
            with conn.cursor() as cur:
                cur.execute("SELECT value FROM rb_settings WHERE key = %s", (key,))
                row = cur.fetchone()
            return None if row is None else row[0]

        found = self._run(read)
        if found is not None:
            return found
        value = make()

        def write(conn: Any) -> str:
            with self._tx(conn) as cur:
                cur.execute("INSERT INTO rb_settings (key, value) VALUES (%s, %s) ON CONFLICT (key) DO NOTHING", (key, value))
                cur.execute("SELECT value FROM rb_settings WHERE key = %s", (key,))
                return cur.fetchone()[0]

        return self._run(write)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None and not self._conn.closed:
                self._conn.close()


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
