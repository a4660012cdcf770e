"""Bots for 指輪を落とさないで: a rule-based bot, and the shared search bot set up for this game.

The whole game turns on one number per round: the *steps* a seat's die
receives (each trick won moves it by the number of co-winners). From More
jewel with ``p`` pips, ``p`` steps land it exactly on Just and the ring
stays; any other count costs ``|p - steps|`` marks (capped at 6). So every
policy here estimates the steps a hand will collect and aims at its die.

``RulesBot`` (kind ``"rules"``) reads only its observation:

- **Draft**: estimate the steps of its hand under each rank order (each
  card's chance to win is ``1 / (1 + stronger cards it cannot see)``, times
  ~1.15 for co-winners) and take the die nearest to that estimate, weighting
  the two orders by the dice that may stay in the centre.
- **Discard**: knowing its die and the centre die, drop its strongest card
  if it expects too many steps, else its weakest.
- **Play**: while its die is in More jewel it wants steps: it wins a trick
  cheaply if it can (the weakest winning card when it plays last, the
  strongest otherwise) and leads its strongest card; once on Just or Too
  heavy it ducks: it plays the strongest card that does not win, or leads
  its weakest.

``search_bot`` is ``rulebook.bots.search.SearchBot`` over sampled deals with
``rollout`` (the same policy on full states, 10 % random moves) and a
horizon at the end of the round, where ``evaluate`` turns the rings into a
share of the win (a softmax whose temperature shrinks as the lowest ring
nears the fingertip).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping, Sequence

import numpy as np

from rulebook.bots.search import SearchBot

from .actions import DISCARD, PLAY, TAKE
from .cards import AREAS, CARD_IDS, COIN, MORE, RANK, STRENGTH_HIGH, STRENGTH_LOW, SUIT, deck, winners_of
from .state import DEAL_PHASE, DISCARD_PHASE, DRAFT, PLAY_PHASE, State, playable

CO_WIN = 1.15
"""Average steps of a won trick (co-winners of the same rank add steps)."""
EPSILON = 0.1
"""Share of random moves in search playouts (variety between sampled worlds)."""
SEARCH_BUDGET = 0.1
"""Seconds per decision of the shipped search bot."""


@lru_cache(maxsize=None)
def _stronger(players: int, high: bool) -> tuple[tuple[int, ...], ...]:
    """For each card: the cards of the deck that beat it when both count as the led suit."""
    strength = STRENGTH_HIGH if high else STRENGTH_LOW
    cards = deck(players)
    table = []
    for c in range(len(SUIT)):
        table.append(
            tuple(x for x in cards if x != c and (SUIT[x] == SUIT[c] or SUIT[x] == COIN or SUIT[c] == COIN) and strength[x] > strength[c])
        )
    return tuple(table)


def win_chance(card: int, players: int, high: bool, seen: frozenset[int] | set[int] = frozenset()) -> float:
    """A rough chance that ``card`` wins the trick it goes to (1 / (1 + unseen stronger cards))."""
    if SUIT[card] == COIN and RANK[card] == 0:
        return 0.0
    stronger = sum(1 for x in _stronger(players, high)[card] if x not in seen)
    return 1.0 / (1.0 + stronger)


def expected_steps(hand: Sequence[int], players: int, high: bool) -> float:
    seen = frozenset(hand)
    return CO_WIN * sum(win_chance(c, players, high, seen) for c in hand)


def wanted_steps(area: int, pips: int) -> int:
    """Steps still welcome: in More jewel ``pips`` of them reach Just; on Just or Too heavy none."""
    return pips if area == MORE and pips else 0


# ----- the policy, on plain values (shared by the rule-based bot and the playouts) ------------------
def choose_take(hand: Sequence[int], pool: Sequence[int], players: int) -> int:
    """The pips of the die to take."""
    e_high = expected_steps(hand, players, True)
    e_low = expected_steps(hand, players, False)
    best, best_cost = pool[0], math.inf
    for p in sorted(set(pool)):
        rest = list(pool)
        rest.remove(p)
        share_high = sum(1 for d in rest if d >= 4) / len(rest)
        cost = share_high * abs(p - e_high) + (1 - share_high) * abs(p - e_low)
        if cost < best_cost - 1e-9:
            best, best_cost = p, cost
    return best


def choose_discard(hand: Sequence[int], players: int, centre: int, pips: int) -> int:
    high = centre >= 4
    seen = frozenset(hand)
    chances = {c: win_chance(c, players, high, seen) for c in hand}
    total = CO_WIN * sum(chances.values())
    if total > pips:
        return max(hand, key=lambda c: (chances[c], c))
    return min(hand, key=lambda c: (chances[c], -c))


def choose_play(hand: Sequence[int], trick: Sequence[int], players: int, centre: int, want: int) -> int:
    """The card to play: win steps while ``want`` > 0, duck otherwise."""
    legal = playable(tuple(hand), tuple(trick))
    if len(legal) == 1:
        return legal[0]
    high = centre >= 4
    strength = STRENGTH_HIGH if high else STRENGTH_LOW
    if not trick:
        if want > 0:
            return max(legal, key=lambda c: (strength[c], -c))
        return min(legal, key=lambda c: (strength[c], c))
    me = len(trick)
    last = me == players - 1
    winning = [c for c in legal if me in winners_of(tuple(trick) + (c,), high)]
    losing = [c for c in legal if c not in winning]
    if want > 0 and winning:
        if last:
            return min(winning, key=lambda c: (strength[c], c))
        return max(winning, key=lambda c: (strength[c], -c))
    if want > 0:
        return min(legal, key=lambda c: (strength[c], c))
    if losing:
        return max(losing, key=lambda c: (strength[c], -c))
    return min(legal, key=lambda c: (strength[c], c))


# ----- the rule-based bot (observation only) -------------------------------------------------------
def _ids(names: Sequence[str]) -> list[int]:
    return [CARD_IDS[name] for name in names]


class RulesBot:
    """Aims its die at the steps its hand should collect (see the module docstring)."""

    name = "rules"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Any], rng: np.random.Generator) -> Any:
        action = self._choose(observation)
        if action not in legal_actions:  # never an illegal move, whatever the observation says
            action = legal_actions[0]
        return action

    def _choose(self, obs: Mapping[str, Any]) -> Any:
        me = obs["you"]
        phase = obs["phase"]
        n = obs["players"]
        hand = _ids(obs["hand"] or [])
        if phase == "draft":
            return TAKE[choose_take(hand, obs["pool"], n)]
        die = obs["dice"][me]
        area, pips = (AREAS.index(die["area"]), die["pips"]) if die else (MORE, 0)
        if phase == "discard":
            return DISCARD[choose_discard(hand, n, obs["centre"], pips)]
        if phase == "play":
            return PLAY[choose_play(hand, _ids(obs["trick"]), n, obs["centre"], wanted_steps(area, pips))]
        return None


# ----- the search bot -----------------------------------------------------------------------------
def rollout(game: Any, state: State, rng: np.random.Generator) -> Any:
    """A playout move on a full (sampled) state: the rule-based policy, with 10 % random moves."""
    phase = state.phase
    seat = state.turn
    if rng.random() < EPSILON:
        legal = game.legal_actions(state)
        return legal[int(rng.integers(len(legal)))]
    n = len(state.rings)
    hand = state.hands[seat]
    if phase == PLAY_PHASE:
        return PLAY[choose_play(hand, state.trick, n, state.centre, wanted_steps(state.areas[seat], state.pips[seat]))]
    if phase == DISCARD_PHASE:
        return DISCARD[choose_discard(hand, n, state.centre, state.pips[seat])]
    if phase == DRAFT:
        return TAKE[choose_take(hand, state.pool, n)]
    legal = game.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def end_of_round(start: State, state: State) -> bool:
    """Stop a playout once its round is over (the next deal would begin)."""
    return state.phase == DEAL_PHASE


def ring_shares(rings: Sequence[int]) -> list[float]:
    """Each seat's expected share of the win from the ring marks, mid-game.

    A softmax of the marks; the lower the lowest ring, the nearer the end,
    the sharper it gets (temperature 0.6 + 0.25 × lowest mark).
    """
    low = max(1, min(rings))
    temperature = 0.6 + 0.25 * low
    top = max(rings)
    weights = [math.exp((r - top) / temperature) for r in rings]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate(state: State, seat: int) -> float:
    return ring_shares(state.rings)[seat]


def search_bot(game: Any, budget: float | None = SEARCH_BUDGET, iterations: int = 4000) -> SearchBot:
    """The shipped search bot (``budget`` seconds a move; ``budget=None`` + ``iterations`` for reproducible tests)."""
    return SearchBot(game, budget=budget, iterations=iterations, rollout=rollout, evaluate=evaluate, horizon=end_of_round)


__all__ = [
    "RulesBot",
    "choose_discard",
    "choose_play",
    "choose_take",
    "end_of_round",
    "evaluate",
    "expected_steps",
    "ring_shares",
    "rollout",
    "search_bot",
    "wanted_steps",
    "win_chance",
]

