"""Limits on new tables (issue 17, item 5; docs/security.md, "Tables and the store").

Every page visit, New game, loaded file and lesson step makes a table in the
store. Unbounded, one page sending Start 500 times made 500 tables in 27 s,
and a long record cost tens of seconds of kernel CPU to load. So:

- **per page**: at most ``PAGE_TABLES`` new tables in any ``WINDOW`` seconds
  (counted in the page's own kernel: one kernel is one page);
- **per client**: at most ``CLIENT_TABLES`` in any ``WINDOW`` seconds over all
  the pages of one *client*, counted in the store (so every kernel sees the
  same count). A client is the network address the site's server saw for
  the page's request (``rulebook.site.app`` hands it to the kernel hashed
  with the site key, as ``$HTTP_X_RULEBOOK_CLIENT``; see ``client_id``).
  Behind a café's router every device may share one address, so the limit
  is far above what a room of people does, and far below a flood;
- **the store's size**: no new table once the store takes more than
  ``$RULEBOOK_MAX_STORE_MB`` (``rulebook serve --max-store-mb``); moves at
  open tables go on, and the host page says the store is full and what to do;
- **loading**: a record is replayed under a deadline (``REPLAY_SECONDS``,
  ``Match.from_record``); a file that would take longer is refused.

Each refusal is a ``TableError`` with JA/EN text, and changes nothing.
"""

from __future__ import annotations

import os
import time
from collections import deque
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from .store import TableStore

if TYPE_CHECKING:
    from .session import TableError

WINDOW = 60.0
PAGE_TABLES = 20
"""A page's new tables per minute: a lesson stepped through quickly makes one per step."""
CLIENT_TABLES = 120
"""One address's new tables per minute, all its pages together (a café's devices may share it)."""
ENV_CLIENT = "HTTP_X_RULEBOOK_CLIENT"
"""Where Voilà puts the client id header (``http_header_envs``) in the kernel's environment."""
CLIENT_HEADER = "X-Rulebook-Client"
ENV_MAX_STORE_MB = "RULEBOOK_MAX_STORE_MB"
DEFAULT_MAX_STORE_MB = 2048
"""2 GB: about 30,000 long games (a 2,000-move game takes ~70 kB); 0 lifts the cap."""
REPLAY_SECONDS = 8.0
"""Longest a page spends replaying a loaded file (a long real game replays in well under a second)."""
EVENT = "table"


def client_id() -> str:
    """This page's client, as the server saw it ('' outside ``rulebook serve``: no per-client count)."""
    value = os.environ.get(ENV_CLIENT, "").strip()
    return value[:64] if value.isascii() and value.isalnum() else ""


def max_store_bytes() -> int:
    """The store's cap in bytes (0: no cap). A malformed value falls back to the default."""
    text = os.environ.get(ENV_MAX_STORE_MB, "").strip()
    megabytes = int(text) if text.isdigit() else DEFAULT_MAX_STORE_MB
    return megabytes * 1024 * 1024


def store_full(store: TableStore) -> bool:
    cap = max_store_bytes()
    return bool(cap) and store.size_bytes() >= cap


@dataclass
class PageRate:
    """The new tables one page made lately (kept by the page's ``GameApp``)."""

    limit: int = field(default_factory=lambda: PAGE_TABLES)
    window: float = field(default_factory=lambda: WINDOW)
    times: deque = field(default_factory=deque)

    def allow(self, now: float | None = None) -> bool:
        """Count one more table, unless ``limit`` were made in the last ``window`` seconds."""
        stamp = time.monotonic() if now is None else now
        while self.times and self.times[0] <= stamp - self.window:
            self.times.popleft()
        if len(self.times) >= self.limit:
            return False
        self.times.append(stamp)
        return True


def store_is_full() -> "TableError":
    from .session import TableError  # here, so the server can read this module's numbers without the engines

    return TableError(
        "table",
        "テーブルの保存場所がいっぱいのため、新しいテーブルは作れません。開いているテーブルは続けられます。お店の人に伝えてください。",
        "The table store is full, so no new table can be made (open tables go on). Please tell the staff.",
    )


def too_many_tables() -> "TableError":
    from .session import TableError

    return TableError(
        "table",
        "新しいテーブルを作る回数が多すぎます。1 分ほど待ってからもう一度どうぞ。",
        "Too many new tables in a short time: please wait a minute and try again.",
    )


def check_new_table(store: TableStore, page: PageRate | None) -> None:
    """Raise ``TableError`` if a new table may not be made now (full store, this page's or client's rate).

    Cheapest first, and the client's count (a write) last, so a refused
    table costs the store nothing.
    """
    if store_full(store):
        raise store_is_full()
    if page is not None and not page.allow():
        raise too_many_tables()
    client = client_id()
    if client and not store.count_event(EVENT, client, WINDOW, CLIENT_TABLES):
        raise too_many_tables()
