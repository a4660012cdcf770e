"""Limits every server of one site shares through the table store (issue 30, item 4).

Several ``rulebook serve`` behind one proxy share one store. Counted in one
process's memory, a client's pages were counted by each server apart (a
phone's second page on another server was its first there). Here:

- **Pages per address and per browser** are counted in the store
  (``TableStore.open_page``): each server notes a page when it takes the
  request, gives it its kernel when the page is served, and removes it when
  the kernel goes. The check and the note are one transaction, so two
  servers cannot both let a client's last page in.
- **A server that died holds nothing.** Each server beats every
  ``BEAT_SECONDS`` (one write per server, whatever its number of pages);
  pages of a server not seen for ``DEAD_SECONDS`` do not count and are
  removed at the next beat of any server.
- **A named address range may have its own page limit** (``PageRange``):
  a café whose Wi-Fi reaches the site through one public address gives its
  range more pages than the default. The host page sets them
  (``widgets/host_page/ranges.py``); they live in the store, every server
  reads them (cached for ``RANGES_SECONDS``).

What stays per server, and why: the kernel cap and the seat links' share
of it (this machine's memory), the websockets (this process's file
descriptors) and the silent-page clock (this process hears the page).

Times are wall-clock seconds (``time.time``), compared across machines: the
servers' clocks must agree within a few seconds (NTP), far below ``DEAD_SECONDS``.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import re
import secrets
import socket
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

log = logging.getLogger("rulebook.site")

DEFAULT_PAGES_PER_ADDRESS = 32
"""A café behind one public address: ten phones and tablets with a page or three each. The
per-browser limit (``limits.DEFAULT_PAGES_PER_COOKIE``) does the per-device work; with 8, three of ten
phones on one café network got "too many pages" (issue 30). The host page may raise it for a
named address range (``PageRange``); here, not in ``limits.py``
(the server's), because the host page's kernel shows it too."""

BEAT_SECONDS = 10.0
"""How often a server says it is alive (and which pages it holds): one store write per server."""
DEAD_SECONDS = 30.0
"""A server not seen this long is dead: three beats missed. Its pages stop counting."""
RANGES_SECONDS = 5.0
"""How long a server trusts the page ranges it read (a change on the host page reaches every server within this)."""
RANGES_KEY = "page_ranges"
"""The store setting holding the page ranges (JSON)."""
MAX_RANGE_PAGES = 1000
"""The largest page limit a range may have: far above any café, far below "no limit" by mistake."""
MAX_RANGES = 50
MAX_RANGE_NAME = 60
WIDEST_PREFIX = {4: 16, 6: 48}
"""The widest range (shortest prefix) per IP version: a /16 is 65,536 addresses, a /48 one site's IPv6."""

_SERVER_NAME = re.compile(r"[^A-Za-z0-9_-]+")


# ------------------------------------------------------------------ the server's name ---


def clean_server_name(text: str) -> str:
    """``text`` as a server name: ``[A-Za-z0-9_-]{1,40}`` (other characters become ``-``)."""
    cleaned = _SERVER_NAME.sub("-", str(text)).strip("-")[:40]
    return cleaned or "server"


def server_name(options: Any = None) -> str:
    """This server's name in the store: ``options.server_name`` (``--server-name``) when set,
    else ``<short hostname>-<port>`` (the contract's default).

    The one place the name is looked up, so the ``--server-name`` flag only has to fill it in.
    """
    chosen = str(getattr(options, "server_name", "") or "")
    if not chosen:
        port = getattr(options, "port", 0) or 0
        chosen = f"{socket.gethostname().split('.')[0]}-{port}"
    return clean_server_name(chosen)


# ------------------------------------------------------------------ page ranges ---


class RangeError(ValueError):
    """A page range the host typed that cannot be used: what is wrong, in Japanese and in English."""

    def __init__(self, ja: str, en: str) -> None:
        super().__init__(en)
        self.ja = ja
        self.en = en

    def text(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class PageRange:
    """Pages per address for every address of one named network (e.g. "Café Wi-Fi", 203.0.113.0/24, 64)."""

    name: str
    network: str
    """The range as ``ipaddress`` writes it (``203.0.113.0/24``, ``2001:db8:1::/48``)."""
    pages: int

    def contains(self, address: str) -> bool:
        try:
            return ipaddress.ip_address(address) in ipaddress.ip_network(self.network)
        except ValueError:
            return False

    @property
    def prefix(self) -> int:
        return ipaddress.ip_network(self.network).prefixlen

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "network": self.network, "pages": self.pages}


def parse_page_range(name: str, network: str, pages: str | int) -> PageRange:
    """A ``PageRange`` from the host page's three fields, or ``RangeError`` saying what is wrong."""
    name = " ".join(str(name or "").split())
    if not name:
        raise RangeError("名前を入れてください（例: お店の Wi-Fi）。", "Give the range a name (e.g. Café Wi-Fi).")
    if len(name) > MAX_RANGE_NAME or not name.isprintable():
        raise RangeError(f"名前は {MAX_RANGE_NAME} 文字までです。", f"The name may have at most {MAX_RANGE_NAME} characters.")
    text = str(network or "").strip()
    try:
        net = ipaddress.ip_network(text, strict=True)
    except ValueError:
        try:
            loose = ipaddress.ip_network(text, strict=False)
        except ValueError:
            raise RangeError(
                f"「{text}」はアドレスの範囲（CIDR、例: 203.0.113.0/24）ではありません。",
                f"“{text}” is not an address range (CIDR, e.g. 203.0.113.0/24).",
            ) from None
        raise RangeError(
            f"「{text}」はアドレスの範囲の先頭ではありません。{loose} のことですか？",
            f"“{text}” is not the start of a range: did you mean {loose}?",
        ) from None
    widest = WIDEST_PREFIX[net.version]
    if net.prefixlen < widest:
        raise RangeError(
            f"範囲が広すぎます（IPv{net.version} は /{widest} まで）。",
            f"The range is too wide (IPv{net.version}: /{widest} at most).",
        )
    count = str(pages).strip()  # a bool reads "True": refused with the rest
    if not count.isascii() or not count.isdigit() or int(count) < 1:
        raise RangeError("ページ数は 1 以上の整数で入れてください。", "The number of pages must be a whole number, 1 or more.")
    if int(count) > MAX_RANGE_PAGES:
        raise RangeError(f"ページ数は {MAX_RANGE_PAGES} までです。", f"The number of pages may be at most {MAX_RANGE_PAGES}.")
    return PageRange(name, str(net), int(count))


def ranges_from_text(text: str | None) -> list[PageRange]:
    """The ranges stored as JSON; anything malformed in it is left out (a damaged setting limits nothing more)."""
    try:
        items = json.loads(text) if text else []
    except ValueError:
        return []
    found = []
    for item in items if isinstance(items, list) else []:
        try:
            found.append(parse_page_range(item["name"], item["network"], item["pages"]))
        except (KeyError, TypeError, ValueError):
            continue
    return found


def ranges_text(ranges: Sequence[PageRange]) -> str:
    return json.dumps([r.as_json() for r in ranges], ensure_ascii=False, sort_keys=True)


def address_limit(address: str, ranges: Iterable[PageRange], default: int) -> int:
    """The page limit of ``address``: the narrowest range holding it, else ``default`` (0, no limit, stays 0)."""
    if not default:
        return 0
    holding = [r for r in ranges if r.contains(address)]
    return max(holding, key=lambda r: r.prefix).pages if holding else default


def read_ranges(store: Any) -> list[PageRange]:
    return ranges_from_text(store.read_settings([RANGES_KEY]).get(RANGES_KEY))


def add_range(store: Any, page_range: PageRange) -> list[PageRange]:
    """Store ``page_range`` (replacing one of the same network); the ranges now. Too many: ``RangeError``."""

    def change(text: str | None) -> str:
        ranges = [r for r in ranges_from_text(text) if r.network != page_range.network]
        if len(ranges) >= MAX_RANGES:
            raise RangeError(f"範囲は {MAX_RANGES} 個までです。", f"At most {MAX_RANGES} ranges.")
        return ranges_text(sorted([*ranges, page_range], key=lambda r: (r.name, r.network)))

    return ranges_from_text(store.change_setting(RANGES_KEY, change))


def remove_range(store: Any, network: str) -> list[PageRange]:
    """Remove the range of ``network``; the ranges now."""
    return ranges_from_text(
        store.change_setting(RANGES_KEY, lambda text: ranges_text([r for r in ranges_from_text(text) if r.network != network]))
    )


# ------------------------------------------------------------------ pages in the store ---


def new_page_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class SharedPages:
    """One server's side of the pages counted in the store (``SiteLimits.shared``)."""

    store: Any
    server: str
    wall: Callable[[], float] = time.time
    """Wall-clock time (compared with other servers' beats)."""
    clock: Callable[[], float] = time.monotonic
    """For the ranges' cache only."""
    _ranges: list[PageRange] = field(default_factory=list)
    _ranges_read: float | None = None

    def alive_after(self) -> float:
        return self.wall() - DEAD_SECONDS

    def ranges(self) -> list[PageRange]:
        """The page ranges, read from the store at most every ``RANGES_SECONDS``."""
        now = self.clock()
        if self._ranges_read is None or now - self._ranges_read >= RANGES_SECONDS:
            self._ranges = read_ranges(self.store)
            self._ranges_read = now
        return self._ranges

    def limits(self, address: str, per_address: int, per_cookie: int) -> tuple[int, int]:
        return address_limit(address, self.ranges(), per_address), per_cookie

    def admit(self, page: str, address: str, cookie: str | None, limits: tuple[int, int]) -> str | None:
        return self.store.open_page(page, self.server, address, cookie, limits, self.alive_after(), when=self.wall())

    def served(self, page: str, kernel: str) -> None:
        self.store.page_kernel(page, kernel, when=self.wall())

    def closed(self, pages: Iterable[str]) -> None:
        self.store.close_pages(pages)

    def beat(self, pages: Iterable[str]) -> int:
        """Say this server is alive and holds ``pages``; dead servers' pages go. How many went."""
        return self.store.server_beat(self.server, pages, self.alive_after(), when=self.wall())

    def counts(self, address: str, cookie: str | None) -> tuple[int, int]:
        return self.store.client_pages(address, cookie, self.alive_after())
