"""The security tests' fixture: ``secure_site(limits, **SiteOptions fields)`` starts a site on 127.0.0.1.

Each test starts the site with the limits it attacks (``tests/support/security_site.py``);
visitors are raw clients (``tests/support/raw_kernel.py``). None of these tests needs a browser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from tests.support.security_site import start_secure_site

from rulebook.site.limits import LimitSettings
from tests.support.site_process import SiteProcess


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
