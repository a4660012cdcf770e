"""The Pig page as data: ``present(observation, engine, page, lang) -> ViewModel``.

Pure (no widgets): the board's rows, the die and the controls come from the
engine's observation and ``Engine`` (what is legal, and why not), so the
view never restates a rule. Also the header line and the log line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.games.pig.actions import Die, Hold, Roll
from rulebook.games.pig.observation import PigObservation
from rulebook.games.pig.solver import expected_turns
from widgets.views.model import Control, Engine, ViewModel, seat_label

from .texts import WORDS

Observation = PigObservation
"""What ``Pig.observe`` returns; read it by attribute (a typo fails at once, not at the table)."""


@dataclass(frozen=True)
class Page:
    """What the page knows beyond the observation: who sits where, and whether its person may act now."""

    seats: tuple[str, ...] = ("human",)
    interactive: bool = True


def name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def present(obs: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The board (a row per seat, the turn's points, the last die) and the move buttons the engine allows."""
    rows = [
        {
            "seat": k,
            "name": name(k, page, lang),
            "total": total,
            "total_text": WORDS("total", lang, n=total),
            "share": min(1.0, total / obs.goal),
            "to_play": k == obs.seat and not obs.over,
        }
        for k, total in enumerate(obs.totals)
    ]
    board = {
        "rows": rows,
        "die": obs.last,
        "die_title": WORDS("die_title", lang, pips=obs.last) if obs.last else "",
        "turn_total": obs.turn_total,
        "busted": obs.busted,
        "words": {
            "goal": WORDS("goal", lang, goal=obs.goal),
            "last_die": WORDS("last_die", lang),
            "no_die": WORDS("no_die", lang),
            "turn_points": WORDS("turn_points", lang),
            "bust": WORDS("bust", lang),
        },
    }
    controls: tuple[Control, ...] = ()
    if page.interactive and not obs.over and not obs.rolling:
        controls = (
            Control.for_action("action-roll", WORDS("roll", lang), Roll(), engine, lang, highlight=True),
            Control.for_action("action-hold", WORDS("hold", lang), Hold(), engine, lang),
        )
    rule = "bust" if obs.busted else "hold" if obs.turn_total else "roll"
    return ViewModel(status=status_html(obs, page, lang), board=board, controls=controls, rule=rule)


def status_html(obs: Observation, page: Page, lang: str) -> str:
    """Alone: the turn's number (the solo score counts turns); with others: whose turn it is."""
    if obs.over:
        return ""
    if len(obs.totals) == 1:
        return WORDS("turn_number", lang, n=obs.turns + 1)
    return WORDS("turn_of", lang, seat=name(obs.seat, page, lang))


def describe(action: Any, before: Observation, after: Observation, page: Page, lang: str) -> str | None:
    """One log line: what the die showed and what it did, or a hold; a roll itself is left out (its die line follows)."""
    seat = name(before.seat, page, lang)
    if isinstance(action, Hold):
        return WORDS("held", lang, seat=seat, total=after.totals[before.seat])
    if not isinstance(action, Die):
        return None
    if after.busted:
        return WORDS("busted", lang, seat=seat)
    if after.over:
        return WORDS("rolled", lang, seat=seat, pips=action.pips, total=after.totals[before.seat])
    return WORDS("rolled_turn", lang, seat=seat, pips=action.pips, n=after.turn_total)


def hint_text(obs: Observation, lang: str) -> str:
    """Exact advice (``solver``): expected turns still to come if you roll and if you hold; "" when no seat is to choose."""
    if obs.over or obs.rolling:
        return ""
    me = obs.seat
    turns = expected_turns(obs.goal, obs.totals[me], obs.turn_total)
    parts = [WORDS("hint_roll", lang, turns=f"{turns['roll']:.2f}")]
    best = "roll"
    if "hold" in turns:
        parts.append(WORDS("hint_hold", lang, turns=f"{turns['hold']:.2f}"))
        best = "hold" if turns["hold"] < turns["roll"] else "roll"
    parts.append(WORDS("hint_best", lang, move=WORDS(best, lang)))
    if len(obs.totals) > 1:
        parts.append(WORDS("hint_others", lang))
    return " · ".join(parts)


def die_entry(lang: str) -> list[dict[str, Any]]:
    """At a real table: one button per face, to type what the die shows."""
    return [{"key": f"die-entry-{pips}", "label": str(pips), "action": str(Die(pips))} for pips in range(1, 7)]


__all__ = ["Page", "describe", "die_entry", "hint_text", "present", "status_html"]
