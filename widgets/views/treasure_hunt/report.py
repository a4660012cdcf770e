"""Texts around the board — the log line, the end of the game, the hint — as pure functions of observations."""

from __future__ import annotations

import html
from typing import Any

from rulebook.core import Outcome
from rulebook.games.treasure_hunt.actions import Bring, Check, Die, GiveUp, RollDice, Seal
from rulebook.games.treasure_hunt.model import RULES, Rules, popcount
from rulebook.games.treasure_hunt.state import Phase, State, state_from_observation
from rulebook.games.treasure_hunt.observation import TreasureHuntObservation

from .common import TIE, Page, action_label, end_kind, hint_values, percent, treasure_name
from .texts import WORDS


def describe(before: State, action: Any, after: State, lang: str, rules: Rules = RULES) -> str | None:
    """The log line of ``action`` (HTML-escaped), or None for a move that shows nothing yet."""
    e = html.escape
    trip = WORDS("log_trip", lang, n=before.expedition)
    if isinstance(action, RollDice):
        return None
    if isinstance(action, Die):
        if len(after.dice) < 2:
            return None
        a, b = after.dice
        line = WORDS("log_rolled", lang, a=a, b=b)
        if after.phase == Phase.FAILED:
            line += WORDS("log_nothing", lang)
        return e(trip + line)
    if isinstance(action, Check):
        return e(trip + action_label(action, before.dice, lang, rules))
    seals = popcount(after.sealed)
    if isinstance(action, Seal):
        line = WORDS("log_failed", lang, n=action.number, seals=seals)
    elif isinstance(action, GiveUp):
        line = WORDS("log_gave_up", lang, n=action.number, seals=seals)
    elif isinstance(action, Bring):
        line = WORDS("log_brought", lang, name=treasure_name(action.treasure, rules, lang), n=popcount(after.treasures))
        if action.lift:
            line += WORDS("log_lifted", lang, n=action.lift)
    else:
        return e(str(action))
    end = f" — <b>{e(after.result.summary(lang))}</b>" if after.result else ""
    return e(trip + line) + end


def outcome_html(outcome: Outcome, observation: TreasureHuntObservation, page: Page, lang: str, rules: Rules = RULES) -> str:
    """The end: the summary as a success or a defeat (a defeat never in the colour of success), and the treasures home."""
    e = html.escape
    won = bool(outcome.winners)
    home = [treasure_name(t["key"], rules, lang) for t in observation.treasures if t["home"]]
    listing = WORDS("treasures_home", lang, names=WORDS("list_sep", lang).join(home) if home else "—")
    kind = end_kind(outcome.winners, page)
    return (
        f"<div class='rb-outcome-summary rb-message rb-message-{kind} rb-{'won' if won else 'lost'}'"
        f" data-result='{'win' if won else 'lose'}'>{e(outcome.summary(lang))}</div>"
        f"<div class='rb-outcome-treasures'>{e(listing)}</div>"
    )


def hint_html(observation: TreasureHuntObservation, page: Page, lang: str, advice: Any, rules: Rules = RULES) -> str:
    """The chance to win from here, the best moves, and what the numbers on the buttons mean."""
    if observation.phase == Phase.OVER or not page.acting or advice is None:
        return ""
    e = html.escape
    now = advice.state_value(state_from_observation(observation, rules))
    start = advice.start_value()
    values = hint_values(observation, page, advice, rules)
    parts = [
        e(WORDS("hint_now", lang)) + f"<b class='rb-win-prob rb-win-prob-now'>{percent(now)}</b>" + e(WORDS("hint_fresh", lang, p=percent(start)))
    ]
    if values:
        top = max(values.values())
        bests = [a for a, v in values.items() if v >= top - TIE]
        names = WORDS("list_sep", lang).join(action_label(a, observation.dice, lang, rules) for a in bests[:3])
        more = WORDS("hint_more", lang, n=len(bests) - 3) if len(bests) > 3 else ""
        parts.append(e(WORDS("hint_best", lang, names=names, more=more)) + f" <span class='rb-win-prob'>{percent(top)}</span>")
        parts.append(e(WORDS("hint_explain", lang)))
    return "<br>".join(parts)


__all__ = ["describe", "hint_html", "outcome_html"]
