"""Issue 33: a served site's kernel is one process, forked from the zygote through the site's provisioner.

Before, each forked kernel was two processes (a launcher standing in for
it, and the fork), which the cap, the memory watch and the host page each
had to tell apart. Now no launcher runs beside a forked kernel, and the
cap's count, the memory watch's and the host page's are the same processes
(``process.kernel_processes``; that a forked kernel's host page finds
its server is ``tests/rulebook/site/test_zygote.py``'s). ``--no-fork-kernels`` keeps
jupyter_client's own provisioner, each kernel the server's child behind the
same memory wall.
"""

from __future__ import annotations

import pytest

from rulebook.site.kernels import live_kernels
from rulebook.site.limits import memory_wall_mb
from rulebook.site.process import argv_of, children, descendants, read_proc

LAUNCHER = "rulebook.site.kernel_launch"


def _parent(pid: int) -> int:
    return int(read_proc(f"/proc/{pid}/stat").rsplit(")", 1)[1].split()[1])


def _data_limit_mb(pid: int) -> int:
    """The soft ``RLIMIT_DATA`` of a process, in MB (``/proc/<pid>/limits``)."""
    line = next(line for line in read_proc(f"/proc/{pid}/limits").splitlines() if line.startswith("Max data size"))
    return int(line.split()[3]) // 2**20


@pytest.mark.browser
def test_a_forked_kernel_is_one_process_the_zygotes_child_and_no_launcher_runs(start_site):
    site = start_site(max_kernels=4)
    site.wait_kernels_quiet(timeout=120)
    kernels = site.kernels()
    assert len(kernels) == site.pooled_at_rest > 0
    zygotes = [pid for pid in children(site.pid) if "rulebook.site.zygote" in argv_of(pid)]
    assert len(zygotes) == 1
    assert {k.pid for k in kernels} == children(zygotes[0])  # every kernel forked, each one process
    assert not [pid for pid in descendants(site.pid) if LAUNCHER in read_proc(f"/proc/{pid}/cmdline").split("\0")]
    assert live_kernels(site.pid) == {k.kernel_id for k in kernels}  # the cap counts the same kernels
    wall = memory_wall_mb(site.options.limits.kernel_memory_mb)
    assert wall > 0, "the tests' sites run with a memory wall"
    assert all(_data_limit_mb(k.pid) == wall for k in kernels)  # set in the forked child


@pytest.mark.browser
def test_without_forking_each_kernel_is_the_servers_child_behind_the_wall(start_site):
    site = start_site(max_kernels=4, fork_kernels=False)
    site.wait_kernels_quiet(timeout=180)
    kernels = site.kernels()
    assert len(kernels) == site.pooled_at_rest > 0
    assert all(_parent(k.pid) == site.pid for k in kernels)
    assert not [pid for pid in children(site.pid) if "rulebook.site.zygote" in argv_of(pid)]
    assert live_kernels(site.pid) == {k.kernel_id for k in kernels}
    wall = memory_wall_mb(site.options.limits.kernel_memory_mb)
    assert wall > 0, "the tests' sites run with a memory wall"
    assert all(_data_limit_mb(k.pid) == wall for k in kernels)
