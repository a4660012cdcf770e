"""Observations: what one seat may know, as plain JSON data (and back, for ``sample_state``).

A seat sees its own hand and its own face-down discard; every card played
face up this round (the tricks stay listed: everybody at the table saw
them); every die, ring and penalty. Other hands, other discards, the
face-down leftovers and the cards still to be dealt are only counted.

Every record in it is a dict read by key: a die is ``{"area", "pips"}``
(``None`` before it is taken), a trick ``{"leader", "cards", "winners"}``,
a penalty ``{"trick", "seat"}``, the last round ``{"round", "parent",
"centre", "dice", "rings_before", "rings_after", "tricks", "penalties"}``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.game import Outcome

from .cards import AREAS, CARD_IDS, CARD_NAMES
from .observation import DieSeen, PenaltySeen, RingObservation, RingOutcomeSeen, RoundSummarySeen, TrickSeen
from .state import DISCARD_PHASE, DRAFT, NO_CARD, PLAY_PHASE, Penalty, Phase, RoundSummary, State, Trick, final_outcome


def _trick(trick: Trick) -> TrickSeen:
    return TrickSeen(leader=trick.leader, cards=[CARD_NAMES[c] for c in trick.cards], winners=list(trick.winners))


def _penalty(penalty: Penalty) -> PenaltySeen:
    return PenaltySeen(trick=penalty.trick, seat=penalty.seat)


def _dice(areas: tuple[int, ...], pips: tuple[int, ...]) -> list[DieSeen | None]:
    return [DieSeen(area=AREAS[a], pips=p) if p else None for a, p in zip(areas, pips)]


def _last(last: RoundSummary | None) -> RoundSummarySeen | None:
    if last is None:
        return None
    return RoundSummarySeen(
        round=last.round,
        parent=last.parent,
        centre=last.centre,
        dice=_dice(last.areas, last.pips),
        rings_before=list(last.rings_before),
        rings_after=list(last.rings_after),
        tricks=[_trick(t) for t in last.tricks],
        penalties=[_penalty(p) for p in last.penalties],
    )


def _outcome(result: Outcome | None) -> RingOutcomeSeen | None:
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


def observe(state: State, seat: int) -> RingObservation:
    n = len(state.rings)
    me = seat if isinstance(seat, int) and 0 <= seat < n else None
    phase = Phase(state.phase)
    return RingObservation(
        game="ring",
        you=seat,
        players=n,
        just_bonus=state.just_bonus,
        round=state.round,
        phase=phase.text,
        parent=state.parent,
        turn=state.turn if phase in (DRAFT, DISCARD_PHASE, PLAY_PHASE) else None,
        rings=list(state.rings),
        dice=_dice(state.areas, state.pips),
        pool=list(state.pool),
        centre=state.centre or None,
        hand=[CARD_NAMES[c] for c in state.hands[me]] if me is not None else None,
        hand_sizes=[len(h) for h in state.hands],
        discarded=[d != NO_CARD for d in state.discards],
        my_discard=CARD_NAMES[state.discards[me]] if me is not None and state.discards[me] != NO_CARD else None,
        leftover=len(state.leftover),
        stock=len(state.stock),
        leader=state.leader if state.leader >= 0 else None,
        trick=[CARD_NAMES[c] for c in state.trick],
        tricks=[_trick(t) for t in state.tricks],
        penalties=[_penalty(p) for p in state.penalties],
        last=_last(state.last),
        outcome=_outcome(state.result),
    )


# ----- back from the observation (the public part of a state) ----------------------------------------
def _ids(names: list[str]) -> tuple[int, ...]:
    return tuple(CARD_IDS[name] for name in names)


def _trick_back(data: Mapping[str, Any]) -> Trick:
    return Trick(leader=data["leader"], cards=_ids(data["cards"]), winners=tuple(data["winners"]))


def _penalty_back(data: Mapping[str, Any]) -> Penalty:
    return Penalty(trick=data["trick"], seat=data["seat"])


def _dice_back(dice: list[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    areas = tuple(AREAS.index(d["area"]) if d else 0 for d in dice)
    pips = tuple(d["pips"] if d else 0 for d in dice)
    return areas, pips


def _last_back(last: Mapping[str, Any] | None) -> RoundSummary | None:
    if last is None:
        return None
    areas, pips = _dice_back(last["dice"])
    return RoundSummary(
        round=last["round"],
        parent=last["parent"],
        centre=last["centre"],
        areas=areas,
        pips=pips,
        rings_before=tuple(last["rings_before"]),
        rings_after=tuple(last["rings_after"]),
        tricks=tuple(_trick_back(t) for t in last["tricks"]),
        penalties=tuple(_penalty_back(p) for p in last["penalties"]),
    )


def public_state(obs: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``State`` that the observation gives exactly (everything but the unseen cards)."""
    areas, pips = _dice_back(obs["dice"])
    rings = tuple(obs["rings"])
    result = None
    if obs["outcome"] is not None:
        out = obs["outcome"]
        result = final_outcome(rings, pips, out["trigger"], out["rounds"])
    return {
        "rings": rings,
        "just_bonus": bool(obs["just_bonus"]),
        "phase": Phase[obs["phase"].upper()],
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
        "penalties": tuple(_penalty_back(p) for p in obs["penalties"]),
        "last": _last_back(obs["last"]),
        "result": result,
    }


__all__ = ["observe", "public_state"]
