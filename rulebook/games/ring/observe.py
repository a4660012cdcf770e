"""Observations: what one seat may know, as plain JSON data (and back, for ``sample_state``).

A seat sees its own hand and its own face-down discard; every card played
face up this round (the tricks stay listed: everybody at the table saw
them); every die, ring and penalty. Other hands, other discards, the
face-down leftovers and the cards still to be dealt are only counted.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.game import Outcome

from .cards import AREAS, CARD_IDS, CARD_NAMES
from .game import DISCARD_PHASE, DRAFT, NO_CARD, PHASES, PLAY_PHASE, State, final_outcome


def _trick(trick: tuple) -> dict[str, Any]:
    leader, cards, winners = trick
    return {"leader": leader, "cards": [CARD_NAMES[c] for c in cards], "winners": list(winners)}


def _dice(areas: tuple[int, ...], pips: tuple[int, ...]) -> list[Any]:
    return [[AREAS[a], p] if p else None for a, p in zip(areas, pips)]


def _last(last: tuple | None) -> dict[str, Any] | None:
    if last is None:
        return None
    rnd, parent, centre, areas, pips, before, after, tricks, penalties = last
    return {
        "round": rnd,
        "parent": parent,
        "centre": centre,
        "dice": _dice(areas, pips),
        "rings_before": list(before),
        "rings_after": list(after),
        "tricks": [_trick(t) for t in tricks],
        "penalties": [list(p) for p in penalties],
    }


def _outcome(result: Outcome | None) -> dict[str, Any] | None:
    if result is None:
        return None
    detail = dict(result.detail)
    return {
        "scores": list(result.scores),
        "winners": list(result.winners),
        "reason": result.reason,
        "summary_ja": result.summary_ja,
        "summary_en": result.summary_en,
        "trigger": detail["trigger"],
        "rounds": detail["rounds"],
        "fallen": list(detail["fallen"]),
        "tiebreak": detail["tiebreak"],
    }


def observe(state: State, seat: int) -> dict[str, Any]:
    n = len(state.rings)
    me = seat if isinstance(seat, int) and 0 <= seat < n else None
    phase = state.phase
    return {
        "game": "ring",
        "you": seat,
        "players": n,
        "just_bonus": state.just_bonus,
        "round": state.round,
        "phase": PHASES[phase],
        "parent": state.parent,
        "turn": state.turn if phase in (DRAFT, DISCARD_PHASE, PLAY_PHASE) else None,
        "rings": list(state.rings),
        "dice": _dice(state.areas, state.pips),
        "pool": list(state.pool),
        "centre": state.centre or None,
        "hand": [CARD_NAMES[c] for c in state.hands[me]] if me is not None else None,
        "hand_sizes": [len(h) for h in state.hands],
        "discarded": [d != NO_CARD for d in state.discards],
        "my_discard": CARD_NAMES[state.discards[me]] if me is not None and state.discards[me] != NO_CARD else None,
        "leftover": len(state.leftover),
        "stock": len(state.stock),
        "leader": state.leader if state.leader >= 0 else None,
        "trick": [CARD_NAMES[c] for c in state.trick],
        "tricks": [_trick(t) for t in state.tricks],
        "penalties": [list(p) for p in state.penalties],
        "last": _last(state.last),
        "outcome": _outcome(state.result),
    }


# ----- back from the observation (the public part of a state) ----------------------------------------
def _ids(names: list[str]) -> tuple[int, ...]:
    return tuple(CARD_IDS[name] for name in names)


def _trick_back(data: Mapping[str, Any]) -> tuple:
    return (data["leader"], _ids(data["cards"]), tuple(data["winners"]))


def _dice_back(dice: list[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    areas = tuple(AREAS.index(d[0]) if d else 0 for d in dice)
    pips = tuple(d[1] if d else 0 for d in dice)
    return areas, pips


def public_state(obs: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``State`` that the observation gives exactly (everything but the unseen cards)."""
    areas, pips = _dice_back(obs["dice"])
    last = obs["last"]
    if last is not None:
        l_areas, l_pips = _dice_back(last["dice"])
        last = (
            last["round"],
            last["parent"],
            last["centre"],
            l_areas,
            l_pips,
            tuple(last["rings_before"]),
            tuple(last["rings_after"]),
            tuple(_trick_back(t) for t in last["tricks"]),
            tuple(tuple(p) for p in last["penalties"]),
        )
    rings = tuple(obs["rings"])
    result = None
    if obs["outcome"] is not None:
        out = obs["outcome"]
        result = final_outcome(rings, pips, out["trigger"], out["rounds"])
    phase = PHASES.index(obs["phase"])
    return {
        "rings": rings,
        "just_bonus": bool(obs["just_bonus"]),
        "phase": phase,
        "round": obs["round"],
        "parent": obs["parent"],
        "turn": obs["turn"] if obs["turn"] is not None else -1,
        "pool": tuple(obs["pool"]),
        "centre": obs["centre"] or 0,
        "areas": areas,
        "pips": pips,
        "leader": obs["leader"] if obs["leader"] is not None else -1,
        "trick": _ids(obs["trick"]),
        "tricks": tuple(_trick_back(t) for t in obs["tricks"]),
        "penalties": tuple(tuple(p) for p in obs["penalties"]),
        "last": last,
        "result": result,
    }


__all__ = ["observe", "public_state"]
