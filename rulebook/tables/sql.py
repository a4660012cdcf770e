"""The table store's SQL, written once for SQLite and PostgreSQL (issue 20, item 4).

The two databases keep the same five tables and answer the same queries;
what differs is small and lives in a ``Dialect`` (``rulebook.tables.sqlite``
and ``rulebook.tables.postgres``): how to connect, the parameter marker
(``?`` or ``%s``), three column types, how a write transaction takes its
lock, which driver errors mean "the database failed", the size query, and
how to list a table's columns (for the columns added after stores were in
use). Everything else, every query and every transaction, is here, so a
fix to the store is made once and both backends pass the same contract tests
(``tests/rulebook/tables/test_store_contract.py``).

How the store keeps its promises on both:

- **Revision guard.** A write transaction reads the table's row with the
  dialect's row lock (SQLite: the write lock taken up front by ``BEGIN
  IMMEDIATE``; PostgreSQL: ``SELECT ... FOR UPDATE``), so of two pages
  appending at one revision the second sees the bumped revision and gets
  ``StaleRevision``, nothing written.
- **One snapshot per read.** ``load`` reads the info and the moves in one
  read transaction, so they belong to the same revision.
- **A broken connection is reopened** and the operation tried once more (a
  database restart is not a page crash; a write whose commit was lost is then
  judged by the revision as usual, and ``create`` by its random id).
- **Clear errors.** A driver's operational error becomes ``StoreError``
  naming where the store is, never a password.
"""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from .sql_schema import (
    ADDED_COLUMNS,
    COLUMNS,
    SCHEMA,
    SCHEMA_LOCK,
    SCHEMA_VERSION,
    STEP_COLUMNS,
    dumps,
    info_from_row,
    step_from_row,
)
from .sql_site import SiteRows
from .store import (
    CLOSED,
    OPEN,
    ORIGINS,
    OVER,
    OWNER,
    STATUSES,
    NoSuchTable,
    StaleRevision,
    StoredStep,
    StoreError,
    Table,
    TableInfo,
    TableStore,
    is_token_text,
    new_table_id,
    new_token,
)

MAX_LABEL = 80
EVENTS_KEPT = 3600.0
"""Seconds a counted event (``TableStore.count_event``) is kept at most, whatever window was asked."""

SEAT_COUNTERS = ("claims", "watches")
"""The per-seat counters a page compares to learn that another device took (claims) or watches (watches) its seat."""

T = TypeVar("T")


class Dialect(ABC):
    """What SQLite and PostgreSQL do differently, and nothing more (the queries are ``SQLStore``'s)."""

    marker = "?"
    """The driver's parameter marker; the queries are written with ``?``."""
    begin_write = "BEGIN"
    """Opens a transaction that writes."""
    begin_read = "BEGIN"
    """Opens a transaction whose SELECTs all see one snapshot."""
    row_lock = ""
    """Appended to the SELECT of a table's row in a write, when the database needs it to lock the row."""
    types: Mapping[str, str] = {}
    """``bool``, ``bigint`` and ``real`` column types for ``SCHEMA``."""
    errors: tuple[type[BaseException], ...] = ()
    """The driver's base error (a failed ROLLBACK is dropped: the first error is the one to tell)."""
    failures: tuple[type[BaseException], ...] = ()
    """The driver's errors meaning the database failed (unreachable, locked too long, disk full): ``StoreError``."""

    @abstractmethod
    def connect(self) -> Any:
        """A new connection in autocommit mode (the store opens its transactions itself)."""

    def broken(self, conn: Any) -> bool:
        """The connection is lost and must be reopened (an SQLite file's never is)."""
        return False

    releasable = True
    """Closing the connection loses nothing (an in-memory SQLite database would be gone with it)."""

    def notify(self, cur: Any, table_id: str, revision: int) -> None:
        """Inside a write that bumped ``table_id``'s revision: tell the listening servers at commit.

        Why here: the notice then rides in the write's own transaction, so it
        is sent exactly when (and only if) the change is visible to readers.
        SQLite has no such channel (its one watcher per server looks at the
        file's ``data_version`` instead: ``rulebook.site.feed``).
        """

    def serialize(self, cur: Any, key: int | str) -> None:
        """Inside a write: wait until no other process holds ``key`` (SQLite's write lock already does)."""

    @abstractmethod
    def columns(self, cur: Any, table: str) -> set[str]:
        """The names of ``table``'s columns."""

    @abstractmethod
    def size_bytes(self, cur: Any) -> int:
        """The room the store's tables take."""


class _Cursor:
    """A driver cursor that takes the store's ``?`` queries (turned into the dialect's marker)."""

    def __init__(self, cur: Any, marker: str) -> None:
        self._cur = cur
        self._marker = marker

    def _sql(self, sql: str) -> str:
        return sql if self._marker == "?" else _with_marker(sql, self._marker)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> "_Cursor":
        if params:
            self._cur.execute(self._sql(sql), tuple(params))
        else:  # no parameters: sent as it is (psycopg then needs no "%" escaped)
            self._cur.execute(self._sql(sql))
        return self

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self._cur.executemany(self._sql(sql), rows)

    def one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first row of a query, or ``None``."""
        return self.execute(sql, params)._cur.fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(self.execute(sql, params)._cur.fetchall())

    @property
    def rowcount(self) -> int:
        return int(self._cur.rowcount)

    def close(self) -> None:
        self._cur.close()


@lru_cache(maxsize=256)
def _with_marker(sql: str, marker: str) -> str:
    # No query of this module holds a literal "?" or "%", so the swap is exact.
    return sql.replace("?", marker)


IN_CHUNK = 500
"""Ids in one ``IN (...)`` list at most (SQLite's older builds allow 999 parameters)."""


def _chunks(ids: list[str]) -> list[list[str]]:
    size = IN_CHUNK  # read at each call (a test makes it small)
    return [ids[k : k + size] for k in range(0, len(ids), size)]


def _marks(count: int) -> str:
    """``?, ?, ?`` for an IN list; ``NULL`` for none (``x IN (NULL)`` matches nothing)."""
    return ", ".join("?" * count) or "NULL"


class SQLStore(SiteRows, TableStore):
    """The table store on any SQL database a ``Dialect`` describes (one connection per process).

    The site's own rows (expiring settings, servers, pages) are ``SiteRows``'s (``sql_site.py``)."""

    def __init__(self, dialect: Dialect, url: str, where: str) -> None:
        self.dialect = dialect
        self.url = url
        self.where = where
        """The store as it may be printed (``describe``): never a password."""
        # One connection per store, shared by the threads of a process under a lock
        # (a kernel has one thread that matters; the server's host tools may have more).
        self._lock = threading.RLock()
        self._conn: Any = None
        self.last_used = time.monotonic()
        """When an operation last finished (``release`` after a while without one frees the connection)."""
        self._run(self._create_schema, dialect.begin_write)

    # ----- transactions ----------------------------------------------------------------------------
    def _run(self, work: Callable[[_Cursor], T], begin: str | None = None) -> T:
        """``work(cursor)`` under the lock, inside a transaction opened by ``begin`` (``None``: autocommit).

        If the connection broke, it is reopened and ``work`` tried once more.
        Only database failures are retried or turned into ``StoreError``: a
        rule of the store (``StaleRevision``, a bad argument) passes as it is.
        """
        with self._lock:
            try:
                for attempt in (1, 2):
                    if self._conn is None or self.dialect.broken(self._conn):
                        self._conn = self.dialect.connect()
                    try:
                        return self._once(work, begin)
                    except self.dialect.failures as error:
                        if attempt == 2 or not self.dialect.broken(self._conn):
                            raise StoreError(f"table store at {self.where}: {first_line(error)}") from error
            finally:
                self.last_used = time.monotonic()
        raise AssertionError("unreachable")  # pragma: no cover

    def _once(self, work: Callable[[_Cursor], T], begin: str | None) -> T:
        cur = _Cursor(self._conn.cursor(), self.dialect.marker)
        try:
            if begin is None:
                return work(cur)
            cur.execute(begin)
            try:
                result = work(cur)
                cur.execute("COMMIT")
            except BaseException:
                try:
                    cur.execute("ROLLBACK")
                except self.dialect.errors:  # the connection broke: the error that broke it is the one to tell
                    pass
                raise
            return result
        finally:
            try:
                cur.close()
            except self.dialect.errors:
                pass

    def _write(self, work: Callable[[_Cursor], T]) -> T:
        return self._run(work, self.dialect.begin_write)

    def _read(self, work: Callable[[_Cursor], T]) -> T:
        return self._run(work, self.dialect.begin_read)

    def _create_schema(self, cur: _Cursor) -> None:
        # PostgreSQL does not make CREATE TABLE IF NOT EXISTS race-free: processes starting together take turns.
        self.dialect.serialize(cur, SCHEMA_LOCK)
        for statement in SCHEMA:
            cur.execute(statement.format(**self.dialect.types))
        for table, name, kind in ADDED_COLUMNS:
            if name not in self.dialect.columns(cur, table):
                cur.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind.format(**self.dialect.types)}")
        cur.execute(
            "INSERT INTO rb_settings (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO NOTHING",
            (str(SCHEMA_VERSION),),
        )

    def _row(self, cur: _Cursor, table_id: str, lock: bool = False) -> TableInfo:
        query = f"SELECT {COLUMNS} FROM rb_tables WHERE id = ?" + (self.dialect.row_lock if lock else "")
        row = cur.one(query, (str(table_id),))
        if row is None:
            raise NoSuchTable(table_id)
        return info_from_row(row)

    def _bumped(self, cur: _Cursor, table_id: str) -> TableInfo:
        """The row after a write that bumped its revision, the listening servers told (at commit)."""
        info = self._row(cur, table_id)
        self.dialect.notify(cur, info.id, info.revision)
        return info

    def _guard(self, cur: _Cursor, table_id: str, expected: int) -> TableInfo:
        info = self._row(cur, table_id, lock=True)
        if info.revision != expected:
            raise StaleRevision(table_id, expected, info.revision)
        return info

    # ----- tables ------------------------------------------------------------------------------------
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
        # the values of COLUMNS but revision, moves, cuts (0) and successor (NULL)
        row: tuple[Any, ...] = (table_id, game, version, dumps(dict(options)), dumps(list(seats)), bool(table_mode), seed, bool(seed_chosen), OPEN)
        row += (stamp, stamp, str(label)[:MAX_LABEL], recorded, origin, entered)

        def work(cur: _Cursor) -> TableInfo:
            # ON CONFLICT: a retry after a lost commit must not store the table twice.
            cur.execute(
                f"INSERT INTO rb_tables ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, NULL, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO NOTHING",
                row,
            )
            if cur.rowcount:
                cur.executemany(
                    "INSERT INTO rb_seats (table_id, seat, token, last_seen) VALUES (?, ?, ?, NULL)",
                    [(table_id, seat, token) for seat, token in sorted(keys.items())],
                )
            return self._row(cur, table_id)

        return self._write(work)

    def load(self, table_id: str, start: int = 0) -> Table:
        def work(cur: _Cursor) -> Table:
            info = self._row(cur, table_id)
            first = max(0, min(int(start), info.moves))
            query = f"SELECT {STEP_COLUMNS} FROM rb_steps WHERE table_id = ? AND seq >= ? ORDER BY seq"
            rows = cur.all(query, (info.id, first))
            return Table(info, tuple(step_from_row(row) for row in rows), first)

        return self._read(work)

    def info(self, table_id: str) -> TableInfo:
        return self._run(lambda cur: self._row(cur, table_id))

    def revision(self, table_id: str) -> int:
        row = self._run(lambda cur: cur.one("SELECT revision FROM rb_tables WHERE id = ?", (str(table_id),)))
        if row is None:
            raise NoSuchTable(table_id)
        return int(row[0])

    def append(
        self, table_id: str, expected: int, steps: Sequence[StoredStep], *, status: str | None = None
    ) -> TableInfo:
        check_status(status, optional=True)
        steps = list(steps)

        def work(cur: _Cursor) -> TableInfo:
            info = self._guard(cur, table_id, expected)
            check_steps(steps, len(info.seats))
            cur.executemany(
                f"INSERT INTO rb_steps (table_id, seq, {STEP_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(info.id, info.moves + k, s.text, s.actor, bool(s.by_user), s.group, s.author) for k, s in enumerate(steps)],
            )
            cur.execute(
                "UPDATE rb_tables SET revision = revision + 1, moves = moves + ?, status = ?, updated = ? WHERE id = ?",
                (len(steps), status or info.status, now(), info.id),
            )
            return self._bumped(cur, info.id)

        return self._write(work)

    def truncate(self, table_id: str, expected: int, keep: int, *, status: str | None = None) -> TableInfo:
        check_status(status, optional=True)

        def work(cur: _Cursor) -> TableInfo:
            info = self._guard(cur, table_id, expected)
            if type(keep) is not int or not 0 <= keep <= info.moves:
                raise ValueError(f"cannot keep {keep!r} of {info.moves} moves")
            cur.execute("DELETE FROM rb_steps WHERE table_id = ? AND seq >= ?", (info.id, keep))
            cur.execute(
                "UPDATE rb_tables SET revision = revision + 1, moves = ?, cuts = cuts + 1, status = ?, updated = ? WHERE id = ?",
                (keep, status or info.status, now(), info.id),
            )
            return self._bumped(cur, info.id)

        return self._write(work)

    def set_status(self, table_id: str, status: str, *, successor: str | None = None) -> TableInfo:
        check_status(status)

        def work(cur: _Cursor) -> TableInfo:
            info = self._row(cur, table_id, lock=True)
            cur.execute(
                "UPDATE rb_tables SET revision = revision + 1, status = ?, successor = ?, updated = ? WHERE id = ?",
                (status, successor if successor is not None else info.successor, now(), info.id),
            )
            return self._bumped(cur, info.id)

        return self._write(work)

    # ----- seats ----------------------------------------------------------------------------------------
    def seat_tokens(self, table_id: str) -> dict[int, str]:
        def work(cur: _Cursor) -> dict[int, str]:
            info = self._row(cur, table_id)
            rows = cur.all("SELECT seat, token FROM rb_seats WHERE table_id = ? ORDER BY seat", (info.id,))
            return {int(seat): token for seat, token in rows}

        return self._read(work)

    def seat_of(self, table_id: str, token: str) -> int | None:
        query = "SELECT seat FROM rb_seats WHERE table_id = ? AND token = ?"
        row = self._run(lambda cur: cur.one(query, (str(table_id), str(token))))
        return None if row is None else int(row[0])

    def count_seats(self, table_id: str, seats: Iterable[int], counter: str) -> TableInfo:
        check_counter(counter)
        seats = [int(s) for s in seats]

        def work(cur: _Cursor) -> TableInfo:
            info = self._row(cur, table_id, lock=True)
            # ``counter`` is one of SEAT_COUNTERS (checked above), never a caller's text in the SQL.
            cur.executemany(
                f"UPDATE rb_seats SET {counter} = {counter} + 1 WHERE table_id = ? AND seat = ?", [(info.id, s) for s in seats]
            )
            cur.execute("UPDATE rb_tables SET revision = revision + 1, updated = ? WHERE id = ?", (now(), info.id))
            return self._bumped(cur, info.id)

        return self._write(work)

    def seat_counts(self, table_id: str, counter: str) -> dict[int, int]:
        check_counter(counter)
        rows = self._run(lambda cur: cur.all(f"SELECT seat, {counter} FROM rb_seats WHERE table_id = ?", (str(table_id),)))
        return {int(seat): int(count) for seat, count in rows}

    def touch(self, table_id: str, seats: Iterable[int], when: float | None = None) -> None:
        stamp = now() if when is None else float(when)
        seats = [int(s) for s in seats]
        if seats:
            query = f"UPDATE rb_seats SET last_seen = ? WHERE table_id = ? AND seat IN ({_marks(len(seats))})"
            self._run(lambda cur: cur.execute(query, (stamp, str(table_id), *seats)))

    def touch_many(self, touches: Iterable[tuple[str, Iterable[int], float]]) -> None:
        rows = [(float(when), str(table_id), int(seat)) for table_id, seats, when in touches for seat in seats]
        if rows:
            query = "UPDATE rb_seats SET last_seen = ? WHERE table_id = ? AND seat = ?"
            self._write(lambda cur: cur.executemany(query, rows))

    def presence(self, table_id: str) -> dict[int, float]:
        query = "SELECT seat, last_seen FROM rb_seats WHERE table_id = ? AND last_seen IS NOT NULL"
        rows = self._run(lambda cur: cur.all(query, (str(table_id),)))
        return {int(seat): float(seen) for seat, seen in rows}

    def presence_of(self, table_ids: Iterable[str]) -> dict[str, dict[int, float]]:
        found: dict[str, dict[int, float]] = {}
        for chunk in _chunks([str(t) for t in table_ids]):
            query = f"SELECT table_id, seat, last_seen FROM rb_seats WHERE table_id IN ({_marks(len(chunk))}) AND last_seen IS NOT NULL"
            for table_id, seat, seen in self._run(lambda cur: cur.all(query, chunk)):
                found.setdefault(str(table_id), {})[int(seat)] = float(seen)
        return found

    def seat_counts_of(self, table_ids: Iterable[str], counter: str) -> dict[str, dict[int, int]]:
        check_counter(counter)
        found: dict[str, dict[int, int]] = {}
        for chunk in _chunks([str(t) for t in table_ids]):
            # ``counter`` is one of SEAT_COUNTERS (checked above), never a caller's text in the SQL.
            query = f"SELECT table_id, seat, {counter} FROM rb_seats WHERE table_id IN ({_marks(len(chunk))})"
            for table_id, seat, count in self._run(lambda cur: cur.all(query, chunk)):
                found.setdefault(str(table_id), {})[int(seat)] = int(count)
        return found

    # ----- the house ------------------------------------------------------------------------------------
    def list_tables(self, statuses: Iterable[str] | None = None, limit: int = 200) -> list[TableInfo]:
        wanted = [str(s) for s in (STATUSES if statuses is None else statuses)]
        query = f"SELECT {COLUMNS} FROM rb_tables WHERE status IN ({_marks(len(wanted))}) ORDER BY updated DESC LIMIT ?"
        rows = self._run(lambda cur: cur.all(query, (*wanted, int(limit))))
        return [info_from_row(row) for row in rows]

    def purge(self, finished_before: float, abandoned_before: float) -> int:
        def work(cur: _Cursor) -> int:
            cur.execute(
                "DELETE FROM rb_tables WHERE (status IN (?, ?) AND updated < ?) OR (status = ? AND updated < ?)",
                (OVER, CLOSED, float(finished_before), OPEN, float(abandoned_before)),
            )
            return cur.rowcount

        return self._write(work)

    def count_event(self, kind: str, who: str, window: float, limit: int, when: float | None = None) -> bool:
        stamp = now() if when is None else float(when)
        kind, who = str(kind), str(who)

        def work(cur: _Cursor) -> bool:
            # one client's pages in several processes count in turn
            self.dialect.serialize(cur, f"rb_events:{kind}:{who}")
            cur.execute("DELETE FROM rb_events WHERE kind = ? AND who = ? AND at <= ?", (kind, who, stamp - window))
            # and everyone's events long past any window, so clients that never come back leave nothing
            cur.execute("DELETE FROM rb_events WHERE at < ?", (stamp - max(window, EVENTS_KEPT),))
            (count,) = cur.one("SELECT COUNT(*) FROM rb_events WHERE kind = ? AND who = ?", (kind, who))
            if count >= limit:
                return False
            cur.execute("INSERT INTO rb_events (kind, who, at) VALUES (?, ?, ?)", (kind, who, stamp))
            return True

        return self._write(work)

    def size_bytes(self) -> int:
        return self._run(self.dialect.size_bytes)

    def setting(self, key: str, make: Callable[[], str]) -> str:
        query = "SELECT value FROM rb_settings WHERE key = ?"
        row = self._run(lambda cur: cur.one(query, (key,)))
        if row is not None:
            stored: str = row[0]  # rb_settings.value is TEXT (the driver's rows are untyped)
            return stored
        value = make()

        def work(cur: _Cursor) -> str:
            cur.execute("INSERT INTO rb_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))
            kept: str = cur.one(query, (key,))[0]
            return kept

        return self._write(work)

    def release(self) -> None:
        """Close the connection now; the next operation opens a new one.

        Why: a page's kernel sits idle most of the time (the server's feed
        tells it when its table moves), and an idle kernel holding a
        connection would cost PostgreSQL one backend per open page.
        An in-memory SQLite store keeps its connection (its data lives there).
        """
        with self._lock:
            if self._conn is not None and self.dialect.releasable:
                conn, self._conn = self._conn, None
                try:
                    conn.close()
                except self.dialect.errors:  # already broken: gone is what was wanted
                    pass

    @property
    def holds_connection(self) -> bool:
        """A connection is open (tests and the page's idle release look at it)."""
        return self._conn is not None

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()


# ----- shapes ------------------------------------------------------------------------------------------------
def now() -> float:
    return time.time()


def first_line(error: BaseException) -> str:
    """An error's first line (a driver's message may run on with context that says nothing new)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def check_status(status: str | None, optional: bool = False) -> None:
    if not (status is None and optional) and status not in STATUSES:
        raise ValueError(f"bad status {status!r}")


def check_counter(counter: str) -> None:
    """Only the store's own column names reach the SQL."""
    if counter not in SEAT_COUNTERS:
        raise ValueError(f"no seat counter {counter!r}")


def check_new_table(
    game: str, version: int, options: Mapping[str, Any], seats: Sequence[str], seed: int, tokens: Mapping[int, str]
) -> None:
    """Shape checks before a table is stored (the engine has already judged the options)."""
    if not isinstance(game, str) or not game.isidentifier():
        raise ValueError(f"bad game name {game!r}")
    if type(version) is not int:
        raise ValueError("version must be an int")
    if not isinstance(options, Mapping):
        raise ValueError("options must be a mapping")
    dumps(dict(options))
    if not seats or not all(isinstance(kind, str) and kind for kind in seats):
        raise ValueError("seats must be non-empty strings")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise ValueError("seed must be an int in [0, 2**63)")
    for seat, token in tokens.items():
        if type(seat) is not int or not OWNER <= seat < len(seats):
            raise ValueError(f"token for a seat that does not exist: {seat!r}")
        if not is_token_text(token):
            raise ValueError("malformed token")
    if len(set(tokens.values())) != len(tokens):
        raise ValueError("two seats share a token")


def check_origin(origin: str, entered: int) -> None:
    """Shape checks of the two facts added later (``TableInfo.origin`` and ``entered``)."""
    if origin not in ORIGINS:
        raise ValueError(f"unknown origin {origin!r}")
    if type(entered) is not int or entered < 0:
        raise ValueError("entered must be an int >= 0")


def check_steps(steps: Sequence[StoredStep], seats: int) -> None:
    for step in steps:
        if not isinstance(step, StoredStep) or not isinstance(step.text, str) or not step.text:
            raise ValueError(f"bad step {step!r}")
        if type(step.actor) is not int or not -1 <= step.actor < seats:
            raise ValueError(f"bad actor in {step!r}")
        if step.author is not None and (type(step.author) is not int or not 0 <= step.author < seats):
            raise ValueError(f"bad author in {step!r}")


def tokens_for(seats: Sequence[str], given: Mapping[int, str] | None, human: str = "human") -> dict[int, str]:
    """Tokens for the owner and every human seat: the given ones where present, new ones elsewhere."""
    given = dict(given or {})
    people = [OWNER] + [k for k, kind in enumerate(seats) if kind == human]
    stray = set(given) - set(people)
    if stray:
        raise ValueError(f"tokens given for seats no person takes: {sorted(stray, key=str)}")
    return {k: given.get(k) or new_token() for k in people}
