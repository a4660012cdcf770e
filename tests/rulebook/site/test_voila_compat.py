"""The wall around Voilà's insides (rulebook.site.voila_compat): versions, handler table, handshake, fences."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.site import voila_compat

REPO = Path(__file__).resolve().parents[3]


def test_the_installed_versions_are_the_tested_ones():
    refusals, warnings = voila_compat.version_problems()
    assert refusals == [] and warnings == []
    assert voila_compat.check_versions() == []


def test_an_untested_voila_is_refused_with_the_tested_versions_named():
    installed = {**voila_compat.TESTED, "voila": "0.6.0"}
    with pytest.raises(SystemExit) as refused:
        voila_compat.check_versions(installed)
    message = str(refused.value)
    assert "voila 0.6.0 is installed" in message and "voila 0.5.13" in message
    assert "tornado 6.6.1" in message and "voila_compat.py" in message
    missing = {**voila_compat.TESTED, "voila": None}
    with pytest.raises(SystemExit, match=r"voila \(not installed\)"):
        voila_compat.check_versions(missing)


def test_another_tornado_is_only_a_warning():
    warnings = voila_compat.check_versions({**voila_compat.TESTED, "tornado": "7.0"})
    assert warnings == ["tornado 7.0 is installed; the site was checked against tornado 6.6.1"]


def test_rulebook_serve_refuses_an_untested_voila(tmp_path):
    """The real command: Voilà's version is faked through importlib.metadata, nothing else changes."""
    script = (
        "import importlib.metadata as m, sys\n"
        "real = m.version\n"
        "m.version = lambda name: '9.9.9' if name == 'voila' else real(name)\n"
        "from rulebook.cli import main\n"
        f"sys.exit(main(['serve', '--notebooks', {str(tmp_path)!r}, '--data', {str(tmp_path / 'data')!r}, '--port', '1']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "refusing to start on an untested Voilà" in done.stderr and "voila 9.9.9" in done.stderr
    assert "voila 0.5.13" in done.stderr
    assert not (tmp_path / "data").exists()  # refused before anything was made


def test_only_the_wall_reaches_into_the_internals():
    pattern = re.compile(r"\b(_pools|_kernels|_finished|_headers_written|voila_kernel_manager_factory|_waiters|_get_cached_version)\b")
    offenders = []
    for path in (REPO / "rulebook").rglob("*.py"):
        if path.name == "voila_compat.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_wall_imports_nothing_heavy():
    """Kernels import it (the preheat handshake): neither Voilà nor Tornado may come with it."""
    code = "import sys, rulebook.site.voila_compat; print(sorted(m for m in ('voila', 'tornado', 'jupyter_server') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_the_handler_table_is_rewritten_by_role():
    classes = voila_compat.voila_handler_classes()

    class Mine:
        pass

    def wrap(cls):
        return type(f"Wrapped{cls.__name__}", (cls,), {})

    rules = [("/a", classes["page"], {"x": 1}), ("/b", classes["tree"]), ("/c", Mine), ("/d",)]
    table = voila_compat.replace_handlers(rules, {"page": Mine, "tree": None}, wrap)
    assert table[0] == ("/a", Mine, {"x": 1})
    assert table[1][0] == "/c" and table[1][1].__name__ == "WrappedMine"
    assert table[2] == ("/d",)
    assert len(table) == 3


def test_the_request_info_url_is_voilas():
    env = {"VOILA_APP_PORT": "9000", "VOILA_KERNEL_ID": "abc", "VOILA_SERVER_URL": "/x/"}
    assert voila_compat.request_info_url(env) == "ws://127.0.0.1:9000/x/voila/query/abc"
    from voila.utils import ENV_VARIABLE

    assert ENV_VARIABLE.VOILA_APP_PORT == "VOILA_APP_PORT" and ENV_VARIABLE.VOILA_SERVER_URL == "VOILA_SERVER_URL"


def test_the_manager_hooks_exist_on_voilas_manager():
    from voila.app import voila_kernel_manager_factory

    names = voila_compat._manager_attributes(voila_kernel_manager_factory)
    assert set(voila_compat.MANAGER_HOOKS) <= names
