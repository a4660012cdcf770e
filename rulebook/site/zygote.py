"""Kernels forked from a warm process: a page's kernel starts without paying for its imports.

Every page that finds no preheated kernel starts one, and most of what that
costs is Python importing the same modules again: ipykernel (~0.3 s of
CPU), numpy and ipywidgets (~0.15 s), the site's widgets and games
(~0.1 s), measured on this 2-core machine against ~0.9 s of kernel CPU per
page. Ten visitors at the same instant paid it ten times over on two cores.

The zygote is a process the server starts once (``start``): it imports
those modules and waits on a Unix socket in a private folder. The site's
kernel provisioner (``provisioner.py``, in the server) asks it for a
kernel (``kernel_request``, ``send_request``): the zygote forks, and the
child — already warm — becomes the kernel Jupyter asked for (same argv,
environment, working folder, standard streams and memory wall, its own
session) and runs ``ipykernel_launcher``. The zygote answers ``pid N``.

The provisioner holds the kernel's process itself; the socket it asked on
stays open as the kernel's lifeline. The zygote reaps its kernels and
reports each exit on that socket (``exit N``, as ``Popen.returncode``
says it). If the socket closes (the provisioner let go, or the server
died), the zygote kills the kernel; if the server goes, the zygote kills
its kernels and exits. A forked kernel takes the kernel's command line as
its process title (``setproctitle``), so ``process.kernel_processes``
finds it as it finds a kernel started the plain way: one process per
kernel.

Refused (``no: ...``, nothing forked; the provisioner starts the kernel the
plain way): a request with another ``PYTHONPATH`` than the zygote's. The
provisioner never asks for a command other than this Python running
``-m ipykernel_launcher`` (``eligible``).

Why not fork from the server itself: the server runs threads and an event
loop, which a fork does not carry over safely; the zygote runs neither
(numpy's BLAS is held to one thread in it, ``SINGLE_THREAD_ENV``).
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ENV = "RULEBOOK_KERNEL_ZYGOTE"
"""The zygote's socket path, exported by the server once the zygote listens (the provisioner reads it)."""
WARM_MODULES = ("ipykernel.kernelapp", "ipykernel.ipkernel", "numpy", "ipywidgets", "widgets.page", "setproctitle")
"""What a page's kernel imports anyway, imported once in the zygote (import failures are skipped)."""
AT_KERNEL_START = ("__import__('ipywidgets')._handle_ipython()",)
"""What the warm modules do when first imported inside a running kernel, done again in each forked one.

ipywidgets registers its comm targets (``jupyter.widget``, ``...control``)
on import *if* IPython is running; imported in the zygote, where it is
not, it registered nothing, and no page could ask for its widgets.
Run as the kernel's ``exec_lines`` (no history, no name left behind).
"""
SINGLE_THREAD_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""The zygote must start no thread before it forks (a thread does not survive a fork); numpy's BLAS would."""
RESET_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)
"""Signals the zygote handles or ignores: a forked kernel starts with their default handlers."""
POLL_S = 0.2
MAX_REQUEST = 1 << 20
REQUEST_TIMEOUT_S = 5.0
"""How long the zygote waits for the rest of a request it has begun to read (a stuck client never stops it)."""


# ----- the provisioner's side (in the server) -----------------------------------------------------------------------
def eligible(command: list[str]) -> bool:
    """Whether ``command`` is a kernel the zygote can fork: this Python running ``-m ipykernel_launcher``."""
    return (
        len(command) >= 3
        and os.path.realpath(command[0]) == os.path.realpath(sys.executable)
        and command[1:3] == ["-m", "ipykernel_launcher"]
    )


def kernel_request(command: list[str], env: dict[str, str], cwd: str, wall_mb: int) -> dict[str, Any]:
    """What the zygote needs to become ``command``: its argv, environment, folder and memory wall (MB, 0: none)."""
    return {"argv": [str(a) for a in command], "env": {str(k): str(v) for k, v in env.items()},
            "cwd": cwd, "wall_mb": int(wall_mb)}


def send_request(conn: socket.socket, request: dict[str, Any], fds: list[int]) -> None:
    """Send ``request`` with the kernel's standard streams (``fds``: stdin, stdout, stderr) in one message."""
    data = json.dumps(request).encode()
    if len(data) > MAX_REQUEST:
        raise ValueError(f"a kernel request of {len(data)} bytes (at most {MAX_REQUEST})")
    socket.send_fds(conn, [struct.pack("!I", len(data)) + data], fds)


# ----- the zygote's side --------------------------------------------------------------------------------------------
def warm_up(modules: tuple[str, ...] = WARM_MODULES) -> list[str]:
    """Import ``modules`` (the ones that import); the names imported."""
    import importlib

    done = []
    for name in modules:
        try:
            importlib.import_module(name)
            done.append(name)
        except Exception:  # noqa: BLE001 - a module a kernel may not need; the kernel imports it itself if it does
            continue
    return done


def _receive(conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
    conn.settimeout(REQUEST_TIMEOUT_S)
    data, fds, _flags, _addr = socket.recv_fds(conn, MAX_REQUEST + 4, 3)
    if len(data) < 4:
        raise OSError("short request")
    size = struct.unpack("!I", data[:4])[0]
    body = data[4:]
    while len(body) < size:
        chunk = conn.recv(size - len(body))
        if not chunk:
            raise OSError("request cut short")
        body += chunk
    return json.loads(body), fds


def become_kernel(request: dict[str, Any], fds: list[int], close: list[socket.socket]) -> None:
    """In the forked child: take the asked-for kernel's identity and run it; never returns."""
    code = 1
    try:
        for sock in close:
            sock.close()
        for signum in (*RESET_SIGNALS, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()  # a terminal's Ctrl-C for the server is not the kernels' (as Jupyter starts them)
        for target, fd in enumerate(fds[:3]):
            os.dup2(fd, target)
        for fd in fds:
            if fd > 2:
                os.close(fd)
        from .kernel_launch import set_memory_wall

        set_memory_wall(int(request.get("wall_mb", 0)))
        argv = [str(a) for a in request["argv"]]
        import setproctitle  # before the environment changes: it finds the title's room next to it

        setproctitle.setproctitle(" ".join(argv))
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in request["env"].items()})
        os.environ["JPY_PARENT_PID"] = str(os.getppid())
        _reseed()
        sys.argv = [argv[0], *argv[3:]]
        if sys.path and sys.path[0] in ("", os.path.realpath(_ZYGOTE_CWD[0] or ".")):
            del sys.path[0]
        from ipykernel import kernelapp

        # its default was read from the environment when the zygote imported ipykernel (without it):
        # the kernel's parent poller watches the zygote, and ipykernel prints no console hints
        kernelapp.IPKernelApp.launch_instance(parent_handle=os.getppid(), exec_lines=list(AT_KERNEL_START))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - a kernel that failed to start says why on its stderr, like any kernel
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


_ZYGOTE_CWD: list[str | None] = [None]


def _reseed() -> None:
    """Every fork starts from the zygote's random state: give each kernel its own (``random`` does it itself)."""
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()


class Zygote:
    """The zygote's loop: fork kernels on request, report their exit, kill a kernel whose socket closed."""

    def __init__(self, path: str, parent: int) -> None:
        self.path = path
        self.parent = parent
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        os.chmod(path, 0o600)
        self.listener.listen(64)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ)
        self.kernels: dict[int, socket.socket] = {}
        self.running = True

    def serve(self) -> None:
        signal.signal(signal.SIGTERM, lambda *_: self.stop())
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C: the server stops us
        try:
            while self.running:
                for key, _ in self.selector.select(POLL_S):
                    if key.fileobj is self.listener:
                        self._accept()
                    else:
                        self._provisioner_spoke(key.fileobj, key.data)
                self._reap()
                if os.getppid() != self.parent:
                    break
        finally:
            self._kill_all()

    def stop(self) -> None:
        self.running = False

    def _accept(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        fds: list[int] = []
        try:
            request, fds = _receive(conn)
            if request.get("env", {}).get("PYTHONPATH", "") != os.environ.get("PYTHONPATH", ""):
                conn.sendall(b"no: another PYTHONPATH than the zygote's\n")  # the provisioner starts it the plain way
                conn.close()
                return
            pid = os.fork()
            if pid == 0:
                self.selector.close()
                become_kernel(request, fds, [self.listener, conn, *self.kernels.values()])
            try:
                conn.sendall(f"pid {pid}\n".encode())
            except OSError:
                # The provisioner is gone: it gave up waiting (a busy machine; the kernel's start
                # fails, it starts no other) or the server died. Nobody holds this fork: it goes.
                os.kill(pid, signal.SIGKILL)
                raise
            conn.settimeout(None)
            self.kernels[pid] = conn
            self.selector.register(conn, selectors.EVENT_READ, pid)
        except (OSError, ValueError, KeyError):
            conn.close()
        finally:
            for fd in fds:
                os.close(fd)

    def _provisioner_spoke(self, conn: Any, pid: int) -> None:
        """A provisioner says nothing after its request: readable means it let go, so its kernel goes too."""
        try:
            if conn.recv(64):
                return
        except OSError:
            pass
        self._forget(pid)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def _reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.kernels.get(pid)
            if conn is not None:
                try:
                    conn.sendall(f"exit {os.waitstatus_to_exitcode(status)}\n".encode())
                except OSError:
                    pass
                self._forget(pid)

    def _forget(self, pid: int) -> None:
        conn = self.kernels.pop(pid, None)
        if conn is not None:
            try:
                self.selector.unregister(conn)
            except (KeyError, ValueError):
                pass
            conn.close()

    def _kill_all(self) -> None:
        """The server is gone or stopping: so are its kernels (SIGTERM, then SIGKILL after 2 s)."""
        pids = list(self.kernels)
        for sig, wait in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 0.0)):
            for pid in pids:
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline and self.kernels:
                self._reap()
                time.sleep(0.05)
            pids = list(self.kernels)
        for pid in list(self.kernels):
            self._forget(pid)
        try:
            os.unlink(self.path)
        except OSError:
            pass


def main(argv: list[str]) -> None:
    if len(argv) != 2 or not argv[1].isdigit():
        raise SystemExit("usage: python -m rulebook.site.zygote SOCKET PARENT_PID")
    _ZYGOTE_CWD[0] = os.getcwd()
    os.environ.update(SINGLE_THREAD_ENV)
    warm_up()
    Zygote(argv[0], int(argv[1])).serve()


# ----- the server's side --------------------------------------------------------------------------------------------
class Started:
    """A zygote the server started: its process and socket path (``stop()`` when the server stops)."""

    def __init__(self, process: subprocess.Popen, folder: str, path: str) -> None:
        self.process = process
        self.folder = folder
        self.path = path

    def ready(self, timeout: float = 30.0) -> bool:
        """Whether the zygote listens (it imports first, ~1 s); kernels before that start the plain way."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            if os.path.exists(self.path):
                return True
            time.sleep(0.05)
        return os.path.exists(self.path)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        try:
            os.unlink(self.path)
        except OSError:
            pass
        try:
            os.rmdir(self.folder)
        except OSError:
            pass


def start(python: str | None = None) -> Started:
    """Start a zygote for this process's kernels (a private folder for its socket); export nothing yet."""
    folder = tempfile.mkdtemp(prefix="rulebook-zygote-")
    os.chmod(folder, 0o700)
    path = str(Path(folder) / "kernels.sock")
    env = {**os.environ, **SINGLE_THREAD_ENV}
    process = subprocess.Popen([python or sys.executable, "-m", "rulebook.site.zygote", path, str(os.getpid())], env=env)
    return Started(process, folder, path)


if __name__ == "__main__":
    main(sys.argv[1:])
