"""What a seat sees at the lemon poker table, typed: the views read it by attribute (``o.groups``).

The dealer sees both groups' cards; the child only the cards turned face
up (``None`` for a face-down one). The dict side (for bots, tests and JSON)
is described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.core.observation import Observation


@dataclass(frozen=True, eq=False)
class HandSeen(Observation):
    """A finished hand, all cards open: who dealt, the cards, the scores, the bet and what the child won."""

    dealer: int
    community: list[str]
    groups: list[list[str]]
    scores: list[int]
    winner: int
    bet: list[int]
    """``[group, chips]`` the child bet."""
    child_gain: int


@dataclass(frozen=True, eq=False)
class LemonPokerObservation(Observation):
    """The table from one seat: chips, the community cards, the two groups as far as this seat sees them."""

    game: str
    you: int
    phase: str
    hands: int
    hand_no: int
    dealer: int
    child: int
    chips: list[int]
    max_bet: int
    community: list[str]
    dealt: list[int]
    groups: list[list[str | None]]
    """Each group's cards; ``None`` where this seat sees only a back."""
    shown: list[list[bool]]
    child_show: list[int] | None
    last: HandSeen | None
    history: list[HandSeen]


__all__ = ["HandSeen", "LemonPokerObservation"]
