"""The shared search bot: it plans only on worlds drawn from its own observation."""

from __future__ import annotations

import numpy as np
import pytest
from tests.support.toy_cards import GAME, Deal, Say, State

from rulebook.bots.search import SearchBot, seat_of


def bot(iterations: int = 300) -> SearchBot:
    return SearchBot(GAME, budget=None, iterations=iterations)


def state(cards: tuple[int, int], said: tuple[str, ...] = ()) -> State:
    return State(cards, said)


def test_sampled_worlds_agree_with_the_observation() -> None:
    rng = np.random.default_rng(1)
    for cards in [(1, 2), (6, 3), (4, 5)]:
        for said in [(), ("bet",)]:
            real = state(cards, said)
            for seat in (0, 1):
                observation = GAME.observe(real, seat)
                for _ in range(20):
                    world = GAME.sample_state(observation, seat, rng)
                    assert GAME.observe(world, seat) == observation


def test_two_states_that_differ_only_in_hidden_cards_get_the_same_move() -> None:
    """The no-cheating test: seat 1 holds 4; seat 0 holds 6 in one world, 1 in the other."""
    a, b = state((6, 4), ("bet",)), state((1, 4), ("bet",))
    assert GAME.observe(a, 1) == GAME.observe(b, 1)
    move_a = bot().choose(GAME.observe(a, 1), GAME.legal_actions(a), np.random.default_rng(7))
    move_b = bot().choose(GAME.observe(b, 1), GAME.legal_actions(b), np.random.default_rng(7))
    assert move_a == move_b


def test_the_choice_is_reproducible_from_the_rng() -> None:
    s = state((3, 4), ("bet",))
    first = bot().choose(GAME.observe(s, 1), GAME.legal_actions(s), np.random.default_rng(3))
    again = bot().choose(GAME.observe(s, 1), GAME.legal_actions(s), np.random.default_rng(3))
    assert first == again


@pytest.mark.parametrize("card, expected", [(1, "fold"), (2, "fold"), (3, "fold"), (4, "call"), (5, "call"), (6, "call")])
def test_it_finds_the_best_reply_from_what_it_can_see(card: int, expected: str) -> None:
    """Facing a bet, calling wins (card-1)/5 of the time; folding always shares the win (0.5)."""
    s = state((3 if card != 3 else 2, card), ("bet",))
    searcher = bot(iterations=800)
    assert searcher.choose(GAME.observe(s, 1), GAME.legal_actions(s), np.random.default_rng(0)) == Say(expected)
    visits = sum(n for n, _ in searcher.last_stats.values())
    assert visits == 800
    assert searcher.last_stats[Say("fold")][1] == 0.5
    n, mean = searcher.last_stats[Say("call")]
    p = (card - 1) / 5
    assert abs(mean - p) <= 3.5 * (p * (1 - p) / n) ** 0.5 + 1e-9  # within sampling error


def test_a_time_budget_bounds_the_decision() -> None:
    import time

    s = state((3, 4), ("bet",))
    searcher = SearchBot(GAME, budget=0.05, iterations=10**9)
    start = time.perf_counter()
    searcher.choose(GAME.observe(s, 1), GAME.legal_actions(s), np.random.default_rng(0))
    assert time.perf_counter() - start < 0.5


def test_observations_must_say_whose_they_are() -> None:
    with pytest.raises(ValueError):
        seat_of({"card": 3})
    assert seat_of({"you": 1}) == 1


def test_a_single_legal_move_needs_no_search() -> None:
    s = state((3, 4), ("bet",))
    only = [Say("call")]
    assert bot().choose(GAME.observe(s, 1), only, np.random.default_rng(0)) == Say("call")
    assert Deal(0, 1) != Say("call")
