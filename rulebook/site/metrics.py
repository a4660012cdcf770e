"""``GET /metrics``: the server's figures in Prometheus text format (issue 30).

What an operator of several servers watches: open pages and kernels against
the cap, the preheated pools, refusals by reason, the store's latency, the
websockets, and memory (the server's and its kernels'). Everything is read
when Prometheus asks (a custom collector), so nothing is kept twice and
nothing runs between scrapes; the store's latency is the ``/healthz``
probe's (``health.StoreProbe``), asked at most once per two seconds.

The registry is the site's own, not ``prometheus_client``'s global one:
Jupyter's and Voilà's own metrics (their handlers' names, kernel ids as
labels) never show here. No figure is labelled by anything a visitor
brings: never a table id, a seat key, a kernel id or a client address. The
only labels are the refusal's reason, the pool's notebook (a file of the
site's folder) and the server's name (which its ``rb_route`` cookie tells
anyone anyway).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

import tornado.web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, InfoMetricFamily
from prometheus_client.registry import Collector

from .process import kernel_processes, rss_kb

#: Every reason a page or websocket is refused (``app.count_refusal``): each is shown, at 0 until it happens.
REFUSAL_REASONS = (
    "pages_per_address",
    "pages_per_browser",
    "seat_share",
    "site_full",
    "draining",
    "sockets_per_kernel",
    "sockets_per_address",
)


@dataclass(frozen=True)
class Snapshot:
    """The figures of one scrape (read from the running server by ``read_snapshot``)."""

    server: str
    draining: bool
    ready: bool
    open_pages: int
    kernels: int
    kernel_cap: int
    pools: dict[str, int]
    refusals: dict[str, int]
    websockets: int
    store_up: bool
    store_seconds: float | None
    server_rss_bytes: int
    kernels_rss_bytes: int


def families(snapshot: Snapshot) -> Iterator[Any]:
    """The metric families of ``snapshot`` (``rulebook_*``)."""
    info = InfoMetricFamily("rulebook_server", "This server's name (its rb_route cookie).")
    info.add_metric([], {"name": snapshot.server})
    yield info
    yield GaugeMetricFamily("rulebook_ready", "1 when /healthz says ready.", value=int(snapshot.ready))
    yield GaugeMetricFamily("rulebook_draining", "1 once the server was told to drain (SIGTERM).", value=int(snapshot.draining))
    yield GaugeMetricFamily("rulebook_open_pages", "Kernels handed to visitors' pages (pooled ones not counted).",
                            value=snapshot.open_pages)
    yield GaugeMetricFamily("rulebook_kernels", "Kernels running (pages' and preheated).", value=snapshot.kernels)
    yield GaugeMetricFamily("rulebook_kernel_cap", "At most this many kernels at once (--max-kernels).", value=snapshot.kernel_cap)
    pools = GaugeMetricFamily("rulebook_pool_kernels", "Preheated kernels per notebook, ready or starting.", labels=["notebook"])
    for notebook, size in sorted(snapshot.pools.items()):
        pools.add_metric([notebook], size)
    yield pools
    refusals = CounterMetricFamily("rulebook_refusals", "Pages and websockets refused, by reason.", labels=["reason"])
    for reason in sorted(set(REFUSAL_REASONS) | set(snapshot.refusals)):
        refusals.add_metric([reason], snapshot.refusals.get(reason, 0))
    yield refusals
    yield GaugeMetricFamily("rulebook_websockets", "Kernel websockets open.", value=snapshot.websockets)
    yield GaugeMetricFamily("rulebook_store_up", "1 when the table store answered its last check.", value=int(snapshot.store_up))
    if snapshot.store_seconds is not None:
        yield GaugeMetricFamily("rulebook_store_latency_seconds", "How long the store's last answered check took.",
                                value=snapshot.store_seconds)
    yield GaugeMetricFamily("rulebook_server_resident_bytes", "Resident memory of the server process.",
                            value=snapshot.server_rss_bytes)
    yield GaugeMetricFamily("rulebook_kernels_resident_bytes", "Resident memory of all its kernels together.",
                            value=snapshot.kernels_rss_bytes)


class SnapshotCollector(Collector):
    """A collector that reads a fresh ``Snapshot`` at every scrape."""

    def __init__(self, read: Callable[[], Snapshot]) -> None:
        self.read = read

    def collect(self) -> Iterable[Any]:
        return list(families(self.read()))


def render(snapshot: Snapshot) -> bytes:
    """``snapshot`` in Prometheus text format, through a registry of its own (never the global one)."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(SnapshotCollector(lambda: snapshot))
    return generate_latest(registry)


def pool_sizes(manager: Any) -> dict[str, int]:
    """Preheated kernels per notebook (empty without pools)."""
    from . import voila_compat

    return {str(name): len(pool) for name, pool in (voila_compat.pools(manager) or {}).items() if name != "default" or pool}


def read_snapshot(settings: dict, store_up: bool, ready: bool) -> Snapshot:
    """The running server's figures: its kernel manager, limits, edge (``health.Edge``) and ``/proc``."""
    manager = settings.get("kernel_manager")
    limits = settings.get("rb_limits")
    edge = settings.get("rb_edge")
    kernels = kernel_processes(os.getpid())
    return Snapshot(
        server=str(settings.get("rb_server_name", "")),
        draining=bool(edge is not None and edge.draining),
        ready=ready,
        open_pages=int(manager.page_kernels()) if hasattr(manager, "page_kernels") else 0,
        kernels=len(manager.list_kernel_ids()) if manager is not None else 0,
        kernel_cap=int(getattr(manager, "max_kernels", 0) or 0),
        pools=pool_sizes(manager) if manager is not None else {},
        refusals=dict(edge.refusals) if edge is not None else {},
        websockets=len(limits.sockets) if limits is not None else 0,
        store_up=store_up,
        store_seconds=edge.probe.latency if edge is not None else None,
        server_rss_bytes=rss_kb(os.getpid()) * 1024,
        kernels_rss_bytes=sum(k.rss_kb for k in kernels) * 1024,
    )


class MetricsHandler(tornado.web.RequestHandler):
    """``GET /metrics`` (Prometheus text format)."""

    async def get(self) -> None:
        edge = self.settings.get("rb_edge")
        store_up = await edge.probe.healthy() if edge is not None else False  # cached: at most one query per 2 s
        word = await edge.word() if edge is not None else "not ready"
        body = render(read_snapshot(self.settings, store_up, ready=word == "ready"))
        self.set_header("Content-Type", CONTENT_TYPE_LATEST)
        self.set_header("Cache-Control", "no-store")
        self.finish(body)
