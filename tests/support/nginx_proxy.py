"""nginx in front of test servers, running the configuration printed in ``docs/deploy.md``.

The doc's block (the fenced ``nginx`` block right after the line
``<!-- tested: tests/support/nginx_proxy.py -->``) is the source: this module
reads it, keeps every line, and only changes what must change on a test
machine:

- ``listen 80;`` becomes ``listen 127.0.0.1:<port>;``;
- the doc's example servers (``a`` and ``b`` at 10.0.0.x) become the test's
  servers (``{name: port}`` on 127.0.0.1): the cookie ``map`` gets one line
  per server, the default ``rulebook`` upstream one ``server`` line per
  server, and each server gets its ``rb_<name>`` upstream (itself first, the
  others as ``backup``), each line written like the doc's own.

It then runs Debian's ``/usr/sbin/nginx`` with a private prefix (pid, logs,
temporary folders in a temporary directory) inside a minimal ``nginx.conf``
that keeps the part of Debian's own ``nginx.conf`` that matters to the block
(``gzip on`` in ``http``, which the block must turn off). The access log
records, per request, which upstream answered (``log_path``, read by
``requests()``), so a test can tell which server served a page.

Why the doc is the source: a configuration in a doc that no test runs goes
stale; here the one a café copies is the one the tests start.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "deploy.md"
MARKER = "<!-- tested: tests/support/nginx_proxy.py -->"
NGINX = Path("/usr/sbin/nginx")
HOST = "127.0.0.1"
NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
"""A server name as ``rulebook serve --server-name`` cleans it (docs/deploy.md, the contract)."""

#: What the access log says of each request: tab-separated, read back by ``requests()``.
LOG_FIELDS = ("time", "method", "uri", "status", "upstream_addr", "upstream_status", "cookie_rb_route", "upgrade")
LOG_FORMAT = "\\t".join(
    ("$time_iso8601", "$request_method", "$request_uri", "$status", "$upstream_addr", "$upstream_status", "$cookie_rb_route", "$http_upgrade")
)


class NginxUnavailable(RuntimeError):
    """Debian's nginx is not installed (the message says how to get it)."""


# ------------------------------------------------------------ the doc's block ---


def doc_block(doc: Path = DOC) -> str:
    """The nginx block of ``docs/deploy.md`` that the tests run (the fenced block after ``MARKER``)."""
    lines = doc.read_text("utf-8").splitlines()
    try:
        at = lines.index(MARKER)
    except ValueError:
        raise ValueError(f"{doc} has no line {MARKER!r}: the tested nginx block cannot be found") from None
    if at + 1 >= len(lines) or lines[at + 1].strip() != "```nginx":
        raise ValueError(f"{doc}: the line after {MARKER!r} must open an ```nginx block")
    body = []
    for line in lines[at + 2 :]:
        if line.strip() == "```":
            return "\n".join(body) + "\n"
        body.append(line)
    raise ValueError(f"{doc}: the ```nginx block after {MARKER!r} is not closed")


@dataclass(frozen=True)
class BlockShape:
    """What the doc's block says about its example servers: their names and addresses."""

    servers: dict[str, str]
    """Example name -> its address (``10.0.0.11:8866``), from each ``rb_<name>`` upstream's first line."""


_MAP_START = re.compile(r"^\s*map\s+\$cookie_rb_route\s+\$\w+\s*\{\s*$")
_UPSTREAM = re.compile(r"^\s*upstream\s+(\S+)\s*\{\s*$")
_SERVER_LINE = re.compile(r"^(\s*server\s+)(\S+)(.*)$")
_MAP_ENTRY = re.compile(r"^(\s*)(\S+)(\s+)rb_(\S+?);(.*)$")
_LISTEN = re.compile(r"^(\s*)listen\s+80\s*;(.*)$")


def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) line index of every top-level ``{ ... }`` statement of the block."""
    found, depth, start = [], 0, None
    for i, line in enumerate(lines):
        code = line.split("#", 1)[0]
        if depth == 0 and "{" in code:
            start = i
        depth += code.count("{") - code.count("}")
        if depth < 0:
            raise ValueError(f"unbalanced braces at line {i + 1} of the doc's nginx block")
        if depth == 0 and start is not None and "}" in code:
            found.append((start, i))
            start = None
    if depth != 0:
        raise ValueError("unbalanced braces in the doc's nginx block")
    return found


def block_shape(block: str) -> BlockShape:
    """The example servers of the doc's block; ValueError when it lacks what the fixture fills in."""
    lines = block.splitlines()
    servers: dict[str, str] = {}
    for first, last in _blocks(lines):
        head = _UPSTREAM.match(lines[first])
        if head and head.group(1).startswith("rb_"):
            line = _SERVER_LINE.match(lines[first + 1])
            if not line or "backup" in line.group(3):
                raise ValueError(f"upstream {head.group(1)}: its first line must be its own server, not a backup")
            servers[head.group(1)[3:]] = line.group(2)
    if len(servers) < 2:
        raise ValueError("the doc's nginx block must show at least two rb_<name> upstreams")
    if not any(_MAP_START.match(line) for line in lines):
        raise ValueError("the doc's nginx block has no `map $cookie_rb_route ...`")
    if not any(_LISTEN.match(line) for line in lines):
        raise ValueError("the doc's nginx block has no `listen 80;` to put the test's port in")
    return BlockShape(servers)


def render(block: str, upstreams: dict[str, int], port: int) -> str:
    """The doc's ``block`` for servers ``{name: port}`` on 127.0.0.1, nginx listening on ``port``.

    Every line of the block is kept as written, but for the example servers'
    lines, which are written once per test server in the shape of the doc's
    first example (``a``), and the ``listen`` line.
    """
    if not upstreams:
        raise ValueError("nginx needs at least one upstream server")
    for name, server_port in upstreams.items():
        if not NAME.match(name):
            raise ValueError(f"not a server name (A-Z a-z 0-9 _ -, at most 40): {name!r}")
        if not 0 < int(server_port) < 65536:
            raise ValueError(f"port out of range for server {name!r}: {server_port}")
    shape = block_shape(block)
    example_names = list(shape.servers)
    first_example = example_names[0]
    address_of = {address: name for name, address in shape.servers.items()}
    real = {name: f"{HOST}:{int(p)}" for name, p in upstreams.items()}
    lines = block.splitlines()
    out: list[str] = []
    spans = {first: last for first, last in _blocks(lines)}
    i = 0
    while i < len(lines):
        line = lines[i]
        if i in spans:
            last = spans[i]
            body = lines[i : last + 1]
            head = _UPSTREAM.match(line)
            if _MAP_START.match(line):
                out.extend(_render_map(body, example_names, list(real)))
            elif head and head.group(1).startswith("rb_"):
                if head.group(1)[3:] == first_example:
                    out.extend(_render_sticky(body, shape, real, trailing_blank=last + 1 < len(lines) and not lines[last + 1].strip()))
                else:  # another example server's upstream: written from the first one's shape
                    i = last + 1
                    if i < len(lines) and not lines[i].strip():
                        i += 1
                    continue
            elif head:
                out.extend(_render_pool(body, address_of, first_example, real))
            else:
                out.extend(_render_listen(body, port))
            i = last + 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out) + "\n"


def _render_map(body: list[str], examples: list[str], names: list[str]) -> list[str]:
    out = []
    for line in body:
        entry = _MAP_ENTRY.match(line)
        if entry and entry.group(2) in examples:
            if entry.group(2) != examples[0]:
                continue
            indent, _, gap, _, rest = entry.groups()
            width = len(entry.group(2)) + len(gap)
            for name in names:
                out.append(f"{indent}{name.ljust(width - 1)} rb_{name};{rest}")
            continue
        out.append(line)
    return out


def _render_pool(body: list[str], address_of: dict[str, str], first: str, real: dict[str, str]) -> list[str]:
    """An upstream listing every server (the doc's ``rulebook``): one line per test server."""
    out = []
    for line in body:
        server = _SERVER_LINE.match(line)
        if server and server.group(2) in address_of:
            if address_of[server.group(2)] == first:
                out.extend(f"{server.group(1)}{address}{server.group(3)}" for address in real.values())
            continue
        out.append(line)
    return out


def _render_sticky(body: list[str], shape: BlockShape, real: dict[str, str], trailing_blank: bool) -> list[str]:
    """One ``rb_<name>`` upstream per test server, in the shape of the doc's first one."""
    head, own, rest = body[0], body[1], body[2:]
    backup = next((line for line in rest if _SERVER_LINE.match(line) and "backup" in line), None)
    if backup is None:
        raise ValueError("the doc's rb_<name> upstream lists no backup server")
    others = [line for line in rest if not _SERVER_LINE.match(line)]
    first = next(iter(shape.servers))
    out: list[str] = []
    for k, (name, address) in enumerate(real.items()):
        if k:
            out.extend([""] if trailing_blank else [])
        out.append(head.replace(f"rb_{first}", f"rb_{name}", 1))
        own_match = _SERVER_LINE.match(own)
        out.append(f"{own_match.group(1)}{address}{own_match.group(3)}")
        backup_match = _SERVER_LINE.match(backup)
        for other, other_address in real.items():
            if other != name:
                out.append(f"{backup_match.group(1)}{other_address}{backup_match.group(3)}")
        out.extend(others)
    return out


def _render_listen(body: list[str], port: int) -> list[str]:
    out = []
    for line in body:
        listen = _LISTEN.match(line)
        out.append(f"{listen.group(1)}listen {HOST}:{port};{listen.group(2)}" if listen else line)
    return out


def nginx_conf(prefix: Path, site: str, as_root: bool) -> str:
    """A minimal ``nginx.conf`` around the site block: everything in ``prefix``, in the foreground.

    ``gzip on`` in ``http`` is Debian's default (``/etc/nginx/nginx.conf``): the
    block must turn it off itself. As root, the workers run as ``nobody``
    (nginx would otherwise pick ``nobody`` with a group Debian does not have).
    """
    user = "user nobody nogroup;\n" if as_root else ""
    return f"""{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log info;
daemon off;
events {{
    worker_connections 512;
}}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    gzip on;
    log_format rulebook_test '{LOG_FORMAT}';
    access_log {prefix}/access.log rulebook_test;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;

{site}
}}
"""


def _reloaded(log_since: str) -> bool:
    """Whether the error log written since a SIGHUP shows the new configuration's workers started."""
    at = log_since.find("reconfiguring")
    # the old workers close their listening sockets right after saying this (they finish open connections)
    return at >= 0 and "start worker process" in log_since[at:] and "gracefully shutting down" in log_since[at:]


def nginx_binary() -> Path:
    if not NGINX.exists():
        raise NginxUnavailable("nginx is not installed: run `make nginx` (apt-get install -y nginx)")
    return NGINX


def _free_port() -> int:
    from tests.support.site_process import free_port

    return free_port()


def check_config(conf: Path, prefix: Path) -> str:
    """``nginx -t`` on ``conf``: its output; RuntimeError with that output when nginx refuses it."""
    result = subprocess.run(
        [str(nginx_binary()), "-t", "-p", str(prefix), "-c", str(conf)], capture_output=True, text=True, timeout=30
    )
    output = result.stdout + result.stderr
    if result.returncode != 0:
        raise RuntimeError(f"nginx -t refused {conf}:\n{output}")
    return output


# ------------------------------------------------------------------ the proxy ---


class NginxProxy:
    """Debian's nginx on 127.0.0.1 running the doc's block in front of ``upstreams`` (``{name: port}``).

    >>> proxy = NginxProxy({"a": 8866, "b": 8867}).start()
    >>> proxy.url          # http://127.0.0.1:<port>/
    >>> proxy.reload({"a": 8866, "b": 8867, "c": 8868})
    >>> proxy.stop()
    """

    def __init__(self, upstreams: dict[str, int], port: int | None = None) -> None:
        self.upstreams = dict(upstreams)
        self.port = port or _free_port()
        self.prefix = Path(tempfile.mkdtemp(prefix="rulebook-nginx-"))
        os.chmod(self.prefix, 0o755)  # workers (nobody, as root) make their temporary files in here
        self.conf_path = self.prefix / "nginx.conf"
        self.site_path = self.prefix / "rulebook.conf"
        self.log_path = self.prefix / "access.log"
        self.error_log_path = self.prefix / "error.log"
        self.process: subprocess.Popen | None = None
        self._stderr = None
        self.write_config(self.upstreams)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>/``, with a trailing slash like ``SiteProcess.url``."""
        return f"http://{HOST}:{self.port}/"

    def write_config(self, upstreams: dict[str, int]) -> str:
        """Render the doc's block for ``upstreams``, write it and the ``nginx.conf`` around it; the block."""
        site = render(doc_block(), upstreams, self.port)
        self.site_path.write_text(site)
        self.conf_path.write_text(nginx_conf(self.prefix, site, as_root=os.geteuid() == 0))
        return site

    def check(self) -> str:
        """``nginx -t`` on the written configuration."""
        return check_config(self.conf_path, self.prefix)

    def start(self, timeout: float = 20) -> "NginxProxy":
        self.check()
        self._stderr = open(self.prefix / "stderr.log", "wb")
        self.process = subprocess.Popen(
            [str(nginx_binary()), "-p", str(self.prefix), "-c", str(self.conf_path)],
            stdin=subprocess.DEVNULL,
            stdout=self._stderr,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while not self._answers():
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited with {self.process.returncode}:\n{self.error_tail()}")
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(f"nginx did not listen on {self.port} in {timeout:.0f}s:\n{self.error_tail()}")
            time.sleep(0.05)
        return self

    def _answers(self) -> bool:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.settimeout(1)
            return s.connect_ex((HOST, self.port)) == 0

    def reload(self, upstreams: dict[str, int], timeout: float = 20) -> None:
        """New servers: rewrite the configuration and tell the running nginx (SIGHUP), as `systemctl reload` does.

        Returns once the new workers run and the old ones stopped listening (the
        error log says so): a new connection after this goes by the new
        configuration; the old workers finish their open ones (websockets).
        """
        assert self.process is not None and self.process.poll() is None, "nginx is not running"
        self.write_config(upstreams)
        self.check()
        self.upstreams = dict(upstreams)
        seen = len(self.error_text())
        self.process.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + timeout
        while not _reloaded(self.error_text()[seen:]):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise TimeoutError(f"nginx did not reload in {timeout:.0f}s:\n{self.error_tail()}")
            time.sleep(0.05)
        time.sleep(0.2)  # the old workers log before they close their listening sockets

    def stop(self, timeout: float = 15) -> None:
        """Stop nginx (SIGQUIT: finish what is in flight; then SIGTERM, SIGKILL) and remove its prefix."""
        if self.process is not None and self.process.poll() is None:
            for sig, wait in ((signal.SIGQUIT, timeout), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
                try:
                    self.process.send_signal(sig)
                    self.process.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self._stderr:
            self._stderr.close()
            self._stderr = None

    def remove(self) -> None:
        """Stop, and delete the prefix (config and logs): call after the logs were kept."""
        self.stop()
        shutil.rmtree(self.prefix, ignore_errors=True)

    def __enter__(self) -> "NginxProxy":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- what happened
    def error_text(self) -> str:
        try:
            return self.error_log_path.read_text("utf-8", "replace")
        except OSError:
            return ""

    def error_tail(self, lines: int = 30) -> str:
        stderr = ""
        try:
            stderr = (self.prefix / "stderr.log").read_text("utf-8", "replace")
        except OSError:
            pass
        return "\n".join((stderr + self.error_text()).splitlines()[-lines:])

    def requests(self) -> list[dict[str, str]]:
        """Every request nginx finished so far, from its access log (``LOG_FIELDS``)."""
        try:
            text = self.log_path.read_text("utf-8", "replace")
        except OSError:
            return []
        rows = []
        for line in text.splitlines():
            parts = line.split("\t")
            if len(parts) == len(LOG_FIELDS):
                rows.append(dict(zip(LOG_FIELDS, parts)))
        return rows

    def served_by(self, path_part: str) -> list[str]:
        """The server names that answered requests whose URI contains ``path_part``, in order (last upstream tried)."""
        by_port = {str(p): name for name, p in self.upstreams.items()}
        names = []
        for row in self.requests():
            if path_part in row["uri"] and row["upstream_addr"] not in ("", "-"):
                last = row["upstream_addr"].split(",")[-1].strip().split(" : ")[-1]
                names.append(by_port.get(last.rsplit(":", 1)[-1], last))
        return names
