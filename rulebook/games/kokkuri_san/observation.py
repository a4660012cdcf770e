"""What a seat sees in こっくりさん, typed: the views read it by attribute (``o.hand``).

A seat sees its own hand and deck (``None`` for the spectator and for
another seat), the face-up cards of the board and its own face-down ones;
the rest is only counted. The dict side (for bots, tests and JSON) is
described in ``rulebook.core.observation``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, TypedDict

from rulebook.core.observation import Observation


class CardEffectFile(TypedDict):
    """A round card's effect in the card file: ``n`` only for ``draw``."""

    op: str
    n: NotRequired[int]
    may: bool


class RoundCardFile(TypedDict):
    """One round's card of a candidate: the points of its two places and its effect (None: none)."""

    points: list[int]
    effect: CardEffectFile | None


class CandidateFile(TypedDict):
    """A candidate of the card file with its three round cards."""

    id: str
    name_ja: str
    name_en: str
    rounds: list[RoundCardFile]


class CardFile(TypedDict):
    """The card file in play, as ``CardSet.as_json()`` writes it (the form an owner's replacement file has).

    TypedDicts, not ``Observation`` dataclasses: this part is the file's own
    JSON, which ``load_cards`` reads back and the options carry as it is.
    """

    format: str
    version: int
    stand_in: bool
    play_cards: list[int | str]
    """The play cards by value, the wild card as ``"x-1"``."""
    candidates: list[CandidateFile]
    note_ja: NotRequired[str]
    note_en: NotRequired[str]


@dataclass(frozen=True, eq=False)
class EffectSeen(Observation):
    """The card effect being resolved: its operation, its count, and whether it may be declined."""

    op: str
    n: int
    may: bool


@dataclass(frozen=True, eq=False)
class RoundSeen(Observation):
    """The round settled last, all cards open: the order, the votes, who was elected and what each won."""

    round: int
    order: list[int]
    votes: list[int]
    elected: list[int]
    awards: list[list[int]]
    tokens: list[list[int]]
    board: list[list[list[int]]]


@dataclass(frozen=True, eq=False)
class KokkuriSanObservation(Observation):
    """The table from one seat: the phase, the board as far as this seat sees it, hands and scores."""

    game: str
    you: int
    players: int
    phase: str
    turn: int
    starter: int
    round: int
    turns: int
    turns_per_round: int
    settled: int
    cards: CardFile
    """The card file in play (``CardSet.as_json()``)."""
    order: list[int]
    tokens: list[list[int]]
    board: list[list[list[int | bool | None]]]
    """Per candidate, its cards as ``[seat, card or None when hidden from this seat, face up]``."""
    hand: list[int] | None
    my_deck: list[int] | None
    hand_sizes: list[int]
    deck_sizes: list[int]
    fronts: list[list[int]]
    unseen: list[list[int]]
    scores: list[int]
    drawer: int
    target: int
    pending: int
    effect: EffectSeen | None
    last: RoundSeen | None
    result: str


__all__ = ["CandidateFile", "CardEffectFile", "CardFile", "EffectSeen", "KokkuriSanObservation", "RoundCardFile", "RoundSeen"]
