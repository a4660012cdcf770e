"""Sites for the security tests (issue 17): ``start_secure_site(label, limits, **SiteOptions fields)``.

The site serves ``tests/security/notebooks`` (a widget page, and a page that
shows the client address its kernel was given), without preheated kernels
unless asked, so every page is a kernel started for it; its log goes to
``test-artifacts/``. A support module (not the conftest) so test modules can
import it under one name whatever other conftest files the run holds.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from rulebook.site.limits import LimitSettings
from tests.support.site_process import SiteProcess, free_port
from rulebook.site.serve import SiteOptions

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
NOTEBOOKS = REPO / "tests" / "security" / "notebooks"


def start_secure_site(label: str, limits: LimitSettings | None = None, **fields) -> SiteProcess:
    """A site on the security notebooks with ``limits``, its own data folder, its log in ``test-artifacts/``."""
    port = free_port()
    fields.setdefault("preheat", False)
    fields.setdefault("data", Path(tempfile.mkdtemp(prefix=f"rulebook-security-{port}-")))
    fields.setdefault("cull_grace", 4)
    options = SiteOptions(port=port, notebooks=NOTEBOOKS, limits=limits or LimitSettings(), **fields)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[:80]
    return SiteProcess(options, log_path=ARTIFACTS / f"security-{name}-{port}.log").start()
