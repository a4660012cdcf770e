"""A store file made before issue 17's columns (``recorded``, ``watches``) opens and gains them, keeping its tables."""

from __future__ import annotations

import sqlite3

from rulebook.tables.sqlite import SQLiteStore


def test_an_older_sqlite_file_gains_the_recorded_column(tmp_path):
    path = tmp_path / "old.sqlite"
    store = SQLiteStore(path)
    info = store.create(game="chiritsumo", version=3, options={}, seats=("human",), table_mode=False, seed=7)
    store.close()
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE rb_tables DROP COLUMN recorded")  # as the file was before
    db.execute("ALTER TABLE rb_seats DROP COLUMN watches")
    db.commit()
    db.close()
    again = SQLiteStore(path)
    assert again.info(info.id).recorded == 0 and again.info(info.id).seed == 7
    assert again.watches(info.id) == {-1: 0, 0: 0}
    assert again.create(game="chiritsumo", version=3, options={}, seats=("human",), table_mode=False, seed=8, recorded=2).recorded == 2
    again.close()


def test_a_store_from_before_issue_30_gains_the_shared_limits_tables(tmp_path):
    """An old file (no rb_servers / rb_pages, settings without ``expires``) opens, keeps its settings, and counts pages."""
    path = tmp_path / "old.sqlite"
    store = SQLiteStore(path)
    info = store.create(game="chiritsumo", version=3, options={}, seats=("human",), table_mode=False, seed=7)
    salt = store.setting("seal_key", lambda: "kept")
    store.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE rb_pages")
    db.execute("DROP TABLE rb_servers")
    db.execute("ALTER TABLE rb_settings DROP COLUMN expires")  # as the file was before
    db.commit()
    db.close()
    again = SQLiteStore(path)
    assert again.info(info.id).seed == 7 and again.setting("seal_key", lambda: "new") == salt == "kept"
    assert again.read_settings(["seal_key"]) == {"seal_key": "kept"}  # an old setting never expires
    assert again.open_page("p1", "server-1", "10.0.0.1", None, (1, 0), alive_after=0) is None
    assert again.open_page("p2", "server-1", "10.0.0.1", None, (1, 0), alive_after=0) == "address"
    assert again.change_setting("login:x", lambda v: "1", ttl=60) == "1"
    again.close()


def test_a_postgresql_store_from_before_issue_30_gains_them_too(postgres_url):
    import psycopg

    from rulebook.tables.postgres import PostgresStore

    store = PostgresStore(postgres_url)
    store.setting("seal_key", lambda: "kept")
    store.close()
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("DROP TABLE rb_pages")
        db.execute("DROP TABLE rb_servers")
        db.execute("ALTER TABLE rb_settings DROP COLUMN expires")
    again = PostgresStore(postgres_url)
    assert again.read_settings(["seal_key"]) == {"seal_key": "kept"}
    assert again.open_page("p1", "server-1", "10.0.0.1", None, (1, 0), alive_after=0) is None
    assert again.client_pages("10.0.0.1", None, alive_after=0) == (1, 0)
    again.close()
