"""The site's kernels: a hard cap, pools that never fill past it, a culler that spares loading pages.

Every page is a kernel (a Python process, ~70–150 MB). Voilà 0.5.13 starts one
for every request, without limit, and refills each preheated pool at once.
Tried as a café would use it, 40 plain GET requests started 48 kernels
(3.3 GB); and jupyter_server's culler killed kernels whose page was still
loading (a pooled kernel has been idle since it was preheated, and it is
neither "connected" nor pooled any more once a page takes it).

``capped_kernel_manager(base, cap, grace)`` wraps the class Voilà builds:

- **Cap.** Kernels running + starting (pool kernels being preheated, and
  page requests that have a slot reserved and are about to start one) never
  exceed ``cap``. A page request asks ``reserve()`` for a slot before it
  starts a kernel; with none left the site answers its "site is full" page
  (HTTP 503, which retries by itself). Reserving happens before the first
  ``await`` of the request, so simultaneous requests cannot all slip past.
- **A pooled kernel is promised before it is taken.** A request that will
  take a preheated kernel claims one (``claim_pooled()``) before its first
  ``await``; when a notebook's pool has no unpromised kernel left, the request
  reserves a slot like any other. Without this, two requests that both saw
  one pooled kernel passed without a slot, one took it and the other started
  a kernel past the cap (17 of 16 in ``benchmarks.load``).
- **Pools within the cap.** A pool is refilled only as far as the cap
  allows; ``refill()`` (called every few seconds, and when a kernel goes
  away) tops them up later. Pages first, preheating second: a pool never
  takes the last free slot from a visitor... except through the refill,
  which only runs when slots are free.
- **Culling spares pages that are loading.** A kernel handed to a page (from
  a pool or started for it) is not culled for ``grace`` seconds, and a
  kernel without ``last_activity`` yet (still starting) never is; the rest
  is jupyter_server's culler (idle, not busy, no open connection).
"""

from __future__ import annotations

import logging
import os
import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable

#: What one page's kernel costs in memory, measured on the site (a game page
#: with its engine, widgets and store loaded: ~90–140 MB RSS; rounded up).
KERNEL_MB = 150
#: The share of the machine's memory the kernels may take (the server, the
#: database and the OS keep the rest).
MEMORY_SHARE = 0.7
MIN_KERNELS = 4
#: A kernel handed to a page is never culled within this many seconds: a
#: page on a slow phone may take this long to open its websocket.
DEFAULT_GRACE = 60.0
#: How many dead preheated kernels a page passes over before it gives up
#: (each one passed over is shut down, and the pool refills with a new one).
POOL_ATTEMPTS = 3

log = logging.getLogger("rulebook.site")


def mem_total_mb(meminfo: str = "/proc/meminfo") -> int | None:
    """The machine's memory in MB (Linux), or None where it cannot be read."""
    try:
        with open(meminfo) as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def default_max_kernels(total_mb: int | None = None) -> int:
    """How many kernels this machine holds: 70% of its memory at 150 MB each, at least 4."""
    total_mb = mem_total_mb() if total_mb is None else total_mb
    if not total_mb:
        return 16
    return max(MIN_KERNELS, int(total_mb * MEMORY_SHARE // KERNEL_MB))


@dataclass
class Reservation:
    """A slot a page request holds between its check and its kernel's start."""

    used: bool = False
    made: float = field(default_factory=time.monotonic)


@dataclass
class Claim:
    """A preheated kernel of one notebook's pool, promised to one page request."""

    notebook: str
    used: bool = False


@dataclass
class PageKernel:
    """Filled in by the kernel manager with the kernel a page request got (``PAGE_KERNEL``)."""

    kernel_id: str | None = None


#: Set by the page handler around its request: the manager writes the page's kernel id into it,
#: so the site knows whose page a kernel serves (``limits.SiteLimits``). A context variable,
#: because Voilà does not tell its handler which kernel it used.
PAGE_KERNEL: ContextVar[PageKernel | None] = ContextVar("rulebook_page_kernel", default=None)


def _tell_page(kernel_id: str) -> None:
    page = PAGE_KERNEL.get()
    if page is not None and page.kernel_id is None:
        page.kernel_id = kernel_id


def live_kernel_processes(pid: int | None = None) -> int:
    """How many of this server's child processes are kernels, alive or still exiting (Linux ``/proc``).

    The cap's own count follows the kernel manager; this is the machine's
    view of the same thing, the safety net under it (0 where /proc cannot
    tell: other systems, or the children list missing).
    """
    pid = os.getpid() if pid is None else pid
    children: set[int] = set()
    try:
        for thread in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{thread}/children") as listing:
                children.update(int(child) for child in listing.read().split())
    except (OSError, ValueError):
        return 0
    count = 0
    for child in children:
        try:
            with open(f"/proc/{child}/cmdline", "rb") as cmdline:
                count += b"ipykernel" in cmdline.read()  # a zombie's is empty: it holds no memory
        except OSError:
            continue  # gone meanwhile
    return count


def capped_kernel_manager(
    base: type, cap: int, grace: float = DEFAULT_GRACE, live_processes: Callable[[], int] | None = None
) -> type:
    """Voilà's kernel manager class ``base`` with a kernel cap and a careful culler (module docstring).

    ``live_processes`` (the server passes ``live_kernel_processes``) counts
    the kernel processes the machine actually runs: the cap never lets a page
    start while that count, plus the slots promised, is at the cap, even if a
    process the manager has let go of is still exiting. (A sampler of the
    server's processes saw 17 kernels under a cap of 16 in one of three runs
    of ``benchmarks.load`` while the manager's own count stayed at 16.)
    """
    if cap < 1:
        raise ValueError(f"the kernel cap must be >= 1: {cap}")

    class CappedKernelManager(base):  # type: ignore[misc, valid-type]
        max_kernels = cap
        cull_grace = grace

        def __init__(self, **kwargs: Any) -> None:
            # Voilà's __init__ fills the pools: the cap's state must exist first.
            self._reservations: list[Reservation] = []
            self._starting = 0
            self._handed: dict[str, float] = {}
            self._claims: list[Claim] = []
            self._taking = 0
            super().__init__(**kwargs)

        # -- counting
        def _pool_tasks_starting(self) -> int:
            return sum(1 for pool in getattr(self, "_pools", {}).values() for task in pool if not task.done())

        def kernels_in_use(self) -> int:
            """Kernels running, starting, or promised to a page request.

            ``_taking`` counts pooled kernels a page is taking: Voilà pops the
            pool's task before awaiting it, so a task still starting its kernel
            (a refill) is then neither in a pool nor yet in ``_kernels``.
            """
            reserved = sum(1 for r in self._reservations if not r.used)
            counted = len(self._kernels) + self._starting + self._pool_tasks_starting() + reserved + self._taking
            if live_processes is None:
                return counted
            return max(counted, live_processes() + reserved)

        def free_slots(self) -> int:
            return self.max_kernels - self.kernels_in_use()

        def page_kernels(self) -> int:
            """Kernels given to pages (not the preheated pools'), plus slots promised to pages on their way."""
            reserved = sum(1 for r in self._reservations if not r.used)
            handed = sum(1 for k in self._handed if k in self._kernels)
            return handed + self._starting + reserved + self._taking

        def reserve(self) -> Reservation | None:
            """A slot for a page that will start its own kernel, or None when the site is full."""
            if self.free_slots() <= 0:
                return None
            reservation = Reservation()
            self._reservations.append(reservation)
            return reservation

        def release(self, reservation: Reservation | None) -> None:
            """The request is over: a slot it never used goes back (used ones became kernels)."""
            if reservation is not None and reservation in self._reservations:
                self._reservations.remove(reservation)

        def claim_pooled(self, notebook_name: str) -> Claim | None:
            """One of the notebook's preheated kernels for this request, or None when all are promised."""
            if self._pool_length(notebook_name) - self._promised(notebook_name) <= 0:
                return None
            claim = Claim(notebook_name)
            self._claims.append(claim)
            return claim

        def release_claim(self, claim: Claim | None) -> None:
            """The request is over: a promise it never used goes back."""
            if claim is not None and claim in self._claims:
                self._claims.remove(claim)

        # -- starting
        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            """A page's own kernel (Voilà's pools start theirs below this method)."""
            for reservation in self._reservations:
                if not reservation.used:
                    reservation.used = True
                    break
            self._starting += 1
            try:
                kernel_id = await super().start_kernel(*args, **kwargs)
            finally:
                self._starting -= 1
                self._reservations = [r for r in self._reservations if not r.used]
            self._handed[kernel_id] = time.monotonic()
            _tell_page(kernel_id)
            return kernel_id

        async def get_rendered_notebook(self, *args: Any, **kwargs: Any):  # noqa: ANN201 - Voilà's tuple
            name = kwargs.get("notebook_name", args[0] if args else None)
            self._keep_promise(name)  # the pooled kernel is taken now
            self._taking += 1
            promise: Claim | None = None
            try:
                for _ in range(POOL_ATTEMPTS):
                    if promise is not None:
                        self._keep_promise(name, promise)
                    render_task, rendered, kernel_id = await super().get_rendered_notebook(*args, **kwargs)
                    if await self._pooled_kernel_works(render_task, kernel_id):
                        break
                    # The pool's next kernel is promised to this page, not to a request arriving meanwhile.
                    promise = Claim(name)
                    self._claims.append(promise)
                    await self._drop_pooled(render_task, kernel_id, name)
                    if self._pool_length(name) < self._promised(name):
                        # Voilà refills after taking; at the cap that did not happen. The
                        # dead kernel's slot is this request's: the refill may use it.
                        self._taking -= 1
                        try:
                            self.fill_if_needed(delay=0, notebook_name=name)
                        finally:
                            self._taking += 1
                    if self._pool_length(name) < self._promised(name):
                        raise RuntimeError(f"no kernel could be started for {name}")
                else:
                    raise RuntimeError(f"{POOL_ATTEMPTS} preheated kernels of {name} in a row were dead")
            finally:
                self._taking -= 1
                self.release_claim(promise)  # a promise not kept (the page gave up) goes back
            self._handed[kernel_id] = time.monotonic()
            _tell_page(kernel_id)
            return render_task, rendered, kernel_id

        def _pool_length(self, notebook_name: str | None) -> int:
            """Preheated kernels of the notebook in its pool (ready or starting)."""
            return len(getattr(self, "_pools", {}).get(notebook_name, ()))

        def _promised(self, notebook_name: str | None) -> int:
            return sum(1 for c in self._claims if c.notebook == notebook_name and not c.used)

        def _keep_promise(self, notebook_name: str | None, promise: Claim | None = None) -> None:
            """A page takes the pooled kernel it was promised: the promise is kept (and forgotten).

            Voilà does not say which request a kernel goes to, so the first
            promise for the notebook is kept, unless the page names its own.
            """
            mine = [promise] if promise is not None and promise in self._claims else []
            for claim in mine or self._claims:
                if claim.notebook == notebook_name and not claim.used:
                    claim.used = True
                    break
            self._claims = [c for c in self._claims if not c.used]

        async def _pooled_kernel_works(self, render_task: Any, kernel_id: str) -> bool:
            """False for a preheated kernel that died (its process gone, or its preheating failed).

            Such a kernel would leave its page loading forever: Voilà hands it
            out anyway, and the page waits for a kernel that never answers.
            """
            if render_task.done() and not render_task.cancelled() and render_task.exception() is not None:
                return False
            try:
                alive = self.get_kernel(kernel_id).is_alive()
                if hasattr(alive, "__await__"):
                    alive = await alive
            except Exception:  # noqa: BLE001 - unknown to the manager: not usable either
                return False
            return bool(alive)

        async def _drop_pooled(self, render_task: Any, kernel_id: str, name: str | None) -> None:
            log.warning("preheated kernel %s of %s is dead: the page takes a fresh one", kernel_id, name)
            render_task.cancel()
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception:  # noqa: BLE001 - already gone is what we want
                log.debug("dropping kernel %s", kernel_id, exc_info=True)

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
            """Voilà's refill, never past the cap.

            Voilà starts ``pool_size - len(pool)`` kernels; to start fewer,
            the pool is padded with placeholders for the duration of the call
            (the method reads only its length) and they are taken out again.
            """
            pools = getattr(self, "_pools", None)
            if pools is None:
                return super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)
            pool = pools.setdefault(notebook_name, [])
            wanted = self._pool_size_of(notebook_name) - len(pool)
            room = max(0, self.free_slots())
            if wanted <= 0:
                return None
            padding = [_PLACEHOLDER] * max(0, wanted - room)
            pool.extend(padding)
            try:
                super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)
            finally:
                pools[notebook_name] = [task for task in pools.get(notebook_name, pool) if task is not _PLACEHOLDER]
            return None

        def _pool_size_of(self, notebook_name: str | None) -> int:
            config = getattr(self, "kernel_pools_config", {}) or {}
            default = config.get("default", {})
            return int(config.get(notebook_name, default).get("pool_size", default.get("pool_size", 1)))

        def refill(self) -> None:
            """Top up every configured pool as far as the cap allows (called every few seconds)."""
            config = getattr(self, "kernel_pools_config", None)
            if not config or getattr(self, "_pools", None) is None:
                return
            for name in config:
                if name != "default" and self.free_slots() > 0:
                    self.fill_if_needed(delay=0, notebook_name=name)

        # -- ending
        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
            self._handed.pop(kernel_id, None)
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            kernel = self._kernels.get(kernel_id)
            if kernel is None or getattr(kernel, "last_activity", None) is None:
                return None  # gone, or still starting: nothing to cull yet
            handed = self._handed.get(kernel_id)
            if handed is not None and time.monotonic() - handed < self.cull_grace:
                return None  # its page may still be loading
            return await super().cull_kernel_if_idle(kernel_id)

    return CappedKernelManager


class _Placeholder:
    """Stands in a pool while Voilà counts it (never awaited: taken out before the call returns)."""

    def done(self) -> bool:
        return True

    def __repr__(self) -> str:
        return "<pool placeholder>"


_PLACEHOLDER: Any = _Placeholder()


def env_max_kernels(environ: dict[str, str] | None = None) -> int | None:
    """The cap ``rulebook serve`` exported to the kernels (``RULEBOOK_MAX_KERNELS``), for the host page."""
    text = (os.environ if environ is None else environ).get("RULEBOOK_MAX_KERNELS", "")
    return int(text) if text.isdigit() else None
