"""The site's kernel provisioner holds a forked kernel itself: poll, wait, signals, kill, its exit status.

Real kernels forked by a real zygote, driven through the provisioner's own
methods (jupyter_client's ``KernelProvisionerBase`` API); the whole kernel
lifecycle through jupyter_client's ``KernelManager`` is ``test_zygote.py``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import threading
import time
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Iterator

import pytest
from jupyter_client.manager import KernelManager

from rulebook.site import provisioner, zygote
from rulebook.site.memory import WALL_ENV
from rulebook.site.process import kernel_processes
from tests.rulebook.site.test_zygote import ForkingManager, gone, run

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork server and /proc: Linux")

PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"


@pytest.fixture(autouse=True)
def wall(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(WALL_ENV, "600")


@pytest.fixture()
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[zygote.Started]:
    """A zygote of this test's own (some tests kill it)."""
    z = zygote.start()
    assert z.ready(), "the zygote did not listen within 30 s"
    monkeypatch.setenv(zygote.ENV, z.path)
    try:
        yield z
    finally:
        z.stop()


def forked(started: zygote.Started) -> tuple[KernelManager, provisioner.ZygoteProvisioner]:
    km = ForkingManager(kernel_name="python3")
    km.start_kernel()
    run(km, "1")
    assert isinstance(km.provisioner, provisioner.ZygoteProvisioner) and km.provisioner.forked is not None
    return km, km.provisioner


def until(check, within: float = 10.0):  # noqa: ANN001, ANN202 - a test helper
    deadline = time.monotonic() + within
    while (value := check()) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return value


def test_the_entry_point_in_pyproject_names_the_provisioner() -> None:
    declared = tomllib.loads(PYPROJECT.read_text())["project"]["entry-points"][provisioner.GROUP]
    assert EntryPoint(provisioner.NAME, declared[provisioner.NAME], provisioner.GROUP).load() is provisioner.ZygoteProvisioner
    assert provisioner.registered(), "installed metadata without it: pip install -e . (the site would not fork kernels)"


def test_the_site_names_its_provisioner_only_when_kernels_are_forked(capsys: pytest.CaptureFixture[str]) -> None:
    assert provisioner.provisioner_name(False) == provisioner.PLAIN
    assert provisioner.provisioner_name(True) == provisioner.NAME
    assert not provisioner.registered("rulebook-no-such-provisioner")
    assert capsys.readouterr().err == ""


def test_the_site_still_serves_where_the_entry_point_is_not_installed(monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(provisioner, "registered", lambda name=provisioner.NAME: False)
    assert provisioner.provisioner_name(True) == provisioner.PLAIN
    assert "pip install -e ." in capsys.readouterr().err


def test_poll_is_none_while_the_kernel_runs_and_its_exit_status_after(started: zygote.Started) -> None:
    km, prov = forked(started)
    try:
        assert asyncio.run(prov.poll()) is None and prov.has_process
        client = km.client()
        client.start_channels()
        try:
            client.execute("import os; os._exit(3)")
            assert until(lambda: asyncio.run(prov.poll())) == 3  # reported by the zygote, its parent
        finally:
            client.stop_channels()
        assert asyncio.run(prov.wait()) == 3
        assert not prov.has_process
    finally:
        km.cleanup_resources()


@pytest.mark.parametrize("method, signum", [("terminate", signal.SIGTERM), ("kill", signal.SIGKILL)])
def test_terminate_and_kill_reach_the_kernel_and_what_it_started(started: zygote.Started, method: str, signum: int) -> None:
    km, prov = forked(started)
    pid = prov.pid
    try:
        child = run(km, "import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); print(p.pid)")
        grandchild = int(child["stdout"])
        asyncio.run(getattr(prov, method)())
        assert asyncio.run(asyncio.wait_for(prov.wait(), 10)) == -signum  # as Popen.returncode says it
        assert gone(pid) and gone(grandchild)  # its process group, as LocalProvisioner signals it
    finally:
        km.cleanup_resources()


def test_cleanup_lets_go_and_the_zygote_kills_a_kernel_still_running(started: zygote.Started) -> None:
    km, prov = forked(started)
    pid = prov.pid
    asyncio.run(prov.cleanup())
    assert not prov.has_process
    assert gone(pid), "a kernel whose provisioner let go still runs"
    km.cleanup_resources()


def test_a_zygote_killed_outright_leaves_no_kernel_running(started: zygote.Started) -> None:
    """Killed, the zygote reaps and reports nothing: the provisioner sees its socket close and kills the kernel."""
    km, prov = forked(started)
    pid = prov.pid
    try:
        started.process.kill()
        started.process.wait(10)
        assert until(lambda: asyncio.run(prov.poll())) is not None
        assert gone(pid)
    finally:
        km.cleanup_resources()


def test_a_zygote_that_never_answers_fails_the_start_and_starts_no_second_kernel(tmp_path: Path) -> None:
    """A request the zygote may yet answer is never followed by a plain start (two kernels, one connection file)."""
    path = str(tmp_path / "silent.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    taken: list[socket.socket] = []
    accepting = threading.Thread(target=lambda: taken.append(listener.accept()[0]))
    accepting.start()
    request = zygote.kernel_request([sys.executable, "-m", "ipykernel_launcher"], dict(os.environ), os.getcwd(), 0)
    try:
        with pytest.raises(provisioner.ForkFailed, match="did not answer"):
            asyncio.run(provisioner.ask_zygote(path, request, [0, 1, 2], answer_timeout=0.5))
        accepting.join(5)
        assert taken and taken[0].recv(1 << 16)  # the request was sent ...
        assert taken[0].recv(16) == b""  # ... and the socket closed: a late fork is killed by the zygote
    finally:
        for conn in taken:
            conn.close()
        listener.close()


def test_nothing_reached_means_the_plain_way(tmp_path: Path) -> None:
    request = zygote.kernel_request([sys.executable, "-m", "ipykernel_launcher"], dict(os.environ), os.getcwd(), 0)
    assert asyncio.run(provisioner.ask_zygote(str(tmp_path / "nobody.sock"), request, [0, 1, 2])) is None


def test_the_kernel_environment_names_the_server() -> None:
    assert provisioner.server_environment({"A": "1"}, 4242) == {"A": "1", provisioner.SERVER_PID_ENV: "4242"}
    assert provisioner.server_environment({})[provisioner.SERVER_PID_ENV] == str(os.getpid())


def test_one_process_per_kernel_while_many_start_at_once(started: zygote.Started) -> None:
    """Four kernels started together: four processes, each the one its provisioner holds."""
    managers = [ForkingManager(kernel_name="python3") for _ in range(4)]
    try:
        for km in managers:
            km.start_kernel()
        for km in managers:
            run(km, "1")
        held = {km.provisioner.pid for km in managers}
        seen = kernel_processes(os.getpid())
        assert {k.pid for k in seen} == held and len(seen) == 4
        assert len({k.kernel_id for k in seen}) == 4
    finally:
        for km in managers:
            km.shutdown_kernel(now=True)
    assert kernel_processes(os.getpid()) == []


def test_a_stream_the_zygote_cannot_pass_on_is_refused_clearly() -> None:
    assert provisioner._fd_of(None, 2) == 2 and provisioner._fd_of(5, 2) == 5
    with pytest.raises(ValueError, match="cannot pass on"):
        provisioner._fd_of(-1, 1)  # subprocess.PIPE: the kernel then starts the plain way


@pytest.mark.parametrize("answer, forked_nothing", [(b"no: another PYTHONPATH\n", True), (b"", True), (b"what?\n", False)])
def test_the_zygotes_answers_that_mean_nothing_was_forked(tmp_path: Path, answer: bytes, forked_nothing: bool) -> None:
    """A refusal or a close without a word: the plain way. Anything else unexpected fails the start."""
    path = str(tmp_path / "z.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)

    def answer_once() -> None:
        conn = listener.accept()[0]
        conn.recv(1 << 16)
        conn.sendall(answer)
        conn.close()

    answering = threading.Thread(target=answer_once)
    answering.start()
    request = zygote.kernel_request([sys.executable, "-m", "ipykernel_launcher"], dict(os.environ), os.getcwd(), 0)
    try:
        if forked_nothing:
            assert asyncio.run(provisioner.ask_zygote(path, request, [0, 1, 2], answer_timeout=10)) is None
        else:
            with pytest.raises(provisioner.ForkFailed, match="answered 'what"):
                asyncio.run(provisioner.ask_zygote(path, request, [0, 1, 2], answer_timeout=10))
    finally:
        answering.join(5)
        listener.close()
