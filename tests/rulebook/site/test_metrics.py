"""``/metrics`` (rulebook/site/metrics.py): the figures in Prometheus text, and nothing a visitor brought.

The rendering is checked on a snapshot made here; then a real site (no
browser: the protocol visitor of ``benchmarks/_protocol.py``) has a game page
opened with a seat link, behind a proxy's ``X-Real-IP``, and neither
``/metrics`` nor ``/healthz`` holds the table id, the seat key or that address.
"""

from __future__ import annotations

import time

import pytest
from prometheus_client import REGISTRY, Counter
from prometheus_client.parser import text_string_to_metric_families

from rulebook.site import metrics
from rulebook.site.limits import ONE_ADDRESS
from rulebook.site.serve import SiteOptions, default_notebooks_dir
from rulebook.tables.store import new_token
from tests.support.site_process import SiteProcess, free_port, page_kernel_id


def snapshot(**changes) -> metrics.Snapshot:
    values = dict(
        server="cafe-8866", draining=False, ready=True, open_pages=3, kernels=5, kernel_cap=16,
        pools={"pig.ipynb": 1, "ring.ipynb": 0}, refusals={"site_full": 2}, websockets=4, store_up=True,
        store_seconds=0.0042, server_rss_bytes=120 << 20, kernels_rss_bytes=400 << 20,
    )
    values.update(changes)
    return metrics.Snapshot(**values)


def samples(text: str) -> dict[tuple[str, tuple], float]:
    """``{(sample name, sorted labels): value}`` of a Prometheus text page (parsed by prometheus_client)."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def test_every_figure_in_prometheus_text():
    found = samples(metrics.render(snapshot()).decode())
    assert found[("rulebook_server_info", (("name", "cafe-8866"),))] == 1
    assert found[("rulebook_ready", ())] == 1 and found[("rulebook_draining", ())] == 0
    assert found[("rulebook_open_pages", ())] == 3 and found[("rulebook_kernels", ())] == 5
    assert found[("rulebook_kernel_cap", ())] == 16
    assert found[("rulebook_pool_kernels", (("notebook", "pig.ipynb"),))] == 1
    assert found[("rulebook_pool_kernels", (("notebook", "ring.ipynb"),))] == 0
    assert found[("rulebook_refusals_total", (("reason", "site_full"),))] == 2
    for reason in metrics.REFUSAL_REASONS:  # every reason shown, at 0 until it happens
        assert ("rulebook_refusals_total", (("reason", reason),)) in found
    assert found[("rulebook_websockets", ())] == 4
    assert found[("rulebook_store_up", ())] == 1
    assert found[("rulebook_store_latency_seconds", ())] == pytest.approx(0.0042)
    assert found[("rulebook_server_resident_bytes", ())] == 120 << 20
    assert found[("rulebook_kernels_resident_bytes", ())] == 400 << 20


def test_a_store_never_answered_has_no_latency_and_a_draining_server_says_so():
    found = samples(metrics.render(snapshot(store_up=False, store_seconds=None, draining=True, ready=False)).decode())
    assert found[("rulebook_store_up", ())] == 0 and found[("rulebook_draining", ())] == 1
    assert not any(name == "rulebook_store_latency_seconds" for name, _ in found)


def test_the_global_registry_never_shows():
    leak = Counter("rulebook_test_global_leak", "A metric of the global registry: /metrics must not show it.")
    try:
        leak.inc()
        assert "rulebook_test_global_leak" not in metrics.render(snapshot()).decode()
    finally:
        REGISTRY.unregister(leak)


# ------------------------------------------------------------ a real site ---


def test_metrics_and_health_hold_no_table_key_or_address_of_an_open_seat_link(tmp_path):
    from benchmarks._protocol import ProtocolVisitor, Visit

    options = SiteOptions(port=free_port(), notebooks=default_notebooks_dir(), data=tmp_path, preheat=False,
                          limits=ONE_ADDRESS, server_name="metrics-test")
    with SiteProcess(options, log_path=tmp_path / "site.log") as site:
        key = new_token()
        table = site.store().create(game="ring", version=1, options={}, seats=["human", "bot"], table_mode=False,
                                    seed=7, tokens={0: key}).id
        address = "203.0.113.77"
        visitor = ProtocolVisitor(site.port, notebook="ring.ipynb", query={"t": table, "k": key}, address=address,
                                  timeout=180)
        visit = Visit()
        page = visitor.open_page(visit, time.perf_counter())
        kernel_id = page_kernel_id(page)
        assert visit.status == 200 and kernel_id, page[-500:]
        try:
            # what visit() does up to the board (benchmarks/_protocol.py), the page then held open
            visitor.connect(kernel_id)
            visitor.send("kernel_info_request", {})
            deadline = time.monotonic() + 180
            while not visitor.request_states(5.0):
                assert time.monotonic() < deadline, "no board in time"
            assert visitor.models.page_link() is not None  # a real game page, drawn from its table

            status, text = site.fetch("metrics", timeout=30)
            assert status == 200
            status, word = site.fetch("healthz")
            assert (status, word) == (200, "ready\n")
            found = samples(text)
            assert found[("rulebook_open_pages", ())] >= 1 and found[("rulebook_websockets", ())] >= 1
            assert found[("rulebook_kernels", ())] >= 1 and found[("rulebook_store_up", ())] == 1
            assert found[("rulebook_server_resident_bytes", ())] > 10 << 20
            assert found[("rulebook_kernels_resident_bytes", ())] > 10 << 20
            assert 0 <= found[("rulebook_store_latency_seconds", ())] < 5
            for secret in (table, key, address, kernel_id):
                assert secret not in text and secret not in word
        finally:
            visitor.leave(kernel_id)
