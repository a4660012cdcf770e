"""Sites for the security tests (issue 17): each test file starts its own on 127.0.0.1, with the limits it attacks.

The site serves ``tests/security/notebooks`` (a widget page and a page that
shows the client address its kernel was given), without preheated kernels
unless a test asks, so every page is a kernel started for it. Visitors are
raw clients (``tests/support/raw_kernel.py``); none of these tests needs a
browser.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rulebook.site.limits import LimitSettings
from rulebook.site.process import SiteProcess, free_port
from rulebook.site.serve import SiteOptions

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


def start_secure_site(label: str, limits: LimitSettings | None = None, **fields) -> SiteProcess:
    """A site on the security notebooks with ``limits``, its own data folder, its log in ``test-artifacts/``."""
    port = free_port()
    fields.setdefault("preheat", False)
    fields.setdefault("data", Path(tempfile.mkdtemp(prefix=f"rulebook-security-{port}-")))
    fields.setdefault("cull_grace", 4)
    options = SiteOptions(port=port, notebooks=NOTEBOOKS, limits=limits or LimitSettings(), **fields)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[:80]
    return SiteProcess(options, log_path=ARTIFACTS / f"security-{name}-{port}.log").start()


@pytest.fixture
def secure_site(request) -> Iterator[Callable[..., SiteProcess]]:
    """``secure_site(limits, **SiteOptions fields)`` starts a site, stopped after the test."""
    started: list[SiteProcess] = []

    def start(limits: LimitSettings | None = None, **fields) -> SiteProcess:
        site = start_secure_site(request.node.name, limits, **fields)
        started.append(site)
        return site

    try:
        yield start
    finally:
        for site in started:
            site.stop()
