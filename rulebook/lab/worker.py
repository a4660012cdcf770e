"""What the lab changes in the worker processes of its own LocalCluster.

Imported only when a cluster is started (Dask is the ``lab`` extra's), so
the game pages never load it.
"""

from __future__ import annotations

import sys
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

GIL_SLICE = 0.05
"""Seconds a thread may hold the GIL before a waiting thread gets it (CPython's default: 0.005)."""


class LongGilSlices(WorkerPlugin):
    """Longer GIL slices in the lab's workers (``sys.setswitchinterval``).

    Why: a worker runs each task in a thread beside its event loop thread.
    Every time the loop wakes (a heartbeat, a message), CPython makes the
    game thread drop the GIL within 5 ms, and each hand-over costs the game
    thread a context switch and cold caches. With 50 ms slices the loop
    still answers the scheduler well within its timeouts (seconds), and
    pure-Python games keep the core. Registered only on the lab's own
    LocalCluster: an existing cluster (``--scheduler``) is the designer's to tune.
    """

    name = "rulebook-lab-gil"

    def setup(self, worker: Any) -> None:
        self.previous = sys.getswitchinterval()
        sys.setswitchinterval(GIL_SLICE)

    def teardown(self, worker: Any) -> None:
        sys.setswitchinterval(getattr(self, "previous", 0.005))
