"""The locked dependency set is the one pyproject.toml asks for, and the commands that talk about it exist.

constraints.txt is written by ``make lock`` and installed from by every
``make`` install target. These checks need no network and no install: the
lock parses as pins only; it pins every package pyproject.toml names (its
dependencies and every extra) and each pin is inside every range given for
it there, so a hand edit of either file, or a pyproject change without
``make lock``, fails here instead of in a fresh clone; the packages the site
reaches into are bounded above and locked at the versions
rulebook/site/voila_compat.py was read against; the Makefile installs with
the lock and re-installs when it changes; and every ``make`` command written
in README.md or the Makefile's comments names a target and variables the
Makefile has.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from rulebook.site.voila_compat import TESTED
from tools.lockfile import normalize, read_pins

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "constraints.txt"
MAKEFILE = ROOT / "Makefile"


def makefile_value(name: str) -> str:
    """The value the Makefile assigns to ``name`` (``NAME := value``); fails the test when it has none."""
    match = re.search(rf"^{name}\s*[:?]?=\s*(\S+)$", MAKEFILE.read_text("utf-8"), flags=re.M)
    assert match is not None, f"the Makefile sets no {name}"
    return match[1]


#: The Python the lock is made for (Makefile: LOCK_PYTHON).
LOCK_PYTHON = makefile_value("LOCK_PYTHON")
#: The environment the lock is made for (Makefile: LOCK_PYTHON, LOCK_PLATFORM), to evaluate markers.
LOCK_ENVIRONMENT = {"python_version": LOCK_PYTHON.rsplit(".", 1)[0], "python_full_version": LOCK_PYTHON, "sys_platform": "linux",
                    "platform_system": "Linux", "platform_machine": "x86_64", "os_name": "posix",
                    "implementation_name": "cpython", "platform_python_implementation": "CPython"}
#: Where the site reaches into a package's insides (voila_compat.py): each needs an upper bound.
REACHED = ("voila", "jupyter_server", "jupyter_client", "tornado", "nbconvert", "ipykernel")


def project() -> dict[str, Any]:
    """pyproject.toml's [project] table."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def requirements() -> list[tuple[str, Requirement]]:
    """``(where, requirement)`` for every dependency and every extra's, that applies on the lock's target."""
    table = project()
    found = [("dependencies", Requirement(r)) for r in table["dependencies"]]
    for extra, reqs in table.get("optional-dependencies", {}).items():
        found += [(f"extra {extra}", Requirement(r)) for r in reqs]
    return [(where, r) for where, r in found if r.marker is None or r.marker.evaluate(LOCK_ENVIRONMENT)]


def pins() -> dict[str, str]:
    """The lock's pins by normalized name."""
    return read_pins(LOCK.read_text("utf-8"))


def makefile_targets(text: str) -> set[str]:
    """The targets a Makefile declares (rule lines, not variable assignments)."""
    targets: set[str] = set()
    for line in text.splitlines():
        match = re.match(r"^([A-Za-z0-9_.$()/-]+(?:\s+[A-Za-z0-9_.$()/-]+)*)\s*:(?!=)", line)
        if match:
            targets.update(match[1].split())
    return targets


def makefile_variables(text: str) -> set[str]:
    """The variables a Makefile reads (``$(NAME)``)."""
    return set(re.findall(r"\$\(([A-Z_]+)\)", text))


def make_commands(path: Path) -> list[str]:
    """Every ``make ...`` command written in ``path``: in backticks, in a code block, or (Makefile) a comment line's start."""
    text = path.read_text("utf-8")
    commands = re.findall(r"`(make [^`]+)`", text)
    if path.suffix == ".md":
        for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.S | re.M):
            commands += [line.split("#")[0].strip() for line in block.splitlines() if line.strip().startswith("make ")]
    else:
        commands += [m.strip() for m in re.findall(r"^#\s+(make [a-z].*?)(?:\s{2,}|$)", text, flags=re.M)]
    return commands


def test_the_lock_is_for_python_3_11() -> None:
    assert LOCK_PYTHON.startswith("3.11."), "the project's Python is 3.11 (docs, machines, CI)"


def test_the_lock_is_pins_only_written_by_make_lock() -> None:
    text = LOCK.read_text("utf-8")
    assert "make lock" in text.splitlines()[1], "the header names the command that writes the lock"
    locked = read_pins(text)
    assert len(locked) > 50
    assert "rulebook" not in locked, "the project itself is installed editable, never pinned"


def test_every_package_pyproject_names_is_locked_inside_its_ranges() -> None:
    locked = pins()
    missing = sorted({normalize(r.name) for _, r in requirements()} - set(locked))
    assert not missing, f"not in constraints.txt (run make lock): {missing}"
    outside = [
        f"{r.name}=={locked[normalize(r.name)]} is outside {where}'s {r}"
        for where, r in requirements()
        if not r.specifier.contains(Version(locked[normalize(r.name)]), prereleases=True)
    ]
    assert not outside, outside


def test_every_extra_is_covered_by_the_lock() -> None:
    """The extras the Makefile installs (lab, test, bench) and publish are all in pyproject and all locked."""
    extras = project()["optional-dependencies"]
    assert {"test", "lab", "bench", "publish"} <= set(extras)
    locked = pins()
    for extra, reqs in extras.items():
        for req in map(Requirement, reqs):
            assert normalize(req.name) in locked, f"{req.name} (extra {extra}) is not locked"


def test_the_packages_the_site_reaches_into_are_bounded_and_locked_at_the_tested_versions() -> None:
    ranges = {normalize(r.name): r.specifier for where, r in requirements() if where == "dependencies"}
    locked = pins()
    for package in REACHED:
        spec = ranges.get(normalize(package))
        assert spec is not None, f"{package} is not a direct dependency of pyproject.toml"
        assert not spec.contains(Version("999")), f"{package} has no upper bound ({spec})"
    for package, version in TESTED.items():
        assert locked[normalize(package)] == version, (
            f"constraints.txt has {package} {locked[normalize(package)]}; voila_compat.TESTED says {version}:"
            " re-read voila_compat.py against the lock's version and update TESTED, or lock the tested one"
        )


def test_every_install_of_the_makefile_takes_the_lock_and_a_changed_lock_reinstalls() -> None:
    text = MAKEFILE.read_text("utf-8")
    assert makefile_value("LOCK") == "constraints.txt"
    installs = [line.strip() for line in text.splitlines() if line.startswith("\t") and re.search(r"pip install .*-e '\.\[", line)]
    assert installs
    latest = [line for line in installs if line.startswith("$(LATEST)/")]
    assert len(latest) == 1 and "-c " not in latest[0], "make test-latest installs the newest releases, not the lock"
    for line in installs:
        if line not in latest:
            assert "-c $(LOCK)" in line, f"installs without the lock: {line}"
    stamps = re.findall(r"^\$\(VENV\)/\.installed[-a-z]*:([^|\n]*)", text, flags=re.M)
    assert len(stamps) == 2 and all("$(LOCK)" in s.split() for s in stamps), stamps


@pytest.mark.parametrize("doc", ["README.md", "Makefile"])
def test_every_make_command_written_names_a_target_and_variables_the_makefile_has(doc: str) -> None:
    text = MAKEFILE.read_text("utf-8")
    targets, variables = makefile_targets(text), makefile_variables(text)
    assert {"lock", "test-latest", "serve", "test", "install", "install-test"} <= targets
    commands = make_commands(ROOT / doc)
    if doc == "Makefile":
        assert {"make lock", "make test-latest", "make lock UPGRADE=1"} <= set(commands), commands
    for command in commands:
        words = command.split()[1:]
        named = [w for w in words if re.fullmatch(r"[a-z][a-z0-9-]*", w)]
        assert named and all(w in targets for w in named), f"{doc}: `{command}` names no target of the Makefile"
        unknown = [w.split("=")[0] for w in words if re.fullmatch(r"[A-Z_]+=.*", w) and w.split("=")[0] not in variables]
        assert not unknown, f"{doc}: `{command}` sets {unknown}, which the Makefile does not read"
