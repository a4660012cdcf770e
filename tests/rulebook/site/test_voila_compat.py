"""The wall around Voilà's insides (rulebook.site.voila_compat): versions, handler table, handshake, fences."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.site import voila_compat
from tests.support.site_process import free_port

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


def serve_patched(patch: str, notebooks: Path, data: Path, port: int) -> subprocess.CompletedProcess:
    """``rulebook serve`` in a fresh Python after ``patch`` (lines run first); it must exit, not serve."""
    script = (
        "import sys\n" + patch + "from rulebook.cli import main\n"
        f"sys.exit(main(['serve', '--notebooks', {str(notebooks)!r}, '--data', {str(data)!r}, '--port', '{port}']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    return done


def test_rulebook_serve_refuses_an_untested_voila(tmp_path):
    """The real command: Voilà's version is faked through importlib.metadata, nothing else changes."""
    patch = (
        "import importlib.metadata as m\n"
        "real = m.version\n"
        "m.version = lambda name: '9.9.9' if name == 'voila' else real(name)\n"
    )
    done = serve_patched(patch, tmp_path, tmp_path / "data", 1)
    assert "refusing to start on an untested Voilà" in done.stderr and "voila 9.9.9" in done.stderr
    assert "voila 0.5.13" in done.stderr
    assert not (tmp_path / "data").exists()  # refused before anything was made


def test_only_the_wall_reaches_into_the_internals():
    names = reached_names("private attribute") | reached_names("patched global")
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\b")
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


def site_classes() -> list[type]:
    """The site's classes that subclass Voilà's: the app, its handlers, and the capped manager over Voilà's own."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from rulebook.site import app
    from rulebook.site.kernels import cap_base, capped_kernel_manager

    from jupyter_server.base.handlers import APIHandler, FileFindHandler

    from rulebook.site.assets import with_compressed_static

    handlers = [value for value in vars(app).values() if isinstance(value, type) and value.__module__ == app.__name__]
    # what the handler table makes of jupyter_server's file and API handlers (app.with_site_errors, assets.py)
    handlers += [with_compressed_static(app.with_site_errors(FileFindHandler)), app.with_site_errors(APIHandler)]
    base = cap_base(AsyncMappingKernelManager, 4)  # as RulebookVoila gives it to Voilà (multi_kernel_manager_class)
    pooled = capped_kernel_manager(voila_compat.real_kernel_manager(base), 4)
    unpooled = capped_kernel_manager(voila_compat.real_kernel_manager(base, preheat=False), 4)
    from rulebook.site.memory import WalledKernelManager

    return [*handlers, pooled, unpooled, WalledKernelManager]


def test_the_cap_beneath_voilas_pool_class_overrides_only_jupyter_servers_methods():
    """Given to Voilà as its kernel manager class, the cap's base part runs beneath Voilà's own methods."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from rulebook.site.kernels import cap_base, capped_kernel_manager

    pooled = capped_kernel_manager(voila_compat.real_kernel_manager(cap_base(AsyncMappingKernelManager, 4)), 4)
    names = [cls.__name__ for cls in pooled.__mro__]
    assert names.index("CappedKernelManager") < names.index("VoilaKernelManager") < names.index("CapBase")
    # built the other way (the whole cap above Voilà's class), it would override Voilà's shutdown_kernel: refused
    above = capped_kernel_manager(voila_compat.real_kernel_manager(AsyncMappingKernelManager), 4)
    assert any("VoilaKernelManager.shutdown_kernel" in problem for problem in voila_compat.override_problems(above))


def test_every_override_of_voila_is_declared_and_fits_the_installed_version():
    classes = site_classes()
    assert {cls.__name__ for cls in classes} >= {"RulebookVoila", "SitePageHandler", "SiteKernelWebsocket", "CappedKernelManager"}
    assert [problem for cls in classes for problem in voila_compat.override_problems(cls)] == []
    voila_compat.check_overrides(classes)  # does not raise
    # every declared override is one the site makes (the list is not a wish list)
    made = set()
    for cls in classes:
        for index, part in enumerate(cls.__mro__):
            if part.__module__.startswith("rulebook"):
                for name in part.__dict__:
                    owner = next((b for b in cls.__mro__[index + 1:] if name in b.__dict__ and not b.__module__.startswith("rulebook")), None)
                    if owner is not None:
                        made.add(f"{owner.__name__}.{name}")
    assert set(voila_compat.OVERRIDES) <= made


def test_an_undeclared_override_is_named():
    from rulebook.site.app import SitePageHandler

    class Sloppy(SitePageHandler):
        def redirect_to_file(self, path):  # noqa: ANN001, ANN202 - VoilaHandler's, not declared
            return None

    problems = voila_compat.override_problems(Sloppy)
    assert problems == ["Sloppy.redirect_to_file overrides voila.handler.VoilaHandler.redirect_to_file, which OVERRIDES does not declare"]
    with pytest.raises(SystemExit, match="redirect_to_file"):
        voila_compat.check_overrides([Sloppy])


def test_a_method_voila_re_signed_is_named(monkeypatch):
    from rulebook.site.app import SitePageHandler

    key = "VoilaHandler.should_use_rendered_notebook"
    monkeypatch.setitem(voila_compat.OVERRIDES, key, ("notebook_data, pool_size", "as if Voilà had dropped three parameters"))
    assert voila_compat.override_problems(SitePageHandler) == [
        f"{key} now takes (notebook_data, pool_size, template_name, theme, request_args);"
        " the site's override was written for (notebook_data, pool_size)"
    ]


def test_a_method_voila_dropped_is_named(monkeypatch):
    library = type("FillingManager", (), {"__module__": "voila.voila_kernel_manager"})

    class Site(library):
        def fill_up(self) -> None: ...

    monkeypatch.setitem(voila_compat.OVERRIDES, "FillingManager.fill_up", ("", "a method Voilà no longer has"))
    assert voila_compat.override_problems(Site) == ["FillingManager.fill_up is gone: Site.fill_up is never called"]


def test_parameters_keep_names_and_kinds_only():
    def method(self, a: int, b=2, *rest, c, **more): ...  # noqa: ANN001, ANN002, ANN003, ANN202

    def keyword_only(self, *, kernel_id=None, **kwargs): ...  # noqa: ANN001, ANN003, ANN202

    assert voila_compat.parameters(method) == "a, b, *rest, c, **more"
    assert voila_compat.parameters(keyword_only) == "*, kernel_id, **kwargs"


def test_rulebook_serve_refuses_overrides_that_no_longer_fit(tmp_path):
    """The real command, with one declared signature made wrong: the site stops at start and names the method."""
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    patch = (
        "from rulebook.site import voila_compat\n"
        "voila_compat.OVERRIDES['VoilaKernelManager.fill_if_needed'] = ('delay', 'made wrong by the test')\n"
    )
    done = serve_patched(patch, notebooks, tmp_path / "data", free_port())
    assert "overrides of Voilà no longer fit" in done.stderr
    assert "VoilaKernelManager.fill_if_needed now takes (delay, notebook_name, extra_kernel_env_variables, **kwargs)" in done.stderr


# ----- the inventory of reaches (issue 33 item 2): each one counted, each one with its reason ------------
TEMPLATES = REPO / "rulebook" / "site" / "templates"


def test_every_override_says_why_no_public_hook_serves():
    assert set(voila_compat.OVERRIDE_REASONS) == set(voila_compat.OVERRIDES)
    assert all(reason.strip() for reason in voila_compat.OVERRIDE_REASONS.values())


def test_every_other_reach_says_why_and_is_of_a_known_kind():
    assert voila_compat.REACHES
    for reach in voila_compat.REACHES:
        assert reach.kind in voila_compat.KINDS and reach.kind != "override"
        assert reach.name.strip() and reach.where.strip() and reach.why.strip()
    assert len({(r.kind, r.name) for r in voila_compat.REACHES}) == len(voila_compat.REACHES)


def test_the_counts_are_the_inventorys():
    counts = voila_compat.counts()
    assert list(counts) == list(voila_compat.KINDS)
    assert counts["override"] == len(voila_compat.OVERRIDES)
    assert sum(counts.values()) == len(voila_compat.inventory())
    done = subprocess.run([sys.executable, "-m", "rulebook.site.voila_compat"], capture_output=True, text=True,
                          timeout=60, check=True)
    assert f"{counts['private attribute']:3d} private attribute" in done.stdout


def reached_names(kind: str) -> set[str]:
    """The last dotted part of each declared reach of ``kind`` (the name a grep finds)."""
    return {reach.name.split()[0].rsplit(".", 1)[-1] for reach in voila_compat.REACHES if reach.kind == kind}


def test_each_declared_private_attribute_and_global_is_reached_in_the_wall():
    """The list is not a wish list: each name is read in voila_compat.py (and, by the test above, nowhere else)."""
    tree = ast.parse((REPO / "rulebook" / "site" / "voila_compat.py").read_text(encoding="utf-8"))
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    used |= {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}  # getattr(x, "_pools")
    assert reached_names("private attribute") | reached_names("patched global") <= used


def test_the_js_shims_are_the_declared_ones():
    """Every browser API a site template replaces (``window.fetch = ...``) is a declared JS shim, and the reverse."""
    assigned = set()
    for path in TEMPLATES.rglob("*"):
        if path.is_file() and path.suffix in {".js", ".j2", ".html"}:
            for api in re.findall(r"\bwindow\.(fetch|WebSocket|XMLHttpRequest|EventSource)\s*=(?!=)", path.read_text("utf-8")):
                assigned.add((path.name, api))
    declared = {
        (reach.where, api)
        for reach in voila_compat.REACHES
        if reach.kind == "JS shim"
        for api in re.findall(r"window\.(\w+)", reach.name)
    }
    assert assigned == declared


def test_a_static_files_version_is_tornados_hash_of_it_and_follows_an_edit(tmp_path):
    import os

    import tornado.web

    handler = object.__new__(tornado.web.StaticFileHandler)  # only its class is asked
    path = tmp_path / "a.js"
    path.write_text("one")
    first = voila_compat.static_file_version(handler, str(path))
    assert first == tornado.web.StaticFileHandler.get_content_version(str(path))
    path.write_text("two!")
    os.utime(path, ns=(path.stat().st_mtime_ns + 1_000_000, path.stat().st_mtime_ns + 1_000_000))
    assert voila_compat.static_file_version(handler, str(path)) == tornado.web.StaticFileHandler.get_content_version(str(path)) != first
    assert voila_compat.static_file_version(handler, str(tmp_path / "missing.js")) is None
