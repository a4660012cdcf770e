"""The walls between the layers (pyproject.toml, ``[tool.importlinter]``), checked two ways.

- ``lint-imports``: import-linter reads every import of ``rulebook`` and
  ``widgets`` (inside functions and under ``TYPE_CHECKING`` too) and holds
  them to the contracts: the game stack imports only downward, the server
  and the edition stand beside it, no page's part imports the page that
  assembles it, nothing a kernel imports reaches Tornado or the server.
- A fresh Python does what a page's kernel does (the notebooks' one cell,
  the game page built, every widget's state serialised as for the browser)
  and must not have loaded Tornado, jupyter_server or the site's server
  modules. It runs without ipykernel on purpose: ipykernel itself imports
  Tornado, so inside a kernel ``'tornado' in sys.modules`` says nothing
  about our code; here it does (and the test checks ipykernel stayed out).
  A second check runs the same code in a real kernel and holds to what
  ipykernel does not load: jupyter_server, Voilà and the site's server.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: What a page's kernel must never load: the web server, Voilà, Jupyter's server side and our own server.
SERVER = (
    "tornado",
    "jupyter_server",
    "voila",
    "nbconvert",
    "rulebook.site.app",
    "rulebook.site.assets",
    "rulebook.site.kernels",
    "rulebook.site.limits",
    "rulebook.site.provisioner",
    "rulebook.site.rules_pages",
    "rulebook.site.serve",
    "rulebook.site.zygote",
    "rulebook.publish",
    "rulebook.cli",
)

#: What a game page's kernel runs (notebooks/chiritsumo.ipynb's cell, built without ``display``), then the
#: widgets' state as the kernel sends it to the browser: a board's module is written to the site's module
#: folder then (``widgets.base.ServedModule``), which is where the server's assets module used to come in.
PAGE_KERNEL = """
import json, sys, warnings
import ipywidgets
from widgets.page import make_game_app
from widgets.lab import lab_href
app = make_game_app("chiritsumo", {"lang": "en"})
with warnings.catch_warnings():  # every widget alive (ipywidgets 8 calls the registry deprecated, and keeps it)
    warnings.simplefilter("ignore", DeprecationWarning)
    alive = list(ipywidgets.Widget.widgets.values())
states = [widget.get_state() for widget in alive]
assert any('new URL("modules/' in str(s.get("_esm", "")) for s in states), "no board module served from its URL"
print(json.dumps(sorted(sys.modules)))
"""


def _env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RULEBOOK_MODULE_DIR": str(tmp_path / "modules"), "RULEBOOK_DB": "memory:"}
    (tmp_path / "modules").mkdir()
    return env


def _loaded(names: list[str], forbidden: tuple[str, ...]) -> list[str]:
    """The modules of ``names`` that are one of ``forbidden`` or inside one."""
    return sorted(n for n in names if any(n == f or n.startswith(f + ".") for f in forbidden))


def test_the_import_contracts_hold() -> None:
    """``lint-imports`` (import-linter) keeps every contract of pyproject.toml; its report is the failure message."""
    lint = Path(sys.executable).with_name("lint-imports")
    command = [str(lint)] if lint.is_file() else ["lint-imports"]
    done = subprocess.run(
        [*command, "--no-cache"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_a_game_page_outside_a_kernel_loads_no_tornado_and_no_server(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PAGE_KERNEL], cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert "widgets.page" in loaded and "rulebook.games.chiritsumo" in loaded
    assert not _loaded(loaded, ("ipykernel", "zmq")), "ipykernel came in: the check below would say nothing"
    assert _loaded(loaded, SERVER) == []
    assert list((tmp_path / "modules").glob("*.js")), "the board's module was not written to the site's folder"


def test_a_game_page_in_a_real_kernel_loads_no_server(tmp_path: Path) -> None:
    """In a kernel, Tornado comes with ipykernel; jupyter_server, Voilà and the site's server must not come at all."""
    jupyter_client = pytest.importorskip("jupyter_client")
    manager = jupyter_client.KernelManager(kernel_name="python3")
    manager.start_kernel(cwd=str(tmp_path), env=_env(tmp_path))
    try:
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)
        out: list[str] = []
        reply = client.execute_interactive(
            PAGE_KERNEL,
            timeout=180,
            output_hook=lambda msg: out.append(msg["content"]["text"]) if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout" else None,
        )
        client.stop_channels()
    finally:
        manager.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok", reply["content"]
    loaded = json.loads("".join(out).strip().splitlines()[-1])
    assert "ipykernel" in loaded and "widgets.page" in loaded
    assert _loaded(loaded, tuple(m for m in SERVER if m != "tornado")) == []
