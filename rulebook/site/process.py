"""The site's kernels as processes (Linux ``/proc``).

Voilà does not expose ``/api/kernels`` (only ``/api/kernels/<id>``), so the
honest way to see which kernels run is to look at the processes: every kernel
is ``python -m ipykernel_launcher -f .../kernel-<id>.json``, a child of the
server (started the plain way) or of its zygote (forked, ``zygote.py``).
The kernel cap (``kernels.live_kernels``), the memory watch (``app.py``)
and the host page (``host.py``, in its own kernel) all read them here,
with ``kernel_processes``: one process per kernel. This module imports nothing of the site:
a kernel can import it without importing the server. Starting a site as a
subprocess is the tests' business (``tests/support/site_process.py``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

_KERNEL_FILE = re.compile(r"kernel-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json")


def kernel_id_in(argv: list[str]) -> str | None:
    """The kernel id of a command line naming a kernel's connection file (``kernel-<id>.json``), else None."""
    match = next((m for a in argv if (m := _KERNEL_FILE.search(a))), None)
    return match.group(1) if match else None


def read_proc(path: str) -> str:
    """A file of ``/proc`` as text, or "" when the process (or the file) is gone."""
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def _stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command name (state, ppid, ...); [] if gone."""
    stat = read_proc(f"/proc/{pid}/stat")
    # pid (comm) state ppid ...; comm may contain spaces and parentheses
    return stat.rsplit(")", 1)[1].split() if ")" in stat else []


def _parent_pid(pid: int) -> int | None:
    fields = _stat_fields(pid)
    return int(fields[1]) if fields else None


def children(pid: int) -> set[int]:
    """A process's children (``/proc/<pid>/task/*/children``); empty where they cannot be read.

    Cheaper than ``descendants`` (which reads every process's stat): the
    kernel cap asks at every check.
    """
    found: set[int] = set()
    try:
        for thread in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{thread}/children") as listing:
                found.update(int(child) for child in listing.read().split())
    except (OSError, ValueError):
        return set()
    return found


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, grandchildren, ...)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            ppid = _parent_pid(int(entry))
            if ppid is not None:
                parents[int(entry)] = ppid
    found: list[int] = []
    frontier = {pid}
    while frontier:
        children = [p for p, pp in parents.items() if pp in frontier]
        found.extend(children)
        frontier = set(children)
    return sorted(found)


def argv_of(pid: int) -> list[str]:
    """A process's command line as arguments; [] if it is gone.

    A kernel forked from the site's zygote (``zygote.py``) shows its kernel
    command as a process title, one space-separated string: that is split
    on spaces (a kernel's command has no argument with a space in it).
    """
    argv = [a for a in read_proc(f"/proc/{pid}/cmdline").split("\0") if a]
    return argv[0].split(" ") if len(argv) == 1 else argv


def rss_kb(pid: int) -> int:
    """Resident memory (VmRSS) of a process in kB; 0 if it is gone."""
    for line in read_proc(f"/proc/{pid}/status").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_ticks(pid: int) -> int:
    """User + system CPU time of a process, in clock ticks."""
    fields = _stat_fields(pid)
    return int(fields[11]) + int(fields[12]) if fields else 0


def reaped_cpu_ticks(pid: int) -> int:
    """User + system CPU time of the children a process has reaped (waited for), in clock ticks.

    Why: a process's own ticks can be read only while it lives, so a sampler
    misses what a kernel spends after its last sample (its shutdown, its
    exit); once its parent has waited for it, all of its time is here.
    """
    fields = _stat_fields(pid)
    return int(fields[13]) + int(fields[14]) if fields else 0


@dataclass(frozen=True)
class KernelProcess:
    pid: int
    kernel_id: str | None

    @property
    def rss_kb(self) -> int:
        return rss_kb(self.pid)

    @property
    def alive(self) -> bool:
        """Running: not gone, and not a zombie (a killed kernel stays one until the server reaps it)."""
        fields = _stat_fields(self.pid)
        return bool(fields) and fields[0] != "Z"


def is_kernel(argv: list[str]) -> bool:
    """Whether a command line is a kernel's (``ipykernel`` in it; also a plain launch before it execs the kernel)."""
    return any("ipykernel" in a for a in argv)


def kernel_processes(server_pid: int) -> list[KernelProcess]:
    """The kernels a Voilà server runs, found by their command lines: one process per kernel.

    Walks down from the server through processes that are not kernels (the
    zygote, and a fork of it that has not taken its kernel's title yet),
    never below a kernel. Why not every descendant: a kernel's own child,
    between its fork and its ``exec``, shows the kernel's command line, and
    every kernel runs one as it starts (``uname -p``, seen with ``strace``).
    Counted as a second kernel, it made the tests' sampler see 17 kernels
    under a cap of 16, and 4 under 3, on a loaded machine (issue 33).
    A zombie (an exited kernel not yet reaped) has no command line: not counted.
    """
    kernels = []
    frontier = [server_pid]
    seen = {server_pid}
    while frontier:
        below = []
        for parent in frontier:
            for pid in sorted(children(parent) - seen):
                seen.add(pid)
                argv = argv_of(pid)
                if is_kernel(argv):
                    kernels.append(KernelProcess(pid, kernel_id_in(argv)))
                else:
                    below.append(pid)
        frontier = below
    return kernels


_LIBC: list = []


def trim_heap() -> bool:
    """Give the C allocator's free memory back to the system (glibc's ``malloc_trim``); False where there is none.

    Why a server needs it: glibc returns freed memory to the system only from
    the top of a heap. A page's render and kernel traffic allocate and free
    many small blocks on the server's arenas (Jinja, zmq messages, JSON);
    what is freed below a block still in use stays in the process, so RSS
    climbed with every busy minute even though Python's own objects did not
    (``benchmarks.capacity --scenario steady``). ``malloc_trim(0)`` releases
    the free pages of every arena (``madvise``), which is what the site's
    timer calls between visits.
    """
    if not _LIBC:
        import ctypes
        import ctypes.util

        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            _LIBC.append(getattr(libc, "malloc_trim", None))
        except OSError:
            _LIBC.append(None)
    trim = _LIBC[0]
    return bool(trim(0)) if trim is not None else False
