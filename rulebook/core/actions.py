"""The one type guard every game's action values use at construction.

An action value that exists is always well typed: ``Roll(0.0, 3)`` equals
``Roll(0, 3)`` in Python, yet it would write itself as text that does not
parse back, so equality, legality and the text form would disagree. Each
game's action dataclasses call ``require_fields`` in ``__post_init__``; a
badly typed value is refused as ``UnreadableAction`` (it is no action at
all, not a move the rules forbid).
"""

from __future__ import annotations

from typing import Mapping

from .errors import UnreadableAction


def malformed(action: object) -> UnreadableAction:
    """The refusal of a badly typed action value (its repr cut short: it may come from a browser)."""
    return UnreadableAction("actions", f"行動の形が正しくありません: {action!r}"[:200], f"Malformed action: {action!r}"[:200])


def require_fields(
    action: object,
    *,
    ints: tuple[str, ...] = (),
    int_tuples: tuple[str, ...] = (),
    pairs: tuple[str, ...] = (),
    texts: tuple[str, ...] = (),
    ranges: Mapping[str, tuple[int, int]] | None = None,
) -> None:
    """Refuse ``action`` unless its named fields have exactly the types (and ranges) given.

    ``ints``: plain ints (not bools, not floats); ``int_tuples``: tuples of
    such ints; ``pairs``: tuples of exactly two ints (a slot); ``texts``:
    strings; ``ranges``: ints within ``[low, high]``.
    """

    def whole(value: object) -> bool:
        return type(value) is int

    ok = all(whole(getattr(action, name)) for name in ints)
    ok = ok and all(type(v := getattr(action, name)) is tuple and all(whole(x) for x in v) for name in int_tuples)
    ok = ok and all(type(v := getattr(action, name)) is tuple and len(v) == 2 and all(whole(x) for x in v) for name in pairs)
    ok = ok and all(type(getattr(action, name)) is str for name in texts)
    for name, (low, high) in (ranges or {}).items():
        value = getattr(action, name)
        ok = ok and whole(value) and low <= value <= high
    if not ok:
        raise malformed(action)


__all__ = ["malformed", "require_fields"]
