"""Kernels forked from the zygote behave, for Jupyter and for the site, as kernels it started itself.

Real kernels, started by jupyter_client's own ``KernelManager`` through the
site's provisioner (``rulebook-zygote``, found by its entry point from the
kernel spec's ``metadata.kernel_provisioner``), as the site starts them.
The provisioner's own methods are tested in ``test_provisioner.py``.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import time
import uuid
from typing import Iterator

import pytest
from jupyter_client.manager import KernelManager

from rulebook.site import provisioner, zygote
from rulebook.site.memory import WALL_ENV
from rulebook.site.process import argv_of, descendants, kernel_processes, read_proc, rss_kb

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork server and /proc: Linux")

LAUNCHER = "rulebook.site.kernel_launch"
"""The plain launch's wrapper module: a forked kernel has no process running it."""


class ForkingManager(KernelManager):
    """jupyter_client's manager, its kernel spec naming the site's provisioner; a 600 MB wall (``WALL_ENV``)."""

    def __init__(self, **kwargs: object) -> None:
        # named as Jupyter names a server's kernels, which is how the site finds them (process.py)
        kwargs.setdefault("connection_file", os.path.join(tempfile.gettempdir(), f"kernel-{uuid.uuid4()}.json"))
        super().__init__(**kwargs)
        self.kernel_spec.metadata["kernel_provisioner"] = {"provisioner_name": provisioner.NAME}


@pytest.fixture(autouse=True)
def wall(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(WALL_ENV, "600")


@pytest.fixture(scope="module")
def started() -> Iterator[zygote.Started]:
    if not provisioner.registered():
        pytest.fail(f"the entry point {provisioner.NAME!r} is not installed: pip install -e . (pyproject.toml declares it)")
    z = zygote.start()
    assert z.ready(), "the zygote did not listen within 30 s"
    os.environ[zygote.ENV] = z.path
    try:
        yield z
    finally:
        os.environ.pop(zygote.ENV, None)
        z.stop()


def run(km: KernelManager, code: str, timeout: float = 30) -> dict:
    client = km.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=timeout)
        out: dict = {"stdout": ""}

        def hook(msg: dict) -> None:
            if msg["msg_type"] == "stream":
                out["stdout"] += msg["content"]["text"]

        reply = client.execute_interactive(code, timeout=timeout, output_hook=hook)
        out["status"] = reply["content"]["status"]
        out["ename"] = reply["content"].get("ename")
        return out
    finally:
        client.stop_channels()


def forked_kernel(km: KernelManager) -> int:
    """The pid of ``km``'s kernel as the site sees it (``kernel_processes`` of this test process): the provisioner's."""
    kernel_id = os.path.basename(km.connection_file)[len("kernel-"):-len(".json")]
    found = [k.pid for k in kernel_processes(os.getpid()) if k.kernel_id == kernel_id]
    assert found == [km.provisioner.pid], f"expected one kernel process for {kernel_id}, the provisioner's: {found}"
    assert km.provisioner.forked is not None, "the kernel was not forked"
    return found[0]


def launchers() -> list[int]:
    """Processes below this one running the plain launch's wrapper (a forked kernel needs none)."""
    return [pid for pid in descendants(os.getpid()) if LAUNCHER in read_proc(f"/proc/{pid}/cmdline").split("\0")]


def gone(pid: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        stat = f"/proc/{pid}/stat"
        if not os.path.exists(stat) or open(stat).read().rsplit(")", 1)[1].split()[0] == "Z":
            return True
        time.sleep(0.05)
    return False


def test_a_kernel_is_forked_warm_runs_code_and_is_one_process(started: zygote.Started) -> None:
    km = ForkingManager(kernel_name="python3")
    km.start_kernel()
    try:
        assert type(km.provisioner) is provisioner.ZygoteProvisioner  # found by its entry point
        out = run(km, "import os, sys, resource\n"
                      "print(os.getppid(), 'numpy' in sys.modules, 'ipywidgets' in sys.modules, resource.getrlimit(resource.RLIMIT_DATA)[0] // 2**20, os.getcwd(), os.environ['RULEBOOK_SERVER_PID'])")
        assert out["status"] == "ok"
        ppid, numpy_loaded, widgets_loaded, wall, cwd, server = out["stdout"].split()
        assert int(ppid) == started.process.pid  # forked by the zygote
        assert numpy_loaded == widgets_loaded == "True"  # warm: imported before the fork
        assert int(wall) == 600  # the memory wall is set in the kernel itself
        assert cwd == os.getcwd()
        assert int(server) == os.getpid()  # the host page finds its server (its parent is the zygote)
        targets = run(km, "print(sorted(t for t in get_ipython().kernel.comm_manager.targets if 'widget' in t))")
        assert targets["stdout"].strip() == "['jupyter.widget', 'jupyter.widget.control']"  # as a kernel that imported ipywidgets itself
        assert run(km, "print('ipywidgets' in globals(), len(In))")["stdout"].split() == ["False", "4"]  # no name, no history
        pid = forked_kernel(km)  # the one process the provisioner holds is the one the site counts
        assert launchers() == []  # no launcher stands in for it
        assert rss_kb(pid) > 20_000  # the real kernel's memory, for the site's memory watch
        assert argv_of(pid)[argv_of(pid).index("-f") + 1] == km.connection_file  # its command line, as arguments
    finally:
        km.shutdown_kernel(now=False)
    assert not km.is_alive()
    assert gone(pid)


def test_two_kernels_do_not_share_numpys_random_state(started: zygote.Started) -> None:
    draws = []
    for _ in range(2):
        km = ForkingManager(kernel_name="python3")
        km.start_kernel()
        try:
            draws.append(run(km, "import numpy, random; print(numpy.random.random(), random.random())")["stdout"])
        finally:
            km.shutdown_kernel(now=True)
    assert draws[0] != draws[1]


def test_an_interrupt_reaches_the_forked_kernel(started: zygote.Started) -> None:
    km = ForkingManager(kernel_name="python3")
    km.start_kernel()
    try:
        run(km, "1")
        client = km.client()
        client.start_channels()
        try:
            msg_id = client.execute("import time; time.sleep(60)")
            time.sleep(1.0)
            km.interrupt_kernel()  # the provisioner's send_signal(SIGINT)
            reply = client.get_shell_msg(timeout=20)
            while reply["parent_header"].get("msg_id") != msg_id:
                reply = client.get_shell_msg(timeout=20)
            assert reply["content"]["ename"] == "KeyboardInterrupt"
        finally:
            client.stop_channels()
    finally:
        km.shutdown_kernel(now=True)


def test_a_shutdown_kills_the_forked_kernel_and_waits_for_it(started: zygote.Started) -> None:
    km = ForkingManager(kernel_name="python3")
    km.start_kernel()
    run(km, "1")
    pid = forked_kernel(km)
    km.shutdown_kernel(now=True)  # the provisioner's kill, then its wait for the zygote's report
    assert gone(pid, within=0.5), "shutdown_kernel returned while the kernel still ran"
    assert not km.has_kernel


def test_stopping_the_zygote_stops_its_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    z = zygote.start()
    assert z.ready()
    monkeypatch.setenv(zygote.ENV, z.path)
    km = ForkingManager(kernel_name="python3")
    try:
        km.start_kernel()
        run(km, "1")
        pid = forked_kernel(km)
        z.stop()
        assert gone(pid, within=10), "a kernel outlived its zygote"
        deadline = time.monotonic() + 10
        while km.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not km.is_alive()  # the provisioner saw it go
    finally:
        km.cleanup_resources()


def test_what_the_zygote_cannot_fork(started: zygote.Started) -> None:
    assert zygote.eligible([sys.executable, "-m", "ipykernel_launcher", "-f", "k.json"])
    assert not zygote.eligible(["python2", "-m", "ipykernel_launcher", "-f", "k.json"])
    assert not zygote.eligible([sys.executable, "-c", "print(1)"])


def test_a_dead_zygote_means_kernels_start_the_plain_way_behind_the_wall(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(zygote.ENV, str(tmp_path / "nobody.sock"))
    km = ForkingManager(kernel_name="python3")
    try:
        km.start_kernel()
        out = run(km, "import os, resource; print(os.getppid(), resource.getrlimit(resource.RLIMIT_DATA)[0] // 2**20)")
        ppid, wall = out["stdout"].split()
        assert int(ppid) == os.getpid() and int(wall) == 600  # this process's child, walled by kernel_launch
        assert km.provisioner.forked is None
        assert [k.pid for k in kernel_processes(os.getpid())] == [km.provisioner.pid]  # the launcher became the kernel
        assert launchers() == []
    finally:
        km.shutdown_kernel(now=True)


def test_a_refused_request_means_the_plain_way(started: zygote.Started, monkeypatch: pytest.MonkeyPatch) -> None:
    """The zygote forks only kernels with its own ``PYTHONPATH`` (what it imported came from it)."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([os.environ.get("PYTHONPATH", ""), str(os.getcwd())]))
    km = ForkingManager(kernel_name="python3")
    try:
        km.start_kernel()
        assert int(run(km, "import os; print(os.getppid())")["stdout"]) == os.getpid()
        assert km.provisioner.forked is None
    finally:
        km.shutdown_kernel(now=True)


def test_a_request_whose_asker_went_away_leaves_no_forked_kernel_behind(started: zygote.Started) -> None:
    """The provisioner gave up waiting (``ForkFailed``, a busy machine): a fork made after that must go.

    Before, the launcher then started the kernel itself, and a fork the
    zygote made after all ran on beside it (same connection file). Now the
    kernel's start fails instead, and the zygote kills the fork whose
    socket has closed. Here the asker closes right after asking.
    """
    kernel_id = str(uuid.uuid4())
    command = [sys.executable, "-m", "ipykernel_launcher", "-f", os.path.join(tempfile.gettempdir(), f"kernel-{kernel_id}.json")]
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(started.path)
    zygote.send_request(conn, zygote.kernel_request(command, dict(os.environ), os.getcwd(), 600), [0, 1, 2])
    conn.close()  # gone before the answer
    time.sleep(1.0)  # the zygote's loop takes the request (POLL_S) and forks
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        left = [k.pid for k in kernel_processes(started.process.pid) if k.kernel_id == kernel_id]
        if not left:
            break
        time.sleep(0.05)
    assert not left, f"a forked kernel nobody holds still runs: {left}"
