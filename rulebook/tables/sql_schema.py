"""The store's tables in SQL, as both databases keep them (``rulebook.tables.sql`` runs the queries).

One description for SQLite and PostgreSQL so a store made by either keeps the
same columns in the same order; the three column types that differ
(``{bool}``, ``{bigint}``, ``{real}``) are filled in by the dialect. A store
made before a column existed gains it on opening (``ADDED_COLUMNS``): an old
SQLite file or PostgreSQL database keeps working, its old tables read with
the column's default.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from .store import StoredStep, TableInfo

SCHEMA_VERSION = 1

SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS rb_tables (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    version     INTEGER NOT NULL,
    options     TEXT NOT NULL,
    seats       TEXT NOT NULL,
    table_mode  {bool} NOT NULL,
    seed        {bigint} NOT NULL,
    seed_chosen {bool} NOT NULL,
    status      TEXT NOT NULL,
    revision    INTEGER NOT NULL,
    moves       INTEGER NOT NULL,
    cuts        INTEGER NOT NULL,
    created     {real} NOT NULL,
    updated     {real} NOT NULL,
    successor   TEXT,
    label       TEXT NOT NULL,
    recorded    INTEGER NOT NULL DEFAULT 0
)""",
    "CREATE INDEX IF NOT EXISTS rb_tables_updated ON rb_tables (status, updated)",
    """
CREATE TABLE IF NOT EXISTS rb_steps (
    table_id TEXT NOT NULL REFERENCES rb_tables (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    text     TEXT NOT NULL,
    actor    INTEGER NOT NULL,
    by_user  {bool} NOT NULL,
    grp      INTEGER NOT NULL,
    author   INTEGER,
    PRIMARY KEY (table_id, seq)
)""",
    """
CREATE TABLE IF NOT EXISTS rb_seats (
    table_id  TEXT NOT NULL REFERENCES rb_tables (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    token     TEXT NOT NULL,
    last_seen {real},
    claims    INTEGER NOT NULL DEFAULT 0,
    watches   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
)""",
    "CREATE INDEX IF NOT EXISTS rb_seats_token ON rb_seats (table_id, token)",
    """
CREATE TABLE IF NOT EXISTS rb_settings (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL,
    expires {real}
)""",
    """
CREATE TABLE IF NOT EXISTS rb_events (
    kind TEXT NOT NULL,
    who  TEXT NOT NULL,
    at   {real} NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS rb_events_who ON rb_events (kind, who, at)",
    # The site's servers and the pages each has handed out (issue 30: limits every server shares).
    """
CREATE TABLE IF NOT EXISTS rb_servers (
    name TEXT PRIMARY KEY,
    seen {real} NOT NULL
)""",
    """
CREATE TABLE IF NOT EXISTS rb_pages (
    page    TEXT PRIMARY KEY,
    server  TEXT NOT NULL,
    kernel  TEXT,
    address TEXT NOT NULL,
    cookie  TEXT,
    opened  {real} NOT NULL,
    seen    {real} NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS rb_pages_address ON rb_pages (address)",
    "CREATE INDEX IF NOT EXISTS rb_pages_cookie ON rb_pages (cookie)",
    "CREATE INDEX IF NOT EXISTS rb_pages_server ON rb_pages (server)",
)
"""The tables, with ``{bool}``, ``{bigint}`` and ``{real}`` left to the dialect's types."""

ADDED_COLUMNS = (
    ("rb_tables", "recorded", "INTEGER NOT NULL DEFAULT 0"),
    ("rb_tables", "origin", "TEXT NOT NULL DEFAULT ''"),
    ("rb_tables", "entered", "INTEGER NOT NULL DEFAULT 0"),
    ("rb_seats", "watches", "INTEGER NOT NULL DEFAULT 0"),
    ("rb_settings", "expires", "{real}"),
)
"""Columns added after stores were in use: a store made before gets them on opening (old tables read
as nothing recorded, origin ``""``, nothing entered, no watches; old settings never expire). A kind
may name a dialect's type as ``SCHEMA`` does (``{real}``)."""

COLUMNS = (
    "id, game, version, options, seats, table_mode, seed, seed_chosen, status, revision, moves, cuts, created, updated, successor, label,"
    " recorded, origin, entered"
)
"""The columns of a table's row, in the order ``info_from_row`` reads them."""

STEP_COLUMNS = "text, actor, by_user, grp, author"

SCHEMA_LOCK = 0x7275_6C65_626F_6F6B
"""The key of the schema's creation lock ("rulebook" as 64 bits; PostgreSQL's pg_advisory_xact_lock)."""


def info_from_row(row: Sequence[Any]) -> TableInfo:
    """A ``TableInfo`` from a row selected as ``COLUMNS`` (options and seats are JSON text)."""
    return TableInfo(
        id=row[0],
        game=row[1],
        version=int(row[2]),
        options=json.loads(row[3]),
        seats=tuple(json.loads(row[4])),
        table_mode=bool(row[5]),
        seed=int(row[6]),
        seed_chosen=bool(row[7]),
        status=row[8],
        revision=int(row[9]),
        moves=int(row[10]),
        cuts=int(row[11]),
        created=float(row[12]),
        updated=float(row[13]),
        successor=row[14],
        label=row[15],
        recorded=int(row[16] or 0),
        origin=row[17] or "",
        entered=int(row[18] or 0),
    )


def step_from_row(row: Sequence[Any]) -> StoredStep:
    """A ``StoredStep`` from a row selected as ``STEP_COLUMNS`` (SQLite keeps ``by_user`` as 0/1)."""
    text, actor, by_user, group, author = row
    return StoredStep(text, int(actor), bool(by_user), int(group), author)


def dumps(value: Any) -> str:
    """JSON as the store keeps it: compact, sorted keys (the same options give the same text)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
