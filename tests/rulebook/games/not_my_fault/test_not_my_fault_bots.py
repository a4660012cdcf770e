"""Bots of both versions: they cannot cheat, they play legal moves, and they play sensibly."""

from __future__ import annotations

import numpy as np
import pytest
from tests.support.nmf_helpers import V2, V41, deal41, play, random_states

from tests.support.automatic import automatic_moves

from rulebook.bots import RandomBot
from rulebook.core import Match
from rulebook.games.not_my_fault.actions import AUDIT, DRAW, Declare, Place
from rulebook.games.not_my_fault.bots import (
    NotMyFaultSearch,
    RulesBot,
    loser_chances,
    make_evaluate,
    make_search_bot,
    round_over,
)
from rulebook.games.not_my_fault.state import FaceDown


def bots(game):
    """Every bot kind, the search bot reproducible (fixed iterations, no clock)."""
    return {
        "search": make_search_bot(game, budget=None, iterations=200),
        "rules": RulesBot(game),
        "random": RandomBot(),
    }


def same_choice(game, a, b, seat: int) -> None:
    assert game.current_player(a) == seat == game.current_player(b)
    assert a != b
    seen_a, seen_b = game.observe(a, seat), game.observe(b, seat)
    assert seen_a == seen_b
    assert game.legal_actions(a) == game.legal_actions(b)
    for kind in ("search", "rules", "random"):
        move_a = bots(game)[kind].choose(seen_a, game.legal_actions(a), np.random.default_rng(9))
        move_b = bots(game)[kind].choose(seen_b, game.legal_actions(b), np.random.default_rng(9))
        assert move_a == move_b, kind


def test_v2_bots_cannot_cheat_a_hidden_card_swapped_with_the_deck() -> None:
    """Seat 3 must trust or audit 12; seat 1 laid a 6 in one world and a 1 in the other (swapped with the deck)."""
    a = play(V2, 3, ["first 0", "draw", "card 6", "declare 5", "draw", "card 5", "declare 12"])
    table = list(a.table)
    table[0] = FaceDown(seat=0, value=1, epoch=0)
    deck = list(a.deck)
    deck[6] += 1
    deck[1] -= 1
    b = a._replace(table=tuple(table), deck=tuple(deck))
    assert V2.legal_actions(a) == [DRAW, AUDIT]
    same_choice(V2, a, b, 2)


def test_v2_bots_cannot_cheat_when_declaring() -> None:
    """Seat 2 declares after drawing a 4; seat 1's face-down card is a 6 or a 0."""
    a = play(V2, 2, ["first 0", "draw", "card 6", "declare 5", "draw", "card 4"])
    b = a._replace(table=(FaceDown(seat=0, value=0, epoch=0), a.table[1]), deck=tuple(c + (k == 6) - (k == 0) for k, c in enumerate(a.deck)))
    same_choice(V2, a, b, 1)


def test_41_bots_cannot_cheat_hands_swapped_between_opponents_and_set_aside() -> None:
    hands = [[0, 1, 2, 2, 4, 8, 8], [0, 0, 1, 1, 2, 2, 4], [1, 2, 2, 2, 4, 4, 8]]
    a = play(V41, 3, deal41(3, hands) + ["place 8", "declare 11"])
    # seat 2 decides; seats 1 and 3 trade an 8 for a 1, and seat 1's face-down 8 becomes a 4 of the set-aside cards
    h0, h1, h2 = a.hands
    h0b = (h0[0], h0[1] + 1, h0[2], h0[3], h0[4] - 1)
    h2b = (h2[0], h2[1] - 1, h2[2], h2[3], h2[4] + 1)
    deck = list(a.deck)
    deck[3] -= 1
    deck[4] += 1
    b = a._replace(hands=(h0b, h1, h2b), table=(FaceDown(seat=0, value=4, epoch=0),), deck=tuple(deck))
    same_choice(V41, a, b, 1)


def test_41_bots_cannot_cheat_when_laying_a_card() -> None:
    hands = [[0, 1, 2, 2, 4, 8, 8], [0, 0, 1, 1, 2, 2, 4], [1, 2, 2, 2, 4, 4, 8]]
    a = play(V41, 3, deal41(3, hands, first=2))
    # seat 3 opens; seats 1 and 2 trade their whole hands
    b = a._replace(hands=(a.hands[1], a.hands[0], a.hands[2]))
    same_choice(V41, a, b, 2)


@pytest.mark.parametrize("game", [V2, V41], ids=["v2", "41"])
def test_bots_always_choose_a_legal_move(game) -> None:
    rng = np.random.default_rng(3)
    kinds = bots(game)
    for state in random_states(game, 4, 5, games=2)[::3]:
        seat = game.current_player(state)
        if seat < 0:
            continue
        legal = game.legal_actions(state)
        for bot in kinds.values():
            assert bot.choose(game.observe(state, seat), legal, rng) in legal


def test_the_search_bot_weighs_milestones_and_one_yellow_number() -> None:
    bot = make_search_bot(V2, budget=None, iterations=50)
    state = play(V2, 3, ["first 0", "draw", "card 3", "declare 5", "draw", "card 4"])
    legal = V2.legal_actions(state)
    assert [a.number for a in bot.candidates(legal)] == [6, 8, 12, 17, 23, 30]
    assert bot.choose(V2.observe(state, 1), legal, np.random.default_rng(0)) in legal
    assert sum(n for n, _ in bot.last_stats.values()) == 50
    assert isinstance(V2.make_bot("search"), NotMyFaultSearch) and isinstance(V41.make_bot("rules"), RulesBot)


def test_the_search_bot_avoids_a_certain_loss() -> None:
    """Seat 1 faces 24 over two cards, one of them its own 6: no card makes 24, so it audits."""
    bot = make_search_bot(V2, budget=None, iterations=300)
    state = play(V2, 2, ["first 0", "draw", "card 6", "declare 23", "draw", "card 6", "declare 24"])
    move = bot.choose(V2.observe(state, 0), V2.legal_actions(state), np.random.default_rng(1))
    assert move == AUDIT  # 6 + 6 = 12 < 24 whatever seat 2 says: seat 1 knows its own 6 and the odds


def test_the_rules_bot_audits_impossible_claims_and_trusts_certain_ones() -> None:
    bot = RulesBot(V2)
    state = play(V2, 2, ["first 0", "draw", "card 2", "declare 23"])
    assert bot.choose(V2.observe(state, 1), V2.legal_actions(state), np.random.default_rng(0)) == AUDIT
    state = play(V2, 2, ["first 0", "draw", "card 2", "declare 5", "draw", "card 6", "declare 8"])
    # seat 1 knows its 2; seat 2's card reaches 8 - 2 = 6 only if it is a 6: 5 of 30 unseen
    assert bot.choose(V2.observe(state, 0), V2.legal_actions(state), np.random.default_rng(0)) == AUDIT
    state = play(V2, 2, ["first 0", "draw", "card 6", "declare 1"])
    assert bot.choose(V2.observe(state, 1), V2.legal_actions(state), np.random.default_rng(0)) == DRAW
    decl = play(V2, 2, ["first 0", "draw", "card 3"])
    assert bot.choose(V2.observe(decl, 0), V2.legal_actions(decl), np.random.default_rng(0)) == Declare(5)
    hands = [[0, 1, 2, 2, 4, 8, 8], [0, 0, 1, 1, 2, 2, 4]]
    state = play(V41, 2, deal41(2, hands))
    move = RulesBot(V41).choose(V41.observe(state, 0), V41.legal_actions(state), np.random.default_rng(0))
    assert isinstance(move, Place) and move.value == 2  # the expected total 0 + 2 reaches the first milestone, 2


def test_penalty_race_evaluation() -> None:
    chances = loser_chances((0, 0, 0), 2)
    assert sum(chances) == pytest.approx(1) and chances[0] == pytest.approx(1 / 3)
    chances = loser_chances((1, 0, 0), 2)
    assert chances[0] > 0.5 and sum(chances) == pytest.approx(1)
    evaluate = make_evaluate(V2)
    state = V2.initial_state({"players": 3})._replace(marks=(1, 0, 0))
    assert evaluate(state, 1) > evaluate(state, 0) and 0 <= evaluate(state, 0) <= 0.5


def test_round_over_horizon() -> None:
    start = play(V2, 2, ["first 0", "draw"])
    assert not round_over(start, start)
    later = play(V2, 2, ["first 0", "draw", "card 1", "declare 5", "audit"])
    assert round_over(start, later)
    assert round_over(later, later)  # the bot's move itself ended a round


def test_bots_play_whole_games_through_the_match() -> None:
    for game in (V2, V41):
        match = Match.new(game, {"players": 3}, seed=4, seats=["search", "rules", "random"])
        match._bots[0] = make_search_bot(game, budget=None, iterations=60)
        automatic_moves(match)
        assert match.is_over()
