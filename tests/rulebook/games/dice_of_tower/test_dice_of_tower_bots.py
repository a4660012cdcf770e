"""Bots: they always pick a legal move, and both weigh the collapse model."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support.automatic import automatic_moves

from rulebook.core import Match
from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower.actions import Place, Remove
from rulebook.games.dice_of_tower.bots import RulesBot, make_search_bot, placement_value
from rulebook.games.dice_of_tower.state import Phase

from tests.rulebook.games.dice_of_tower.test_dice_of_tower_engine import table

PERFECT = dict(height_risk=0, step_risk=0, reroll_risk=0)
SHAKY = dict(height_risk=200, step_risk=200, reroll_risk=0)


def choice_scene(hands):
    """Seat 0's M die shows 6: onto a 4-tower topped by an opponent's 1 (tall, 30 points) or onto a lone 1 (12)."""
    return table([[(1, 1), (8, 6), (2, 1), (9, 1)], [(3, 6)], [(10, 1)], [(11, 3)]], options=hands, turns=2, round=2, start=1)


TALL, LOW = Place(3, 9), Place(3, 10)


def test_rules_bot_takes_the_tall_tower_with_steady_hands_and_the_safe_one_when_they_shake() -> None:
    for hands, expected in ((PERFECT, TALL), (SHAKY, LOW)):
        state = choice_scene(hands)
        assert GAME.legal_actions(state) == [TALL, LOW]
        assert RulesBot().choose(GAME.observe(state, 0), [TALL, LOW], np.random.default_rng(0)) == expected
    state = choice_scene({})
    assert placement_value(state, TALL, 0.0) > placement_value(state, TALL, 0.5) > placement_value(state, TALL, 0.9)


def test_search_bot_weighs_the_collapse_chance() -> None:
    values = {}
    for name, hands in (("perfect", PERFECT), ("shaky", SHAKY)):
        state = choice_scene(hands)
        bot = make_search_bot(GAME, budget=None, iterations=400)
        pick = bot.choose(GAME.observe(state, 0), [TALL, LOW], np.random.default_rng(1))
        values[name] = bot.last_stats[TALL][1]
        if name == "shaky":
            assert pick == LOW
    assert values["shaky"] < values["perfect"] - 0.2


def test_rules_bot_gives_up_the_fewest_pips() -> None:
    state = table([[(0, 5)], [(1, 2)], [(4, 2)], [(8, 6)]], phase=Phase.LOSE)
    legal = GAME.legal_actions(state)
    assert legal == [Remove(0), Remove(1), Remove(4)]
    assert RulesBot().choose(GAME.observe(state, 0), legal, np.random.default_rng(0)) == Remove(1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_end_with_legal_moves(players) -> None:
    kinds = ["rules", "search", "random", "search"][:players]
    match = Match.new(GAME, {"players": players}, seed=players, seats=kinds)
    for seat, kind in enumerate(kinds):
        if kind == "search":
            match._bots[seat] = make_search_bot(GAME, budget=None, iterations=40)  # quick and reproducible
    automatic_moves(match)
    assert match.is_over() and GAME.outcome(match.state).winners


def test_search_bot_sees_only_the_observation() -> None:
    """Nothing is hidden, so the bot's world is exactly the table it was shown."""
    state = choice_scene({})
    observation = GAME.observe(state, 0)
    assert GAME.sample_state(observation, 0, np.random.default_rng(0)) == state
    assert GAME.observe(GAME.sample_state(observation, 0, None), 0) == observation
