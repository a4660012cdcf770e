"""Texts around the board: the log line and the end of the game (pure functions of states and observations)."""

from __future__ import annotations

import html
from typing import Any

from rulebook.core import Outcome
from rulebook.games.dice_of_tower import ENGINE
from rulebook.games.dice_of_tower.bots import placement_value
from rulebook.games.dice_of_tower.game import state_from_observation
from rulebook.games.dice_of_tower.actions import Burst, Face, Off, Pass, Place, Remove, Reroll, Stand
from rulebook.games.dice_of_tower.state import State, Then, colour_of_seat
from rulebook.games.dice_of_tower.observation import DiceOfTowerObservation

from .present import Page, colour_name, name
from .texts import WORDS


def label(state: State, die: int, lang: str, face: bool = True) -> str:
    """A die as the page names it (see ``present.label``), read from a state."""
    words = {"colour": colour_name(colour_of_seat(state.players, die // 8), lang), "size": WORDS(f"size_{state.sizes[die]}", lang), "face": state.faces[die]}
    return WORDS("die_label" if face and words["face"] else "die_bare", lang, **words)


def describe(before: State, action: Any, after: State, page: Page, lang: str) -> str | None:
    """The log line of ``action`` (HTML-escaped), or None for a die of a roll still going on."""
    e = html.escape
    who = e(WORDS("prefix", lang, seat=name(before.turn, page, lang)))
    line: str | None = None
    if isinstance(action, Place):
        height = len(next(t for t in before.towers if t[-1] == action.onto)) + 1
        line = who + e(WORDS("log_place", lang, die=label(before, action.die, lang), onto=label(before, action.onto, lang), height=height))
    elif isinstance(action, Reroll):
        line = who + e(WORDS("log_reroll", lang))
    elif isinstance(action, Pass):
        line = who + e(WORDS("log_pass", lang))
    elif isinstance(action, Remove):
        line = who + e(WORDS("log_remove", lang, die=label(before, action.die, lang)))
    elif isinstance(action, Burst):
        line = who + e(WORDS("log_burst", lang, tower=label(before, action.tower, lang, face=False)))
        if action.keep:  # DT-9: the levels that still stand
            line += e(WORDS("last_standing", lang, n=action.keep))
    elif isinstance(action, Off):
        line = e(WORDS("log_off", lang, die=label(before, before.queue[0], lang, face=False)))
    elif isinstance(action, Face) and before.then == Then.REROLL and len(before.queue) == 1:
        rolled = [d for d in range(len(after.faces)) if before.faces[d] == 0 and after.faces[d]] + [before.queue[0]]
        faces = " ".join(str(after.faces[d]) for d in sorted(set(rolled)) if after.faces[d])
        line = who + e(WORDS("log_rerolled", lang, faces=faces))
    elif isinstance(action, Stand):
        line = None
    if len(after.rounds) > len(before.rounds):
        scores = ", ".join(f"{colour_name(c, lang)} {p}" for c, p in enumerate(after.rounds[-1]))
        end = e(WORDS("log_round", lang, round=len(after.rounds), scores=scores))
        line = f"{line} — {end}" if line else end
    return line


def outcome_html(outcome: Outcome, o: DiceOfTowerObservation, page: Page, lang: str) -> str:
    """The summary and a table: each colour's score per round and total."""
    e = html.escape
    parts = [f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div>"]
    head = "".join(f"<th>{e(WORDS('round_col', lang, round=k + 1))}</th>" for k in range(len(o.rounds)))
    rows = []
    for c in range(o.colours):
        seats = " / ".join(name(s, page, lang) for s, colour in enumerate(o.seat_colours) if colour == c)
        cells = "".join(f"<td>{r[c]}</td>" for r in o.rounds)
        rows.append(f"<tr class='rb-outcome-row rb-outcome-colour-{c}'><th>{e(colour_name(c, lang))} · {e(seats)}</th>{cells}<td class='rb-score-total'><b>{o.scores[c]}</b></td></tr>")
    parts.append(f"<table class='rb-outcome-table'><tr><th></th>{head}<th>{e(WORDS('total_col', lang))}</th></tr>{''.join(rows)}</table>")
    return "".join(parts)


def hint_html(o: DiceOfTowerObservation, page: Page, lang: str) -> str:
    """The hint box: every placement open to the seat on this page with its collapse chance and the rule-based bot's value."""
    e = html.escape
    if o.phase not in ("turn", "after-reroll") or not page.acting:
        return ""
    state = state_from_observation(o)
    places = [a for a in ENGINE.legal_actions(state) if isinstance(a, Place)]
    if not places:
        return e(WORDS("hint_none", lang))
    scored = sorted(((placement_value(state, a, ENGINE.place_risk(state, a.die, a.onto)), a) for a in places), key=lambda va: -va[0])
    rows = []
    for k, (value, a) in enumerate(scored[:6]):
        risk = ENGINE.place_risk(state, a.die, a.onto)
        height = len(next(t for t in state.towers if t[-1] == a.onto)) + 1
        cls = " class='rb-hint-best'" if k == 0 else ""
        rows.append(
            f"<tr{cls} data-action='{e(str(a))}'><td>{e(label(state, a.die, lang))} → {e(label(state, a.onto, lang))}</td>"
            f"<td>{height}</td><td>{100 * risk:.1f}%</td><td>{value:+.1f}</td></tr>"
        )
    head = "".join(f"<th>{e(WORDS(k, lang))}</th>" for k in ("hint_move", "hint_height", "hint_risk", "hint_value"))
    return f"<div class='rb-hint-advice'>{e(WORDS('hint_head', lang))}</div><table class='rb-hint-table'><tr>{head}</tr>{''.join(rows)}</table>"


__all__ = ["describe", "hint_html", "outcome_html"]
