"""Texts around the board — the log line, the end of the game — as pure functions of observations."""

from __future__ import annotations

import html
from typing import Any, Mapping

from rulebook.core import HUMAN
from rulebook.games.chiritsumo.actions import Done, Lift, Pass, Place, Roll, Swap, Toss
from rulebook.games.chiritsumo.game import Phase

from .common import Observation, Page, colour_name, dice_of, die_text, key_of, prefix, seat_name, target_name
from .texts import WORDS


def describe(before: Observation, action: Any, after: Observation, page: Page, lang: str) -> str | None:
    """The log line (escaped HTML) for ``action``; None for a line left out (a die of a roll but the last, a bot's stacking)."""
    e = html.escape
    turn = before.turn if before.turn is not None else 0
    who = prefix(before, page, turn, lang)
    if isinstance(action, Roll):
        seat = after.seats[action.seat]
        if action.die != len(seat.dice) - 1:
            return None
        faces = " ".join(die_text(c, p, lang) for c, p in dice_of(seat))
        return e(WORDS("log_rolled", lang, round=after.round, who=prefix(after, page, action.seat, lang), faces=faces))
    bot = before.phase == Phase.ARRANGE and turn < len(page.seats) and page.seats[turn] != HUMAN
    if isinstance(action, (Place, Lift)) and bot:
        return None  # a bot's stacking is summed up by its "done" line
    if isinstance(action, Place):
        colour, pips = dice_of(before.seats[turn])[action.die]
        return e(WORDS("log_place", lang, who=who, die=die_text(colour, pips, lang), slot=key_of(action.slot)))
    if isinstance(action, Lift):
        return e(WORDS("log_lift", lang, who=who, slot=key_of(action.slot)))
    if isinstance(action, Done):
        line = WORDS("log_done", lang, who=who, n=len(before.seats[turn].placed))
        last = after.last
        if last and last.round == before.round and last.scores:
            scores = ", ".join(WORDS("log_score", lang, who=prefix(after, page, k, lang), n=v) for k, v in enumerate(last.scores))
            line += " — " + WORDS("log_scores", lang, round=before.round, scores=scores)
        return e(line)
    if isinstance(action, Swap):
        clear = sum(1 for c, _ in dice_of(after.seats[0]) if c == "clear")
        return e(WORDS("log_swap", lang, colour=colour_name(action.colour, lang), n=clear))
    if isinstance(action, Toss):
        target = target_name(before, page, action.target, lang)
        return e(WORDS("log_toss", lang, who=who, give=colour_name(action.give, lang), target=target, take=colour_name(action.take, lang)))
    if isinstance(action, Pass):
        return e(WORDS("log_pass", lang, who=who))
    return e(str(action))


def outcome_html(outcome: Mapping[str, Any], obs: Observation, page: Page, lang: str) -> str:
    """The end of the game: the solo title and rounds, or every seat's total with the winners marked."""
    e = html.escape
    summary = outcome["summary_ja"] if lang == "ja" else outcome["summary_en"]
    parts = [f"<div class='rb-outcome-summary'>{e(summary)}</div>"]
    detail = outcome["detail"]
    if obs.mode == "solo":
        title = detail.get("rating_ja") if lang == "ja" else detail.get("rating_en")
        parts.append(f"<div class='rb-rating' data-rating='{e(str(detail.get('rating')))}'>{e(str(title))}</div>")
        history = " + ".join(str(v) for v in obs.seats[0].history)
        rounds = int(detail.get("rounds", 0))
        parts.append(f"<div class='rb-rounds' data-rounds='{rounds}'>{e(WORDS('outcome_rounds', lang, n=rounds, history=history))}</div>")
    else:
        rows = "".join(
            f"<tr class='{'rb-winner' if k in outcome['winners'] else ''}'><td>{e(seat_name(obs, page, k, lang))}</td><td>{int(v)}</td></tr>"
            for k, v in enumerate(outcome["scores"])
        )
        parts.append(f"<table class='rb-final-scores'>{rows}</table>")
    return "".join(parts)


__all__ = ["describe", "outcome_html"]
