"""The table store: where every game lives (docs/architecture.md, "Tables").

A *table* is one game at one (real or virtual) table: which game, its
options, what sits in each seat (a person or a bot kind), the secret seed,
whether real dice are typed in (table mode), and the list of moves made so
far. Pages are views onto a table; they never own the game. So a reload, a
second phone or a restarted server finds the very same game.

The store is this small interface, implemented once in SQL
(``rulebook.tables.sql``) with a dialect for each database; both pass the
same contract tests (``tests/rulebook/tables/test_store_contract.py``):

- ``SQLiteStore`` (``rulebook.tables.sqlite``): a file in the site's data
  folder (WAL mode), nothing to install; the default.
- ``PostgresStore`` (``rulebook.tables.postgres``): a ``postgresql://`` URL,
  for several ``rulebook serve`` processes behind one reverse proxy.

Writes are guarded by the table's **revision** (optimistic concurrency, as
boardgame.io's storage): every change bumps it, and a page appends a move
only if the revision is still the one it last saw. Otherwise nothing is
written and ``StaleRevision`` tells the page to catch up first. The engine
validates a move before the page tries to store it; the store checks shapes
(seat numbers, sequence) but knows no rules.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence
from urllib.parse import urlsplit

TABLE_ID_BYTES = 9
"""72 random bits: a table's id is public (the spectator link), but not guessable."""
TOKEN_BYTES = 16
"""128 random bits (the issue asks >= 96): a seat's token is what lets a page act for and see that seat."""

OWNER = -1
"""The "seat" of a table's owner token: the page that created the table may roll, type real dice
and start the next game (an all-bot table needs someone to do so), but sees no seat's secrets."""

OPEN, OVER, CLOSED = "open", "over", "closed"
STATUSES = (OPEN, OVER, CLOSED)
"""A table is open while it is played, over once the game ended, closed when a host closed it."""

ENV_DB = "RULEBOOK_DB"
"""Where pages (kernels) find the store: set by ``rulebook serve --db``; inherited by every kernel."""

HOST, PAGE, LESSON = "host", "page", "lesson"
ORIGINS = ("", HOST, PAGE, LESSON)
"""How a table was opened: from the host page, on a game page (a personal game until one of its
seat links is opened on another device), or by a lesson. ``""``: a table stored before this was kept
(read like a game page's)."""


class StoreError(Exception):
    """Base of the store's own errors (not rule errors: nothing a player did wrong)."""


class NoSuchTable(StoreError):
    """No table has this id (never created, or removed after the retention period)."""


class StaleRevision(StoreError):
    """The table changed since the page looked: nothing was written."""

    def __init__(self, table_id: str, expected: int, actual: int) -> None:
        super().__init__(f"table {table_id}: revision {actual}, not {expected}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


def describe(url: str) -> str:
    """A store URL as it may be printed or logged: never a password (``postgresql://user@host:port/db``)."""
    if not url.startswith(("postgresql://", "postgres://")):
        return url
    try:
        parts = urlsplit(url)
        user = f"{parts.username}@" if parts.username else ""
        host = parts.hostname or "localhost"
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "postgresql://(unreadable URL)"
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_token_text(text: Any) -> bool:
    """Shape check before any lookup: URL-safe base64, as ``new_token``/``new_table_id`` make."""
    return (
        isinstance(text, str)
        and 8 <= len(text) <= 64
        and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in text)
    )


@dataclass(frozen=True)
class StoredStep:
    """One stored move: its text (``str(action)``) and who made it (see ``rulebook.core.match.Step``)."""

    text: str
    actor: int
    by_user: bool
    group: int
    author: int | None = None


@dataclass(frozen=True)
class TableInfo:
    """Everything about a table but its moves.

    ``seed`` is secret while the game runs: only the server side reads it.
    ``seed_chosen``: the person who created the table picked the seed (a
    designer replaying a game), so it is no secret to them; pages say so.
    ``cuts`` counts undos (truncations): a page that saw the same ``cuts``
    only needs the moves after the ones it has.
    """

    id: str
    game: str
    version: int
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    table_mode: bool
    seed: int
    seed_chosen: bool
    status: str
    revision: int
    moves: int
    cuts: int
    created: float
    updated: float
    successor: str | None = None
    label: str = ""
    recorded: int = 0
    """The first ``recorded`` moves were copied from a save file with a new seed put in (``Match.recorded``)."""
    origin: str = ""
    """How the table was opened (``ORIGINS``): the host page lists the café's tables apart from personal games."""
    entered: int = 0
    """How many of the first chance outcomes were entered rather than drawn (a lesson's script, then played on
    with the seed's dice; ``rulebook.core.match.Match.entered``)."""

    @property
    def is_open(self) -> bool:
        return self.status == OPEN


@dataclass(frozen=True)
class Table:
    """A table read at one revision: its info and its moves from ``start`` on."""

    info: TableInfo
    steps: tuple[StoredStep, ...] = field(default=())
    start: int = 0


class TableStore(ABC):
    """The store's contract (``rulebook.tables.sql.SQLStore`` implements it). Every method is one transaction."""

    url: str
    last_used: float = 0.0
    """``time.monotonic()`` when an operation last finished (a page releases an idle store's connection)."""

    def release(self) -> None:
        """Free what the store holds while idle (its connection); the next operation takes it again.

        A store holding nothing of the kind does nothing.
        """

    # ----- tables --------------------------------------------------------------------------
    @abstractmethod
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
        """A new open table at revision 0, with no moves.

        ``recorded``: how many of the moves about to be appended were copied
        from a save file under a new seed (their chance is not this seed's).
        ``origin``: how it was opened (``ORIGINS``); ``entered``: chance
        outcomes entered before the seed's dice take over (``TableInfo``).

        ``tokens``: seat -> token for the seats people take (human seats)
        and for ``OWNER``; new ones are made for any not given. Reusing the
        tokens of a finished table lets its players follow to a rematch.
        """

    @abstractmethod
    def load(self, table_id: str, start: int = 0) -> Table:
        """The table's info and its moves from index ``start`` on, read at one revision."""

    @abstractmethod
    def info(self, table_id: str) -> TableInfo:
        """The table's info alone."""

    @abstractmethod
    def revision(self, table_id: str) -> int:
        """The table's revision: the cheap question a page asks several times a second."""

    @abstractmethod
    def append(
        self, table_id: str, expected: int, steps: Sequence[StoredStep], *, status: str | None = None
    ) -> TableInfo:
        """Add moves at the end, if the revision is still ``expected``; else ``StaleRevision``.

        One transaction: either every move is stored and the revision bumped
        by one, or nothing. ``status`` (e.g. ``OVER`` when these moves ended
        the game) is set in the same transaction.
        """

    @abstractmethod
    def truncate(self, table_id: str, expected: int, keep: int, *, status: str | None = None) -> TableInfo:
        """Forget every move after the first ``keep`` (an undo), if the revision is still ``expected``."""

    @abstractmethod
    def set_status(self, table_id: str, status: str, *, successor: str | None = None) -> TableInfo:
        """Mark the table open / over / closed (and name the table that follows it); bumps the revision."""

    # ----- seats ---------------------------------------------------------------------------------
    @abstractmethod
    def seat_tokens(self, table_id: str) -> dict[int, str]:
        """Seat -> token of every seat a person takes, and ``OWNER`` -> the owner's token."""

    @abstractmethod
    def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat this token opens at this table (``OWNER`` for the owner's), or ``None``."""

    @abstractmethod
    def count_seats(self, table_id: str, seats: Iterable[int], counter: str) -> TableInfo:
        """One more ``counter`` (``"claims"`` or ``"watches"``) for each of these seats; bumps the revision.

        ``claim`` and ``watch`` below say what each counter means; a page
        compares the counts it last saw with the store's to learn what
        another device did with its seats.
        """

    @abstractmethod
    def seat_counts(self, table_id: str, counter: str) -> dict[int, int]:
        """Seat -> its ``counter`` (``"claims"`` or ``"watches"``), for the seats people take and the owner's."""

    def claim(self, table_id: str, seats: Iterable[int]) -> TableInfo:
        """A page opened these seats' links to play them: count a claim per seat and bump the revision.

        Other pages holding those seats see the count grow and let the seat go
        (a player scanned their seat's QR code: the seat moves to their phone).
        """
        return self.count_seats(table_id, seats, "claims")

    def claims(self, table_id: str) -> dict[int, int]:
        """Seat -> how many times its link was claimed (seats people take, and the owner's)."""
        return self.seat_counts(table_id, "claims")

    def seat_counts_of(self, table_ids: Iterable[str], counter: str) -> dict[str, dict[int, int]]:
        """``seat_counts`` of many tables (the host page's list): table -> seat -> count; unknown tables left out.

        Why: the host page redraws every 2 s; one question per listed table made its cost grow
        with the number of tables. A store answers in one query where it can.
        """
        found = {}
        for table_id in table_ids:
            counts = self.seat_counts(table_id, counter)
            if counts:
                found[table_id] = counts
        return found

    def watch(self, table_id: str, seats: Iterable[int]) -> TableInfo:
        """A page opened these seats' link without claiming them (it only watches): count it, bump the revision.

        The pages holding those seats see the count grow and tell their
        player that the seat is also open elsewhere (issue 17: no silent
        watching of a seat's hidden cards).
        """
        return self.count_seats(table_id, seats, "watches")

    def watches(self, table_id: str) -> dict[int, int]:
        """Seat -> how many times its link was opened only to watch."""
        return self.seat_counts(table_id, "watches")

    @abstractmethod
    def touch(self, table_id: str, seats: Iterable[int], when: float | None = None) -> None:
        """A page holding ``seats`` is alive (its heartbeat)."""

    def touch_many(self, touches: Iterable[tuple[str, Iterable[int], float]]) -> None:
        """Several ``touch(table_id, seats, when)`` at once: the server's feed writes its pages' presence
        in one transaction a round, so the store's load does not grow with the number of open pages."""
        for table_id, seats, when in touches:
            self.touch(table_id, seats, when=when)

    @abstractmethod
    def presence(self, table_id: str) -> dict[int, float]:
        """Seat -> when a page holding it was last alive (seats never seen are left out)."""

    def presence_of(self, table_ids: Iterable[str]) -> dict[str, dict[int, float]]:
        """``presence`` of many tables at once (the host page's list); tables with no seat ever seen left out."""
        found = {}
        for table_id in table_ids:
            seen = self.presence(table_id)
            if seen:
                found[table_id] = seen
        return found

    # ----- the house ---------------------------------------------------------------------------------
    @abstractmethod
    def list_tables(self, statuses: Iterable[str] | None = None, limit: int = 200) -> list[TableInfo]:
        """Tables, most recently changed first (``statuses``: only those)."""

    @abstractmethod
    def purge(self, finished_before: float, abandoned_before: float) -> int:
        """Remove over/closed tables last changed before ``finished_before`` and open ones
        untouched since ``abandoned_before``; returns how many went."""

    @abstractmethod
    def count_event(self, kind: str, who: str, window: float, limit: int, when: float | None = None) -> bool:
        """Note one ``kind`` event by ``who`` unless ``limit`` of them happened in the last ``window`` seconds.

        True: noted (under the limit); False: nothing written. One transaction,
        so pages of one client in several processes share the count (the rate
        limit on new tables, docs/security.md "Tables and the store"). Events
        older than the window are forgotten at the same time.
        """

    @abstractmethod
    def size_bytes(self) -> int:
        """How much room the store takes (the database file or the database), for the size cap."""

    @abstractmethod
    def setting(self, key: str, make: Callable[[], str]) -> str:
        """A site-wide value (e.g. the key that seals save files), created once by ``make``.

        Several processes asking at once all get the one value that was stored first.
        """

    @abstractmethod
    def change_setting(self, key: str, change: Callable[[str | None], str | None], ttl: float | None = None) -> str | None:
        """Replace a site-wide value by ``change(current)`` in one transaction; the new value.

        ``current`` is None when the key is unset or expired; ``change`` returning
        None removes the key. ``ttl``: the new value expires after that many
        seconds (None: never). Every server and page that changes one key does
        so in turn (the host login's tries, the page ranges), so no change is lost.
        """

    @abstractmethod
    def read_settings(self, keys: Iterable[str]) -> dict[str, str]:
        """The unexpired values of ``keys`` (keys unset or expired are left out), in one query."""

    # ----- the site's servers and their pages (issue 30: limits every server shares) -------------------
    @abstractmethod
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
        """Note page request ``page`` of a client on ``server``, unless the client holds its share already.

        ``limits``: (pages per address, pages per cookie), 0 for none. The
        client's pages are counted on every server seen since ``alive_after``
        (a server that stopped beating holds nothing). Returns None when noted
        (and ``server`` counts as seen now), else ``"address"`` or ``"cookie"``
        and nothing written. One client's requests on several servers count in turn.
        """

    @abstractmethod
    def page_kernel(self, page: str, kernel: str, when: float | None = None) -> None:
        """The request ``page`` got its kernel: the page is open (until ``close_pages``)."""

    @abstractmethod
    def close_pages(self, pages: Iterable[str]) -> None:
        """These pages are gone (their kernel went, or their request got none)."""

    @abstractmethod
    def server_beat(self, server: str, pages: Iterable[str], alive_after: float, when: float | None = None) -> int:
        """``server`` is alive and holds exactly ``pages`` (its other rows go); servers not seen since
        ``alive_after`` are forgotten with their pages. Returns how many pages of dead servers went."""

    @abstractmethod
    def client_pages(self, address: str, cookie: str | None, alive_after: float) -> tuple[int, int]:
        """(pages of ``address``, pages of ``cookie``) on the servers seen since ``alive_after``."""

    @abstractmethod
    def close(self) -> None:
        """Release connections (the store may not be used afterwards)."""

