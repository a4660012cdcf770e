"""Several servers behind nginx on one PostgreSQL, measured with protocol-level visitors (issue 30).

The deployment of ``docs/deploy.md`` as a test starts it: PostgreSQL (Debian's,
a private cluster), ``rulebook serve`` processes named ``s1``, ``s2`` on
loopback ports, and nginx in front with the doc's own configuration
(``tests/support/nginx_proxy.py``). Every visitor is a Locust user speaking the
site's protocol (``benchmarks/_protocol.py``, as ``benchmarks.capacity``):
GET the page and its assets through nginx, open the kernel websocket (the
``rb_route`` cookie keeps it on the page's server), tap, stay, leave.

For one server and for two (``--servers 1,2``) it prints:

- **idle pages**: ``--idle-pages`` pages opened and left open (heartbeats
  flowing, nobody moving) for ``--idle-seconds``: PostgreSQL connections per
  open page (target <= 0.1; every connection of the database, the servers'
  own store connection and listener included) and store transactions per open page per second
  (target <= 0.5), from ``pg_stat_activity`` / ``pg_stat_database``; memory
  per open page as proportional set size (forked kernels share their pages
  with the zygote, so resident size would count those pages once per kernel);
- **steady arrivals**: for each rate of ``--rates`` (page opens a minute),
  ``--minutes`` of arrivals on a fixed schedule: boards, failures, p95 time to
  a board, which server served how many, and where the machine's CPU went
  (site = servers, zygotes and kernels; PostgreSQL; nginx; the visitors).
  A rate is *held* when every visitor got a board and the p95 is <= 3 s;

and at the end the ratio of the highest rate held by two servers to one
server's. Two servers on this 2-core machine share the same two cores, so the
ratio says how much a second process adds when CPU is the wall (it cannot be
2): the CPU line of each rate shows where the time went.

    python -m benchmarks.scale [--servers 1,2] [--rates 60,120,180] [--minutes 1]
                               [--idle-pages 48] [--idle-seconds 20] [--stay 10] [--quick]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
HELD_P95_S = 3.0
CONNECTIONS_TARGET = 0.1
QUERIES_TARGET = 0.5
TICK = os.sysconf("SC_CLK_TCK")


# ----- processes: CPU and proportional memory ------------------------------------------------------------------------
def pss_kb(pid: int) -> int:
    """A process's proportional set size (kB): shared pages split among the processes that map them."""
    from rulebook.site.process import read_proc

    for line in read_proc(f"/proc/{pid}/smaps_rollup").splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def tree(pid: int) -> list[int]:
    """``pid`` and every process below it (a server, its zygote, its kernels and their launchers)."""
    from rulebook.site.process import descendants

    return [pid, *descendants(pid)]


def tree_cpu_s(pid: int) -> float:
    """CPU seconds of a process tree, the reaped children's included (kernels that ended count)."""
    from rulebook.site.process import cpu_ticks, reaped_cpu_ticks

    # a kernel that ended is in its parent's reaped time (the zygote's, for a forked kernel), not the server's
    return sum(cpu_ticks(p) + reaped_cpu_ticks(p) for p in tree(pid)) / TICK


def machine_busy_s() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, from ``/proc/stat``."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return (sum(fields) - idle) / TICK, sum(fields) / TICK


def pids_named(name: str) -> list[int]:
    """Processes whose command name is ``name`` (``postgres``, ``nginx``)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if Path(f"/proc/{entry}/comm").read_text().strip() == name:
                    found.append(int(entry))
            except OSError:
                continue
    return found


@dataclass
class CpuWatch:
    """Where the machine's CPU went between ``start`` and ``stop``."""

    servers: list[int]
    marks: dict[str, float] = field(default_factory=dict)

    def _read(self) -> dict[str, float]:
        from rulebook.site.process import cpu_ticks, reaped_cpu_ticks

        busy, total = machine_busy_s()
        named = {n: sum(cpu_ticks(p) + reaped_cpu_ticks(p) for p in pids_named(n)) / TICK for n in ("postgres", "nginx")}
        own = os.times()
        return {"busy": busy, "total": total, "site": sum(tree_cpu_s(p) for p in self.servers),
                "visitors": own.user + own.system, **named}

    def start(self) -> None:
        self.marks = self._read()

    def line(self) -> str:
        now = self._read()
        d = {k: now[k] - self.marks[k] for k in now}
        cores = os.cpu_count() or 1
        wall = d["total"] / cores
        share = {k: d[k] / wall for k in ("site", "postgres", "nginx", "visitors")}
        return (f"CPU: the machine {d['busy'] / d['total']:.0%} busy ({cores} cores); in cores: site {share['site']:.2f}"
                f" · PostgreSQL {share['postgres']:.2f} · nginx {share['nginx']:.2f} · visitors {share['visitors']:.2f}")


# ----- the deployment ----------------------------------------------------------------------------------------------
@contextmanager
def deployment(servers: int, db_url: str, pool_size: int) -> Iterator[tuple[Any, list[Any]]]:
    """PostgreSQL's database ``db_url``, ``servers`` sites named s1.. on it, nginx in front: (proxy, sites)."""
    from benchmarks._common import ARTIFACTS, NOTEBOOKS
    from rulebook.site.limits import ONE_ADDRESS
    from rulebook.site.serve import SiteOptions
    from tests.support.nginx_proxy import NginxProxy
    from tests.support.site_process import SiteProcess, free_port

    with ExitStack() as stack:
        sites = []
        for k in range(1, servers + 1):
            data = Path(tempfile.mkdtemp(prefix=f"rulebook-scale-s{k}-"))
            stack.callback(shutil.rmtree, data, ignore_errors=True)
            # every visitor is this machine, seen through nginx as one address: no per-address page limit here
            options = SiteOptions(port=free_port(), notebooks=NOTEBOOKS, data=data, db=db_url, limits=ONE_ADDRESS,
                                  pool_size=pool_size, server_name=f"s{k}")
            site = SiteProcess(options, log_path=ARTIFACTS / f"bench-scale-{servers}-s{k}-{options.port}.log")
            stack.enter_context(site)
            sites.append(site)
        for site in sites:
            site.wait_pools()
        proxy = NginxProxy({site.options.server_name: site.port for site in sites})
        proxy.start()
        stack.callback(proxy.stop)
        yield proxy, sites


def proxy_port(proxy: Any) -> int:
    from urllib.parse import urlsplit

    return int(urlsplit(proxy.url).port)


# ----- the visitors (in the Locust child process) ------------------------------------------------------------------
def visitors_at(port: int, count: int, spawn_rate: float, moves: int, stay: float, assets: list[str] | None,
                limit_s: float, notebook: str = "chiritsumo.ipynb") -> list[Any]:
    """``count`` protocol visitors through nginx on ``port``, arriving ``spawn_rate`` a second (capacity's crowd)."""
    from benchmarks.capacity import Crowd, run_crowd

    crowd = Crowd(port, count, spawn_rate, moves, assets, notebook=notebook, stay=stay)
    visits, _stats = run_crowd(crowd, limit_s=limit_s)
    return visits


def idle_pages(args: argparse.Namespace, proxy: Any, sites: list[Any], db_url: str) -> dict[str, float]:
    """Open ``--idle-pages`` pages, leave them open, and count what they cost the store and the memory."""
    import gevent

    from benchmarks._protocol import ProtocolVisitor
    from benchmarks._store_stats import pg_connections, pg_transactions

    port, n = proxy_port(proxy), args.idle_pages
    pss_before = sum(pss_kb(p) for s in sites for p in tree(s.pid))
    connections_before = pg_connections(db_url)
    hold = args.idle_seconds + 60.0
    visitors = [ProtocolVisitor(port, address=f"10.77.0.{k + 1}") for k in range(n)]
    greenlets = [gevent.spawn(v.visit, 1, None, hold) for v in visitors]
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and sum(1 for v in visitors if v.models.board_ready()) < n:
        gevent.sleep(0.25)
    ready = sum(1 for v in visitors if v.models.board_ready())
    gevent.sleep(5.0)  # the last taps' redraws and presence writes settle
    t0, tx0 = time.monotonic(), pg_transactions(db_url)
    samples = []
    while time.monotonic() - t0 < args.idle_seconds:
        samples.append(pg_connections(db_url))
        gevent.sleep(1.0)
    seconds, tx1 = time.monotonic() - t0, pg_transactions(db_url)
    pss_after = sum(pss_kb(p) for s in sites for p in tree(s.pid))
    # the sampling's own pg_stat queries are not the site's: taken out (pg_connections leaves out its own)
    own = 2 + len(samples)
    queries = max(0, tx1 - tx0 - own) / seconds / max(ready, 1)
    # every connection of the database, the servers' own (a store and a listener each) included
    connections = statistics.mean(samples) / max(ready, 1)
    gevent.killall(greenlets, block=True, timeout=60)  # each visit's ``finally`` leaves its page (goodbye, beacon)
    added = statistics.mean(samples) - connections_before
    print(f"  idle: {ready}/{n} pages open for {seconds:.0f} s · PostgreSQL connections {statistics.mean(samples):.1f}"
          f" (before the pages: {connections_before}, each server's store connection and listener; the pages added"
          f" {added:.1f}) = {connections:.3f} a page · store transactions"
          f" {queries:.3f} a page a second · memory {(pss_after - pss_before) / 1024 / max(ready, 1):.1f} MB a page (PSS;"
          f" the site's processes {pss_after / 1024:.0f} MB in all)", flush=True)
    return {"pages": ready, "connections": connections, "queries": queries, "pss_mb": (pss_after - pss_before) / 1024 / max(ready, 1)}


def steady(args: argparse.Namespace, proxy: Any, sites: list[Any], rate: int, assets: list[str] | None) -> dict[str, Any]:
    """``rate`` page opens a minute for ``--minutes``: boards, p95, servers, CPU."""
    from benchmarks.capacity import p95

    count = max(1, int(rate * args.minutes))
    watch = CpuWatch([s.pid for s in sites])
    watch.start()
    visits = visitors_at(proxy_port(proxy), count, rate / 60.0, args.moves, args.stay, assets,
                         limit_s=args.minutes * 60 + args.stay + 300)
    cpu = watch.line()
    boards = [v.board_s for v in visits if v.board_s is not None]
    failed = count - len(boards)
    by_server: dict[str, int] = {}
    for v in visits:
        by_server[v.server or "?"] = by_server.get(v.server or "?", 0) + 1
    held = failed == 0 and bool(boards) and p95(boards) <= HELD_P95_S
    line = (f"  {rate}/min for {args.minutes:g} min: boards {len(boards)}/{count} · failed {failed}"
            f" · time-to-board p50 {statistics.median(boards) if boards else float('nan'):.2f} s"
            f" p95 {p95(boards):.2f} s · served by " + ", ".join(f"{k} {v}" for k, v in sorted(by_server.items()))
            + f" · {'held' if held else 'NOT held'}")
    print(line, flush=True)
    print(f"    {cpu}", flush=True)
    for v in [v for v in visits if v.error][:5]:
        print(f"    {v.error}")
    settle(sites)
    return {"rate": rate, "held": held, "p95": p95(boards), "failed": failed}


def settle(sites: list[Any], timeout: float = 120) -> None:
    """Pools full again and no kernel working before the next measure; said, not fatal, when it takes longer."""
    for site in sites:
        try:
            site.wait_kernels_quiet(timeout=timeout, quiet=1.0)
        except TimeoutError as error:
            print(f"    (server {site.options.server_name} not quiet within {timeout:.0f} s: {error})", flush=True)


def run(argv: list[str]) -> int:
    """The measurements, in this process (Locust has patched it: see ``main``)."""
    from benchmarks.capacity import calibrate_assets
    from tests.support.pg_server import PostgresServer

    args = parser().parse_args(argv)
    if args.quick:
        args.rates, args.minutes, args.idle_seconds = "60,120", 0.5, 10.0
    counts = [int(x) for x in args.servers.split(",") if x.strip()]
    rates = [int(x) for x in args.rates.split(",") if x.strip()]
    print("protocol-level visitors (Locust) through nginx to rulebook serve processes on one PostgreSQL, all on"
          f" this {os.cpu_count()}-core machine; figures are noisy when other work runs", flush=True)
    postgres = PostgresServer().start()
    held: dict[int, int] = {}
    figures: dict[int, dict[str, float]] = {}
    try:
        for servers in counts:
            db_url = postgres.new_database()
            print(f"\n--- {servers} server{'s' if servers > 1 else ''} behind nginx", flush=True)
            with deployment(servers, db_url, args.pool_size) as (proxy, sites):
                assets = calibrate_assets(proxy.url + "voila/render/chiritsumo.ipynb", args.moves)
                figures[servers] = idle_pages(args, proxy, sites, db_url)
                settle(sites)
                results = [steady(args, proxy, sites, rate, assets) for rate in rates]
                held[servers] = max((r["rate"] for r in results if r["held"]), default=0)
    finally:
        postgres.stop()
        postgres.remove()
    print("\nsummary:")
    for servers, f in figures.items():
        ok = f["connections"] <= CONNECTIONS_TARGET and f["queries"] <= QUERIES_TARGET
        print(f"  {servers} server(s): {'met' if ok else 'MISSED'} — connections {f['connections']:.3f} a page"
              f" (<= {CONNECTIONS_TARGET}), idle store transactions {f['queries']:.3f} a page a second (<= {QUERIES_TARGET}),"
              f" {f['pss_mb']:.1f} MB a page (PSS); steady arrivals held up to {held.get(servers, 0)}/min")
    if 1 in held and 2 in held and held[1]:
        print(f"  two servers / one server, highest steady rate held: {held[2] / held[1]:.2f}"
              " (the same two cores: see the CPU lines for the wall)")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m benchmarks.scale", description=__doc__.split("\n")[0])
    p.add_argument("--servers", default="1,2", help="how many servers behind nginx, each in turn (default %(default)s)")
    p.add_argument("--rates", default="60,120,180", help="steady arrival rates, page opens a minute (default %(default)s)")
    p.add_argument("--minutes", type=float, default=1.0, help="minutes of arrivals at each rate (default %(default)s)")
    p.add_argument("--stay", type=float, default=10.0, help="seconds each visitor stays after its moves (default %(default)s)")
    p.add_argument("--moves", type=int, default=3, help="moves per visitor (default %(default)s)")
    p.add_argument("--idle-pages", type=int, default=48, help="pages held open for the idle count (default %(default)s)")
    p.add_argument("--idle-seconds", type=float, default=20.0, help="seconds the idle pages are counted (default %(default)s)")
    p.add_argument("--pool-size", type=int, default=1, help="each server's pooled kernels per notebook (default %(default)s)")
    p.add_argument("--quick", action="store_true", help="a smoke run: rates 60,120 for 30 s, 10 s idle")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run in a child process that imports Locust (gevent's patching) first, as ``benchmarks.capacity`` does."""
    import importlib.util

    as_script = argv is None and __name__ == "__main__"
    argv = sys.argv[1:] if as_script else list(argv or [])
    if importlib.util.find_spec("locust") is None:
        print("locust is not installed: pip install -e '.[bench]' (make bench does)")
        status = 1
    else:
        code = "import locust, sys; from benchmarks.scale import run; sys.exit(run(sys.argv[1:]))"
        status = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT).returncode
    if status and not as_script:
        raise RuntimeError(f"the scale run ended with status {status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
