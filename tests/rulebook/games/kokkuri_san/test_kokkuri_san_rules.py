"""One scenario per rule id of Kokkuri-san, and the source's worked example."""

from __future__ import annotations

import pytest
from tests.rulebook.games.kokkuri_san.kokkuri_san_helpers import GAME, board_state, make_cards, opening, play

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, UnreadableAction
from rulebook.games.kokkuri_san.actions import SKIP, Card, Draw, First, Flip, Move, Order, Play, Swap
from rulebook.games.kokkuri_san.cards import X
from rulebook.games.kokkuri_san.game import elected_positions, influence_order, next_starter, votes_of
from rulebook.games.kokkuri_san.state import DRAW, EFFECT, OVER, TURN, Played

HANDS3 = [["0", "1", "2"], ["3", "4", "5"], ["6", "7", "8"]]


def start(effects=None, players=3, first=0):
    cards = make_cards(effects)
    hands = HANDS3 + [["9", "10", "x"]] if players == 4 else HANDS3
    return cards, play({"players": players, "cards": cards}, opening(players, hands, first=first))


def settle(state, action):
    """The last play of a round, then its refill (chance: the first possible card), which settles."""
    state = GAME.apply(state, action)
    while state.phase == DRAW:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    return state


def refused(state, text, rule_id):
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.parse_action(text))
    assert info.value.rule_id == rule_id, info.value
    return info.value


# ----- setup ---------------------------------------------------------------------------------------------
def test_setup_lays_out_the_row_chooses_the_start_player_and_deals_three_each():
    state = GAME.initial_state({"players": 4})
    assert GAME.current_player(state) == CHANCE
    orders = GAME.chance_outcomes(state)
    assert len(orders) == 120 and abs(sum(p for _, p in orders) - 1) < 1e-9
    refused(state, "order 0 1 2 3", "setup")  # 5 kinds in the stand-in: each once
    refused(state, "order 0 0 1 2 3", "setup")
    state = GAME.apply(state, Order((4, 2, 0, 1, 3)))
    assert state.order == (4, 2, 0, 1, 3) and state.tokens == ((),) * 5
    refused(state, "first 4", "setup")
    state = GAME.apply(state, First(2))
    assert state.starter == 2 and state.drawer == 0
    for seat in range(4):
        for c in ("1", "2", "x"):
            assert state.drawer == seat
            state = GAME.apply(state, GAME.parse_action(f"card {c}"))
    assert state.phase == TURN and state.turn == 2
    assert all(sum(h) == 3 and sum(d) == 9 for h, d in zip(state.hands, state.decks))


def test_options_refuse_two_or_five_players():
    for players in (2, 5, "3"):
        with pytest.raises(BadOption) as info:
            GAME.initial_state({"players": players})
        assert info.value.rule_id == "players"


# ----- chance -------------------------------------------------------------------------------------------
def test_a_drawn_card_must_be_in_the_drawing_seat_s_deck():
    state = play({"players": 3}, ["order 0 1 2 3 4", "first 0", "card 5"])
    refused(state, "card 5", "chance")  # seat 1 drew its only 5 already
    refused(state, "play 0 5 up", "chance")
    _, state = start()
    refused(state, "card 3", "chance")  # a chance outcome is not a move


# ----- turn ----------------------------------------------------------------------------------------------
def test_a_turn_places_a_token_left_packed_and_a_card_under_it():
    _, state = start()
    state = GAME.apply(state, Play(1, 2, False))
    assert state.tokens[1] == (0,) and state.board[1] == (Played(0, 2, False),)
    state = GAME.apply(state, Card(9))  # refill
    assert state.phase == TURN and state.turn == 1
    state = GAME.apply(state, Play(1, 4, True))
    assert state.tokens[1] == (0, 1)  # to the right of the token already there
    assert state.board[1] == (Played(0, 2, False), Played(1, 4, True))
    refused(state, "play 4 3 down", "chance")
    state = GAME.apply(state, Card(0))
    refused(state, "play 4 6 down", "turn")  # only positions 0-3
    refused(state, "flip 1 0", "patron-effect")


def test_the_card_must_come_from_the_hand():
    _, state = start()
    error = refused(state, "play 0 5 up", "hand")
    assert "no 5" in error.message_en


# ----- patron effects --------------------------------------------------------------------------------------
def test_a_face_up_card_sets_off_the_mandatory_effect_and_a_face_down_one_does_not():
    _, state = start(effects=[{"op": "flip"}, None, None, None])
    state = GAME.apply(state, Play(0, 0, False))  # face down: no effect
    assert state.phase == DRAW
    state = GAME.apply(state, Card(9))
    state = GAME.apply(state, Play(0, 3, True))
    assert state.phase == EFFECT and state.pending == 0
    assert GAME.legal_actions(state) == [Flip(0, 0)]  # mandatory: no skip
    refused(state, "skip", "patron-effect")
    refused(state, "flip 0 1", "patron-effect")  # the card just played is face up
    refused(state, "swap 0 1", "patron-effect")
    refused(state, "play 1 4 up", "patron-effect")
    state = GAME.apply(state, Flip(0, 0))
    assert state.board[0][0] == Played(0, 0, True) and state.phase == DRAW


def test_a_mandatory_effect_with_nothing_to_do_passes():
    _, state = start(effects=[{"op": "flip"}, {"op": "move"}, None, None])
    state = GAME.apply(state, Play(0, 0, True))  # no face-down card anywhere
    assert state.phase == DRAW and state.pending == -1
    state = GAME.apply(state, Card(9))
    state = GAME.apply(state, Play(1, 3, True))  # seat 1 has no token elsewhere
    assert state.phase == DRAW


def test_an_effect_that_says_may_can_be_skipped():
    _, state = start(effects=[None, None, {"op": "swap", "may": True}, None])
    state = GAME.apply(state, Play(2, 1, True))
    assert state.phase == EFFECT and GAME.legal_actions(state)[-1] == SKIP
    assert len(GAME.legal_actions(state)) == 6 + 1
    skipped = GAME.apply(state, SKIP)
    assert skipped.order == (0, 1, 2, 3) and skipped.phase == DRAW
    refused(state, "swap 3 2", "patron-effect")  # the smaller position first
    refused(state, "swap 2 2", "patron-effect")
    swapped = GAME.apply(state, Swap(0, 2))
    assert swapped.order == (2, 1, 0, 3) and swapped.tokens[0] == (0,) and swapped.board[0] == (Played(0, 1, True),)


def test_move_takes_your_token_from_another_candidate_to_this_one():
    _, state = start(effects=[None, None, None, {"op": "move"}])
    script = ["play 0 0 down", "card 9", "play 0 3 down", "card 9", "play 0 6 down", "card 0"]
    for text in script:
        state = GAME.apply(state, GAME.parse_action(text))
    assert state.tokens[0] == (0, 1, 2)
    state = GAME.apply(state, Play(3, 1, True))  # seat 0 again
    assert GAME.legal_actions(state) == [Move(0)]
    refused(state, "move 1", "patron-effect")
    refused(state, "move 3", "patron-effect")
    state = GAME.apply(state, Move(0))
    assert state.tokens[0] == (1, 2) and state.tokens[3] == (0, 0)
    assert state.board[0][0].seat == 0  # the card stays where it was played


def test_draw_effects_refill_beyond_three():
    _, state = start(effects=[{"op": "draw", "n": 1}, {"op": "draw", "n": 2, "may": True}, None, None])
    state = GAME.apply(state, Play(0, 0, True))
    assert state.phase == DRAW and state.target == 4
    state = GAME.apply(state, Card(9))
    state = GAME.apply(state, Card(10))
    assert sum(state.hands[0]) == 4 and state.phase == TURN
    state = GAME.apply(state, Play(1, 3, True))
    assert GAME.legal_actions(state) == [Draw(), SKIP]
    taken = GAME.apply(state, Draw())
    assert taken.target == 5
    assert GAME.apply(state, SKIP).target == 3


# ----- refill -----------------------------------------------------------------------------------------------
def test_refill_to_three_stops_when_the_deck_is_empty():
    state, _ = board_state(make_cards(), 3, [[(0, "0"), (1, "0"), (2, "0")], [(0, "1"), (1, "1"), (2, "1")], [(0, "2")]], last=2)
    state = state._replace(decks=tuple((0,) * 12 for _ in range(3)), turns=5, turn=2)
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.phase == TURN  # no draw: straight on to the next seat
    assert state.turn == 0 and sum(state.hands[2]) == 2 and state.turns == 6


# ----- settlement: votes, ranking, influence, points ---------------------------------------------------------
def test_votes_add_up_and_times_minus_one_flips_the_sum_of_the_others():
    assert votes_of((Played(0, 7, False), Played(1, 3, True))) == 10
    assert votes_of((Played(0, 7, False), Played(1, X, True), Played(2, 2, False))) == -9
    assert votes_of((Played(0, X, False),)) == 0
    assert votes_of((Played(0, 4, False), Played(1, X, True), Played(2, X, False))) == 4  # two flips cancel


def test_ranking_elects_the_two_with_most_votes_ties_to_the_left():
    board = ((Played(0, 5, True),), (Played(1, 7, True),), (Played(2, 5, True),), ())
    assert elected_positions(board) == (1, 0)
    board = ((Played(0, X, True), Played(1, 2, True)), (), (), (Played(1, 1, True),))
    assert elected_positions(board) == (3, 1)  # 1 vote; then 0 and 0: the left one


def test_influence_more_tokens_first_ties_to_the_leftmost_token():
    assert influence_order((2, 0, 0, 2, 1)) == [2, 0, 1]
    assert influence_order((1, 0, 0)) == [0, 1]
    assert influence_order((3,)) == [3]


def test_the_source_s_example_six_and_three_and_six_alone():
    cards = make_cards(points=[[6, 3], [5, 2], [1, 0], [1, 0]])
    # candidate 0 (6/3) is elected 1st: influence 1st (seat 0, 2 tokens) scores 6, 2nd (seat 1) scores 3
    board = [[(0, "9"), (1, "8"), (0, "7")], [(1, "6"), (2, "5")], [(2, "0"), (1, "0")], [(2, "1"), (0, "2")]]
    state = settle(*board_state(cards, 3, board, last=3))
    assert state.settled == 1 and state.last.votes == (24, 11, 0, 3) and state.last.elected == (0, 1)
    # candidate 1 (5/2): one token each, seat 1's is further left
    assert state.scores == (6, 3 + 5, 2)
    # with nobody 2nd in influence, the 1st still scores only the 1st's points
    board = [[(0, "9"), (0, "8")], [(0, "7"), (1, "6")], [(1, "0"), (2, "0")], [(2, "1"), (1, "1"), (2, "2")]]
    state = settle(*board_state(cards, 3, board, last=3))
    assert state.last.elected == (0, 1) and state.scores == (6 + 5, 2, 0)


def test_settlement_turns_up_and_counts_face_down_cards_and_times_minus_one():
    board = [[(0, "10"), (1, "x")], [(1, "3")], [(2, "2"), (0, "4")], [(0, "1"), (2, "1"), (1, "0"), (2, "5")]]
    state = settle(*board_state(make_cards(), 3, board, last=3))
    assert state.last.votes == (-10, 3, 6, 7)
    assert state.last.elected == (3, 2)
    assert all(p.up for column in state.last.board for p in column)


# ----- next round and start player -----------------------------------------------------------------------------
def test_next_round_returns_tokens_and_lays_cards_in_front_of_their_owners():
    board = [[(0, "10"), (1, "9")], [(2, "8"), (0, "7")], [(1, "6"), (2, "5")], [(0, "4"), (1, "3"), (2, "0")]]
    state = settle(*board_state(make_cards(), 3, board, last=3))
    assert state.phase == TURN and state.round == 2 and state.turns == 0
    assert state.tokens == ((),) * 4 and state.board == ((),) * 4
    assert state.fronts[0][10] == 1 and state.fronts[0][7] == 1 and state.fronts[2][0] == 1
    assert [sum(f) for f in state.fronts] == [3, 3, 3]
    assert GAME.observe(state, 1)["fronts"][0][10] == 1  # public for everybody


# seat 0 gains 6 (1st on A), seat 1 gains 3 + 5 (2nd on A, 1st on B), seat 2 gains 2 (2nd on B)
RACE = [[(0, "10"), (1, "9")], [(1, "8"), (2, "7")], [(0, "6"), (1, "2")], [(0, "1"), (2, "1"), (2, "0")]]


def test_start_player_is_the_leader_ties_nearest_clockwise_from_the_last_start():
    assert next_starter((3, 9, 1), 0) == 1
    assert next_starter((9, 3, 9, 0), 1) == 2
    assert next_starter((9, 3, 9, 0), 3) == 0
    assert next_starter((5, 5, 5), 2) == 2  # the previous start player counts first among equals
    for starter, expected in [(0, 0), (1, 1), (2, 0)]:
        state = settle(*board_state(make_cards(), 3, RACE, last=3, scores=(2, 0, 0), starter=starter))
        assert state.scores == (8, 8, 2)
        assert state.starter == expected and state.turn == expected


# ----- the end ---------------------------------------------------------------------------------------------------
def test_the_game_ends_after_the_third_settlement():
    state = settle(*board_state(make_cards(), 3, RACE, last=3, round=3, settled=2, scores=(10, 12, 4)))
    assert state.phase == OVER and GAME.current_player(state) == TERMINAL
    outcome = GAME.outcome(state)
    assert outcome.reason == "end" and outcome.scores == (16, 20, 6) and outcome.winners == (1,)
    refused(state, "play 0 0 up", "end")


def test_tied_leaders_share_the_win():
    state = settle(*board_state(make_cards(), 3, RACE, last=3, round=3, settled=2, scores=(2, 0, 0)))
    assert GAME.outcome(state).winners == (0, 1)


@pytest.mark.parametrize(
    "settled, scores, over",
    [(0, (0, 0, 0), False), (0, (20, 0, 0), True), (1, (9, 4, 0), False), (1, (14, 0, 0), True), (1, (13, 0, 0), False)],
)
def test_early_end_when_the_leader_is_twelve_ahead_after_the_first_or_second(settled, scores, over):
    state = settle(*board_state(make_cards(), 3, RACE, last=3, round=settled + 1, settled=settled, scores=scores))
    assert (state.phase == OVER) is over
    if over:
        outcome = GAME.outcome(state)
        assert outcome.reason == "early-end" and outcome.winners == (0,)
        ranked = sorted(outcome.scores, reverse=True)
        assert ranked[0] - ranked[1] >= 12
    else:
        assert state.round == settled + 2


# ----- actions -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["play 0 11 up", "play 0 x sideways", "hello", "order", "card y", ""])
def test_text_that_reads_as_no_move_is_unreadable(text):
    with pytest.raises(UnreadableAction) as info:
        GAME.parse_action(text)
    assert info.value.rule_id == "actions"


def test_actions_write_themselves_and_parse_back():
    for action in [Play(2, 7, True), Play(0, X, False), Flip(1, 0), Swap(0, 3), Move(2), Draw(), SKIP, Order((3, 0, 1, 4, 2)), First(1), Card(X), Card(10)]:
        assert GAME.parse_action(str(action)) == action
    assert str(Play(0, X, False)) == "play 0 x down"
