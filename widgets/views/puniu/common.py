"""What Puniu Dice's view model (``present``) and its texts around the board (``report``) share.

The page's facts (``Page``), the words for seats and dice, Kind's default
face, whether a die may be held (``can_reroll``, ``hold_refusal``) and the
hint's advice. Pure (no widgets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rulebook.core import IllegalAction
from rulebook.games.puniu.actions import Reroll
from rulebook.games.puniu.game import DICE
from rulebook.games.puniu.hint import Advice, advise
from rulebook.games.puniu.observation import PuniuObservation, SheetSeen

from ..model import Engine, seat_label
from .texts import WORDS


@dataclass(frozen=True)
class Page:
    """What the page knows beyond the observation.

    ``seats``: the seat kinds of the match; ``acting``: the person on this
    page is to choose now; ``entering``: table mode, real dice being typed;
    ``hint``: the hint is on; ``ply``: moves so far (stamped on every tap);
    ``held``: dice held for the next re-roll; ``kind_face``: the face chosen
    for Kind; ``entry``: pips typed so far for the dice still to be rolled.
    """

    seats: tuple[str, ...] = ("human",)
    acting: bool = False
    entering: bool = False
    hint: bool = False
    ply: int = 0
    held: frozenset[int] = frozenset()
    kind_face: int = 0
    entry: tuple[int, ...] = ()


# ----- small words ---------------------------------------------------------------------------------
def name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def prefix(seat: int, page: Page, lang: str) -> str:
    """"Seat 2: " before a line about a seat; nothing in a solo game."""
    return "" if len(page.seats) <= 1 else WORDS("prefix", lang, seat=name(seat, page, lang))


def faces_of(dice: Sequence[int]) -> str:
    return " ".join(str(p) for p in dice)


def entries_of(sheet: SheetSeen) -> tuple[tuple[int, int] | None, ...]:
    """A sheet of the observation as (score, penalty) pairs, for the hint."""
    return tuple(None if e is None else (int(e.score), int(e.penalty)) for e in sheet.entries)


def best_face(dice: Sequence[int]) -> int:
    """Kind's default face: the least penalty (ties: the higher face)."""
    return max(range(1, 7), key=lambda f: (f * list(dice).count(f), f))


def can_reroll(engine: Engine) -> bool:
    """The engine offers a re-roll now (the fact behind holding dice)."""
    return any(isinstance(a, Reroll) for a in engine.legal)


def released(page: Page) -> tuple[int, ...]:
    return tuple(k for k in range(DICE) if k not in page.held)


def hold_refusal(engine: Engine, die: int) -> IllegalAction | None:
    """Why a tap on ``die`` may not hold it (None when it may): holding only serves a re-roll.

    Decided from the engine: when it offers no ``Reroll``, its refusal of a
    re-roll of this die is the reason.
    """
    if can_reroll(engine):
        return None
    error = engine.why_not(Reroll((die,)))
    if error is None:
        return None
    return IllegalAction(
        error.rule_id,
        WORDS("hold_refused", "ja", why=error.message_ja),
        WORDS("hold_refused", "en", why=error.message_en),
    )


def turn_of(observation: PuniuObservation) -> int:
    """The seat to play: there is one until the game is over (the observation's ``turn`` is None only then)."""
    if observation.turn is None:
        raise ValueError("the game is over: no seat plays")
    return observation.turn


def advice_for(observation: PuniuObservation) -> Advice:
    seat = turn_of(observation)
    return advise(entries_of(observation.sheets[seat]), observation.dice, int(observation.rerolls_left))


__all__ = [
    "Page",
    "turn_of",
    "advice_for",
    "best_face",
    "can_reroll",
    "entries_of",
    "faces_of",
    "hold_refusal",
    "name",
    "prefix",
    "released",
]
