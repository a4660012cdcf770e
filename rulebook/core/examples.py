"""Worked examples in the rules text, drawn by the game's own board and checked by its engine.

A rules file may hold a fenced block::

    ```example score
    dice: 5 5 5 4 2
    category: 5
    score: 15
    penalty: 6
    ---
    With 5 5 5 4 2 in **5s**: a score of 15 and a penalty of 6.
    ```

The word after ``example`` names a *kind* the game declares in its
``examples.py`` (``KINDS``). Lines before ``---`` are fields: the kind's
*inputs* describe a position (the dice, the cards...), every other field is a
*claim*, a figure the text states. Below ``---`` is the caption, in the
file's language. The engine computes the kind's figures from the inputs;
``check_examples`` reports any claim that differs from the engine's figure
and any claimed number the caption does not say, so a wrong number in the
rules fails a test instead of teaching a wrong rule. The page draws the
position with the game's board view (``BaseView.example_view``).

Why fields are plain text: the rules are written by people, in two
languages; a block has to read well in the Markdown file too.
"""

from __future__ import annotations

import hashlib
import importlib
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

FENCE_OPEN = re.compile(r"^```example\s+([a-z][a-z0-9-]*)\s*$")
FENCE_CLOSE = "```"
FIELD = re.compile(r"^([a-z][a-z0-9_]*)\s*:\s*(.*?)\s*$")


class ExampleError(ValueError):
    """An example block that cannot be read (the rules file is wrong, not the player)."""


@dataclass(frozen=True)
class ExampleSpec:
    """One example block as written: its kind, its fields (inputs and claims) and its caption."""

    kind: str
    fields: tuple[tuple[str, str], ...]
    caption: str

    @property
    def values(self) -> dict[str, str]:
        return dict(self.fields)

    @property
    def key(self) -> str:
        """A stable id from the kind and the fields: the same block in JA and EN gets the same key."""
        text = self.kind + "\n" + "\n".join(f"{k}:{v}" for k, v in self.fields)
        return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class ExampleKind:
    """What a game can compute (and its view can draw) for one kind of example.

    ``figures`` gets the block's fields and returns the engine's figures by
    name (numbers or short texts); it raises ``ExampleError`` (or the engine's
    own ``IllegalAction``) when the inputs describe no legal position.
    ``inputs`` are the fields that describe the position; the others are claims.
    """

    inputs: tuple[str, ...]
    figures: Callable[[Mapping[str, str]], Mapping[str, Any]]
    optional: tuple[str, ...] = field(default=())
    """Inputs that may be left out."""
    position: Callable[[Mapping[str, str]], Any] | None = None
    """The engine state the example shows (what the page draws), from the same fields."""


def parse_block(lines: list[str], kind: str) -> ExampleSpec:
    """A block's lines (between the fences) as an ``ExampleSpec``."""
    fields: list[tuple[str, str]] = []
    caption: list[str] = []
    in_caption = False
    for line in lines:
        stripped = line.strip()
        if in_caption:
            caption.append(stripped)
        elif stripped == "---":
            in_caption = True
        elif stripped:
            match = FIELD.match(stripped)
            if not match:
                raise ExampleError(f"example {kind}: cannot read the line {stripped!r} (want 'name: value')")
            if any(name == match.group(1) for name, _ in fields):
                raise ExampleError(f"example {kind}: the field {match.group(1)!r} is given twice")
            fields.append((match.group(1), match.group(2)))
    return ExampleSpec(kind, tuple(fields), " ".join(c for c in caption if c))


def split_examples(text: str) -> list[str | ExampleSpec]:
    """Markdown text as a list of plain-text chunks and example blocks, in order."""
    out: list[str | ExampleSpec] = []
    plain: list[str] = []
    block: list[str] | None = None
    kind = ""
    for line in text.splitlines():
        if block is None:
            opening = FENCE_OPEN.match(line.strip())
            if opening:
                if plain:
                    out.append("\n".join(plain))
                    plain = []
                block, kind = [], opening.group(1)
            else:
                plain.append(line)
        elif line.strip() == FENCE_CLOSE:
            out.append(parse_block(block, kind))
            block = None
        else:
            block.append(line)
    if block is not None:
        raise ExampleError(f"example {kind}: the block is not closed with ```")
    if plain:
        out.append("\n".join(plain))
    return out


def example_lines(text: str) -> list[tuple[int, ExampleSpec]]:
    """Every example block of a Markdown text with the line number (1-based) of its opening fence.

    For messages that name the file and line (``rulebook.core.conventions``);
    the blocks are read by ``split_examples``, so both agree on what a block is.
    """
    openings = [number for number, line in enumerate(text.splitlines(), start=1) if FENCE_OPEN.match(line.strip())]
    return list(zip(openings, find_examples(text)))


def find_examples(text: str) -> list[ExampleSpec]:
    """Every example block of a Markdown text, in order."""
    return [part for part in split_examples(text) if isinstance(part, ExampleSpec)]


def load_kinds(package: str) -> dict[str, ExampleKind]:
    """The example kinds a game declares (``<package>.examples.KINDS``); empty when it has none."""
    try:
        module = importlib.import_module(f"{package}.examples")
    except ModuleNotFoundError as error:
        if error.name == f"{package}.examples":
            return {}
        raise
    return dict(getattr(module, "KINDS", {}))


def words(text: str) -> list[str]:
    """A field's items: ``5 5 5 4 2`` or ``5, 5, 5`` → ``["5", "5", "5", "4", "2"]``."""
    return [w for w in re.split(r"[\s,]+", text.strip()) if w]


def numbers(text: str, name: str = "value") -> list[int]:
    """A field's whole numbers, or ``ExampleError`` naming the field."""
    out = []
    for word in words(text):
        try:
            out.append(int(word))
        except ValueError:
            raise ExampleError(f"{name}: {word!r} is not a whole number") from None
    return out


def figure_text(value: Any) -> str:
    """A figure as the text writes it (``15``, ``-3``, ``6 5 5``)."""
    if isinstance(value, (list, tuple)):
        return " ".join(figure_text(v) for v in value)
    return str(value)


NUMBER = re.compile(r"(?<![\d.])-?\d+(?:\.\d+)?(?!\d)")


def check_example(spec: ExampleSpec, kinds: Mapping[str, ExampleKind]) -> list[str]:
    """What is wrong with one example: an unknown kind, a missing input, a claim the engine does not make.

    Empty when every claim equals the engine's figure and every claimed
    number appears in the caption.
    """
    kind = kinds.get(spec.kind)
    if kind is None:
        return [f"example {spec.kind}: no such kind (the game knows {sorted(kinds)})"]
    values = spec.values
    problems = [
        f"example {spec.kind}: the input {name!r} is missing"
        for name in kind.inputs
        if name not in values and name not in kind.optional
    ]
    if problems:
        return problems
    try:
        figures = {name: figure_text(v) for name, v in kind.figures(values).items()}
    except Exception as error:  # the engine refuses the position: report it as a problem of the text
        return [f"example {spec.kind} {values}: the engine cannot read it: {error}"]
    claims = {name: text for name, text in values.items() if name not in kind.inputs}
    if not claims:
        problems.append(f"example {spec.kind}: it states no figure to check")
    said = NUMBER.findall(spec.caption)
    for name, text in claims.items():
        if name not in figures:
            problems.append(f"example {spec.kind}: {name!r} is not a figure of this kind ({sorted(figures)})")
        elif figures[name] != text:
            problems.append(f"example {spec.kind}: the text says {name} = {text}, the engine says {figures[name]}")
        else:
            for number in NUMBER.findall(text):
                if number not in said:
                    problems.append(f"example {spec.kind}: the caption does not say {name} = {text}")
                    break
    if not spec.caption:
        problems.append(f"example {spec.kind}: no caption")
    return problems


def check_examples(text: str, kinds: Mapping[str, ExampleKind]) -> list[str]:
    """Every problem of every example block in a rules text (see ``check_example``)."""
    problems: list[str] = []
    for spec in find_examples(text):
        problems.extend(check_example(spec, kinds))
    return problems
