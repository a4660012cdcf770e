"""What 指輪を落とさないで's view model (``present``) and its texts around the board (``report``) share.

The page's facts (``Page``), the rule each phase is about, the names of
seats, suits and areas in a sentence, and what the page refuses itself (a
tap the engine never sees: out of turn, behind the pass screen). Pure (no
widgets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rulebook.core import HUMAN, IllegalAction
from rulebook.games.ring.cards import AREA_NAMES, SUIT_NAMES, rank_order
from rulebook.games.ring.observation import RingObservation
from widgets.views.model import refuse, seat_label

from .texts import WORDS

Obs = RingObservation
"""What ``observe`` returns; read it by attribute (a typo fails at once, not at the table)."""
RULE_OF_PHASE = {"deal": "chance", "roll": "chance", "draft": "draft", "discard": "discard", "play": "trick", "over": "game-end"}
"""The rule paragraph each phase is about (the page cites it when a tap comes at the wrong moment)."""


@dataclass(frozen=True)
class Page:
    """The page-local facts ``present`` needs besides the observation and the engine.

    ``seats``: the seat kinds of the match; ``ply``: moves so far (taps carry
    it back, so a tap on an older drawing is ignored); ``acting``: the
    viewer is a person, the seat to move, and the board is shown to them;
    ``revealed``: no pass screen is up; ``table``: table mode; ``chance``:
    chance is to move; ``entry``: table mode's typed pips (0 = none yet),
    ``()`` while no dice are being entered.
    """

    seats: tuple[str, ...]
    ply: int = 0
    acting: bool = False
    revealed: bool = True
    table: bool = False
    chance: bool = False
    entry: tuple[int, ...] = ()

    def entering(self, obs: Obs) -> bool:
        """Table mode, and the parent's real dice are to be typed in."""
        return self.table and self.chance and obs.phase == "roll"

    def dealing_by_hand(self, obs: Obs) -> bool:
        """Table mode, and the cards wait for the Deal button."""
        return self.table and self.chance and obs.phase == "deal"


# ----- names ------------------------------------------------------------------------------------------
def who(seat: int, page: Page, lang: str, obs: Obs | None = None) -> str:
    """A seat in a sentence: "Seat 2 (bot)", and "(you)" for the viewer."""
    name = seat_label(seat, page.seats, lang)
    if obs is not None and obs.you == seat and page.seats[seat] == HUMAN:
        return WORDS("seat_you", lang, name=name)
    return name


def plain(seat: int, n: int, lang: str) -> str:
    """A seat's bare name ("Seat 2"): on its row (its kind is a badge) and in the public log."""
    return seat_label(seat, (HUMAN,) * n, lang)


def short(seat: int, obs: Obs, lang: str) -> str:
    """A seat's name under a card: "You" for the viewer (room for five cards in a row)."""
    return WORDS("you_short", lang) if obs.you == seat else plain(seat, obs.players, lang)


def suit(name: str, lang: str) -> str:
    ja, en = SUIT_NAMES[name]
    return ja if lang == "ja" else en


def area(name: str, lang: str) -> str:
    ja, en = AREA_NAMES[name]
    return ja if lang == "ja" else en


def order_text(centre: int) -> str:
    return " > ".join(str(r) for r in rank_order(centre))


def joined(names: Sequence[str], lang: str) -> str:
    return WORDS("names_sep", lang).join(names)


# ----- what the page refuses itself (taps the engine never sees) ------------------------------------------------------
def mode(obs: Obs, page: Page) -> str:
    """What the board is for now: over, entry, deal, pass, wait, or the viewer's phase (draft, discard, play)."""
    if obs.phase == "over":
        return "over"
    if page.entering(obs):
        return "entry"
    if page.dealing_by_hand(obs):
        return "deal"
    if not page.revealed:
        return "pass"
    if page.acting:
        return obs.phase
    return "wait"


def tap_refusal(obs: Obs, page: Page) -> IllegalAction | None:
    """Why a tap on a die or card does nothing now (None while the viewer is to move).

    Decided from the engine's facts in the observation (phase, whose turn);
    worded from ``WORDS`` because the engine never sees such a tap.
    """
    if page.acting:
        return None
    phase = obs.phase
    rule = RULE_OF_PHASE[phase]
    if phase == "over":
        return refuse(WORDS, rule, "game_over")
    if not page.revealed:
        return refuse(WORDS, rule, "pass_first")
    if phase == "deal":
        return refuse(WORDS, rule, "wait_deal")
    if phase == "roll":
        return refuse(WORDS, rule, "wait_roll")
    turn = obs.turn
    ja = WORDS("whose", "ja", who=who(turn, page, "ja", obs)) if turn is not None else ""
    en = WORDS("whose", "en", who=who(turn, page, "en", obs)) if turn is not None else ""
    return IllegalAction(rule, WORDS("not_your_move", "ja", whose=ja), WORDS("not_your_move", "en", whose=en).rstrip())


__all__ = [
    "Obs",
    "RULE_OF_PHASE",
    "Page",
    "area",
    "joined",
    "mode",
    "order_text",
    "plain",
    "short",
    "suit",
    "tap_refusal",
    "who",
]
