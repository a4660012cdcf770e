"""The kernel cap and the careful culler (rulebook.site.kernels), on a stand-in of Voilà's manager.

``FakeVoilaManager`` does what Voilà 0.5.13's preheating manager does with
its pools (``fill_if_needed`` starts ``pool_size - len(pool)`` kernels as
tasks; taking a pooled kernel refills) and what jupyter_server's culler
does, without processes. The real server is checked in
``tests/browser/test_site_limits.py``.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.site.kernels import capped_kernel_manager, default_max_kernels, env_max_kernels

_ids = itertools.count()


class FakeVoilaManager:
    """Pools of tasks that each start one kernel, like Voilà's."""

    def __init__(self, pools: dict[str, int] | None = None) -> None:
        self._kernels: dict[str, SimpleNamespace] = {}
        self.kernel_pools_config = {"default": {"pool_size": 0}, **{k: {"pool_size": v} for k, v in (pools or {}).items()}}
        self._pools: dict[str, list] = {}
        self.culled: list[str] = []
        for name in self.kernel_pools_config:
            if name != "default":
                self.fill_if_needed(delay=0, notebook_name=name)

    async def _start(self) -> str:
        kernel_id = f"k{next(_ids)}"
        self._kernels[kernel_id] = SimpleNamespace(last_activity=time.time(), alive=True)
        return kernel_id

    def get_kernel(self, kernel_id: str) -> SimpleNamespace:
        kernel = self._kernels[kernel_id]

        async def is_alive() -> bool:
            return kernel.alive

        return SimpleNamespace(is_alive=is_alive)

    async def start_kernel(self, **kwargs) -> str:
        return await self._start()

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs) -> None:
        size = self.kernel_pools_config.get(notebook_name, self.kernel_pools_config["default"])["pool_size"]
        pool = self._pools.setdefault(notebook_name, [])
        loop = asyncio.get_event_loop()
        for _ in range(size - len(pool)):
            pool.append(loop.create_task(self._pooled()))

    async def _pooled(self) -> dict:
        await asyncio.sleep(0.001)  # Voilà's wait_before(delay): the kernel starts a moment later
        return {"kernel_id": await self._start()}

    async def get_rendered_notebook(self, notebook_name: str, **kwargs):
        task = self._pools[notebook_name].pop(0)
        kernel_id = (await task)["kernel_id"]
        self.fill_if_needed(notebook_name=notebook_name)
        render_task = asyncio.get_event_loop().create_future()  # still rendering: the page streams it
        return render_task, [], kernel_id

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        for pool in self._pools.values():  # as Voilà: a pooled kernel shut down leaves its pool
            for task in pool:
                if task.done() and task.result().get("kernel_id") == kernel_id:
                    pool.remove(task)
                    break
        self._kernels.pop(kernel_id, None)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        self.culled.append(kernel_id)


def running(manager) -> int:
    return len(manager._kernels)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0.005)


def test_default_cap_follows_the_memory():
    assert default_max_kernels(24_000) == 112
    assert default_max_kernels(1_000) == 4  # never fewer than 4
    assert default_max_kernels(0) == 16  # memory unknown
    assert env_max_kernels({"RULEBOOK_MAX_KERNELS": "12"}) == 12
    assert env_max_kernels({"RULEBOOK_MAX_KERNELS": "x"}) is None
    with pytest.raises(ValueError):
        capped_kernel_manager(FakeVoilaManager, 0)


def test_pools_fill_only_within_the_cap_and_later_refill():
    async def run() -> None:
        manager = capped_kernel_manager(FakeVoilaManager, 3)(pools={"a.ipynb": 1, "b.ipynb": 1, "c.ipynb": 1, "d.ipynb": 1})
        await settle()
        assert running(manager) == 3  # four pools, three slots
        assert manager.free_slots() == 0
        # a page past the cap takes the slot of an idle pooled kernel (issue 18 C; it was "site is full")
        slot = manager.reserve()
        assert slot is not None and slot.eviction is not None
        manager.release(slot)
        await settle()
        assert running(manager) == 2
        # a kernel goes away: the next refill gives the fourth pool its kernel
        await manager.shutdown_kernel(next(iter(manager._kernels)))
        manager.refill()
        await settle()
        assert running(manager) == 3
        assert all(len(pool) <= 1 for pool in manager._pools.values())

    asyncio.run(run())


def test_simultaneous_requests_cannot_all_pass_the_check():
    async def run() -> None:
        manager = capped_kernel_manager(FakeVoilaManager, 2)()
        slots = [manager.reserve() for _ in range(5)]  # before any await: as 5 requests at once
        assert sum(slot is not None for slot in slots) == 2
        for slot in slots:
            if slot is not None:
                await manager.start_kernel()
                manager.release(slot)
        assert running(manager) == 2 and manager.free_slots() == 0
        # an unused reservation (the request failed before starting a kernel) goes back
        await manager.shutdown_kernel(next(iter(manager._kernels)))
        slot = manager.reserve()
        assert slot is not None and manager.free_slots() == 0
        manager.release(slot)
        assert manager.free_slots() == 1

    asyncio.run(run())


def test_the_culler_spares_starting_kernels_and_pages_that_just_arrived():
    async def run() -> None:
        manager = capped_kernel_manager(FakeVoilaManager, 10, grace=60)(pools={"a.ipynb": 1})
        await settle()
        _, _, pooled = await manager.get_rendered_notebook("a.ipynb")
        fresh = await manager.start_kernel()
        starting = "k-starting"
        manager._kernels[starting] = SimpleNamespace(last_activity=None)
        for kernel_id in (pooled, fresh, starting, "gone"):
            await manager.cull_kernel_if_idle(kernel_id)
        assert manager.culled == []
        # after the grace, the ordinary culler decides
        manager._handed[fresh] -= 61
        await manager.cull_kernel_if_idle(fresh)
        assert manager.culled == [fresh]

    asyncio.run(run())


async def _page_request(manager, name: str, started: list[str], after: float = 0.0) -> str:
    """What SitePageHandler.get does: a pooled kernel's promise or a slot, before its first await."""
    await asyncio.sleep(after)
    claim = manager.claim_pooled(name)
    reservation = None if claim is not None else manager.reserve()
    if claim is None and reservation is None:
        return "full"
    try:
        await asyncio.sleep(0)  # Voilà's handler awaits before it takes the pooled kernel
        # Voilà looks at the pool again; without a pooled kernel it starts one
        if claim is not None and manager._pools.get(name):
            _, _, kernel_id = await manager.get_rendered_notebook(notebook_name=name)
        else:
            kernel_id = await manager.start_kernel()
        started.append(kernel_id)
        return "page"
    finally:
        manager.release_claim(claim)
        manager.release(reservation)


@settings(max_examples=40, deadline=None)
@given(
    cap=st.integers(2, 8),
    pool=st.integers(1, 3),
    arrivals=st.lists(st.sampled_from([0.0, 0.0005, 0.001, 0.002, 0.004]), min_size=1, max_size=20),
)
def test_simultaneous_requests_for_a_pooled_notebook_stay_within_the_cap(cap, pool, arrivals):
    """Requests at once, and while the pool refills: never more kernels than the cap (17 of 16 before)."""

    async def run() -> None:
        manager = capped_kernel_manager(FakeVoilaManager, cap)(pools={"game.ipynb": pool})
        await settle()
        started: list[str] = []
        peak = 0
        done = asyncio.Event()

        async def sample() -> None:
            nonlocal peak
            while not done.is_set():
                peak = max(peak, running(manager))
                await asyncio.sleep(0)

        sampler = asyncio.ensure_future(sample())
        answers = await asyncio.gather(*(_page_request(manager, "game.ipynb", started, t) for t in arrivals))
        await settle()
        done.set()
        await sampler
        assert max(peak, running(manager)) <= cap
        assert len(set(started)) == answers.count("page")  # no kernel handed to two pages
        if len(arrivals) <= cap - min(pool, cap):  # room for everyone
            assert answers.count("full") == 0

    asyncio.run(run())


def test_a_pooled_kernel_promised_to_a_request_is_not_promised_again():
    async def run() -> None:
        manager = capped_kernel_manager(FakeVoilaManager, 4)(pools={"a.ipynb": 1})
        await settle()
        first, second = manager.claim_pooled("a.ipynb"), manager.claim_pooled("a.ipynb")
        assert first is not None and second is None
        manager.release_claim(first)  # that request failed before taking it
        assert manager.claim_pooled("a.ipynb") is not None
        assert manager.claim_pooled("other.ipynb") is None  # no pool: a slot instead

    asyncio.run(run())


@settings(max_examples=60, deadline=None)
@given(
    cap=st.integers(1, 6),
    pools=st.lists(st.integers(0, 2), min_size=1, max_size=4),
    script=st.lists(st.sampled_from(["page", "pooled", "shutdown", "refill", "fail"]), max_size=30),
)
def test_never_above_the_cap(cap, pools, script):
    """Whatever pages, pools and shutdowns do, kernels running + starting never exceed the cap."""

    async def run() -> None:
        names = [f"n{i}.ipynb" for i in range(len(pools))]
        manager = capped_kernel_manager(FakeVoilaManager, cap)(pools=dict(zip(names, pools)))
        for i, action in enumerate(script):
            if action == "page":
                slot = manager.reserve()
                if slot is not None:
                    await manager.start_kernel()
                    manager.release(slot)
            elif action == "fail":
                manager.release(manager.reserve())
            elif action == "pooled":
                name = names[i % len(names)]
                if manager._pools.get(name):
                    await manager.get_rendered_notebook(name)
            elif action == "shutdown" and manager._kernels:
                await manager.shutdown_kernel(next(iter(manager._kernels)))
            elif action == "refill":
                manager.refill()
            assert manager.kernels_in_use() <= cap
            await settle()
            assert running(manager) <= cap

    asyncio.run(run())


def test_a_kernel_process_still_exiting_keeps_its_slot():
    """The machine's count is the safety net under the manager's: a process the manager let go of still counts."""

    async def run() -> None:
        processes = {"n": 0}
        manager = capped_kernel_manager(FakeVoilaManager, 2, live_processes=lambda: processes["n"])()
        for _ in range(2):
            await manager.start_kernel()
        processes["n"] = 2
        assert manager.reserve() is None
        await manager.shutdown_kernel(next(iter(manager._kernels)))  # the manager forgets it at once...
        assert manager.reserve() is None  # ...but its process has not exited yet
        processes["n"] = 1
        slot = manager.reserve()
        assert slot is not None and manager.reserve() is None  # the promised slot counts too

    asyncio.run(run())


def test_live_kernel_processes_counts_kernel_children_and_not_zombies():
    import subprocess
    import sys

    from rulebook.site.kernels import live_kernel_processes

    before = live_kernel_processes()
    kernel = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", "ipykernel_launcher"])
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        deadline = time.monotonic() + 10
        while live_kernel_processes() != before + 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert live_kernel_processes() == before + 1
        kernel.kill()
        while kernel.poll() is None and live_kernel_processes() != before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert live_kernel_processes() == before  # exited (a zombie until reaped): no longer counted
    finally:
        for process in (kernel, other):
            process.kill()
            process.wait()
    assert live_kernel_processes(pid=2**22 + 7) == 0  # no such process: nothing to say


def test_a_dead_pooled_kernel_is_shut_down_and_the_page_gets_a_fresh_one():
    async def scenario() -> None:
        manager = capped_kernel_manager(FakeVoilaManager, cap=3)(pools={"a.ipynb": 1})
        await settle()
        (dead,) = manager._kernels
        manager._kernels[dead].alive = False  # died after preheating (a lost port, an OOM kill)
        render_task, _, kernel_id = await manager.get_rendered_notebook("a.ipynb")
        assert kernel_id != dead and manager._kernels[kernel_id].alive
        assert dead not in manager._kernels  # shut down, its slot given back
        assert not render_task.done()
        await settle()
        assert running(manager) <= manager.max_kernels

    asyncio.run(scenario())


def test_a_pooled_kernel_whose_preheating_failed_is_passed_over():
    async def scenario() -> None:
        class Failing(FakeVoilaManager):
            failed = 0

            async def get_rendered_notebook(self, notebook_name: str, **kwargs):
                render_task, rendered, kernel_id = await super().get_rendered_notebook(notebook_name, **kwargs)
                if not self.failed:
                    self.failed += 1
                    render_task.set_exception(RuntimeError("Kernel didn't respond in 120 seconds"))
                return render_task, rendered, kernel_id

        manager = capped_kernel_manager(Failing, cap=3)(pools={"a.ipynb": 1})
        await settle()
        (first,) = manager._kernels
        render_task, _, kernel_id = await manager.get_rendered_notebook("a.ipynb")
        assert kernel_id != first and not render_task.done()

    asyncio.run(scenario())


def test_at_the_cap_a_dead_pooled_kernel_gives_its_slot_to_its_replacement():
    async def scenario() -> None:
        manager = capped_kernel_manager(FakeVoilaManager, cap=1)(pools={"a.ipynb": 1})
        await settle()
        (dead,) = manager._kernels
        manager._kernels[dead].alive = False
        _, _, kernel_id = await manager.get_rendered_notebook("a.ipynb")
        assert kernel_id != dead and list(manager._kernels) == [kernel_id]
        assert manager.kernels_in_use() <= 1

    asyncio.run(scenario())


def test_a_page_gives_up_when_every_pooled_kernel_is_dead():
    async def scenario() -> None:
        class AllDead(FakeVoilaManager):
            async def _start(self) -> str:
                kernel_id = await super()._start()
                self._kernels[kernel_id].alive = False
                return kernel_id

        manager = capped_kernel_manager(AllDead, cap=3)(pools={"a.ipynb": 1})
        await settle()
        with pytest.raises(RuntimeError, match="dead"):
            await manager.get_rendered_notebook("a.ipynb")
        assert manager._taking == 0 and not manager._claims

    asyncio.run(scenario())


def test_the_kernel_replacing_a_dead_one_is_not_promised_to_a_later_page():
    """A page arriving while another passes over a dead kernel gets its own kernel, not the replacement."""

    async def scenario() -> None:
        class SlowShutdown(FakeVoilaManager):
            shutting = asyncio.Event()

            async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
                self.shutting.set()
                await asyncio.sleep(0.05)  # a real kernel takes a while to go
                await super().shutdown_kernel(kernel_id, now)

        manager = capped_kernel_manager(SlowShutdown, cap=4)(pools={"a.ipynb": 1})
        await settle()
        (dead,) = manager._kernels
        manager._kernels[dead].alive = False
        first = manager.claim_pooled("a.ipynb")
        assert first is not None
        taking = asyncio.ensure_future(manager.get_rendered_notebook("a.ipynb"))
        await manager.shutting.wait()  # the first page is dropping the dead kernel; the pool has refilled
        assert manager._pools["a.ipynb"]
        assert manager.claim_pooled("a.ipynb") is None  # a later page: that kernel is promised already
        _, _, kernel_id = await taking
        manager.release_claim(first)
        assert kernel_id != dead and manager._kernels[kernel_id].alive
        assert not [c for c in manager._claims if not c.used]

    asyncio.run(scenario())
