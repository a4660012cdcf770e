"""What a seat sees in 私のせいじゃない (both variants), typed: the views read it by attribute (``o.table``).

A seat sees the value of the table cards it drew itself (``card`` is
``None`` on the others) and, in the hand variant, its own hand (``hand`` is
``None`` for another seat, the spectator, and the variant without hands).
The dict side (for bots, tests and JSON) is described in
``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.core.observation import KEY, Observation


@dataclass(frozen=True, eq=False)
class TableCard(Observation):
    """A card on the table: who drew it, its value if this seat may see it, and whether it is from an earlier deal."""

    seat: int
    card: int | None
    old: bool


@dataclass(frozen=True, eq=False)
class LastSeen(Observation):
    """How the last deal ended: the kind of ending, who lost, who acted, the claim, the cards shown and their total."""

    kind: str
    loser: int
    actor: int
    claim: int
    cards: list[list[int]]
    """``[seat, value]`` of every card turned up."""
    total: int


@dataclass(frozen=True, eq=False)
class NotMyFaultObservation(Observation):
    """The table from one seat: claims so far, the cards on the table, the counts, the marks and the last deal."""

    game: str
    you: int
    players: int
    card_values: list[int] = field(metadata={KEY: "values"})
    """The card values of the variant (the key ``"values"`` in the dict)."""
    milestones: list[int]
    top: int
    phase: str
    turn: int
    starter: int
    round: int
    epoch: int
    deal_size: int
    claims: list[list[int]]
    """``[seat, number]`` of every claim this deal, in order."""
    table: list[TableCard]
    hand: list[int] | None
    hand_sizes: list[int] | None
    deck: int
    discard: list[int]
    unseen: list[int]
    unseen_old: list[int]
    yellows: list[int]
    marks: list[int]
    last: LastSeen | None
    result: list[str | int] | None
    """``[reason, seat]`` once the game is over."""


__all__ = ["LastSeen", "NotMyFaultObservation", "TableCard"]
