"""The state of 指輪を落とさないで and what every other module of the game reads from it.

Here so that ``game`` (the rules), ``bots``, ``observe`` and ``sample`` all
import the same values without importing one another: ``Phase``, ``State``
and its records (``Trick``, ``Penalty``, ``RoundSummary``), the constants,
``playable`` (the lead and follow rules, shared by the engine and the
bots' playouts), the card and seat names, and ``final_outcome``.

Every record is a ``NamedTuple`` read by field name (``state.hands[state.turn]``,
``state.last.rings_after``); being tuples they stay immutable, hashable and
cheap on the search bot's hot path, and equal to the plain tuples that older
code and tests build.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from rulebook.core.game import Outcome

from .cards import CARD_NAMES, COIN, SUIT, SUIT_NAMES


class Phase(IntEnum):
    """The step of a round (an ``int``: ``Phase.PLAY == 4``); see ``game`` for the flow."""

    DEAL = 0
    ROLL = 1
    DRAFT = 2
    DISCARD = 3
    PLAY = 4
    OVER = 5

    @property
    def text(self) -> str:
        """The phase as the observation writes it: ``"deal"`` … ``"over"``."""
        return self.name.lower()


DEAL_PHASE, ROLL_PHASE, DRAFT, DISCARD_PHASE, PLAY_PHASE, OVER = Phase
PHASES: tuple[str, ...] = tuple(p.text for p in Phase)
HAND = 6
TRICKS = 5
TOP = 9
"""The ring starts on mark 9 of the hand card; below 1 it has fallen off."""
MIN_SEATS, MAX_SEATS = 3, 5
NO_CARD = -1


class Trick(NamedTuple):
    """A finished trick: the leader's seat, the cards in play order, the winning seats (sorted)."""

    leader: int
    cards: tuple[int, ...]
    winners: tuple[int, ...]


class Penalty(NamedTuple):
    """A would-be leader who held only Coins: before trick ``trick`` (0-based), ``seat``'s ring went down one."""

    trick: int
    seat: int


class RoundSummary(NamedTuple):
    """The last finished round, kept for the page between rounds."""

    round: int
    parent: int
    centre: int
    areas: tuple[int, ...]
    pips: tuple[int, ...]
    rings_before: tuple[int, ...]
    rings_after: tuple[int, ...]
    tricks: tuple[Trick, ...]
    penalties: tuple[Penalty, ...]


class State(NamedTuple):
    """The whole table.

    ``hands`` are sorted card ids; ``stock`` the cards still to be dealt;
    ``leftover`` the face-down cards nobody holds (3–4 seats); ``discards``
    each seat's face-down card of this round (``NO_CARD`` before it is laid);
    ``pool`` the rolled dice not taken yet (sorted pips); ``centre`` the die
    left in the centre (0 before the draft ends); ``areas``/``pips`` each
    seat's die (area ``MORE``/``JUST``/``HEAVY``; pips 0 = no die yet);
    ``trick`` the cards of the trick in play, from ``leader`` clockwise;
    ``tricks`` the finished tricks of this round; ``penalties`` one
    ``Penalty`` per Coin-only leader; ``last`` the ``RoundSummary`` of the
    last finished round.
    """

    rings: tuple[int, ...]
    just_bonus: bool
    phase: Phase
    round: int
    parent: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    leftover: tuple[int, ...]
    discards: tuple[int, ...]
    pool: tuple[int, ...]
    centre: int
    areas: tuple[int, ...]
    pips: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    penalties: tuple[Penalty, ...]
    last: RoundSummary | None
    result: Outcome | None


def playable(hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
    """The cards of ``hand`` that may go to ``trick`` (the lead and follow rules).

    Leading: anything but a Coin. Following: a card of the led suit or a
    Coin if you hold the led suit; anything if you do not.
    """
    if not trick:
        return [c for c in hand if SUIT[c] != COIN]
    led = SUIT[trick[0]]
    for c in hand:
        if SUIT[c] == led:
            return [c for c in hand if SUIT[c] == led or SUIT[c] == COIN]
    return list(hand)


def seat_name(seat: int, lang: str) -> str:
    return f"席 {seat + 1}" if lang == "ja" else f"Seat {seat + 1}"


def card_text(card: int | str, lang: str) -> str:
    """``"ruby-5"`` → ``"ルビー 5"`` / ``"Ruby 5"``."""
    name = CARD_NAMES[card] if isinstance(card, int) else card
    suit, rank = name.split("-")
    ja, en = SUIT_NAMES[suit]
    return f"{ja if lang == 'ja' else en} {rank}"


def final_outcome(rings: tuple[int, ...], pips: tuple[int, ...], trigger: str, rounds: int) -> Outcome:
    """Who wins once a ring has fallen: the highest ring still on the hand; ties: the smallest die; then shared."""
    n = len(rings)
    alive = [k for k in range(n) if rings[k] >= 1]
    fallen = tuple(k for k in range(n) if rings[k] < 1)
    tiebreak = False
    if not alive:
        winners: tuple[int, ...] = ()
        ja, en = "全員の指輪が落ちました。勝者はいません。", "Every ring fell: nobody wins."
    else:
        top = max(rings[k] for k in alive)
        tied = [k for k in alive if rings[k] == top]
        if len(tied) > 1:
            tiebreak = True
            low = min(pips[k] for k in tied)
            tied = [k for k in tied if pips[k] == low]
        winners = tuple(tied)
        names_ja = "・".join(seat_name(k, "ja") for k in winners)
        names_en = " and ".join(seat_name(k, "en") for k in winners)
        how_ja = f"（同点はダイスの目 {pips[winners[0]]} が最小）" if tiebreak else ""
        how_en = f" (tie broken by the smallest die, {pips[winners[0]]})" if tiebreak else ""
        if len(winners) == 1:
            ja = f"{names_ja} の勝ち — 指輪は目盛り {top}{how_ja}"
            en = f"{names_en} wins — ring on mark {top}{how_en}"
        else:
            ja = f"{names_ja} の同率勝利 — 指輪は目盛り {top}、ダイスも同じ目"
            en = f"{names_en} share the win — rings on mark {top}, dice alike"
    lead_ja = "、".join(seat_name(k, "ja") for k in fallen)
    lead_en = ", ".join(seat_name(k, "en") for k in fallen)
    cause_ja = "コインだけのペナルティで" if trigger == "penalty" else "ラウンドの終わりに"
    cause_en = "by the Coin-only penalty" if trigger == "penalty" else "at the end of the round"
    return Outcome(
        scores=tuple(max(0, r) for r in rings),
        winners=winners,
        reason="game-end",
        summary_ja=f"{cause_ja}{lead_ja} の指輪が落ちました。{ja}",
        summary_en=f"{lead_en}'s ring fell {cause_en}. {en}",
        detail=(("trigger", trigger), ("rounds", rounds), ("fallen", fallen), ("tiebreak", tiebreak)),
    )


__all__ = [
    "DEAL_PHASE",
    "DISCARD_PHASE",
    "DRAFT",
    "HAND",
    "MAX_SEATS",
    "MIN_SEATS",
    "NO_CARD",
    "OVER",
    "PHASES",
    "PLAY_PHASE",
    "Penalty",
    "Phase",
    "ROLL_PHASE",
    "RoundSummary",
    "State",
    "TOP",
    "TRICKS",
    "Trick",
    "card_text",
    "final_outcome",
    "playable",
    "seat_name",
]
