"""The kernel cap on Voilà's REAL kernel manager, with real kernels (issue 20 item 2).

``test_kernels.py`` drives the cap's logic on a stand-in of Voilà's manager;
that stand-in would not notice a Voilà whose pools changed shape. Here the
site's Voilà application builds its manager class as in production
(``voila_compat.kernel_manager_factory`` around Voilà's
``voila_kernel_manager_factory``), its pools preheat real kernels on the
site's stand-in notebooks, and the test runs the server's event loop itself
(no port is listened on): pools within the budget, a pooled kernel handed to
a page, an idle pooled kernel giving way to a visitor at the cap (never more
kernel processes than the cap), and refills waiting while a page opens.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from rulebook.site import voila_compat
from rulebook.site.kernels import PAGE_KERNEL, PageKernel, live_kernel_processes, pool_budget
from tests.support.site_process import free_port
from rulebook.site.serve import SiteOptions, jupyter_path_with_template, site_environment, voila_config

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CAP = 3
#: Real kernels on a busy 2-core machine: generous.
TIMEOUT = 180.0


async def _until(condition, what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)


@pytest.fixture
def real_site(tmp_path, monkeypatch):
    """The site's Voilà app, set up as ``serve()`` sets it up, without listening; its kernels shut down after."""
    import tornado.web
    from traitlets.config import Config

    from rulebook.site.app import RulebookVoila

    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    for name in ("index.ipynb", "query.ipynb", "widget.ipynb", "error.ipynb"):
        shutil.copy(FIXTURES / name, notebooks / name)
    options = SiteOptions(port=free_port(), notebooks=notebooks, data=tmp_path / "data", max_kernels=CAP,
                          cull_grace=60)
    (tmp_path / "data").mkdir()
    for key, value in site_environment(options).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("JUPYTER_PATH", jupyter_path_with_template())
    monkeypatch.setattr(RulebookVoila, "site_options", options)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    app = RulebookVoila(config=Config(voila_config(options)))
    app.initialize(argv=[])
    app.connection_dir = tempfile.mkdtemp(prefix="rbk")  # short: a kernel's socket path has at most 107 characters
    settings = app.init_settings()  # builds the kernel manager: its pools start filling once the loop runs
    app.app = tornado.web.Application(**settings)
    try:
        yield app, loop
    finally:
        loop.run_until_complete(app.kernel_manager.shutdown_all(now=True))
        loop.close()
        asyncio.set_event_loop(None)
        shutil.rmtree(app.connection_dir, ignore_errors=True)


def test_the_cap_on_voilas_own_manager_with_real_kernels(real_site):
    app, loop = real_site
    manager = app.kernel_manager
    assert type(manager).__mro__[1].__name__ == "VoilaKernelManager"  # the site's class is Voilà's plus the cap
    assert manager.max_pooled == pool_budget(CAP) == 3

    async def scenario() -> None:
        pools = voila_compat.pools(manager)
        # four notebooks, a budget of three: the catalogue first, then the others by name
        await _until(lambda: manager.pooled_kernels() == 3 and all(t.done() for p in pools.values() for t in p),
                     "three pooled kernels")
        assert {name for name, pool in pools.items() if pool} == {"index.ipynb", "error.ipynb", "query.ipynb"}
        assert len(manager.list_kernel_ids()) == 3 and manager.free_slots() == 0
        entry = voila_compat.pool_entry(pools["query.ipynb"][0])
        assert set(entry) >= {"kernel_id", "task", "renderer"}  # the shape voila_compat reads

        # a page takes query.ipynb's preheated kernel (at the cap: Voilà's replacement finds no room)
        claim = manager.claim_pooled("query.ipynb")
        assert claim is not None
        with manager.opening_page("query.ipynb"):
            render_task, _, handed = await manager.get_rendered_notebook(notebook_name="query.ipynb")
            assert handed == entry["kernel_id"] and not pools["query.ipynb"]
            await asyncio.sleep(0.5)
            assert not pools["query.ipynb"] and manager.free_slots() == 0
        manager.release_claim(claim)
        await manager.cull_kernel_if_idle(handed)  # just handed to a page: spared
        assert handed in manager

        # a visitor of a notebook without a free kernel, at the cap: the least-visited idle pooled kernel gives way
        victim = voila_compat.pool_entry(pools["error.ipynb"][0])["kernel_id"]
        peak = 0
        sampling = True

        async def sample() -> None:
            nonlocal peak
            while sampling:
                peak = max(peak, live_kernel_processes(), len(manager.list_kernel_ids()))
                await asyncio.sleep(0.02)

        sampler = asyncio.ensure_future(sample())
        reservation = manager.reserve("widget.ipynb")
        assert reservation is not None and reservation.eviction is not None
        PAGE_KERNEL.set(PageKernel(reservation=reservation))
        with manager.opening_page("widget.ipynb"):
            fresh = await manager.start_kernel(kernel_name="python3", path=str(app.root_dir))
        manager.release(reservation)
        await asyncio.sleep(1.0)
        sampling = False
        await sampler
        assert victim not in manager and fresh in manager and handed in manager
        assert not pools["error.ipynb"]
        assert all(victim not in data["kernel_ids"] for data in manager.notebook_data.values())
        assert peak <= CAP, f"{peak} kernels under a cap of {CAP}"
        # the next one takes the catalogue's, the last pooled kernel; then there is none to give
        last = manager.reserve("widget.ipynb")
        assert last is not None and last.eviction is not None
        claim = manager.claim_pooled("index.ipynb")
        assert claim is None  # gone from its pool at once: no page is promised a kernel being shut down
        manager.release(last)
        await last.eviction
        assert manager.pooled_kernels() == 0 and len(manager.list_kernel_ids()) == 2
        render_task.cancel()

    loop.run_until_complete(scenario())
