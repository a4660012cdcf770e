"""Start a page's kernel with a memory wall: ``python -m rulebook.site.kernel_launch MB -- <kernel argv>``.

Sets the process's data-segment limit (``RLIMIT_DATA``: heap and private
mappings, which is what a kernel grows when a page sends it big messages)
to ``MB`` megabytes, then *replaces itself* with the kernel (``execvp``):
the kernel's command line, process id and signals are the kernel's own, and
the limit stays with it. ``RLIMIT_DATA`` rather than ``RLIMIT_AS``: the
address space of a Python with numpy counts every thread's reserved stack
and every mapped library, several times what it uses, so a wall on it is
either useless or hits normal pages.

The server checks each kernel's resident memory against the (lower) limit
it was given and shuts a kernel over it down with a message to its page;
this wall only makes sure a kernel cannot run far past that limit between
two checks (``limits.memory_wall_mb``). Kept light: nothing but the
standard library runs before the kernel.

This is the plain way a page's kernel starts (``--no-fork-kernels``, or a
kernel the zygote does not fork, ``provisioner.py``). It is the kernel's
own process from its first instruction: once ``execvp`` has run, nothing
of the launcher is left, so the site never sees two processes for one
kernel. A kernel forked from the zygote gets the same wall in the forked
child (``zygote.become_kernel``), and no launcher at all.

Imports nothing of the site: the zygote imports ``set_memory_wall`` from
here, and this module imports nothing back.
"""

from __future__ import annotations

import os
import resource
import sys

MB = 1024 * 1024


def set_memory_wall(megabytes: int) -> None:
    """Limit this process (and what it executes) to ``megabytes`` of data segment; 0 leaves it alone."""
    if megabytes <= 0:
        return
    limit = megabytes * MB
    _, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def main(argv: list[str]) -> None:
    if len(argv) < 3 or argv[1] != "--" or not argv[0].isdigit():
        raise SystemExit("usage: python -m rulebook.site.kernel_launch MB -- <kernel command>")
    wall = int(argv[0])
    command = argv[2:]
    set_memory_wall(wall)
    os.execvp(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])
