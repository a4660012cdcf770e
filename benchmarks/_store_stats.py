"""What open pages cost the PostgreSQL table store: connections, and transactions a second.

Why a module of its own: issue 30 ("Grow past one machine") promises that an
open, idle page costs the database next to nothing (its kernel hears its
table through the server's feed, ``rulebook.site.feed``, and holds no
connection while idle); the promise is checked by a test
(``tests/benchmarks/test_store_stats.py``) and reported by the scale
benchmark, which both measure with these functions.

Read from PostgreSQL's own statistics:

- ``pg_connections``: client backends connected to the store's database now
  (``pg_stat_activity``), the asking connection left out;
- ``pg_transactions``: ``xact_commit + xact_rollback`` of the database
  (``pg_stat_database``). Every statement the store sends outside a
  transaction is one transaction there, so over a window the difference is
  the queries made. Backends report these counters up to ~1 s late when
  busy and ~10 s late when they fall idle, so measure over 20 s or more.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any


def _connect(url: str) -> Any:
    import psycopg

    return psycopg.connect(url, autocommit=True, application_name="rulebook-store-stats")


def pg_connections(url: str, conn: Any = None) -> int:
    """Client connections to ``url``'s database now, besides the one asking (``conn``, or a new one)."""
    return sum(pg_connections_by_application(url, conn).values())


def pg_connections_by_application(url: str, conn: Any = None) -> dict[str, int]:
    """The same, by ``application_name`` (``rulebook``: a store; ``rulebook-feed``: a server's listener)."""
    own = conn is None
    conn = conn or _connect(url)
    try:
        rows = conn.execute(
            "SELECT application_name, count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
            " GROUP BY application_name"
        ).fetchall()
    finally:
        if own:
            conn.close()
    return {str(name): int(count) for name, count in rows}


def pg_transactions(url: str, conn: Any = None) -> int:
    """Transactions committed or rolled back in ``url``'s database so far (the counters may lag: see the module)."""
    own = conn is None
    conn = conn or _connect(url)
    try:
        conn.execute("SELECT pg_stat_clear_snapshot()")
        (count,) = conn.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    finally:
        if own:
            conn.close()
    return int(count)


@dataclass(frozen=True)
class StoreLoad:
    """What ``pages`` open pages cost the store over ``seconds`` (beside what the site cost with none)."""

    pages: int
    seconds: float
    connections: int
    """Client connections at the end of the window."""
    baseline_connections: int
    """Client connections of the same site with no page open (its servers' own: store and feed listener)."""
    transactions: int
    """Transactions in the window, the measuring connection's own taken out."""

    @property
    def connections_per_page(self) -> float:
        """Connections the pages added, per page."""
        return max(0, self.connections - self.baseline_connections) / self.pages

    @property
    def queries_per_page_second(self) -> float:
        return self.transactions / self.pages / self.seconds


def measure_idle(url: str, pages: int, seconds: float, baseline_connections: int) -> StoreLoad:
    """Watch the database for ``seconds`` while ``pages`` pages stay open and idle."""
    if pages < 1 or seconds <= 0:
        raise ValueError("measure at least one page over a positive time")
    with _connect(url) as conn:
        first = pg_transactions(url, conn)
        started = time.monotonic()
        time.sleep(seconds)
        last = pg_transactions(url, conn)
        elapsed = time.monotonic() - started
        connections = pg_connections(url, conn)
    own = 2  # the first reading's two statements (the snapshot reset and the count), counted by the second
    return StoreLoad(pages, elapsed, connections, baseline_connections, max(0, last - first - own))
