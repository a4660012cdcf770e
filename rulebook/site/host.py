"""What the café host's page knows (``notebooks/host.ipynb``): tables, set-ups, kernels.

Pure functions and small values, tested without a browser; the page
(``widgets.host``) only draws them. The host page is guarded by the house
password (``house.toml``): until it is given, nothing of any table reaches
the browser.
"""

from __future__ import annotations

import importlib
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from rulebook.core import HUMAN, Game, RulebookError
from rulebook.tables.limits import ENV_CLIENT
from rulebook.tables.store import HOST, LESSON, OPEN, TableInfo, TableStore

from .process import kernel_processes, rss_kb

CONNECTED_SECONDS = 8.0
"""A seat counts as connected if a page holding it answered a heartbeat this recently.

Pages beat every 4 s and mark their seats at every beat: under ``rulebook serve`` through the server's
feed, which writes each table's presence at most every 3.5 s (``rulebook.site.feed``), else themselves
(``widgets.game_page.table_watch.PRESENCE_SECONDS``); so a live page is never older than ~4.5 s here.
With the host page redrawing every 2 s, "connected" goes off within ~10 s of a page closing (within
the feed's 3.5 s when the browser says goodbye)."""
MAX_PLAYERS_TRIED = 8

LOCK_AFTER = 5
"""Wrong passwords in a row before the login is locked for ``LOCK_SECONDS``."""
LOCK_SECONDS = 60.0


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The set-ups a game's package lists (``OPTION_SETS``), or its defaults."""
    package = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    return [dict(o) for o in getattr(package, "OPTION_SETS", [])] or [game.default_options()]


def setups(game: Game, house_options: Mapping[str, Any] | None = None) -> dict[int, dict[str, Any]]:
    """Seats -> the options of a new table with that many seats, as a host would pick them.

    The house's options come first; where a player count needs another
    set-up (Chiritsumo's 2–4 players are its 箱庭 mode), the game's own
    listed set-ups fill in. Only set-ups the engine accepts are offered.
    """
    house = dict(house_options or {})
    bases = [house] + [{**o, **{k: v for k, v in house.items() if k not in o}} for o in option_sets(game)]
    found: dict[int, dict[str, Any]] = {}
    tries: list[dict[str, Any]] = []
    if "players" in game.default_options():
        for n in range(1, MAX_PLAYERS_TRIED + 1):
            tries.extend({**base, "players": n} for base in bases)
    tries.extend(bases)
    for options in tries:
        try:
            normal = game.normalize_options(options)
            seats = game.num_seats(game.initial_state(normal))
        except (RulebookError, ValueError, TypeError):
            continue
        found.setdefault(seats, normal)
    return dict(sorted(found.items()))


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    connected: bool


def is_cafe_table(info: TableInfo, claims: Mapping[int, int]) -> bool:
    """A table of the café, not a personal game: opened from the host page, or one of its seat links opened.

    A game page's own table (a solo game, a game against bots, a hot-seat game
    on one tablet) is personal until another device opens one of its seats'
    links (the seat's claim count grows); a lesson's table always is.
    Tables stored before the origin was kept count as game pages'.
    """
    if info.origin == HOST:
        return True
    if info.origin == LESSON:
        return False
    return any(count > 0 for seat, count in claims.items() if seat >= 0)


@dataclass(frozen=True)
class TableRow:
    """One line of the host's table list."""

    info: TableInfo
    seats: tuple[SeatRow, ...]
    cafe: bool = True
    """A café table (``is_cafe_table``); False: someone's personal game (listed only when the host asks for all)."""

    @property
    def people(self) -> int:
        return sum(1 for s in self.seats if s.kind == HUMAN)

    @property
    def connected(self) -> int:
        return sum(1 for s in self.seats if s.connected)


def table_rows(
    store: TableStore,
    statuses: Sequence[str] = (OPEN,),
    now: float | None = None,
    limit: int = 100,
    everything: bool = False,
) -> list[TableRow]:
    """The tables a host looks after, newest activity first, with who is connected.

    Only the café's tables (``is_cafe_table``) unless ``everything``: the
    personal games every visitor's page makes would bury them.
    """
    now = time.time() if now is None else now
    # personal games may far outnumber the café's tables: look further back when they are left out
    infos = store.list_tables(statuses, limit=limit if everything else max(limit, 500))
    # four questions a redraw whatever the number of tables (the page redraws every 2 s): the list,
    # the claims of the tables whose origin does not settle it, and the presence of those shown
    unsettled = [info.id for info in infos if info.origin not in (HOST, LESSON)]
    claims = store.seat_counts_of(unsettled, "claims") if unsettled else {}
    chosen: list[tuple[TableInfo, bool]] = []
    for info in infos:
        if len(chosen) >= limit:
            break
        cafe = is_cafe_table(info, claims.get(info.id, {}))
        if cafe or everything:
            chosen.append((info, cafe))
    presence = store.presence_of([info.id for info, _ in chosen]) if chosen else {}
    rows = []
    for info, cafe in chosen:
        seen = presence.get(info.id, {})
        seats = tuple(
            SeatRow(k, kind, kind == HUMAN and now - seen.get(k, 0.0) < CONNECTED_SECONDS) for k, kind in enumerate(info.seats)
        )
        rows.append(TableRow(info, seats, cafe))
    return rows


@dataclass(frozen=True)
class KernelReport:
    """The site's page processes right now (every open page and every preheated one is a kernel)."""

    kernels: int
    kernels_mb: float
    server_mb: float
    cap: int | None

    @property
    def total_mb(self) -> float:
        return self.kernels_mb + self.server_mb


def current_server_pid(environ: dict[str, str] | None = None) -> int:
    """The pid of the server whose kernel this is: named by the site's provisioner, else the kernel's parent.

    A kernel forked from the zygote is the zygote's child: its parent is
    not the server, so the provisioner names the server
    (``RULEBOOK_SERVER_PID``, ``provisioner.server_environment``). A kernel
    started the plain way is the server's child.
    """
    text = (os.environ if environ is None else environ).get("RULEBOOK_SERVER_PID", "").strip()
    return int(text) if text.isdigit() else os.getppid()


def kernel_report(server_pid: int | None = None) -> KernelReport:
    """Live kernels and memory, read from /proc, under the server this host page's kernel belongs to (``server_pid``)."""
    server = current_server_pid() if server_pid is None else server_pid
    kernels = kernel_processes(server)
    cap_text = os.environ.get("RULEBOOK_MAX_KERNELS", "").strip()
    return KernelReport(
        kernels=len(kernels),
        kernels_mb=sum(k.rss_kb for k in kernels) / 1024,
        server_mb=rss_kb(server) / 1024,
        cap=int(cap_text) if cap_text.isdigit() else None,
    )


#: Site-wide: this many wrong passwords within ``GLOBAL_WINDOW`` seconds, from all addresses together
#: (twelve times what one address can try), and every login waits ``GLOBAL_LOCK_SECONDS``.
GLOBAL_LIMIT = 60
GLOBAL_WINDOW = 60.0
GLOBAL_LOCK_SECONDS = 30.0
TRIES_KEPT = 3600.0
"""Seconds a client's wrong tries are remembered in the store after its last one (then they expire)."""
LOGIN_KEY = "login:"
"""Store settings ``login:<client>`` (a client's tries) and ``login:*`` (the whole site's)."""
SITE_KEY = LOGIN_KEY + "*"


@dataclass
class LoginGuard:
    """Wrong passwords in a row lock the login for a while, per client.

    Every visit to the host page is a new kernel, and a site may run on
    several servers, so a guard kept in one page's memory (or one machine's
    file) would be reset by a reload or dodged through another server. With
    ``store`` the counts live in the table store every page of every server
    shares (``shared_guard()``): after ``LOCK_AFTER`` wrong tries from one
    client, that client may not try for ``LOCK_SECONDS`` — about five guesses
    a minute. Other clients are not touched: somebody guessing cannot keep
    the real host out (issue 17). Only far beyond one person's rate —
    ``GLOBAL_LIMIT`` wrong tries a minute from all clients together — does
    every login wait ``GLOBAL_LOCK_SECONDS`` (many machines guessing at once).
    ``client`` is the page's client (the hashed address the server passed to
    the kernel, the same on every server); "" counts as one client. Each
    change is one store transaction, so tries on two servers never overwrite
    each other; the values expire (``TRIES_KEPT``), so the store keeps no
    trace of clients long gone.
    """

    failures: int = 0
    locked_until: float = 0.0
    store: Any = None
    """The table store every page of the site shares; None: this page's memory only."""
    client: str = ""
    _clock: Any = field(default=time.time, repr=False)
    _recent: list[float] = field(default_factory=list, repr=False)
    """When the site's last wrong tries were (all clients)."""
    _global_until: float = field(default=0.0, repr=False)

    @property
    def _key(self) -> str:
        return LOGIN_KEY + self.client

    def locked(self) -> float:
        """Seconds left before another try is accepted from this client (0: now)."""
        if self.store is not None:
            found = self.store.read_settings([self._key, SITE_KEY])
            self._read_client(found.get(self._key))
            self._read_site(found.get(SITE_KEY))
        now = self._clock()
        return max(0.0, self.locked_until - now, self._global_until - now)

    def record(self, ok: bool) -> None:
        """Count a try: a right one clears the client's count, the ``LOCK_AFTER``-th wrong one in a row locks it."""
        if self.store is None:
            self._count_client(ok)
            if not ok:
                self._count_site()
            return

        def client(text: str | None) -> str | None:
            self._read_client(text)
            self._count_client(ok)
            if not self.failures and self.locked_until <= self._clock():
                return None  # nothing to remember: the row goes
            return json.dumps({"failures": self.failures, "locked_until": self.locked_until})

        def site(text: str | None) -> str:
            self._read_site(text)
            self._count_site()
            return json.dumps({"recent": self._recent, "until": self._global_until})

        self.store.change_setting(self._key, client, ttl=TRIES_KEPT)
        if not ok:
            self.store.change_setting(SITE_KEY, site, ttl=TRIES_KEPT)

    def _count_client(self, ok: bool) -> None:
        if ok:
            self.failures = 0
            return
        self.failures += 1
        if self.failures >= LOCK_AFTER:
            self.failures = 0
            self.locked_until = self._clock() + LOCK_SECONDS

    def _count_site(self) -> None:
        now = self._clock()
        self._recent = [t for t in self._recent if now - t < GLOBAL_WINDOW][-GLOBAL_LIMIT:] + [now]
        if len(self._recent) >= GLOBAL_LIMIT:
            self._recent = []
            self._global_until = now + GLOBAL_LOCK_SECONDS

    def _read_client(self, text: str | None) -> None:
        """This client's counts as stored (nothing stored, or damaged: no failures)."""
        try:
            data = json.loads(text) if text else {}
            self.failures, self.locked_until = int(data.get("failures", 0)), float(data.get("locked_until", 0.0))
        except (ValueError, TypeError, AttributeError):
            self.failures, self.locked_until = 0, 0.0

    def _read_site(self, text: str | None) -> None:
        try:
            data = json.loads(text) if text else {}
            self._recent = [float(t) for t in data.get("recent", [])][-GLOBAL_LIMIT:]
            self._global_until = float(data.get("until", 0.0))
        except (ValueError, TypeError, AttributeError):
            self._recent, self._global_until = [], 0.0


def shared_guard(store: TableStore, client: str | None = None) -> LoginGuard:
    """The login guard every host page of every server of this site shares (its counts in ``store``).

    ``client``: the page's client; None reads the one the server gave this
    kernel (``$HTTP_X_RULEBOOK_CLIENT``, ``rulebook.tables.limits.ENV_CLIENT``), "" when there is none (outside the site).
    """
    client = os.environ.get(ENV_CLIENT, "").strip()[:64] if client is None else client
    return LoginGuard(store=store, client=client)
