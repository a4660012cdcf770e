"""The locked dependency set (constraints.txt): read it, and say how an environment differs from it.

``make test-latest`` runs the tests in a venv upgraded to the newest releases
pyproject.toml allows. When a test fails there, the first question is which
packages moved; ``python tools/lockfile.py constraints.txt`` (run with that
venv's Python) answers it by listing every installed distribution whose
version is not the locked one. tests/docs/test_lock.py reads the lock with
the same parser, so the file the Makefile installs from and the file the
tests check are read the same way.

Standard library only: it runs in any venv, before anything is installed.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path
from typing import Iterable, Mapping, NamedTuple

#: A pin as ``uv pip compile`` writes it: ``name==version``, nothing else on the line.
PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[A-Za-z0-9.+!_-]+)$")
#: Installed distributions that are the environment, not the project's dependencies: never locked.
NOT_LOCKED = frozenset({"pip", "setuptools", "wheel", "rulebook", "uv"})


class LockError(ValueError):
    """A line of the lock that is not a pin, a comment or blank (the lock is written by ``make lock`` only)."""


class Difference(NamedTuple):
    """A distribution whose installed version is not the locked one (``locked`` is None: not in the lock)."""

    name: str
    locked: str | None
    installed: str


def normalize(name: str) -> str:
    """The PEP 503 form of a distribution name, so ``Jinja2``, ``jinja2`` and ``jupyter_server``/``-server`` match."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_pins(text: str) -> dict[str, str]:
    """``{normalized name: version}`` of every pin; raise ``LockError`` naming the first line that is not one.

    A comment (``# via ...``) or blank line is skipped. Anything else, an
    unpinned name, a range, an option such as ``-e .`` or a second pin of the
    same package, is refused: pip would read it as something other than a
    pin, and the lock would no longer say exactly what is installed.
    """
    pins: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = PIN.match(line)
        if match is None:
            raise LockError(f"line {number}: {raw!r} is not a pin (name==version)")
        name = normalize(match["name"])
        if name in pins:
            raise LockError(f"line {number}: {match['name']} is pinned twice ({pins[name]} and {match['version']})")
        pins[name] = match["version"]
    return pins


def installed_versions(distributions: Iterable[metadata.Distribution] | None = None) -> dict[str, str]:
    """``{normalized name: version}`` of the distributions installed in this Python's environment."""
    found = metadata.distributions() if distributions is None else distributions
    return {normalize(d.metadata["Name"]): d.version for d in found if d.metadata["Name"]}


def differences(pins: Mapping[str, str], installed: Mapping[str, str]) -> list[Difference]:
    """The installed distributions not at their locked version, by name.

    A locked package that is not installed is not a difference: the lock
    covers every extra, and an environment holds only the extras it asked for.
    """
    return [
        Difference(name, pins.get(name), version)
        for name, version in sorted(installed.items())
        if name not in NOT_LOCKED and pins.get(name) != version
    ]


def report(lock: str, found: list[Difference]) -> str:
    """The lines ``make test-latest`` prints: one per difference, lock -> installed."""
    if not found:
        return f"Every installed package is at its version in {lock}."
    width = max(len(d.name) for d in found)
    lines = [f"{len(found)} installed package(s) differ from {lock} (locked -> installed):"]
    lines += [f"  {d.name:<{width}}  {d.locked or '(not in the lock)'} -> {d.installed}" for d in found]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """``python tools/lockfile.py LOCK``: print how this Python's environment differs from LOCK."""
    if len(argv) != 1:
        print("usage: python tools/lockfile.py constraints.txt", file=sys.stderr)
        return 2
    path = Path(argv[0])
    try:
        pins = read_pins(path.read_text("utf-8"))
    except (OSError, LockError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    print(report(str(path), differences(pins, installed_versions())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
