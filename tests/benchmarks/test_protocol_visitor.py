"""The protocol-level visitor of ``benchmarks.capacity`` (``benchmarks/_protocol.py``).

Its frames are checked against jupyter_server's own (de)serialiser, its widget
bookkeeping against hand-made kernel messages, and one whole visit against a
real site (only Chiritsumo's notebook, a pool of one): the board arrives, two
taps are each redrawn, and leaving shuts the page's kernel down.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks._protocol import ProtocolVisitor, WidgetModels, decode_v1, encode_v1, page_assets
from tests.support.site_process import SiteProcess, free_port, wait_until
from rulebook.site.serve import SiteOptions, default_notebooks_dir

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"


# ----- frames ----------------------------------------------------------------------------------------------------
def _message(msg_type: str, content: dict) -> dict:
    header = {"msg_id": "m1", "msg_type": msg_type, "session": "s", "username": "", "version": "5.2", "date": "2026-01-01T00:00:00Z"}
    return {"header": header, "parent_header": {}, "metadata": {"version": "1.0.0"}, "content": content}


def test_frames_are_what_jupyter_server_reads() -> None:
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    message = _message("comm_msg", {"comm_id": "c", "data": {"method": "custom", "content": {"event": "click"}}})
    channel, parts = deserialize_msg_from_ws_v1(encode_v1("shell", message, [b"\x00\x01"]))
    assert channel == "shell"
    assert [json.loads(p) for p in parts[:4]] == [message[k] for k in ("header", "parent_header", "metadata", "content")]
    assert bytes(parts[4]) == b"\x00\x01"


def test_frames_from_jupyter_server_are_read() -> None:
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    message = _message("comm_msg", {"comm_id": "c", "data": {"method": "update", "state": {"value": "x"}}})
    parts = [json.dumps(message[k]).encode() for k in ("header", "parent_header", "metadata", "content")] + [b"buf"]
    decoded = decode_v1(serialize_msg_to_ws_v1(parts, "iopub"))
    assert decoded["channel"] == "iopub"
    assert decoded["content"] == message["content"] and decoded["header"] == message["header"]
    assert decoded["buffers"] == [b"buf"]


# ----- widget models ---------------------------------------------------------------------------------------------
def _button(version: int | None) -> dict:
    classes = ["rb-roll"] if version is None else ["rb-action", "rb-fresh", f"rb-v{version}"]
    return {"_model_name": "ButtonModel", "_dom_classes": classes}


def _drawn(version: int, fresh: int) -> dict:
    return {"_model_name": "HTMLModel", "_dom_classes": ["rb-drawn"],
            "value": f'<span data-version="{version}" data-moves="0" data-fresh="{fresh}"></span>'}


def test_models_know_when_the_board_is_there_and_when_a_tap_was_redrawn() -> None:
    models = WidgetModels()
    assert not models.board_ready()
    states = {"bar": {"_dom_classes": ["rb-actions"], "children": ["IPY_MODEL_roll"]}, "roll": _button(None), "drawn": _drawn(1, 0)}
    models.apply(_message("comm_msg", {"comm_id": "ctl", "data": {"method": "update_states", "states": {
        k: {"model_name": "x", "state": v, "buffer_paths": []} for k, v in states.items()}}}))
    assert models.board_ready() and models.action_buttons() == ["roll"] and models.drawing() == (1, 0)
    # the tap's redraw: the marker first, then the new button's comm_open, then the bar's children
    models.apply(_message("comm_msg", {"comm_id": "drawn", "data": {"method": "update", "state": _drawn(2, 1)}}))
    assert not models.caught_up()  # the bar still shows the Roll button only, one fresh button is promised
    models.apply(_message("comm_open", {"comm_id": "done", "target_name": "jupyter.widget", "data": {"state": _button(2)}}))
    assert not models.caught_up()
    models.apply(_message("comm_msg", {"comm_id": "bar", "data": {"method": "update", "state": {"children": ["IPY_MODEL_done"]}}}))
    assert models.caught_up() and models.action_buttons() == ["done"]
    models.apply(_message("comm_close", {"comm_id": "done", "data": {}}))
    assert not models.caught_up()


def test_page_assets_are_the_same_site_scripts_and_styles() -> None:
    page = ('<link rel="stylesheet" href="/voila/static/a.css?v=1"><script src="b.js"></script>'
            '<script src="https://elsewhere.example/c.js"></script><link href="/voila/static/a.css?v=1">')
    assert page_assets(page, "/voila/render/game.ipynb") == ["/voila/static/a.css?v=1", "/voila/render/b.js"]


# ----- a real site -----------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def chiritsumo_site() -> Iterator[SiteProcess]:
    """``rulebook serve`` on a folder holding only Chiritsumo's notebook (one pooled kernel), default limits."""
    folder = Path(tempfile.mkdtemp(prefix="rulebook-protocol-visitor-"))
    notebooks = folder / "notebooks"
    notebooks.mkdir()
    shutil.copy(default_notebooks_dir() / "chiritsumo.ipynb", notebooks / "chiritsumo.ipynb")
    options = SiteOptions(port=free_port(), notebooks=notebooks, data=folder / "data", pool_size=1,
                          cull_idle_timeout=8, cull_interval=2, cull_grace=4)
    site = SiteProcess(options, log_path=ARTIFACTS / f"site-protocol-visitor-{options.port}.log").start()
    try:
        site.wait_pools()
        yield site
    finally:
        site.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_visit_gets_the_board_plays_and_leaves(chiritsumo_site: SiteProcess) -> None:
    visitor = ProtocolVisitor(chiritsumo_site.port, address="10.1.2.3", timeout=90)
    visit = visitor.visit(moves=2)
    assert visit.error == "" and visit.status == 200, chiritsumo_site.log_tail()
    assert visit.kernel_id and visit.board_s is not None and len(visit.moves_ms) == 2
    assert visit.requests > 1 and visit.bytes_in > 0 and visit.bad_assets == []
    assert visitor.models.drawing()[0] >= 3  # drawn at least once per tap after the first drawing
    # leaving (goodbye, socket closed, shutdown beacon) shuts the page's kernel down
    wait_until(lambda: visit.kernel_id not in chiritsumo_site.kernel_ids(), 30, 0.25, "the page's kernel to go")


def test_a_missing_page_is_the_visits_error_not_an_exception(chiritsumo_site: SiteProcess) -> None:
    visit = ProtocolVisitor(chiritsumo_site.port, notebook="no-such-game.ipynb", address="10.1.2.4", timeout=30).visit(moves=1)
    assert visit.status == 404 and "HTTP 404" in visit.error
    assert visit.board_s is None and visit.kernel_id is None and visit.moves_ms == []


# ----- the benchmark's CPU split (benchmarks.capacity; no Locust needed) -------------------------------------------
def test_cpu_split_counts_a_kernel_from_its_page_request_and_the_rest_as_refill() -> None:
    from benchmarks.capacity import TICK, Samples

    def row(t: float, server: int, kernels: dict[str, list], launch: dict[str, int]) -> dict:
        return {"t": t, "server": server, "rss": 1000, "kernels": kernels, "launch": launch}

    samples = Samples([
        row(0.0, 100, {"11": ["pooled", 50, 1]}, {"5": 20}),  # a pooled kernel, already preheated; the zygote
        row(1.0, 110, {"11": ["pooled", 50, 1]}, {"5": 20}),
        # handed out at 1.5; a refill starts, forked by the zygote, its launcher standing in
        row(2.0, 130, {"11": ["pooled", 80, 1], "12": ["refill", 40, 1]}, {"5": 22, "21": 3}),
        row(3.0, 150, {"11": ["pooled", 90, 1], "12": ["refill", 70, 1]}, {"5": 22, "21": 4}),
        row(9.0, 900, {"11": ["pooled", 99, 1]}, {"5": 30}),  # outside the window
    ])
    # a window between samples counts from the sample before it to the one after it (nothing spent in it is lost)
    cpu = samples.cpu(0.1, 2.9, {"pooled": 1.5})
    assert cpu == {"server": 50 / TICK, "kernel": 40 / TICK, "refill": 70 / TICK, "launch": (2 + 4) / TICK, "exit": 0.0}
    assert samples.peak_kernels(0.0, 3.0) == 2 and samples.peak_kernels(9.0, 9.0) == 1
    # a kernel nobody was handed is all refill; one handed out before the window counts from the window
    assert samples.cpu(0.1, 2.9, {})["refill"] == 110 / TICK
    assert samples.cpu(1.1, 2.9, {"pooled": -5.0})["kernel"] == 40 / TICK
    assert samples.cpu(2.5, 2.6, {})["server"] == 20 / TICK


def test_a_kernels_last_moments_after_its_last_sample_count_from_its_reapers_children_time() -> None:
    """A page's kernel shut down between two samples: what it spent unseen is its parent's reaped time less what was seen."""
    from benchmarks.capacity import TICK, Samples

    def row(t: float, kernels: dict[str, list], launch: dict[str, int], reaped: dict[str, int]) -> dict:
        return {"t": t, "server": 100, "rss": 1000, "kernels": kernels, "launch": launch, "reaped": reaped}

    samples = Samples([
        row(0.0, {"11": ["page", 50, 1]}, {"5": 20, "21": 3}, {"1": 400, "5": 1000}),
        row(1.0, {"11": ["page", 80, 1]}, {"5": 20, "21": 3}, {"1": 400, "5": 1000}),
        # the kernel (80 ticks when last seen, 95 in all) and its launcher (3, then 4) are gone and waited for
        row(2.0, {}, {"5": 20}, {"1": 404, "5": 1095}),
    ])
    cpu = samples.cpu(0.0, 2.0, {"page": -1.0})
    assert cpu["kernel"] == 30 / TICK and cpu["exit"] == (15 + 1) / TICK
    # nobody died: nothing unseen
    assert samples.cpu(0.0, 0.5, {"page": -1.0})["exit"] == 0.0
    # rows from before the reaped times were sampled read as none
    assert Samples([{k: v for k, v in r.items() if k != "reaped"} for r in samples.rows]).cpu(0.0, 2.0, {})["exit"] == 0.0


def test_serve_options_are_read_as_rulebook_serve_reads_them() -> None:
    from benchmarks.capacity import serve_fields

    fields = serve_fields("--pool-size 2 --max-kernels 12 --pages-per-address 3", max_kernels=16)
    assert fields["pool_size"] == 2 and fields["max_kernels"] == 16 and fields["limits"].pages_per_address == 3
    SiteOptions(port=free_port(), **fields)  # every field is one SiteOptions takes
