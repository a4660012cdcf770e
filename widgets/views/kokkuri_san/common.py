"""What Kokkuri-san's view model (``present``) and its texts around the board (``report``) share.

The page's facts (``Page``), the names of cards, seats and candidates, why a
tap is not this page's move (``tap``, ``not_acting_refusal``) and the header
line. Pure (no widgets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rulebook.core import HUMAN, SPECTATOR, IllegalAction, RulebookError
from rulebook.games.kokkuri_san.cards import X, CardSet
from rulebook.games.kokkuri_san.observation import EffectSeen, KokkuriSanObservation
from widgets.views.model import Control, Engine, refuse, seat_label

from .texts import WORDS

Observation = KokkuriSanObservation
"""What the game's ``observe`` returns; read it by attribute (a typo fails at once, not at the table)."""
PLAYER_PHASES = ("turn", "effect")


@dataclass(frozen=True)
class Page:
    """What only the page knows (nothing here is secret: no card of another seat, no seed)."""

    cards: CardSet
    seats: tuple[str, ...]
    humans: tuple[int, ...] = ()
    acting: bool = False
    viewer: int = SPECTATOR
    ply: int = 0
    selected: int | None = None
    """The card kind chosen from the viewer's hand (None: none yet)."""
    table: bool = False
    """Played with the real box: the row, the start player and the draws are typed in (table mode)."""
    hot_seat: bool = False
    entry: tuple[int, ...] = ()
    """Table mode: what this page has typed for the chance move now (candidates or card kinds)."""


# ----- small facts ----------------------------------------------------------------------------------
def card_label(kind: int | None) -> str:
    return "?" if kind is None else ("×−1" if kind == X else str(kind))


def seat_name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def is_bot(seat: int, page: Page) -> bool:
    return 0 <= seat < len(page.seats) and page.seats[seat] != HUMAN


def cand_name(page: Page, kind: int, lang: str) -> str:
    c = page.cards.candidates[kind]
    return c.name_ja if lang == "ja" else c.name_en


def not_acting_refusal(o: Observation, page: Page, engine: Engine, action: Any) -> RulebookError:
    """The reason for a tap while the page's seat is not the one to move (nothing about hidden cards)."""
    if o.result:
        error = engine.why_not(action)
        if error is not None:
            return error
    phase, turn = o.phase, o.turn
    if phase not in PLAYER_PHASES:
        return refuse(WORDS, "chance", "wait_chance")
    key = "not_your_effect" if phase == "effect" else "not_your_turn"
    return IllegalAction("turn", WORDS(key, "ja", seat=seat_name(turn, page, "ja")), WORDS(key, "en", seat=seat_name(turn, page, "en")))


def tap(key: str, label: str, action: Any, o: Observation, engine: Engine, page: Page, lang: str, name: str = "") -> Control:
    """A tappable element that makes ``action``: the engine decides when the page's seat moves."""
    refusal = None if page.acting else not_acting_refusal(o, page, engine, action)
    return Control.for_seat(key, label, action, engine, lang, refusal, name)


def note(rule: str, key: str, lang: str) -> dict[str, Any]:
    """A tap on something that is never played (tokens, face-up cards): why, and the rule."""
    # its name for a screen reader is the same words: a tap shows them (nothing is played)
    return {"enabled": False, "reason": WORDS(key, lang), "rule": rule, "label": WORDS(key, lang)}


def status_text(o: Observation, page: Page, lang: str) -> str:
    parts = [WORDS("round_of", lang, round=o.round)]
    if not o.result:
        parts.append(WORDS("turns_of", lang, turns=min(o.turns + 1, o.turns_per_round), total=o.turns_per_round))
        if o.phase in PLAYER_PHASES:
            parts.append(WORDS("to_play", lang, seat=seat_name(o.turn, page, lang)).rstrip("。."))
    return " · ".join(parts)


def cell_of(cell: Sequence[int | bool | None]) -> tuple[int, int | None, bool]:
    """A board card as the observation carries it, ``[seat, card or None when hidden, face up]``, with its types checked."""
    seat, card, up = cell
    if not isinstance(seat, int) or not (card is None or isinstance(card, int)) or not isinstance(up, bool):
        raise TypeError(f"a board card is [seat, card or null, face up], not {cell!r}")
    return seat, card, up


def effect_of(o: Observation) -> EffectSeen:
    """The card effect being resolved, in the ``effect`` phase (the only phase whose observation has one)."""
    if o.effect is None:
        raise ValueError(f"no card effect is being resolved in the {o.phase} phase")
    return o.effect


__all__ = ["Observation", "PLAYER_PHASES", "Page", "card_label", "cand_name", "cell_of", "effect_of", "is_bot", "not_acting_refusal", "note", "seat_name", "status_text", "tap"]
