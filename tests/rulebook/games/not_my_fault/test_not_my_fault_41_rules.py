"""Not My Fault! #41 prototype: the source's rules one by one, one scenario per rule id.

Deals are scripted card by card (``deal41``: seat 1's hand first), so every
hand is known to the test.
"""

from __future__ import annotations

import pytest
from tests.support.nmf_helpers import V41, conserved, deal41, play

from rulebook.core import CHANCE, BadOption, IllegalAction
from rulebook.core.text import load_rules
from rulebook.games.not_my_fault.actions import AUDIT, Card, Declare, Place
from rulebook.games.not_my_fault.game import DEAL, DECLARE, OVER, TURN

RULE_IDS = set(load_rules("rulebook.games.not_my_fault_41")["en"].ids)
HANDS3 = [[0, 1, 2, 2, 4, 8, 8], [0, 0, 1, 1, 2, 2, 4], [1, 2, 2, 2, 4, 4, 8]]
ALL = [4, 7, 12, 8, 4]


def refused(state, text: str, rule: str) -> None:
    with pytest.raises(IllegalAction) as info:
        V41.apply(state, V41.parse_action(text))
    assert info.value.rule_id == rule, info.value
    assert rule in RULE_IDS
    assert info.value.message_ja and info.value.message_en


def dealt(first: int = 0, hands=HANDS3):
    return play(V41, len(hands), deal41(len(hands), hands, first))


def test_components_35_cards_8_milestones_11_reprimands() -> None:
    state = V41.initial_state({"players": 5})
    assert dict(zip(V41.variant.values, state.deck)) == {0: 4, 1: 7, 2: 12, 4: 8, 8: 4}
    assert sum(state.deck) == 35
    assert V41.variant.milestones == (2, 3, 5, 7, 11, 13, 18, 25)
    assert V41.variant.penalty_limit * 5 - 5 + 1 == 11  # at most 2 each and one third: the 11 cards suffice


@pytest.mark.parametrize("players", [1, 6, "x"])
def test_players_two_to_five(players) -> None:
    with pytest.raises(BadOption) as info:
        V41.initial_state({"players": players})
    assert info.value.rule_id == "players"


def test_setup_seven_cards_each_the_rest_set_aside() -> None:
    state = V41.apply(V41.initial_state({"players": 3}), V41.parse_action("first 2"))
    assert state.phase == DEAL and V41.current_player(state) == CHANCE
    state = dealt(first=2)
    assert [sum(h) for h in state.hands] == [7, 7, 7] and sum(state.deck) == 35 - 21
    assert state.phase == TURN and V41.current_player(state) == 2
    assert conserved(V41, state) == ALL
    seen = V41.observe(state, 0)
    assert seen["hand"] == HANDS3[0] and seen["hand_sizes"] == [7, 7, 7] and seen["deck"] == 14
    assert V41.observe(state, 1)["hand"] == HANDS3[1]


def test_chance_only_cards_of_the_deck_can_be_dealt() -> None:
    state = play(V41, 2, ["first 0"] + ["card 0"] * 4)
    refused(state, "card 0", "chance")  # all four 0s are out
    refused(state, "card 3", "chance")  # there is no 3 in #41
    refused(state, "audit", "chance")


def test_turn_round_opening_lays_then_declares_no_audit_no_draw() -> None:
    state = dealt()
    assert V41.legal_actions(state) == [Place(0), Place(1), Place(2), Place(4), Place(8)]
    refused(state, "audit", "audit")
    refused(state, "draw", "turn")
    refused(state, "declare 5", "place")


def test_place_a_card_of_your_hand_face_down() -> None:
    state = dealt()
    refused(state, "place 3", "place")
    after = V41.apply(state, Place(8))
    assert after.phase == DECLARE and after.hands[0] == (1, 1, 2, 1, 1) and after.table == ((0, 8, 0),)
    assert V41.observe(after, 1)["table"] == [{"seat": 0, "card": None, "old": False}]
    assert V41.observe(after, 0)["table"] == [{"seat": 0, "card": 8, "old": False}]
    refused(after, "place 2", "declare")


def test_declare_milestones_only_strictly_higher() -> None:
    state = V41.apply(dealt(), Place(1))
    assert [a.number for a in V41.legal_actions(state)] == [2, 3, 5, 7, 11, 13, 18, 25]  # any milestone to open
    refused(state, "declare 4", "declare")
    state = V41.apply(V41.apply(V41.apply(state, Declare(5)), Place(2)), Declare(7))
    refused(V41.apply(state, Place(4)), "declare 7", "declare")
    refused(V41.apply(state, Place(4)), "declare 5", "declare")
    assert [a.number for a in V41.legal_actions(V41.apply(state, Place(4)))] == [11, 13, 18, 25]


def test_audit_short_total_reprimands_the_declarer() -> None:
    state = V41.apply(V41.apply(dealt(), Place(1)), Declare(5))
    state = V41.apply(state, AUDIT)  # 1 < 5: seat 1 reprimanded; seat 2 audited and starts
    assert state.marks == (1, 0, 0) and V41.current_player(state) == 1 and state.round == 2
    assert state.discard == (0, 1, 0, 0, 0) and state.table == ()
    assert state.last == ("audit", 0, 1, 5, ((0, 1),), 1)


def test_audit_reaching_total_reprimands_the_auditor() -> None:
    state = V41.apply(V41.apply(dealt(), Place(8)), Declare(5))
    state = V41.apply(V41.apply(V41.apply(state, Place(0)), Declare(7)), AUDIT)  # 8 + 0 = 8 ≥ 7
    assert state.marks == (0, 0, 1) and V41.current_player(state) == 2


def test_last_milestone_only_an_audit_follows_25() -> None:
    state = V41.apply(V41.apply(dealt(), Place(8)), Declare(25))
    assert V41.legal_actions(state) == [AUDIT]
    refused(state, "place 0", "last-milestone")


def test_empty_hand_nmf4_can_only_audit() -> None:
    state = V41.apply(V41.apply(dealt(), Place(2)), Declare(3))
    state = state._replace(hands=(state.hands[0], (0, 0, 0, 0, 0), state.hands[2]), deck=tuple(a + b for a, b in zip(state.deck, state.hands[1])))
    assert conserved(V41, state) == ALL
    assert V41.legal_actions(state) == [AUDIT]
    refused(state, "place 0", "empty-hand")


def test_round_end_start_passes_to_the_next_seat_holding_cards() -> None:
    state = V41.apply(V41.apply(dealt(), Place(2)), Declare(3))
    empty = (0, 0, 0, 0, 0)
    state = state._replace(hands=(state.hands[0], empty, state.hands[2]), deck=tuple(a + b for a, b in zip(state.deck, state.hands[1])))
    state = V41.apply(state, AUDIT)  # seat 2 (empty hand) audits 3 over a 2: seat 1 reprimanded
    assert state.marks == (1, 0, 0) and state.starter == 1
    assert V41.current_player(state) == 2 and state.phase == TURN  # [choice] seat 3 holds cards


def test_redeal_when_every_hand_is_empty_five_each_from_discards_and_set_aside() -> None:
    state = V41.apply(V41.apply(dealt(), Place(2)), Declare(3))
    empty = (0, 0, 0, 0, 0)
    rest = [a + b + c for a, b, c in zip(state.deck, state.hands[1], state.hands[2])]
    rest = [r + h for r, h in zip(rest, state.hands[0])]
    state = state._replace(hands=(empty, empty, empty), deck=tuple(rest))
    assert conserved(V41, state) == ALL
    state = V41.apply(state, AUDIT)
    assert state.phase == DEAL and state.deal_size == 5 and state.discard == (0,) * 5 and sum(state.deck) == 35
    assert state.epoch == 1 and state.starter == 1
    for x in [0, 1, 2, 4, 8, 0, 1, 2, 4, 8, 2, 2, 2, 2, 2]:
        state = V41.apply(state, Card(x))
    assert [sum(h) for h in state.hands] == [5, 5, 5] and sum(state.deck) == 20
    assert state.phase == TURN and V41.current_player(state) == 1  # the auditor opens the new round


def test_reprimands_three_lose_everyone_else_wins() -> None:
    state = dealt(hands=[[0, 0, 0, 0, 1, 1, 1], [8, 8, 8, 8, 4, 4, 4]])
    state = V41.apply(V41.apply(V41.apply(state, Place(0)), Declare(25)), AUDIT)  # 0 < 25: seat 1 reprimanded
    state = V41.apply(V41.apply(V41.apply(state, Place(8)), Declare(2)), AUDIT)  # seat 2 opens; 8 ≥ 2: auditor seat 1
    assert state.marks == (2, 0) and V41.current_player(state) == 0
    state = V41.apply(V41.apply(V41.apply(state, Place(1)), Declare(3)), AUDIT)  # 1 < 3: seat 1's third
    assert state.phase == OVER and state.marks[0] == 3
    outcome = V41.outcome(state)
    assert outcome.winners == (1,) and outcome.reason == "reprimands"
    refused(state, "audit", "end")


def test_every_rule_id_the_engine_raises_has_a_section() -> None:
    raised = {"end", "chance", "turn", "audit", "place", "declare", "empty-hand", "last-milestone", "actions", "players", "reprimands"}
    assert raised <= RULE_IDS
    assert set(load_rules("rulebook.games.not_my_fault_41")["ja"].ids) == RULE_IDS
