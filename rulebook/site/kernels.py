"""The site's kernels: a hard cap, pools that never fill past it, a culler that spares loading pages.

Every page is a kernel (a Python process, ~70–150 MB). Voilà 0.5.13 starts one
for every request, without limit, and refills each preheated pool at once.
Tried as a café would use it, 40 plain GET requests started 48 kernels
(3.3 GB); and jupyter_server's culler killed kernels whose page was still
loading (a pooled kernel has been idle since it was preheated, and it is
neither "connected" nor pooled any more once a page takes it).

``cap_base(base, cap, grace)`` is the kernel manager class the site gives Voilà
(``VoilaConfiguration.multi_kernel_manager_class``); ``capped_kernel_manager``
wraps the pool class Voilà builds over it (``voila_compat.kernel_manager_factory``):

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
- **Visitors first: an idle preheated kernel gives way.** At the cap, a page
  that needs a slot takes it from an idle preheated kernel (started, never
  handed out, not promised) of another notebook: ``reserve(notebook)``
  takes that kernel out of its pool and shuts it down, and the page starts
  its own kernel once that one has exited (``start_kernel`` waits for it,
  so the cap holds at every instant). The least-visited notebook gives way
  first; its pool refills later, when there is room. Before, ten visitors
  to one game under ``--max-kernels 16`` got one board and nine "site is
  full" pages while the other notebooks' pooled kernels sat idle.
- **Pools take at most half the cap** (``pool_budget``: ``cap // 2``, but
  three when the cap allows: the catalogue and the two most-visited pages), refilled
  most-visited notebook first (``preheat_order``; ties keep the order of
  ``kernel_pools_config``, which ``serve.py`` writes from the house shelf).
- **Refills wait for pages.** Topping up a pool (at start, every few
  seconds, after a kernel gave way or was culled) never starts a kernel while
  a page is opening (``opening_page``: the page's request, until its
  notebook has run), unless refills have waited ``MAX_REFILL_DEFER``
  seconds; when the last opening page is done, they run at once. The one
  exception is Voilà's own replacement of a kernel a page just took (as
  Voilà does it, a second later): the next visitor of that notebook still
  finds a preheated kernel.
- **Culling spares pages that are loading.** A kernel handed to a page (from
  a pool or started for it) is not culled for ``grace`` seconds, and a
  kernel without ``last_activity`` yet (still starting) never is; the rest
  is jupyter_server's culler (idle, not busy, no open connection).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import Counter
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterator, Mapping, Sequence

from traitlets import TraitError

from . import voila_compat
from .process import kernel_processes

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
#: Seconds refills wait after a page opened (0: none). Waiting longer left the
#: next visitor of the same notebook without a preheated kernel.
REFILL_QUIET = 0.0
#: How long a page waits for an evicted kernel's last process to exit (it takes a fraction of a second) ...
EXIT_WAIT_S = 10.0
#: ... looking this often.
EXIT_POLL_S = 0.02
#: Refills never wait longer than this for pages to finish opening (a steady stream of visitors).
MAX_REFILL_DEFER = 30.0

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


def pool_budget(cap: int) -> int:
    """How many preheated kernels all pools together may hold under a cap of ``cap`` kernels.

    Half the cap, so that most slots are free for pages, but three when the
    cap allows (the catalogue, every visitor's first page, and the two
    most-visited pages after it). An idle pooled kernel never keeps a visitor
    out anyway (it gives way, ``reserve``); the budget keeps that from
    happening on every visit, and the kernels' memory for pages.
    """
    return max(min(cap, 3), cap // 2)


def preheat_order(names: Sequence[str], visits: Mapping[str, int]) -> list[str]:
    """``names`` most-visited first; equal counts keep their order (the house shelf's)."""
    return sorted(names, key=lambda name: -visits.get(name, 0))


def refill_waits(opening: int, last_opened: float | None, waiting_since: float | None, now: float,
                 quiet: float = REFILL_QUIET, patience: float = MAX_REFILL_DEFER) -> bool:
    """Whether a pool refill should wait for pages: one is opening, or one opened less than ``quiet`` s ago.

    ``waiting_since`` is when refills began to wait: after ``patience``
    seconds they go ahead anyway.
    """
    busy = opening > 0 or (last_opened is not None and now - last_opened < quiet)
    if not busy:
        return False
    return waiting_since is None or now - waiting_since < patience


@dataclass
class Reservation:
    """A slot a page request holds between its check and its kernel's start.

    ``eviction``: the shutdown of the idle preheated kernel whose slot this
    is (``reserve`` at the cap); until it is over, that kernel still counts
    and this slot does not, and ``start_kernel`` waits for it.
    """

    used: bool = False
    made: float = field(default_factory=time.monotonic)
    eviction: "asyncio.Future[Any] | None" = None

    @property
    def counted(self) -> bool:
        """Whether this unused slot counts in the cap now (not while its evicted kernel is still exiting)."""
        return not self.used and (self.eviction is None or self.eviction.done())


@dataclass
class Claim:
    """A preheated kernel of one notebook's pool, promised to one page request."""

    notebook: str
    used: bool = False


@dataclass
class PageKernel:
    """Filled in by the kernel manager with the kernel a page request got (``PAGE_KERNEL``)."""

    kernel_id: str | None = None
    reservation: Reservation | None = None
    """The slot the page request reserved (the kernel manager waits for its eviction, if any)."""


#: True inside ``get_rendered_notebook``: Voilà's refill after a page took a pooled kernel (not deferred).
_REPLACING: ContextVar[bool] = ContextVar("rulebook_replacing_pooled", default=False)

#: Set by the page handler around its request: the manager writes the page's kernel id into it,
#: so the site knows whose page a kernel serves (``limits.SiteLimits``). A context variable,
#: because Voilà does not tell its handler which kernel it used.
PAGE_KERNEL: ContextVar[PageKernel | None] = ContextVar("rulebook_page_kernel", default=None)


def _tell_page(kernel_id: str) -> None:
    page = PAGE_KERNEL.get()
    if page is not None and page.kernel_id is None:
        page.kernel_id = kernel_id


def last_activity(kernel: Any) -> Any:
    """When the kernel last did something, or None while it is still starting.

    jupyter_server sets ``last_activity`` once the kernel has started; read
    before, the trait raises ``TraitError`` (not ``AttributeError``, so
    ``getattr(kernel, "last_activity", None)`` does not catch it and the
    culler logged a traceback for every kernel still starting).
    """
    try:
        return kernel.last_activity
    except (AttributeError, TraitError):
        return None


def live_kernels(pid: int | None = None) -> set[str]:
    """The kernels this server runs, alive or still exiting, one entry each (Linux ``/proc``).

    A kernel is one process (``process.kernel_processes``): started the
    plain way, the server's child; forked, the zygote's, held by the site's
    provisioner (``provisioner.py``). Jupyter's ``shutdown_kernel`` returns
    once it has seen the process exit, so a kernel counts here exactly
    until then, and a kernel forked from the zygote is no different.
    (Before, a forked kernel ran behind a launcher standing in for it,
    and it outlived its stand-in: the cap had to look for both and name
    them by kernel id.)

    Entries are kernel ids, or ``pid:<n>`` for a kernel process whose
    command line names no connection file. Empty where /proc cannot tell.
    """
    pid = os.getpid() if pid is None else pid
    return {kernel.kernel_id or f"pid:{kernel.pid}" for kernel in kernel_processes(pid)}


def live_kernel_processes(pid: int | None = None) -> int:
    """How many kernels this server runs, alive or still exiting (``live_kernels``)."""
    return len(live_kernels(pid))


def cap_base(base: type, cap: int, grace: float = DEFAULT_GRACE) -> type:
    """The part of the cap beneath Voilà's pool class: its state, the culler's grace, the record of handed kernels.

    The site gives it to Voilà as ``VoilaConfiguration.multi_kernel_manager_class``
    (Voilà's public way to choose its kernel manager): Voilà builds its pool
    class over it, so its ``__init__``, ``shutdown_kernel`` and
    ``cull_kernel_if_idle`` run beneath Voilà's (which call them) whether
    the pools are on or off. What Voilà's pool class defines and does not
    pass down (taking a pooled kernel, refilling a pool) cannot be changed
    from here: ``capped_kernel_manager`` adds that above Voilà's class.
    """
    if cap < 1:
        raise ValueError(f"the kernel cap must be >= 1: {cap}")

    class CapBase(base):  # type: ignore[misc, valid-type]
        rb_cap_base = True
        max_kernels = cap
        cull_grace = grace
        max_pooled = pool_budget(cap)
        refill_quiet = REFILL_QUIET
        max_refill_defer = MAX_REFILL_DEFER

        def __init__(self, **kwargs: Any) -> None:
            # Voilà's __init__ fills the pools: the cap's state must exist first.
            self._reservations: list[Reservation] = []
            self._starting = 0
            self._handed: dict[str, float] = {}
            self._claims: list[Claim] = []
            self._taking = 0
            self._visits: Counter[str] = Counter()
            self._opening = 0
            self._last_opened: float | None = None
            self._refills_waiting_since: float | None = None
            self._evicted = 0
            # Voilà fills every pool in the order it finds the notebooks, in its
            # __init__; the pools wait until ``open_pools`` fills them in the house's order.
            self._pools_open = False
            super().__init__(**kwargs)

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
            self._handed.pop(kernel_id, None)
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            if kernel_id not in self:
                return None  # gone
            if last_activity(self.get_kernel(kernel_id)) is None:
                return None  # still starting: nothing to cull yet
            handed = self._handed.get(kernel_id)
            if handed is not None and time.monotonic() - handed < self.cull_grace:
                return None  # its page may still be loading
            return await super().cull_kernel_if_idle(kernel_id)

    return CapBase


def capped_kernel_manager(
    base: type, cap: int, grace: float = DEFAULT_GRACE, live: Callable[[], Collection[str]] | None = None
) -> type:
    """Voilà's kernel manager class ``base`` with a kernel cap and a careful culler (module docstring).

    ``base`` is the class Voilà built over ``cap_base``'s (the site's); a
    class without that part (a test's stand-in for Voilà's) gets it first,
    beneath. ``cap`` and ``grace`` are then ``cap_base``'s. Once made, the
    manager's pools wait for ``open_pools()``.

    ``live`` (the server passes ``live_kernels``) names the kernels the
    machine actually runs: the cap never lets a page start while their
    number, plus the slots promised, is at the cap, even if a process the
    manager has let go of is still exiting; and a page that takes the slot
    of an evicted pooled kernel starts its own once that kernel is no longer
    among them. (A sampler of the server's processes saw 17 kernels under a
    cap of 16 in one of three runs of ``benchmarks.load`` while the
    manager's own count stayed at 16.)
    """
    if not getattr(base, "rb_cap_base", False):
        base = cap_base(base, cap, grace)

    class CappedKernelManager(base):  # type: ignore[misc, valid-type]
        def open_pools(self) -> None:
            """Fill the pools from now on, first in the house's order (``refill``); the app calls it once the manager is made."""
            self._pools_open = True
            self.refill()

        # -- counting
        def _pool_tasks_starting(self) -> int:
            return sum(1 for pool in (voila_compat.pools(self) or {}).values() for task in pool if not task.done())

        def kernels_in_use(self) -> int:
            """Kernels running, starting, or promised to a page request.

            ``_taking`` counts pooled kernels a page is taking: Voilà pops the
            pool's task before awaiting it, so a task still starting its kernel
            (a refill) is then neither in a pool nor yet in the kernel table.
            A slot taken from an evicted kernel counts once that kernel is gone.
            """
            reserved = sum(1 for r in self._reservations if r.counted)
            running = len(self.list_kernel_ids())
            counted = running + self._starting + self._pool_tasks_starting() + reserved + self._taking
            if live is None:
                return counted
            return max(counted, len(live()) + reserved)

        def free_slots(self) -> int:
            return self.max_kernels - self.kernels_in_use()

        def page_kernels(self) -> int:
            """Kernels given to pages (not the preheated pools'), plus slots promised to pages on their way."""
            reserved = sum(1 for r in self._reservations if not r.used)
            handed = sum(1 for k in self._handed if k in self)
            return handed + self._starting + reserved + self._taking

        def pooled_kernels(self) -> int:
            """Preheated kernels in all pools, ready or starting (what ``pool_budget`` bounds)."""
            return sum(len(pool) for pool in (voila_compat.pools(self) or {}).values())

        def reserve(self, notebook: str | None = None) -> Reservation | None:
            """A slot for a page that will start its own kernel, or None when the site is full.

            At the cap, an idle preheated kernel of another notebook gives way
            (``_evict_idle_pooled``): the slot is the page's once that kernel
            has exited. ``notebook`` is the page's (its own pool is never
            asked: a page that could take from it claims instead).
            """
            eviction = None
            if self.free_slots() <= 0:
                eviction = self._evict_idle_pooled(notebook)
                if eviction is None:
                    return None
            reservation = Reservation(eviction=eviction)
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

        # -- visitors first
        @contextmanager
        def opening_page(self, notebook_name: str | None) -> Iterator[None]:
            """Around a page request: counts the notebook's visit, and pool refills wait until it is over."""
            if notebook_name:
                self._visits[notebook_name] += 1
            self._opening += 1
            try:
                yield
            finally:
                self._opening -= 1
                self._last_opened = time.monotonic()
                if self._opening == 0 and self.refill_quiet <= 0:
                    try:
                        self.refill()  # the refills that waited for the pages
                    except Exception:  # noqa: BLE001 - the periodic refill tries again
                        log.exception("refilling the kernel pools failed")

        def visits(self) -> dict[str, int]:
            """Pages asked for, per notebook, since the server started."""
            return dict(self._visits)

        def _preheat_order(self) -> list[str]:
            config = getattr(self, "kernel_pools_config", None) or {}
            return preheat_order([name for name in config if name != "default"], self._visits)

        def _evict_idle_pooled(self, wanted_by: str | None) -> "asyncio.Future[Any] | None":
            """Take an idle preheated kernel out of its pool and shut it down; the shutdown, or None if there is none.

            The least-visited notebook gives way first. Only a kernel that has
            started (its task done) and that no page request was promised is
            taken; a pool's last kernels promised to requests stay.
            """
            pools = voila_compat.pools(self) or {}
            for name in reversed(self._preheat_order() + [n for n in pools if n not in self._preheat_order()]):
                pool = pools.get(name) or []
                if name == wanted_by or len(pool) - self._promised(name) <= 0:
                    continue
                for task in reversed(pool):  # Voilà hands out pool[0] first: give the last one away
                    entry = voila_compat.pool_entry(task)
                    if entry is None:
                        continue
                    pool.remove(task)
                    render = entry.get("task")
                    if render is not None:
                        render.cancel()  # its notebook waited for a visitor that will not come
                    self._evicted += 1
                    log.info("preheated kernel %s of %s gives way to a visitor of %s", entry["kernel_id"], name, wanted_by)
                    return asyncio.ensure_future(self._shut_evicted(entry["kernel_id"]))
            return None

        async def _shut_evicted(self, kernel_id: str) -> None:
            """Shut an evicted pooled kernel down; over once its last process has exited (``live_kernels``)."""
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception:  # noqa: BLE001 - already gone is what we want
                log.debug("evicting kernel %s", kernel_id, exc_info=True)
            await self._until_exited(kernel_id)

        async def _until_exited(self, kernel_id: str) -> None:
            """Wait until the kernel's process has exited: its slot is then free at every instant.

            ``shutdown_kernel(now=True)`` waits for the exit at most 5 s
            (jupyter_client's ``_async_kill_kernel``), then logs and returns;
            on two busy cores a kernel can take longer, and until it is gone
            (``live_kernels``) its slot is not given to another.
            """
            if live is None:
                return
            deadline = time.monotonic() + EXIT_WAIT_S
            while kernel_id in live():
                if time.monotonic() > deadline:
                    log.warning("kernel %s still runs %.0f s after its shutdown", kernel_id, EXIT_WAIT_S)
                    return
                await asyncio.sleep(EXIT_POLL_S)

        def _refills_wait(self) -> bool:
            """Whether pool refills wait for pages now (``refill_waits``); notes when the waiting began."""
            now = time.monotonic()
            waits = refill_waits(self._opening, self._last_opened, self._refills_waiting_since, now,
                                 self.refill_quiet, self.max_refill_defer)
            if not waits:
                self._refills_waiting_since = None
            elif self._refills_waiting_since is None:
                self._refills_waiting_since = now
            return waits

        # -- starting
        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
            """A page's own kernel (Voilà's pools start theirs below this method)."""
            page = PAGE_KERNEL.get()
            mine = page.reservation if page is not None else None
            if mine is None or mine.used or mine not in self._reservations:
                mine = next((r for r in self._reservations if not r.used), None)
            if mine is not None and mine.eviction is not None and not mine.eviction.done():
                # the slot is the evicted kernel's: its process must be gone before this one starts
                try:
                    await asyncio.shield(mine.eviction)
                except Exception:  # noqa: BLE001 - logged by _shut_evicted
                    pass
            if mine is not None:
                mine.used = True
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
            replacing = _REPLACING.set(True)  # Voilà's refill inside is the taken kernel's replacement
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
                        # Voilà's refill after taking waited (pages first, or the cap). The
                        # dead kernel's slot is this request's: its replacement starts now.
                        self._taking -= 1
                        try:
                            self._fill(name, max(0, self.free_slots()), delay=0)
                        finally:
                            self._taking += 1
                    if self._pool_length(name) < self._promised(name):
                        raise RuntimeError(f"no kernel could be started for {name}")
                else:
                    raise RuntimeError(f"{POOL_ATTEMPTS} preheated kernels of {name} in a row were dead")
            finally:
                _REPLACING.reset(replacing)
                self._taking -= 1
                self.release_claim(promise)  # a promise not kept (the page gave up) goes back
            self._handed[kernel_id] = time.monotonic()
            _tell_page(kernel_id)
            return render_task, rendered, kernel_id

        def _pool_length(self, notebook_name: str | None) -> int:
            """Preheated kernels of the notebook in its pool (ready or starting)."""
            return len((voila_compat.pools(self) or {}).get(notebook_name, ()))

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
            await self._until_exited(kernel_id)  # its slot goes to its replacement

        def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
            """Voilà's refill, never past the cap nor the pools' budget, and not while pages are opening.

            Voilà calls it at start (the pools are then filled by ``open_pools``,
            in the house's order) and right after a page took a pooled
            kernel (that refill waits for the next ``refill`` once pages are done).
            """
            if voila_compat.pools(self) is None:
                return super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)
            if not self._pools_open or (not _REPLACING.get() and self._refills_wait()):
                voila_compat.pools(self).setdefault(notebook_name, [])
                return None
            room = min(self.free_slots(), self.max_pooled - self.pooled_kernels())
            self._fill(notebook_name, max(0, room), delay, **kwargs)
            return None

        def _fill(self, notebook_name: str | None, room: int, delay: float | None, **kwargs: Any) -> None:
            """Voilà's ``fill_if_needed``, starting at most ``room`` kernels.

            Voilà starts ``pool_size - len(pool)`` kernels; to start fewer,
            the pool is padded with placeholders for the duration of the call
            (the method reads only its length) and they are taken out again.
            """
            pools = voila_compat.pools(self)
            pool = pools.setdefault(notebook_name, [])
            wanted = voila_compat.pool_config_size(self, notebook_name) - len(pool)
            if wanted <= 0:
                return
            padding = [_PLACEHOLDER] * max(0, wanted - room)
            pool.extend(padding)
            try:
                super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)
            finally:
                pools[notebook_name] = [task for task in pools.get(notebook_name, pool) if task is not _PLACEHOLDER]

        def refill(self) -> None:
            """Top up the pools, most-visited notebook first, as far as the cap and the budget allow (every few seconds)."""
            config = getattr(self, "kernel_pools_config", None)
            if not config or voila_compat.pools(self) is None:
                return
            for name in self._preheat_order():
                if self.free_slots() <= 0 or self.pooled_kernels() >= self.max_pooled:
                    return
                self.fill_if_needed(delay=0, notebook_name=name)

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
