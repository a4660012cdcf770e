"""Rules text: one Markdown file per language, split into sections with ids.

Each game keeps its rules once, beside the engine (``rules.ja.md``,
``rules.en.md``). A heading ending in ``{#rule-id}`` opens a section whose id
is the ``rule_id`` the engine raises, so an error can point at its paragraph.
A block quote starting ``[CT-1]`` (any reading id of docs/readings.md) is a
reading box; ``[stand-in]`` and ``[not-covered]`` mark data we had to supply
and parts the source leaves out; ``[choice]`` marks a decision of this site
where neither the source nor docs/readings.md settles a detail. A fenced
```` ```example <kind> ```` block is a worked example that the page draws with
the game's board and a test checks against the engine (``rulebook.core.examples``).
The renderer is deliberately small: the rules use a fixed subset of Markdown
and every byte is escaped.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .examples import ExampleSpec, find_examples, split_examples

HEADING = re.compile(r"^(#{1,4})\s+(.*?)\s*(?:\{#([a-z0-9][a-z0-9-]*)\})?\s*$")
BOX = re.compile(r"^\[([A-Z]+-\d+[a-z]?|stand-in|not-covered|choice|note)\]\s*(.*)$")
LANGS = ("ja", "en")
BOX_LABELS = {
    "ja": {
        "reading": "解釈",
        "stand-in": "代用データ",
        "not-covered": "原典に記載なし",
        "choice": "このサイトの判断",
        "note": "注",
    },
    "en": {
        "reading": "Interpretation",
        "stand-in": "Stand-in data",
        "not-covered": "Not in the source",
        "choice": "Site choice",
        "note": "Note",
    },
}


@dataclass(frozen=True)
class Section:
    """One rule paragraph: its id, heading level, title and Markdown body."""

    id: str
    level: int
    title: str
    body: str

    @property
    def readings(self) -> tuple[str, ...]:
        """Reading ids (``CT-1``...) cited in this section's boxes."""
        found = []
        for line in self.body.splitlines():
            if line.startswith(">"):
                match = BOX.match(line[1:].strip())
                if match and match.group(1)[0].isupper():
                    found.append(match.group(1))
        return tuple(found)


@dataclass(frozen=True)
class RuleText:
    """The rules of one game in one language."""

    lang: str
    title: str
    intro: str
    sections: tuple[Section, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(section.id for section in self.sections)

    @property
    def examples(self) -> tuple[ExampleSpec, ...]:
        """Every worked example of the text (intro and sections), in order."""
        found = find_examples(self.intro)
        for section in self.sections:
            found.extend(find_examples(section.body))
        return tuple(found)

    def section(self, rule_id: str) -> Section:
        for section in self.sections:
            if section.id == rule_id:
                return section
        raise KeyError(rule_id)

    def html(self, highlight: str | None = None) -> str:
        """The whole rulebook as HTML; ``highlight`` marks one section (cached: pages redraw often)."""
        return _rules_html(self, highlight)

    def _render(self, highlight: str | None) -> str:
        parts = [f'<div class="rb-rules" lang="{self.lang}">', f"<h2>{_inline(self.title)}</h2>"]
        parts.append(render_markdown(self.intro, self.lang))
        for section in self.sections:
            parts.append(section_html(section, self.lang, section.id == highlight))
        parts.append("</div>")
        return "\n".join(parts)


@lru_cache(maxsize=64)
def _rules_html(rules: RuleText, highlight: str | None) -> str:
    return rules._render(highlight)


def section_html(section: Section, lang: str, highlight: bool = False) -> str:
    """One section as HTML with stable hooks (``rb-rule``, ``data-rule``)."""
    classes = "rb-rule rb-rule-highlight" if highlight else "rb-rule"
    level = min(section.level + 1, 6)
    return (
        f'<section class="{classes}" id="rule-{section.id}" data-rule="{section.id}">'
        f'<h{level}>{_inline(section.title)} <span class="rb-rule-id">{section.id}</span></h{level}>'
        f"{render_markdown(section.body, lang)}</section>"
    )


def parse_rules(text: str, lang: str) -> RuleText:
    """Split a rules file into title, intro and sections; ids must be unique."""
    title = ""
    intro: list[str] = []
    sections: list[Section] = []
    current: tuple[str, int, str] | None = None
    body: list[str] = []
    for line in text.splitlines():
        match = HEADING.match(line)
        if match and match.group(3):
            if current:
                sections.append(Section(current[0], current[1], current[2], "\n".join(body).strip()))
            current = (match.group(3), len(match.group(1)), match.group(2))
            body = []
        elif match and len(match.group(1)) == 1 and not title:
            title = match.group(2)
        elif current:
            body.append(line)
        else:
            intro.append(line)
    if current:
        sections.append(Section(current[0], current[1], current[2], "\n".join(body).strip()))
    ids = [s.id for s in sections]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ValueError(f"duplicate rule ids: {sorted(duplicates)}")
    return RuleText(lang, title, "\n".join(intro).strip(), tuple(sections))


QUICK_TITLES = {"ja": "早見表（手番・得点・終わり）", "en": "Quick reference (turn, scoring, end)"}


def load_quick(package: str) -> dict[str, str]:
    """A game's one-screen quick reference (``quick.<lang>.md`` beside its rules), as Markdown per language.

    Empty for a game that has none: the page then shows the full rules only.
    """
    try:
        root = resources.files(package)
    except (TypeError, ModuleNotFoundError):  # a game defined in a plain module (test games): no files beside it
        return {}
    found = {}
    for lang in LANGS:
        path = root / f"quick.{lang}.md"
        if path.is_file():
            found[lang] = path.read_text("utf-8").strip()
    return found


@lru_cache(maxsize=64)
def quick_html(markdown: str, lang: str) -> str:
    """The quick reference as a box at the top of the rule panel (open: it is the first thing to read)."""
    if not markdown:
        return ""
    return (
        f'<details class="rb-quick" open><summary>{html.escape(QUICK_TITLES.get(lang, QUICK_TITLES["en"]))}</summary>'
        f"{render_markdown(markdown, lang)}</details>"
    )


def load_rules(package: str) -> dict[str, RuleText]:
    """Both languages of a game's rules, read from the game package."""
    root = resources.files(package)
    return {lang: parse_rules((root / f"rules.{lang}.md").read_text("utf-8"), lang) for lang in LANGS}


# ----- a small Markdown subset ----------------------------------------------------
def _inline(text: str) -> str:
    out = html.escape(text, quote=True)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"(?<![*\w])\*([^*]+)\*(?![*\w])", r"<em>\1</em>", out)
    return out


def _table(lines: list[str]) -> str:
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]
    rows = [r for r in rows if not all(re.fullmatch(r":?-{2,}:?", c) for c in r)]
    head, *rest = rows
    out = ["<table><thead><tr>", *(f"<th>{_inline(c)}</th>" for c in head), "</tr></thead><tbody>"]
    for row in rest:
        out += ["<tr>", *(f"<td>{_inline(c)}</td>" for c in row), "</tr>"]
    out.append("</tbody></table>")
    return "".join(out)


def _box(lines: list[str], lang: str) -> str:
    text = " ".join(line[1:].strip() for line in lines)
    match = BOX.match(text)
    if not match:
        return f"<blockquote>{_inline(text)}</blockquote>"
    tag, rest = match.group(1), match.group(2)
    labels = BOX_LABELS[lang if lang in BOX_LABELS else "en"]
    if tag in labels:
        kind, label = tag, labels[tag]
    else:
        kind, label = "reading", f"{labels['reading']} {tag}"
    return (
        f'<aside class="rb-box rb-{kind}" data-reading="{html.escape(tag)}">'
        f'<span class="rb-box-label">{html.escape(label)}</span> {_inline(rest)}</aside>'
    )


EXAMPLE_LABELS = {"ja": "例", "en": "Example"}


def example_html(spec: ExampleSpec, lang: str) -> str:
    """A worked example: an empty board the rule panel fills (``data-example``), and its caption."""
    label = EXAMPLE_LABELS.get(lang, EXAMPLE_LABELS["en"])
    return (
        f'<figure class="rb-example" data-example="{spec.key}" data-kind="{html.escape(spec.kind)}">'
        f'<div class="rb-example-board"></div>'
        f'<figcaption><span class="rb-example-label">{label}</span> {_inline(spec.caption)}</figcaption></figure>'
    )


def render_markdown(text: str, lang: str = "en") -> str:
    """Render the subset: paragraphs, lists, tables, boxes, headings, and worked examples."""
    return "\n".join(
        example_html(part, lang) if isinstance(part, ExampleSpec) else _render_plain(part, lang)
        for part in split_examples(text)
    )


def _render_plain(text: str, lang: str) -> str:
    out: list[str] = []
    block: list[str] = []
    kind = ""

    def flush() -> None:
        nonlocal block, kind
        if not block:
            return
        if kind == "p":
            out.append(f"<p>{_inline(' '.join(l.strip() for l in block))}</p>")
        elif kind in ("ul", "ol"):
            items = "".join(f"<li>{_inline(item)}</li>" for item in block)
            out.append(f"<{kind}>{items}</{kind}>")
        elif kind == "table":
            out.append(_table(block))
        elif kind == "box":
            out.append(_box(block, lang))
        block, kind = [], ""

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        heading = HEADING.match(stripped)
        if heading:
            flush()
            level = min(len(heading.group(1)) + 2, 6)
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
            continue
        unordered = re.match(r"^[-*]\s+(.*)$", stripped)
        ordered = re.match(r"^\d+\.\s+(.*)$", stripped)
        new_kind = (
            "box" if stripped.startswith(">")
            else "table" if stripped.startswith("|")
            else "ul" if unordered
            else "ol" if ordered
            else "p"
        )
        item = unordered or ordered
        if new_kind in ("ul", "ol") and item is not None:  # the same test: "ul"/"ol" only when one matched
            if kind != new_kind:
                flush()
                kind = new_kind
            block.append(item.group(1))
            continue
        if kind in ("ul", "ol") and new_kind == "p" and line.startswith("  "):
            block[-1] += " " + stripped  # continuation of a list item
            continue
        starts_box = new_kind == "box" and BOX.match(stripped[1:].strip()) is not None
        if kind != new_kind or starts_box:
            flush()
            kind = new_kind
        block.append(line if new_kind in ("box", "table") else stripped)
    flush()
    return "\n".join(out)
