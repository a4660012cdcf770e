"""What the page shows each role, computed from the seat's observation only (no widgets here).

- ``child_advice(o)``: at the child's reveal, what turning up each face-down
  card is worth (``reveal_values``) beside the odds as they stand; at the bet,
  the exact odds and the expected chips of each bet (even money: a stake of
  k on group g is worth k * (P(g wins) - P(g loses))).
- ``dealer_advice(o)``: while the dealer chooses the cards to show, for each
  group the ten pairs of places with how much each gives away (``giveaway``:
  the child's exact edge toward the group that really wins), the other group
  showing the pair it already shows or, if it shows fewer than two, the pair
  the dealer bot would pick.
"""

from __future__ import annotations

from typing import Any, Mapping

from .bots import PAIRS, dealer_plan, giveaway
from .odds import exact_odds, reveal_values


def child_advice(o: Mapping[str, Any]) -> dict[str, Any] | None:
    if o["you"] != o["child"] or o["phase"] not in ("child-show", "bet"):
        return None
    p1, p2, tie = exact_odds(o["community"], o["groups"])
    out: dict[str, Any] = {"odds": [p1, p2, tie]}
    if o["phase"] == "child-show":
        now = abs(p1 - p2)
        out["reveals"] = [
            {"group": g, "place": place, "value": value, "gain": value - now}
            for g in (0, 1)
            for place, (value, _outcomes) in sorted(reveal_values(o["community"], o["groups"], g).items())
        ]
        out["now"] = now
    else:
        out["bets"] = [
            {"group": g, "chips": k, "expected": k * ((p1 - p2) if g == 0 else (p2 - p1))}
            for g in (0, 1)
            for k in range(1, o["max_bet"] + 1)
        ]
    return out


def dealer_advice(o: Mapping[str, Any]) -> dict[str, Any] | None:
    if o["you"] != o["dealer"] or o["phase"] != "dealer-show":
        return None
    shown = [tuple(i for i in range(5) if o["shown"][g][i]) for g in (0, 1)]
    plan = dealer_plan(o["community"], o["groups"], (shown[0], shown[1]))
    held = [shown[g] if len(shown[g]) == 2 else plan[g] for g in (0, 1)]
    tables = []
    for g in (0, 1):
        table = giveaway(o["community"], o["groups"], g, held[1 - g])
        tables.append([
            {"places": list(p), "edge": table[p], "possible": set(shown[g]) <= set(p)} for p in PAIRS
        ])
    return {"plan": [list(plan[0]), list(plan[1])], "held": [list(held[0]), list(held[1])], "groups": tables}
