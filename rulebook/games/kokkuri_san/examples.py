"""Kokkuri-san's worked examples (see ``rulebook.core.examples``), computed by the engine's own functions.

Kinds:

- ``votes``: ``cards`` (the play cards under one candidate: numbers and
  ``x`` for ×−1) → figure ``votes`` (``votes_of``, KS-2);
- ``points``: ``points`` (the candidate card's 1st / 2nd points) and
  ``tokens`` (the seats of its tokens from the left, counting from 1) →
  figure ``scores`` (what each seat from Seat 1 scores there, by
  ``influence_order``).
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers, words

from .cards import X
from .game import influence_order, votes_of
from .state import Played


def _cards(text: str) -> list[int]:
    out = []
    for word in words(text):
        if word == "x":
            out.append(X)
        elif word.isdigit() and 0 <= int(word) <= 10:
            out.append(int(word))
        else:
            raise ExampleError(f"cards: {word!r} is not a play card (0-10 or x)")
    return out


def votes_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    board = tuple(Played(0, card, True) for card in _cards(fields["cards"]))
    return {"votes": votes_of(board)}


def points_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    points = numbers(fields["points"], "points")
    tokens = numbers(fields["tokens"], "tokens")
    if len(points) != 2 or not tokens or min(tokens) < 1:
        raise ExampleError("points: two numbers; tokens: seats from 1")
    scores = [0] * max(tokens)
    for place, seat in enumerate(influence_order(tuple(s - 1 for s in tokens))[:2]):
        scores[seat] += points[place]
    return {"scores": scores}


KINDS = {
    "votes": ExampleKind(("cards",), votes_figures),
    "points": ExampleKind(("points", "tokens"), points_figures),
}

__all__ = ["KINDS"]
