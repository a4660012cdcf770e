"""Lemon Poker's texts around the board: the log line, the outcome and the hint (HTML, pure).

The hint draws ``rulebook.games.lemon_poker.advice`` (computed from the
viewer's observation only): to the child the exact odds of each group, the
value of each reveal, the expected chips of each bet; to the dealer how much
each pair of reveals gives away. It says that the dealer's choice of reveals
is not modelled and that the source marks the game unfinished.
"""

from __future__ import annotations

import html
from typing import Any, Mapping

from rulebook.core import Outcome
from rulebook.games.lemon_poker.actions import Bet, Show, Sorted

from .present import Observation, Page, pct, pretty, result_text, seat_name, signed
from .texts import WORDS


def describe(before: Observation, action: Any, after: Observation, page: Page, lang: str) -> str | None:
    """One public log line, from the public observations around the move (deals and swaps are not logged)."""
    if isinstance(action, Sorted):
        return html.escape(WORDS("log_sorted", lang, seat=seat_name(before.dealer, page, lang)))
    if isinstance(action, Show):
        card = after.groups[action.group][action.place] if after.phase != "deal" and after.hand_no == before.hand_no else None
        who = before.dealer if before.phase == "dealer-show" else before.child
        return html.escape(WORDS("log_show", lang, seat=seat_name(who, page, lang), g=action.group + 1,
                                 place=action.place + 1, card=pretty(card)))
    if isinstance(action, Bet) and after.last is not None:
        return html.escape(result_text(after.last, page, lang))
    return None


def outcome_html(outcome: Outcome, o: Observation, page: Page, lang: str) -> str:
    chips = o.chips
    line = WORDS("outcome_chips", lang, a=chips[0], b=chips[1], hands=o.hand_no)
    return (f"<div class='rb-outcome-summary'>{html.escape(outcome.summary(lang))}</div>"
            f"<div class='rb-outcome-chips'>{html.escape(line)}</div>")


def _p(text: str, cls: str = "") -> str:
    return f"<div class='{cls}'>{html.escape(text)}</div>" if cls else f"<div>{html.escape(text)}</div>"


def _footer(lang: str) -> str:
    return _p(WORDS("hint_not_modelled", lang), "rb-hint-note")


def hint_html(o: Observation, page: Page, lang: str, advice: Mapping[str, Any] | None) -> str:
    """The hint for the viewer's move: the child's odds / reveals / bets, or the dealer's giveaway table."""
    if advice is None or not page.acting:
        return _p(WORDS("hint_none", lang), "rb-hint-none") + _footer(lang)
    if "groups" in advice:
        return dealer_hint(advice, lang) + _footer(lang)
    p1, p2, tie = advice["odds"]
    parts = [_p(WORDS("hint_odds_title", lang), "rb-hint-title"),
             f"<div class='rb-odds-value'>{html.escape(WORDS('hint_odds', lang, p1=pct(p1), p2=pct(p2), tie=pct(tie)))}</div>"]
    if "reveals" in advice:
        parts.append(_p(WORDS("hint_reveal_title", lang), "rb-hint-title"))
        parts.append(_p(WORDS("hint_now", lang, edge=f"{advice['now']:.3f}"), "rb-hint-now"))
        best = max(advice["reveals"], key=lambda r: r["value"])
        rows = []
        for r in advice["reveals"]:
            text = WORDS("hint_reveal_row", lang, g=r["group"] + 1, place=r["place"] + 1, value=f"{r['value']:.3f}", gain=f"{r['gain']:.3f}")
            cls = "rb-hint-reveal rb-hint-best" if r is best else "rb-hint-reveal"
            rows.append(f"<li class='{cls} rb-hint-reveal-{r['group']}-{r['place']}'>{html.escape(text)}</li>")
        parts.append("<ul class='rb-hint-list'>" + "".join(rows) + "</ul>")
    else:
        parts.append(_p(WORDS("hint_bet_title", lang), "rb-hint-title"))
        rows = []
        top = max((b["chips"] for b in advice["bets"]), default=1)
        for g in (0, 1):
            per = (p1 - p2) if g == 0 else (p2 - p1)
            total = next((b["expected"] for b in advice["bets"] if b["group"] == g and b["chips"] == top), per * top)
            cls = "rb-hint-bet rb-hint-best" if per > 0 else "rb-hint-bet"
            text = WORDS("hint_bet_row", lang, g=g + 1, per=signed(per), top=top, total=signed(total))
            rows.append(f"<li class='{cls} rb-hint-bet-{g}'>{html.escape(text)}</li>")
        parts.append("<ul class='rb-hint-list'>" + "".join(rows) + "</ul>")
    return "".join(parts) + _footer(lang)


def dealer_hint(advice: Mapping[str, Any], lang: str) -> str:
    parts = [_p(WORDS("hint_dealer_title", lang), "rb-hint-title")]
    plan = advice["plan"]
    join = "・" if lang == "ja" else "+"
    parts.append(_p(WORDS("hint_plan", lang, p1=join.join(str(i + 1) for i in plan[0]),
                          p2=join.join(str(i + 1) for i in plan[1])), "rb-hint-plan"))
    edges = [row["edge"] for table in advice["groups"] for row in table]
    if edges and all(abs(e) < 1e-12 for e in edges):
        parts.append(_p(WORDS("hint_tie_hand", lang), "rb-hint-tie"))
    for g, table in enumerate(advice["groups"]):
        held = join.join(str(i + 1) for i in advice["held"][1 - g])
        parts.append(_p(WORDS("hint_dealer_group", lang, g=g + 1, held=held), "rb-hint-subtitle"))
        rows = []
        possible = [row for row in table if row["possible"]]
        low = min((row["edge"] for row in possible), default=None)
        for row in table:
            a, b = row["places"]
            cls = ["rb-giveaway", f"rb-giveaway-{g}-{a}-{b}"]
            if not row["possible"]:
                cls.append("rb-giveaway-gone")
            elif low is not None and abs(row["edge"] - low) < 1e-12:
                cls.append("rb-hint-best")
            text = WORDS("hint_pair", lang, a=a + 1, b=b + 1, edge=signed(row["edge"]))
            rows.append(f"<li class='{' '.join(cls)}'>{html.escape(text)}</li>")
        parts.append(f"<ul class='rb-hint-list rb-giveaway-list rb-giveaway-list-{g}'>" + "".join(rows) + "</ul>")
    parts.append(_p(WORDS("hint_dealer_note", lang), "rb-hint-note"))
    return "".join(parts)


__all__ = ["dealer_hint", "describe", "hint_html", "outcome_html"]
