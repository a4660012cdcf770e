"""Puniu Dice scoring: one category's (score, penalty) and a sheet's final score.

Public functions other code relies on:

- ``category_score(dice, category, face=None) -> (score, penalty)``:
  ``dice`` are five ints 1–6; ``category`` one of ``CATEGORIES``; ``face``
  (1–6) is required for ``"kind"`` and refused for the others. Bad input
  raises ``IllegalAction`` naming the rule.
- ``final_score(entries) -> int``: ``entries`` are a sheet's (score, penalty)
  pairs in sheet order (``CATEGORIES``). The total penalty fixes how many of
  the highest category scores are cancelled (PD-2); the final is the sum of
  the scores that remain.

Decisions documented here and in the rules text (``[choice]`` boxes):

- **Ties among cancelled categories**: when several categories share the
  score at the cut, the ones higher on the sheet (6s first, kind last) are the
  ones struck. The final is the same whichever equal score is struck; only
  which cell the page draws struck through depends on it.
- **Partial sheets**: ``final_score`` accepts fewer than 8 pairs, and ``None``
  for a category not filled in yet. It is then "the final if the game ended
  now": the bands apply to the penalty so far and cancel among the filled
  categories only (cancelling more than are filled leaves 0). The page uses
  it to show the live band and which scores it would strike.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from rulebook.core.errors import IllegalAction

CATEGORIES: tuple[str, ...] = ("6s", "5s", "4s", "3s", "2s", "1s", "chance", "kind")
"""Sheet order: the six number categories from 6s down, then chance, then kind."""
NUMBER_FACE = {"6s": 6, "5s": 5, "4s": 4, "3s": 3, "2s": 2, "1s": 1}
KIND_SCORE = 10
FREE_PENALTY = 30
"""Total penalty up to this costs nothing (PD-2)."""
BAND_WIDTH = 10
DICE = 5
FACES = (1, 2, 3, 4, 5, 6)


def _bad_dice(dice: Any) -> IllegalAction:
    return IllegalAction(
        "components",
        f"ダイスは 1〜6 の目を 5 個で指定してください（{str(dice)[:40]}）。",
        f"Dice must be five values from 1 to 6 (got {str(dice)[:40]}).",
    )


def check_dice(dice: Any) -> tuple[int, ...]:
    """Five ints 1–6 as a tuple, or ``IllegalAction`` (rule ``components``)."""
    try:
        values = tuple(dice)
    except TypeError:
        raise _bad_dice(dice) from None
    if len(values) != DICE or any(type(v) is not int or not 1 <= v <= 6 for v in values):
        raise _bad_dice(dice)
    return values


def check_category(category: Any, face: Any) -> None:
    """Refuse an unknown category, a kind without a face 1–6, or a face on another category."""
    if not isinstance(category, str) or category not in CATEGORIES:
        raise IllegalAction(
            "choose",
            f"「{str(category)[:20]}」という役はありません（6s 5s 4s 3s 2s 1s chance kind）。",
            f"There is no category '{str(category)[:20]}' (6s 5s 4s 3s 2s 1s chance kind).",
        )
    if category == "kind":
        if type(face) is not int or not 1 <= face <= 6:
            raise IllegalAction(
                "cat-kind",
                "カインドは 1〜6 のどれか 1 つの目を選んで記入します。",
                "Kind needs one face value, 1 to 6, chosen when you write it down.",
            )
    elif face not in (None, 0):
        raise IllegalAction(
            "choose",
            f"目を選ぶのはカインドだけです（{category} に目 {str(face)[:10]} は付けられません）。",
            f"Only kind takes a chosen face ({category} cannot take face {str(face)[:10]}).",
        )


def category_score(dice: Sequence[int], category: str, face: int | None = None) -> tuple[int, int]:
    """(score, penalty) of writing ``dice`` into ``category`` (PD-1 for chance and kind)."""
    values = check_dice(dice)
    check_category(category, face)
    total = sum(values)
    if category == "chance":
        ordered = sorted(values, reverse=True)
        score = sum(ordered[:3])
        return score, total - score
    if category == "kind":
        return KIND_SCORE, total - face * values.count(face)
    n = NUMBER_FACE[category]
    score = n * values.count(n)
    return score, total - score


def cancel_count(penalty: int) -> int:
    """How many of the highest category scores a total penalty cancels (PD-2).

    ≤30: none; 31–40: 1; 41–50: 2; …; 91–100: 7; 101 and more: all 8.
    """
    if penalty <= FREE_PENALTY:
        return 0
    return min(len(CATEGORIES), -(-(penalty - FREE_PENALTY) // BAND_WIDTH))


def band(penalty: int) -> tuple[int, int | None]:
    """The band holding ``penalty``: (low, high) inclusive; ``high`` is None for 101+."""
    k = cancel_count(penalty)
    if k == 0:
        return 0, FREE_PENALTY
    if k >= len(CATEGORIES):
        return FREE_PENALTY + BAND_WIDTH * (len(CATEGORIES) - 1) + 1, None
    return FREE_PENALTY + BAND_WIDTH * (k - 1) + 1, FREE_PENALTY + BAND_WIDTH * k


Entry = tuple[int, int]


def _check_entries(entries: Any) -> list[Entry | None]:
    bad = IllegalAction(
        "penalty",
        "得点表は役ごとの（得点, 失点）の組を最大 8 個、0〜30 の整数で指定してください。",
        "A sheet is at most 8 (score, penalty) pairs of whole numbers 0 to 30, one per category.",
    )
    try:
        rows = list(entries)
    except TypeError:
        raise bad from None
    if len(rows) > len(CATEGORIES):
        raise bad
    out: list[Entry | None] = []
    for row in rows:
        if row is None:
            out.append(None)
            continue
        try:
            score, penalty = row
        except (TypeError, ValueError):
            raise bad from None
        if type(score) is not int or type(penalty) is not int or not 0 <= score <= 30 or not 0 <= penalty <= 30:
            raise bad
        out.append((score, penalty))
    return out


def cancelled(entries: Iterable[Entry | None]) -> tuple[int, ...]:
    """Indices (sheet order) of the categories the total penalty cancels.

    Highest scores first; among equal scores the one higher on the sheet
    (lower index) is struck first.
    """
    rows = _check_entries(entries)
    filled = [k for k, row in enumerate(rows) if row is not None]
    penalty = sum(rows[k][1] for k in filled)  # type: ignore[index]
    k = cancel_count(penalty)
    order = sorted(filled, key=lambda i: (-rows[i][0], i))  # type: ignore[index]
    return tuple(sorted(order[:k]))


def final_score(entries: Iterable[Entry | None]) -> int:
    """The final score of a sheet: the scores left after the penalty bands (PD-2).

    ``entries``: up to 8 (score, penalty) pairs, ``None`` for a category not
    filled in; fewer than 8 is read as a partial sheet (see the module doc).
    """
    rows = _check_entries(entries)
    struck = set(cancelled(rows))
    return sum(row[0] for k, row in enumerate(rows) if row is not None and k not in struck)


def total_penalty(entries: Iterable[Entry | None]) -> int:
    return sum(row[1] for row in _check_entries(entries) if row is not None)


__all__ = [
    "CATEGORIES",
    "FREE_PENALTY",
    "KIND_SCORE",
    "band",
    "cancel_count",
    "cancelled",
    "category_score",
    "check_category",
    "check_dice",
    "final_score",
    "total_penalty",
]
