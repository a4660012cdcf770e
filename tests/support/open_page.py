"""A phone holding a game page open through the protocol-level visitor (``benchmarks/_protocol.py``).

Tests of what idle open pages cost, and of moves pushed between pages, need
pages that stay open (the visitor's ``visit()`` plays and leaves): this one
opens the page like a browser, beats every 4 s as ``page_link.js`` does,
reads the kernel's frames until told to leave, and can tap or wait for a
redraw.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import parse_qs

from benchmarks._protocol import ProtocolVisitor


class OpenPage:
    """One phone holding a page open: its board, its heartbeat, its frames read until told to leave."""

    def __init__(self, port: int, address: str, query: dict[str, str], plays: bool = True) -> None:
        self.visitor = ProtocolVisitor(port, query=query, address=address, timeout=90)
        self.plays = plays
        """The page has a move to offer (a spectator's board has none: it is ready once drawn)."""
        self.kernel_id: str | None = None
        self.ready = threading.Event()
        self.error = ""
        self._leave = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._hold, daemon=True)

    def open(self) -> "OpenPage":
        self._thread.start()
        return self

    def _hold(self) -> None:
        from benchmarks._protocol import Visit, page_kernel_id

        visitor = self.visitor
        try:
            text = visitor.open_page(Visit(), time.perf_counter())
            self.kernel_id = page_kernel_id(text)
            visitor.connect(self.kernel_id)
            visitor.send("kernel_info_request", {})
            deadline = time.monotonic() + 90
            while not self._states(5.0):
                if time.monotonic() > deadline:
                    raise TimeoutError("no board")
            link = visitor.models.page_link()
            visitor.comm_msg(link, {"method": "update", "state": {"origin": f"http://127.0.0.1:{visitor.port}"}, "buffer_paths": []})
            visitor.beat()
            threading.Thread(target=visitor._beats, daemon=True).start()  # {beat: n} every 4 s, as page_link.js
            self.ready.set()
            while not self._leave.is_set():
                with self._lock:
                    visitor.receive(lambda: self._leave.is_set(), 0.2)
        except Exception as error:  # noqa: BLE001 - reported by the test
            self.error = f"{type(error).__name__}: {error}"
            self.ready.set()

    def _states(self, wait: float) -> bool:
        """Voilà's widget manager asking for every model (``ProtocolVisitor.request_states``, any board)."""
        models = self.visitor.models
        if self.plays:
            return self.visitor.request_states(wait)
        control = str(uuid.uuid4())
        self.visitor.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                          metadata={"version": "1.0.0"})
        self.visitor.comm_msg(control, {"method": "request_states"})
        ready = self.visitor.receive(lambda: models.drawing() is not None and models.page_link() is not None, wait)
        self.visitor.send("comm_close", {"comm_id": control, "data": {}})
        return ready

    def query(self) -> dict[str, str]:
        """The page's own address's query (its table, its seats' keys)."""
        models = self.visitor.models
        state = models.states.get(models.page_link() or "", {})
        return {k: v[0] for k, v in parse_qs(state.get("query", "")).items()}

    def drawing(self) -> tuple[int, int] | None:
        return self.visitor.models.drawing()

    def move(self) -> None:
        self._leave.set()  # the holder stops reading; this thread taps and reads the redraw
        self._thread.join(5)
        self.visitor.move()

    def wait_redrawn(self, before: tuple[int, int] | None, seconds: float) -> bool:
        self._leave.set()
        self._thread.join(5)
        return self.visitor.receive(lambda: self.drawing() is not None and self.drawing() != before, seconds)

    def leave(self) -> None:
        self._leave.set()
        self._thread.join(5)
        self.visitor.leave(self.kernel_id)


def feed_connections(server_pid: int) -> tuple[str, int]:
    """The server's feed socket and how many kernels are connected to it now.

    Found from the server's own descriptors (a kernel's ``/proc/<pid>/environ`` is no help: a forked
    kernel's process title overwrites it): ``/proc/net/unix`` names the listening socket's path
    (``.../rulebook-feed-*/feed.sock``), and lists each accepted connection with that path, state 03.
    """
    inodes = set()
    for fd in Path(f"/proc/{server_pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    rows = [line.split() for line in Path("/proc/net/unix").read_text().splitlines()[1:]]
    paths = {f[7] for f in rows if len(f) >= 8 and f[6] in inodes and "rulebook-feed-" in f[7] and f[5] == "01"}
    if len(paths) != 1:
        return "", 0
    (path,) = paths
    return path, sum(1 for f in rows if len(f) >= 8 and f[7] == path and f[5] == "03")
