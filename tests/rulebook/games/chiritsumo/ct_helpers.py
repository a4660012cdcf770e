"""Shared helpers of the Chiritsumo tests: readable pyramids, seats, states, drivers.

Pyramids are written as text, top row first, one token per slot::

      C1
     Y1 B1
    Y1 B1 R1
   Y1 Y1 R1 R1

A token is a colour letter (C clear, Y yellow, R red, B blue) and the pips;
``.`` is an empty slot. The last line is row 0 (the bottom, 4 slots).

``oracle_score`` is an independent scorer written from the rules text only
(patterns found from slot *coordinates*, points from the source's tables), so
the engine's scorer is not checked against itself.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Iterable, Mapping, Sequence

from rulebook.core.game import CHANCE
from rulebook.games.chiritsumo import GAME, Seat, State
from rulebook.games.chiritsumo.actions import Done, Place
from rulebook.games.chiritsumo.geometry import SLOTS
from rulebook.games.chiritsumo.solver import best_arrangement

LETTERS = {"C": "clear", "Y": "yellow", "R": "red", "B": "blue"}
COLOUR_ORDER = ("clear", "yellow", "red", "blue")
START = ("clear",) + ("yellow",) * 3 + ("red",) * 3 + ("blue",) * 3
ALL_SLOTS = [(r, i) for r in range(4) for i in range(4 - r)]


def P(text: str) -> dict[tuple[int, int], tuple[str, int]]:
    """A pyramid from its picture (see the module docstring)."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    rows = list(reversed(lines))
    out: dict[tuple[int, int], tuple[str, int]] = {}
    assert len(rows) <= 4, text
    for r, tokens in enumerate(rows):
        assert len(tokens) == 4 - r, f"row {r} needs {4 - r} tokens: {tokens}"
        for i, token in enumerate(tokens):
            if token != ".":
                out[(r, i)] = (LETTERS[token[0]], int(token[1:]))
    return out


def uniform(colours: Mapping[tuple[int, int], str] | str, pips: int = 1) -> dict:
    """A pyramid with every die showing ``pips``; ``colours`` is a picture of letters or a mapping."""
    if isinstance(colours, str):
        lines = [line.split() for line in colours.strip().splitlines() if line.strip()]
        colours = {
            (r, i): LETTERS[tok] for r, toks in enumerate(reversed(lines)) for i, tok in enumerate(toks) if tok != "."
        }
    return {slot: (colour, pips) for slot, colour in colours.items()}


# ----- an independent scorer (rules text + source tables only) ----------------------
def _xy(slot):
    r, i = slot
    return (2 * i + r, r)  # doubled x so every coordinate is an integer


def _adjacent(a, b) -> bool:
    (xa, ya), (xb, yb) = _xy(a), _xy(b)
    return (ya == yb and abs(xa - xb) == 2) or (abs(ya - yb) == 1 and abs(xa - xb) == 1)


def oracle_triples():
    """Mountains, wings and rivers found from the geometry of the slots themselves."""
    mountains, wings, rivers = [], [], []
    for triple in combinations(ALL_SLOTS, 3):
        a, b, c = triple
        if _adjacent(a, b) and _adjacent(b, c) and _adjacent(a, c):
            ys = sorted(_xy(s)[1] for s in triple)
            (mountains if ys[0] == ys[1] else wings).append(frozenset(triple))
        pts = sorted(_xy(s) for s in triple)
        (x0, y0), (x1, y1), (x2, y2) = pts
        step = (x1 - x0, y1 - y0)
        if step == (x2 - x1, y2 - y1) and step in ((2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1), (-2, 0)):
            rivers.append(frozenset(triple))
    return mountains, wings, rivers


ORACLE_MOUNTAINS, ORACLE_WINGS, ORACLE_RIVERS = oracle_triples()
SOURCE_TRIANGLE_TABLE = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21}
SOURCE_WING_TABLE = {0: 0, 1: 2, 2: 5, 3: 10}


def triangle_points_rule(n: int) -> int:
    """The source's table 1..6, continued as CT-4 says (n rivers: n(n+1)/2)."""
    return SOURCE_TRIANGLE_TABLE[n] if n in SOURCE_TRIANGLE_TABLE else n * (n + 1) // 2


def oracle_counts(pyramid) -> tuple[int, int, int]:
    def one_colour(triple) -> bool:
        colours = {pyramid[s][0] for s in triple if s in pyramid}
        return all(s in pyramid for s in triple) and len(colours) == 1 and colours != {"clear"}

    return (
        sum(map(one_colour, ORACLE_MOUNTAINS)),
        sum(map(one_colour, ORACLE_RIVERS)),
        sum(map(one_colour, ORACLE_WINGS)),
    )


def oracle_fuji(pyramid) -> bool:
    if len(pyramid) != 10 or pyramid[(3, 0)][0] != "clear":
        return False
    regions = ([(0, 0), (0, 1), (1, 0)], [(0, 2), (0, 3), (1, 2)], [(1, 1), (2, 0), (2, 1)])
    colours = []
    for region in regions:
        found = {pyramid[s][0] for s in region}
        if len(found) != 1 or found == {"clear"}:
            return False
        colours.append(found.pop())
    return len(set(colours)) == 3


def oracle_score(pyramid) -> int:
    m, r, w = oracle_counts(pyramid)
    total = triangle_points_rule(m) + triangle_points_rule(r) + SOURCE_WING_TABLE[w]
    if oracle_fuji(pyramid):
        total += 30
    if len(pyramid) == 10:
        total += pyramid[(3, 0)][1] * 3
    return total


def oracle_legal(pyramid) -> bool:
    """CT-1 written out again: supports, side-by-side within 1, upper <= smaller support."""
    for (r, i), (_, pips) in pyramid.items():
        if r:
            below = [(r - 1, i), (r - 1, i + 1)]
            if any(s not in pyramid for s in below):
                return False
            if pips > min(pyramid[s][1] for s in below):
                return False
        right = (r, i + 1)
        if right in pyramid and abs(pyramid[right][1] - pips) > 1:
            return False
    return True


# ----- random legal arrangements ----------------------------------------------------
def random_arrangement(dice: Sequence[tuple[str, int]], rng: random.Random, stop: float = 0.05) -> dict:
    """Place dice one by one at random legal slots (any order), stopping at random."""
    pool = list(dice)
    rng.shuffle(pool)
    pyramid: dict = {}
    for die in pool:
        if rng.random() < stop:
            break
        options = [s for s in ALL_SLOTS if s not in pyramid and oracle_legal({**pyramid, s: die})]
        if options:
            pyramid[rng.choice(options)] = die
    return pyramid


# ----- seats and states built from pictures -----------------------------------------
def seat(pyramid: Mapping | None = None, extra: Iterable[tuple[str, int]] = (), total: int = 0, history=None) -> Seat:
    """A seat holding the pyramid's dice plus ``extra`` (unplaced), dice in canonical order."""
    pyramid = dict(pyramid or {})
    items = [(die, slot) for slot, die in pyramid.items()] + [(die, None) for die in extra]
    items.sort(key=lambda item: COLOUR_ORDER.index(item[0][0]))
    placed = [-1] * len(SLOTS)
    for index, (_, slot) in enumerate(items):
        if slot is not None:
            placed[SLOTS.index(slot)] = index
    return Seat(
        dice=tuple(die[0] for die, _ in items),
        pips=tuple(die[1] for die, _ in items),
        placed=tuple(placed),
        total=total,
        history=tuple(history if history is not None else ((total,) if total else ())),
    )


def hako_state(seats: Sequence[Seat], pile: Sequence[str] | None = None, turn: int = 0, **fields) -> State:
    """A 箱庭 state in the arrange phase; the default pile is what the rules give for the seat count."""
    if pile is None:
        pile = {2: ("clear",) * 2 + ("yellow",) * 3 + ("red",) * 3 + ("blue",) * 3,
                3: ("clear",) + ("yellow",) * 2 + ("red",) * 2 + ("blue",) * 2, 4: ()}[len(seats)]
    pile = tuple(sorted(pile, key=COLOUR_ORDER.index))
    return State(mode="hakoniwa", seats=tuple(seats), pile=pile, phase="arrange", turn=turn, **fields)


def all_done(state: State) -> State:
    """Every seat still arranging declares 'done' in turn (the round is then scored)."""
    while state.phase == "arrange":
        state = GAME.apply(state, Done())
    return state


def complete_seat(colours: str, pips: int = 1, total: int = 0) -> Seat:
    """A seat whose ten dice stand as a complete pyramid of the given colour picture."""
    return seat(uniform(colours, pips), total=total)


def plain(colours, pips: int = 1, fixed=None, seed: int = 0) -> dict:
    """A complete pyramid of ``colours`` (all showing ``pips``) in which no pattern forms.

    ``fixed`` pins colours to slots (e.g. where the clear dice stand). Its
    score is therefore exactly the bonus, ``pips × 3``.
    """
    rng = random.Random(seed)
    fixed = dict(fixed or {})
    rest = list(colours)
    for colour in fixed.values():
        rest.remove(colour)
    free = [s for s in ALL_SLOTS if s not in fixed]
    for _ in range(20000):
        rng.shuffle(rest)
        pyramid = {s: (c, pips) for s, c in list(fixed.items()) + list(zip(free, rest))}
        if oracle_counts(pyramid) == (0, 0, 0) and not oracle_fuji(pyramid):
            assert oracle_score(pyramid) == 3 * pips
            return pyramid
    raise AssertionError(f"no pattern-free pyramid of {colours} with {fixed}")


def hand(clear: int = 1, yellow: int = 3, red: int = 3, blue: int = 3) -> list[str]:
    return ["clear"] * clear + ["yellow"] * yellow + ["red"] * red + ["blue"] * blue


# ----- driving a Match in table mode ----------------------------------------------
def roll_round(match, wanted: Sequence[Sequence[tuple[str, int]]]) -> None:
    """Enter the dice of the round (table mode): ``wanted[s]`` is seat s's (colour, pips) multiset."""
    plan: dict[tuple[int, int], int] = {}
    for s, dice in enumerate(wanted):
        held = list(match.state.seats[s].dice)
        assert sorted(held) == sorted(c for c, _ in dice), (held, dice)
        taken: set[int] = set()
        for colour, pips in dice:
            d = next(k for k, c in enumerate(held) if c == colour and k not in taken)
            taken.add(d)
            plan[(s, d)] = pips
    while match.current_player == CHANCE:
        (roll, _), *_ = GAME.chance_outcomes(match.state)
        match.play(f"roll {roll.seat} {roll.die} {plan[(roll.seat, roll.die)]}")


def build(match, pyramid: Mapping, done: bool = True) -> None:
    """The seat to act places ``pyramid`` (bottom row first) with its rolled dice, then 'done'."""
    s = match.state.seats[match.current_player]
    dice = list(zip(s.dice, s.pips))
    used: set[int] = set()
    for slot in SLOTS:
        if slot in pyramid:
            d = next(k for k, die in enumerate(dice) if die == tuple(pyramid[slot]) and k not in used)
            used.add(d)
            match.play(Place(d, slot))
    if done:
        match.play(Done())


def dice_of(pyramid: Mapping, extra: Iterable[tuple[str, int]] = ()) -> list[tuple[str, int]]:
    return list(pyramid.values()) + list(extra)


def plan_actions(s: Seat, target: Mapping) -> list:
    """Lift everything (top row first), then place ``target`` bottom-up, then 'done'."""
    from rulebook.games.chiritsumo.actions import Lift

    moves: list = [Lift(SLOTS[k]) for k in reversed(range(len(SLOTS))) if s.placed[k] != -1]
    dice = list(zip(s.dice, s.pips))
    used: set[int] = set()
    for slot in SLOTS:
        if slot in target:
            d = next(k for k, die in enumerate(dice) if die == tuple(target[slot]) and k not in used)
            used.add(d)
            moves.append(Place(d, slot))
    return moves + [Done()]


# ----- a test policy that provably ends games ----------------------------------------
class EndingPolicy:
    """Random legal moves, but every arrangement ends with the solver's best one.

    In the arrange phase it makes a few random legal placements/lifts (never
    'done'), then switches to the exact best arrangement and declares it; in
    the swap and とばっ塵 phases it picks a random legal action. A round
    therefore scores the best arrangement, which is complete with probability
    well above 0 (all ten dice showing the same pips always complete), so a
    solo game ends with probability 1 and 箱庭 totals grow. With
    ``give_up`` > 0 it sometimes declares at once whatever stands (a round
    left incomplete on purpose); any ``give_up`` < 1 keeps that argument.
    """

    def __init__(self, rng: random.Random, wander: float = 0.5, give_up: float = 0.0) -> None:
        self.rng = rng
        self.wander = wander
        self.give_up = give_up
        self.plan: list | None = None
        self._plans: dict = {}

    def choose(self, state: State):
        phase = state.phase
        legal = GAME.legal_actions(state)
        if phase != "arrange":
            self.plan = None
            return self.rng.choice(legal)
        if self.plan is None and self.rng.random() < self.give_up:
            return Done()
        if self.plan is None and self.rng.random() < self.wander:
            return self.rng.choice([a for a in legal if not isinstance(a, Done)] or legal)
        if self.plan is None:
            s = state.seats[state.turn]
            dice = list(zip(s.dice, s.pips))
            key = tuple(sorted(dice))
            if key not in self._plans:
                self._plans[key] = best_arrangement(dice)[0]
            self.plan = plan_actions(s, self._plans[key])
        action = self.plan.pop(0)
        if not self.plan:
            self.plan = None
        return action
