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
