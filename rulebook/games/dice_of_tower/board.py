"""Dice of Tower's board read as facts: whose die, which tower, the lone dice, the legal tops, the points
standing, the risk of a placement, and the state an observation shows.

Shared by the engine (``game``) and the bots (``bots``), so that neither has
to import the other at call time.
"""

from __future__ import annotations

from typing import Any, Mapping

from . import collapse
from .actions import Place
from .state import DICE_PER_SEAT, PHASE_NAMES, THEN_NAMES, Event, Pending, Phase, State, Then, colour_of_seat


def die_colour(state: State, die: int) -> int:
    return colour_of_seat(state.players, die // DICE_PER_SEAT)


def tower_index(state: State) -> dict[int, int]:
    """Die id -> position of its tower in ``state.towers``."""
    return {d: k for k, tower in enumerate(state.towers) for d in tower}


def singles(state: State, colour: int | None = None) -> list[int]:
    """Lone dice already rolled (of ``colour``, or all), by id."""
    out = [t[0] for t in state.towers if len(t) == 1 and state.faces[t[0]]]
    if colour is None:
        return out
    return [d for d in out if die_colour(state, d) == colour]


def placements(state: State, seat: int) -> list[Place]:
    """Every placement open to ``seat`` (DT-2), by die then by tower."""
    mine = colour_of_seat(state.players, seat)
    faces, sizes = state.faces, state.sizes
    tops = [t[-1] for t in state.towers]
    out = []
    for d in singles(state, mine):
        want = 7 - faces[d]
        for top in tops:
            if top != d and faces[top] == want and sizes[top] <= sizes[d] and die_colour(state, top) != mine:
                out.append(Place(d, top))
    return out


def round_scores(state: State) -> tuple[int, ...]:
    """Points per colour of the towers as they stand: top pips × height (DT-5)."""
    scores = [0] * state.colours
    for tower in state.towers:
        top = tower[-1]
        scores[die_colour(state, top)] += state.faces[top] * len(tower)
    return tuple(scores)


def placement_risk(state: State, die: int, onto: int) -> float:
    """The model's chance that setting ``die`` on the tower topped by ``onto`` collapses it (DT-4)."""
    height = len(state.towers[tower_index(state)[onto]])
    p = collapse.place_risk(state.hands, height + 1, state.sizes[die] - state.sizes[onto])
    return max(p, collapse.TABLE_FLOOR) if state.table else p


def state_from_observation(o: Mapping[str, Any]) -> State:
    """The state an observation was made from (every field is public)."""
    hands = o["hands"]
    last = o["last"]
    return State(
        players=o["players"],
        sizes=tuple(o["sizes"]),
        faces=tuple(o["faces"]),
        removed=tuple(o["removed"]),
        towers=tuple(tuple(t) for t in o["towers"]),
        phase=Phase(PHASE_NAMES.index(o["phase"])),
        round=o["round"],
        start=o["start"],
        turn=o["turn"],
        turns=o["turns"],
        queue=tuple(o["queue"]),
        then=Then(THEN_NAMES.index(o["then"])),
        hands=collapse.Hands(hands["height"], hands["step"], hands["reroll"]),
        table=o["table"],
        scores=tuple(o["scores"]),
        rounds=tuple(tuple(r) for r in o["rounds"]),
        pending=None if o["pending"] is None else Pending(*o["pending"]),
        last_single=o["last_single"],
        last=None if last is None else Event(*last),
        loser=o.get("loser", -1),
    )
