"""Texts around the board — the log line, the end of the game, the hint — as pure functions of observations."""

from __future__ import annotations

import html
from typing import Any

from rulebook.core import Outcome
from rulebook.games.puniu.actions import Reroll, Roll, Score
from rulebook.games.puniu.game import DICE, State, category_label
from rulebook.games.puniu.hint import first_roll_value, turn_values
from rulebook.games.puniu.scoring import CATEGORIES
from rulebook.games.puniu.observation import PuniuObservation

from .common import Page, advice_for, entries_of, faces_of, name, prefix, turn_of
from .texts import WORDS


def describe(before: State, action: Any, after: State, page: Page, lang: str) -> str | None:
    """The log line of ``action`` (HTML-escaped), or None for a die of a roll still going on."""
    e = html.escape
    who = e(prefix(before.turn, page, lang))
    if isinstance(action, Roll):
        if after.rolling:
            return None
        faces = faces_of(after.dice)
        if before.rolls == 1:
            return who + e(WORDS("log_roll", lang, round=before.round, faces=faces))
        return who + e(WORDS("log_reroll", lang, k=before.rolls - 1, faces=faces))
    if isinstance(action, Reroll):
        kept = " ".join(str(before.dice[k]) for k in range(DICE) if k not in action.dice) or "—"
        return who + e(WORDS("log_hold", lang, kept=kept, n=len(action.dice)))
    if isinstance(action, Score):
        last = after.last
        line = who + e(
            WORDS(
                "log_score",
                lang,
                faces=faces_of(before.dice),
                category=category_label(action.category, action.face, lang),
                score=last.score if last else 0,
                penalty=last.penalty if last else 0,
            )
        )
        if after.result is not None:
            line += " — <b>" + e(after.result.summary(lang)) + "</b>"
        return line
    return e(str(action))


def outcome_html(outcome: Outcome, observation: PuniuObservation, page: Page, lang: str) -> str:
    """The final table: each seat's final, penalty and the categories the bands cancelled."""
    e = html.escape
    parts = [f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div>"]
    penalties = outcome.get("penalties", ())
    cancelled = outcome.get("cancelled", ((),) * len(outcome.scores))
    rows = []
    for k, final in enumerate(outcome.scores):
        sheet = observation.sheets[k]
        names = ", ".join(
            category_label(CATEGORIES[i], sheet.entries[i].face if sheet.entries[i] else 0, lang) for i in cancelled[k]
        )
        note = WORDS("outcome_penalty", lang, penalty=penalties[k]) + (WORDS("outcome_cancelled", lang, names=names) if names else "")
        cls = "rb-winner" if k in outcome.winners and len(outcome.scores) > 1 else ""
        rows.append(
            f"<tr class='{cls}'><td>{e(name(k, page, lang))}</td><td class='rb-outcome-final-{k}'><b>{final}</b></td><td>{e(note)}</td></tr>"
        )
    parts.append(f"<table class='rb-final-scores'>{''.join(rows)}</table>")
    return "".join(parts)


def hint_html(observation: PuniuObservation, page: Page, lang: str) -> str:
    """The hint box: the projection of the turn ahead, or the advice for these dice with its tables."""
    e = html.escape
    if observation.outcome is not None:
        return ""
    seat = turn_of(observation)
    sheet = observation.sheets[seat]
    if observation.rolling or not page.acting:
        entries = entries_of(sheet)
        if entries.count(None) == 0:
            return ""
        _, _now, values = turn_values(entries)
        worth = first_roll_value(values)
        return e(WORDS("hint_projection", lang, seat=name(seat, page, lang), value=f"{worth:.1f}"))
    dice = observation.dice
    advice = advice_for(observation)
    kind, what = advice.best
    assert isinstance(what, tuple)  # (dice to roll again) or (category, face)
    if kind == "reroll":
        kept = " ".join(str(dice[k]) for k in range(DICE) if k not in what) or WORDS("nothing", lang)
        line = WORDS("hint_reroll", lang, kept=kept, n=len(what), value=f"{advice.holds[0].value:.1f}")
    else:
        category, face = what
        line = WORDS("hint_score", lang, category=category_label(category, face, lang), value=f"{advice.now:.1f}")
    cat_rows = []
    for k, c in enumerate(advice.categories):
        cls = " class='rb-hint-best'" if k == 0 else ""
        cat_rows.append(
            f"<tr{cls} data-category='{e(c.category)}' data-face='{c.face}'><td>{e(category_label(c.category, c.face, lang))}</td>"
            f"<td>{c.score}</td><td>{c.penalty}</td><td>{c.value:.1f}</td></tr>"
        )
    head = "".join(f"<th>{e(WORDS(k, lang))}</th>" for k in ("hint_category", "hint_score_col", "hint_penalty_col", "hint_value_col"))
    cats = f"<table class='rb-hint-table rb-hint-categories'><tr>{head}</tr>{''.join(cat_rows)}</table>"
    holds = ""
    if observation.rerolls_left > 0:
        seen: set[tuple[int, ...]] = set()
        hold_rows: list[str] = []
        for h in advice.holds:
            key = tuple(sorted(dice[k] for k in h.held))
            if key in seen:
                continue
            seen.add(key)
            kept = " ".join(str(x) for x in key) or WORDS("hint_none_all", lang)
            what = WORDS("hint_write_now", lang) if not h.rerolled else WORDS("hint_reroll_n", lang, n=len(h.rerolled))
            cls = " class='rb-hint-best'" if not hold_rows else ""
            held = ",".join(str(k) for k in h.held)
            hold_rows.append(f"<tr{cls} data-held='{held}'><td>{e(kept)}</td><td>{e(what)}</td><td>{h.value:.1f}</td></tr>")
            if len(hold_rows) >= 8:
                break
        holds = (
            f"<table class='rb-hint-table rb-hint-holds'><tr><th>{e(WORDS('hint_hold_col', lang))}</th><th></th>"
            f"<th>{e(WORDS('hint_value_col', lang))}</th></tr>" + "".join(hold_rows) + "</table>"
        )
    head_note = WORDS("hint_head", lang)
    return f"<div class='rb-hint-advice'>{e(line)}</div><div class='rb-hint-note'>{e(head_note)}</div>{holds}{cats}"


__all__ = [
    "describe",
    "hint_html",
    "outcome_html",
]
