"""The site as a subprocess, for the browser tests, the security tests and the benchmarks.

``SiteProcess`` runs ``rulebook serve`` in a subprocess on 127.0.0.1 and
reads its kernels through ``/proc`` (``rulebook.site.process``); ``free_port``
picks its port. This is test harness, not product: it lives with the tests
so that nothing the site ships (and nothing a kernel runs) imports a site
starter. The benchmarks import it from here too (they run from a checkout,
as the tests do).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable, TypeVar
from urllib.parse import quote, urlencode

from rulebook.site.kernels import default_max_kernels, pool_budget
from rulebook.site.process import KernelProcess, cpu_ticks, kernel_processes
from rulebook.site.serve import HOST, SiteOptions, command_line

T = TypeVar("T")

#: Talks to 127.0.0.1 directly, whatever http_proxy says.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))

_CONFIG_DATA = re.compile(
    r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S
)


def ephemeral_ports(path: str = "/proc/sys/net/ipv4/ip_local_port_range") -> tuple[int, int]:
    """The range the machine draws outgoing connections' local ports from (Linux; else its default)."""
    try:
        low, high = (int(part) for part in Path(path).read_text().split())
        return low, high
    except (OSError, ValueError):
        return 32768, 60999


def free_port(rng: random.Random | None = None) -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now, below the ephemeral range.

    The port is bound later, by another process (a server starting up).
    Asking the system for port 0 returns an ephemeral one, the kind every
    outgoing connection (a browser's, a database client's) also takes: one
    of them could hold it by then. A port below that range is only ever
    taken by a listener, which the check here sees.
    """
    rng = rng or random.SystemRandom()
    low, _ = ephemeral_ports()
    top = min(low, 32768)
    for _ in range(200):
        port = rng.randrange(max(1024, top - 12000), top)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind((HOST, port))
            except OSError:
                continue
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:  # a crowded machine: any free one
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_until(
    predicate: Callable[[], T], timeout: float, interval: float = 0.2, what: str = "condition"
) -> T:
    """Poll ``predicate`` until it returns something truthy; that value, or TimeoutError."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f}s waiting for {what}")
        time.sleep(interval)


def page_kernel_id(html: str) -> str | None:
    """The kernel id a rendered Voilà page connects to (its jupyter-config-data)."""
    match = _CONFIG_DATA.search(html)
    if not match:
        return None
    try:
        return json.loads(match.group(1)).get("kernelId")
    except ValueError:
        return None


# ---------------------------------------------------------------- server ---


class SiteProcess:
    """``rulebook serve`` in a subprocess; a context manager.

    >>> with SiteProcess(SiteOptions(port=free_port(), notebooks=folder)) as site:
    ...     site.url, site.kernels()
    """

    def __init__(self, options: SiteOptions, log_path: Path | str | None = None, env: dict[str, str] | None = None):
        self.options = options
        self.env = dict(env or {})
        """Extra environment for the server (and so its kernels), e.g. ``RULEBOOK_DB``."""
        if log_path is None:
            fd, log_path = tempfile.mkstemp(prefix="rulebook-site-", suffix=".log")
            os.close(fd)
        self.log_path = Path(log_path)
        self.process: subprocess.Popen | None = None
        self._log_file = None
        self._started_kernels: set[int] = set()

    # -- facts
    @property
    def port(self) -> int:
        return self.options.port

    @property
    def url(self) -> str:
        """Base URL, with a trailing slash: ``http://127.0.0.1:PORT/``."""
        return self.options.url

    @property
    def notebooks(self) -> Path:
        return self.options.notebooks

    @property
    def pid(self) -> int:
        assert self.process is not None, "not started"
        return self.process.pid

    @property
    def pool_kernels(self) -> int:
        """Kernels the preheated pools keep alive: pool size x preheated notebooks."""
        return self.options.pool_kernels

    def page_url(self, notebook: str, **query: object) -> str:
        """``/voila/render/<notebook>`` with ``query`` as its query string."""
        url = f"{self.url}voila/render/{quote(notebook)}"
        if query:
            url += "?" + urlencode({k: str(v) for k, v in query.items()})
        return url

    # -- lifecycle
    def start(self, timeout: float = 90) -> "SiteProcess":
        env = dict(os.environ, PYTHONUNBUFFERED="1", **self.env)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log_file = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            command_line(self.options),
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        try:
            self.wait_ready(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def wait_ready(self, timeout: float = 90) -> None:
        """Wait until the server answers (its own stylesheet is served)."""
        probe = f"{self.url}voila/templates/rulebook/static/site.css"

        def answers() -> bool:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"rulebook serve exited with {self.process.returncode}:\n{self.log_tail()}"
                )
            try:
                with _OPENER.open(probe, timeout=5) as response:
                    return response.status == 200
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                return False

        wait_until(answers, timeout, 0.25, "the site to answer")

    @property
    def pooled_at_rest(self) -> int:
        """Preheated kernels the site keeps when nobody visits: the pools, within the pools' budget under the cap.

        Under a small cap (``--max-kernels 16``: a budget of 8) not every
        preheated notebook gets its kernel (``kernels.pool_budget``).
        """
        cap = self.options.max_kernels or default_max_kernels()
        return min(self.pool_kernels, pool_budget(cap))

    def wait_pools(self, timeout: float = 120) -> None:
        """Wait until the pools have been filled (as far as the pools' budget allows) and
        the pooled kernels have gone quiet (run their notebook up to the wait
        for a request)."""
        names = self.options.preheated_notebooks
        size = max(1, self.options.pool_size)
        wanted = min(len(names), -(-self.pooled_at_rest // size))
        wait_until(
            lambda: sum(f"Kernel pool of {n} is filled" in self.log_text() for n in names) >= wanted,
            timeout,
            0.25,
            "the kernel pools to fill",
        )
        self.wait_kernels_quiet(timeout, count=self.pooled_at_rest)

    def wait_kernels_quiet(self, timeout: float = 60, count: int | None = None, quiet: float = 0.6) -> None:
        """Wait until ``count`` kernels (default: the pools at rest, ``pooled_at_rest``) run and none used
        any CPU for ``quiet`` seconds.

        The default was the pools' full size: under a cap that is more than
        the pools may hold (8 of 15 under ``--max-kernels 16``), so
        ``benchmarks.capacity``'s capped scenario waited its full 180 s, twice.
        """
        count = self.pooled_at_rest if count is None else count

        def quiet_now() -> bool:
            kernels = self.kernels()
            if len(kernels) != count:
                return False
            before = {k.pid: cpu_ticks(k.pid) for k in kernels}
            time.sleep(quiet)
            return all(cpu_ticks(pid) == ticks for pid, ticks in before.items())

        wait_until(quiet_now, timeout, 0.1, f"{count} quiet kernel(s)")

    def stop(self, timeout: float = 30) -> None:
        """SIGTERM (Voilà shuts its kernels down), then make sure nothing is left."""
        if self.process is None:
            return
        self._started_kernels.update(k.pid for k in self.kernels())
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        for pid in self._started_kernels:  # only kernels this server started
            if os.path.exists(f"/proc/{pid}"):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        if self._log_file:
            self._log_file.close()
            self._log_file = None

    def __enter__(self) -> "SiteProcess":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- inspection
    @property
    def db_url(self) -> str:
        """The table store this site's pages use (``--db``, its ``RULEBOOK_DB``, or its data folder's SQLite)."""
        return self.options.db or self.env.get("RULEBOOK_DB") or self.options.store_url

    def store(self):  # noqa: ANN201 - a TableStore; imported late (the site process module stays light)
        """The site's table store, opened in this process (tests read tables the pages made)."""
        from rulebook.tables.opening import open_store

        return open_store(self.db_url)

    def kernels(self) -> list[KernelProcess]:
        """The server's kernels right now (pooled ones included)."""
        if self.process is None or self.process.poll() is not None:
            return []
        found = kernel_processes(self.pid)
        self._started_kernels.update(k.pid for k in found)
        return found

    def kernel_ids(self) -> set[str]:
        return {k.kernel_id for k in self.kernels() if k.kernel_id}

    def log_text(self) -> str:
        if not self.log_path.exists():
            return ""
        return self.log_path.read_text("utf-8", "replace")

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def fetch(self, path_or_url: str, timeout: float = 120) -> tuple[int, str]:
        """GET a URL of the site without a browser: (status, body)."""
        url = path_or_url if path_or_url.startswith("http") else self.url + path_or_url.lstrip("/")
        try:
            with _OPENER.open(url, timeout=timeout) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")
