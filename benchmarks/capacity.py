"""The site's own capacity, measured with Locust's protocol-level visitors (issue 18 D).

Real browsers on the same two cores measure the browsers (``benchmarks.load``).
Here each visitor is a Locust user (a gevent greenlet) that does to the server
what a browser does (``benchmarks/_protocol.py``): GET the page and the assets a
real Chromium visit requested, open the kernel websocket, ``request_states``
until the board's view is there, tap Roll / Done stacking / ... and wait for each
redraw (five moves), then leave (goodbye, websocket closed, shutdown beacon).
The site is ``rulebook serve`` on 127.0.0.1 on a fresh table store, with the
site's default per-visitor limits: every visitor carries its own ``X-Real-IP``
(one phone each, as the café's proxy reports them).

Scenarios and targets (site alone on this 2-core machine):

- ``check``: the protocol visitor against reality, in the same run — real
  Chromium visits (``benchmarks._browser_visit``) and protocol visits, one at a
  time, alternating; server + kernel (+ pool refill) CPU seconds per page of a
  protocol visit within 20 % of a Chromium visit's. Each visit is measured from
  just before its page request until the pools are quiet again, less what the
  site burns idle (timers, pooled kernels) over that window, measured first.
- ``arrivals``: 20 visitors arriving within 60 s — 0 failures, time-to-board
  p95 <= 2 s, move round trip p95 <= 200 ms.
- ``burst``: 10 at the same instant — time-to-board p95 <= 5 s.
- ``capped``: 40 at the same instant with ``--max-kernels 16`` — every visitor
  answered (board or the "site is full" page) within 10 s, never more than 16
  kernels (sampled every 0.25 s). A visitor given the full page is answered
  and goes (no retry), so the boards show how many the cap let in at once.
- ``steady``: 60 page opens a minute for 5 minutes (``--quick``: 1 minute),
  each visitor staying ``--stay`` s — p95 <= 3 s, server memory flat under
  the load (RSS at the end within 10 % of its level after the first minute,
  when the pages open at any moment have their memory; with ``--quick`` the
  two are the same moment). The RSS idle before, each minute, and once the
  visitors have left is printed too.

Every scenario prints the CPU seconds per page opened, split kernel (the
page's kernel from its request on) / server (the Voilà process) / pool refill
(pooled kernels preheating), against the target of 1.5 s in total. CPU is read
from /proc by a separate sampling process, so neither Locust nor the sampler
is counted as the site's.

    python -m benchmarks.capacity [--scenario check,arrivals,burst,capped,steady] [--quick]
                                  [--serve "--pool-size 2 ..."] [--moves 5] [--stay 10]

``--serve`` passes ``rulebook serve`` options to every site started (the port and
the data folder are the benchmark's own).
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("check", "arrivals", "burst", "capped", "steady")
CPU_TARGET_S = 1.5
IDLE_S = 10.0  # seconds the check watches the site idle
TICK = os.sysconf("SC_CLK_TCK")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(0.95 * len(ordered) + 0.5)) - 1))] if ordered else float("nan")


def verdict(ok: bool, text: str) -> str:
    return f"{'met' if ok else 'MISSED'} — {text}"


# ----- CPU and memory, sampled from another process -----------------------------------------------------------------
def sample_forever(server_pid: int, out: str, interval: float = 0.25, scan_every: int = 2) -> None:
    """The sampling process: one JSON line per sample (time, server ticks and RSS, {pid: [kernel id, ticks, RSS]}).

    The full scan for kernels (every process's parent, ~20 ms here) runs every
    ``scan_every`` samples; known kernels' ticks every sample. Ends when the
    server is gone or the process is terminated.
    """
    from rulebook.site.process import _stat_fields, cpu_ticks, descendants, kernel_processes, reaped_cpu_ticks, rss_kb

    kernels: dict[int, str | None] = {}
    helpers: list[int] = []
    n = 0
    with open(out, "a", buffering=1) as sink:
        while _stat_fields(server_pid):
            if n % scan_every == 0:
                kernels = {k.pid: k.kernel_id for k in kernel_processes(server_pid)}
                helpers = [pid for pid in descendants(server_pid) if pid not in kernels]
            row = {}
            for pid, kernel_id in kernels.items():
                fields = _stat_fields(pid)
                if fields and fields[0] != "Z":
                    row[pid] = [kernel_id, int(fields[11]) + int(fields[12]), rss_kb(pid)]
            # the kernels' zygote and launchers (zygote.py): what starting kernels costs beside the kernels
            # (not a dying kernel: once a zombie its command line is empty, and its whole life is in ``reaped`` soon)
            launch = {pid: int(f[11]) + int(f[12]) for pid in helpers if (f := _stat_fields(pid)) and f[0] != "Z"}
            # what the processes that wait for kernels and launchers (the server, the zygote) got from their dead children
            reaped = {pid: reaped_cpu_ticks(pid) for pid in [server_pid, *helpers]}
            sink.write(json.dumps({"t": time.time(), "server": cpu_ticks(server_pid), "rss": rss_kb(server_pid),
                                   "kernels": row, "launch": launch, "reaped": reaped}) + "\n")
            n += 1
            time.sleep(interval)


@dataclass
class Samples:
    rows: list[dict]

    @classmethod
    def read(cls, path: Path) -> "Samples":
        rows = []
        for line in path.read_text().splitlines():
            try:
                rows.append(json.loads(line))
            except ValueError:  # the last line, cut by the sampler's end
                pass
        return cls(rows)

    def window(self, t0: float, t1: float) -> list[dict]:
        """The samples in [t0, t1], with the last one before ``t0`` and the first after ``t1``.

        Why the brackets: a count from the first sample inside the window
        missed what was spent between ``t0`` and that sample (up to a sampling
        interval). A protocol visit does most of its work in its first quarter
        second, so that lost it half its server and kernel CPU, and a long
        Chromium visit much less (the check's ratio read 0.64 instead of ~0.9).
        """
        times = [r["t"] for r in self.rows]
        start = max(0, bisect.bisect_right(times, t0) - 1)  # the last sample at or before t0
        end = bisect.bisect_left(times, t1) + 1  # the first sample at or after t1
        return self.rows[start:end]

    def peak_kernels(self, t0: float, t1: float) -> int:
        return max((len(r["kernels"]) for r in self.rows if t0 <= r["t"] <= t1), default=0)

    def rss_mb(self, t: float) -> float:
        """The server's RSS at the sample nearest ``t``."""
        row = min(self.rows, key=lambda r: abs(r["t"] - t))
        return row["rss"] / 1024

    def cpu(self, t0: float, t1: float, handed: dict[str, float]) -> dict[str, float]:
        """CPU seconds in [t0, t1]: server; kernels from their page's request on; pool refill (the rest).

        ``handed``: kernel id -> time its page was requested (a pooled kernel's
        work before that was the pool's refill; after it, the visitor's page).
        A kernel alive at ``t0`` counts from its ticks then; one born later from 0.
        """
        rows = self.window(t0, t1)
        if len(rows) < 2:
            return {key: float("nan") for key in ("server", "kernel", "refill", "launch", "exit")}
        first = rows[0]
        series: dict[str, list[tuple[float, int]]] = {}
        ids: dict[str, str | None] = {}
        for row in rows:
            for pid, (kernel_id, ticks, _rss) in row["kernels"].items():
                series.setdefault(pid, []).append((row["t"], ticks))
                ids[pid] = kernel_id
        kernel = refill = 0
        for pid, points in series.items():
            start = first["kernels"][pid][1] if pid in first["kernels"] else 0
            last = points[-1][1]
            at = handed.get(ids[pid] or "")
            if at is None:
                refill += last - start
                continue
            before = [ticks for t, ticks in points if t <= at]
            cut = max(start, before[-1] if before else start)
            refill += cut - start
            kernel += last - cut
        launch = 0
        seen: dict[str, list[int]] = {}
        for row in rows:
            for pid, ticks in row.get("launch", {}).items():
                seen.setdefault(pid, []).append(ticks)
        for pid, ticks in seen.items():
            launch += ticks[-1] - (ticks[0] if pid in first.get("launch", {}) else 0)
        return {"server": (rows[-1]["server"] - first["server"]) / TICK, "kernel": kernel / TICK, "refill": refill / TICK,
                "launch": launch / TICK, "exit": exits(rows, series, seen) / TICK}


def exits(rows: list[dict], kernels: dict[str, list[tuple[float, int]]], launchers: dict[str, list[int]]) -> int:
    """Ticks of the processes that died in ``rows``' window after their last sample (a kernel's shutdown and exit).

    Sampled every quarter second, a kernel shut down as its visitor leaves
    spends its last moments unseen, and a short visit loses a larger share
    of its kernel's CPU than a long one. Its parent (the zygote, or the server
    for a launcher or a kernel it started) gets all of a dead child's time
    once it has waited for it: that, less what the samples saw of the dead.
    """
    first, last = rows[0], rows[-1]
    reaped = 0
    for pid in {pid for row in rows for pid in row.get("reaped", {})}:
        values = [row["reaped"][pid] for row in rows if pid in row.get("reaped", {})]
        reaped += values[-1] - (values[0] if pid in first.get("reaped", {}) else 0)
    seen_dead = sum(points[-1][1] for pid, points in kernels.items() if pid not in last["kernels"])
    seen_dead += sum(ticks[-1] for pid, ticks in launchers.items() if pid not in last.get("launch", {}))
    return max(0, reaped - seen_dead)


def cpu_line(cpu: dict[str, float], pages: int) -> tuple[str, float]:
    if pages <= 0:
        return "no page opened", float("nan")
    per = {k: v / pages for k, v in cpu.items()}
    total = sum(per.values())
    return (f"CPU per page {total:.2f} s (kernel {per['kernel']:.2f} · server {per['server']:.2f} · pool refill {per['refill']:.2f}"
            f" · kernel launchers {per.get('launch', 0.0):.2f} · kernels' exits {per.get('exit', 0.0):.2f}; {pages} pages)"), total


# ----- the crowd: Locust users speaking the site's protocol ---------------------------------------------------------
@dataclass
class Crowd:
    """One scenario's visitors: how many, how fast they arrive, what each does; their results."""

    port: int
    visitors: int
    spawn_rate: float  # visitors arriving per second, on a fixed schedule (run_crowd)
    moves: int
    assets: list[str] | None
    notebook: str = "chiritsumo.ipynb"
    stay: float = 0.0
    board_timeout: float = 120.0
    results: list[Any] = field(default_factory=list)
    next_address: int = 0


def run_crowd(crowd: Crowd, limit_s: float) -> tuple[list[Any], Any]:
    """Run ``crowd`` with Locust (as a library, one greenlet per visitor); (visits, Locust's stats)."""
    import gevent
    from locust import User, constant, task
    from locust.env import Environment
    from locust.exception import StopUser

    from benchmarks._protocol import ProtocolVisitor

    class Phone(User):
        """A visitor: one page, its moves, gone (never respawned)."""

        wait_time = constant(0)

        @task
        def visit(self) -> None:
            crowd.next_address += 1
            n = crowd.next_address
            # Visitor n arrives (n - 1) / spawn_rate seconds after the start. Locust's own spawning,
            # at a rate under one a second, started 20 "within 60 s" visitors within 15 s.
            arrival = started + (n - 1) / crowd.spawn_rate - time.monotonic()
            if arrival > 0:
                gevent.sleep(arrival)
            fire = self.environment.events.request.fire

            def report(kind: str, name: str, seconds: float, size: int, error: Exception | None) -> None:
                fire(request_type=kind, name=name, response_time=seconds * 1000, response_length=size,
                     exception=error, context={})

            visitor = ProtocolVisitor(crowd.port, notebook=crowd.notebook, assets=crowd.assets,
                                      address=f"10.{n // 250 % 250}.{n % 250}.{1 + n // 62500 % 250}", on_request=report)
            crowd.results.append(visitor.visit(moves=crowd.moves, board_timeout=crowd.board_timeout, stay=crowd.stay))
            raise StopUser()

    env = Environment(user_classes=[Phone])
    runner = env.create_local_runner()
    started = time.monotonic()
    runner.start(crowd.visitors, spawn_rate=max(crowd.visitors, 1))  # all at once; each waits for its arrival
    deadline = time.monotonic() + limit_s
    while len(crowd.results) < crowd.visitors and time.monotonic() < deadline:
        gevent.sleep(0.2)
    runner.quit()
    return list(crowd.results), env.stats


def crowd_line(name: str, visits: list[Any], expected: int) -> dict[str, Any]:
    boards = [v.board_s for v in visits if v.board_s is not None]
    moves = [m for v in visits for m in v.moves_ms]
    failed = [v for v in visits if v.error]
    full = sum(1 for v in visits if v.full_page)
    missing = expected - len(visits)
    line = f"{name}: visitors {expected} · boards {len(boards)} · full page {full} · failed {len(failed) + missing}"
    if boards:
        line += f" · time-to-board p50 {statistics.median(boards):.2f} s p95 {p95(boards):.2f} s max {max(boards):.2f} s"
    asked = [v.requested_at for v in visits if v.requested_at]
    if len(asked) > 1:
        line += f" · pages asked for over {max(asked) - min(asked):.1f} s"
    if moves:
        line += f" · move round trip p50 {statistics.median(moves):.0f} ms p95 {p95(moves):.0f} ms (n={len(moves)})"
    print(line, flush=True)
    for v in failed[:8]:
        print(f"    {v.error}")
    bad = sorted({a for v in visits for a in v.bad_assets})
    if bad:
        print(f"    assets refused: {', '.join(bad[:5])}{' …' if len(bad) > 5 else ''}")
    return {"boards": boards, "moves": moves, "failed": len(failed) + missing, "full": full}


# ----- sites --------------------------------------------------------------------------------------------------------
def serve_fields(serve: str, **overrides: Any) -> dict[str, Any]:
    """``rulebook serve`` options (as typed on its command line) as ``SiteOptions`` fields."""
    from rulebook.cli import build_parser
    from rulebook.site import limits as site_limits

    args = build_parser().parse_args(["serve", *shlex.split(serve)])
    names = ("preheat", "pool_size", "cull_idle_timeout", "cull_interval", "db", "keep_days", "house",
             "max_kernels", "cull_grace", "cell_timeout", "max_store_mb", "notebooks", "fork_kernels")
    fields = {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}
    fields["limits"] = site_limits.settings_from(args)
    fields.update(overrides)
    return fields


class Site:
    """``rulebook serve`` (benchmarks.load's starter: fresh table store) with its sampling process."""

    def __init__(self, label: str, fields: dict[str, Any]) -> None:
        self.label, self.fields = label, fields

    def __enter__(self) -> "Site":
        from benchmarks.load import site_with_store

        self._context = site_with_store(f"capacity-{self.label}", **self.fields)
        self.site = self._context.__enter__()
        handle, name = tempfile.mkstemp(prefix="rulebook-capacity-samples-", suffix=".jsonl")
        os.close(handle)
        self.samples_path = Path(name)
        code = f"from benchmarks.capacity import sample_forever; sample_forever({self.site.pid}, {str(self.samples_path)!r})"
        self.sampler = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdin=subprocess.DEVNULL)
        time.sleep(1.0)
        return self

    def samples(self) -> Samples:
        return Samples.read(self.samples_path)

    def quiet(self, timeout: float = 180) -> None:
        """Pools full again and no kernel working (what a visit cost, refill included, is then all counted)."""
        try:
            self.site.wait_kernels_quiet(timeout=timeout, quiet=1.0)
        except Exception as error:  # noqa: BLE001 - said, and the figures are read anyway
            print(f"  (kernels not quiet within {timeout:.0f} s: {error})")
        time.sleep(0.6)

    def __exit__(self, *exc: Any) -> None:
        self.sampler.terminate()
        self.sampler.wait(10)
        self._context.__exit__(*exc)
        self.samples_path.unlink(missing_ok=True)


def browser_visit(url: str, moves: int) -> dict[str, Any]:
    """One real Chromium visit in its own process (``benchmarks._browser_visit``)."""
    done = subprocess.run([sys.executable, "-m", "benchmarks._browser_visit", url, "--moves", str(moves)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        raise RuntimeError(f"the Chromium visit failed: {done.stderr.strip()[-400:]}")
    return json.loads(lines[-1])


# ----- scenarios ----------------------------------------------------------------------------------------------------
@dataclass
class Run:
    args: argparse.Namespace
    assets: list[str] | None = None
    summary: list[str] = field(default_factory=list)

    def note(self, ok: bool, text: str) -> None:
        line = verdict(ok, text)
        print("  " + line, flush=True)
        self.summary.append(line)


def calibrate(run: Run, site: Site) -> dict[str, Any] | None:
    """One Chromium visit: the asset list the protocol visitors fetch (None: no Chromium here)."""
    result = chromium_visit(site.site.page_url(run.args.notebook), run.args.moves)
    run.assets = None if result is None else result["assets"]
    return result


def chromium_visit(url: str, moves: int) -> dict[str, Any] | None:
    """One real Chromium visit of ``url``, said in a line (None: no Chromium here)."""
    from rulebook.publish.chromium import CHROMIUM

    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is not installed: protocol visitors fetch the page's <script>/<link> assets only")
        return None
    result = browser_visit(url, moves)
    print(f"a real Chromium visit requested {len(result['assets'])} assets; every protocol visitor fetches them", flush=True)
    return result


def calibrate_assets(url: str, moves: int) -> list[str] | None:
    """The assets a real Chromium visit of ``url`` asked for (None: no Chromium; visitors then read the page's tags)."""
    result = chromium_visit(url, moves)
    return None if result is None else result["assets"]


def scenario_check(run: Run) -> None:
    """Chromium and protocol visits one at a time, alternating, each measured until the pools are quiet again."""
    from benchmarks._protocol import ProtocolVisitor

    args = run.args
    with Site("check", serve_fields(args.serve)) as site:
        site.quiet()
        windows: dict[str, list[tuple[float, float, str, float]]] = {"chromium": [], "protocol": []}
        first = calibrate(run, site)
        site.quiet()
        if first is None:
            print("check: skipped (no Chromium to check against)")
            return
        url = site.site.page_url(args.notebook)
        # what the site burns with nobody on it (timers, pooled kernels' heartbeats), per second: a Chromium
        # visit's window is longer (the browser starts and closes), so this is taken out of both kinds
        idle_from = time.time()
        time.sleep(IDLE_S)
        idle_to = time.time()
        for k in range(args.runs):
            for kind in ("chromium", "protocol") if k % 2 == 0 else ("protocol", "chromium"):
                t0 = time.time()
                if kind == "chromium":
                    result = browser_visit(url, args.moves)
                    kernel_id, at, error = result["kernel_id"], result["requested_at"] or t0, result["error"]
                else:
                    visit = ProtocolVisitor(site.site.port, notebook=args.notebook, assets=run.assets, address=f"10.200.0.{k + 1}")
                    done = visit.visit(moves=args.moves)
                    kernel_id, at, error = done.kernel_id, done.requested_at, done.error
                    print(f"  protocol visit {k + 1}: board {done.board_s or float('nan'):.2f} s · {done.requests} HTTP requests,"
                          f" {done.bytes_in / 1e6:.2f} MB on the wire · kernel websocket {visit.ws_frames} frames,"
                          f" {visit.ws_bytes / 1e6:.2f} MB after inflating", flush=True)
                if error:
                    print(f"  {kind} visit {k + 1}: {error}")
                site.quiet()
                # from just before the page's request (the browser's own start is not the site's work)
                windows[kind].append((max(t0, at - 0.5), time.time(), kernel_id or "", at))
        samples = site.samples()
    idle = {k: v / (idle_to - idle_from) for k, v in samples.cpu(idle_from, idle_to, {}).items()}
    print(f"  the site idle: server {idle['server']:.3f} s, pooled kernels {idle['refill']:.3f} s of CPU a second"
          " (taken out of each visit's window below)")
    totals: dict[str, float] = {}
    for kind, spans in windows.items():
        sums = {"server": 0.0, "kernel": 0.0, "refill": 0.0, "launch": 0.0, "exit": 0.0}
        for t0, t1, kernel_id, at in spans:
            for key, value in samples.cpu(t0, t1, {kernel_id: at}).items():
                sums[key] += value - (idle[key] * (t1 - t0) if key != "kernel" else 0.0)
        line, totals[kind] = cpu_line(sums, len(spans))
        seconds = statistics.mean(t1 - t0 for t0, t1, _, _ in spans)
        print(f"  {kind:8s} visits, one at a time: {line}; window {seconds:.1f} s a visit", flush=True)
    ratio = totals["protocol"] / totals["chromium"] if totals["chromium"] else float("nan")
    run.note(abs(ratio - 1) <= 0.20, f"protocol visitor's CPU per page within 20 % of a real Chromium visit's (ratio {ratio:.2f})")
    run.note(totals["chromium"] <= CPU_TARGET_S, f"CPU per page (Chromium visit) {totals['chromium']:.2f} s <= {CPU_TARGET_S} s")


def crowd_scenario(run: Run, label: str, title: str, visitors: int, spawn_rate: float, fields: dict[str, Any],
                   judge: Callable[[Run, dict[str, Any], list[Any], Site, float, float], None], stay: float = 0.0) -> None:
    args = run.args
    with Site(label, fields) as site:
        site.quiet()
        if run.assets is None:
            calibrate(run, site)
            site.quiet()
        crowd = Crowd(site.site.port, visitors, spawn_rate, args.moves, run.assets, notebook=args.notebook, stay=stay)
        t0 = time.time()
        visits, _stats = run_crowd(crowd, limit_s=visitors / spawn_rate + stay + 300)
        t_end = time.time()
        site.quiet()
        t1 = time.time()
        samples = site.samples()
        figures = crowd_line(title, visits, visitors)
        pages = sum(1 for v in visits if v.kernel_id)
        handed = {v.kernel_id: v.requested_at for v in visits if v.kernel_id}
        line, total = cpu_line(samples.cpu(t0, t1, handed), pages)
        if figures["full"]:
            line += f"; the server also answered {figures['full']} full pages in that time"
        print(f"  {line}", flush=True)
        judge(run, figures, visits, site, t0, t_end)
        run.note(total <= CPU_TARGET_S, f"CPU per page {total:.2f} s <= {CPU_TARGET_S} s ({title})")


def scenario_arrivals(run: Run) -> None:
    def judge(run: Run, f: dict[str, Any], visits: list[Any], site: Site, t0: float, t1: float) -> None:
        run.note(f["failed"] == 0 and len(f["boards"]) == 20, f"20 arrivals: 0 failures ({f['failed']} failed, {f['full']} full pages)")
        run.note(p95(f["boards"]) <= 2.0, f"20 arrivals: time-to-board p95 {p95(f['boards']):.2f} s <= 2 s")
        run.note(p95(f["moves"]) <= 200, f"20 arrivals: move round trip p95 {p95(f['moves']):.0f} ms <= 200 ms")

    crowd_scenario(run, "arrivals", "20 visitors arriving within 60 s", 20, 20 / 60, serve_fields(run.args.serve), judge)


def scenario_burst(run: Run) -> None:
    def judge(run: Run, f: dict[str, Any], visits: list[Any], site: Site, t0: float, t1: float) -> None:
        run.note(len(f["boards"]) == 10 and p95(f["boards"]) <= 5.0,
                 f"10 at once: {len(f['boards'])}/10 boards, time-to-board p95 {p95(f['boards']):.2f} s <= 5 s")

    crowd_scenario(run, "burst", "10 visitors at the same instant", 10, 10, serve_fields(run.args.serve), judge)


def scenario_capped(run: Run) -> None:
    cap = run.args.max_kernels

    def judge(run: Run, f: dict[str, Any], visits: list[Any], site: Site, t0: float, t1: float) -> None:
        answered = [v.answered_s for v in visits if v.answered_s is not None]
        late = sum(1 for v in visits if v.answered_s is None or v.answered_s > 10)
        peak = site.samples().peak_kernels(t0, t1)
        print(f"  answered (board or full page): {len(answered)} of 40 · max {max(answered, default=float('nan')):.1f} s · peak kernels {peak}")
        run.note(late == 0 and len(visits) == 40, f"40 at once, --max-kernels {cap}: every visitor answered within 10 s ({late} not)")
        run.note(peak <= cap, f"40 at once: never more than {cap} kernels (peak {peak})")

    crowd_scenario(run, "capped", f"40 visitors at the same instant, --max-kernels {cap}", 40, 40,
                   serve_fields(run.args.serve, max_kernels=cap), judge)


def scenario_steady(run: Run) -> None:
    minutes = 1 if run.args.quick else 5

    def judge(run: Run, f: dict[str, Any], visits: list[Any], site: Site, t0: float, t1: float) -> None:
        # "Flat" is judged under the steady load: from the end of its first minute (the pages open at any
        # moment, ~visitors x stay / 60, have their memory by then) to the end. Growth past that is what
        # every further visitor would add; the idle start and the quiet end are printed beside it.
        end_at = time.time()
        site.quiet()
        samples = site.samples()
        start, warm, end = samples.rss_mb(t0), samples.rss_mb(t0 + 60), samples.rss_mb(end_at)
        after = samples.rss_mb(time.time())
        minute_marks = [t0 + 60 * (k + 1) for k in range(int((end_at - t0) // 60))]
        print(f"  server RSS: {start:.0f} MB idle before the visitors; each minute "
              + " · ".join(f"{samples.rss_mb(t):.0f}" for t in minute_marks)
              + f" MB; {after:.0f} MB once they had left and the pools were full again")
        run.note(f["failed"] == 0 and p95(f["boards"]) <= 3.0,
                 f"60 a minute for {minutes} min: time-to-board p95 {p95(f['boards']):.2f} s <= 3 s, {f['failed']} failures")
        run.note(end <= warm * 1.10,
                 f"server memory flat under the steady load: {warm:.0f} MB after the first minute -> {end:.0f} MB at the end (within 10 %)")

    crowd_scenario(run, "steady", f"60 page opens a minute for {minutes} min (each stays {run.args.stay:.0f} s)",
                   60 * minutes, 1.0, serve_fields(run.args.serve), judge, stay=run.args.stay)


RUNNERS = {"check": scenario_check, "arrivals": scenario_arrivals, "burst": scenario_burst,
           "capped": scenario_capped, "steady": scenario_steady}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m benchmarks.capacity", description=__doc__.split("\n")[0])
    p.add_argument("--scenario", default=",".join(SCENARIOS), help="comma-separated, of: %(default)s")
    p.add_argument("--quick", action="store_true", help="a smoke run: steady for 1 minute, 2 check runs")
    p.add_argument("--serve", default="", help='rulebook serve options for every site, e.g. "--pool-size 2"')
    p.add_argument("--moves", type=int, default=5, help="moves per visitor (default %(default)s)")
    p.add_argument("--stay", type=float, default=10.0, help="seconds a steady-scenario visitor stays (default %(default)s)")
    p.add_argument("--runs", type=int, default=3, help="visits of each kind in the check (default %(default)s)")
    p.add_argument("--max-kernels", type=int, default=16, help="the capped scenario's cap (default %(default)s)")
    p.add_argument("--notebook", default="chiritsumo.ipynb", help=argparse.SUPPRESS)
    return p


def run(argv: list[str]) -> int:
    """The scenarios, in this process (Locust has patched it: see ``main``)."""
    args = parser().parse_args(argv)
    if args.quick:
        args.runs = min(args.runs, 2)
    chosen = [s.strip() for s in args.scenario.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in RUNNERS]
    if unknown:
        parser().error(f"unknown scenario(s) {', '.join(unknown)}; known: {', '.join(SCENARIOS)}")
    print("protocol-level visitors (Locust, one greenlet each) against rulebook serve on 127.0.0.1;"
          " figures from a shared 2-core machine are noisy when other work runs", flush=True)
    current = Run(args)
    for name in [s for s in SCENARIOS if s in chosen]:
        print(f"\n--- {name}", flush=True)
        RUNNERS[name](current)
    print("\nsummary:")
    for line in current.summary:
        print(f"  {line}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the scenarios in a child process that imports Locust first.

    Locust monkey-patches the process with gevent on import; ``make bench``
    runs every benchmark in one process, and the ones after this one (real
    browsers, asyncio) must not inherit the patching.
    """
    import importlib.util

    as_script = argv is None and __name__ == "__main__"
    argv = sys.argv[1:] if as_script else list(argv or [])
    if importlib.util.find_spec("locust") is None:
        status, why = 1, "locust is not installed: pip install -e '.[bench]' (make bench does)"
        print(why)
    else:
        code = "import locust, sys; from benchmarks.capacity import run; sys.exit(run(sys.argv[1:]))"
        status = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT).returncode
        why = f"the capacity run ended with status {status}"
    if status and not as_script:  # under `python -m benchmarks` (make bench): reported as a failed benchmark
        raise RuntimeError(why)
    return status


if __name__ == "__main__":
    sys.exit(main())
