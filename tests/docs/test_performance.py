"""docs/performance.md is the one place of the measured figures, and it cannot drift from the benchmarks.

Every benchmark module has its table; every row of a table names the command
that produced it, and that command parses with the benchmark's own argument
parser (a renamed or removed flag fails here); every row has a date. Figures
quoted elsewhere (deploy.md's sizing, anything the README says) are written
in performance.md the same way, so no two places can disagree.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
from pathlib import Path

import pytest

from benchmarks.__main__ import benchmark_modules

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "performance.md"
TEXT = DOC.read_text("utf-8")
COMMAND = re.compile(r"^`python -m benchmarks\.(\w+)((?: [^`]*)?)`$")
DATE = re.compile(r"^20\d\d-[01]\d-[0-3]\d$")
# A measured figure as the docs write it: a number and its unit (2.4 ms, 72–75 MB, p95 294 ms, 0.042 a page).
FIGURE = re.compile(r"\d[\d,.]*(?:–\d[\d,.]*)? ?(?:ms|µs|s|MB|GB|KB|%|games/s|a page)\b")


def sections() -> dict[str, list[str]]:
    """The document's ``## benchmarks.NAME`` sections: name -> their lines."""
    out: dict[str, list[str]] = {}
    current = None
    for line in TEXT.splitlines():
        if line.startswith("## "):
            match = re.fullmatch(r"## benchmarks\.(\w+)", line)
            current = match.group(1) if match else None
            if current:
                assert current not in out, f"two sections for benchmarks.{current}"
                out[current] = []
        elif current:
            out[current].append(line)
    return out


def rows(lines: list[str]) -> list[list[str]]:
    """The table rows of a section (header and rule left out), cells stripped."""
    table = [line for line in lines if line.startswith("|")]
    assert len(table) >= 3, "a section without a table"
    header = [c.strip() for c in table[0].strip("|").split("|")]
    assert header[-2:] == ["Command", "Date"] and header[0].startswith("Figure") and len(header) == 5, header
    assert set(table[1].replace("|", "")) == {"-"}
    cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table[2:]]
    for cell in cells:
        assert len(cell) == len(header), cell
    return cells


ROWS = [(name, row) for name, lines in sections().items() for row in rows(lines)]


class Parsed(Exception):
    """Raised in place of running the benchmark once its arguments have parsed."""

    def __init__(self, namespace: argparse.Namespace) -> None:
        super().__init__("parsed")
        self.namespace = namespace


def parse(module_name: str, arguments: list[str]) -> argparse.Namespace | None:
    """``arguments`` as the benchmark's own parser reads them (argparse's error fails the test).

    A module with a ``parser()`` is asked directly; one that builds its parser
    inside ``main(argv)`` is run with ``parse_args`` stopped right after
    parsing; a ``main()`` without arguments takes none.
    """
    module = importlib.import_module(f"benchmarks.{module_name}")
    if hasattr(module, "parser"):
        return module.parser().parse_args(arguments)
    if not inspect.signature(module.main).parameters:
        assert arguments == [], f"benchmarks.{module_name} takes no arguments"
        return None
    original = argparse.ArgumentParser.parse_args

    def stop(self, args=None, namespace=None):
        raise Parsed(original(self, args, namespace))

    argparse.ArgumentParser.parse_args = stop
    try:
        module.main(arguments)
    except Parsed as done:
        return done.namespace
    finally:
        argparse.ArgumentParser.parse_args = original
    raise AssertionError(f"benchmarks.{module_name}.main never parsed its arguments")


def test_every_benchmark_has_its_table_and_no_table_names_an_unknown_one():
    assert set(sections()) == set(benchmark_modules())


@pytest.mark.parametrize("name, row", ROWS, ids=[f"{name}-{i}" for i, (name, _) in enumerate(ROWS)])
def test_every_row_has_a_date_and_its_benchmarks_command(name, row):
    figure, measured, _target, command, date = row
    assert figure and measured, row
    assert DATE.match(date), f"benchmarks.{name}: {figure!r} has no date ({date!r})"
    match = COMMAND.match(command)
    assert match and match.group(1) == name, f"benchmarks.{name}: {figure!r} has the command {command!r}"
    args = parse(name, match.group(2).split())
    if name == "phone" and args.pages:
        from benchmarks.phone import pages

        assert set(args.pages.split(",")) <= set(pages()), args.pages
    if name in ("capacity", "load"):
        module = importlib.import_module(f"benchmarks.{name}")
        chosen = args.scenario if name == "capacity" else args.scenarios
        assert set(chosen.split(",")) <= set(module.SCENARIOS), chosen


def test_a_bad_flag_fails_the_parse():
    """The check above can fail: an unknown flag is argparse's error, for both kinds of parser."""
    with pytest.raises(SystemExit):
        parse("scale", ["--no-such-flag"])
    with pytest.raises(SystemExit):
        parse("solver", ["--no-such-flag"])
    with pytest.raises(AssertionError):
        parse("pig", ["--games", "3"])


def section_of(path: str, heading: str) -> str:
    text = (REPO / path).read_text("utf-8")
    return text.split(heading, 1)[1].split("\n#", 1)[0]


def test_the_figures_deploy_md_quotes_are_performance_mds():
    """deploy.md's sizing quotes benchmark figures: each one is written here the same way."""
    sizing = " ".join(section_of("docs/deploy.md", "### What was measured").split())
    quoted = FIGURE.findall(sizing)
    assert len(quoted) >= 5, quoted
    flat = " ".join(TEXT.split())
    missing = [f for f in quoted if f not in flat]
    assert not missing, f"docs/deploy.md's sizing quotes figures performance.md does not have: {missing}"


def test_the_readme_and_deploy_md_link_here_and_hold_no_figures_table():
    for path in ("README.md", "docs/deploy.md"):
        text = (REPO / path).read_text("utf-8")
        assert "performance.md" in text, path
        for line in text.splitlines():
            assert not (line.startswith("|") and FIGURE.search(line) and re.search(r"p95|p50|Measured|games/s", line)), f"{path}: a figures table row: {line}"


def test_every_benchmark_command_any_doc_quotes_parses():
    """A ``python -m benchmarks.NAME ...`` quoted anywhere in the README or docs/ is a command that parses."""
    pages = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    quoted = [(page.name, m.group(1), m.group(2)) for page in pages for m in re.finditer(r"`python -m benchmarks\.(\w+)((?: [^`]*)?)`", page.read_text("utf-8"))]
    assert len(quoted) > len(ROWS)
    for page, name, arguments in quoted:
        assert name in benchmark_modules(), f"{page}: benchmarks.{name}"
        parse(name, arguments.split())
