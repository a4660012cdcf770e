"""A throwaway PostgreSQL server for the tests, from Debian's ``postgresql`` package.

The store's PostgreSQL backend is tested against a real server, as the
browser tests use a real Chromium: ``make test`` installs the package if it
is missing (``make postgresql``), and this module starts a private cluster
in a temporary folder on a free port of 127.0.0.1 (trust authentication,
fsync off: nothing here needs to survive a power cut), and removes it at the
end. Each test gets a database of its own (``new_database``).

Running as root (a CI container), ``initdb`` and ``postgres`` refuse to
start, so they run as the ``postgres`` user the package creates (or
``nobody``) through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

BIN_GLOBS = ("/usr/lib/postgresql/*/bin",)


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL binaries on this machine (the message says how to get them)."""


def find_bin() -> Path:
    """The folder with ``initdb``, ``pg_ctl`` and ``postgres`` (the newest Debian version, or PATH)."""
    found = sorted(glob.glob(BIN_GLOBS[0]), key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0)
    for folder in reversed(found):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    initdb = shutil.which("initdb")
    if initdb:
        return Path(os.path.realpath(initdb)).parent
    raise PostgresUnavailable("PostgreSQL is not installed: run `make postgresql` (apt-get install -y postgresql)")


def free_port() -> int:
    """Below the ephemeral range, as the test sites' ports (``tests.support.site_process.free_port``)."""
    from tests.support.site_process import free_port as site_free_port

    return site_free_port()


def _service_user() -> str | None:
    """Who runs the server: ourselves, or (as root) the ``postgres`` user, else ``nobody``."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise PostgresUnavailable("running as root and no postgres/nobody user to run PostgreSQL as")


class PostgresServer:
    """One private PostgreSQL cluster: ``start()``, ``url(db)``, ``new_database()``, ``restart()``, ``stop()``."""

    def __init__(self) -> None:
        self.bin = find_bin()
        self.user = _service_user()
        self.root = Path(tempfile.mkdtemp(prefix="rulebook-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "run"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.running = False

    # ----- running commands as the service user --------------------------------------------------------
    def _cmd(self, *args: str) -> list[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        return ["runuser", "-u", self.user, "--", *command] if self.user else command

    def _run(self, *args: str, timeout: float = 120) -> None:
        result = subprocess.run(self._cmd(*args), capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}\n{self._log_tail()}")

    def _log_tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    # ----- life cycle --------------------------------------------------------------------------------------------
    def start(self) -> "PostgresServer":
        self.sockets.mkdir(parents=True, exist_ok=True)
        if self.user:
            shutil.chown(self.root, self.user)
            shutil.chown(self.sockets, self.user)
            os.chmod(self.root, 0o755)
        if not self.data.exists():
            self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync")
        self._pg_ctl_start()
        return self

    def _pg_ctl_start(self) -> None:
        options = (
            f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start")
        self.running = True
        self._wait_ready()

    def _wait_ready(self, timeout: float = 30) -> None:
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.url("postgres"), connect_timeout=3).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self, mode: str = "fast") -> None:
        if self.running:
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")
            self.running = False

    def restart(self) -> None:
        """Stop and start again on the same port (a database restart seen by open connections)."""
        self.stop("fast")
        self._pg_ctl_start()

    def remove(self) -> None:
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    # ----- databases ---------------------------------------------------------------------------------------------
    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = "rb_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
