"""Reading a doc's fenced code blocks and finding an excerpt in the file it names (tests/docs).

A doc is code: a block annotated ``path=<file>`` must be a verbatim run of
that file's lines. Shared by the walk-through's test and the architecture's.
"""

from __future__ import annotations

import re
from pathlib import Path

FENCE = re.compile(r"^```(\w+)(?:\s+(.*))?$")


def blocks(doc: Path) -> list[tuple[int, str, str, list[str]]]:
    """Every fenced block of ``doc`` that names its language: (line, language, annotation, lines).

    A bare fence opens a block too (language ``""``), so its lines are never
    mistaken for the prose around it.
    """
    out, current = [], None
    for number, line in enumerate(doc.read_text("utf-8").splitlines(), start=1):
        if current is None:
            match = FENCE.match(line)
            if match:
                current = (number, match.group(1), (match.group(2) or "").strip(), [])
            elif line == "```":
                current = (number, "", "", [])
        elif line == "```":
            out.append(current)
            current = None
        else:
            current[3].append(line)
    assert current is None, f"{doc.name}: a fenced block is not closed"
    return out


def appears_in(block: list[str], lines: list[str]) -> bool:
    """``block`` is a run of ``lines``, all indented alike (blank lines match blank lines)."""
    n = len(block)
    for start in range(len(lines) - n + 1):
        first = lines[start]
        indent = first[: len(first) - len(first.lstrip())]
        if all((want == "" and got.strip() == "") or got == indent + want for want, got in zip(block, lines[start : start + n])):
            return True
    return False
