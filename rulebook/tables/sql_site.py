"""The store's rows about the site itself, in SQL: expiring settings, servers and their pages (issue 30).

Several ``rulebook serve`` processes (on one machine or several) share one
store. What one visitor may take of the site is counted here, so every
server sees a client once:

- ``rb_servers``: each server's name and when it last beat (every
  ``shared_limits.BEAT_SECONDS``: one write per server, not per page);
- ``rb_pages``: the pages each server handed out (a page request under way
  has no kernel yet), with the client's address and ``rb_client`` cookie.
  Pages of a server that stopped beating stop counting at once (the count
  joins on a live server) and are removed at the next beat of any server;
- ``rb_settings`` values with an ``expires`` time: the host login's tries
  (``rulebook.site.host.LoginGuard``); without one: the page ranges the
  host page sets (``rulebook.site.shared_limits``).

A mixin of ``SQLStore`` (``rulebook.tables.sql``), kept apart so the
table queries there stay as they were; the queries here run on SQLite and
PostgreSQL alike (``tests/rulebook/tables/test_store_contract.py``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

if TYPE_CHECKING:  # sql.py imports this module: the name is for annotations only
    from .sql import Dialect

T = TypeVar("T")


def _now(when: float | None) -> float:
    return time.time() if when is None else float(when)


def _marks(count: int) -> str:
    return ", ".join("?" * count) or "NULL"


class SiteRows:
    """Expiring settings, servers and pages: ``SQLStore``'s methods for the site's shared limits."""

    dialect: Dialect

    def _write(self, work: Callable[[Any], T]) -> T:  # pragma: no cover - SQLStore's
        raise NotImplementedError

    def _run(self, work: Callable[[Any], T], begin: str | None = None) -> T:  # pragma: no cover - SQLStore's
        raise NotImplementedError

    # ----- settings that change (and may expire) -------------------------------------------------------
    def change_setting(self, key: str, change: Callable[[str | None], str | None], ttl: float | None = None) -> str | None:
        key = str(key)

        def work(cur: Any) -> str | None:
            stamp = time.time()
            # every process changing this key takes its turn (SQLite: BEGIN IMMEDIATE already does)
            self.dialect.serialize(cur, f"rb_settings:{key}")
            cur.execute("DELETE FROM rb_settings WHERE expires IS NOT NULL AND expires <= ?", (stamp,))
            row = cur.one("SELECT value FROM rb_settings WHERE key = ?", (key,))
            value = change(None if row is None else row[0])
            if value is None:
                cur.execute("DELETE FROM rb_settings WHERE key = ?", (key,))
                return None
            expires = None if ttl is None else stamp + float(ttl)
            cur.execute(
                "INSERT INTO rb_settings (key, value, expires) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires = excluded.expires",
                (key, str(value), expires),
            )
            return str(value)

        return self._write(work)

    def read_settings(self, keys: Iterable[str]) -> dict[str, str]:
        keys = [str(k) for k in keys]
        if not keys:
            return {}
        query = f"SELECT key, value FROM rb_settings WHERE key IN ({_marks(len(keys))}) AND (expires IS NULL OR expires > ?)"
        rows = self._run(lambda cur: cur.all(query, (*keys, time.time())))
        return {str(k): str(v) for k, v in rows}

    # ----- servers and pages --------------------------------------------------------------------------
    _COUNT = (
        "SELECT COALESCE(SUM(CASE WHEN p.address = ? THEN 1 ELSE 0 END), 0),"
        " COALESCE(SUM(CASE WHEN p.cookie = ? THEN 1 ELSE 0 END), 0)"
        " FROM rb_pages p JOIN rb_servers s ON s.name = p.server"
        " WHERE s.seen >= ? AND (p.address = ? OR p.cookie = ?)"
    )

    def _count(self, cur: Any, address: str, cookie: str | None, alive_after: float) -> tuple[int, int]:
        # a NULL cookie matches nothing (p.cookie = NULL is never true)
        by_address, by_cookie = cur.one(self._COUNT, (address, cookie, float(alive_after), address, cookie))
        return int(by_address), int(by_cookie)

    def open_page(
        self,
        page: str,
        server: str,
        address: str,
        cookie: str | None,
        limits: tuple[int, int],
        alive_after: float,
        when: float | None = None,
    ) -> str | None:
        stamp = _now(when)
        per_address, per_cookie = (int(n) for n in limits)
        address, cookie = str(address), (str(cookie) if cookie else None)

        def work(cur: Any) -> str | None:
            # One client's requests on several servers count in turn (sorted: two locks never cross).
            for key in sorted({f"rb_pages:{address}", *([f"rb_pages:{cookie}"] if cookie else [])}):
                self.dialect.serialize(cur, key)
            by_address, by_cookie = self._count(cur, address, cookie, alive_after)
            if per_address and by_address >= per_address:
                return "address"
            if per_cookie and cookie and by_cookie >= per_cookie:
                return "cookie"
            cur.execute(
                "INSERT INTO rb_servers (name, seen) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET seen = excluded.seen",
                (str(server), stamp),
            )
            cur.execute(
                "INSERT INTO rb_pages (page, server, kernel, address, cookie, opened, seen) VALUES (?, ?, NULL, ?, ?, ?, ?)",
                (str(page), str(server), address, cookie, stamp, stamp),
            )
            return None

        return self._write(work)

    def page_kernel(self, page: str, kernel: str, when: float | None = None) -> None:
        stamp = _now(when)
        self._write(lambda cur: cur.execute("UPDATE rb_pages SET kernel = ?, seen = ? WHERE page = ?", (str(kernel), stamp, str(page))))

    def close_pages(self, pages: Iterable[str]) -> None:
        pages = [str(p) for p in pages]
        if pages:
            self._write(lambda cur: cur.execute(f"DELETE FROM rb_pages WHERE page IN ({_marks(len(pages))})", pages))

    def server_beat(self, server: str, pages: Iterable[str], alive_after: float, when: float | None = None) -> int:
        stamp = _now(when)
        server, pages = str(server), sorted({str(p) for p in pages})

        def work(cur: Any) -> int:
            cur.execute(
                "INSERT INTO rb_servers (name, seen) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET seen = excluded.seen",
                (server, stamp),
            )
            # what this server no longer holds (a page whose end was missed) stops counting now
            if pages:
                cur.execute(f"DELETE FROM rb_pages WHERE server = ? AND page NOT IN ({_marks(len(pages))})", (server, *pages))
            else:  # (x NOT IN (NULL) is never true)
                cur.execute("DELETE FROM rb_pages WHERE server = ?", (server,))
            cur.execute(
                "DELETE FROM rb_pages WHERE server IN (SELECT name FROM rb_servers WHERE seen < ?)", (float(alive_after),)
            )
            gone = cur.rowcount
            cur.execute("DELETE FROM rb_servers WHERE seen < ?", (float(alive_after),))
            return int(gone)

        return self._write(work)

    def client_pages(self, address: str, cookie: str | None, alive_after: float) -> tuple[int, int]:
        return self._run(lambda cur: self._count(cur, str(address), str(cookie) if cookie else None, alive_after))
