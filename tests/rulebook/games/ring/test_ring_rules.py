"""指輪を落とさないで: the source's own rules and examples, one scenario per rule id."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from tests.support.ring_states import check_invariants, table

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, Match, UnreadableAction, get_game
from rulebook.core.text import load_rules
from rulebook.games.ring import GAME, adjust_die, deck, rank_order, trick_winners
from rulebook.games.ring.actions import DEAL, DISCARD, PLAY, ROLL, TAKE, Deal, Discard, Play, Roll, Take, parse
from rulebook.games.ring.cards import CARD_IDS, HEAVY, MORE, SUIT_RANKS
from rulebook.games.ring.game import DEAL_PHASE, DISCARD_PHASE, DRAFT, OVER, PLAY_PHASE, ROLL_PHASE, final_outcome

RULES = load_rules("rulebook.games.ring")
RULE_IDS = set(RULES["en"].ids)


def P(name: str) -> Play:
    return PLAY[CARD_IDS[name]]


def refuse(state, action, rule: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.rule_id == rule, info.value
    assert info.value.rule_id in RULE_IDS
    assert not GAME.is_legal(state, action)
    return info.value


def play_all(state, names):
    for name in names:
        state = GAME.apply(state, P(name))
    return state


# ----- players and cards (#players, #cards) -------------------------------------------------------
def test_the_cards_are_as_the_source_lists_them() -> None:
    assert SUIT_RANKS == {
        "amethyst": (1, 2, 3, 4, 5, 6, 7),
        "ruby": (2, 3, 4, 5, 6, 7),
        "sapphire": (3, 4, 5, 6, 7),
        "emerald": (4, 5, 6, 7),
        "grayspinel": (5, 6, 7),
        "diamond": (6, 7),
        "coin": (0, 1, 7),
    }
    assert len(deck(5)) == 30
    assert len(deck(4)) == 27 and not any(n.startswith("coin") for n in _names(deck(4)))
    three = _names(deck(3))
    assert len(three) == 20 and not any(n.startswith(("coin", "amethyst")) for n in three)


def _names(cards) -> list[str]:
    from rulebook.games.ring.cards import CARD_NAMES

    return [CARD_NAMES[c] for c in cards]


@pytest.mark.parametrize("players, leftover", [(3, 2), (4, 3), (5, 0)])
def test_six_cards_each_and_the_rest_face_down(players: int, leftover: int) -> None:
    state = GAME.initial_state({"players": players})
    assert GAME.current_player(state) == CHANCE and state.phase == DEAL_PHASE
    while state.phase == DEAL_PHASE:
        outcomes = GAME.chance_outcomes(state)
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        state = GAME.apply(state, outcomes[-1][0])
    assert [len(h) for h in state.hands] == [6] * players
    assert len(state.leftover) == leftover and state.phase == ROLL_PHASE
    assert state.rings == (9,) * players
    check_invariants(state)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 6}, {"players": "x"}, {"players": True}])
def test_three_to_five_players(options) -> None:
    with pytest.raises(BadOption) as info:
        GAME.initial_state(options)
    assert info.value.rule_id == "players"


def test_the_optional_rule_is_a_setting_off_by_default() -> None:
    assert GAME.initial_state().just_bonus is False
    assert GAME.initial_state({"just_bonus": "on"}).just_bonus is True
    assert GAME.initial_state({"just_bonus": 0}).just_bonus is False
    with pytest.raises(BadOption) as info:
        GAME.initial_state({"just_bonus": "maybe"})
    assert info.value.rule_id == "optional-just"


# ----- chance, draft, discard (#chance, #draft, #discard) ----------------------------------------------
def dealt(players: int = 4) -> object:
    state = GAME.initial_state({"players": players})
    while state.phase == DEAL_PHASE:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    return state


def test_the_parent_rolls_players_plus_one_dice() -> None:
    state = dealt(4)
    refuse(state, TAKE[3], "chance")
    for pips in (6, 2, 2, 5, 1):
        assert GAME.current_player(state) == CHANCE
        state = GAME.apply(state, ROLL[pips])
    assert state.phase == DRAFT and state.pool == (1, 2, 2, 5, 6)


def test_dice_are_drafted_from_the_parents_left_and_the_last_stays_in_the_centre() -> None:
    state = dealt(4)
    for pips in (6, 2, 2, 5, 1):
        state = GAME.apply(state, ROLL[pips])
    assert state.parent == 0 and GAME.current_player(state) == 1
    assert GAME.legal_actions(state) == [TAKE[1], TAKE[2], TAKE[5], TAKE[6]]
    refuse(state, TAKE[3], "draft")
    refuse(state, PLAY[0], "draft")
    order = []
    for pips in (2, 2, 6, 1):  # seats 1, 2, 3, then the parent (seat 0) last
        order.append(GAME.current_player(state))
        state = GAME.apply(state, TAKE[pips])
    assert order == [1, 2, 3, 0]
    assert state.pips == (1, 2, 2, 6) and state.areas == (MORE,) * 4
    assert state.centre == 5 and state.pool == ()
    assert state.phase == DISCARD_PHASE and GAME.current_player(state) == 1


def test_each_player_discards_one_card_face_down_and_the_parent_leads() -> None:
    state = dealt(3)
    for pips in (3, 3, 3, 3):
        state = GAME.apply(state, ROLL[pips])
    for _ in range(3):
        state = GAME.apply(state, TAKE[3])
    assert state.phase == DISCARD_PHASE
    seat = GAME.current_player(state)
    mine = state.hands[seat]
    other = state.hands[(seat + 1) % 3][0]
    refuse(state, DISCARD[other], "discard")
    refuse(state, PLAY[mine[0]], "discard")
    for _ in range(3):
        seat = GAME.current_player(state)
        card = state.hands[seat][0]
        state = GAME.apply(state, DISCARD[card])
        assert state.discards[seat] == card and card not in state.hands[seat]
    assert state.phase == PLAY_PHASE and GAME.current_player(state) == state.parent
    assert [len(h) for h in state.hands] == [5, 5, 5]
    # the discard is face down: other seats see only that a card was laid
    obs = GAME.observe(state, 1)
    assert obs["discarded"] == [True, True, True]
    assert obs["my_discard"] is not None
    assert "my_discard" in obs and all(c not in obs["hand"] for c in [obs["my_discard"]])
    check_invariants(state)


# ----- leading and following (#trick, #lead, #follow, #coin) -----------------------------------------------------
FIVE = [
    ["ruby-5", "ruby-7", "emerald-4", "coin-1", "sapphire-3"],
    ["ruby-3", "coin-7", "emerald-6", "diamond-6", "sapphire-4"],
    ["amethyst-5", "emerald-5", "grayspinel-5", "diamond-7", "sapphire-5"],
    ["ruby-6", "amethyst-7", "grayspinel-6", "sapphire-6", "emerald-7"],
    ["coin-0", "amethyst-1", "amethyst-2", "ruby-2", "sapphire-7"],
]


def test_the_leader_may_lead_anything_but_a_coin() -> None:
    state = table(FIVE)
    assert P("coin-1") not in GAME.legal_actions(state)
    error = refuse(state, P("coin-1"), "coin")
    assert "Coin" in error.message_en and "コイン" in error.message_ja
    assert set(GAME.legal_actions(state)) == {P(c) for c in FIVE[0] if c != "coin-1"}


def test_followers_follow_suit_or_play_a_coin() -> None:
    state = play_all(table(FIVE), ["ruby-5"])
    assert GAME.current_player(state) == 1
    assert set(GAME.legal_actions(state)) == {P("ruby-3"), P("coin-7")}  # holds Ruby: Ruby or a Coin
    error = refuse(state, P("emerald-6"), "follow")
    assert "Ruby" in error.message_en and "ルビー" in error.message_ja
    refuse(state, P("ruby-7"), "trick")  # not in this hand
    state = play_all(state, ["coin-7"])
    assert set(GAME.legal_actions(state)) == {P(c) for c in FIVE[2]}  # no Ruby: anything


def test_a_coin_may_be_played_even_without_the_led_suit_and_counts_as_led() -> None:
    hands = [["ruby-5", "emerald-4"], ["coin-7", "sapphire-4"], ["amethyst-5", "emerald-5"], ["ruby-6", "sapphire-6"], ["coin-0", "amethyst-1"]]
    state = play_all(table(hands, centre=4), ["ruby-5", "coin-7", "amethyst-5", "ruby-6", "coin-0"])
    assert state.tricks[-1].winners == (1,)  # the Coin 7 beats the Ruby 6: it counts as a Ruby


# ----- the rank order and trick winners (#rank-order, #trick-winner) ------------------------------------------
def test_the_rank_orders_of_the_centre_die() -> None:
    for die in (1, 2, 3):
        assert rank_order(die) == (1, 2, 3, 4, 5, 6, 7, 0)
    for die in (4, 5, 6):
        assert rank_order(die) == (7, 6, 5, 4, 3, 2, 1, 0)
    with pytest.raises(ValueError):
        rank_order(7)


@pytest.mark.parametrize(
    "plays, centre, winners",
    [
        # the strongest card of the led suit wins; other suits cannot beat it
        ([("ruby", 5), ("ruby", 3), ("emerald", 7)], 5, [0]),
        ([("ruby", 5), ("ruby", 3), ("emerald", 7)], 2, [1]),
        # with 1-3 in the centre, 1 is strongest and 0 weakest
        ([("amethyst", 2), ("amethyst", 1), ("coin", 0)], 3, [1]),
        ([("amethyst", 7), ("coin", 0)], 1, [0]),
        # a Coin counts as the led suit
        ([("ruby", 6), ("coin", 7), ("ruby", 2)], 6, [1]),
        ([("sapphire", 3), ("coin", 1)], 1, [1]),
        # co-winners: the same rank wins whatever its suit
        ([("ruby", 6), ("grayspinel", 6), ("ruby", 4)], 4, [0, 1]),
        ([("ruby", 7), ("coin", 7), ("sapphire", 7), ("diamond", 7), ("emerald", 7)], 5, [0, 1, 2, 3, 4]),
        ([("emerald", 4), ("amethyst", 4), ("emerald", 6)], 2, [0, 1]),
        # an off-suit card of a different rank never wins
        ([("diamond", 6), ("amethyst", 1)], 2, [0]),
    ],
)
def test_trick_winners(plays, centre, winners) -> None:
    assert trick_winners(plays, centre) == winners


def test_trick_winners_refuses_what_is_no_card() -> None:
    for plays, centre in [([("ruby", 1)], 3), ([("gold", 7)], 3), ([("ruby", 5)], 0), ([], 3), ([("ruby", True)], 3)]:
        with pytest.raises(ValueError):
            trick_winners(plays, centre)


# ----- the dice areas (#dice-areas, DR-1) -----------------------------------------------------------------
@pytest.mark.parametrize(
    "start, steps, end",
    [
        (("more", 3), 1, ("more", 2)),
        (("more", 3), 3, ("just", 1)),  # exactly the pips: Just, showing 1
        (("more", 1), 1, ("just", 1)),
        (("more", 2), 3, ("heavy", 1)),  # carry-over: 2 → 1 → Just 1 → Too heavy 1
        (("more", 1), 5, ("heavy", 4)),  # Just, Too heavy 1, then up to 4
        (("just", 1), 1, ("heavy", 1)),
        (("just", 1), 2, ("heavy", 2)),
        (("heavy", 1), 2, ("heavy", 3)),
        (("heavy", 5), 2, ("heavy", 6)),  # DR-1: never above 6
        (("heavy", 6), 3, ("heavy", 6)),
        (("more", 6), 0, ("more", 6)),
    ],
)
def test_adjust_die(start, steps, end) -> None:
    assert adjust_die(start[0], start[1], steps) == end


def test_adjust_die_refuses_nonsense() -> None:
    for args in [("middle", 3, 1), ("more", 0, 1), ("more", 7, 1), ("more", 3, -1), ("more", 3.0, 1)]:
        with pytest.raises(ValueError):
            adjust_die(*args)


def test_every_winner_moves_by_the_number_of_winners() -> None:
    hands = [["ruby-6", "emerald-4"], ["grayspinel-6", "sapphire-4"], ["ruby-4", "emerald-5"]]
    dice = [("more", 3), ("more", 1), ("heavy", 2)]
    state = table(hands, centre=4, dice=dice)
    state = play_all(state, ["ruby-6", "grayspinel-6", "ruby-4"])
    assert state.tricks[-1].winners == (0, 1)
    assert (state.areas[0], state.pips[0]) == (MORE, 1)  # 3 - 2 steps
    assert (state.areas[1], state.pips[1]) == (HEAVY, 1)  # 1 → Just 1 → Too heavy 1
    assert (state.areas[2], state.pips[2]) == (HEAVY, 2)  # did not win: unchanged


# ----- who leads next (#next-leader, DR-2) -----------------------------------------------------------------
def test_the_winner_with_the_led_suit_leads_next_not_the_coin() -> None:
    hands = [["coin-1", "emerald-4"], ["amethyst-1", "sapphire-4"], ["amethyst-3", "emerald-5"], ["amethyst-4", "sapphire-5"], ["amethyst-6", "sapphire-6"]]
    state = table(hands, centre=2, leader=1)
    state = play_all(state, ["amethyst-1", "amethyst-3", "amethyst-4", "amethyst-6", "coin-1"])
    assert state.tricks[-1].winners == (0, 1)  # Amethyst 1 and Coin 1 both win
    assert state.leader == 1 and GAME.current_player(state) == 1  # the Amethyst's player leads


def test_a_coin_leads_next_when_the_other_winners_are_off_suit() -> None:
    hands = [["ruby-3", "emerald-4"], ["coin-7", "sapphire-4"], ["emerald-7", "emerald-5"], ["sapphire-5", "amethyst-2"], ["diamond-6", "amethyst-3"]]
    state = play_all(table(hands, centre=6), ["ruby-3", "coin-7", "emerald-7", "sapphire-5", "diamond-6"])
    assert state.tricks[-1].winners == (1, 2)
    assert state.leader == 1


# ----- the Coin-only leader (#coin-penalty) ------------------------------------------------------------------
def test_a_leader_with_only_coins_pays_and_the_left_neighbour_leads() -> None:
    hands = [["ruby-5", "emerald-4", "ruby-7"], ["coin-7", "coin-0", "coin-1"], ["amethyst-5", "emerald-5", "ruby-4"], ["ruby-6", "sapphire-6", "diamond-6"], ["ruby-2", "amethyst-1", "sapphire-7"]]
    earlier = [
        (0, ["diamond-7", "emerald-6", "sapphire-5", "emerald-7", "sapphire-3"], [0]),
        (0, ["grayspinel-7", "grayspinel-6", "grayspinel-5", "amethyst-2", "amethyst-3"], [0]),
    ]
    state = table(hands, centre=2, tricks=earlier, leader=0, dice=[("more", 5)] * 5)
    # trick 3: seat 0 leads the Ruby 5, seat 1 (no Ruby) plays the Coin 1
    state = play_all(state, ["ruby-5", "coin-1", "ruby-4", "ruby-6", "ruby-2"])
    # centre 2: 1 > 2 > ...; the Coin 1 is the strongest: seat 1 wins and would lead with only Coins
    assert state.tricks[-1].winners == (1,)
    assert state.rings[1] == 8
    assert state.penalties == ((3, 1),)
    assert state.leader == 2 and GAME.current_player(state) == 2
    order = []
    for _ in range(5):
        seat = GAME.current_player(state)
        order.append(seat)
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert order == [2, 3, 4, 0, 1]  # the player who could not lead plays last
    check_invariants(state)


def test_the_coin_penalty_can_end_the_game() -> None:
    hands = [["ruby-5", "emerald-4", "ruby-7"], ["coin-7", "coin-0", "coin-1"], ["amethyst-5", "emerald-5", "ruby-4"], ["ruby-6", "sapphire-6", "diamond-6"], ["ruby-2", "amethyst-1", "sapphire-7"]]
    earlier = [
        (0, ["diamond-7", "emerald-6", "sapphire-5", "emerald-7", "sapphire-3"], [0]),
        (0, ["grayspinel-7", "grayspinel-6", "grayspinel-5", "amethyst-2", "amethyst-3"], [0]),
    ]
    state = table(hands, centre=2, tricks=earlier, leader=0, rings=(4, 1, 6, 6, 3), dice=[("more", 5), ("more", 4), ("more", 2), ("just", 1), ("more", 3)])
    state = play_all(state, ["ruby-5", "coin-1", "ruby-4", "ruby-6", "ruby-2"])
    assert GAME.current_player(state) == TERMINAL and state.phase == OVER
    outcome = GAME.outcome(state)
    assert outcome.reason == "game-end" and outcome.get("trigger") == "penalty"
    # rings 4, 0 (fell), 6, 6, 3: seats 2 and 3 tie on 6; seat 3's die (Just 1) is smaller than seat 2's (2)
    assert outcome.scores == (4, 0, 6, 6, 3)
    assert outcome.winners == (3,)
    assert outcome.get("tiebreak") is True
    refuse(state, PLAY[0], "game-end")


def test_a_chain_of_coin_only_leaders_passes_the_lead_on() -> None:
    hands = [
        ["ruby-7", "emerald-4", "ruby-5"],
        ["ruby-4", "coin-7", "coin-0"],
        ["ruby-3", "emerald-5", "coin-1"],
        ["ruby-6", "sapphire-6", "diamond-6"],
        ["sapphire-7", "amethyst-1", "ruby-2"],
    ]
    earlier = [
        (0, ["diamond-7", "emerald-6", "sapphire-5", "emerald-7", "sapphire-3"], [0]),
        (0, ["grayspinel-7", "grayspinel-6", "grayspinel-5", "amethyst-2", "amethyst-3"], [0]),
    ]
    state = table(hands, centre=6, tricks=earlier, leader=0)
    state = play_all(state, ["ruby-7", "ruby-4", "ruby-3", "ruby-6", "ruby-2"])  # 7 high: seat 0 wins
    assert state.tricks[-1].winners == (0,)
    state = play_all(state, ["emerald-4", "coin-7", "emerald-5", "sapphire-6", "amethyst-1"])
    # the Coin 7 wins trick 4; seat 1 now holds only the Coin 0, seat 2 only the Coin 1
    assert state.tricks[-1].winners == (1,)
    assert state.penalties == ((4, 1), (4, 2))
    assert state.rings[1] == 8 and state.rings[2] == 8
    assert state.leader == 3
    order = []
    while state.phase == PLAY_PHASE:
        order.append(GAME.current_player(state))
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert order == [3, 4, 0, 1, 2]


# ----- the end of a round (#ring-move, #game-end, #next-round, #optional-just) ---------------------------------
def last_trick(dice, rings=(9, 9, 9), just_bonus=False, centre=6):
    """Seats 0-2 hold one card each; seat 0 leads the fifth trick and wins it alone (7 high)."""
    hands = [["diamond-7"], ["sapphire-3"], ["emerald-4"]]
    done = [
        (0, ["ruby-2", "ruby-3", "ruby-4"], [2]),
        (2, ["ruby-5", "ruby-6", "ruby-7"], [2]),
        (2, ["sapphire-4", "sapphire-5", "sapphire-6"], [2]),
        (2, ["emerald-5", "emerald-6", "emerald-7"], [0]),
    ]
    return table(hands, centre=centre, dice=dice, rings=rings, tricks=done, just_bonus=just_bonus, parent=1)


def test_rings_move_by_the_pips_unless_just() -> None:
    state = last_trick([("more", 2), ("just", 1), ("heavy", 3)])
    state = play_all(state, ["diamond-7", "sapphire-3", "emerald-4"])
    # seat 0 won the last trick alone: More 2 → 1
    assert state.rings == (9 - 1, 9, 9 - 3)
    assert state.phase == DEAL_PHASE and state.round == 2
    assert state.parent == 0  # the parent passes to the right (seat 1 → seat 0)
    assert state.last.rings_before == (9, 9, 9) and state.last.rings_after == (8, 9, 6)
    assert state.stock == deck(3) and state.hands == ((), (), ()) and state.leftover == ()
    assert state.pips == (0, 0, 0) and state.tricks == () and state.centre == 0
    check_invariants(state)


def test_the_parent_passes_to_the_right_around_the_table() -> None:
    state = last_trick([("more", 2), ("just", 1), ("heavy", 3)])._replace(parent=0)
    state = play_all(state, ["diamond-7", "sapphire-3", "emerald-4"])
    assert state.parent == 2


def test_the_optional_rule_lifts_a_ring_on_just_but_never_above_nine() -> None:
    state = last_trick([("more", 1), ("just", 1), ("more", 2)], rings=(9, 9, 5), just_bonus=True)
    state = play_all(state, ["diamond-7", "sapphire-3", "emerald-4"])
    assert state.rings == (9, 9, 3)  # seat 0 reached Just (stays at 9, max), seat 1 too; seat 2 lost 2
    state = last_trick([("more", 1), ("just", 1), ("more", 2)], rings=(5, 4, 5), just_bonus=True)
    state = play_all(state, ["diamond-7", "sapphire-3", "emerald-4"])
    assert state.rings == (6, 5, 3)
    state = last_trick([("more", 1), ("just", 1), ("more", 2)], rings=(5, 4, 5), just_bonus=False)
    state = play_all(state, ["diamond-7", "sapphire-3", "emerald-4"])
    assert state.rings == (5, 4, 3)


def test_a_fallen_ring_ends_the_game_and_the_highest_ring_wins() -> None:
    state = last_trick([("more", 3), ("heavy", 4), ("more", 2)], rings=(7, 3, 6))
    state = play_all(state, ["diamond-7", "sapphire-3", "emerald-4"])
    assert state.phase == OVER
    outcome = GAME.outcome(state)
    assert outcome.scores == (5, 0, 4) and outcome.winners == (0,)
    assert outcome.get("trigger") == "round" and outcome.get("fallen") == (1,)
    assert "Seat 1" in outcome.summary_en and "席 1" in outcome.summary_ja


def test_ties_go_to_the_smallest_die_then_are_shared() -> None:
    assert final_outcome((5, 5, 0), (4, 2, 3), "round", 3).winners == (1,)
    shared = final_outcome((5, 5, -2), (2, 2, 3), "round", 3)
    assert shared.winners == (0, 1) and shared.scores == (5, 5, 0)
    assert "share" in shared.summary_en
    nobody = final_outcome((0, -1, -3), (1, 2, 3), "round", 3)
    assert nobody.winners == () and "nobody" in nobody.summary_en.lower()


# ----- text forms (#actions) ---------------------------------------------------------------------------------
def test_actions_read_back_and_junk_is_refused() -> None:
    for action in (TAKE[4], DISCARD[CARD_IDS["ruby-5"]], PLAY[CARD_IDS["coin-7"]], ROLL[3], DEAL[CARD_IDS["emerald-6"]]):
        assert parse(str(action)) == action
    assert parse("  PLAY   Ruby-5 ") == P("ruby-5")
    for junk in ("play ruby-1", "take 7", "roll 0", "play", "", "deal coin-2", 5):
        with pytest.raises(UnreadableAction) as info:  # text that reads as no action is not a rule refusal
            parse(junk)  # type: ignore[arg-type]
        assert info.value.rule_id == "actions"
    for bad in (lambda: Play(5.0), lambda: Take(0), lambda: Roll(7), lambda: Deal(30), lambda: Discard(-1), lambda: Play(True)):
        with pytest.raises(UnreadableAction):
            bad()


def test_every_rule_id_the_engine_raises_has_a_section() -> None:
    raised = {"players", "optional-just", "chance", "draft", "discard", "trick", "lead", "follow", "coin", "game-end", "actions"}
    assert raised <= RULE_IDS
    assert set(RULES["ja"].ids) == RULE_IDS
    for needed in ("rank-order", "trick-winner", "dice-areas", "next-leader", "coin-penalty", "ring-move", "next-round", "cards", "setup"):
        assert needed in RULE_IDS
    cited = {r for lang in RULES.values() for s in lang.sections for r in s.readings}
    assert cited == {"DR-1", "DR-2", "DR-3"}


def test_a_whole_match_replays_from_its_record() -> None:
    match = Match.new(GAME, {"players": 3}, seed=4, seats=["rules", "rules", "rules"])
    automatic_moves(match)
    assert match.is_over()
    again = Match.from_record(json.loads(match.to_json()), get_game)
    assert again.states == match.states
    assert Counter(type(a).__name__ for a in match.actions)["Take"] % 3 == 0
