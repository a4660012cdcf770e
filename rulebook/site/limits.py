"""What one visitor may take of the site: pages, websockets, memory, log lines (issue 17).

The site is a café's: a few dozen phones, one machine. Every resource a
visitor can make the server spend is bounded here, so that one client (a
browser gone wrong, or somebody with a script) cannot keep the others out:

- **Pages per client.** A page is a kernel. A client is its address (the
  proxy's ``X-Forwarded-For`` / ``X-Real-IP`` when the peer is a proxy named
  by ``--trusted-proxy``, ``client_address``) and, separately, its ``rb_client`` cookie; a page over either
  limit gets the "too many pages" answer (429) and nothing starts.
- **Seat links keep a share of the slots.** Pages that are not a seat link
  of an open table (``?t=<table>&k=<key>``, checked in the store) may fill
  the site only up to ``cap - reserve``: a player coming back to their
  table gets in even when strangers filled the rest.
- **Silent pages are culled.** A page's heartbeat (``page_link.js``) sends a
  message every 4 s while the page is visible; a kernel whose page has sent
  nothing for ``silent_seconds`` is shut down even if its websocket is
  still connected (a websocket's own pings prove a connection, not a page).
  The game is in the store: a page that wakes up reloads onto it.
- **Websockets per kernel and per client** are capped (each one holds about
  eight file descriptors in the server), and messages are capped in size.
- **Several servers, one store** (issue 30): with ``SiteLimits.shared`` the
  pages per address and per browser are counted in the store across every
  server (``shared_limits``); a server that died stops counting. The kernel
  cap, its seat-link share, the websockets and the silent-page clock stay
  per server: they are this machine's memory and this process's descriptors.
- **Log lines**: the same message is written at most a few times a second
  (``RepeatFilter``), and secret query values never reach the log
  (``redact_uri``).

Pure bookkeeping: the handlers in ``app.py`` ask and tell; no Tornado here.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import logging
import re
import resource
import secrets
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import parse_qsl

from .shared_limits import DEFAULT_PAGES_PER_ADDRESS

log = logging.getLogger("rulebook.site")

#: The header the page handler sets (replacing any a visitor sent) so the page's kernel knows its client.
CLIENT_HEADER = "X-Rulebook-Client"
#: The same, as the kernel reads it (Voilà's ``http_header_envs``: ``HTTP_`` + the name, upper case).
CLIENT_ENV = "HTTP_X_RULEBOOK_CLIENT"
#: The cookie that tells one browser from another behind one address.
CLIENT_COOKIE = "rb_client"
_COOKIE_TEXT = re.compile(r"^[A-Za-z0-9_-]{16,64}$")

DEFAULT_PAGES_PER_COOKIE = 4
"""One browser: a game, the catalogue, a rules lesson, and one spare."""
DEFAULT_SEAT_SHARE = 0.25
"""The share of the kernel cap only seat links of open tables may use."""
DEFAULT_SILENT_SECONDS = 90
"""A visible page beats every 4 s; 90 s of silence is a page that is gone, asleep or not a page."""
DEFAULT_SOCKETS_PER_KERNEL = 4
"""A page opens one kernel websocket (and a second while it reconnects)."""
DEFAULT_SOCKETS_PER_CLIENT = 64
"""Two per page of an address (one, and one while it reconnects): 512 descriptors at most, and the
server raises its own limit far above that at start (``raise_open_files_limit``)."""
DEFAULT_MESSAGE_MB = 4.0
"""Largest websocket message (Tornado's default is 10 MiB). The biggest a page sends is a record
upload: at most 1 MB of file (docs/site.md, "Limits per visitor"), which JSON escaping inside the message can double."""
DEFAULT_KERNEL_MEMORY_MB = 512
"""A kernel's memory limit (resident). Measured: a game page's kernel rests at 73-80 MB, and Lemon
Poker's exact odds with every card face down (the heaviest thing a page computes) peak at 134 MB in
a plain process; 512 MB leaves room for three of those at once (docs/security.md)."""
#: The hard wall under the server's check: the kernel's data segment (``RLIMIT_DATA``) may be
#: 1.5 times its limit plus 256 MB. The data segment counts what is reserved, not only what is
#: used (a resting game kernel: 221-259 MB of data for 73-80 MB resident), hence the margin.
MEMORY_WALL_FACTOR = 1.5
MEMORY_WALL_MARGIN_MB = 256


def memory_wall_mb(limit_mb: int) -> int:
    """The ``RLIMIT_DATA`` (MB) a kernel with resident limit ``limit_mb`` starts with; 0 for no limit."""
    return int(limit_mb * MEMORY_WALL_FACTOR) + MEMORY_WALL_MARGIN_MB if limit_mb > 0 else 0
#: Query keys whose values are secrets: a seat's key, tokens, the XSRF token, passwords.
SECRET_PARAMS = frozenset({"k", "key", "keys", "token", "_xsrf", "password", "pw", "secret", "session_id"})
REDACTED = "<redacted>"

#: Close codes of the kernel websocket (4000-4999 are the application's): the page tells its visitor.
CLOSE_MEMORY = 4001
CLOSE_SILENT = 4002


# ------------------------------------------------------------------ clients ---


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
#: ``--trusted-proxy``'s default: a proxy on this machine (``docs/deploy.md``).
DEFAULT_TRUSTED_PROXIES = ("127.0.0.1", "::1")
#: ``--trusted-proxy none``: no peer's headers are believed.
TRUST_NOBODY = "none"


def parse_trusted_proxies(values: Iterable[str]) -> tuple[Network, ...]:
    """The networks ``--trusted-proxy`` names (addresses or CIDRs, each given alone or comma-separated).

    ``none`` (alone) trusts nobody. A value that is neither an address nor a
    network, or a network with host bits set (``10.0.0.5/24``: which was
    meant?), raises ValueError naming it: a typo here would trust the wrong
    machines, or let every visitor pick its own address.
    """
    parts = [part.strip() for value in values for part in str(value).split(",")]
    parts = [part for part in parts if part]
    if not parts:
        raise ValueError("--trusted-proxy needs an address, a network (CIDR) or 'none'")
    if TRUST_NOBODY in (p.lower() for p in parts):
        if len(parts) > 1:
            raise ValueError(f"--trusted-proxy: 'none' cannot be given with addresses: {', '.join(parts)}")
        return ()
    networks: list[Network] = []
    for part in parts:
        try:
            network = ipaddress.ip_network(part.strip("[]"), strict=True)
        except ValueError as exc:
            raise ValueError(f"--trusted-proxy: not an IP address or network (CIDR): {part!r} ({exc})") from None
        if network not in networks:
            networks.append(network)
    return tuple(networks)


def proxy_arguments(networks: Iterable[Network]) -> list[str]:
    """The ``--trusted-proxy`` value that gives ``networks`` back (``none`` for no network)."""
    texts = [str(n.network_address) if n.num_addresses == 1 else str(n) for n in networks]
    return ["--trusted-proxy", ",".join(texts) if texts else TRUST_NOBODY]


DEFAULT_PROXIES = parse_trusted_proxies(DEFAULT_TRUSTED_PROXIES)


def _clean_address(text: str | None) -> str | None:
    """An IP address as text, or None when ``text`` is not one (a forged header's junk).

    An IPv4 address a dual-stack socket reports as ``::ffff:a.b.c.d`` is given as ``a.b.c.d``.
    """
    if not text:
        return None
    text = text.strip().strip("[]")
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return str(mapped or address)


def is_trusted(address: str | None, trusted: Iterable[Network]) -> bool:
    """True when ``address`` (a clean address text) is inside one of the ``trusted`` networks."""
    if not address:
        return False
    ip = ipaddress.ip_address(address)
    return any(ip.version == net.version and ip in net for net in trusted)


def client_address(peer: str | None, headers: Mapping[str, str], trusted: Iterable[Network] = DEFAULT_PROXIES) -> str:
    """Who a request comes from: the TCP peer, or what a trusted proxy says.

    A peer outside ``trusted`` (``--trusted-proxy``) is the visitor itself:
    whatever its headers say, it is its own address. A trusted peer is a
    proxy: ``X-Forwarded-For`` is walked from the right (each proxy appends
    the address it saw), skipping the trusted proxies, and the first address
    that is not one is the client; entries left of it are whatever the
    visitor sent, never read. Junk in the chain stops the walk at the last
    address known good. Without a usable ``X-Forwarded-For``, the proxy's
    ``X-Real-IP``; without either, the peer.
    """
    trusted = tuple(trusted)
    peer_text = _clean_address(peer)
    if peer_text is None:
        return peer or "unknown"
    if not is_trusted(peer_text, trusted):
        return peer_text
    walked: str | None = None
    for part in reversed((headers.get("X-Forwarded-For") or "").split(",")):
        if not part.strip():
            continue
        hop = _clean_address(part)
        if hop is None:
            break
        walked = hop
        if not is_trusted(hop, trusted):
            return hop
    if walked is not None:
        return walked  # every hop a trusted proxy, or junk past them: the farthest hop known good
    return _clean_address(headers.get("X-Real-IP")) or peer_text


def clean_cookie(value: str | None) -> str | None:
    """The ``rb_client`` cookie's value if it has the shape the site gives, else None."""
    return value if value and _COOKIE_TEXT.match(value) else None


def new_client_cookie() -> str:
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class Client:
    address: str
    cookie: str | None = None


# ------------------------------------------------------------------ limits ---


@dataclass(frozen=True)
class LimitSettings:
    """The limits ``rulebook serve`` was given (0 turns one off)."""

    pages_per_address: int = DEFAULT_PAGES_PER_ADDRESS
    pages_per_cookie: int = DEFAULT_PAGES_PER_COOKIE
    seat_share: float = DEFAULT_SEAT_SHARE
    silent_seconds: int = DEFAULT_SILENT_SECONDS
    sockets_per_kernel: int = DEFAULT_SOCKETS_PER_KERNEL
    sockets_per_client: int = DEFAULT_SOCKETS_PER_CLIENT
    message_mb: float = DEFAULT_MESSAGE_MB
    kernel_memory_mb: int = DEFAULT_KERNEL_MEMORY_MB

    def __post_init__(self) -> None:
        for name in ("pages_per_address", "pages_per_cookie", "silent_seconds", "sockets_per_kernel", "sockets_per_client", "kernel_memory_mb"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name.replace('_', ' ')} must be >= 0 (0: no limit): {getattr(self, name)}")
        if not 0 <= self.seat_share < 1:
            raise ValueError(f"the seat links' share must be in [0, 1): {self.seat_share}")
        if not 0 < self.message_mb <= 64:
            raise ValueError(f"the message size limit must be in (0, 64] MB: {self.message_mb}")

    def seat_reserve(self, cap: int) -> int:
        """Slots of the cap only seat links may take (at least one when the share is set, never all)."""
        if self.seat_share <= 0 or cap <= 1:
            return 0
        return min(cap - 1, max(1, round(cap * self.seat_share)))

    @property
    def message_bytes(self) -> int:
        return int(self.message_mb * 1024 * 1024)


@dataclass
class _Arrival:
    client: Client
    page: str | None = None
    """Its row in the store (``SiteLimits.shared``), None when counted here only."""


@dataclass
class _Socket:
    kernel_id: str
    client: Client
    handle: Any = None
    """What closes it (the websocket handler)."""


@dataclass
class SiteLimits:
    """Who holds which pages and websockets, and when each page last spoke.

    With ``shared`` (every server of the site on one store) pages are also
    noted in the store and the per-address and per-browser limits count
    every server's pages; without it (one server, or the store failing) this
    process counts its own.
    """

    settings: LimitSettings = field(default_factory=LimitSettings)
    clock: Callable[[], float] = time.monotonic
    owners: dict[str, Client] = field(default_factory=dict)
    """Kernel id -> the client whose page it serves."""
    arriving: list[Client] = field(default_factory=list)
    """Page requests under way (their kernel not known yet)."""
    sockets: dict[int, _Socket] = field(default_factory=dict)
    """Open kernel websockets, counted by this server alone: each holds this process's file descriptors."""
    heard: dict[str, float] = field(default_factory=dict)
    """Kernel id -> when its page last sent a message."""
    shared: Any = None
    """A ``shared_limits.SharedPages``: pages counted in the store with the other servers'."""
    pages: dict[str, str] = field(default_factory=dict)
    """Kernel id -> its page's row in the store (with ``shared``)."""
    _arrivals: list[_Arrival] = field(default_factory=list)

    # -- pages
    def _drop_gone(self, live: Iterable[str]) -> None:
        live = set(live)
        for kernel_id in [k for k in self.owners if k not in live]:
            self.forget(kernel_id)

    def pages_of(self, client: Client, live: Iterable[str]) -> tuple[int, int]:
        """(pages of the client's address, pages of its cookie) on this server: live kernels it owns plus requests under way."""
        self._drop_gone(live)
        held = list(self.owners.values()) + self.arriving
        by_address = sum(1 for c in held if c.address == client.address)
        by_cookie = sum(1 for c in held if client.cookie and c.cookie == client.cookie)
        return by_address, by_cookie

    def limits_of(self, client: Client) -> tuple[int, int]:
        """(pages per address, pages per cookie) for ``client``: its address range's limit when the host set one."""
        per_address, per_cookie = self.settings.pages_per_address, self.settings.pages_per_cookie
        if self.shared is not None:
            try:
                return self.shared.limits(client.address, per_address, per_cookie)
            except Exception:  # noqa: BLE001 - a store that failed: the flags' limits
                log.warning("the page ranges could not be read from the store", exc_info=True)
        return per_address, per_cookie

    def page_refusal(self, client: Client, live: Iterable[str]) -> str | None:
        """Why the client may not open another page ("address" / "cookie"), or None (counted on this server)."""
        by_address, by_cookie = self.pages_of(client, live)
        per_address, per_cookie = self.limits_of(client)
        if per_address and by_address >= per_address:
            return "address"
        if per_cookie and client.cookie and by_cookie >= per_cookie:
            return "cookie"
        return None

    def page_admit(self, client: Client, live: Iterable[str]) -> str | None:
        """Let the client's page request in (it now counts, until ``page_served``), or say why not.

        With ``shared``, the count and the note are one store transaction
        over every live server; if the store fails, this server counts alone.
        """
        if self.shared is None:
            refusal = self.page_refusal(client, live)
            if refusal is None:
                self.page_arriving(client)
            return refusal
        self._drop_gone(live)
        from .shared_limits import new_page_id

        page = new_page_id()
        try:
            refusal = self.shared.admit(page, client.address, client.cookie, self.limits_of(client))
        except Exception:  # noqa: BLE001 - the store failed: count here, as one server would
            log.warning("the store could not count a page; this server counts alone", exc_info=True)
            refusal = self.page_refusal(client, live)
            page = None
        if refusal is None:
            self.arriving.append(client)
            self._arrivals.append(_Arrival(client, page))
        return refusal

    def page_arriving(self, client: Client) -> None:
        """A page request under way, counted on this server only (``page_admit`` counts it everywhere)."""
        self.arriving.append(client)
        self._arrivals.append(_Arrival(client))

    def page_served(self, client: Client, kernel_id: str | None) -> None:
        """The request is over: its kernel (if it got one) is now the client's page."""
        arrival = next((a for a in self._arrivals if a.client == client), None)
        if arrival is not None:
            self._arrivals.remove(arrival)
        if client in self.arriving:
            self.arriving.remove(client)
        page = arrival.page if arrival is not None else None
        if kernel_id:
            self.owners[kernel_id] = client
            self.heard.setdefault(kernel_id, self.clock())
            if page is not None:
                self.pages[kernel_id] = page
        if page is not None:
            self._tell_store(lambda: self.shared.served(page, kernel_id) if kernel_id else self.shared.closed([page]))

    def forget(self, kernel_id: str) -> None:
        self.owners.pop(kernel_id, None)
        self.heard.pop(kernel_id, None)
        page = self.pages.pop(kernel_id, None)
        if page is not None and self.shared is not None:
            self._tell_store(lambda: self.shared.closed([page]))

    def beat(self, live: Iterable[str]) -> int:
        """Every ``shared_limits.BEAT_SECONDS``: forget gone kernels, and tell the store this server lives and
        which pages it holds (dead servers' pages go). How many pages of dead servers went."""
        self._drop_gone(live)
        if self.shared is None:
            return 0
        held = [*self.pages.values(), *(a.page for a in self._arrivals if a.page is not None)]
        return self._tell_store(lambda: self.shared.beat(held)) or 0

    def leave(self) -> None:
        """The server stops: its pages stop counting now, not ``DEAD_SECONDS`` later (its kernels go with it)."""
        if self.shared is not None:
            self._tell_store(lambda: self.shared.beat([]))

    def _tell_store(self, write: Callable[[], Any]) -> Any:
        """A store write about pages; a failure is logged (the next beat sets the server's rows right)."""
        try:
            return write()
        except Exception:  # noqa: BLE001 - the store failed: the rows are corrected at the next beat
            log.warning("the store could not be told about this server's pages", exc_info=True)
            return None

    # -- websockets: counted per server, never in the store (a websocket is this process's file descriptors)
    def socket_refusal(self, kernel_id: str, client: Client) -> str | None:
        """Why another websocket may not open ("kernel" / "client"), or None."""
        per_kernel = sum(1 for s in self.sockets.values() if s.kernel_id == kernel_id)
        per_client = sum(1 for s in self.sockets.values() if s.client.address == client.address)
        if self.settings.sockets_per_kernel and per_kernel >= self.settings.sockets_per_kernel:
            return "kernel"
        if self.settings.sockets_per_client and per_client >= self.client_sockets(client):
            return "client"
        return None

    def client_sockets(self, client: Client) -> int:
        """Websockets the client's address may hold here: the flag's, or two per page of its range's raised limit.

        A range the host raised (``shared_limits.PageRange``) would be cut
        short by the flag's socket limit otherwise. Read from the ranges'
        cache: a websocket's opening costs no store query most of the time.
        """
        chosen = self.settings.sockets_per_client
        if chosen and self.shared is not None:
            per_address, _ = self.limits_of(client)
            if per_address > self.settings.pages_per_address:
                return max(chosen, 2 * per_address)
        return chosen

    def socket_opened(self, key: int, kernel_id: str, client: Client, handle: Any = None) -> None:
        self.sockets[key] = _Socket(kernel_id, client, handle)

    def sockets_of(self, kernel_id: str) -> list[Any]:
        """The handles of the websockets open to ``kernel_id``."""
        return [s.handle for s in self.sockets.values() if s.kernel_id == kernel_id and s.handle is not None]

    def socket_closed(self, key: int) -> None:
        self.sockets.pop(key, None)

    def message(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` sent something (a heartbeat, a click): it is there."""
        self.heard[kernel_id] = self.clock()

    def silent(self) -> list[str]:
        """Kernels of served pages that have sent nothing for ``silent_seconds``.

        The clock starts when the page has been sent in full (``page_served``),
        not when its kernel started: on a busy machine a page takes minutes to
        prepare, and nobody can click a page still on its way. Pooled kernels
        and pages on their way are nobody's page yet, so never silent.
        """
        limit = self.settings.silent_seconds
        if not limit:
            return []
        now = self.clock()
        return [k for k in self.owners if now - self.heard.get(k, now) >= limit]


# ------------------------------------------------------------------ seats ---


def seat_link_params(query: Mapping[str, Any]) -> tuple[str, list[str]] | None:
    """(table id, keys) when a page's query is a seat link (``t`` and ``k``), else None."""
    from rulebook.tables.links import KEYS_PARAM, TABLE_PARAM, parse_keys

    def first(name: str) -> str:
        value = query.get(name)
        if isinstance(value, (list, tuple)):
            value = value[0] if value else ""
        if isinstance(value, bytes):
            value = value.decode("utf-8", "replace")
        return str(value or "")

    table, keys = first(TABLE_PARAM), parse_keys(first(KEYS_PARAM))
    return (table, keys) if table and keys else None


def is_open_seat_link(store: Any, table_id: str, keys: Iterable[str]) -> bool:
    """True when one of ``keys`` opens a seat of the open table ``table_id`` (checked in the store)."""
    from rulebook.tables.store import OPEN, is_token_text

    if not is_token_text(table_id):
        return False
    try:
        if store.info(table_id).status != OPEN:
            return False
        return any(is_token_text(key) and store.seat_of(table_id, key) is not None for key in keys)
    except Exception:  # noqa: BLE001 - an unknown table, a store that is down: not a seat link
        return False


# ------------------------------------------------------------------ logs ---


def redact_uri(uri: str) -> str:
    """``uri`` with the values of secret query keys replaced (``k=<redacted>``), the rest as sent."""
    if "?" not in uri:
        return uri
    path, _, query = uri.partition("?")
    pieces = []
    for piece in query.split("&"):
        name, eq, _value = piece.partition("=")
        try:
            decoded = dict(parse_qsl(piece, keep_blank_values=True)).keys()
        except Exception:  # noqa: BLE001 - parse_qsl is lenient; anything odd is redacted whole
            decoded = {name}
        key = next(iter(decoded), name)
        if eq and (key.lower() in SECRET_PARAMS or name.lower() in SECRET_PARAMS):
            pieces.append(f"{name}={REDACTED}")
        else:
            pieces.append(piece)
    return f"{path}?{'&'.join(pieces)}"


class RepeatFilter(logging.Filter):
    """At most ``burst`` records of one message per ``window`` seconds; then one line saying how many were left out.

    Out of file descriptors, Tornado's accept loop logged "Too many open
    files" 320,704 times in two minutes (264 MB). A message is its logger,
    level and unformatted text (so "error %s in %s" counts as one message
    whatever its arguments). Only warnings, errors and access-log lines are
    counted: the server's own information lines follow its own work.
    """

    def __init__(self, burst: int = 5, window: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst = burst
        self.window = window
        self.clock = clock
        self._seen: dict[tuple[str, int, str], list[float]] = {}
        self._dropped: Counter[tuple[str, int, str]] = Counter()
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        # The access log's lines share one text: its status code keeps a flood of 429s apart from the pages.
        args = record.args if isinstance(record.args, tuple) else ()
        access = str(record.msg).startswith("%d ") and args and isinstance(args[0], int) and 100 <= args[0] < 600
        if record.levelno < logging.WARNING and not access:
            # The server's own notes (a pool filled, a kernel culled) follow its own work, never a
            # visitor's rate, and say different things under one text ("Kernel pool of %s is filled"):
            # dropping them hid which pools were filled from the operator and from the benchmarks.
            return True
        first = args[0] if access else ""
        key = (record.name, record.levelno, f"{str(record.msg)[:200]}|{first}")
        now = self.clock()
        with self._lock:
            times, dropped = self._seen.get(key), self._dropped.get(key, 0)
            if times is None or now - times[0] >= self.window:
                self._seen[key] = [now, 1]
                if dropped:
                    del self._dropped[key]
                    record.msg = f"{record.msg} [and {dropped} more like it, not written]"
                if len(self._seen) > 1000:  # never grow without bound: forget old windows
                    for old in [k for k, (start, _) in self._seen.items() if now - start >= self.window][:500]:
                        self._seen.pop(old, None)
                return True
            if times[1] < self.burst:
                times[1] += 1
                return True
            self._dropped[key] += 1
            return False


def install_repeat_filter(loggers: Iterable[logging.Logger], repeat: RepeatFilter | None = None) -> RepeatFilter:
    """Put one ``RepeatFilter`` on every handler of ``loggers`` (and the root logger's)."""
    repeat = repeat or RepeatFilter()
    handlers = set(logging.getLogger().handlers)
    for logger in loggers:
        handlers.update(logger.handlers)
    for handler in handlers:
        if not any(isinstance(f, RepeatFilter) for f in handler.filters):
            handler.addFilter(repeat)
    return repeat


# ------------------------------------------------------------------ process ---


def raise_open_files_limit() -> tuple[int, int]:
    """Raise this process's soft ``RLIMIT_NOFILE`` to its hard limit; the (soft, hard) now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 16)
    if soft != target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            return soft, hard
    return resource.getrlimit(resource.RLIMIT_NOFILE)


# ------------------------------------------------------------------ command line ---


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The limit flags of ``rulebook serve`` (docs/security.md)."""
    d = LimitSettings()
    group = parser.add_argument_group("limits per visitor (docs/security.md)")
    group.add_argument("--pages-per-address", type=int, default=d.pages_per_address, metavar="N",
                       help="at most N open pages (kernels) per client address, counted over every server on the store; "
                       "the host page may set another N for a named address range; 0 no limit (default %(default)s)")
    group.add_argument("--pages-per-browser", dest="pages_per_cookie", type=int, default=d.pages_per_cookie, metavar="N",
                       help="at most N open pages per browser (its rb_client cookie), counted over every server on the store; "
                       "0 no limit (default %(default)s)")
    group.add_argument("--seat-share", type=float, default=d.seat_share, metavar="F",
                       help="share of the kernel cap kept for seat links of open tables (default %(default)s)")
    group.add_argument("--silent-page-timeout", dest="silent_seconds", type=int, default=d.silent_seconds, metavar="S",
                       help="shut down a page's kernel when the page sent nothing for S seconds, "
                       "even with its websocket open; 0 never (default %(default)s)")
    group.add_argument("--sockets-per-kernel", type=int, default=d.sockets_per_kernel, metavar="N",
                       help="at most N websockets to one kernel; 0 no limit (default %(default)s)")
    group.add_argument("--sockets-per-address", dest="sockets_per_client", type=int, default=d.sockets_per_client, metavar="N",
                       help="at most N kernel websockets per client address on this server (more for a range the host "
                       "raised: two per page); 0 no limit (default %(default)s)")
    group.add_argument("--max-message-mb", dest="message_mb", type=float, default=d.message_mb, metavar="MB",
                       help="largest websocket message a page may send (default %(default)s)")
    group.add_argument("--kernel-memory-mb", type=int, default=d.kernel_memory_mb, metavar="MB",
                       help="a page's kernel above MB of memory is shut down; 0 no limit (default %(default)s)")


def settings_from(args: argparse.Namespace) -> LimitSettings:
    """The ``LimitSettings`` of parsed ``rulebook serve`` arguments."""
    return LimitSettings(**{name: getattr(args, name) for name in LimitSettings.__dataclass_fields__})


def limit_arguments(settings: LimitSettings) -> list[str]:
    """The ``rulebook serve`` flags that reproduce ``settings``."""
    return [
        "--pages-per-address", str(settings.pages_per_address),
        "--pages-per-browser", str(settings.pages_per_cookie),
        "--seat-share", str(settings.seat_share),
        "--silent-page-timeout", str(settings.silent_seconds),
        "--sockets-per-kernel", str(settings.sockets_per_kernel),
        "--sockets-per-address", str(settings.sockets_per_client),
        "--max-message-mb", str(settings.message_mb),
        "--kernel-memory-mb", str(settings.kernel_memory_mb),
    ]



#: What a kernel's own failure report looks like: a message carrying one may hold install paths.
_LEAK_MARKERS = ("Traceback", "traceback", 'File "')


def _cleaned(msg_type: str, content: Any) -> Any:
    """The content to send instead (None: send nothing): no traceback, no stderr of the kernel's own."""
    if not isinstance(content, dict):
        return content
    if msg_type == "stream" and content.get("name") == "stderr":
        return None  # a visitor never needs the kernel's stderr (comm errors print tracebacks there)
    if "traceback" in content or content.get("status") == "error" or msg_type == "error":
        content = dict(content)
        if "traceback" in content:
            content["traceback"] = []
        if "evalue" in content:
            content["evalue"] = ""
    return content


def without_tracebacks(message: Any) -> Any:
    """A message for the page with the kernel's tracebacks taken out (None: do not send it).

    A malformed widget ``comm_open`` made the kernel print its traceback (with
    the server's install paths) to stderr, which went to the visitor. Messages
    without anything like a traceback pass untouched and unparsed (cheap).
    Handles both of Jupyter's websocket protocols: JSON text, and ``v1`` binary.
    """
    if isinstance(message, dict):
        content = _cleaned(str(message.get("header", {}).get("msg_type", "")), message.get("content"))
        return None if content is None else {**message, "content": content}
    if isinstance(message, str):
        if not any(marker in message for marker in _LEAK_MARKERS) and '"stderr"' not in message:
            return message
        try:
            msg = json.loads(message)
        except ValueError:
            return message
        cleaned = without_tracebacks(msg) if isinstance(msg, dict) else msg
        return None if cleaned is None else json.dumps(cleaned)
    if isinstance(message, (bytes, bytearray)):
        raw = bytes(message)
        if not any(marker.encode() in raw for marker in _LEAK_MARKERS) and b'"stderr"' not in raw:
            return message
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1

        try:
            channel, parts = deserialize_msg_from_ws_v1(raw)
            header = json.loads(parts[0])
            content = json.loads(parts[3])
        except Exception:  # noqa: BLE001 - not a v1 message: as it came
            return message
        cleaned = _cleaned(str(header.get("msg_type", "")), content)
        if cleaned is None:
            return None
        parts = [*parts[:3], json.dumps(cleaned).encode("utf-8"), *parts[4:]]
        return serialize_msg_to_ws_v1(parts, channel)
    return message


#: For a test or a benchmark whose every visitor is this machine (many pages from 127.0.0.1, pages
#: without a heartbeat): no per-client page limit, no seat share, no silent-page culling. The
#: socket, message and memory limits stay. ``tests/security`` checks the limits left out here.
ONE_ADDRESS = LimitSettings(pages_per_address=0, pages_per_cookie=0, seat_share=0.0, silent_seconds=0)
