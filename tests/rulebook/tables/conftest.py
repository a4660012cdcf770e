"""Store fixtures: every contract test runs on SQLite and on a real PostgreSQL.

``store_url`` (parametrized ``sqlite`` / ``postgres``) gives a fresh, empty
store's URL; ``store`` opens it. PostgreSQL comes from the session fixture
``postgres_url`` (``tests/support/pg_server.py``), a server started from
Debian's ``postgresql`` package for the test run.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulebook.tables.store import TableStore
from rulebook.tables.opening import forget_stores, open_store


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite://{tmp_path / 'tables.sqlite'}"
    else:
        yield request.getfixturevalue("fresh_postgres_url")
    forget_stores()


@pytest.fixture
def store(store_url: str) -> Iterator[TableStore]:
    yield open_store(store_url)
