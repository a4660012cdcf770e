"""Don't Drop the Ring's worked examples (see ``rulebook.core.examples``): every figure is the engine's.

Kinds:

- ``trick``: the first trick of a round. Inputs ``centre`` (the die left in
  the centre), ``dice`` (each seat's drafted die, seat 1 first: one seat per
  die, so 3–5 of them) and ``cards`` (the trick in play order: seat 1 is the
  parent and leads, the others follow clockwise). The position is reached
  by the engine's own moves from a new game (deal, roll, take, discard) and
  the trick is played card by card through ``check`` and ``next_state``.
  Figures: ``winners`` (the winning seats, numbered from 1), ``steps`` (how
  far each winner's die moved: the number of winners, as the engine moved
  them), ``leader`` (who leads the next trick) and ``seat1`` … (each seat's
  die after the trick, ``more 2`` / ``just 1`` / ``heavy 1``).
- ``end``: the end of a round that ends the game. Inputs ``rings`` (each
  seat's mark before the rings move), ``dice`` (each seat's die as the fifth
  trick left it: ``just 1, more 1, heavy 5``) and, optional, ``round`` (the
  round that ends; 1 if left out). The engine's own end of the round moves
  the rings and judges the game. Figures: ``winners``, ``scores`` (the final
  scores, a fallen ring 0), ``fallen`` (whose rings fell) and ``marks``
  (each ring's mark after the move, ``fell`` for a fallen one).

Hands in the ``trick`` example are filled up with cards the trick does not
use (a seat that does not follow gets none of the led suit); they are never
shown and play no part in the trick.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers, words

from .actions import DEAL, DISCARD, PLAY, ROLL, TAKE
from .cards import ADJUST, AREAS, CARD_IDS, COIN, MORE, SUIT, deck
from .game import Ring
from .state import HAND, MAX_SEATS, MIN_SEATS, PLAY_PHASE, State

GAME = Ring()


def _seat_count(count: int, what: str) -> int:
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise ExampleError(f"{what}: one per seat, {MIN_SEATS} to {MAX_SEATS} seats; got {count}")
    return count


def _card(name: str) -> int:
    if name not in CARD_IDS:
        raise ExampleError(f"cards: there is no card {name!r} (write them as ruby-5, coin-0 ...)")
    return CARD_IDS[name]


def _play(state: State, action: Any) -> State:
    """One move through the engine: its own check (``IllegalAction`` on a wrong one), then the move."""
    GAME.check(state, action)
    return GAME.next_state(state, action)


# ----- trick: a die moving through the areas ----------------------------------------------------------
def _hands(n: int, trick: list[int]) -> list[list[int]]:
    """Each seat's six cards: its card of the trick and five cards the trick does not use."""
    led = SUIT[trick[0]]
    rest = [c for c in deck(n) if c not in trick]
    # cards of other suits first (and Coins last), so the next leader holds a card to lead
    rest.sort(key=lambda c: (SUIT[c] == COIN, SUIT[c] == led, c))
    hands: list[list[int]] = [[card] for card in trick]
    off_suit = [k for k, card in enumerate(trick) if SUIT[card] not in (led, COIN)]
    for k in off_suit + [k for k in range(n) if k not in off_suit]:
        for card in list(rest):
            if len(hands[k]) == HAND:
                break
            if k in off_suit and SUIT[card] == led:
                continue
            hands[k].append(card)
            rest.remove(card)
        if len(hands[k]) < HAND:
            raise ExampleError(f"cards: no deal gives seat {k + 1} six cards with which this trick is legal")
    return hands


def trick_states(fields: Mapping[str, str]) -> tuple[State, State]:
    """The table as the first trick starts, and just after it (played through the engine)."""
    dice = numbers(fields["dice"], "dice")
    n = _seat_count(len(dice), "dice")
    centre = numbers(fields["centre"], "centre")
    if len(centre) != 1:
        raise ExampleError("centre: the one die left in the centre")
    trick = [_card(name) for name in words(fields["cards"])]
    if len(trick) != n:
        raise ExampleError(f"cards: one card per seat ({n}), got {len(trick)}")
    if len(set(trick)) != n:
        raise ExampleError("cards: a card is played twice")
    hands = _hands(n, trick)
    state = GAME.initial_state({"players": n})
    for hand in hands:  # the engine deals six cards to seat 1, then seat 2 ...
        for card in hand:
            state = _play(state, DEAL[card])
    for pips in dice + centre:
        if not 1 <= pips <= 6:
            raise ExampleError(f"dice and centre: a die shows 1 to 6, not {pips}")
        state = _play(state, ROLL[pips])
    while state.pool:  # the draft, from the parent's left: every seat takes its own die
        state = _play(state, TAKE[dice[state.turn]])
    for _ in range(n):  # each seat lays one of its extra cards face down
        state = _play(state, DISCARD[hands[state.turn][-1]])
    if state.phase != PLAY_PHASE or state.leader != 0:
        raise ExampleError("the first trick does not start with seat 1 leading")
    before = state
    for card in trick:
        state = _play(state, PLAY[card])
    if state.penalties:
        raise ExampleError("the next leader would hold only Coins: choose other cards")
    return before, state


def _die_text(state: State, seat: int) -> str:
    return f"{AREAS[state.areas[seat]]} {state.pips[seat]}"


def trick_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    _, after = trick_states(fields)
    (trick,) = after.tricks
    winners = [w + 1 for w in trick.winners]
    out: dict[str, Any] = {"winners": winners, "steps": len(trick.winners), "leader": after.leader + 1}
    for seat in range(len(after.rings)):
        out[f"seat{seat + 1}"] = _die_text(after, seat)
    return out


def trick_position(fields: Mapping[str, str]) -> State:
    """Just after the trick: the dice in their new areas, the trick on view as the last one."""
    return trick_states(fields)[1]


# ----- end: the round that ends the game ----------------------------------------------------------------
def _reachable() -> frozenset[tuple[int, int]]:
    """Every (area, pips) a die can show: as drafted, then after any number of tricks the engine moves it on."""
    seen = {(MORE, p) for p in range(1, 7)}
    todo = list(seen)
    while todo:
        area, pips = todo.pop()
        for steps in range(1, MAX_SEATS + 1):
            nxt = ADJUST[area, pips, steps]
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


REACHABLE = _reachable()


def _end_dice(text: str, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    items = words(text)
    if len(items) != 2 * n:
        raise ExampleError(f"dice: want one 'area pips' per seat ({n}), e.g. 'just 1, more 2'")
    areas, pips = [], []
    for area, value in zip(items[::2], items[1::2]):
        if area not in AREAS:
            raise ExampleError(f"dice: the areas are {', '.join(AREAS)}, not {area!r}")
        (p,) = numbers(value, "dice")
        if (AREAS.index(area), p) not in REACHABLE:
            raise ExampleError(f"dice: no die ever shows {area} {p}")
        areas.append(AREAS.index(area))
        pips.append(p)
    return tuple(areas), tuple(pips)


def end_position(fields: Mapping[str, str]) -> State:
    """The last trick of a round is over; the engine moves the rings and, as a ring falls, ends the game."""
    rings = tuple(numbers(fields["rings"], "rings"))
    n = _seat_count(len(rings), "rings")
    if any(not 1 <= r <= 9 for r in rings):
        raise ExampleError("rings: a ring still on the hand is on a mark from 1 to 9")
    areas, pips = _end_dice(fields["dice"], n)
    rnd = numbers(fields.get("round", "1") or "1", "round")
    if len(rnd) != 1 or rnd[0] < 1:
        raise ExampleError("round: one whole number from 1")
    state = GAME.initial_state({"players": n})
    state = state._replace(
        rings=rings,
        round=rnd[0],
        parent=(state.parent - (rnd[0] - 1)) % n,  # the parent's role passes right each round
        phase=PLAY_PHASE,
        stock=(),
        areas=areas,
        pips=pips,
    )
    state = GAME._end_round(state)
    if state.result is None:
        raise ExampleError("no ring falls at the end of this round: the game goes on")
    return state


def end_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    state = end_position(fields)
    outcome = state.result
    assert outcome is not None
    fallen = dict(outcome.detail)["fallen"]
    return {
        "winners": [w + 1 for w in outcome.winners] or "none",
        "scores": list(outcome.scores),
        "fallen": [k + 1 for k in fallen],
        "marks": ["fell" if k in fallen else r for k, r in enumerate(state.rings)],
    }


KINDS = {
    "trick": ExampleKind(("centre", "dice", "cards"), trick_figures, position=trick_position),
    "end": ExampleKind(("rings", "dice", "round"), end_figures, optional=("round",), position=end_position),
}
