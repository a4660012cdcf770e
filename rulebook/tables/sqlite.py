"""The SQLite table store: the site's default (stdlib ``sqlite3``, a file in the data folder).

Every page is its own process (a Voilà kernel), so several processes write
the same file: WAL mode lets readers go on while one writer commits, writes
take the lock up front (``BEGIN IMMEDIATE``) so two appends never both read
the old revision, and ``busy_timeout`` makes a writer wait its turn instead
of failing. A page's poll is one indexed ``SELECT`` of the revision.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from .store import (
    SEAT_COUNTERS,
    CLOSED,
    COLUMNS,
    EVENTS_KEPT,
    MAX_LABEL,
    OPEN,
    OVER,
    STATUSES,
    NoSuchTable,
    StaleRevision,
    StoredStep,
    Table,
    TableInfo,
    TableStore,
    check_new_table,
    check_origin,
    info_from_row,
    check_steps,
    dumps,
    new_table_id,
    now,
    tokens_for,
)

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS rb_tables (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    version     INTEGER NOT NULL,
    options     TEXT NOT NULL,
    seats       TEXT NOT NULL,
    table_mode  INTEGER NOT NULL,
    seed        INTEGER NOT NULL,
    seed_chosen INTEGER NOT NULL,
    status      TEXT NOT NULL,
    revision    INTEGER NOT NULL,
    moves       INTEGER NOT NULL,
    cuts        INTEGER NOT NULL,
    created     REAL NOT NULL,
    updated     REAL NOT NULL,
    successor   TEXT,
    label       TEXT NOT NULL,
    recorded    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rb_tables_updated ON rb_tables (status, updated);
CREATE TABLE IF NOT EXISTS rb_steps (
    table_id TEXT NOT NULL REFERENCES rb_tables (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    text     TEXT NOT NULL,
    actor    INTEGER NOT NULL,
    by_user  INTEGER NOT NULL,
    grp      INTEGER NOT NULL,
    author   INTEGER,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS rb_seats (
    table_id  TEXT NOT NULL REFERENCES rb_tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    token     TEXT NOT NULL,
    last_seen REAL,
    claims    INTEGER NOT NULL DEFAULT 0,
    watches   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS rb_seats_token ON rb_seats (table_id, token);
CREATE TABLE IF NOT EXISTS rb_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rb_events (
    kind TEXT NOT NULL,
    who  TEXT NOT NULL,
    at   REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS rb_events_who ON rb_events (kind, who, at);
"""

ADDED_COLUMNS = (
    ("recorded", "INTEGER NOT NULL DEFAULT 0"),
    ("origin", "TEXT NOT NULL DEFAULT ''"),
    ("entered", "INTEGER NOT NULL DEFAULT 0"),
)
"""Columns added to ``rb_tables`` after stores were in use: a store file made before gets them on
opening (old tables read as origin ``""``, nothing entered)."""


class SQLiteStore(TableStore):
    """Tables in one SQLite file (or in memory: ``":memory:"``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.url = "memory:" if self.path == ":memory:" else f"sqlite://{Path(self.path).resolve()}"
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # One connection per store, shared by the threads of a process under a lock
        # (a kernel has one thread that matters; the server's host tools may have more).
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout = 30000")
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA foreign_keys = ON")
        self._create_schema()

    # ----- transactions --------------------------------------------------------------------------
    def _create_schema(self) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                have = {row[1] for row in self._db.execute("PRAGMA table_info(rb_tables)")}
                for name, kind in ADDED_COLUMNS:
                    if name not in have:
                        self._db.execute(f"ALTER TABLE rb_tables ADD COLUMN {name} {kind}")
                names = {row[1] for row in self._db.execute("PRAGMA table_info(rb_seats)")}
                if "watches" not in names:
                    self._db.execute("ALTER TABLE rb_seats ADD COLUMN watches INTEGER NOT NULL DEFAULT 0")
                self._db.execute(
                    "INSERT OR IGNORE INTO rb_settings (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding the file's write lock from the start."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            else:
                self._db.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: several SELECTs see the same revision."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.execute("COMMIT")

    @staticmethod
    def _row(db: sqlite3.Connection, table_id: str) -> TableInfo:
        row = db.execute(f"SELECT {COLUMNS} FROM rb_tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise NoSuchTable(table_id)
        return info_from_row(row)

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
        with self._write() as db:
            db.execute(
                f"INSERT INTO rb_tables ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, NULL, ?, ?, ?, ?)",
                (
                    table_id,
                    game,
                    version,
                    dumps(dict(options)),
                    dumps(list(seats)),
                    int(bool(table_mode)),
                    seed,
                    int(bool(seed_chosen)),
                    OPEN,
                    stamp,
                    stamp,
                    str(label)[:MAX_LABEL],
                    recorded,
                    origin,
                    entered,
                ),
            )
            db.executemany(
                "INSERT INTO rb_seats (table_id, seat, token, last_seen) VALUES (?, ?, ?, NULL)",
                [(table_id, seat, token) for seat, token in sorted(keys.items())],
            )
            return self._row(db, table_id)

    def load(self, table_id: str, start: int = 0) -> Table:
        with self._read() as db:
            info = self._row(db, table_id)
            start = max(0, min(int(start), info.moves))
            rows = db.execute(
                "SELECT text, actor, by_user, grp, author FROM rb_steps WHERE table_id = ? AND seq >= ? ORDER BY seq",
                (table_id, start),
            ).fetchall()
        steps = tuple(StoredStep(text, int(actor), bool(by_user), int(grp), author) for text, actor, by_user, grp, author in rows)
        return Table(info, steps, start)

    def info(self, table_id: str) -> TableInfo:
        with self._lock:
            return self._row(self._db, table_id)

    def revision(self, table_id: str) -> int:
        with self._lock:
            row = self._db.execute("SELECT revision FROM rb_tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise NoSuchTable(table_id)
        return int(row[0])

    @staticmethod
    def _guard(db: sqlite3.Connection, table_id: str, expected: int) -> TableInfo:
        info = SQLiteStore._row(db, table_id)
        if info.revision != expected:
            raise StaleRevision(table_id, expected, info.revision)
        return info

    def append(
        self, table_id: str, expected: int, steps: Sequence[StoredStep], *, status: str | None = None
    ) -> TableInfo:
        if status is not None and status not in STATUSES:
            raise ValueError(f"bad status {status!r}")
        steps = list(steps)
        with self._write() as db:
            info = self._guard(db, table_id, expected)
            check_steps(steps, len(info.seats))
            db.executemany(
                "INSERT INTO rb_steps (table_id, seq, text, actor, by_user, grp, author) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (table_id, info.moves + k, s.text, s.actor, int(s.by_user), s.group, s.author)
                    for k, s in enumerate(steps)
                ],
            )
            db.execute(
                "UPDATE rb_tables SET revision = revision + 1, moves = moves + ?, status = ?, updated = ? WHERE id = ?",
                (len(steps), status or info.status, now(), table_id),
            )
            return self._row(db, table_id)

    def truncate(self, table_id: str, expected: int, keep: int, *, status: str | None = None) -> TableInfo:
        if status is not None and status not in STATUSES:
            raise ValueError(f"bad status {status!r}")
        with self._write() as db:
            info = self._guard(db, table_id, expected)
            if type(keep) is not int or not 0 <= keep <= info.moves:
                raise ValueError(f"cannot keep {keep!r} of {info.moves} moves")
            db.execute("DELETE FROM rb_steps WHERE table_id = ? AND seq >= ?", (table_id, keep))
            db.execute(
                "UPDATE rb_tables SET revision = revision + 1, moves = ?, cuts = cuts + 1, status = ?, updated = ? WHERE id = ?",
                (keep, status or info.status, now(), table_id),
            )
            return self._row(db, table_id)

    def set_status(self, table_id: str, status: str, *, successor: str | None = None) -> TableInfo:
        if status not in STATUSES:
            raise ValueError(f"bad status {status!r}")
        with self._write() as db:
            info = self._row(db, table_id)
            db.execute(
                "UPDATE rb_tables SET revision = revision + 1, status = ?, successor = ?, updated = ? WHERE id = ?",
                (status, successor if successor is not None else info.successor, now(), table_id),
            )
            return self._row(db, table_id)

    # ----- seats ----------------------------------------------------------------------------------------
    def seat_tokens(self, table_id: str) -> dict[int, str]:
        with self._read() as db:
            self._row(db, table_id)
            rows = db.execute("SELECT seat, token FROM rb_seats WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
        return {int(seat): token for seat, token in rows}

    def seat_of(self, table_id: str, token: str) -> int | None:
        with self._lock:
            row = self._db.execute(
                "SELECT seat FROM rb_seats WHERE table_id = ? AND token = ?", (table_id, str(token))
            ).fetchone()
        return None if row is None else int(row[0])

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
        with self._write() as db:
            self._row(db, table_id)
            db.executemany(
                f"UPDATE rb_seats SET {column} = {column} + 1 WHERE table_id = ? AND seat = ?", [(table_id, s) for s in seats]
            )
            db.execute("UPDATE rb_tables SET revision = revision + 1, updated = ? WHERE id = ?", (now(), table_id))
            return self._row(db, table_id)

    def _seat_counts(self, table_id: str, column: str) -> dict[int, int]:
        if column not in SEAT_COUNTERS:
            raise ValueError(f"no seat counter {column!r}")
        with self._lock:
            rows = self._db.execute(f"SELECT seat, {column} FROM rb_seats WHERE table_id = ?", (table_id,)).fetchall()
        return {int(seat): int(count) for seat, count in rows}

    def touch(self, table_id: str, seats: Iterable[int], when: float | None = None) -> None:
        stamp = now() if when is None else when
        seats = [int(s) for s in seats]
        if not seats:
            return
        with self._write() as db:
            db.executemany(
                "UPDATE rb_seats SET last_seen = ? WHERE table_id = ? AND seat = ?", [(stamp, table_id, s) for s in seats]
            )

    def presence(self, table_id: str) -> dict[int, float]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, last_seen FROM rb_seats WHERE table_id = ? AND last_seen IS NOT NULL", (table_id,)
            ).fetchall()
        return {int(seat): float(seen) for seat, seen in rows}

    # ----- the house ------------------------------------------------------------------------------------
    def list_tables(self, statuses: Iterable[str] | None = None, limit: int = 200) -> list[TableInfo]:
        wanted = list(statuses) if statuses is not None else list(STATUSES)
        marks = ", ".join("?" for _ in wanted) or "NULL"
        with self._lock:
            rows = self._db.execute(
                f"SELECT {COLUMNS} FROM rb_tables WHERE status IN ({marks}) ORDER BY updated DESC LIMIT ?",
                (*wanted, int(limit)),
            ).fetchall()
        return [info_from_row(row) for row in rows]

    def purge(self, finished_before: float, abandoned_before: float) -> int:
        with self._write() as db:
            cursor = db.execute(
                "DELETE FROM rb_tables WHERE (status IN (?, ?) AND updated < ?) OR (status = ? AND updated < ?)",
                (OVER, CLOSED, finished_before, OPEN, abandoned_before),
            )
            return cursor.rowcount

    def count_event(self, kind: str, who: str, window: float, limit: int, when: float | None = None) -> bool:
        stamp = now() if when is None else float(when)
        with self._write() as db:
            db.execute("DELETE FROM rb_events WHERE kind = ? AND who = ? AND at <= ?", (str(kind), str(who), stamp - window))
            # and everyone's events long past any window, so clients that never come back leave nothing
            db.execute("DELETE FROM rb_events WHERE at < ?", (stamp - max(window, EVENTS_KEPT),))
            (count,) = db.execute("SELECT COUNT(*) FROM rb_events WHERE kind = ? AND who = ?", (str(kind), str(who))).fetchone()
            if count >= limit:
                return False
            db.execute("INSERT INTO rb_events (kind, who, at) VALUES (?, ?, ?)", (str(kind), str(who), stamp))
            return True

    def size_bytes(self) -> int:
        with self._lock:
            (pages,) = self._db.execute("PRAGMA page_count").fetchone()
            (size,) = self._db.execute("PRAGMA page_size").fetchone()
            (free,) = self._db.execute("PRAGMA freelist_count").fetchone()
        return int(pages - free) * int(size)

    def setting(self, key: str, make: Callable[[], str]) -> str:
        with self._lock:
            row = self._db.execute("SELECT value FROM rb_settings WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return row[0]
        value = make()
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO rb_settings (key, value) VALUES (?, ?)", (key, value))
            return db.execute("SELECT value FROM rb_settings WHERE key = ?", (key,)).fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()
