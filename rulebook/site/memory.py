"""The kernel manager class of the site's kernels: each one started behind a memory wall.

``serve.voila_config`` names this class as ``MappingKernelManager.kernel_manager_class``.
The wall (megabytes) comes from ``RULEBOOK_KERNEL_WALL_MB``, which ``serve()``
exports from ``--kernel-memory-mb`` (``limits.memory_wall_mb``);
unset or 0, kernels start as Jupyter starts them.
"""

from __future__ import annotations

import os
import sys

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

WALL_ENV = "RULEBOOK_KERNEL_WALL_MB"


def wall_mb(environ: dict[str, str] | None = None) -> int:
    text = (os.environ if environ is None else environ).get(WALL_ENV, "").strip()
    return int(text) if text.isdigit() else 0


def walled_command(command: list[str], megabytes: int, python: str | None = None) -> list[str]:
    """``command`` started through ``rulebook.site.kernel_launch`` with a ``megabytes`` wall.

    As is for 0, unless the server runs a kernel zygote (the launcher asks it first).
    """
    if not command or (megabytes <= 0 and not os.environ.get("RULEBOOK_KERNEL_ZYGOTE")):
        return command
    return [python or sys.executable, "-m", "rulebook.site.kernel_launch", str(megabytes), "--", *command]


class WalledKernelManager(ServerKernelManager):
    """Jupyter's kernel manager, with the kernel's command wrapped by ``walled_command``."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return walled_command(super().format_kernel_cmd(extra_arguments), wall_mb())
