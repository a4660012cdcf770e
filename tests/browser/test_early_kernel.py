"""Issue 18 B (the repeat visit on a phone): the page asks for its kernel before Voilà's scripts have run.

``rulebook/site/templates/voila/templates/rulebook/early_kernel.js`` opens the
kernel's socket, asks for the kernel's info and the widgets' states as soon as
the page knows its kernel, and answers Voilà's same requests from there. These
tests hold it to what Voilà would have got by itself.
"""

from __future__ import annotations

import json
import time

import nbformat
import pytest

pytestmark = pytest.mark.browser

EARLY = "() => window.rbEarlyKernel"


def _kernel_sockets(page) -> list[str]:
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url) if "/channels" in ws.url else None)
    return opened


CLICKS = """
import ipywidgets as widgets

button = widgets.Button(description='Click / 押す')
button.add_class('rb-ready')
clicks = widgets.HTML(value='<span class="rb-clicks">0</span>')
count = 0


def on_click(_):
    global count
    count += 1
    clicks.value = f'<span class="rb-clicks">{count}</span>'


button.on_click(on_click)
widgets.VBox([button, clicks])
"""


def _site_with(start_site, tmp_path, name: str, source: str):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    notebook.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(notebook, tmp_path / name)
    return start_site(tmp_path)


def test_voila_gets_its_kernels_answers_from_the_early_socket_and_the_page_works(start_site, page, tmp_path):
    """A quiet page (its preheated kernel has run every cell, no widget moves): the early answers are used."""
    site = _site_with(start_site, tmp_path, "clicks.ipynb", CLICKS)
    site.wait_kernels_quiet(timeout=120)
    opened = _kernel_sockets(page)
    page.goto(site.page_url("clicks.ipynb"))
    button = page.wait_for_voila(".rb-ready")
    early = page.evaluate(EARLY)
    assert early["relayed"] is True
    assert "info" in early["answered"] and "states" in early["answered"], early
    assert early["forwarded"] == []
    # one socket to the kernel: the early one, carried on by Voilà
    assert len(opened) == 1 and "session_id=early-" in opened[0]
    # the page's widgets talk to the kernel through it
    button.click()
    page.wait_for_voila(".rb-clicks:text-is('1')")
    button.click()
    page.wait_for_voila(".rb-clicks:text-is('2')")
    # the messages the page heard are the kernel's, with Voilà's own requests as their parents
    assert any(b"update_states" in frame if isinstance(frame, bytes) else "update_states" in frame for frame in page.ws_frames)


TICKING = """
import threading, time
import ipywidgets as widgets

ticks = widgets.HTML(value='<span class="rb-ticks">0</span>')
ticks.add_class('rb-ready')

def tick():
    for n in range(1, 3000):  # 50 ms apart: at most 150 s of a test's time
        time.sleep(0.05)
        ticks.value = f'<span class="rb-ticks">{n}</span>'

threading.Thread(target=tick, daemon=True).start()
ticks
"""


def test_widgets_that_moved_after_the_early_states_are_asked_for_again(start_site, page, tmp_path):
    """A widget message from the kernel after the early states (a table moved on, a bot played): Voilà asks the kernel."""
    site = _site_with(start_site, tmp_path, "ticking.ipynb", TICKING)

    def late(route) -> None:  # Voilà's front end starts 1.5 s late: the kernel has moved on by then
        time.sleep(1.5)
        route.continue_()

    page.route("**/voila.js", late)
    page.goto(site.page_url("ticking.ipynb"))
    page.wait_for_voila(".rb-ticks")
    early = page.evaluate(EARLY)
    assert early["relayed"] is True and early["forwarded"] == ["states"], early
    assert "states" not in early["answered"]
    # the page has the kernel's states, and goes on hearing every tick
    first = int(page.locator(".rb-ticks").inner_text())
    page.wait_for_function(f"() => Number(document.querySelector('.rb-ticks').textContent) > {first + 5}", timeout=20_000)


def test_a_page_without_a_kernel_opens_no_socket(fixture_site, page):
    opened = _kernel_sockets(page)
    page.goto(fixture_site.page_url("no_such_notebook.ipynb"))
    page.wait_for_load_state("load")
    assert page.evaluate(EARLY) is None and opened == []


def test_the_early_script_is_valid_javascript_in_the_page(fixture_site):
    status, html = fixture_site.fetch(fixture_site.page_url("widget.ipynb"))
    assert status == 200
    start = html.index("window.rbEarlyKernel")
    config = html.index('id="jupyter-config-data"')
    assert config < start, "the early script must follow the page's config (it reads the kernel's id there)"
    assert json.loads(html[html.index(">", config) + 1 : html.index("</script>", config)])["kernelId"]
