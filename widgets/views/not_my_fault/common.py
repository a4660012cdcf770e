"""What Not My Fault!'s view model (``present``) and its texts around the board (``report``) share.

The page's facts (``Page``), the small facts read off an observation (the
claim to beat, what table mode types in now), the names of seats and
penalties, why a tap is not this page's move (``tap``, ``page_refusals``),
and the lines both show: how the last round ended and the header line.
Pure (no widgets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.core import HUMAN, SPECTATOR, IllegalAction, RulebookError
from rulebook.games.not_my_fault.variants import Variant
from rulebook.games.not_my_fault.observation import LastSeen, NotMyFaultObservation
from widgets.views.model import Control, Engine, refuse, seat_label

from .texts import WORDS

Observation = NotMyFaultObservation
"""What the game's ``observe`` returns; read it by attribute (a typo fails at once, not at the table)."""
PLAYER_PHASES = ("turn", "declare")
ENTRIES = {"first": "first", "draw": "card", "deal": "hand"}
"""Table mode: the chance phase → what is typed in (who starts, the card drawn, a hand)."""


@dataclass(frozen=True)
class Page:
    """What only the page knows (nothing here is secret: no card, no seed)."""

    variant: Variant
    seats: tuple[str, ...]
    """Seat kinds of the match (``HUMAN`` or a bot kind)."""
    humans: tuple[int, ...] = ()
    """Seats of the people playing on this page."""
    acting: bool = False
    """The seat shown is to move, is a person on this page, and may move now."""
    table: bool = False
    """Table mode: real cards, typed in."""
    hot_seat: bool = False
    viewer: int = SPECTATOR
    """The seat holding the tablet (also while the pass screen hides its view)."""
    ply: int = 0
    hand_entry: tuple[int, ...] = ()
    """Table mode (#41): the cards of the hand typed so far."""


# ----- small facts ---------------------------------------------------------------------------------------
def seat_name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def is_bot(seat: int, page: Page) -> bool:
    return 0 <= seat < len(page.seats) and page.seats[seat] != HUMAN


def last_claim(o: Observation) -> int:
    return o.claims[-1][1] if o.claims else 0


def entering(o: Observation, page: Page) -> str | None:
    """Table mode, a chance move to type in: "first", "card" or "hand"."""
    if not page.table or o.result:
        return None
    return ENTRIES.get(o.phase)


def cover_needed(o: Observation, page: Page) -> bool:
    """Table mode, hot seat: a hand to type in by another person than the one holding the tablet."""
    if entering(o, page) != "hand" or not page.hot_seat:
        return False
    return not is_bot(o.turn, page) and page.viewer != o.turn


def penalty(page: Page, lang: str) -> str:
    return WORDS("red_card" if page.variant.draws else "reprimand", lang)


# ----- why a move is not this page's ---------------------------------------------------------------------------
def not_acting_refusal(o: Observation, page: Page, engine: Engine, action: Any) -> RulebookError:
    """The reason for a tap while the page's seat is not the one to move (nothing about hidden cards)."""
    if o.result:
        error = engine.why_not(action)  # the engine refuses every move once the game is over
        if error is not None:
            return error
    phase = o.phase
    if phase == "first":
        return refuse(WORDS, "chance", "wait_first")
    if phase == "deal":
        return refuse(WORDS, "chance", "wait_deal")
    if phase == "draw":
        return _both("chance", "wait_draw", o.turn, page)
    return _both("turn", "not_your_turn", o.turn, page)


def _both(rule: str, key: str, seat: int, page: Page) -> IllegalAction:
    """A refusal naming ``seat`` in each language's own way."""
    return IllegalAction(rule, WORDS(key, "ja", seat=seat_name(seat, page, "ja")), WORDS(key, "en", seat=seat_name(seat, page, "en")))


def tap(key: str, label: str, action: Any, o: Observation, engine: Engine, page: Page, lang: str, name: str = "") -> Control:
    """A tappable element that makes ``action``: the engine decides when the page's seat moves."""
    refusal = None if page.acting else not_acting_refusal(o, page, engine, action)
    return Control.for_seat(key, label, action, engine, lang, refusal, name)


def page_refusals(o: Observation, page: Page) -> dict[str, IllegalAction]:
    """Table mode (#41): why a button of the hand being typed does nothing now (the engine never sees these taps)."""
    if entering(o, page) != "hand" or cover_needed(o, page):
        return {}
    size, entered = o.deal_size, len(page.hand_entry)
    out: dict[str, IllegalAction] = {}
    if entered >= size:
        for x in page.variant.values:
            out[f"enter-card-{x}"] = refuse(WORDS, "chance", "hand_full", n=size)
    if not entered:
        out["entry-back"] = refuse(WORDS, "chance", "nothing_to_remove")
    if entered != size:
        out["entry-confirm"] = refuse(WORDS, "chance", "hand_short", n=size, entered=entered)
    return out


# ----- lines both show -------------------------------------------------------------------------------------------
def last_text(last: LastSeen, page: Page, lang: str) -> str:
    """How the last round ended, in one line (public: the cards were turned up)."""
    kind, loser, claim, total = last.kind, last.loser, last.claim, last.total
    actor = seat_name(last.actor, page, lang)
    who = seat_name(loser, page, lang) if loser >= 0 else ""
    pen = penalty(page, lang)
    top = page.variant.top
    if kind == "audit":
        cmp = "≥" if total >= claim else "<"
        return WORDS("last_audit", lang, actor=actor, claim=claim, total=total, cmp=cmp, loser=who, penalty=pen)
    if kind == "completion":
        if loser < 0:
            return WORDS("last_completed", lang, actor=actor, total=total, top=top)
        return WORDS("last_completion_failed", lang, actor=actor, total=total, top=top, penalty=pen)
    return WORDS("last_yellow", lang, actor=actor, claim=claim, total=total, penalty=pen)


def status_text(o: Observation, page: Page, lang: str, bold: Any = str) -> str:
    """The header line: the round, and whose move (``bold`` wraps the values, e.g. in <b>)."""
    parts = [WORDS("status_round", lang, round=bold(str(o.round)))]
    if o.result is None and o.phase in PLAYER_PHASES:
        parts.append(WORDS("status_turn", lang, seat=bold(seat_name(o.turn, page, lang))))
    return " · ".join(parts)


__all__ = [
    "ENTRIES",
    "PLAYER_PHASES",
    "Observation",
    "Page",
    "cover_needed",
    "entering",
    "is_bot",
    "last_claim",
    "last_text",
    "not_acting_refusal",
    "page_refusals",
    "penalty",
    "seat_name",
    "status_text",
    "tap",
]
