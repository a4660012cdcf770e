"""Kernels forked from the zygote behave, for Jupyter and for the site, as kernels it started itself.

Real kernels, started by jupyter_client's own ``KernelManager`` through the
site's launcher (``memory.walled_command``), as Voilà starts them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from typing import Iterator

import pytest
from jupyter_client.manager import KernelManager

from rulebook.site import zygote
from rulebook.site.memory import walled_command
from rulebook.site.process import argv_of, kernel_processes, rss_kb

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork server and /proc: Linux")


class LaunchedManager(KernelManager):
    """jupyter_client's manager, the kernel command wrapped as the site wraps it (a 600 MB wall)."""

    def __init__(self, **kwargs: object) -> None:
        # named as Jupyter names a server's kernels, which is how the site finds them (process.py)
        kwargs.setdefault("connection_file", os.path.join(tempfile.gettempdir(), f"kernel-{uuid.uuid4()}.json"))
        super().__init__(**kwargs)

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return walled_command(super().format_kernel_cmd(extra_arguments), 600)


@pytest.fixture(scope="module")
def started() -> Iterator[zygote.Started]:
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
    """The pid of ``km``'s kernel as the site sees it (``kernel_processes`` of this test process), a forked one."""
    kernel_id = os.path.basename(km.connection_file)[len("kernel-"):-len(".json")]
    found = [k.pid for k in kernel_processes(os.getpid()) if k.kernel_id == kernel_id]
    assert len(found) == 1, f"expected one kernel process for {kernel_id}, found {found}"
    assert found[0] != km.provisioner.pid, "the kernel was not forked: its launcher became it"
    return found[0]


def gone(pid: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        stat = f"/proc/{pid}/stat"
        if not os.path.exists(stat) or open(stat).read().rsplit(")", 1)[1].split()[0] == "Z":
            return True
        time.sleep(0.05)
    return False


def test_a_kernel_is_forked_warm_runs_code_and_is_seen_as_the_kernel(started: zygote.Started) -> None:
    km = LaunchedManager(kernel_name="python3")
    km.start_kernel()
    try:
        out = run(km, "import os, sys, resource\n"
                      "print(os.getppid(), 'numpy' in sys.modules, 'ipywidgets' in sys.modules, resource.getrlimit(resource.RLIMIT_DATA)[0] // 2**20, os.getcwd())")
        assert out["status"] == "ok"
        ppid, numpy_loaded, widgets_loaded, wall, cwd = out["stdout"].split()
        assert int(ppid) == started.process.pid  # forked by the zygote, not exec'd by the launcher
        assert numpy_loaded == widgets_loaded == "True"  # warm: imported before the fork
        assert int(wall) == 600  # the memory wall is set in the kernel itself
        assert cwd == os.getcwd()
        targets = run(km, "print(sorted(t for t in get_ipython().kernel.comm_manager.targets if 'widget' in t))")
        assert targets["stdout"].strip() == "['jupyter.widget', 'jupyter.widget.control']"  # as a kernel that imported ipywidgets itself
        assert run(km, "print('ipywidgets' in globals(), len(In))")["stdout"].split() == ["False", "4"]  # no name, no history
        pid = forked_kernel(km)
        assert pid != km.provisioner.pid  # the launcher stands in for it and is not counted as a kernel
        assert rss_kb(pid) > 20_000  # the real kernel's memory, for the site's memory watch
        assert argv_of(pid)[argv_of(pid).index("-f") + 1] == km.connection_file  # its command line, as arguments
    finally:
        km.shutdown_kernel(now=False)
    assert not km.is_alive()


def test_two_kernels_do_not_share_numpys_random_state(started: zygote.Started) -> None:
    draws = []
    for _ in range(2):
        km = LaunchedManager(kernel_name="python3")
        km.start_kernel()
        try:
            draws.append(run(km, "import numpy, random; print(numpy.random.random(), random.random())")["stdout"])
        finally:
            km.shutdown_kernel(now=True)
    assert draws[0] != draws[1]


def test_an_interrupt_reaches_the_forked_kernel(started: zygote.Started) -> None:
    km = LaunchedManager(kernel_name="python3")
    km.start_kernel()
    try:
        run(km, "1")
        client = km.client()
        client.start_channels()
        try:
            msg_id = client.execute("import time; time.sleep(60)")
            time.sleep(1.0)
            km.interrupt_kernel()
            reply = client.get_shell_msg(timeout=20)
            while reply["parent_header"].get("msg_id") != msg_id:
                reply = client.get_shell_msg(timeout=20)
            assert reply["content"]["ename"] == "KeyboardInterrupt"
        finally:
            client.stop_channels()
    finally:
        km.shutdown_kernel(now=True)


def test_killing_the_launcher_kills_the_kernel(started: zygote.Started) -> None:
    km = LaunchedManager(kernel_name="python3")
    km.start_kernel()
    run(km, "1")
    pid = forked_kernel(km)
    km.shutdown_kernel(now=True)  # SIGKILL to the launcher: it cannot pass that on, the zygote sees it go
    assert gone(pid), "the forked kernel outlived its killed launcher"


def test_stopping_the_zygote_stops_its_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    z = zygote.start()
    assert z.ready()
    monkeypatch.setenv(zygote.ENV, z.path)
    km = LaunchedManager(kernel_name="python3")
    try:
        km.start_kernel()
        run(km, "1")
        pid = forked_kernel(km)
        z.stop()
        assert gone(pid, within=10), "a kernel outlived its zygote"
        assert km.provisioner.process.wait(10) is not None  # its launcher exits too
    finally:
        km.cleanup_resources()


def test_what_the_zygote_cannot_fork_starts_the_old_way(started: zygote.Started, tmp_path) -> None:
    """A command other than ``-m ipykernel_launcher``: the launcher execs it, wall and all."""
    command = walled_command([sys.executable, "-c", "import os, resource; print(os.getppid(), resource.getrlimit(resource.RLIMIT_DATA)[0] // 2**20)"], 600)
    out = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True)
    ppid, wall = out.stdout.split()
    assert int(ppid) == os.getpid() and int(wall) == 600
    assert not zygote.eligible(command[5:])
    assert zygote.eligible([sys.executable, "-m", "ipykernel_launcher", "-f", "k.json"])


def test_a_dead_zygote_means_kernels_start_the_old_way(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(zygote.ENV, str(tmp_path / "nobody.sock"))
    km = LaunchedManager(kernel_name="python3")
    try:
        km.start_kernel()
        out = run(km, "import os; print(os.getppid())")
        assert int(out["stdout"]) == os.getpid()  # exec'd by its launcher, a child of this process
    finally:
        km.shutdown_kernel(now=True)


def test_a_signal_to_the_launcher_is_passed_on_and_its_exit_reports_the_kernels(started: zygote.Started) -> None:
    km = LaunchedManager(kernel_name="python3")
    km.start_kernel()
    try:
        run(km, "1")
        pid = forked_kernel(km)
        os.kill(km.provisioner.pid, signal.SIGTERM)
        assert gone(pid)
        assert km.provisioner.process.wait(10) == 128 + signal.SIGTERM
    finally:
        km.cleanup_resources()


def test_a_launcher_that_gave_up_waiting_leaves_no_forked_kernel_behind(started: zygote.Started) -> None:
    """The launcher waits ``REQUEST_TIMEOUT_S`` for the zygote's answer, then starts its kernel itself.

    If the zygote forks after that, nobody stands in for the fork: before,
    it ran on beside the launcher's own kernel (same connection file) for as
    long as the zygote lived. Here the launcher closes right after asking.
    """
    kernel_id = str(uuid.uuid4())
    command = [sys.executable, "-m", "ipykernel_launcher", "-f", os.path.join(tempfile.gettempdir(), f"kernel-{kernel_id}.json")]
    import socket

    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(started.path)
    zygote._send(conn, {"argv": command, "env": dict(os.environ), "cwd": os.getcwd(), "wall_mb": 600}, [0, 1, 2])
    conn.close()  # gone before the answer
    time.sleep(1.0)  # the zygote's loop takes the request (POLL_S) and forks
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        left = [k.pid for k in kernel_processes(started.process.pid) if k.kernel_id == kernel_id]
        if not left:
            break
        time.sleep(0.05)
    assert not left, f"a forked kernel nobody stands in for still runs: {left}"
