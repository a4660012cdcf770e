"""What idle open pages cost PostgreSQL (benchmarks/_store_stats.py), on a real site (issue 30, item 3).

A site on a fresh PostgreSQL database, ``PAGES`` phones (protocol-level
visitors, ``benchmarks/_protocol.py``) each with a Chiritsumo table open and
beating every 4 s as ``page_link.js`` does, then left idle: over
``IDLE_SECONDS`` the pages may add at most 0.1 connection each and 0.5
queries a second each (they hear their tables through the server's feed and
their presence is batched by it). Then a move on one page must reach another
page's kernel, watching the same table, within a couple of seconds.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks._store_stats import StoreLoad, measure_idle, pg_connections, pg_connections_by_application, pg_transactions
from rulebook.site.serve import SiteOptions, default_notebooks_dir
from tests.support.open_page import OpenPage, feed_connections
from tests.support.site_process import SiteProcess, free_port, wait_until

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
PAGES = 8
IDLE_SECONDS = 20.0


@pytest.fixture
def pg_site(fresh_postgres_url: str) -> Iterator[SiteProcess]:
    folder = Path(tempfile.mkdtemp(prefix="rulebook-store-stats-"))
    notebooks = folder / "notebooks"
    notebooks.mkdir()
    shutil.copy(default_notebooks_dir() / "chiritsumo.ipynb", notebooks / "chiritsumo.ipynb")
    options = SiteOptions(port=free_port(), notebooks=notebooks, data=folder / "data", db=fresh_postgres_url, pool_size=1,
                          max_kernels=PAGES + 4)
    ARTIFACTS.mkdir(exist_ok=True)
    site = SiteProcess(options, log_path=ARTIFACTS / f"site-store-stats-{options.port}.log").start()
    try:
        site.wait_pools()
        yield site
    finally:
        site.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_measure_idle_refuses_nonsense(fresh_postgres_url: str) -> None:
    with pytest.raises(ValueError):
        measure_idle(fresh_postgres_url, 0, 1.0, 0)
    load = StoreLoad(pages=4, seconds=10.0, connections=3, baseline_connections=2, transactions=8)
    assert load.connections_per_page == 0.25 and load.queries_per_page_second == 0.2


def test_the_counters_see_a_connection_and_its_queries(fresh_postgres_url: str) -> None:
    from rulebook.tables.postgres import PostgresStore

    before = pg_connections(fresh_postgres_url)
    first = pg_transactions(fresh_postgres_url)
    store = PostgresStore(fresh_postgres_url)
    assert pg_connections(fresh_postgres_url) == before + 1
    assert pg_connections_by_application(fresh_postgres_url).get("rulebook") == 1
    for _ in range(20):
        store.list_tables()
    store.close()
    wait_until(lambda: pg_transactions(fresh_postgres_url) - first >= 20, 15, 0.5, "the queries to be counted")


def test_idle_open_pages_cost_the_store_next_to_nothing_and_moves_still_arrive(pg_site: SiteProcess) -> None:
    url = pg_site.db_url
    time.sleep(3)  # the pooled kernel has let its store connection go (widgets.page.preload)
    baseline = pg_connections(url)
    pages: list[OpenPage] = []
    try:
        for k in range(PAGES):  # one after another: two cores start the kernels
            page = OpenPage(pg_site.port, f"10.30.0.{k + 1}", {"lang": "en"}).open()
            assert page.ready.wait(120) and not page.error, f"{page.error}\n{pg_site.log_tail()}"
            pages.append(page)
        time.sleep(5)  # every page has let its store connection go (2 s after its last use)
        load = measure_idle(url, PAGES, IDLE_SECONDS, baseline)
        by_app = pg_connections_by_application(url)
        report = (
            f"{PAGES} pages, {load.seconds:.0f} s: {load.connections} connections ({baseline} with no page: {by_app}),"
            f" {load.transactions} transactions: {load.connections_per_page:.3f} connections and"
            f" {load.queries_per_page_second:.3f} queries a second per page"
        )
        print(report)
        (ARTIFACTS / "store-stats.txt").write_text(report + "\n")
        assert load.connections_per_page <= 0.1, report
        assert by_app == {"rulebook": 1, "rulebook-feed": 1}, by_app  # docs/deploy.md: two per process, none per idle page
        path, connected = feed_connections(pg_site.pid)
        assert path and connected == PAGES, (path, connected)  # every page's kernel is on the feed
        assert load.queries_per_page_second <= 0.5, report
        # the presence still reaches the store (the host page's "connected"), written by the server
        store = pg_site.store()
        tables = [p.query()["t"] for p in pages]
        seen = {t: store.presence(t) for t in tables}
        assert all(time.time() - s.get(0, 0.0) < 8.0 for s in seen.values()), seen

        # a spectator of the first page's table: a move there reaches the spectator's kernel through the feed
        watcher = OpenPage(pg_site.port, "10.30.1.1", {"lang": "en", "t": tables[0]}, plays=False).open()
        assert watcher.ready.wait(120) and not watcher.error, watcher.error
        pages.append(watcher)
        time.sleep(1)
        before = watcher.drawing()
        started = time.monotonic()
        pages[0].move()
        assert watcher.wait_redrawn(before, 5.0), pg_site.log_tail()
        assert time.monotonic() - started < 3.0
        assert store.load(tables[0]).info.moves >= 1
    finally:
        for page in pages:
            page.leave()
