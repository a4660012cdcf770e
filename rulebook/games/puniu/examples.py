"""Puniu Dice's worked examples (see ``rulebook.core.examples``): the figures come from the scoring rules.

Kinds:

- ``score``: ``dice`` (five pips), ``category`` (``6s`` … ``1s``, ``chance``,
  ``kind``), ``face`` for Kind → figures ``score`` and ``penalty``.
- ``bands``: ``sheet`` (eight ``score/penalty`` pairs in sheet order, 6s
  first) → figures ``penalty`` (the total), ``cancelled`` (how many of the
  highest scores the band strikes), ``struck`` (their scores) and ``final``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers, words

from .game import Entry, Puniu, Sheet, State
from .scoring import CATEGORIES, category_score, check_dice


def _dice(fields: Mapping[str, str]) -> tuple[int, ...]:
    return check_dice(numbers(fields["dice"], "dice"))


def _category(fields: Mapping[str, str]) -> tuple[str, int | None]:
    category = fields["category"].strip()
    face = int(fields["face"]) if category == "kind" and fields.get("face", "").strip().isdigit() else None
    return category, face


def score_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    category, face = _category(fields)
    score, penalty = category_score(_dice(fields), category, face)
    return {"score": score, "penalty": penalty}


def score_position(fields: Mapping[str, str]) -> State:
    """One seat, the dice on the table after the last re-roll: only a category is left to choose."""
    return State(sheets=(Sheet(),), dice=_dice(fields), rolls=3)


def _sheet(fields: Mapping[str, str]) -> Sheet:
    pairs = words(fields["sheet"])
    if len(pairs) != len(CATEGORIES):
        raise ExampleError(f"sheet: want {len(CATEGORIES)} score/penalty pairs, got {len(pairs)}")
    entries = []
    for pair in pairs:
        score, _, penalty = pair.partition("/")
        entries.append(Entry(*numbers(f"{score} {penalty}", "sheet")))
    return Sheet(entries=tuple(entries))


def bands_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    sheet = _sheet(fields)
    struck = sheet.cancelled()
    return {
        "penalty": sheet.penalty(),
        "cancelled": len(struck),
        "struck": sorted((sheet.entries[k].score for k in struck), reverse=True),  # type: ignore[union-attr]
        "final": sheet.final(),
    }


def bands_position(fields: Mapping[str, str]) -> State:
    """A one-seat game whose sheet is full: the end of the game, with the struck scores."""
    state = State(sheets=(_sheet(fields),), round=8)
    return Puniu()._finish(replace(state))


KINDS = {
    "score": ExampleKind(("dice", "category"), score_figures, optional=("face",), position=score_position),
    "bands": ExampleKind(("sheet",), bands_figures, position=bands_position),
}
