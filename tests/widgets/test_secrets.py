"""Secrets stay on the server: a seat's page is a function of what that seat may know.

For each game with hidden cards, two tables are played side by side (table
mode, so the test chooses every card): in world B the other seats hold other
cards than in world A, while everything seat 0 may see is the same. Seat 0's
page — every widget's every synced value, which is all that ever reaches its
browser — must then be identical in both worlds after every move, until a
move shows cards to everyone (``Game.reveals``). Any trace of another seat's
hand, in the board, the log, the status line or anywhere else, would make the
two pages differ.
"""

from __future__ import annotations

import random
import re
from typing import Any

import ipywidgets as w
import pytest

from rulebook.core import CHANCE, Match, get_game
from rulebook.tables.opening import forget_stores, open_store
from widgets import GameApp

NMF = get_game("not_my_fault")
NMF41 = get_game("not_my_fault_41")
RING = get_game("ring")
LP = get_game("lemon_poker")

#: values that change with timing or identity, not with what the page shows
VOLATILE = re.compile(r"rb-v\d+|data-version=\"\d+\"|data-revision=\"\d+\"|IPY_MODEL_[0-9a-f]+")
SKIP_TRAITS = {"pong", "origin", "query", "focus", "comm_id", "_model_id", "_view_count", "tabbable", "tooltip"}


def widget_tree(widget: Any) -> list:
    """Every synced value of every widget under ``widget``, in tree order, ids and counters masked."""
    out = []
    stack = [widget]
    while stack:
        node = stack.pop(0)
        if not isinstance(node, w.Widget):
            continue
        state = {}
        for name in sorted(node.keys):
            if name in SKIP_TRAITS or name.startswith("_esm") or name == "_css":
                continue
            value = getattr(node, name)
            if isinstance(value, w.Widget):
                stack.append(value)
                value = type(value).__name__
            elif isinstance(value, (tuple, list)) and value and all(isinstance(v, w.Widget) for v in value):
                stack.extend(value)
                value = [type(v).__name__ for v in value]
            state[name] = VOLATILE.sub("#", repr(value))
        out.append((type(node).__name__, state))
    return out


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path / 'tables.sqlite'}")
    forget_stores()


def seat_zero_page(store, game, options, seats, table_ids=None, watcher: int = 0) -> tuple[GameApp, GameApp]:
    """A table in table mode, and seat ``watcher``'s own page onto it (as a phone holding that seat)."""
    owner = GameApp(game.name, lang="en", options=options, seats=seats, table=True, seed=1, store=store)
    token = owner.session.keys[watcher]
    phone = GameApp(game.name, lang="en", store=store, table_id=owner.session.table_id, keys=[token], claim=True)
    owner.poll()
    return owner, phone


# ----- worlds ---------------------------------------------------------------------------------------------
def nmf_worlds(rng: random.Random) -> tuple[list[str], list[str]]:
    """ver.2.0, two seats: seat 1's drawn cards differ between the worlds; seat 0's are the same."""
    a, b = ["first 0"], ["first 0"]
    values = list(NMF.variant.values)
    # milestones only: a yellow card limit would end the round (and show the cards) early
    for turn, number in enumerate(NMF.variant.milestones[:5]):
        seat = turn % 2
        card_a = rng.choice(values)
        card_b = card_a if seat == 0 else rng.choice([v for v in values if v != card_a])
        a += ["draw", f"card {card_a}", f"declare {number}"]
        b += ["draw", f"card {card_b}", f"declare {number}"]
    a.append("audit")
    b.append("audit")
    return a, b


def nmf41_worlds(rng: random.Random) -> tuple[list[str], list[str]]:
    """#41, two seats: seat 1's dealt hand (and so the cards it lays face down) differ; seat 0's are the same."""
    variant = NMF41.variant
    deck = [v for v, c in zip(variant.values, variant.copies) for _ in range(c)]
    rng.shuffle(deck)
    size = variant.hand_size
    mine, theirs_a = deck[:size], deck[size : 2 * size]
    rest = deck[2 * size :]
    theirs_b = sorted(rest[:size])
    assert sorted(theirs_a) != theirs_b
    a = ["first 0"] + [f"card {v}" for v in mine + theirs_a]
    b = ["first 0"] + [f"card {v}" for v in mine + theirs_b]
    milestones = list(variant.milestones)
    for turn in range(4):
        seat = turn % 2
        laid_a = (mine if seat == 0 else theirs_a)[turn // 2]
        laid_b = (mine if seat == 0 else theirs_b)[turn // 2]
        a += [f"place {laid_a}", f"declare {milestones[turn]}"]
        b += [f"place {laid_b}", f"declare {milestones[turn]}"]
    return a, b


def ring_worlds(rng: random.Random) -> tuple[list[str], list[str]]:
    """Three seats: seats 1 and 2 hold each other's hands in world B (and discard accordingly)."""
    match = Match.new(RING, {"players": 3}, seed=1, table=True, seats=["human"] * 3)
    cards = [str(a).split(" ", 1)[1] for a in RING.legal_actions(match.state)]
    rng.shuffle(cards)
    hands_a = [cards[0:6], cards[6:12], cards[12:18]]
    hands_b = [hands_a[0], hands_a[2], hands_a[1]]
    a = [f"deal {c}" for c in hands_a[0] + hands_a[1] + hands_a[2]]  # the rest stays face down, undealt
    b = [f"deal {c}" for c in hands_b[0] + hands_b[1] + hands_b[2]]
    for action in a:
        match.play(action)
    rolls = []
    while match.current_player == CHANCE:
        roll = rng.choice(RING.legal_actions(match.state))
        rolls.append(str(roll))
        match.play(roll)
    a += rolls
    b += rolls
    while str(RING.legal_actions(match.state)[0]).startswith("take"):
        take = str(rng.choice(RING.legal_actions(match.state)))
        match.play(take)
        a.append(take)
        b.append(take)
    for _ in range(3):  # each seat lays one card face down: the first of its hand, in each world
        seat = match.current_player
        a.append(f"discard {hands_a[seat][0]}")
        b.append(f"discard {hands_b[seat][0]}")
        match.play(a[-1])
    a.append(str(RING.legal_actions(match.state)[0]))  # the first card played face up: a reveal, the end of the comparison
    b.append(a[-1])
    return a, b


def lp_worlds(rng: random.Random) -> tuple[list[str], list[str]]:
    """Lemon Poker, the deal typed in (table mode): the dealer's (seat 0's) cards differ between the
    worlds but for the community cards; the child's page (seat 1) is compared up to the first reveal."""
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(deck)
    community, a_groups, b_groups = deck[:2], deck[2:12], deck[12:22]
    a = [f"deal {c}" for c in community + a_groups] + ["sorted"]
    b = [f"deal {c}" for c in community + b_groups] + ["sorted"]
    return a, b


@pytest.mark.parametrize(
    "game, options, seats, worlds, at_least, watcher",
    [
        (NMF, {"players": 2}, ["human", "human"], nmf_worlds, 15, 0),
        (NMF41, {"players": 2}, ["human", "human"], nmf41_worlds, 20, 0),
        (RING, {"players": 3}, ["human", "human", "human"], ring_worlds, 25, 0),
        (LP, {"hands": 2}, ["human", "human"], lp_worlds, 13, 1),
    ],
    ids=["not_my_fault", "not_my_fault_41", "ring", "lemon_poker"],
)
def test_a_seats_page_is_the_same_whatever_the_others_hold(store, game, options, seats, worlds, at_least, watcher):
    world_a, world_b = worlds(random.Random(4))
    assert world_a != world_b
    compared = play_seat_scripts(store, game, options, seats, world_a, world_b, watcher=watcher)
    assert compared >= at_least  # every deal, draw, face-down card and declaration before the first reveal


def test_the_comparison_would_catch_a_leak(store, monkeypatch):
    """The same worlds, with a view that writes another seat's hand size... and its cards: the pages differ."""
    from widgets.views import not_my_fault as view_module

    real = view_module.View.status

    def leaky(self):
        state = self.context.match.state
        return real(self) + f" {getattr(state, 'table', '')}"

    monkeypatch.setattr(view_module.View, "status", leaky)
    world_a, world_b = nmf_worlds(random.Random(4))
    with pytest.raises(AssertionError, match="seat 0's page differs"):
        play_seat_scripts(store, NMF, {"players": 2}, ["human", "human"], world_a, world_b)


def play_seat_scripts(store, game, options, seats, world_a, world_b, watcher: int = 0) -> int:
    """Like ``play_both``, with each move made by the page of the seat that makes it; the page
    compared is seat ``watcher``'s."""
    owner_a, phone_a = seat_zero_page(store, game, options, seats, watcher=watcher)
    owner_b, phone_b = seat_zero_page(store, game, options, seats, watcher=watcher)
    pages = {"a": (owner_a, phone_a), "b": (owner_b, phone_b)}
    compared = 0
    for move_a, move_b in zip(world_a, world_b):
        if owner_a.match.current_player >= 0 and game.reveals(owner_a.match.state, game.parse_action(move_a)):
            break
        for key, move in (("a", move_a), ("b", move_b)):
            owner, phone = pages[key]
            owner.poll()
            phone.poll()
            mover = phone if owner.match.current_player == watcher else owner
            mover.play(move)
            owner.poll()
            phone.poll()
        assert game.observe(owner_a.match.state, watcher) == game.observe(owner_b.match.state, watcher), \
            "the scripts must keep the watcher's view equal"
        assert widget_tree(phone_a.root) == widget_tree(phone_b.root), f"seat {watcher}'s page differs after {move_a!r} / {move_b!r}"
        compared += 1
    return compared
