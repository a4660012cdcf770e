"""The plain launch's wrapper imports nothing of the site: no import circle with the zygote (issue 33)."""

from __future__ import annotations

import ast
from pathlib import Path

import rulebook.site.kernel_launch as kernel_launch


def _imports(module_file: str) -> set[str]:
    tree = ast.parse(Path(module_file).read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_kernel_launch_imports_only_the_standard_library():
    imported = _imports(kernel_launch.__file__)
    assert not [name for name in imported if name.startswith((".", "rulebook"))], imported
    assert imported <= {"__future__", "os", "resource", "sys"}


def test_the_zygote_takes_the_wall_from_kernel_launch_and_nothing_imports_back():
    import rulebook.site.zygote as zygote

    assert ".kernel_launch" in _imports(zygote.__file__)
    assert ".zygote" not in _imports(kernel_launch.__file__)
