"""指輪を落とさないで bots: they cannot cheat, they play legal moves, and their policy does what it says."""

from __future__ import annotations

import numpy as np
import pytest
from tests.support.ring_states import bot_policy, play_game, table

from tests.support.automatic import automatic_moves

from rulebook.core import Match
from rulebook.games.ring import GAME
from rulebook.games.ring.actions import PLAY
from rulebook.games.ring.bots import RulesBot, choose_discard, choose_play, choose_take, evaluate, ring_shares, search_bot
from rulebook.games.ring.cards import CARD_IDS, CARD_NAMES
from rulebook.games.ring.game import DISCARD_PHASE, DRAFT, PLAY_PHASE

KINDS = ["random", "rules", "search"]


def make(kind: str):
    return search_bot(GAME, budget=None, iterations=60) if kind == "search" else GAME.make_bot(kind)


def reach(options: dict, seed: int, phase: int, tricks: int = 0):
    """A reachable state of ``phase`` (with ``tricks`` finished tricks), rules bots playing."""
    found = []

    def keep(state):
        if not found and state.phase == phase and len(state.tricks) == tricks and (phase != PLAY_PHASE or len(state.trick) == 1):
            found.append(state)

    play_game(options, seed, [bot_policy("rules")] * options["players"], on_state=keep)
    assert found, "no such state in this game"
    return found[0]


def swap_hidden(state, seat: int, with_leftover: bool):
    """The same table, but two cards ``seat`` cannot see trade places (two other hands, or a hand and the leftovers)."""
    n = len(state.rings)
    a, b = [(seat + 1) % n, (seat + 2) % n]
    hands = [list(h) for h in state.hands]
    leftover = list(state.leftover)
    if with_leftover:
        x, y = hands[a][0], leftover[0]
        hands[a][0], leftover[0] = y, x
    else:
        x, y = hands[a][0], hands[b][0]
        hands[a][0], hands[b][0] = y, x
    other = state._replace(hands=tuple(tuple(sorted(h)) for h in hands), leftover=tuple(sorted(leftover)))
    assert other != state
    return other


@pytest.mark.parametrize(
    "players, phase, tricks, with_leftover",
    [
        (4, DRAFT, 0, False),
        (4, DISCARD_PHASE, 0, True),
        (4, PLAY_PHASE, 1, True),
        (5, PLAY_PHASE, 2, False),
        (3, PLAY_PHASE, 0, True),
    ],
)
@pytest.mark.parametrize("kind", KINDS)
def test_bots_that_cannot_cheat(players, phase, tricks, with_leftover, kind) -> None:
    """Two tables that differ only in cards the bot cannot see: same observation, same move."""
    state = reach({"players": players}, seed=players * 10 + phase, phase=phase, tricks=tricks)
    seat = GAME.current_player(state)
    other = swap_hidden(state, seat, with_leftover)
    assert GAME.observe(state, seat) == GAME.observe(other, seat)
    assert GAME.legal_actions(state) == GAME.legal_actions(other)
    move = make(kind).choose(GAME.observe(state, seat), GAME.legal_actions(state), np.random.default_rng(7))
    again = make(kind).choose(GAME.observe(other, seat), GAME.legal_actions(other), np.random.default_rng(7))
    assert move == again
    assert move in GAME.legal_actions(state)


def test_the_search_bot_is_reproducible_and_reports_its_statistics() -> None:
    state = reach({"players": 4}, seed=3, phase=DISCARD_PHASE)
    seat = GAME.current_player(state)
    first = make("search")
    a = first.choose(GAME.observe(state, seat), GAME.legal_actions(state), np.random.default_rng(1))
    b = make("search").choose(GAME.observe(state, seat), GAME.legal_actions(state), np.random.default_rng(1))
    assert a == b
    assert sum(visits for visits, _ in first.last_stats.values()) == 60
    assert set(first.last_stats) == set(GAME.legal_actions(state))


def test_a_time_budget_bounds_a_decision() -> None:
    import time

    state = reach({"players": 5}, seed=4, phase=DISCARD_PHASE)
    seat = GAME.current_player(state)
    bot = GAME.make_bot("search")
    start = time.perf_counter()
    bot.choose(GAME.observe(state, seat), GAME.legal_actions(state), np.random.default_rng(0))
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("kind", ["rules", "search"])
def test_bots_play_whole_games_legally_through_match(kind: str) -> None:
    seats = [kind, "rules", "random"]
    match = Match.new(GAME, {"players": 3}, seed=12, seats=seats)
    if kind == "search":
        match._bots[0] = make("search")
    automatic_moves(match)
    assert match.is_over() and GAME.outcome(match.state) is not None


def test_the_search_bot_ducks_once_its_die_is_on_just() -> None:
    """Last to play, die on Just: winning sends it to Too heavy (and its last Ruby would win again).

    Every Ruby and every 7 is accounted for, so ducking with the Ruby 4 is safe in every world
    the bot can imagine; it also leaves the trick to seat 1, whose die is already Too heavy.
    """
    hands = [["ruby-3", "sapphire-5"], ["ruby-6", "sapphire-6"], ["ruby-7", "ruby-4"]]
    earlier = [
        (0, ["sapphire-7", "sapphire-4", "ruby-5"], [0]),
        (0, ["emerald-7", "emerald-4", "emerald-5"], [0]),
        (0, ["grayspinel-7", "diamond-7", "ruby-2"], [0, 1]),
    ]
    state = table(hands, centre=6, tricks=earlier, leader=0, dice=[("more", 3), ("heavy", 2), ("just", 1)], rings=(5, 5, 5))
    state = GAME.apply(state, PLAY[CARD_IDS["ruby-3"]])
    state = GAME.apply(state, PLAY[CARD_IDS["ruby-6"]])
    assert GAME.current_player(state) == 2
    duck = PLAY[CARD_IDS["ruby-4"]]
    bot = search_bot(GAME, budget=None, iterations=200)
    assert bot.choose(GAME.observe(state, 2), GAME.legal_actions(state), np.random.default_rng(0)) == duck
    assert bot.last_stats[duck][1] > bot.last_stats[PLAY[CARD_IDS["ruby-7"]]][1]
    assert RulesBot().choose(GAME.observe(state, 2), GAME.legal_actions(state), np.random.default_rng(0)) == duck


def test_the_policy_in_words() -> None:
    ids = lambda *names: [CARD_IDS[n] for n in names]  # noqa: E731
    strong = ids("ruby-7", "sapphire-7", "emerald-7", "diamond-7", "grayspinel-7", "amethyst-7")
    weak = ids("ruby-2", "sapphire-3", "emerald-4", "amethyst-1", "ruby-3", "amethyst-2")
    # a strong hand in the 7-high order wants a big die; the parent knows which die stays
    assert choose_take(strong, [1, 6], 4) == 6  # the 1 stays: 1-high... still 6 is nearer
    assert choose_take(weak, [1, 6], 4) == 1
    # too many expected wins for the die: drop the strongest card; too few: the weakest
    assert CARD_NAMES[choose_discard(strong, 4, 5, 1)].endswith("-7")
    assert CARD_NAMES[choose_discard(weak, 4, 5, 6)] in ("amethyst-1", "amethyst-2", "ruby-2")
    # wanting steps, lead the strongest; ducking, the weakest
    assert choose_play(ids("ruby-7", "ruby-2"), [], 4, 6, want=2) == CARD_IDS["ruby-7"]
    assert choose_play(ids("ruby-7", "ruby-2"), [], 4, 6, want=0) == CARD_IDS["ruby-2"]


def test_ring_shares_favour_the_highest_ring_and_sharpen_near_the_end() -> None:
    early = ring_shares([9, 7, 7, 7])
    late = ring_shares([3, 1, 1, 1])
    assert early[0] > early[1] and abs(sum(early) - 1) < 1e-9
    assert late[0] > early[0]
    state = table([["ruby-3"], ["ruby-6"], ["ruby-7"]], rings=(6, 4, 2))
    assert evaluate(state, 0) > evaluate(state, 1) > evaluate(state, 2)


def test_bots_only_ever_see_observations() -> None:
    """Match hands a bot its seat's observation: no other hand is in it."""
    seen = []

    class Spy:
        def choose(self, observation, legal, rng):
            seen.append(observation)
            return legal[0]

    match = Match.new(GAME, {"players": 3}, seed=2, seats=["rules", "rules", "rules"])
    match._bots[1] = Spy()
    automatic_moves(match)
    assert seen
    for obs in seen:
        assert obs["you"] == 1 and set(obs) >= {"hand", "hand_sizes"}
        assert "hands" not in obs and "leftover" in obs and isinstance(obs["leftover"], int)
