"""Texts around the board — the log line, the end of the game, the hint — as pure functions of observations."""

from __future__ import annotations

import html
from typing import Any

from rulebook.core import Outcome
from rulebook.games.national_economy.actions import Build, Card, Discard, Pick, Place, Sell
from rulebook.games.national_economy.data import KINDS_T

from .present import Observation, Page, building_label, card_name, seat_name, status_text
from .texts import WORDS


def status_html(o: Observation, page: Page, lang: str) -> str:
    return status_text(o, page, lang, bold=lambda text: f"<b>{html.escape(text)}</b>")


def _names(o: Observation, indices: Any, lang: str) -> str:
    sep = "・" if lang == "ja" else ", "
    return sep.join(card_name(o.buildings[i][0], lang) for i in indices)


def describe(before: Observation, action: Any, after: Observation, outcome: Outcome | None, page: Page, lang: str) -> str | None:
    """One log line from the public observations around ``action``: never a card drawn into a hand."""
    e = html.escape
    line = None
    if isinstance(action, Card):
        phase = before.phase
        if phase == "reveal" and after.phase != "reveal":
            line = WORDS("log_revealed", lang, cards=", ".join(card_name(k, lang) for k in after.revealed or before.revealed + [action.kind]))
        elif phase == "deal" and after.phase != "deal":
            line = WORDS("log_dealt", lang)
        elif phase == "draw" and after.phase != "draw":
            line = WORDS("log_draws", lang, seat=seat_name(before.turn, page, lang))
    else:
        who = seat_name(before.turn, page, lang)
        if isinstance(action, Place):
            line = WORDS("log_place", lang, seat=who, building=card_name(before.buildings[action.building][0], lang))
        elif isinstance(action, Discard):
            line = WORDS("log_discard", lang, seat=who, card=card_name(action.kind, lang))
        elif isinstance(action, Build):
            line = WORDS("log_build", lang, seat=who, card=card_name(action.kind, lang))
        elif isinstance(action, Pick):
            line = WORDS("log_pick", lang, seat=who, card=card_name(action.kind, lang))
        elif isinstance(action, Sell):
            line = WORDS("log_sell", lang, seat=who, names=_names(before, action.buildings, lang))
    if line is None:
        return None
    text = e(line)
    if after.round != before.round or (after.phase == "over" and before.phase != "over"):
        text += " — " + e(WORDS("log_round", lang, round=before.round, wage=before.wage))
    if outcome is not None:
        text += " — <b>" + e(outcome.summary(lang)) + "</b>"
    return text


def outcome_html(outcome: Outcome, o: Observation, page: Page, lang: str, parts: list[dict[str, int]]) -> str:
    e = html.escape
    rows = []
    for s in range(o.players):
        p = parts[s]
        cls = "rb-outcome-row rb-winner" if s in outcome.winners else "rb-outcome-row"
        text = WORDS("row_score", lang, seat=seat_name(s, page, lang), total=p["total"], buildings=p["buildings"], bonus=p["bonus"], money=p["money"], unpaid=p["unpaid"])
        rows.append(f"<li class='{cls} rb-score-{s}'>{e(text)}</li>")
    return f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div><ul class='rb-outcome-rows'>{''.join(rows)}</ul>"


def sale_hint_html(o: Observation, advice: list[dict[str, Any]], lang: str) -> str:
    e = html.escape
    rows = [
        f"<li class='rb-hint-sale'>{e(WORDS('hint_sale', lang, names=_names(o, a['buildings'], lang), left=a['left'], points=a['points']))}</li>"
        for a in advice
    ]
    return f"<div class='rb-hint-title'>{e(WORDS('hint_sale_title', lang))}</div><ul>{''.join(rows)}</ul>"


def search_hint_html(o: Observation, best: Any, stats: dict[Any, tuple[int, float]], lang: str, label: Any) -> str:
    e = html.escape
    rows = [
        f"<li>{e(WORDS('hint_search_row', lang, move=label(a), pct=f'{mean * 100:.0f}%', n=n))}</li>"
        for a, (n, mean) in sorted(stats.items(), key=lambda kv: -kv[1][1])
        if n
    ][:6]
    return f"<div class='rb-hint-title'>{e(WORDS('hint_search', lang, move=label(best)))}</div><ul>{''.join(rows)}</ul>"


def action_label(o: Observation, action: Any, lang: str) -> str:
    """A move in words, for hints."""
    if isinstance(action, Place):
        return building_label(o, action.building, lang)
    if isinstance(action, (Discard, Build, Pick)):
        verb = {Discard: ("捨てる", "discard"), Build: ("建てる", "build"), Pick: ("選ぶ", "keep")}[type(action)]
        name = KINDS_T[action.kind].name(lang)
        return f"{name} を{verb[0]}" if lang == "ja" else f"{verb[1]} {name}"
    if isinstance(action, Sell):
        return _names(o, action.buildings, lang)
    return str(action)


__all__ = ["action_label", "describe", "outcome_html", "sale_hint_html", "search_hint_html", "status_html"]
