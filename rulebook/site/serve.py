"""Voilà configuration of the site, and the function that starts it.

Everything the site decides about Voilà is in ``voila_config``: one place to
read, and a plain dict that the tests check without starting a server.
``command_line`` gives the argv that starts the same server as a subprocess.

The choices (voila 0.5.13; see docs/architecture.md "The site"):

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
  ``cull_idle_timeout`` seconds (pooled kernels, kernels still starting and
  kernels handed to a page in the last minute never are: ``kernels.py``).
  A game lives in the table store, so culling a phone's kernel loses
  nothing: the page reloads onto the same table when it comes back.
- At most ``max_kernels`` kernels (default: 70% of the memory at 150 MB
  each); past it, a page gets the "site is full" page, which retries.
- Timeouts for a busy machine: nbclient's IOPub timeout (4 s by default)
  dropped cell output when the CPU was busy and left pages blank; it is 60 s.
- The site's data (``--data``, default ``data/``): the table store
  (``tables.sqlite`` unless ``--db`` names another), kept ``--keep-days``.
  ``serve()`` exports ``RULEBOOK_DB``, ``RULEBOOK_HOUSE`` and
  ``RULEBOOK_MAX_KERNELS`` to the kernels.
"""

from __future__ import annotations

import atexit
import ipaddress
import os
import re
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .limits import (
    DEFAULT_TRUSTED_PROXIES,
    LimitSettings,
    limit_arguments,
    memory_wall_mb,
    parse_trusted_proxies,
    proxy_arguments,
    raise_open_files_limit,
)
from .paths import SITE_DIR, default_notebooks_dir
from rulebook.tables.limits import CLIENT_HEADER, DEFAULT_MAX_STORE_MB, ENV_MAX_STORE_MB

HOST = "127.0.0.1"
"""The address ``rulebook serve`` listens on unless ``--ip`` names another."""
DEFAULT_PORT = 8866
#: A draining server (SIGTERM) closes the pages still open after this many seconds (``--drain-seconds``).
DEFAULT_DRAIN_SECONDS = 600
#: What a server's name may be: it travels in the ``rb_route`` cookie and nginx's map (docs/deploy.md).
SERVER_NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
#: The kernels' variable naming the server they run under (a page can say which server it is on).
ENV_SERVER = "RULEBOOK_SERVER"


def default_server_name(port: int, hostname: str | None = None) -> str:
    """``<short hostname>-<port>``, cleaned to ``[A-Za-z0-9_-]{1,40}``: unique per server of one machine."""
    short = (hostname if hostname is not None else socket.gethostname()).split(".")[0]
    short = re.sub(r"[^A-Za-z0-9_-]+", "-", short).strip("-") or "rulebook"
    suffix = f"-{port}"
    return short[: 40 - len(suffix)] + suffix
TEMPLATE = "rulebook"
#: Production culling: a page closed without its beacon (a phone that drops
#: a tab, a crash) keeps its kernel for about two minutes. The game is in the
#: store, so this costs the visitor a reload, and frees a café's memory soon.
DEFAULT_CULL_IDLE_TIMEOUT = 120
DEFAULT_CULL_INTERVAL = 30
DEFAULT_POOL_SIZE = 1
DEFAULT_CULL_GRACE = 60
DEFAULT_KEEP_DAYS = 90
DEFAULT_DATA_DIR = "data"
HOUSE_FILE = "house.toml"
#: Timeouts of the kernels' cell execution (nbclient): a busy machine is slow, not broken.
IOPUB_TIMEOUT = 60
STARTUP_TIMEOUT = 120
CELL_TIMEOUT = 300
#: Calls that wait for the page's visitor. In a preheated kernel the cell that
#: makes one blocks until somebody opens the page (hours, in a quiet café);
#: under the cell timeout, a pooled kernel older than 5 minutes gave its
#: visitor "Preparing this page took too long" instead of the page.
WAITS_FOR_VISITOR = ("query_params(", "game_page(", "index_page(", "host_page(")


@dataclass(frozen=True)
class CellTimeout:
    """nbclient's ``timeout_func``: no limit for a cell that waits for its visitor, ``seconds`` for the others."""

    seconds: int = CELL_TIMEOUT

    def __call__(self, cell) -> int | None:  # noqa: ANN001 - an nbformat cell
        source = cell.get("source", "") if hasattr(cell, "get") else ""
        if isinstance(source, list):
            source = "".join(source)
        if any(call in source for call in WAITS_FOR_VISITOR):
            return None
        return self.seconds if self.seconds > 0 else None

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


@dataclass(frozen=True)
class SiteOptions:
    """What ``rulebook serve`` can be told; everything else is fixed."""

    port: int = DEFAULT_PORT
    notebooks: Path = field(default_factory=default_notebooks_dir)
    preheat: bool = True
    pool_size: int = DEFAULT_POOL_SIZE
    cull_idle_timeout: int = DEFAULT_CULL_IDLE_TIMEOUT
    cull_interval: int = DEFAULT_CULL_INTERVAL
    data: Path = field(default_factory=lambda: Path(DEFAULT_DATA_DIR))
    db: str = ""
    """The table store's URL; empty: ``$RULEBOOK_DB``, else ``sqlite://<data>/tables.sqlite``."""
    keep_days: int = DEFAULT_KEEP_DAYS
    house: Path | None = None
    """The café's ``house.toml``; None: ``house.toml`` in the working folder if there is one."""
    max_kernels: int = 0
    """0: from the machine's memory (``kernels.default_max_kernels``)."""
    cull_grace: int = DEFAULT_CULL_GRACE
    """A kernel handed to a page is not culled for this many seconds (its page may still be loading)."""
    cell_timeout: int = CELL_TIMEOUT
    """Seconds a cell may run (0: no limit); never applied to a cell waiting for its visitor (``CellTimeout``)."""
    limits: LimitSettings = field(default_factory=LimitSettings)
    """What one visitor may take: pages, websockets, message size, kernel memory (``limits.py``)."""
    max_store_mb: int = DEFAULT_MAX_STORE_MB
    """No new table once the table store takes this many MB (0: no cap); docs/security.md."""
    fork_kernels: bool = True
    """Kernels forked from a warm zygote process (``zygote.py``); False: each kernel imports from scratch."""
    ip: str = HOST
    """The address to listen on (``--ip``); behind a proxy on another machine, an address it reaches."""
    trusted_proxies: tuple[str, ...] = DEFAULT_TRUSTED_PROXIES
    """Peers whose ``X-Forwarded-For`` / ``X-Real-IP`` are believed (``limits.client_address``); ``("none",)``: nobody's."""
    server_name: str = ""
    """This server's name in the ``rb_route`` cookie and ``$RULEBOOK_SERVER``; empty: ``default_server_name``."""
    drain_seconds: int = DEFAULT_DRAIN_SECONDS
    """After SIGTERM, pages still open this long are told to reopen elsewhere (close code 4003)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "notebooks", Path(self.notebooks).resolve())
        object.__setattr__(self, "data", Path(self.data).resolve())
        if self.house is not None:
            object.__setattr__(self, "house", Path(self.house).resolve())
        if self.keep_days < 0:
            raise ValueError(f"keep days must be >= 0 (0 keeps every table): {self.keep_days}")
        if self.cell_timeout < 0:
            raise ValueError(f"cell timeout must be >= 0 (0: no limit): {self.cell_timeout}")
        if self.cull_grace < 0:
            raise ValueError(f"cull grace must be >= 0: {self.cull_grace}")
        if self.max_store_mb < 0:
            raise ValueError(f"max store MB must be >= 0 (0: no cap): {self.max_store_mb}")
        if self.max_kernels < 0:
            raise ValueError(f"max kernels must be >= 0 (0: from the memory): {self.max_kernels}")
        if self.db and not self.db.startswith(("sqlite:", "postgresql://", "postgres://", "memory:")):
            raise ValueError(f"not a store URL: {self.db!r} (sqlite:///path.sqlite or postgresql://...)")
        if not 0 < self.port < 65536:
            raise ValueError(f"port out of range: {self.port}")
        if self.pool_size < 0:
            raise ValueError(f"pool size must be >= 0: {self.pool_size}")
        if self.cull_idle_timeout < 0 or self.cull_interval <= 0:
            raise ValueError("cull idle timeout must be >= 0 and cull interval > 0")
        try:
            object.__setattr__(self, "ip", str(ipaddress.ip_address(str(self.ip).strip().strip("[]"))))
        except ValueError:
            raise ValueError(f"--ip: not an IP address to listen on: {self.ip!r} (e.g. 127.0.0.1, 10.0.0.5 or ::1)") from None
        networks = parse_trusted_proxies(self.trusted_proxies)  # ValueError naming the bad value
        object.__setattr__(self, "trusted_proxies", tuple(proxy_arguments(networks)[1].split(",")))
        if not self.server_name:
            object.__setattr__(self, "server_name", default_server_name(self.port))
        elif not SERVER_NAME.match(self.server_name):
            raise ValueError(f"--server-name: 1 to 40 letters, digits, '-' or '_': {self.server_name!r}")
        if self.drain_seconds < 0:
            raise ValueError(f"drain seconds must be >= 0 (0: close open pages at once): {self.drain_seconds}")

    @property
    def local_host(self) -> str:
        """The ``--ip`` as this machine reaches it in a URL: in brackets when IPv6, a wildcard one as loopback."""
        host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.ip, self.ip)
        return f"[{host}]" if ":" in host else host

    @property
    def url(self) -> str:
        """The site's own address (``local_host`` and the port)."""
        return f"http://{self.local_host}:{self.port}/"

    @property
    def trusted_networks(self) -> tuple:
        """``trusted_proxies`` as ``ipaddress`` networks (what ``limits.client_address`` takes)."""
        return parse_trusted_proxies(self.trusted_proxies)

    @property
    def store_url(self) -> str:
        """Where the tables are: ``--db``, else ``$RULEBOOK_DB``, else a SQLite file in the data folder."""
        return self.db or os.environ.get("RULEBOOK_DB", "").strip() or f"sqlite://{self.data / 'tables.sqlite'}"

    @property
    def house_file(self) -> Path | None:
        """The house file in use: the one given, else ``./house.toml`` if it exists."""
        if self.house is not None:
            return self.house
        default = Path(HOUSE_FILE).resolve()
        return default if default.is_file() else None

    @property
    def kernel_cap(self) -> int:
        from .kernels import default_max_kernels

        return self.max_kernels or default_max_kernels()

    @property
    def preheated_notebooks(self) -> list[str]:
        """Notebooks given a pool of preheated kernels (paths relative to the folder)."""
        if not self.preheat or self.pool_size == 0:
            return []
        from .house import house_for_pools, preheat_notebooks  # the house shelf decides (issue 18 C)

        return preheat_notebooks(notebooks_in(self.notebooks), house_for_pools(self.house_file))

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
            "ip": options.ip,
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
            # The page handler puts the client's identity in this header (its address,
            # hashed; whatever a visitor sent is replaced); Voilà passes it to the page's
            # kernel as HTTP_X_RULEBOOK_CLIENT: the host login locks per client, and new
            # tables are rate-limited per client (issue 17).
            "http_header_envs": [CLIENT_HEADER],
            # Pygments' lab extension styles code cells; the site strips every source, so a phone
            # would fetch three files for nothing (issue 18 A).
            "extension_denylist": ["jupyterlab_pygments"],
        },
        "VoilaExecutor": {
            "show_tracebacks": False,
            "cell_error_instruction": CELL_ERROR_INSTRUCTION,
            "cell_timeout_instruction": CELL_TIMEOUT_INSTRUCTION,
            "iopub_timeout": IOPUB_TIMEOUT,
            "startup_timeout": STARTUP_TIMEOUT,
            "timeout": options.cell_timeout,
            "timeout_func": CellTimeout(options.cell_timeout),
        },
        # The page handler puts the client's address in this header (replacing
        # any a visitor sent); Voilà passes it to the page's kernel as
        # HTTP_X_RULEBOOK_CLIENT: the host login locks per address.

        # Kernels talk to the server over Unix sockets in the connection
        # folder, not TCP ports on 127.0.0.1. A TCP port is picked free by
        # the server and bound later by the kernel; in between, any other
        # process may take it, and the kernel dies at start ("Address already
        # in use"). It happened to a preheated kernel in a test run: its page
        # waited for a kernel that would never answer. Sockets cannot collide,
        # and no other user of the machine can connect to them.
        # A kernel that dies is not restarted: a restarted kernel has lost
        # its page's widgets and a preheated one its half-run notebook, so it
        # would answer and still never draw. Dead, it is seen as dead: a page
        # is never handed a dead preheated kernel (kernels.py), and an open
        # page's heartbeat reopens it from the store (page_link.js).
        "KernelManager": {"transport": "ipc", "autorestart": False},
        # forked kernels start and stop through the site's provisioner (provisioner.py); else jupyter_client's own
        "KernelProvisionerFactory": {"default_provisioner_name": _provisioner_name(options.fork_kernels)},
        # Voilà's kernel manager class derives from this one: culling settings
        # apply to it, and its pooled kernels are exempt from culling.
        "MappingKernelManager": {
            "cull_idle_timeout": options.cull_idle_timeout,
            "cull_interval": options.cull_interval,
            "cull_connected": False,  # a page still open keeps its kernel
            "cull_busy": False,
            # every kernel starts behind a memory wall (memory.py; provisioner.py, kernel_launch.py)
            "kernel_manager_class": "rulebook.site.memory.WalledKernelManager",
        },
    }
    if config["VoilaConfiguration"]["preheat_kernel"]:
        kernel_pools = {"default": {"pool_size": 0}}
        for name in options.preheated_notebooks:
            kernel_pools[name] = {"pool_size": options.pool_size}
        config["VoilaKernelManager"] = {"kernel_pools_config": kernel_pools}
    return config


def _provisioner_name(fork_kernels: bool) -> str:
    from .provisioner import provisioner_name  # jupyter_client: imported when a site is configured, not by the CLI

    return provisioner_name(fork_kernels)


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
        "--data", str(options.data),
        "--keep-days", str(options.keep_days),
        "--max-kernels", str(options.max_kernels),
        "--cull-grace", str(options.cull_grace),
        "--cell-timeout", str(options.cell_timeout),
        *limit_arguments(options.limits),
        "--max-store-mb", str(options.max_store_mb),
        "--ip", options.ip,
        *proxy_arguments(options.trusted_networks),
        "--server-name", options.server_name,
        "--drain-seconds", str(options.drain_seconds),
    ]
    if options.db:
        args += ["--db", options.db]
    if options.house is not None:
        args += ["--house", str(options.house)]
    if not options.preheat:
        args.append("--no-preheat")
    if not options.fork_kernels:
        args.append("--no-fork-kernels")
    return args


def command_line(options: SiteOptions, python: str | None = None) -> list[str]:
    """The full argv that starts the site with ``options`` as a subprocess."""
    return [python or sys.executable, "-m", "rulebook.cli", *cli_arguments(options)]


def site_environment(options: SiteOptions, feed: str = "") -> dict[str, str]:
    """What the server exports to every kernel (pages read the store, the house and the cap from it).

    ``feed``: the path of the server's table feed socket (``rulebook.site.feed``): pages hear their
    table's moves there instead of polling the store; empty: none (the pages poll).
    """
    from rulebook.tables.feed_client import ENV_FEED

    env = {"RULEBOOK_DB": options.store_url, "RULEBOOK_MAX_KERNELS": str(options.kernel_cap), ENV_FEED: feed}
    env["RULEBOOK_KERNEL_WALL_MB"] = str(memory_wall_mb(options.limits.kernel_memory_mb))
    env[ENV_MAX_STORE_MB] = str(options.max_store_mb)
    env[ENV_SERVER] = options.server_name
    # Where a preheated kernel asks for its visitor's request (voila_compat.request_info_url): Voilà
    # never sets it, and its default 127.0.0.1 is not listened on under another --ip.
    env["VOILA_APP_IP"] = options.local_host
    house = options.house_file
    env["RULEBOOK_HOUSE"] = str(house) if house is not None else ""
    return env


def check_site(options: SiteOptions) -> None:
    """Refuse to start on what would fail later, with a message a host can act on."""
    check_listen_address(options.ip)
    if not options.notebooks.is_dir():
        raise SystemExit(f"rulebook serve: no notebooks folder at {options.notebooks}")
    try:
        options.data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SystemExit(f"rulebook serve: cannot make the data folder {options.data}: {exc}") from exc
    house = options.house_file
    if options.house is not None and not options.house.is_file():
        raise SystemExit(f"rulebook serve: no house file at {options.house}")
    if house is not None:
        from .house import HouseError, load_house

        try:
            load_house(house)
        except HouseError as exc:
            raise SystemExit(f"rulebook serve: {exc}") from exc
    from rulebook.tables.opening import open_store
    from rulebook.tables.store import describe

    try:
        open_store(options.store_url)
    except Exception as exc:  # a wrong URL, a database that is down: say which (never its password)
        raise SystemExit(f"rulebook serve: cannot open the table store {describe(options.store_url)}: {exc}") from exc


def check_listen_address(ip: str) -> None:
    """Refuse an ``--ip`` this machine cannot listen on (not one of its addresses), before anything starts.

    Voilà would find out only after the zygote and the kernel pools had
    started, and say "no available port could be found".
    """
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((ip, 0))
    except OSError as exc:
        raise SystemExit(f"rulebook serve: cannot listen on {ip} (--ip): {exc.strerror or exc}") from exc


def serve(options: SiteOptions, edition_for: Callable[[str], Any] | None = None) -> None:
    """Start the site and block until it is stopped (SIGINT / SIGTERM).

    ``edition_for``: makes the rules' pages served at ``/rules/`` from the site's base URL
    (``rulebook.publish.live.LiveEdition``, handed over by ``rulebook serve``: the server imports no
    edition code of its own); ``None``: the site has no ``/rules/``.
    """
    from .voila_compat import check_versions  # an untested Voilà: refused, with the tested versions named

    for warning in check_versions():
        print(f"rulebook serve: warning: {warning}", file=sys.stderr)
    check_site(options)
    raise_open_files_limit()  # each websocket holds ~8 descriptors: the soft limit (often 1,024) is the first wall
    feed = start_feed(options)
    os.environ.update(site_environment(options, feed.path if feed is not None else ""))
    os.environ["JUPYTER_PATH"] = jupyter_path_with_template()
    zygote = start_zygote() if options.fork_kernels else None
    from traitlets.config import Config

    from .app import RulebookVoila  # imports Voilà: slow, so only here

    RulebookVoila.site_options = options
    RulebookVoila.feed = feed
    RulebookVoila.edition_for = edition_for
    app = RulebookVoila(config=Config(voila_config(options)))
    app.initialize(argv=[])
    import tornado.ioloop

    tornado.ioloop.IOLoop.current().add_callback(app.start_site_timers)  # run once Voilà's start() runs the loop
    try:
        app.start()
    finally:
        app.stopped()
        if zygote is not None:
            zygote.stop()


def start_feed(options: SiteOptions):  # -> feed.Feed | None
    """The server's table feed, its socket bound before any kernel starts (run by the app on its loop)."""
    from .feed import Feed, feed_wanted

    if not feed_wanted(options.store_url):
        return None
    feed = Feed(options.store_url)
    atexit.register(feed.remove)
    return feed


def start_zygote():  # -> zygote.Started
    """The kernels' zygote (``zygote.py``), its socket exported to the site's provisioner once it listens.

    Started before Voilà, whose import takes longer than the zygote's
    warm-up; the preheated kernels Voilà starts at once are then forked too.
    A zygote that does not come up in time is not used (kernels start as
    before) and the host is told.
    """
    from . import zygote

    started = zygote.start()
    atexit.register(started.stop)
    if started.ready():
        os.environ[zygote.ENV] = started.path
    else:
        print("rulebook serve: warning: the kernel zygote did not start; kernels import from scratch", file=sys.stderr)
    return started
