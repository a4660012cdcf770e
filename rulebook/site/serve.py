"""Voilà configuration of the site, and the function that starts it.

Everything the site decides about Voilà is in ``voila_config``: one place to
read, and a plain dict that the tests check without starting a server.
``command_line`` gives the argv that starts the same server as a subprocess.

The choices (voila 0.5.13; see DESIGN.md "The site"):

- 127.0.0.1 only, never a browser, no port hopping (a busy port is an error,
  not a silent move to another one).
- Template ``rulebook`` (extends ``lab``), and no visitor may pick another:
  ``allow_template_override`` / ``allow_theme_override`` are ``"NO"``, which
  also ignores ``voila.template`` in a notebook's metadata.
- ``strip_sources`` on, ``show_tracebacks`` off, and the error line shown in
  place of a failed cell speaks to a visitor, not to an operator.
- Preheated kernels on by default: a pool of ``pool_size`` kernels for each
  notebook found in the folder at start (``kernel_pools_config``; any other
  notebook gets none). A preheated notebook waits for its visitor in
  ``rulebook.site.request.query_params()``.
- Kernels of closed pages go away twice over: the page's shutdown beacon is
  accepted (the page handler sets the ``_xsrf`` cookie the beacon echoes —
  voila issue 1458), and idle kernels with no open page are culled after
  ``cull_idle_timeout`` seconds (pooled kernels are never culled).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

HOST = "127.0.0.1"
DEFAULT_PORT = 8866
TEMPLATE = "rulebook"
#: Production culling: a page closed without its beacon (a phone that drops
#: a tab, a crash) keeps its kernel for at most ~10 minutes.
DEFAULT_CULL_IDLE_TIMEOUT = 600
DEFAULT_CULL_INTERVAL = 60
DEFAULT_POOL_SIZE = 1

SITE_DIR = Path(__file__).resolve().parent
#: A Jupyter data directory: Voilà finds the template at
#: ``<this>/voila/templates/rulebook`` once it is on ``JUPYTER_PATH``.
TEMPLATES_DATA_DIR = SITE_DIR / "templates"

CELL_ERROR_INSTRUCTION = (
    "このページの準備中にエラーが起きました。 / "
    "Something went wrong while preparing this page."
)
CELL_TIMEOUT_INSTRUCTION = (
    "このページの準備に時間がかかりすぎました。 / "
    "Preparing this page took too long."
)


def default_notebooks_dir() -> Path:
    """The repository's ``notebooks/`` folder (the project is installed editable)."""
    return SITE_DIR.parent.parent / "notebooks"


@dataclass(frozen=True)
class SiteOptions:
    """What ``rulebook serve`` can be told; everything else is fixed."""

    port: int = DEFAULT_PORT
    notebooks: Path = field(default_factory=default_notebooks_dir)
    preheat: bool = True
    pool_size: int = DEFAULT_POOL_SIZE
    cull_idle_timeout: int = DEFAULT_CULL_IDLE_TIMEOUT
    cull_interval: int = DEFAULT_CULL_INTERVAL

    def __post_init__(self) -> None:
        object.__setattr__(self, "notebooks", Path(self.notebooks).resolve())
        if not 0 < self.port < 65536:
            raise ValueError(f"port out of range: {self.port}")
        if self.pool_size < 0:
            raise ValueError(f"pool size must be >= 0: {self.pool_size}")
        if self.cull_idle_timeout < 0 or self.cull_interval <= 0:
            raise ValueError("cull idle timeout must be >= 0 and cull interval > 0")

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    @property
    def preheated_notebooks(self) -> list[str]:
        """Notebooks given a pool of preheated kernels (paths relative to the folder)."""
        if not self.preheat or self.pool_size == 0:
            return []
        return notebooks_in(self.notebooks)

    @property
    def pool_kernels(self) -> int:
        """How many pooled kernels the site keeps running when nobody visits."""
        return self.pool_size * len(self.preheated_notebooks)


def notebooks_in(folder: Path) -> list[str]:
    """The notebooks Voilà preheats in ``folder``, as it finds them (recursive,
    checkpoints and hidden folders left out), relative and sorted."""
    folder = Path(folder)
    found = []
    for path in folder.rglob("*.ipynb"):
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts):
            continue
        found.append(rel.as_posix())
    return sorted(found)


def voila_config(options: SiteOptions) -> dict:
    """The traitlets configuration of the site, as a plain nested dict."""
    config = {
        "Voila": {
            "ip": HOST,
            "port": options.port,
            "port_retries": 0,
            "open_browser": False,
            "root_dir": str(options.notebooks),
            "base_url": "/",
            # no voila.json / voila.py from the working or Jupyter config
            # directories: the site is what this function says
            "config_file_paths": [],
        },
        "VoilaConfiguration": {
            "template": TEMPLATE,
            "theme": "light",
            "allow_template_override": "NO",
            "allow_theme_override": "NO",
            "strip_sources": True,
            "show_tracebacks": False,
            "preheat_kernel": bool(options.preheat and options.pool_size > 0),
            "default_pool_size": options.pool_size if options.preheat else 0,
        },
        "VoilaExecutor": {
            "show_tracebacks": False,
            "cell_error_instruction": CELL_ERROR_INSTRUCTION,
            "cell_timeout_instruction": CELL_TIMEOUT_INSTRUCTION,
        },
        # Voilà's kernel manager class derives from this one: culling settings
        # apply to it, and its pooled kernels are exempt from culling.
        "MappingKernelManager": {
            "cull_idle_timeout": options.cull_idle_timeout,
            "cull_interval": options.cull_interval,
            "cull_connected": False,  # a page still open keeps its kernel
            "cull_busy": False,
        },
    }
    if config["VoilaConfiguration"]["preheat_kernel"]:
        kernel_pools = {"default": {"pool_size": 0}}
        for name in options.preheated_notebooks:
            kernel_pools[name] = {"pool_size": options.pool_size}
        config["VoilaKernelManager"] = {"kernel_pools_config": kernel_pools}
    return config


def jupyter_path_with_template(environ: dict | None = None) -> str:
    """``JUPYTER_PATH`` with the site's template directory in front."""
    environ = os.environ if environ is None else environ
    current = environ.get("JUPYTER_PATH", "")
    parts = [str(TEMPLATES_DATA_DIR)] + [p for p in current.split(os.pathsep) if p]
    seen: list[str] = []
    for p in parts:
        if p not in seen:
            seen.append(p)
    return os.pathsep.join(seen)


def cli_arguments(options: SiteOptions) -> list[str]:
    """The ``rulebook serve`` arguments that reproduce ``options``."""
    args = [
        "serve",
        "--port", str(options.port),
        "--notebooks", str(options.notebooks),
        "--pool-size", str(options.pool_size),
        "--cull-idle-timeout", str(options.cull_idle_timeout),
        "--cull-interval", str(options.cull_interval),
    ]
    if not options.preheat:
        args.append("--no-preheat")
    return args


def command_line(options: SiteOptions, python: str | None = None) -> list[str]:
    """The full argv that starts the site with ``options`` as a subprocess."""
    return [python or sys.executable, "-m", "rulebook.cli", *cli_arguments(options)]


def serve(options: SiteOptions) -> None:
    """Start the site and block until it is stopped (SIGINT / SIGTERM)."""
    if not options.notebooks.is_dir():
        raise SystemExit(f"rulebook serve: no notebooks folder at {options.notebooks}")
    os.environ["JUPYTER_PATH"] = jupyter_path_with_template()
    from traitlets.config import Config

    from .app import RulebookVoila  # imports Voilà: slow, so only here

    app = RulebookVoila(config=Config(voila_config(options)))
    app.initialize(argv=[])
    app.start()
