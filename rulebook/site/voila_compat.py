"""The one wall between the site and the insides of Voilà, jupyter_server, jupyter_client and Tornado.

The site changes Voilà's behaviour in places Voilà offers no hook for: its
kernel pools, its handler table, its preheat handshake, nbconvert's Jinja
environments. Each such reach is here, and only here, with what it replaces and the
versions it was read against, so that an upgrade is one file to re-read
(``grep -rn "_pools\\|voila_kernel_manager_factory\\|JINJA_EXTENSIONS" rulebook/``
finds nothing else). The methods of Voilà and jupyter_server that the
site's classes override are declared here too (``OVERRIDES``), each with the
parameters it had and what the site changes. ``rulebook serve`` refuses to
start on a Voilà it was not checked against (``check_versions``) or when an
override no longer fits the installed classes (``check_overrides``).

Checked against: voila 0.5.13, jupyter_server 2.21.1, jupyter_client 8.10.0,
tornado 6.6.1, nbconvert 7.17.2 (``TESTED``).

This module is imported by kernels too (``request.py``: the preheat
handshake), so it imports nothing but the standard library at the top:
Voilà and Tornado are imported inside the functions that need them.
"""

from __future__ import annotations

import inspect
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from typing import Any, Callable, Iterator, Mapping

#: The versions every reach below was read against. Voilà must match exactly
#: (its private pool and handshake change between minor versions); the others
#: are reported when they differ, and the site's tests are what vouch for them.
TESTED: dict[str, str] = {
    "voila": "0.5.13",
    "jupyter_server": "2.21.1",
    "jupyter_client": "8.10.0",
    "tornado": "6.6.1",
    "nbconvert": "7.17.2",
}
#: The packages whose version must be exactly the tested one for the site to start.
STRICT = ("voila",)


def installed_version(package: str) -> str | None:
    """The installed version of ``package`` (None when it is not installed)."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def version_problems(installed: Mapping[str, str | None] | None = None) -> tuple[list[str], list[str]]:
    """``(refusals, warnings)``: packages at versions the site was not checked against.

    A refusal is a package of ``STRICT`` at another version (or missing); a
    warning, any other package of ``TESTED`` at another version.
    """
    found = {name: installed_version(name) for name in TESTED} if installed is None else dict(installed)
    refusals: list[str] = []
    warnings: list[str] = []
    for name, tested in TESTED.items():
        have = found.get(name)
        if have == tested:
            continue
        line = f"{name} {have or '(not installed)'} is installed; the site was checked against {name} {tested}"
        (refusals if name in STRICT else warnings).append(line)
    return refusals, warnings


def check_versions(installed: Mapping[str, str | None] | None = None) -> list[str]:
    """Raise ``SystemExit`` with a clear message on an untested Voilà; return the warnings for the others."""
    refusals, warnings = version_problems(installed)
    if refusals:
        tested = ", ".join(f"{name} {version}" for name, version in TESTED.items())
        raise SystemExit(
            "rulebook serve: refusing to start on an untested Voilà.\n  "
            + "\n  ".join(refusals)
            + f"\nThe site reaches into Voilà's insides (rulebook/site/voila_compat.py); it was checked against {tested}."
            "\nInstall the tested version (pip install 'voila==" + TESTED["voila"] + "'), or re-read"
            " voila_compat.py against the new one, update TESTED and run tests/rulebook/site and tests/browser."
        )
    return warnings


# ----- the methods of Voilà / jupyter_server the site's classes override ------------------------------
#: Every method of a Voilà, jupyter_server or jupyter_client class that a class
#: of the site overrides, keyed ``Owner.method``: the parameters it had when
#: read (``TESTED``) and what the site's override changes. ``check_overrides``
#: compares them with the installed classes when the site starts, so an
#: upgrade that renames, moves or re-signs one of them stops ``rulebook serve``
#: with the method named, instead of silently bypassing the site's version
#: (a cap not counted, a refill not deferred). Tornado's own handler methods
#: (``get``, ``prepare``, ``send_error``, ``log_exception``...) are its
#: documented way to subclass and are not listed.
OVERRIDES: dict[str, tuple[str, str]] = {
    # voila/app.py
    "Voila.init_settings": ("", "builds Voilà's kernel manager class with the cap (kernel_manager_factory); adds the site's limits, error pages, compression"),
    "Voila.init_handlers": ("", "the site's handler classes in Voilà's table (replace_handlers), the landing redirect, /rules/, no login pages"),
    # voila/handler.py, voila/tornado/handler.py
    "TornadoVoilaHandler.get": ("path", "a page: the visitor's limits, a pooled kernel promised or a slot reserved before Voilà's first await"),
    "VoilaHandler.should_use_rendered_notebook": (
        "notebook_data, pool_size, template_name, theme, request_args",
        "?template= and ?theme= never skip the pool (the site ignores them); a page holding a slot starts its own kernel",
    ),
    # voila/static_file_handler.py
    "TemplateStaticFileHandler.parse_url_path": ("path", "the versioned board modules and preload paths (assets.py)"),
    # jupyter_server/base/handlers.py
    "JupyterHandler.write_error": ("status_code, **kwargs", "the site's own error pages (jupyter_server's needs a static_path the site has not)"),
    "APIHandler.write_error": ("status_code, **kwargs", "the site's own error pages: no traceback in a JSON error either"),
    "FileFindHandler.get": ("path, include_body", "static files sent compressed once per version (assets.CompressedStatic)"),
    "FileFindHandler.compute_etag": ("", "the tag names the compressed coding"),
    "FileFindHandler.set_headers": ("", "cached a year by version, revalidated otherwise (jupyter_server says no-cache)"),
    # jupyter_server/services/kernels/websocket.py, voila/tornado/kernel_websocket_handler.py
    "KernelWebsocketHandler.get": ("kernel_id", "websockets counted per kernel and per visitor, refused past the caps"),
    "KernelWebsocketHandler.on_message": ("ws_message", "every message marks its page present (silent pages are culled)"),
    "KernelWebsocketHandler.on_close": ("", "the websocket's count goes back"),
    "VoilaKernelWebsocketHandler.write_message": ("message, binary", "a kernel's tracebacks never reach the visitor"),
    # voila/voila_kernel_manager.py (the class voila_kernel_manager_factory builds over kernels.cap_base)
    "VoilaKernelManager.get_rendered_notebook": (
        "notebook_name, extra_kernel_env_variables, **kwargs",
        "a page takes a pooled kernel: its promise is kept, a dead kernel is replaced, Voilà's refill is the taken kernel's",
    ),
    "VoilaKernelManager.fill_if_needed": (
        "delay, notebook_name, extra_kernel_env_variables, **kwargs",
        "refills never past the cap or the pools' budget, and deferred while pages open",
    ),
    # jupyter_client/manager.py (the class of each kernel: memory.WalledKernelManager)
    "KernelManager.format_kernel_cmd": ("extra_arguments", "the kernel's command starts behind a memory wall (kernel_launch.py), unless its provisioner sets the wall (provisioner.py)"),
    # jupyter_server/services/kernels/kernelmanager.py (kernels.cap_base, Voilà's multi_kernel_manager_class; and
    # CappedKernelManager.start_kernel, which Voilà's pool class does not define)
    "MappingKernelManager.start_kernel": ("*, kernel_id, path, **kwargs", "a page's own kernel starts only in a slot it reserved"),
    "AsyncMappingKernelManager.__init__": ("**kwargs", "the cap's state, before Voilà's __init__ fills its pools (they wait for open_pools)"),
    "MappingKernelManager.shutdown_kernel": ("kernel_id, now, restart", "forgets when the kernel was handed to a page"),
    "MappingKernelManager.cull_kernel_if_idle": ("kernel_id", "never culls a kernel still starting or handed to a page under a minute ago"),
}

#: Why no public extension point serves each override of ``OVERRIDES`` (same keys; checked by the tests).
#: Voilà 0.5.13 is the newest Voilà on the package registry: there is no newer upstream hook to move to.
OVERRIDE_REASONS: dict[str, str] = {
    "Voila.init_settings": "Voilà builds its kernel manager inside this method and takes settings only from tornado_settings, "
                           "which is applied after the Application is made (the log function, default handler and "
                           "transforms must be there when it is made)",
    "Voila.init_handlers": "Voilà has no handler hook (no extra_handlers, it is not a jupyter_server extension when run "
                           "as `voila`): its table is a list this method returns",
    "TornadoVoilaHandler.get": "Voilà's page handler has no hook before it takes a kernel; the cap must decide before its "
                               "first await",
    "VoilaHandler.should_use_rendered_notebook": "Voilà's only say on whether a page takes a pooled kernel; no "
                                                 "configuration ignores ?template= and ?theme=",
    "TemplateStaticFileHandler.parse_url_path": "the versioned module paths are the site's own URL scheme under Voilà's "
                                                "static route, which takes no configuration",
    "JupyterHandler.write_error": "Tornado's documented way to change error pages is this method, which jupyter_server "
                                  "defines itself",
    "APIHandler.write_error": "as JupyterHandler.write_error, for the JSON handlers",
    "FileFindHandler.get": "Tornado's static handler has no hook for a stored compressed body; Voilà's handler classes "
                           "take no configuration",
    "FileFindHandler.compute_etag": "the tag must name the compressed coding, and only this method makes it (Tornado's "
                                    "documented hook, which jupyter_server's class defines)",
    "FileFindHandler.set_headers": "jupyter_server sets no-cache here; Tornado's get_cache_time cannot undo it",
    "KernelWebsocketHandler.get": "jupyter_server has no hook to refuse a websocket before its upgrade",
    "KernelWebsocketHandler.on_message": "the public alternative, a kernel_websocket_connection_class, would override "
                                         "jupyter_server's handle_incoming_message instead: a reach all the same",
    "KernelWebsocketHandler.on_close": "jupyter_server's on_close fails on a socket that closed before its kernel "
                                       "connection was made (Tornado calls it all the same); the count goes back here too",
    "VoilaKernelWebsocketHandler.write_message": "Voilà's show_tracebacks=False strips tracebacks from the page, not from "
                                                 "the kernel's websocket messages",
    "VoilaKernelManager.get_rendered_notebook": "no hook when a page takes a pooled kernel (its promise, a dead kernel)",
    "VoilaKernelManager.fill_if_needed": "kernel_pools_config sets a pool's size, not a cap over all kernels, nor a "
                                         "deferral while pages open",
    "KernelManager.format_kernel_cmd": "a provisioner sets the wall when it forks; for the plain start jupyter_client has "
                                       "no hook to prefix the kernel's command",
    "MappingKernelManager.start_kernel": "no hook before a kernel starts: a page's kernel needs its reserved slot",
    "AsyncMappingKernelManager.__init__": "the cap's state must exist before Voilà's __init__ fills its pools; the class "
                                          "comes in through Voilà's public multi_kernel_manager_class (kernels.cap_base)",
    "MappingKernelManager.shutdown_kernel": "no hook when a kernel ends",
    "MappingKernelManager.cull_kernel_if_idle": "jupyter_server's culler has no grace period for a kernel just handed out",
}


@dataclass(frozen=True)
class Reach:
    """One reach into Voilà's, jupyter_server's, nbconvert's or Tornado's insides other than an override."""

    kind: str
    """One of ``KINDS``."""
    name: str
    """What is reached: an attribute, a global, a browser API, a template block, a pattern."""
    where: str
    """The site's file that makes the reach."""
    why: str
    """Why no public extension point serves (the line an upgrade re-reads)."""


#: The kinds of reach, in the order the counts are printed (issue 33 item 2 counts the first four).
KINDS = ("override", "private attribute", "patched global", "JS shim", "copied template block",
         "re-implemented protocol", "regex on bundled JS")

#: Every reach but the overrides (those are ``OVERRIDES``), each with why no public extension point serves.
REACHES: tuple[Reach, ...] = (
    Reach("private attribute", "VoilaKernelManager._pools", "kernels.py, metrics.py (pools)",
          "the only record of Voilà's preheated kernels; Voilà has no reader but get_pool_size (a length)"),
    Reach("patched global", "voila.app.voila_kernel_manager_factory", "app.py (kernel_manager_factory)",
          "VoilaConfiguration.multi_kernel_manager_class (which the cap's state, shutdown and culler now use: "
          "kernels.cap_base) is the base Voilà's pool class is built over, so what the pool class defines and does not "
          "pass down (get_rendered_notebook, fill_if_needed) cannot be changed from it"),
    Reach("patched global", "nbconvert.exporters.templateexporter.JINJA_EXTENSIONS", "app.py (share_compiled_templates)",
          "nbconvert has no trait for the extensions or the bytecode cache of the environment it makes per exporter; "
          "Voilà makes an exporter per page"),
    Reach("JS shim", "window.fetch and window.WebSocket", "early_kernel.js",
          "Voilà's front end asks for its kernel only after its scripts ran and has no hook to be handed a kernel "
          "connection made earlier"),
    Reach("JS shim", "window.WebSocket (the watched kernel socket)", "index.html.j2",
          "JupyterLab's kernel connection does not tell a page the close code (4001 memory wall, 4002 silent page, "
          "4003 restarting): only the socket itself does"),
    Reach("copied template block", "notebook_css (voila lab, nbconvert lab)", "index.html.j2",
          "Voilà's block links two CDN stylesheets between its own styles and its super(); a child template can "
          "only take the block whole or replace it (the site's version is its own adaptation, so no test compares "
          "it with Voilà's)"),
    Reach("copied template block", "body_loop (voila lab)", "index.html.j2",
          "Jinja's generate() does not stream a block's super() (pallets/jinja#1044); the early kernel script goes "
          "between the page config and the cells (test_serve checks the copy against Voilà's block)"),
    Reach("re-implemented protocol", "the preheat handshake (voila.utils.wait_for_request)", "request.py",
          "importing voila.utils in a kernel imports the whole server (~2 s, ~48 MB per kernel)"),
    Reach("regex on bundled JS", "the MathJax plugin's webpack chunk and module ids in voila.js", "assets.py (typesetter_module)",
          "Voilà registers the plugin itself: disabledExtensions does not reach it"),
    Reach("regex on bundled JS", "the webpack JSONP chunk format", "assets.py (is_chunk)",
          "no manifest says which chunks are plain; the joined bundle needs it"),
)


def counts() -> dict[str, int]:
    """How many reaches of each kind the site makes (``OVERRIDES`` and ``REACHES``), in ``KINDS``' order."""
    found = {kind: 0 for kind in KINDS}
    found["override"] = len(OVERRIDES)
    for reach in REACHES:
        found[reach.kind] += 1
    return found


def inventory() -> list[tuple[str, str, str]]:
    """Every reach as ``(kind, name, why no public extension point serves)``, overrides first."""
    rows = [("override", key, OVERRIDE_REASONS.get(key, "")) for key in OVERRIDES]
    return rows + [(reach.kind, reach.name, reach.why) for reach in REACHES]


#: The packages whose classes' overridden methods must be declared in ``OVERRIDES``.
CHECKED_PACKAGES = ("voila", "jupyter_server", "jupyter_client")
#: Where the site's own classes live (the tests' subclasses included).
SITE_PACKAGES = ("rulebook", "tests", "__main__")


def parameters(function: Callable[..., Any]) -> str:
    """A method's parameters after ``self`` as a short text: names, ``*`` and ``**`` (no defaults, no types).

    Defaults and annotations change between releases without changing a
    call; names, order and kinds are what an override must match.
    """
    shown: list[str] = []
    starred = False
    for parameter in list(inspect.signature(function).parameters.values())[1:]:
        if parameter.kind is parameter.VAR_POSITIONAL:
            shown.append("*" + parameter.name)
            starred = True
        elif parameter.kind is parameter.VAR_KEYWORD:
            shown.append("**" + parameter.name)
        else:
            if parameter.kind is parameter.KEYWORD_ONLY and not starred:
                shown.append("*")
                starred = True
            shown.append(parameter.name)
    return ", ".join(shown)


def _checked(cls: type) -> bool:
    return cls.__module__.split(".")[0] in CHECKED_PACKAGES


def override_problems(site_class: type) -> list[str]:
    """What does not hold in ``site_class``'s overrides of Voilà / jupyter_server methods (empty: all hold).

    Three things are checked, each against the installed classes:
    every such override is declared in ``OVERRIDES``; the method overridden
    still has the parameters declared; and each declared method the site
    class defines still exists on its owner (a method Voilà dropped would
    leave the site's version never called).
    """
    problems: list[str] = []
    mro = site_class.__mro__
    # the site's part of the class: its own classes and mixins (a test's too)
    site_part = [cls for cls in mro if cls.__module__.split(".")[0] in SITE_PACKAGES]
    for index, cls in enumerate(mro):
        if cls not in site_part:
            continue
        for name, value in cls.__dict__.items():
            if not inspect.isfunction(value):
                continue
            owner = next((base for base in mro[index + 1:] if name in base.__dict__ and base not in site_part), None)
            if owner is None:
                gone = [key for key in OVERRIDES if key.endswith("." + name) and key.split(".")[0] in {b.__name__ for b in mro}]
                problems += [f"{key} is gone: {site_class.__name__}.{name} is never called" for key in gone]
                continue
            if not _checked(owner):
                continue
            key = f"{owner.__name__}.{name}"
            if key not in OVERRIDES:
                problems.append(f"{site_class.__name__}.{name} overrides {owner.__module__}.{key}, which OVERRIDES does not declare")
                continue
            declared, _ = OVERRIDES[key]
            found = parameters(owner.__dict__[name])
            if found != declared:
                problems.append(f"{key} now takes ({found}); the site's override was written for ({declared})")
    return sorted(set(problems))


def check_overrides(site_classes: list[type]) -> None:
    """Raise ``SystemExit`` naming every override of Voilà / jupyter_server that no longer fits (``override_problems``)."""
    problems = sorted({problem for cls in site_classes for problem in override_problems(cls)})
    if problems:
        raise SystemExit(
            "rulebook serve: the site's overrides of Voilà no longer fit the installed version.\n  "
            + "\n  ".join(problems)
            + "\nRe-read rulebook/site/voila_compat.py (OVERRIDES) against the installed Voilà and jupyter_server."
        )


# ----- voila: the preheated kernel pools (voila_kernel_manager.py, 0.5.13) -----------------------------
def pools(manager: Any) -> dict[str, list[Any]] | None:
    """Voilà's pools: notebook name -> list of tasks, each starting one preheated kernel (None: no pools).

    Replaces ``VoilaKernelManager._pools`` (voila 0.5.13): the only record
    of the pooled kernels. A task's result is ``pool_entry``'s dict.
    """
    return getattr(manager, "_pools", None)


def pool_entry(task: Any) -> dict[str, Any] | None:
    """A pool task's result (``{"kernel_id", "task", "renderer"}`` in Voilà 0.5.13) once its kernel runs, else None."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return None
    entry = task.result()
    return entry if isinstance(entry, dict) and entry.get("kernel_id") else None


def pool_config_size(manager: Any, notebook_name: str | None) -> int:
    """A notebook's configured pool size, read as Voilà 0.5.13's ``fill_if_needed`` reads ``kernel_pools_config``."""
    config = getattr(manager, "kernel_pools_config", {}) or {}
    default = config.get("default", {})
    return int(config.get(notebook_name, default).get("pool_size", default.get("pool_size", 1)))


# ----- nbconvert: the Jinja environment of each page's exporter (exporters/templateexporter.py, 7.17.2) ------------
def share_compiled_templates() -> None:
    """Every Jinja environment nbconvert makes in this process shares one cache of compiled templates.

    Appends ``jinja_cache.SharedTemplateCode`` to the module global
    ``nbconvert.exporters.templateexporter.JINJA_EXTENSIONS`` (nbconvert
    7.17.2), the extensions ``TemplateExporter._create_environment`` gives
    each environment: Voilà makes an exporter, so an environment, per page
    and offers no hook for its templates (``jinja_cache``). Idempotent.
    """
    from nbconvert.exporters import templateexporter

    from .jinja_cache import EXTENSION_PATH

    if EXTENSION_PATH not in templateexporter.JINJA_EXTENSIONS:
        templateexporter.JINJA_EXTENSIONS.append(EXTENSION_PATH)


@contextmanager
def kernel_manager_factory(wrap: Callable[[type], type]) -> Iterator[None]:
    """Within the block, the kernel manager class Voilà builds is ``wrap(<its class>)``.

    Replaces the module global ``voila.app.voila_kernel_manager_factory``
    (voila 0.5.13): ``Voila.init_settings`` builds its kernel manager class
    with it and offers no other way to add to the class. Put back after.
    """
    import voila.app as voila_app

    original = voila_app.voila_kernel_manager_factory

    def factory(base, preheat, pool_size, page_config_hook=None):  # noqa: ANN001, ANN202 - Voilà's signature
        site_class = wrap(original(base, preheat, pool_size, page_config_hook=page_config_hook))
        check_overrides([site_class])
        return site_class

    voila_app.voila_kernel_manager_factory = factory
    try:
        yield
    finally:
        voila_app.voila_kernel_manager_factory = original


def real_kernel_manager(base: type, preheat: bool = True, pool_size: int = 1) -> type:
    """Voilà's own kernel manager class over ``base`` (for the tests that run the cap on the real thing)."""
    import voila.app as voila_app

    return voila_app.voila_kernel_manager_factory(base, preheat, pool_size)


# ----- voila: the page handler's choice of a pooled kernel (handler.py, 0.5.13) ------------------------
def takes_pooled_kernel(handler: Any, path: str, request_args: Any) -> bool:
    """Whether Voilà's page handler will take a preheated kernel for ``path`` (its own test, asked early).

    Replaces repeating ``VoilaHandler.get_generator``'s reading of
    ``notebook_data`` / ``get_pool_size`` (voila 0.5.13): the site must
    know before the first ``await`` whether the page takes a pooled kernel
    or needs a slot.
    """
    manager = handler.kernel_manager
    try:
        data = manager.notebook_data.get(path, {})
        pool = manager.get_pool_size(path)
    except AttributeError:
        return False
    return bool(handler.should_use_rendered_notebook(data, pool, None, None, request_args))


# ----- voila: the handler table (app.py init_handlers, 0.5.13) -----------------------------------------
def voila_handler_classes() -> dict[str, type]:
    """Voilà's handler classes the site replaces in its handler table, by role."""
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    return {
        "page": TornadoVoilaHandler,
        "files": AllowListFileHandler,
        "template_static": TemplateStaticFileHandler,
        "kernel_socket": VoilaKernelWebsocketHandler,
        "request_info": RequestInfoSocketHandler,
        "tree": TornadoVoilaTreeHandler,
    }


def replace_handlers(rules: list[Any], by_role: Mapping[str, type | None], other: Callable[[type], type]) -> list[Any]:
    """Voilà's handler table with each of its classes replaced by the site's (``by_role``; None drops the rule).

    Replaces editing ``Voila.init_handlers``' list by class identity
    (voila 0.5.13 offers no handler hook). ``other`` is applied to every
    other handler class (the site's error pages).
    """
    classes = voila_handler_classes()
    replacement = {classes[role]: cls for role, cls in by_role.items()}
    table = []
    for rule in rules:
        if len(rule) < 2:
            table.append(rule)
            continue
        if rule[1] in replacement:
            if replacement[rule[1]] is None:
                continue
            table.append((rule[0], replacement[rule[1]], *rule[2:]))
        else:
            table.append((rule[0], other(rule[1]), *rule[2:]))
    return table


# ----- tornado: a static file's version (web.py, 6.6.1) ---------------------------------------------
def static_file_version(handler: Any, absolute_path: str) -> str | None:
    """The hash of a static file's content, or None when it cannot be read (Tornado's public ``get_content_version``).

    A ``?v=`` URL is cached for a year only when its version is the file's
    own hash (``assets.py``). Tornado's public ``get_version`` would do it but
    looks the file up under ``settings["static_path"]``, which Voilà's static
    handlers do not use; its cache behind it is private. So the hash is
    Tornado's documented ``get_content_version`` (the handler's class may
    override it), cached here by the file's modification time and size.
    """
    try:
        found = os.stat(absolute_path)
    except OSError:
        return None
    return _content_version(type(handler), absolute_path, found.st_mtime_ns, found.st_size)


@lru_cache(maxsize=1024)
def _content_version(handler_class: Any, absolute_path: str, modified_ns: int, size: int) -> str | None:
    try:
        return handler_class.get_content_version(absolute_path)
    except OSError:
        return None


# ----- voila: the preheat handshake (utils.py wait_for_request, 0.5.13) --------------------------------
def request_info_url(environ: Mapping[str, str]) -> str:
    """Where a preheated kernel hears about its request, built as ``voila.utils.wait_for_request`` builds it.

    Replaces importing ``voila.utils`` in every pooled kernel (it imports the
    whole server: ~2 s and ~48 MB more per kernel); the protocol is one
    websocket message of JSON at ``/voila/query/<kernel id>``.
    """
    protocol = environ.get("VOILA_WS_PROTOCOL", "ws")
    server_ip = environ.get("VOILA_APP_IP", "127.0.0.1")
    server_port = environ.get("VOILA_APP_PORT", "8866")
    server_url = environ.get("VOILA_SERVER_URL", "/")
    ws_base_url = environ.get("VOILA_WS_BASE_URL", server_url)
    kernel_id = environ.get("VOILA_KERNEL_ID")
    return f"{protocol}://{server_ip}:{server_port}{ws_base_url}voila/query/{kernel_id}"


def receive_request_info(url: str, open_timeout: float) -> dict[str, str]:
    """Block until Voilà sends this kernel its request's variables (``websockets``' synchronous client)."""
    from websockets.sync.client import connect

    options: dict[str, Any] = {"open_timeout": open_timeout}
    if "proxy" in inspect.signature(connect).parameters:
        options["proxy"] = None  # websockets >= 15 would follow http_proxy
    with connect(url, **options) as websocket:
        message = websocket.recv()
    info = json.loads(message)
    return {str(k): str(v) for k, v in info.items()} if isinstance(info, dict) else {}


def wait_for_request_with_voila() -> None:
    """Voilà's own handshake (``voila.utils.wait_for_request``), for a ``websockets`` too old to have a sync client."""
    from voila.utils import wait_for_request

    wait_for_request()


def main() -> None:
    """``python -m rulebook.site.voila_compat``: the counts of reaches by kind, then every reach with its reason."""
    for kind, number in counts().items():
        print(f"{number:3d} {kind}")
    print()
    for kind, name, why in inventory():
        print(f"{kind}: {name}\n    {why}")


if __name__ == "__main__":
    main()
