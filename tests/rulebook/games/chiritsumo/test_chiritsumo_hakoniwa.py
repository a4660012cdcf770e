"""箱庭 (CT-8), rule by rule: set-up, dust pile, rounds, とばっ塵 and its order and limit, ちりつも, 富士, the end.

Most positions are built as a ``State`` in the arrange phase with every seat's
pyramid already standing; ``all_done`` then declares for every seat so the
engine scores the round itself. Round scores are chosen with pattern-free
pyramids: a complete pyramid where nothing scores is worth exactly apex × 3.
"""

from __future__ import annotations

from collections import Counter

import pytest
from tests.rulebook.games.chiritsumo.ct_helpers import ALL_SLOTS, START, all_done, build, hako_state, hand, plain, roll_round, seat, uniform

from rulebook.core import CHANCE, IllegalAction, Match
from rulebook.games.chiritsumo import GAME, score
from rulebook.games.chiritsumo.actions import PILE, Done, Pass, Place, Swap, Toss

COLOURS = ("clear", "yellow", "red", "blue")
FUJI = """
   C
  B B
 Y B R
Y Y R R
"""


def refused(state, action) -> str:
    before = state
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert state == before and not GAME.is_legal(state, action)
    assert action not in GAME.legal_actions(state)
    return info.value.rule_id


def colour_totals(state) -> Counter:
    total = Counter(state.pile)
    for s in state.seats:
        total.update(s.dice)
    return total


# ----- hako-setup / hako-pile ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "players,pile",
    [(2, {"clear": 2, "yellow": 3, "red": 3, "blue": 3}), (3, {"clear": 1, "yellow": 2, "red": 2, "blue": 2}), (4, {})],
)
def test_setup_and_dust_pile(players, pile):
    state = GAME.initial_state({"mode": "hakoniwa", "players": players})
    assert GAME.num_seats(state) == len(state.seats) == players
    for s in state.seats:
        assert Counter(s.dice) == Counter(START)
    assert Counter(state.pile) == Counter(pile)
    assert colour_totals(state)["clear"] == 4  # always exactly 4 clear dice in the game


def test_no_pile_with_four_players():
    seats = [seat(uniform(dict(zip(ALL_SLOTS, hand())))) for _ in range(4)]
    state = all_done(hako_state(seats))
    assert state.phase == "toss"
    assert all(a.target != PILE for a in GAME.legal_actions(state) if isinstance(a, Toss))
    assert refused(state, Toss("yellow", PILE, "red")) == "hako-pile"


@pytest.mark.parametrize("players", [2, 3])
def test_pile_is_a_swap_partner_with_fewer_players(players):
    seats = [seat(plain(hand())) for _ in range(players)]
    state = all_done(hako_state(seats))
    assert state.phase == "toss"
    assert Toss("yellow", PILE, "clear") in GAME.legal_actions(state)
    after = GAME.apply(state, Toss("yellow", PILE, "clear"))
    assert after.seats[0].dice.count("clear") == 2 and Counter(after.pile)["yellow"] == Counter(state.pile)["yellow"] + 1
    assert colour_totals(after) == colour_totals(state)


# ----- hako-round ---------------------------------------------------------------------------------------
def test_a_round_everyone_rolls_then_stacks_then_scores():
    m = Match.new(GAME, {"mode": "hakoniwa", "players": 2}, seed=5, table=True)
    rolls = 0
    while m.current_player == CHANCE:
        (roll, _), *_ = GAME.chance_outcomes(m.state)
        m.play(roll)
        rolls += 1
    assert rolls == 20  # every die of every seat before anyone stacks
    assert m.state.phase == "arrange" and m.current_player == 0
    m.play("done")
    assert m.current_player == 1 and m.state.last_scores == ()  # scored only when everyone is done
    m.play("done")
    assert m.state.phase == "roll" and m.state.round == 2  # nobody completed: no とばっ塵
    assert [s.history for s in m.state.seats] == [(0,), (0,)]


def test_only_completed_players_swap_and_scores_are_added_after_the_swaps():
    m = Match.new(GAME, {"mode": "hakoniwa", "players": 3}, seed=5, table=True)
    full = plain(hand(), pips=2)
    partial = {(0, 0): ("yellow", 3), (0, 1): ("yellow", 3), (1, 0): ("yellow", 3)}
    roll_round(m, [[(c, 3) for c in START], [(c, 3) for c in START], [(c, 4) for c in START]])
    build(m, partial)  # seat 0: a mountain, incomplete: 1 point
    build(m, {})  # seat 1: nothing
    build(m, {})  # seat 2: nothing
    state = m.state
    assert state.phase == "roll"  # nobody completed this round
    assert [s.total for s in state.seats] == [1, 0, 0]

    roll_round(m, [[(c, 3) for c in START], list(full.values()), [(c, 4) for c in START]])
    build(m, {})
    build(m, full)  # seat 1 completes: 2 × 3 bonus
    build(m, {(0, 0): ("red", 4), (0, 1): ("red", 4), (0, 2): ("red", 4)})  # a river, incomplete
    state = m.state
    assert state.phase == "toss" and state.toss_order == (1,) and GAME.current_player(state) == 1
    assert state.last_scores == (0, 6, 1)
    assert [s.total for s in state.seats] == [1, 0, 0]  # not yet added
    m.play("pass")
    assert [s.total for s in m.state.seats] == [1, 6, 1]
    assert m.state.phase == "roll" and m.state.round == 3


# ----- hako-toss ------------------------------------------------------------------------------------------
def toss_state(players: int = 3, hands=None, piles=None, scores=None):
    """Everyone completed; seat k scores ``scores[k]`` (pips × 3, pattern-free); arrange → toss.

    By default seat 0 scores most, then seat 1, ..., so the swap order is seat order.
    """
    hands = hands or [hand()] * players
    scores = scores or [3 * (players - k) for k in range(players)]
    seats = [seat(plain(h, pips=sc // 3, seed=k)) for k, (h, sc) in enumerate(zip(hands, scores))]
    return all_done(hako_state(seats, pile=piles))


def test_toss_actions_are_every_one_for_one_swap_plus_pass():
    state = toss_state(3, hands=[hand(), hand(2, 3, 3, 2), hand(0, 4, 3, 3)], piles=hand(1, 2, 2, 2)[1:])
    me = GAME.current_player(state)
    assert me == 0
    expected = {Pass()}
    partners = {1: state.seats[1].dice, 2: state.seats[2].dice, PILE: state.pile}
    for target, theirs in partners.items():
        for give in set(state.seats[me].dice):
            for take in set(theirs):
                if give != take:  # a same-colour swap changes no dice (the engine offers 'pass' instead)
                    expected.add(Toss(give, target, take))
    assert set(GAME.legal_actions(state)) == expected
    assert len(GAME.legal_actions(state)) == len(expected)


def test_toss_moves_one_die_each_way():
    state = toss_state(3)
    after = GAME.apply(state, Toss("clear", 2, "blue"))
    assert Counter(after.seats[0].dice) == Counter(hand(0, 3, 3, 4))
    assert Counter(after.seats[2].dice) == Counter(hand(2, 3, 3, 2))
    assert all(len(s.dice) == 10 for s in after.seats)
    assert colour_totals(after) == colour_totals(state)


def test_toss_refusals():
    state = toss_state(3, hands=[hand(), hand(1, 3, 3, 3), hand(1, 6, 3, 0)])
    assert refused(state, Toss("yellow", 0, "red")) == "hako-toss"  # yourself
    assert refused(state, Toss("yellow", 3, "red")) == "hako-toss"  # no such seat
    assert refused(state, Toss("yellow", 7, "red")) == "hako-toss"
    assert refused(state, Toss("purple", 1, "red")) == "hako-toss"
    assert refused(state, Toss("blue", 2, "blue")) == "hako-toss"  # seat 2 holds no blue
    assert refused(state, Swap("red")) == "hako-toss"  # wrong phase
    assert refused(state, Done()) == "hako-toss"
    assert refused(state, Place(0, (0, 0))) == "hako-toss"


def test_give_a_colour_you_do_not_hold_is_refused():
    state = toss_state(2, hands=[hand(1, 6, 3, 0), hand()])
    assert refused(state, Toss("blue", 1, "red")) == "hako-toss"


# ----- hako-toss-order ---------------------------------------------------------------------------------------
def order_of(seats, pile=None):
    state = all_done(hako_state(seats, pile=pile))
    assert state.phase == "toss"
    return state.toss_order


def test_order_highest_round_score_first():
    seats = [seat(plain(hand(), pips=p, seed=p)) for p in (1, 3, 2)]
    assert order_of(seats) == (1, 2, 0)


def test_order_tie_more_clear_dice_first():
    seats = [seat(plain(hand(1, 3, 3, 3), pips=2)), seat(plain(hand(2, 3, 3, 2), pips=2)), seat(plain(hand(1, 3, 3, 3), pips=2, seed=3))]
    assert [score(s.pyramid()).total for s in seats] == [6, 6, 6]
    assert order_of(seats, pile=hand(0, 2, 2, 3)) == (1, 0, 2)


def test_order_tie_clear_die_on_a_higher_row_first():
    low = seat(plain(hand(), pips=1, fixed={(0, 0): "clear"}))
    high = seat(plain(hand(), pips=1, fixed={(2, 1): "clear"}))
    apex = seat(plain(hand(), pips=1, fixed={(3, 0): "clear"}))
    assert order_of([low, high, apex]) == (2, 1, 0)


def test_order_height_is_the_row_not_the_pips():
    """[choice] 'higher' = the row the clear die stands on, not what it shows."""
    low_row_big_pips = seat(plain(hand(), pips=1, fixed={(0, 1): "clear"}) | {(0, 1): ("clear", 2)})
    high_row = seat(plain(hand(), pips=1, fixed={(1, 1): "clear"}))
    assert score(low_row_big_pips.pyramid()).total == score(high_row.pyramid()).total == 3
    assert order_of([low_row_big_pips, high_row]) == (1, 0)


def test_order_several_clear_dice_compare_the_highest():
    a = seat(plain(hand(2, 3, 3, 2), pips=1, fixed={(0, 0): "clear", (2, 0): "clear"}))
    b = seat(plain(hand(2, 3, 3, 2), pips=1, fixed={(1, 0): "clear", (1, 2): "clear"}))
    assert order_of([b, a], pile=hand(0, 3, 3, 5)) == (1, 0)


def test_order_full_tie_goes_by_seat():
    seats = [seat(plain(hand(), pips=2, fixed={(1, 1): "clear"}, seed=k)) for k in range(4)]
    assert order_of(seats) == (0, 1, 2, 3)


def test_order_score_beats_clear_dice():
    many_clear = seat(plain(hand(3, 3, 2, 2), pips=1, fixed={(3, 0): "clear"}))
    more_points = seat(plain(hand(), pips=2))
    assert order_of([many_clear, more_points], pile=hand(0, 3, 4, 4)) == (1, 0)


# ----- hako-toss-limit ------------------------------------------------------------------------------------------
def test_first_player_may_swap_with_anyone():
    state = toss_state(3, scores=[9, 6, 3])
    assert state.toss_order == (0, 1, 2)
    targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, Toss)}
    assert targets == {1, 2, PILE}


def test_second_player_may_not_swap_with_the_one_just_before():
    state = toss_state(3, scores=[9, 6, 3])
    state = GAME.apply(state, Toss("yellow", 2, "red"))
    assert GAME.current_player(state) == 1
    targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, Toss)}
    assert targets == {2, PILE}
    assert refused(state, Toss("yellow", 0, "red")) == "hako-toss-limit"
    # the target of the last swap (seat 2) is fine, and so is the pile
    assert GAME.is_legal(state, Toss("yellow", 2, "red")) and GAME.is_legal(state, Toss("yellow", PILE, "red"))
    state = GAME.apply(state, Toss("yellow", 2, "blue"))
    assert GAME.current_player(state) == 2
    assert refused(state, Toss("red", 1, "yellow")) == "hako-toss-limit"
    assert GAME.is_legal(state, Toss("red", 0, "yellow"))


def test_after_a_pass_the_last_actual_swapper_stays_off_limits():
    """[choice] in hako-toss-limit: when the previous player passed, the last one who swapped counts."""
    state = toss_state(3, scores=[9, 6, 3])
    state = GAME.apply(state, Toss("yellow", 1, "red"))
    state = GAME.apply(state, Pass())
    assert GAME.current_player(state) == 2
    assert refused(state, Toss("red", 0, "yellow")) == "hako-toss-limit"
    assert GAME.is_legal(state, Toss("red", 1, "yellow"))


def test_if_the_first_passes_the_next_may_swap_with_anyone():
    state = toss_state(3, scores=[9, 6, 3])
    state = GAME.apply(state, Pass())
    targets = {a.target for a in GAME.legal_actions(state) if isinstance(a, Toss)}
    assert targets == {0, 2, PILE}


def test_limit_resets_every_round():
    state = toss_state(2, scores=[6, 3])
    state = GAME.apply(state, Toss("yellow", 1, "red"))
    state = GAME.apply(state, Pass())
    assert state.phase == "roll" and state.last_tosser == -1


# ----- hako-chiritsumo -------------------------------------------------------------------------------------------------
def test_fourth_clear_die_taken_wins_at_once():
    state = toss_state(3, hands=[hand(3, 3, 2, 2), hand(1, 3, 3, 3), hand(0, 3, 4, 3)], piles=hand(0, 2, 2, 2), scores=[9, 6, 3])
    assert colour_totals(state)["clear"] == 4
    state = GAME.apply(state, Toss("yellow", 1, "clear"))
    assert state.phase == "over" and GAME.is_terminal(state)
    outcome = GAME.outcome(state)
    assert outcome.reason == "hako-chiritsumo" and outcome.winners == (0,)
    assert GAME.legal_actions(state) == []  # seats 1 and 2 never get their swap


def test_fourth_clear_die_from_the_pile_wins_too():
    state = toss_state(2, hands=[hand(3, 3, 2, 2), hand(0, 3, 4, 3)], piles=hand(1, 3, 3, 3), scores=[6, 3])
    state = GAME.apply(state, Toss("red", PILE, "clear"))
    assert GAME.outcome(state).reason == "hako-chiritsumo" and GAME.outcome(state).winners == (0,)


def test_target_handed_its_fourth_clear_die_wins():
    state = toss_state(2, hands=[hand(1, 3, 3, 3), hand(3, 3, 2, 2)], piles=hand(0, 3, 4, 4), scores=[6, 3])
    assert GAME.current_player(state) == 0
    state = GAME.apply(state, Toss("clear", 1, "yellow"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "hako-chiritsumo" and outcome.winners == (1,)


def test_three_clear_dice_do_not_win():
    state = toss_state(2, hands=[hand(2, 3, 3, 2), hand(1, 3, 3, 3)], piles=hand(1, 3, 3, 4), scores=[6, 3])
    state = GAME.apply(state, Toss("red", 1, "clear"))
    assert state.phase == "toss" and GAME.outcome(state) is None


# ----- hako-fuji ---------------------------------------------------------------------------------------------------
def test_fuji_wins_at_once_before_any_swap():
    seats = [seat(plain(hand(), pips=6)), seat(uniform(FUJI, 1)), seat(plain(hand(), pips=5))]
    state = all_done(hako_state(seats))
    assert state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome.reason == "hako-fuji" and outcome.winners == (1,)
    assert [Counter(s.dice) for s in state.seats] == [Counter(START)] * 3  # nobody swapped


def test_several_fuji_all_win():
    seats = [seat(uniform(FUJI, 1)), seat(plain(hand(), pips=6)), seat(uniform(FUJI, 2)), seat(plain(hand(), pips=1))]
    outcome = GAME.outcome(all_done(hako_state(seats)))
    assert outcome.reason == "hako-fuji" and outcome.winners == (0, 2)


def test_fuji_beats_a_total_over_30():
    seats = [seat(plain(hand(), pips=6), total=29), seat(uniform(FUJI, 1))]
    outcome = GAME.outcome(all_done(hako_state(seats)))
    assert outcome.reason == "hako-fuji" and outcome.winners == (1,)


def test_incomplete_fuji_shape_does_not_win():
    fuji = uniform(FUJI, 1)
    del fuji[(3, 0)]
    seats = [seat(fuji, extra=[("clear", 1)]), seat(plain(hand(), pips=1))]
    state = all_done(hako_state(seats))
    assert state.phase != "over"


# ----- hako-end -------------------------------------------------------------------------------------------------------------
def end_round(totals, pips, players=None):
    seats = [seat(plain(hand(), pips=p, seed=k), total=t) for k, (t, p) in enumerate(zip(totals, pips))]
    state = all_done(hako_state(seats))
    while state.phase == "toss":
        state = GAME.apply(state, Pass())
    return state


def test_exactly_30_goes_on():
    state = end_round([24, 0], [2, 1])  # 24 + 6 = 30
    assert state.phase == "roll" and state.round == 2
    assert [s.total for s in state.seats] == [30, 3]


def test_31_ends_and_the_highest_total_wins():
    """CT-8, the source's 「30点を超えるプレイヤーがいた場合、得点が1番高いプレイヤーの勝利」; the result line names one
    winner with "wins" (issue 32, item 6)."""
    state = end_round([25, 0], [2, 1])  # 25 + 6 = 31
    outcome = GAME.outcome(state)
    assert outcome.reason == "hako-end" and outcome.winners == (0,) and outcome.scores == (31, 3)
    # issue 32 (6): one winner "wins", never "win"
    assert outcome.summary("en") == "Someone passed 30: Seat 1 wins with 31"
    assert outcome.summary("ja") == "30 点を超えた人が出たので終了。最高点 31 点の 席 1 の勝ち"


def test_the_highest_total_wins_even_if_someone_else_passed_30_first():
    state = end_round([28, 20, 30], [1, 6, 1])  # 31, 38, 33
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,) and outcome.scores == (31, 38, 33)


def test_a_tie_at_the_top_shares_the_win():
    """CT-11 (a labelled reading): equal highest totals over 30 share the win, and the result line says so."""
    state = end_round([30, 27, 10, 0], [1, 2, 1, 1])  # 33, 33, 13, 3
    outcome = GAME.outcome(state)
    assert outcome.reason == "hako-end" and outcome.winners == (0, 1)
    assert outcome.summary("en") == "Someone passed 30: Seat 1 and Seat 2 share the win with 33"
    assert outcome.summary("ja").endswith("席 1・席 2 の勝ち（同点で勝利を分け合います）")


def test_round_scores_are_banked_after_the_swaps():
    seats = [seat(plain(hand(), pips=2), total=29), seat(plain(hand(), pips=1, seed=1), total=0)]
    state = all_done(hako_state(seats))
    assert state.phase == "toss" and [s.total for s in state.seats] == [29, 0]
    state = GAME.apply(state, Toss("yellow", 1, "red"))
    assert state.phase == "toss" and [s.total for s in state.seats] == [29, 0]
    state = GAME.apply(state, Pass())
    assert GAME.outcome(state).reason == "hako-end" and GAME.outcome(state).scores == (35, 3)


def test_incomplete_round_points_count_towards_the_total():
    partial = {(0, 0): ("red", 2), (0, 1): ("red", 2), (1, 0): ("red", 2)}
    seats = [seat(partial, extra=[(c, 1) for c in hand(1, 3, 0, 3)], total=30), seat(plain(hand(), 1))]
    state = all_done(hako_state(seats))
    while state.phase == "toss":
        state = GAME.apply(state, Pass())
    assert GAME.outcome(state).scores == (31, 3)
