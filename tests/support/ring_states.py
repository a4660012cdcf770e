"""Helpers of the 指輪を落とさないで tests: hand-built positions and whole games.

``table(...)`` builds a state in the middle of a round from card names, so a
test reads like the position it describes; ``play_game`` runs a whole game
with a mix of policies and hands every state to a callback.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Sequence

import numpy as np

from rulebook.core import CHANCE, TERMINAL
from rulebook.games.ring import GAME, State
from rulebook.games.ring.bots import search_bot
from rulebook.games.ring.cards import AREAS, CARD_IDS, MORE, deck
from rulebook.games.ring.state import DEAL_PHASE, DISCARD_PHASE, DRAFT, PLAY_PHASE, Penalty, Trick


def ids(names: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(CARD_IDS[n] for n in names))


def table(
    hands: Sequence[Sequence[str]],
    *,
    centre: int = 5,
    dice: Sequence[tuple[str, int]] | None = None,
    rings: Sequence[int] | None = None,
    parent: int = 0,
    leader: int = 0,
    trick: Sequence[str] = (),
    tricks: Sequence[tuple[int, Sequence[str], Sequence[int]]] = (),
    penalties: Sequence[tuple[int, int]] = (),
    just_bonus: bool = False,
    round: int = 1,
) -> State:
    """A state in the play phase: ``hands`` by seat, the rest of the deck face down in the centre.

    ``tricks`` are finished tricks ``(leader, cards, winning seats)`` (their
    cards are taken out of the deck too); the seat to play is the next one
    after ``trick``'s cards, clockwise from ``leader``.
    """
    n = len(hands)
    hand_ids = tuple(ids(h) for h in hands)
    trick_ids = tuple(CARD_IDS[c] for c in trick)
    done = tuple(Trick(leader=l, cards=tuple(CARD_IDS[c] for c in cards), winners=tuple(sorted(w))) for l, cards, w in tricks)
    used = Counter(c for h in hand_ids for c in h) + Counter(trick_ids) + Counter(c for t in done for c in t.cards)
    assert all(v == 1 for v in used.values()), "a card is used twice"
    rest = tuple(c for c in deck(n) if c not in used)
    assert set(used) <= set(deck(n)), "a card that this player count does not use"
    dice = dice or [("more", 3)] * n
    return State(
        rings=tuple(rings or (9,) * n),
        just_bonus=just_bonus,
        phase=PLAY_PHASE,
        round=round,
        parent=parent,
        turn=(leader + len(trick_ids)) % n,
        hands=hand_ids,
        stock=(),
        leftover=rest,
        discards=(-1,) * n,
        pool=(),
        centre=centre,
        areas=tuple(AREAS.index(a) for a, _ in dice),
        pips=tuple(p for _, p in dice),
        leader=leader,
        trick=trick_ids,
        tricks=done,
        penalties=tuple(Penalty(trick=t, seat=seat) for t, seat in penalties),
        last=None,
        result=None,
    )


def cards_in_play(state: State) -> Counter:
    """Every card the state holds somewhere: hands, stock, leftovers, discards, the trick and this round's tricks."""
    total: Counter = Counter()
    for hand in state.hands:
        total.update(hand)
    total.update(state.stock)
    total.update(state.leftover)
    total.update(d for d in state.discards if d >= 0)
    total.update(state.trick)
    for trick in state.tricks:
        total.update(trick.cards)
    return total


def check_invariants(state: State) -> None:
    """Cards are conserved; hands, dice and rings are well formed."""
    n = len(state.rings)
    if state.phase != DEAL_PHASE or state.stock or any(state.hands):
        assert cards_in_play(state) == Counter(deck(n)), "cards appeared or vanished"
    for hand in state.hands:
        assert list(hand) == sorted(hand)
    assert all(r <= 9 for r in state.rings)
    if state.phase >= DISCARD_PHASE:
        assert all(1 <= p <= 6 for p in state.pips)
        assert all(p == 1 for a, p in zip(state.areas, state.pips) if a == 1), "a die on Just shows 1"
        assert 1 <= state.centre <= 6
    if state.phase == PLAY_PHASE:
        played = len(state.tricks)
        for seat, hand in enumerate(state.hands):
            in_trick = 1 if (seat - state.leader) % n < len(state.trick) else 0
            assert len(hand) == 5 - played - in_trick
    if state.phase == DRAFT:
        taken = sum(1 for p in state.pips if p)
        assert len(state.pool) == n + 1 - taken
    if state.phase < DRAFT:
        assert state.pips == (0,) * n and all(a == MORE for a in state.areas)


Policy = Callable[[State, np.random.Generator], Any]


def random_policy(state: State, rng: np.random.Generator) -> Any:
    legal = GAME.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def play_game(
    options: dict,
    seed: int,
    policies: Sequence[Policy] | None = None,
    on_state: Callable[[State], None] | None = None,
    max_steps: int = 20_000,
) -> tuple[State, list[Any]]:
    """A whole game: chance drawn from ``seed``, seat k played by ``policies[k]`` (random by default)."""
    rng = np.random.default_rng(seed)
    state = GAME.initial_state(options)
    n = len(state.rings)
    policies = list(policies or [random_policy] * n)
    actions = []
    for _ in range(max_steps):
        if on_state:
            on_state(state)
        player = GAME.current_player(state)
        if player == TERMINAL:
            return state, actions
        if player == CHANCE:
            outcomes = GAME.chance_outcomes(state)
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            action = policies[player](state, rng)
        state = GAME.apply(state, action)
        actions.append(action)
    raise AssertionError("the game did not end")


def bot_policy(kind: str, **kwargs: Any) -> Policy:
    """A policy that asks a bot of ``kind`` with the seat's observation (as ``Match`` does)."""
    if kind == "search":
        bot = search_bot(GAME, budget=None, iterations=kwargs.get("iterations", 30))
    else:
        bot = GAME.make_bot(kind)

    def policy(state: State, rng: np.random.Generator) -> Any:
        player = GAME.current_player(state)
        return bot.choose(GAME.observe(state, player), GAME.legal_actions(state), rng)

    return policy
