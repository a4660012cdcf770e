"""Many games: in this process or on Dask, with progress and a cancel that keeps finished games.

Games are sent to Dask in *batches* (``play.play_batch``): a task of a few
hundred random-bot games costs the scheduler what one game would, so fast
games run near the speed of a plain loop. Every row is keyed by its seed:
when a worker dies, Dask runs its unfinished tasks again elsewhere, and a
batch that somehow arrives twice replaces its own rows instead of adding
to them — no game lost, none counted twice.
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Sequence, TextIO

from .play import play_batch
from .spec import SimSpec

DASK_ENV = "RULEBOOK_DASK"
"""Address of an existing Dask scheduler (``tcp://host:8786``) to use instead of a LocalCluster."""
TASKS_PER_WORKER = 8
"""Batches per worker: enough for balance and a lively progress bar, few enough to keep scheduling cheap."""
MAX_BATCH = 250
"""Most games per task: about a second of random-bot games (3–4 ms each), so scheduling stays a few per cent, and a bar that still moves every second."""


@dataclass(frozen=True)
class Progress:
    """Where a run stands, for the terminal bar and the page."""

    done: int
    total: int
    elapsed: float

    @property
    def rate(self) -> float:
        """Games per second so far."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Seconds left at the current rate (None before the first game)."""
        if self.done == 0:
            return None
        return (self.total - self.done) / self.rate if self.rate > 0 else None


ProgressFn = Callable[[Progress], None]


def batches(games: int, workers: int, batch: int | None = None) -> list[range]:
    """Game indices cut into batches: ``batch`` games each, or about ``TASKS_PER_WORKER`` per worker."""
    size = batch or max(1, min(MAX_BATCH, math.ceil(games / (max(1, workers) * TASKS_PER_WORKER))))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def machine_workers() -> int:
    """Workers of a default LocalCluster: one per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def rows_frame(rows: Sequence[dict[str, Any]] | dict[int, dict[str, Any]]):
    """The rows as a DataFrame ordered by seed (one row per seed)."""
    import pandas as pd

    values = list(rows.values()) if isinstance(rows, dict) else list(rows)
    by_seed = {row["seed"]: row for row in values}
    frame = pd.DataFrame([by_seed[s] for s in sorted(by_seed)])
    return frame.reset_index(drop=True)


@dataclass
class RunResult:
    """The rows played and whether the run was cut short."""

    frame: Any
    cancelled: bool
    seconds: float
    workers: int
    asked: int = 0
    """Games the run asked for (more than the rows when cancelled)."""


def _run_local(spec: SimSpec, parts: list[range], cancel: threading.Event, on_rows: Callable[[list[dict]], None]) -> None:
    for part in parts:
        for index in part:
            if cancel.is_set():
                return
            on_rows(play_batch(spec, [index]))


def _run_dask(client: Any, spec: SimSpec, parts: list[range], cancel: threading.Event, on_rows: Callable[[list[dict]], None], ready: Callable[[], None] = lambda: None) -> None:
    from distributed import as_completed

    ready()
    run = uuid.uuid4().hex[:12]
    futures = [
        client.submit(play_batch, spec, list(part), key=f"rulebook-lab-{run}-{spec.seed + part.start}-{len(part)}", pure=False)
        for part in parts
    ]
    pending = as_completed(futures)
    try:
        for future in pending:
            if cancel.is_set():
                break
            on_rows(future.result())
    finally:
        client.cancel(futures)


def simulate(
    spec: SimSpec,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    client: Any = None,
    batch: int | None = None,
    progress: ProgressFn | None = None,
    cancel: threading.Event | None = None,
) -> RunResult:
    """Play every game of ``spec``; the rows of the finished games even when cancelled or interrupted.

    Where the games run: ``client`` (a ``distributed.Client`` the caller
    keeps), else ``scheduler`` or ``$RULEBOOK_DASK`` (an existing cluster),
    else a LocalCluster of ``workers`` processes (default: one per CPU).
    ``workers=0`` plays in this process without Dask (the page's default,
    and the plain loop the benchmark compares against).

    Ctrl-C (``KeyboardInterrupt``) or ``cancel.set()`` stops the run: the
    result holds the games finished so far and ``cancelled`` is True.
    """
    cancel = cancel or threading.Event()
    rows: dict[int, dict[str, Any]] = {}
    start = time.perf_counter()
    clock = [start]  # games/s counts from the first task sent, not from a cluster's start-up

    def ready() -> None:
        clock[0] = time.perf_counter()

    def on_rows(new: list[dict[str, Any]]) -> None:
        for row in new:
            rows[row["seed"]] = row
        if progress is not None:
            progress(Progress(len(rows), spec.games, time.perf_counter() - clock[0]))

    address = scheduler or os.environ.get(DASK_ENV) or None
    used_workers = 0
    interrupted = False
    try:
        if client is not None:
            used_workers = max(1, len(client.scheduler_info().get("workers", {})))
            _run_dask(client, spec, batches(spec.games, used_workers, batch), cancel, on_rows, ready)
        elif address:
            from distributed import Client

            with Client(address, timeout="20s") as remote:
                used_workers = max(1, len(remote.scheduler_info().get("workers", {})))
                _run_dask(remote, spec, batches(spec.games, used_workers, batch), cancel, on_rows, ready)
        elif workers == 0:
            _run_local(spec, batches(spec.games, 1, batch), cancel, on_rows)
        else:
            used_workers = workers or machine_workers()
            with local_client(used_workers) as local:
                _run_dask(local, spec, batches(spec.games, used_workers, batch), cancel, on_rows, ready)
    except KeyboardInterrupt:
        interrupted = True
    cancelled = interrupted or len(rows) < spec.games
    return RunResult(rows_frame(rows), cancelled, time.perf_counter() - start, used_workers, spec.games)


QUIET_WORKER: dict[str, Any] = {
    # The statistical profiler samples every thread's stack every 10 ms.
    "distributed.worker.profile.enabled": False,
    # The event loop's own watchers wake every 20 ms (tick), 100 ms (memory)
    # and 500 ms (system monitor). Each wake-up takes the GIL from the game
    # thread; they diagnose a busy cluster, which a lab run on its own cluster
    # does not need at that rate.
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Worker settings of the lab's own LocalCluster: fewer wake-ups of the event loop beside the games.

A small saving (each wake-up takes the GIL from the game thread for a
moment). What made games ~40 % slower in a worker than in a plain loop was
elsewhere: numpy's ``Generator.choice`` released the GIL on every chance
draw, so the worker's waiting event-loop thread was woken ~8,000 times a
second (``rulebook/core/chance.py`` says how and what replaced it).
"""


class local_client:
    """A LocalCluster of ``n`` single-threaded worker processes on 127.0.0.1 and its client (a context manager).

    Processes, one thread each: the engines are pure Python, so threads
    would share one core through the GIL. No dashboard: nothing listens
    beyond the scheduler's own loopback port.
    """

    def __init__(self, n: int) -> None:
        self.n = n

    def __enter__(self) -> Any:
        import logging

        from distributed import Client, LocalCluster

        import dask

        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        # The nanny hands this config to the worker processes it starts.
        self.config = dask.config.set(QUIET_WORKER)
        self.config.__enter__()
        self.cluster = LocalCluster(
            n_workers=self.n,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.CRITICAL,
        )
        self.client = Client(self.cluster)
        return self.client

    def __exit__(self, *exc: Any) -> None:
        try:
            self.client.close()
            self.cluster.close()
        finally:
            self.config.__exit__(None, None, None)


def terminal_bar(stream: TextIO = sys.stderr, width: int = 30) -> ProgressFn:
    """A one-line progress bar: games done, games/s, time left (redrawn at most 10 times a second)."""
    last = [0.0]

    def show(p: Progress) -> None:
        now = time.monotonic()
        if p.done < p.total and now - last[0] < 0.1:
            return
        last[0] = now
        filled = int(width * p.done / p.total) if p.total else width
        left = "?" if p.remaining is None else _duration(p.remaining)
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {p.done:,}/{p.total:,} games  {p.rate:,.1f} games/s  {left} left ")
        if p.done >= p.total:
            stream.write("\n")
        stream.flush()

    return show


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
