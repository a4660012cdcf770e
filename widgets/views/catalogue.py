"""A game's UI texts in one place: ``Catalogue`` (JA/EN, English plurals, a placeholder check).

Re-exported by ``widgets.views.model``; kept apart so the view model's data
types and the words stay small, separate modules.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any, Mapping

Entry = tuple[str, str] | tuple[str, str, str]


@dataclass(frozen=True)
class Catalogue:
    """A game's UI texts: ``key -> (ja, en)`` or ``(ja, en_one, en_many)`` for English plurals.

    One place per game instead of inline ``_w(ja, en)`` pairs, so wording
    is read and checked in one file (plurals, capitals, whole sentences).
    Placeholders are ``str.format`` fields; ``n`` picks the English plural
    when an entry has three forms ("1 card" / "2 cards").
    """

    entries: Mapping[str, Entry]

    def __post_init__(self) -> None:
        for key, entry in self.entries.items():
            if len(entry) not in (2, 3):
                raise ValueError(f"catalogue entry {key!r} needs (ja, en) or (ja, en_one, en_many)")
            if len(entry) == 3 and "n" not in fields_of(entry[0]) | fields_of(entry[1]) | fields_of(entry[2]):
                raise ValueError(f"catalogue entry {key!r} has plural forms but no {{n}}")

    def __call__(self, key: str, lang: str, **values: Any) -> str:
        entry = self.entries[key]
        if lang == "ja":
            text = entry[0]
        elif len(entry) == 3:
            text = entry[1] if values.get("n") == 1 else entry[2]
        else:
            text = entry[1]
        return text.format(**values) if values or "{" in text else text

    def both(self, key: str, **values: Any) -> tuple[str, str]:
        """The entry in both languages (for an ``IllegalAction`` a view must raise itself)."""
        return self(key, "ja", **values), self(key, "en", **values)

    def check(self) -> list[str]:
        """Problems in the catalogue: placeholders that differ between the languages.

        A test runs this on every game's catalogue so "{n} cards" cannot
        lose its number in one language.
        """
        problems = []
        for key, entry in self.entries.items():
            names = [fields_of(text) for text in entry]
            if any(n != names[0] for n in names[1:]):
                problems.append(f"{key}: placeholders differ {names}")
        return problems


def fields_of(text: str) -> set[str]:
    """The ``str.format`` field names in ``text``."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}



__all__ = ["Catalogue", "Entry", "fields_of"]
