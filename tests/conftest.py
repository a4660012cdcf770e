"""Shared test set-up. ``tests/support`` holds helper modules any test may import
by full name (e.g. ``tests.support.toy_cards``, a tiny hidden-information game
for platform tests); the checkout's root is on the import path through
``pythonpath`` in pyproject.toml."""

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def postgres_server() -> Iterator["object"]:
    """A private PostgreSQL server for the whole run (``tests/support/pg_server.py``).

    Without PostgreSQL on the machine the tests that need it are skipped with
    the reason, except under CI (``CI=true``), where ``make test`` has
    installed it and its absence is a failure, not a silent skip.
    """
    from tests.support.pg_server import PostgresServer, PostgresUnavailable

    try:
        server = PostgresServer()
    except PostgresUnavailable as error:
        if os.environ.get("CI"):
            pytest.fail(str(error))
        pytest.skip(str(error))
    server.start()
    try:
        yield server
    finally:
        server.remove()


@pytest.fixture
def fresh_postgres_url(postgres_server) -> str:
    """The URL of a new, empty database on the test server."""
    return postgres_server.new_database()


@pytest.fixture
def postgres_url(fresh_postgres_url: str) -> str:
    """A PostgreSQL store URL for a test (a fresh database each time: tests never share tables)."""
    return fresh_postgres_url


def pytest_collection_modifyitems(session, config, items) -> None:
    """Browser tests run last.

    Playwright's sync API keeps an event loop running in the main thread for
    as long as the session's browser is open; any later test calling
    ``asyncio.run`` (the kernel cap's tests, Tornado's test cases) would fail
    with "cannot be called from a running event loop". Last, they also
    leave the fast tests to report first.
    """
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
