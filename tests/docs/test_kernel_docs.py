"""What the docs say about the site's kernels names things that exist (issue 33's paragraphs)."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import pytest

from rulebook.site import provisioner

ROOT = Path(__file__).resolve().parents[2]
DOCS = ["docs/site.md", "docs/security.md", "docs/architecture.md"]


def _mentions(text: str) -> set[str]:
    return set(re.findall(r"`([^`\s]+)`", text))


@pytest.mark.parametrize("doc", DOCS)
def test_the_kernel_paragraphs_name_files_and_functions_that_exist(doc):
    text = (ROOT / doc).read_text()
    assert "provisioner.py" in text
    for name in _mentions(text):
        if name.startswith("rulebook/site/") and name.endswith(".py"):
            assert (ROOT / name).is_file(), f"{doc} names {name}"
        elif re.fullmatch(r"(kernels|process|memory|provisioner|zygote)\.[a-z_]+", name) and not name.endswith(".py"):
            module, attribute = name.split(".")
            assert hasattr(importlib.import_module(f"rulebook.site.{module}"), attribute), f"{doc} names {name}"


def test_the_entry_point_the_docs_name_is_the_one_declared():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][provisioner.GROUP]
    assert list(declared) == [provisioner.NAME] == ["rulebook-zygote"]
    for doc in ("docs/site.md", "docs/security.md"):
        assert f"`{provisioner.NAME}`" in (ROOT / doc).read_text()
    assert "python -m rulebook.site.kernel_launch <MB> -- <kernel command>" in (ROOT / "docs/security.md").read_text()


def test_the_architectures_site_row_names_the_site_modules_that_exist():
    row = next(line for line in (ROOT / "docs/architecture.md").read_text().splitlines() if line.startswith("| Site, server side"))
    named = {name for name in _mentions(row) if name.endswith(".py")}
    assert "provisioner.py" in named
    assert all((ROOT / "rulebook" / "site" / Path(name).name).is_file() for name in named), named
