"""The one SQL store under its two dialects (``rulebook/tables/sql.py``): what the contract tests do not reach.

The stored format is pinned column by column (an SQLite file or a PostgreSQL
database made before the store was written once must read the same), a
write that fails half-way leaves nothing behind on either database, and
SQLite's failures (a file that cannot be opened, a write lock held too long)
are the store's own ``StoreError`` naming the file, after which the store
goes on working.
"""

from __future__ import annotations

import sqlite3

import pytest

from rulebook.tables import sqlite as sqlite_module
from rulebook.tables.sqlite import SQLiteStore
from rulebook.tables.store import StoredStep, StoreError, TableStore

TABLE_COLUMNS = [
    ("id", "TEXT", "text"),
    ("game", "TEXT", "text"),
    ("version", "INTEGER", "integer"),
    ("options", "TEXT", "text"),
    ("seats", "TEXT", "text"),
    ("table_mode", "INTEGER", "boolean"),
    ("seed", "INTEGER", "bigint"),
    ("seed_chosen", "INTEGER", "boolean"),
    ("status", "TEXT", "text"),
    ("revision", "INTEGER", "integer"),
    ("moves", "INTEGER", "integer"),
    ("cuts", "INTEGER", "integer"),
    ("created", "REAL", "double precision"),
    ("updated", "REAL", "double precision"),
    ("successor", "TEXT", "text"),
    ("label", "TEXT", "text"),
    ("recorded", "INTEGER", "integer"),
    ("origin", "TEXT", "text"),
    ("entered", "INTEGER", "integer"),
]
"""rb_tables as both stores kept it before issue 20: (name, SQLite type, PostgreSQL type), in order."""

OTHER_COLUMNS = {
    "rb_steps": [
        ("table_id", "TEXT", "text"),
        ("seq", "INTEGER", "integer"),
        ("text", "TEXT", "text"),
        ("actor", "INTEGER", "integer"),
        ("by_user", "INTEGER", "boolean"),
        ("grp", "INTEGER", "integer"),
        ("author", "INTEGER", "integer"),
    ],
    "rb_seats": [
        ("table_id", "TEXT", "text"),
        ("seat", "INTEGER", "integer"),
        ("token", "TEXT", "text"),
        ("last_seen", "REAL", "double precision"),
        ("claims", "INTEGER", "integer"),
        ("watches", "INTEGER", "integer"),
    ],
    # issue 30 added ``expires`` at the end (settings that expire: the host login's tries)
    "rb_settings": [("key", "TEXT", "text"), ("value", "TEXT", "text"), ("expires", "REAL", "double precision")],
    "rb_events": [("kind", "TEXT", "text"), ("who", "TEXT", "text"), ("at", "REAL", "double precision")],
    # issue 30: the site's servers and their pages (limits every server shares)
    "rb_servers": [("name", "TEXT", "text"), ("seen", "REAL", "double precision")],
    "rb_pages": [
        ("page", "TEXT", "text"),
        ("server", "TEXT", "text"),
        ("kernel", "TEXT", "text"),
        ("address", "TEXT", "text"),
        ("cookie", "TEXT", "text"),
        ("opened", "REAL", "double precision"),
        ("seen", "REAL", "double precision"),
    ],
}

INDEXES = {"rb_tables_updated", "rb_seats_token", "rb_events_who", "rb_pages_address", "rb_pages_cookie", "rb_pages_server"}


def _columns(url: str, table: str) -> list[tuple[str, str]]:
    if url.startswith("sqlite://"):
        with sqlite3.connect(url[len("sqlite://") :]) as db:
            return [(row[1], row[2]) for row in db.execute(f"PRAGMA table_info({table})")]
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = %s ORDER BY ordinal_position",
            (table,),
        ).fetchall()
    return [(name, kind) for name, kind in rows]


def _indexes(url: str) -> set[str]:
    if url.startswith("sqlite://"):
        with sqlite3.connect(url[len("sqlite://") :]) as db:
            return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname NOT LIKE '%pkey'")
        return {row[0] for row in rows.fetchall()}


def test_both_databases_keep_the_format_they_kept_before(store: TableStore, store_url: str):
    sqlite = store_url.startswith("sqlite://")
    for table, columns in {"rb_tables": TABLE_COLUMNS, **OTHER_COLUMNS}.items():
        expected = [(name, lite if sqlite else pg) for name, lite, pg in columns]
        assert _columns(store_url, table) == expected, table
    assert _indexes(store_url) == INDEXES
    assert store.setting("schema_version", lambda: "made now") == "1"


def test_a_write_that_fails_half_way_leaves_nothing_behind(store: TableStore):
    """Whatever breaks inside a write transaction, it is rolled back and the connection is free for the next one."""
    info = store.create(game="puniu", version=1, options={}, seats=("human",), table_mode=False, seed=5)

    def half(cur) -> None:
        cur.execute("INSERT INTO rb_steps (table_id, seq, text, actor, by_user, grp, author) VALUES (?, 0, 'x', 0, ?, 1, 0)", (info.id, True))
        cur.execute("UPDATE rb_tables SET revision = revision + 1, moves = 1 WHERE id = ?", (info.id,))
        raise RuntimeError("the page died here")

    with pytest.raises(RuntimeError):
        store._write(half)  # the one way in to a transaction's middle
    table = store.load(info.id)
    assert (table.info.revision, table.info.moves, table.steps) == (0, 0, ())
    after = store.append(info.id, 0, [StoredStep("place 1 1", 0, True, 1, 0)])
    assert (after.revision, after.moves) == (1, 1)


def test_a_file_that_cannot_be_a_database_is_a_store_error(tmp_path):
    folder = tmp_path / "tables.sqlite"
    folder.mkdir()  # a folder where the file should be
    with pytest.raises(StoreError, match="cannot open the table store at") as caught:
        SQLiteStore(folder)
    assert str(folder) in str(caught.value)


def test_a_write_lock_held_too_long_is_a_store_error_and_the_store_goes_on(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_module, "BUSY_TIMEOUT", 0.2)
    path = tmp_path / "tables.sqlite"
    store = SQLiteStore(path)
    info = store.create(game="puniu", version=1, options={}, seats=("human",), table_mode=False, seed=5)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another process writing, and not letting go
        with pytest.raises(StoreError, match="locked") as caught:
            store.append(info.id, 0, [StoredStep("place 1 1", 0, True, 1, 0)])
        assert f"table store at sqlite://{path.resolve()}" in str(caught.value)
        assert store.revision(info.id) == 0  # reading goes on while the other writes (WAL)
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert store.append(info.id, 0, [StoredStep("place 1 1", 0, True, 1, 0)]).revision == 1
    store.close()


def test_release_keeps_a_file_store_usable_and_an_in_memory_one_whole(tmp_path) -> None:
    """An idle page gives its connection back; an in-memory store cannot (its data lives in the connection)."""
    from rulebook.tables.sqlite import SQLiteStore

    for store in (SQLiteStore(tmp_path / "t.sqlite"), SQLiteStore(":memory:")):
        info = store.create(game="nim", version=1, options={}, seats=["human"], table_mode=False, seed=1)
        used = store.last_used
        store.release()
        assert store.holds_connection == (store.path == ":memory:")
        assert store.revision(info.id) == 0
        assert store.holds_connection and store.last_used >= used
        store.close()
