"""Texts around the board — the log line, the end of the game, the hint — as pure functions of observations."""

from __future__ import annotations

import html
from typing import Any, Sequence

from rulebook.core import Outcome
from rulebook.games.ring.actions import Deal, Discard, Play, Roll, Take
from rulebook.games.ring.bots import expected_steps, wanted_steps
from rulebook.games.ring.cards import AREAS, CARD_IDS
from rulebook.games.ring.state import DEAL_PHASE, State, card_text
from widgets.views.model import seat_label

from .common import Obs, Page, area, joined, order_text, who
from .texts import WORDS


def move_text(action: Any, lang: str) -> str:
    """A move in the hint's words ("Play Ruby 5")."""
    if isinstance(action, Take):
        return WORDS("move_take", lang, pips=action.pips)
    if isinstance(action, Discard):
        return WORDS("move_discard", lang, card=card_text(action.card, lang))
    if isinstance(action, Play):
        return WORDS("move_play", lang, card=card_text(action.card, lang))
    return str(action)


def describe(before: State, action: Any, after: State, seats: Sequence[str], lang: str) -> str | None:
    """One public log line (HTML-escaped): no card dealt or discarded is ever named."""
    e = html.escape
    name = seat_label(before.turn, seats, lang) if before.turn >= 0 else ""
    if isinstance(action, Deal):
        if after.phase == DEAL_PHASE:
            return None
        if after.leftover:
            return e(WORDS("log_dealt_left", lang, round=after.round, n=len(after.leftover)))
        return e(WORDS("log_dealt", lang, round=after.round))
    if isinstance(action, Roll):
        if len(after.pool) <= len(after.rings):
            return None
        pips = ", ".join(str(p) for p in after.pool)
        return e(WORDS("log_rolled", lang, parent=seat_label(after.parent, seats, lang), pips=pips))
    if isinstance(action, Take):
        if after.centre:
            return e(WORDS("log_took_centre", lang, who=name, pips=action.pips, centre=after.centre, order=order_text(after.centre)))
        return e(WORDS("log_took", lang, who=name, pips=action.pips))
    if isinstance(action, Discard):
        return e(WORDS("log_discarded", lang, who=name))
    if isinstance(action, Play):
        return e(WORDS("log_played", lang, who=name, card=card_text(action.card, lang))) + _after_play(before, after, seats, lang)
    return e(str(action))


def _after_play(before: State, after: State, seats: Sequence[str], lang: str) -> str:
    """The end of a trick (and of a round) that a card completed, for the log."""
    n = len(before.rings)
    if len(before.trick) + 1 < n:
        return ""
    same_round = after.round == before.round and after.phase != DEAL_PHASE
    record = after if same_round else after.last
    assert record is not None  # a round that ended is summed up in ``last``
    number = len(before.tricks) + 1
    trick = record.tricks[number - 1]
    names = joined([seat_label(s, seats, lang) for s in trick.winners], lang)
    parts = [WORDS("log_trick", lang, number=number, names=names, n=len(trick.winners))]
    for penalty in record.penalties[len(before.penalties) :]:
        ring = after.rings[penalty.seat]  # a penalty opens a trick, never ends a round
        parts.append(WORDS("log_penalty", lang, who=seat_label(penalty.seat, seats, lang), ring=ring))
    if not same_round or (after.result and after.result.get("trigger") == "round"):
        last = after.last
        assert last is not None  # the round that just ended
        moves = []
        for s in range(n):
            b, a = last.rings_before[s], last.rings_after[s]
            moves.append(WORDS("log_ring_move", lang, who=seat_label(s, seats, lang), before=b, after=a if a >= 1 else WORDS("log_fell", lang)))
        parts.append(WORDS("log_round_over", lang, round=before.round, moves=", ".join(moves)))
    text = " — " + html.escape("; ".join(parts))
    if after.result is not None:
        text += " — <b>" + html.escape(after.result.summary(lang)) + "</b>"
    return text


def outcome_html(obs: Obs, outcome: Outcome, page: Page, lang: str) -> str:
    """The end of the game: the summary and each seat's ring and die."""
    e = html.escape
    rows = []
    for k in range(obs.players):
        die = obs.dice[k]
        ring = obs.rings[k]
        die_text = WORDS("die_of", lang, area=area(die.area, lang), pips=die.pips) if die else "—"
        ring_text = str(ring) if ring >= 1 else WORDS("fell", lang)
        cls = "rb-winner" if k in outcome.winners else ("rb-fallen" if ring < 1 else "")
        rows.append(
            f"<tr class='{cls} rb-final-{k}'><td>{e(who(k, page, lang, obs))}</td>"
            f"<td class='rb-final-ring'>{e(ring_text)}</td><td>{e(die_text)}</td></tr>"
        )
    head = "".join(f"<th>{e(WORDS(key, lang))}</th>" for key in ("col_seat", "col_ring", "col_die"))
    return (
        f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div>"
        f"<table class='rb-final-scores'><tr>{head}</tr>{''.join(rows)}</table>"
    )


def hint_lines(obs: Obs, lang: str) -> list[str]:
    """What the viewer's hand and die suggest (plain text lines)."""
    hand = [CARD_IDS[c] for c in obs.hand or []]
    n = obs.players
    if obs.phase == "draft":
        high, low = expected_steps(hand, n, True), expected_steps(hand, n, False)
        return [WORDS("hint_draft", lang, high=f"{high:.1f}", low=f"{low:.1f}")]
    die = obs.dice[obs.you]
    if not die:
        return []
    want = wanted_steps(AREAS.index(die.area), die.pips)
    text = WORDS("die_of", lang, area=area(die.area, lang), pips=die.pips)
    if want:
        return [WORDS("hint_die_more", lang, die=text, n=want)]
    return [WORDS("hint_die_done", lang, die=text)]


def hint_html(lines: Sequence[str], ranked: Sequence[tuple[Any, int, float]], pick: Any, lang: str) -> str:
    """The hint box: the lines, then (with a choice to make) the search bot's pick and its best three moves."""
    e = html.escape
    text = "<br>".join(e(x) for x in lines)
    if pick is None:
        return text
    rows = "".join(
        f"<tr class='{'rb-hint-pick' if a == pick else ''}'><td>{e(move_text(a, lang))}</td><td>{mean:.0%}</td><td>{visits}</td></tr>"
        for a, visits, mean in ranked
    )
    head = "".join(f"<th>{e(WORDS(key, lang))}</th>" for key in ("hint_move", "hint_share", "hint_tried"))
    return (
        f"{text}<br>{e(WORDS('hint_suggests', lang))}: <b class='rb-hint-move'>{e(move_text(pick, lang))}</b>"
        f"<table class='rb-hint-table'><tr>{head}</tr>{rows}</table>"
    )


__all__ = [
    "describe",
    "hint_html",
    "hint_lines",
    "move_text",
    "outcome_html",
]
