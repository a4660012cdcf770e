"""Texts around the board — the log line, the end of the game, the hint — as pure functions of observations."""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

from rulebook.core import Outcome
from rulebook.games.not_my_fault.actions import Audit, Card, Declare, Draw, First, Place
from rulebook.games.not_my_fault.odds import Odds, odds
from widgets.views.model import Engine

from .common import PLAYER_PHASES, Observation, Page, last_claim, last_text, seat_name, status_text
from .texts import WORDS


def pct(p: Fraction | float) -> str:
    value = float(p) * 100
    if 0 < value < 0.05:
        return "<0.1%"
    if 99.95 < value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


def status_html(o: Observation, page: Page, lang: str) -> str:
    return status_text(o, page, lang, bold=lambda text: f"<b>{html.escape(text)}</b>")


# ----- the log (public observations only) -------------------------------------------------------------------------
def describe(before: Observation, action: Any, after: Observation, outcome: Outcome | None, page: Page, lang: str) -> str | None:
    """One log line (HTML) from the public observations around ``action``: never a drawn, dealt or laid card's value."""
    e = html.escape
    if isinstance(action, First):
        return e(WORDS("log_first", lang, seat=seat_name(action.seat, page, lang)))
    if isinstance(action, Card):
        if before.phase == "deal" and after.phase != "deal":
            return e(WORDS("log_dealt", lang, n=before.deal_size))
        return None
    who = seat_name(before.turn, page, lang)
    if isinstance(action, Draw):
        if before.claims:
            text = WORDS("log_trusts", lang, seat=who, claim=last_claim(before))
        else:
            text = WORDS("log_draws", lang, seat=who)
        if after.epoch > before.epoch:
            text += WORDS("log_reshuffle", lang, n=sum(before.discard))
        return e(text)
    if isinstance(action, Place):
        return e(WORDS("log_lays", lang, seat=who))
    round_over = after.round != before.round or (after.result and not before.result)
    if isinstance(action, Declare):
        line = WORDS("log_declares", lang, seat=who, n=action.number)
        if after.yellows != before.yellows and not round_over:
            line += WORDS("log_yellow", lang)
        if round_over and after.last is not None:
            line += " — " + last_text(after.last, page, lang)
        return e(line) + end_note(after, outcome, page, lang)
    if isinstance(action, Audit) and after.last is not None:  # an audit always leaves its result in ``last``
        return e(last_text(after.last, page, lang)) + end_note(after, outcome, page, lang)
    return e(str(action))


def end_note(after: Observation, outcome: Outcome | None, page: Page, lang: str) -> str:
    if outcome is None:
        if after.phase == "deal" and after.deal_size == page.variant.redeal_size and after.epoch > 0:
            return html.escape(WORDS("log_new_hands", lang))
        return ""
    return " — <b>" + html.escape(outcome.summary(lang)) + "</b>"


def outcome_html(outcome: Outcome, o: Observation, page: Page, lang: str) -> str:
    e = html.escape
    rows = []
    title = WORDS("red_cards" if page.variant.draws else "reprimands", lang)
    for s in range(o.players):
        won = s in outcome.winners
        text = WORDS("row_wins" if won else "row_loses", lang, seat=seat_name(s, page, lang))
        rows.append(
            f"<tr class='{'rb-winner' if won else 'rb-loser'} rb-final-{s}'><td>{e(text)}</td><td>{e(title)}: {o.marks[s]}</td></tr>"
        )
    return f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div><table class='rb-final-scores'>{''.join(rows)}</table>"


# ----- the hint ------------------------------------------------------------------------------------------------------------
def hint_html(o: Observation, engine: Engine, page: Page, lang: str, advice: Any = None) -> str:
    """The exact odds from the viewer's own knowledge, and the search bot's advice (``advice``) on its move.

    While declaring, the odds are listed for the declarations worth weighing
    among the engine's legal ones: the milestones, and the smallest number.
    """
    v = page.variant
    you = o.you
    if you < 0 or o.result or o.phase not in PLAYER_PHASES:
        return ""
    e = html.escape
    seen = odds(o)
    parts = []
    if o.phase == "turn" and o.claims:
        target = last_claim(o)
        p = seen.at_least(target)
        line = e(WORDS("odds_reach", lang, target=target)) + f"<b class='rb-odds-value'>{pct(p)}</b>"
        if o.turn == you:
            line += e(WORDS("odds_catch", lang, p=pct(1 - p)))
        parts.append(f"<div class='rb-odds'>{line}</div>")
        parts.append(f"<div class='rb-odds-why'>{e(odds_why(seen, lang))}</div>")
    elif o.phase == "declare" and o.turn == you:
        legal = [a.number for a in engine.legal if isinstance(a, Declare)]
        candidates = sorted({n for n in legal if n in v.milestones} | set(legal[:1]))
        star = lambda m: " ★" if m in v.milestones and v.any_number else ""  # noqa: E731
        rows = "".join(f"<tr data-number='{m}'><td>{m}{star(m)}</td><td>{pct(seen.at_least(m))}</td></tr>" for m in candidates)
        parts.append(f"<div class='rb-odds-title'>{e(WORDS('odds_title', lang))}</div><table class='rb-hint-table rb-odds-table'>{rows}</table>")
        parts.append(f"<div class='rb-odds-why'>{e(odds_why(seen, lang))}</div>")
    if advice is not None:
        move = advice_text(advice, page, lang)
        line = e(WORDS("advice", lang, move="\0")).replace("\0", f"<b>{e(move)}</b>")
        parts.append(f"<div class='rb-hint-advice'>{line}</div>")
    return "".join(parts)


def odds_why(seen: Odds, lang: str) -> str:
    old = ""
    if seen.fixed_old:
        old = WORDS("why_old", lang, n=seen.fixed_old, total=seen.known - sum(seen.own))
    if not seen.hidden:
        return WORDS("why_known", lang, total=seen.known) + old
    own = " + ".join(str(x) for x in seen.own) or "—"
    pool = ", ".join(f"{x}×{c}" for x, c in zip(seen.values, seen.pool) if c)
    return WORDS("why_pool", lang, own=own, n=seen.hidden, size=sum(seen.pool), pool=pool, ways=f"{seen.total_ways:,}") + old


def advice_text(action: Any, page: Page, lang: str) -> str:
    """A move in words, for the hint."""
    v = page.variant
    if isinstance(action, Place):
        return WORDS("advice_place", lang, value=action.value)
    if isinstance(action, Declare):
        note = ""
        if v.completion and action.number == v.top:
            note = WORDS("advice_completion", lang)
        elif v.any_number and action.number not in v.milestones:
            note = WORDS("advice_yellow", lang)
        return WORDS("advice_declare", lang, n=action.number) + note
    if isinstance(action, Audit):
        return WORDS("advice_audit", lang)
    if isinstance(action, Draw):
        return WORDS("advice_draw", lang)
    return str(action)


__all__ = [
    "advice_text",
    "describe",
    "hint_html",
    "outcome_html",
    "status_html",
]
