"""Kokkuri-san's texts around the board: the log line, the settlement, the outcome. Pure (no widgets).

The log is read by everyone at the table, so it is written from public
observations only: a card played face down is "a card", a card drawn is
never named.
"""

from __future__ import annotations

import html
from typing import Any

from rulebook.core import Outcome
from rulebook.games.kokkuri_san.actions import Draw, First, Flip, Move, Order, Play, Skip, Swap
from rulebook.games.kokkuri_san.observation import KokkuriSanObservation, RoundSeen

from .common import Page, cand_name, card_label, cell_of, seat_name
from .texts import WORDS


def settlement_text(last: RoundSeen, page: Page, lang: str) -> str:
    """Who was elected with how many votes, and who scored what (public: every card was turned up)."""
    elected = [
        WORDS("settle_elected", lang, name=cand_name(page, last.order[p], lang), votes=last.votes[p]) for p in last.elected
    ]
    awards = [WORDS("award", lang, seat=seat_name(seat, page, lang), points=points) for _kind, _place, seat, points in last.awards]
    sep = "、" if lang == "ja" else ", "
    return WORDS("settle_text", lang, elected=sep.join(elected), awards=sep.join(awards) or WORDS("no_awards", lang))


def describe(before: KokkuriSanObservation, action: Any, after: KokkuriSanObservation, page: Page, lang: str) -> str | None:
    """One log line from the public observations around ``action`` (None for a card drawn)."""
    seat = seat_name(before.turn, page, lang)
    order = before.order

    def name(p: int) -> str:
        return cand_name(page, order[p], lang)

    if isinstance(action, Order):
        line = WORDS("log_order", lang, names=" · ".join(cand_name(page, k, lang) for k in action.kinds))
    elif isinstance(action, First):
        line = WORDS("log_first", lang, seat=seat_name(action.seat, page, lang))
    elif isinstance(action, Play):
        key = "log_up" if action.up else "log_down"
        line = WORDS(key, lang, seat=seat, name=name(action.pos), card=card_label(action.card) if action.up else "")
    elif isinstance(action, Flip):
        value = cell_of(after.board[action.pos][action.index])[1] if after.settled == before.settled else None
        if value is None and after.last is not None:
            value = after.last.board[action.pos][action.index][1]
        line = WORDS("log_flip", lang, seat=seat, name=name(action.pos), card=card_label(value))
    elif isinstance(action, Swap):
        line = WORDS("log_swap", lang, seat=seat, a=name(action.a), b=name(action.b))
    elif isinstance(action, Move):
        line = WORDS("log_move", lang, seat=seat, a=name(action.pos), b=name(before.pending))
    elif isinstance(action, Draw):
        line = WORDS("log_draw", lang, seat=seat)
    elif isinstance(action, Skip):
        line = WORDS("log_skip", lang, seat=seat)
    else:
        line = ""
    if after.settled > before.settled and after.last is not None:
        last = after.last
        settle = WORDS("log_settle", lang, round=last.round, text=settlement_text(last, page, lang))
        line = f"{line} — {settle}" if line else settle
    return html.escape(line) if line else None


def move_text(o: KokkuriSanObservation, action: Any, page: Page, lang: str) -> str:
    """The viewer's own move in words (for the hint: the viewer's card may be named)."""
    order = o.order

    def name(p: int) -> str:
        return cand_name(page, order[p], lang)

    if isinstance(action, Play):
        return WORDS("move_up" if action.up else "move_down", lang, card=card_label(action.card), name=name(action.pos))
    if isinstance(action, Flip):
        return WORDS("move_flip", lang, name=name(action.pos), n=action.index + 1)
    if isinstance(action, Swap):
        return WORDS("swap", lang, a=name(action.a), b=name(action.b))
    if isinstance(action, Move):
        return WORDS("move_here", lang, name=name(o.pending)) + f" ({name(action.pos)})"
    if isinstance(action, Draw):
        return WORDS("draw", lang, n=o.effect.n if o.effect is not None else 1)
    return WORDS("skip", lang)


def hint_html(o: KokkuriSanObservation, action: Any, page: Page, lang: str) -> str:
    """What the search bot would do in the viewer's place (it decides from the viewer's observation only)."""
    if action is None:
        return ""
    text = WORDS("hint", lang, move=move_text(o, action, page, lang))
    return f"<div class='rb-ks-hint' data-action='{html.escape(str(action))}'>{html.escape(text)}</div>"


def outcome_html(outcome: Outcome, o: KokkuriSanObservation, page: Page, lang: str) -> str:
    rows = "".join(
        f"<tr class='rb-ks-final-{s}'><td>{html.escape(seat_name(s, page, lang))}</td><td>{score}</td></tr>"
        for s, score in sorted(enumerate(outcome.scores), key=lambda x: -x[1])
    )
    return (
        f"<div class='rb-outcome-summary'>{html.escape(outcome.summary(lang))}</div>"
        f"<table class='rb-ks-final'><caption>{html.escape(WORDS('final_scores', lang))}</caption>{rows}</table>"
    )


__all__ = ["describe", "hint_html", "move_text", "outcome_html", "settlement_text"]
