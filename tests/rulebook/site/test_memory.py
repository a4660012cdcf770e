"""Who walls a kernel's memory: the kernel manager's command, unless the provisioner sets the wall itself."""

from __future__ import annotations

import subprocess
import sys

from rulebook.site.memory import WalledKernelManager, provisioner_sets_wall, wall_mb, walled_command
from rulebook.site.provisioner import ZygoteProvisioner

KERNEL = [sys.executable, "-m", "ipykernel_launcher", "-f", "/tmp/kernel-x.json"]


def test_a_wall_wraps_the_command_in_the_plain_launch_and_none_leaves_it():
    assert walled_command(KERNEL, 600) == [sys.executable, "-m", "rulebook.site.kernel_launch", "600", "--", *KERNEL]
    assert walled_command(KERNEL, 0) == KERNEL
    assert walled_command([], 600) == []


def test_the_wall_is_read_from_the_environment():
    assert wall_mb({"RULEBOOK_KERNEL_WALL_MB": "450"}) == 450
    assert wall_mb({"RULEBOOK_KERNEL_WALL_MB": "lots"}) == 0 and wall_mb({}) == 0


def test_the_zygote_provisioner_sets_the_wall_and_jupyters_own_does_not():
    from jupyter_client.provisioning import LocalProvisioner

    assert provisioner_sets_wall(ZygoteProvisioner) and not provisioner_sets_wall(LocalProvisioner) and not provisioner_sets_wall(None)


def test_the_kernel_manager_leaves_the_command_to_a_provisioner_that_walls_it(monkeypatch):
    monkeypatch.setenv("RULEBOOK_KERNEL_WALL_MB", "600")
    manager = WalledKernelManager(kernel_name="python3")
    plain = manager.format_kernel_cmd()
    assert plain[:5] == [sys.executable, "-m", "rulebook.site.kernel_launch", "600", "--"]
    manager.provisioner = ZygoteProvisioner(kernel_id="k", kernel_spec=manager.kernel_spec, parent=manager)
    assert manager.format_kernel_cmd() == plain[5:]


def test_the_plain_launch_becomes_the_kernel_behind_its_wall():
    """``kernel_launch`` execs the command: same process, the wall set, nothing of the launcher left."""
    probe = "import os, resource; print(os.getpid(), resource.getrlimit(resource.RLIMIT_DATA)[0] // 2**20, open('/proc/self/cmdline').read().split(chr(0)).count('rulebook.site.' + 'kernel_launch'))"
    launched = subprocess.Popen(walled_command([sys.executable, "-c", probe], 600), stdout=subprocess.PIPE, text=True)
    out, _ = launched.communicate(timeout=30)
    pid, wall, launcher_left = out.split()
    assert int(pid) == launched.pid and int(wall) == 600 and launcher_left == "0"
