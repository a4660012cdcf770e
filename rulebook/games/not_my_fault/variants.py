"""The two versions of Not My Fault! as data: deck, milestones, penalties.

One engine (``game.py``) plays both; everything that differs between
ver.2.0 and the #41 prototype is a field here, so the rules code has no
copies. Numbers come from the source (the designer's blog, entries
"Not My Fault! ver.2.0" and "#41 Not My Fault!(仮)").
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Variant:
    """What makes one version of the game.

    ``hand_size == 0`` means cards are drawn from the deck one per turn
    (ver.2.0); otherwise hands are dealt at the start and refilled with
    ``redeal_size`` cards when every hand is empty (#41).
    """

    key: str
    min_players: int
    max_players: int
    default_players: int
    values: tuple[int, ...]
    """Card values, ascending; counts and hands are tuples in this order."""
    copies: tuple[int, ...]
    """How many cards of each value the deck holds."""
    milestones: tuple[int, ...]
    """Declarations that cost nothing (ver.2.0) / the only declarations (#41)."""
    top: int
    """The highest declaration: 30 (completion) in ver.2.0, 25 (last milestone) in #41."""
    any_number: bool
    """True: any number 1..top may be declared, off-milestone ones cost a yellow card (ver.2.0)."""
    completion: bool
    """Declaring ``top`` reveals at once and can win the game (ver.2.0)."""
    hand_size: int
    redeal_size: int
    penalty_limit: int
    """Reds (ver.2.0) or reprimands (#41) that make a player lose."""
    yellow_limit: int
    """Yellow cards in one round that cost a red (0: no yellow cards)."""
    index: dict[int, int] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        self.index.update({v: k for k, v in enumerate(self.values)})

    @property
    def deck_size(self) -> int:
        return sum(self.copies)

    @property
    def draws(self) -> bool:
        """ver.2.0: a trusting player draws from the deck."""
        return self.hand_size == 0

    def mean(self) -> float:
        return sum(v * c for v, c in zip(self.values, self.copies)) / self.deck_size


V20 = Variant(
    key="v2",
    min_players=2,
    max_players=6,
    default_players=3,
    values=(0, 1, 2, 3, 4, 5, 6),
    copies=(2, 5, 5, 5, 5, 5, 5),
    milestones=(5, 8, 12, 17, 23, 30),
    top=30,
    any_number=True,
    completion=True,
    hand_size=0,
    redeal_size=0,
    penalty_limit=2,
    yellow_limit=2,
)

V41 = Variant(
    key="41",
    min_players=2,
    max_players=5,
    default_players=3,
    values=(0, 1, 2, 4, 8),
    copies=(4, 7, 12, 8, 4),
    milestones=(2, 3, 5, 7, 11, 13, 18, 25),
    top=25,
    any_number=False,
    completion=False,
    hand_size=7,
    redeal_size=5,
    penalty_limit=3,
    yellow_limit=0,
)

__all__ = ["V20", "V41", "Variant"]
