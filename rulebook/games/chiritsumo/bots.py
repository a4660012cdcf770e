"""Bots for Chiritsumo. They read observations only (all of it is public here).

``SolverBot`` — the documented policy:

- **Arrange**: build the exact best arrangement of the roll
  (``best_arrangement``), bottom row first, then ``done``. It maximises the
  round score; it does not hold back a completion to stretch a solo game.
- **Solo swap** (CT-7): give up a die of the colour it holds fewest of (ties:
  yellow, red, blue), keeping the larger colour groups whole — patterns need
  three dice of one colour.
- **とばっ塵** (CT-8), first rule that applies:
  1. a swap that gives it the fourth clear die (ちりつも) wins at once — take it;
  2. if an opponent holds three clear dice, take one of them away (block);
  3. otherwise the swap with the largest gain in *expected round score*
     (``expected.expected_score`` of its own dice, minus the target's gain),
     or pass when no swap gains.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from .actions import PILE, Done, Lift, Pass, Place, Swap, Toss
from .expected import expected_score
from .geometry import COLOURED, SLOTS, supports
from .solver import best_arrangement

WIN_CLEAR = 4


def arrangement_actions(
    dice: Sequence[tuple[str, int]], placed: Mapping[tuple[int, int], int], target: Mapping[tuple[int, int], tuple[str, int]]
) -> list[Any]:
    """The moves that turn the current arrangement into ``target``.

    Dice already where the target wants them stay if everything under them
    stays too; the others are lifted top row first (so nothing rests on a
    lifted die), then the target is filled bottom row first (so supports are
    always there). Shared by the bot and the page's auto-stack button.
    """
    keep: set[tuple[int, int]] = set()
    for slot in SLOTS:  # bottom-up: a die stays only if its supports stay
        if slot in placed and target.get(slot) == dice[placed[slot]] and all(s in keep for s in supports(slot)):
            keep.add(slot)
    moves: list[Any] = [Lift(slot) for slot in sorted(placed, key=lambda s: (-s[0], s[1])) if slot not in keep]
    used = {placed[slot] for slot in keep}
    for slot in SLOTS:
        if slot in target and slot not in keep:
            die = next(d for d, value in enumerate(dice) if d not in used and value == target[slot])
            used.add(die)
            moves.append(Place(die, slot))
    return moves


class SolverBot:
    """Plays the best arrangement every round; swaps by the policy in the module docstring."""

    name = "solver"

    def __init__(self) -> None:
        self._plans: dict[tuple, dict] = {}

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        phase = observation["phase"]
        me = observation["turn"]
        if phase == "arrange":
            action = self._arrange(observation["seats"][me])
        elif phase == "swap":
            action = self._swap(observation["seats"][me])
        elif phase == "toss":
            action = self._toss(observation, me, legal_actions)
        else:
            action = None
        if action not in legal_actions:  # never play an illegal move, whatever the view says
            action = legal_actions[0]
        return action

    # --- arranging
    def _plan(self, dice: list[tuple[str, int]]) -> dict:
        key = tuple(sorted(dice))
        if key not in self._plans:
            if len(self._plans) > 256:
                self._plans.clear()
            self._plans[key] = best_arrangement(dice)[0]
        return self._plans[key]

    def _arrange(self, seat: Mapping[str, Any]) -> Any:
        dice = [(c, p) for c, p in seat["dice"]]
        placed = {tuple(int(x) for x in key.split(",")): d for key, d in seat["placed"].items()}
        steps = arrangement_actions(dice, placed, self._plan(dice))
        return steps[0] if steps else Done()

    # --- solo
    def _swap(self, seat: Mapping[str, Any]) -> Any:
        held = [c for c, _ in seat["dice"]]
        counts = {c: held.count(c) for c in COLOURED if c in held}
        return Swap(min(counts, key=lambda c: (counts[c], COLOURED.index(c))))

    # --- 箱庭
    def _toss(self, observation: Mapping[str, Any], me: int, legal: Sequence[Any]) -> Any:
        def held(who: int) -> list[str]:
            return list(observation["pile"]) if who == PILE else [c for c, _ in observation["seats"][who]["dice"]]

        def after(dice: list[str], give: str, take: str) -> list[str]:
            out = list(dice)
            out.remove(give)
            out.append(take)
            return out

        tosses = [a for a in legal if isinstance(a, Toss)]
        mine = held(me)
        for toss in tosses:
            if after(mine, toss.give, toss.take).count("clear") >= WIN_CLEAR:
                return toss
        for toss in tosses:
            if toss.target != PILE and toss.take == "clear" and held(toss.target).count("clear") == WIN_CLEAR - 1:
                return toss
        best, best_gain = Pass(), 0.0
        for toss in tosses:
            theirs = held(toss.target)
            gain = expected_score(after(mine, toss.give, toss.take)) - expected_score(mine)
            if toss.target != PILE:
                gain -= expected_score(after(theirs, toss.take, toss.give)) - expected_score(theirs)
            if gain > best_gain + 1e-9:
                best, best_gain = toss, gain
        return best


__all__ = ["SolverBot", "arrangement_actions"]
