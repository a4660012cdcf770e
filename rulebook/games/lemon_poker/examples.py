"""Lemon Poker's worked examples (see ``rulebook.core.examples``): exact odds from what is public.

Kind ``odds``: the cards on the table as the child bets or reveals.

- ``community``: the two community cards (``Ah 7c``);
- ``group1``, ``group2``: five places each, in sorted order, a card face up
  or ``?`` face down (``2c ? 9d ? ?``).

Figures: ``deals`` (how many deals of the face-down cards fit what is
public: the cards, and each face-up card's place in its sorted row),
``group1_wins``/``group2_wins``/``tie`` as percentages with one decimal (``exact_odds``)
and ``better`` (the group with the higher chance, 1 or 2; 0 when even).
``position`` is the public position (``Position``); the page draws it with
the face-down places face down.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, words

from .cards import CardError
from .odds import exact_counts, parse_position

INPUTS = ("community", "group1", "group2")


def _cards(text: str) -> list[str | None]:
    """A group's five places: a card, or None for ``?`` (face down)."""
    return [None if w == "?" else w for w in words(text)]


def public(fields: Mapping[str, str]) -> tuple[list[str], list[list[str | None]]]:
    """The text form ``exact_odds`` reads, checked (``ExampleError`` for a position that cannot be)."""
    community = words(fields["community"])
    groups = [_cards(fields["group1"]), _cards(fields["group2"])]
    try:
        parse_position(community, groups)
    except CardError as error:
        raise ExampleError(str(error)) from None
    return community, groups


def odds_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    community, groups = public(fields)
    try:
        w, l, t = exact_counts(community, groups)
    except CardError as error:
        raise ExampleError(str(error)) from None
    n = w + l + t
    return {
        "deals": n,
        "group1_wins": f"{100 * w / n:.1f}",
        "group2_wins": f"{100 * l / n:.1f}",
        "tie": f"{100 * t / n:.1f}",
        "better": 1 if w > l else 2 if l > w else 0,
    }


def odds_position(fields: Mapping[str, str]):
    community, groups = public(fields)
    return parse_position(community, groups)


KINDS = {"odds": ExampleKind(INPUTS, odds_figures, position=odds_position)}

__all__ = ["KINDS", "odds_figures", "public"]
