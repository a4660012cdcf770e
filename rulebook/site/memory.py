"""The kernel manager class of the site's kernels: each one started behind a memory wall.

``serve.voila_config`` names this class as ``MappingKernelManager.kernel_manager_class``.
The wall (megabytes) comes from ``RULEBOOK_KERNEL_WALL_MB``, which ``serve()``
exports from ``--kernel-memory-mb`` (``limits.memory_wall_mb``);
unset or 0, kernels start as Jupyter starts them.

Who sets the wall depends on the kernel's provisioner (jupyter_client's
``KernelProvisionerBase``, chosen by ``KernelProvisionerFactory.default_provisioner_name``):
the site's own (``provisioner.ZygoteProvisioner``) sets it itself, in the
forked kernel or around a plain launch, and says so (``sets_memory_wall``);
jupyter_client's ``LocalProvisioner`` (``--no-fork-kernels``) runs the
command this class formats, which ``kernel_launch.py`` walls and then
replaces with the kernel.
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
    """``command`` started through ``rulebook.site.kernel_launch`` with a ``megabytes`` wall; as is for 0."""
    if not command or megabytes <= 0:
        return command
    return [python or sys.executable, "-m", "rulebook.site.kernel_launch", str(megabytes), "--", *command]


def provisioner_sets_wall(provisioner: object) -> bool:
    """Whether a kernel's provisioner sets the memory wall itself (the site's zygote provisioner does)."""
    return bool(getattr(provisioner, "sets_memory_wall", False))


class WalledKernelManager(ServerKernelManager):
    """Jupyter's kernel manager, with the kernel's command wrapped by ``walled_command``.

    Left as is when the kernel's provisioner sets the wall itself: it needs
    the kernel's own command to ask the zygote for it.
    """

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        command = super().format_kernel_cmd(extra_arguments)
        return command if provisioner_sets_wall(self.provisioner) else walled_command(command, wall_mb())
