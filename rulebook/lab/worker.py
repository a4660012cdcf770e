"""What the lab changes in the worker processes of its own LocalCluster.

Imported only when a cluster is started (Dask is the ``lab`` extra's), so
the game pages never load it.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

GIL_SLICE = 0.05
"""Seconds a thread may hold the GIL before a waiting thread gets it (CPython's default: 0.005)."""


class GameWorker(WorkerPlugin):
    """Lab workers tuned for pure-Python games: the worker's own objects frozen, longer GIL slices.

    Why ``gc.freeze``: a worker process holds ~65,000 objects of its own
    (Dask, Tornado, their modules) against ~22,000 in a plain process. The
    games allocate fast, so the collector runs often, and each full
    collection walked all of them: the same 250 games cost more CPU in a
    worker than in a plain loop. Frozen after start-up, the worker's objects
    are out of the collector's way and the games cost what they cost in a
    plain loop (measured: 0.753 s against 0.757 s of thread CPU).

    Why ``sys.setswitchinterval``: a worker runs each task in a thread
    beside its event loop thread; each time the loop wakes (a heartbeat, a
    message) CPython makes the game thread drop the GIL within 5 ms. With
    50 ms slices the loop still answers the scheduler well within its
    timeouts (seconds).

    Registered only on the lab's own LocalCluster: an existing cluster
    (``--scheduler``) is the designer's to tune.
    """

    name = "rulebook-lab-worker"

    def setup(self, worker: Any) -> None:
        self.previous = sys.getswitchinterval()
        sys.setswitchinterval(GIL_SLICE)
        gc.collect()
        gc.freeze()

    def teardown(self, worker: Any) -> None:
        sys.setswitchinterval(getattr(self, "previous", 0.005))
        gc.unfreeze()
