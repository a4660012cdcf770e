"""The site's kernel provisioner: a page's kernel forked from the zygote, and Jupyter holds the kernel itself.

jupyter_client starts, polls, signals and kills a kernel through its
*provisioner* (``KernelProvisionerBase``). The plain one
(``LocalProvisioner``) runs the kernel's command with ``Popen``. This one
(``ZygoteProvisioner``, registered as ``rulebook-zygote`` under the entry
point group ``jupyter_client.kernel_provisioners`` in ``pyproject.toml``)
asks the site's zygote (``zygote.py``) for the kernel instead: the zygote
forks a process that has already imported what a kernel imports, the
child sets the memory wall (``RLIMIT_DATA``) and becomes the kernel, and
the zygote answers with its pid. From then on the provisioner holds that
process itself:

- **poll / wait**: the zygote is the kernel's parent, so it reaps it and
  sends its exit status down the provisioner's socket (``exit N``, as
  ``Popen.returncode`` says it: ``-N`` for signal N);
- **send_signal / terminate / kill**: to the kernel's process group (the
  fork starts a session of its own), as ``LocalProvisioner`` does;
- **the socket is the kernel's lifeline**: when it closes (``cleanup``,
  or the server dies), the zygote kills the kernel.

Before, Jupyter ran a launcher (``kernel_launch.py``) that asked the
zygote and stayed alive as the kernel's *stand-in*; every forked kernel was
two processes, which the cap, the memory watch and the host page each had
to tell apart, and a launcher that gave up waiting on a busy machine
started a second kernel beside the fork (issue 33). Now one kernel is one
process, and a request the zygote may have answered is never followed by a
second kernel: the start fails instead (``ForkFailed``).

Started the plain way (``LocalProvisioner``, the wall set by
``kernel_launch.py`` before it execs the kernel): a server without a
zygote (``--no-fork-kernels``, or a zygote that did not come up), a kernel
command other than this Python running ``-m ipykernel_launcher``, or a
zygote that refuses (another ``PYTHONPATH`` than its own).
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import socket
import sys
from importlib.metadata import entry_points
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning import LocalProvisioner

from . import zygote
from .memory import wall_mb, walled_command

NAME = "rulebook-zygote"
"""The provisioner's entry point name (``pyproject.toml``), what the site's config names as the default."""
PLAIN = "local-provisioner"
"""jupyter_client's own provisioner: kernels started the plain way."""
GROUP = "jupyter_client.kernel_provisioners"
SERVER_PID_ENV = "RULEBOOK_SERVER_PID"
"""The server's pid, given to a forked kernel: its parent is the zygote, and the host page looks at the server."""
CONNECT_TIMEOUT_S = 5.0
"""How long a kernel's start waits to reach the zygote's socket (nothing is asked until it is reached)."""
ANSWER_TIMEOUT_S = 60.0
"""How long a kernel's start waits for the zygote's answer: Jupyter's own wait for a kernel (``startup_timeout``)."""
WAIT_POLL_S = 0.1
"""How often ``wait`` looks whether the kernel has exited (as ``LocalProvisioner``)."""


class ForkFailed(RuntimeError):
    """The zygote was asked for a kernel and did not answer in time: the start fails, no second kernel is started."""


def registered(name: str = NAME) -> bool:
    """Whether ``name`` is an installed entry point of jupyter_client's provisioner group (``pip install -e .`` adds it)."""
    return bool(entry_points(group=GROUP, name=name))


NOT_REGISTERED = (f"rulebook serve: warning: the kernel provisioner {NAME!r} is not installed"
                  " (pip install -e . registers it); kernels import from scratch")


def provisioner_name(fork_kernels: bool) -> str:
    """The provisioner the site's kernels start through: the zygote's, unless kernels are not forked or it is not installed.

    Not installed (a checkout whose package metadata predates it), the site
    still serves, every kernel started the plain way, and the host is told.
    """
    if not fork_kernels:
        return PLAIN
    if registered():
        return NAME
    print(NOT_REGISTERED, file=sys.stderr)
    return PLAIN


def server_environment(env: dict[str, str], server_pid: int | None = None) -> dict[str, str]:
    """The kernel's environment with the server's pid (``SERVER_PID_ENV``), for a kernel whose parent is not the server."""
    return {**env, SERVER_PID_ENV: str(os.getpid() if server_pid is None else server_pid)}


def _fd_of(stream: Any, default: int) -> int:
    """A file descriptor for one of the kernel's standard streams: ``default`` for None, else the stream's own."""
    if stream is None:
        return default
    if isinstance(stream, int) and stream >= 0:
        return stream
    fileno = getattr(stream, "fileno", None)
    if fileno is None:
        raise ValueError(f"a kernel's stream the zygote cannot pass on: {stream!r}")
    return fileno()


async def _read_line(conn: socket.socket) -> str:
    """One line from the zygote (its answers are short lines); "" if it closed first."""
    loop = asyncio.get_running_loop()
    data = b""
    while not data.endswith(b"\n"):
        chunk = await loop.sock_recv(conn, 256)
        if not chunk:
            break
        data += chunk
    return data.decode().strip()


async def ask_zygote(path: str, request: dict[str, Any], fds: list[int],
                     answer_timeout: float = ANSWER_TIMEOUT_S) -> tuple[socket.socket, int] | None:
    """Ask the zygote at ``path`` for a kernel: (the open socket, the kernel's pid); None when it forked nothing.

    None: the zygote could not be reached, refused the request, or closed
    without an answer (the caller starts the kernel the plain way). ``ForkFailed``: the request was
    sent and no answer came in time; the socket is closed, so a fork made
    after all is killed by the zygote, and no second kernel may start.
    """
    loop = asyncio.get_running_loop()
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.setblocking(False)
    try:
        await asyncio.wait_for(loop.sock_connect(conn, path), CONNECT_TIMEOUT_S)
        conn.settimeout(CONNECT_TIMEOUT_S)
        zygote.send_request(conn, request, fds)
        conn.setblocking(False)
    except (OSError, asyncio.TimeoutError, ValueError):
        conn.close()
        return None  # nothing reached the zygote, or not all of it: it forks nothing on a request cut short
    try:
        line = await asyncio.wait_for(_read_line(conn), answer_timeout)
    except (OSError, asyncio.TimeoutError) as exc:
        conn.close()
        raise ForkFailed(f"the kernel zygote did not answer within {answer_timeout:.0f} s") from exc
    if line.startswith("pid ") and line.split()[1].isdigit():
        return conn, int(line.split()[1])
    conn.close()
    if not line or line.startswith("no"):
        # refused before any fork; or closed without an answer: the zygote is stopping, or its fork
        # failed (a fork it could not tell about is killed at once, zygote.Zygote._accept)
        return None
    raise ForkFailed(f"the kernel zygote answered {line!r}")


class ForkedKernel:
    """A kernel the zygote forked, as the provisioner holds it: its pid, the zygote's socket, its exit status.

    The process is the zygote's child, not the server's: its exit status
    comes from the zygote (``exit N`` on the socket), and whether it still
    runs from a pidfd (Linux ≥ 5.3), which cannot point at another process
    once the kernel's pid is reused.
    """

    def __init__(self, conn: socket.socket, pid: int) -> None:
        self.conn = conn
        self.pid = pid
        self.returncode: int | None = None
        self._buffer = b""
        self._zygote_gone = False
        self._killed = False
        try:
            self.pidfd: int | None = os.pidfd_open(pid)
        except (OSError, AttributeError):
            self.pidfd = None  # already exited (its status is on the socket), or no pidfd on this system

    def running(self) -> bool:
        """Whether the kernel's process has not exited (a zombie has)."""
        if self.pidfd is not None:
            readable, _, _ = select.select([self.pidfd], [], [], 0)
            return not readable
        if self.returncode is not None:
            return False
        try:
            os.kill(self.pid, 0)  # no pidfd on this system: the pid, as Popen would look
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True

    def poll(self) -> int | None:
        """The kernel's exit status once the zygote has reported it, else None (``Popen.poll``'s meaning).

        A zygote gone without a report (it was killed) reaps nothing: a
        kernel still running is killed here, and once it has exited its
        status is unknown (1, or ``-SIGKILL`` when it was killed here).
        """
        if self.returncode is not None:
            return self.returncode
        self._read_reports()
        if self.returncode is None and self._zygote_gone:
            if self.running():
                self._signal_group(signal.SIGKILL)
                self._killed = True
            if not self.running():
                self.returncode = -signal.SIGKILL if self._killed else 1
        return self.returncode

    def _read_reports(self) -> None:
        while not self._zygote_gone:
            try:
                chunk = self.conn.recv(256, socket.MSG_DONTWAIT)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._zygote_gone = True  # the zygote closed: it stopped, or it died
                return
            self._buffer += chunk
            while b"\n" in self._buffer:
                line, self._buffer = self._buffer.split(b"\n", 1)
                words = line.decode().split()
                if len(words) == 2 and words[0] == "exit":
                    self.returncode = int(words[1])

    def send_signal(self, signum: int) -> None:
        """Signal the kernel's process group (the kernel and what it started); nothing once it has exited."""
        if self.poll() is None and self.running():
            self._signal_group(signum)

    def _signal_group(self, signum: int) -> None:
        try:
            os.killpg(self.pid, signum)  # the fork called setsid: its group is its pid
        except ProcessLookupError:
            pass
        except PermissionError:
            if self.pidfd is not None:
                signal.pidfd_send_signal(self.pidfd, signum)

    def close(self) -> None:
        """Let go of the kernel: the zygote kills it if it still runs (its socket closed)."""
        self.conn.close()
        if self.pidfd is not None:
            os.close(self.pidfd)
            self.pidfd = None


class ZygoteProvisioner(LocalProvisioner):  # type: ignore[misc]
    """jupyter_client's local provisioner, with the kernel forked from the site's zygote (module docstring)."""

    sets_memory_wall = True
    """The wall is this provisioner's (the fork sets it; the plain launch wraps the command): ``memory.WalledKernelManager`` leaves the command alone."""

    forked: ForkedKernel | None = None

    @property
    def has_process(self) -> bool:
        return self.forked is not None or super().has_process

    async def pre_launch(self, **kwargs: Any) -> dict[str, Any]:
        kwargs = await super().pre_launch(**kwargs)
        kwargs["env"] = server_environment(kwargs.get("env") or dict(os.environ))
        return kwargs

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        """The kernel forked by the zygote; started the plain way (behind the wall) when the zygote forks nothing."""
        wall = wall_mb()
        path = os.environ.get(zygote.ENV, "")
        if path and zygote.eligible(cmd):
            env = kwargs.get("env") or dict(os.environ)
            cwd = str(kwargs.get("cwd") or os.getcwd())
            try:
                streams = [_fd_of(kwargs.get("stdout"), 1), _fd_of(kwargs.get("stderr"), 2)]
            except ValueError:
                streams = []  # a pipe Jupyter would read: only a process it starts itself has one
            asked = None
            if streams:
                with open(os.devnull, "rb") as stdin:
                    asked = await ask_zygote(path, zygote.kernel_request(cmd, env, cwd, wall), [stdin.fileno(), *streams])
            if asked is not None:
                self.forked = ForkedKernel(*asked)
                self.pid = self.pgid = self.forked.pid
                self.cwd = cwd
                self.log.debug("kernel %s forked by the zygote: pid %d", self.kernel_id, self.pid)
                return self.connection_info
        return await super().launch_kernel(walled_command(cmd, wall), **kwargs)

    async def poll(self) -> int | None:
        if self.forked is None:
            return await super().poll()
        return self.forked.poll()

    async def wait(self) -> int | None:
        if self.forked is None:
            return await super().wait()
        while (code := self.forked.poll()) is None:
            await asyncio.sleep(WAIT_POLL_S)
        self.forked.close()
        self.forked = None  # has_process is now False, as LocalProvisioner's after its wait
        return code

    async def send_signal(self, signum: int) -> None:
        if self.forked is None:
            return await super().send_signal(signum)
        self.forked.send_signal(signum)
        return None

    async def kill(self, restart: bool = False) -> None:
        if self.forked is None:
            return await super().kill(restart)
        self.forked.send_signal(signal.SIGKILL)
        return None

    async def terminate(self, restart: bool = False) -> None:
        if self.forked is None:
            return await super().terminate(restart)
        self.forked.send_signal(signal.SIGTERM)
        return None

    async def cleanup(self, restart: bool = False) -> None:
        if self.forked is not None:
            self.forked.close()  # a kernel still running now goes with its socket (the zygote kills it)
            self.forked = None
        await super().cleanup(restart)
