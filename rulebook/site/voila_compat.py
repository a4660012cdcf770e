"""The one wall between the site and the insides of Voilà, jupyter_server, jupyter_client and Tornado.

The site changes Voilà's behaviour in places Voilà offers no hook for: its
kernel pools, its handler table, its preheat handshake, Tornado's response
state. Each such reach is here, and only here, with what it replaces and the
versions it was read against, so that an upgrade is one file to re-read
(``grep -rn "_pools\\|_kernels\\b\\|_finished\\|_headers_written\\|voila_kernel_manager_factory\\|JINJA_EXTENSIONS" rulebook/``
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
from contextlib import contextmanager
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


# ----- jupyter_client / jupyter_server: the kernel manager's tables ------------------------------------
def kernel_table(manager: Any) -> dict[str, Any]:
    """The manager's running kernels by id.

    Replaces reading ``MultiKernelManager._kernels`` (jupyter_client 8.10.0):
    ``list_kernel_ids()`` copies it, and the cap counts it many times a
    second; the culler also needs the kernel object (``last_activity``).
    """
    return manager._kernels


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
    "Voila.listen": ("", "starts the site's timers (pool refills, kernel watch, table purge) before Voilà's loop"),
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
    "JupyterHandler.prepare": ("*, _redirect_to_login", "the site's 404 page for any unknown address"),
    # jupyter_server/services/kernels/websocket.py, voila/tornado/kernel_websocket_handler.py
    "KernelWebsocketHandler.get": ("kernel_id", "websockets counted per kernel and per visitor, refused past the caps"),
    "KernelWebsocketHandler.on_message": ("ws_message", "every message marks its page present (silent pages are culled)"),
    "KernelWebsocketHandler.on_close": ("", "the websocket's count goes back"),
    "VoilaKernelWebsocketHandler.write_message": ("message, binary", "a kernel's tracebacks never reach the visitor"),
    # voila/voila_kernel_manager.py (the class voila_kernel_manager_factory builds)
    "VoilaKernelManager.__init__": ("**kwargs", "the cap's state exists before Voilà fills its pools; the pools are filled in the house's order"),
    "VoilaKernelManager.get_rendered_notebook": (
        "notebook_name, extra_kernel_env_variables, **kwargs",
        "a page takes a pooled kernel: its promise is kept, a dead kernel is replaced, Voilà's refill is the taken kernel's",
    ),
    "VoilaKernelManager.fill_if_needed": (
        "delay, notebook_name, extra_kernel_env_variables, **kwargs",
        "refills never past the cap or the pools' budget, and deferred while pages open",
    ),
    "VoilaKernelManager.shutdown_kernel": ("kernel_id, *args, **kwargs", "forgets when the kernel was handed to a page"),
    "VoilaKernelManager.cull_kernel_if_idle": ("kernel_id", "never culls a kernel still starting or handed to a page under a minute ago"),
    # jupyter_client/manager.py (the class of each kernel: memory.WalledKernelManager)
    "KernelManager.format_kernel_cmd": ("extra_arguments", "the kernel's command starts behind a memory wall (kernel_launch.py), unless its provisioner sets the wall (provisioner.py)"),
    # jupyter_server/services/kernels/kernelmanager.py (also the bases of Voilà's manager without preheating)
    "MappingKernelManager.start_kernel": ("*, kernel_id, path, **kwargs", "a page's own kernel starts only in a slot it reserved"),
    "AsyncMappingKernelManager.__init__": ("**kwargs", "the cap's state (no pools without preheating)"),
    "MappingKernelManager.shutdown_kernel": ("kernel_id, now, restart", "forgets when the kernel was handed to a page"),
    "MappingKernelManager.cull_kernel_if_idle": ("kernel_id", "never culls a kernel still starting or handed to a page under a minute ago"),
}

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


def request_info_waiting(kernel_id: str) -> bool:
    """Whether a request-info websocket is already open for ``kernel_id``.

    Replaces reading ``RequestInfoSocketHandler._waiters`` (voila 0.5.13):
    the last socket opened for a kernel id receives its visitor's request.
    """
    from voila.request_info_handler import RequestInfoSocketHandler

    return kernel_id in RequestInfoSocketHandler._waiters


# ----- tornado: the response's state (web.py, 6.6.1) ----------------------------------------------------
def response_finished(handler: Any) -> bool:
    """Whether ``finish()`` was called on ``handler`` (Tornado's ``RequestHandler._finished``; no public reader)."""
    return bool(handler._finished)


def headers_sent(handler: Any) -> bool:
    """Whether ``handler``'s headers went out (``RequestHandler._headers_written``; no public reader)."""
    return bool(handler._headers_written)


def static_file_version(handler: Any, absolute_path: str) -> str | None:
    """The hash Tornado keeps of a static file, or None (``StaticFileHandler._get_cached_version``, tornado 6.6.1).

    Replaces calling that private class method from ``assets.py``: a ``?v=``
    URL is cached for a year only when its version is the file's own hash.
    """
    return handler._get_cached_version(absolute_path)


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
