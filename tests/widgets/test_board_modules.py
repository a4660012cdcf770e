"""Every board's ES module is common.js + its own files, parses as a module, and holds no copy of a shared helper."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import anywidget
import pytest

import widgets.base
import widgets.views
from rulebook.core import all_games
from widgets.app import load_view

STATIC = Path(widgets.base.__file__).parent / "static"
SHARED = ("svgEl", "element", "activate", "showReason", "controlButton", "messageLine")


def board_classes() -> list[type]:
    """Every anywidget class of the shared widgets and of each game's view."""
    for name in all_games():
        load_view(name)
    seen: list[type] = []

    def walk(cls: type) -> None:
        for sub in cls.__subclasses__():
            if sub not in seen and sub.__module__.startswith("widgets"):
                seen.append(sub)
            walk(sub)

    walk(anywidget.AnyWidget)
    return [c for c in seen if isinstance(getattr(c, "_esm", None), str) and "export default" in c._esm]


def test_every_board_brings_app_css_so_the_rule_panel_beside_it_carries_none():
    """The rule panel's styles are app.css's; it is always on a page with its game's board (game_page.layout)."""
    shared = (STATIC / "app.css").read_text("utf-8")
    assert widgets.base.RulePanel._css == ""
    boards = [c for c in board_classes() if issubclass(c, widgets.base.GameBoard)]
    assert {load_view(name).__module__.split(".")[2] for name in all_games()} <= {c.__module__.split(".")[2] for c in boards}
    for cls in boards:
        assert str(cls._css).startswith(shared), cls.__name__


def test_only_common_js_defines_the_shared_helpers():
    for path in STATIC.glob("*.js"):
        if path.name == "common.js":
            continue
        text = path.read_text("utf-8")
        for name in SHARED:
            assert not re.search(rf"^function {name}\(", text, flags=re.M), f"{path.name} has its own {name}()"


def test_board_modules_start_with_common_js():
    common = (STATIC / "common.js").read_text("utf-8")
    boards = [c for c in board_classes() if "activate(" in c._esm or "svgEl(" in c._esm]
    assert boards, "no board module found"
    for cls in boards:
        assert cls._esm.startswith(common), cls.__name__


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: the syntax of the board modules is checked by the browser tests only")
def test_board_modules_parse_as_es_modules(tmp_path):
    for cls in board_classes():
        path = tmp_path / f"{cls.__name__}.mjs"
        path.write_text(cls._esm, "utf-8")
        done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"{cls.__module__}.{cls.__name__}: {done.stderr[:500]}"
