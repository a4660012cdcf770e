"""Not My Fault! ver.2.0: the source's rules one by one, and one scenario per rule id.

Games are scripted in the engine's own text form, chance included
(``first 0`` = seat 1 starts, ``card 5`` = the card drawn is a 5), so each
test reads like a table of play.
"""

from __future__ import annotations

import pytest
from tests.support.nmf_helpers import V2, conserved, play

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, UnreadableAction
from rulebook.core.text import load_rules
from rulebook.games.not_my_fault.actions import AUDIT, DRAW, Card, Declare, Draw, First, Place
from rulebook.games.not_my_fault.game import DECLARE, OVER, TURN

RULE_IDS = set(load_rules("rulebook.games.not_my_fault")["en"].ids)


def refused(state, text: str, rule: str) -> None:
    with pytest.raises(IllegalAction) as info:
        V2.apply(state, V2.parse_action(text))
    assert info.value.rule_id == rule, info.value
    assert rule in RULE_IDS
    assert info.value.message_ja and info.value.message_en


# ----- components, players, set-up -------------------------------------------------------------
def test_components_the_32_card_deck_and_the_milestones() -> None:
    state = V2.initial_state({"players": 4})
    assert state.deck == (2, 5, 5, 5, 5, 5, 5) and sum(state.deck) == 32
    assert V2.variant.milestones == (5, 8, 12, 17, 23, 30)
    assert state.marks == (0, 0, 0, 0) and state.yellows == (0, 0, 0, 0)


@pytest.mark.parametrize("players", [1, 7, "3", None, True])
def test_players_two_to_six(players) -> None:
    with pytest.raises(BadOption) as info:
        V2.initial_state({"players": players})
    assert info.value.rule_id == "players"
    for n in range(2, 7):
        assert V2.num_seats(V2.initial_state({"players": n})) == n


def test_setup_the_first_player_is_drawn_at_random() -> None:
    state = V2.initial_state({"players": 3})
    assert V2.current_player(state) == CHANCE
    assert V2.chance_outcomes(state) == [(First(0), 1 / 3), (First(1), 1 / 3), (First(2), 1 / 3)]
    after = V2.apply(state, First(2))
    assert V2.current_player(after) == 2 and after.phase == TURN


def test_chance_draws_follow_the_deck_and_refuse_impossible_cards() -> None:
    state = play(V2, 2, ["first 0", "draw"])
    outcomes = dict(V2.chance_outcomes(state))
    assert outcomes[Card(0)] == pytest.approx(2 / 32) and outcomes[Card(6)] == pytest.approx(5 / 32)
    refused(state, "card 7", "chance")
    refused(state, "declare 5", "chance")
    state = play(V2, 2, ["first 0", "draw", "card 0", "declare 1", "draw", "card 0"])
    assert V2.current_player(state) == 1 and state.deck[0] == 0
    # both 0s are out: a third cannot be drawn (table mode entry of a wrong card)
    state = V2.apply(V2.apply(state, Declare(5)), DRAW)
    refused(state, "card 0", "chance")
    refused(play(V2, 2, ["first 0"]), "card 3", "chance")


# ----- a turn ------------------------------------------------------------------------------------------
def test_turn_the_first_player_of_a_round_must_draw() -> None:
    state = play(V2, 3, ["first 1"])
    assert V2.legal_actions(state) == [DRAW]
    refused(state, "audit", "audit")
    refused(state, "place 3", "turn")
    refused(state, "first 0", "chance")


def test_trust_draw_look_lay_face_down_then_declare() -> None:
    state = play(V2, 3, ["first 0", "draw", "card 4"])
    assert state.phase == DECLARE and state.table == ((0, 4, 0),)
    assert V2.observe(state, 0)["table"][0]["card"] == 4  # the drawer looked at it
    assert V2.observe(state, 1)["table"][0]["card"] is None  # nobody else did
    refused(play(V2, 3, ["first 0", "draw", "card 4", "declare 5"]), "declare 8", "trust")  # seat 2 draws first
    refused(state, "draw", "declare")
    refused(state, "audit", "declare")


def test_declare_nmf1_first_any_number_later_strictly_higher() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 2"])
    assert [a.number for a in V2.legal_actions(state)] == list(range(1, 31))
    refused(state, "declare 0", "declare")
    refused(state, "declare 31", "declare")
    state = play(V2, 2, ["first 0", "draw", "card 2", "declare 8", "draw", "card 3"])
    assert [a.number for a in V2.legal_actions(state)] == list(range(9, 31))
    refused(state, "declare 8", "declare")
    refused(state, "declare 5", "declare")


# ----- yellow cards -------------------------------------------------------------------------------------
def test_yellow_off_milestone_costs_a_yellow_two_in_a_round_a_red() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 2", "declare 2"])
    assert state.yellows == (1, 0) and state.marks == (0, 0) and V2.current_player(state) == 1
    state = play(V2, 2, ["first 0", "draw", "card 2", "declare 2", "draw", "card 3", "declare 5", "draw", "card 1", "declare 8"])
    assert state.yellows == (1, 0)  # milestones cost nothing
    state = V2.apply(V2.apply(V2.apply(V2.apply(state, DRAW), Card(6)), Declare(9)), DRAW)
    assert state.yellows == (1, 1)
    state = V2.apply(V2.apply(state, Card(1)), Declare(10))  # seat 1's second yellow
    assert state.marks == (1, 0) and state.yellows == (0, 0) and state.round == 2
    assert state.last.kind == "yellow" and state.last.loser == 0
    assert V2.current_player(state) == 0 and state.claims == () and state.table == ()  # [choice] the red's taker starts


def test_yellow_cards_are_per_player_and_return_each_round() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 2", "declare 1", "draw", "card 3", "declare 2", "audit"])
    # seat 1 audits 2 with total 5: the auditor takes the red; yellows go back
    assert state.marks == (1, 0) and state.yellows == (0, 0)


# ----- audits: both outcomes ----------------------------------------------------------------------------
def test_audit_total_reaching_the_declaration_penalises_the_auditor() -> None:
    state = play(V2, 3, ["first 0", "draw", "card 3", "declare 5", "draw", "card 2", "declare 8", "audit"])
    # 3 + 2 = 5 < 8: the declarer (seat 2) takes the red; the auditor (seat 3) starts round 2
    assert state.marks == (0, 1, 0) and state.round == 2 and V2.current_player(state) == 2
    state = play(V2, 3, ["first 0", "draw", "card 6", "declare 5", "draw", "card 2", "declare 8", "audit"])
    # 6 + 2 = 8 ≥ 8: the auditor (seat 3) takes the red and starts
    assert state.marks == (0, 0, 1) and V2.current_player(state) == 2
    assert state.last == ("audit", 2, 2, 8, ((0, 6), (1, 2)), 8)


def test_round_end_cards_go_face_up_to_the_discards() -> None:
    state = play(V2, 2, ["first 1", "draw", "card 6", "declare 5", "audit"])
    assert state.discard == (0, 0, 0, 0, 0, 0, 1) and state.table == () and state.claims == ()
    assert V2.observe(state, 1)["discard"][6] == 1  # public to everybody
    assert conserved(V2, state) == [2, 5, 5, 5, 5, 5, 5]


# ----- completion ---------------------------------------------------------------------------------------
def _towards_thirty(last_card: int) -> list[str]:
    cards = [6, 6, 6, 6, last_card]
    numbers = [5, 8, 12, 17]
    script = ["first 0"]
    for k, card in enumerate(cards[:-1]):
        script += ["draw", f"card {card}", f"declare {numbers[k]}"]
    return script + ["draw", f"card {last_card}", "declare 30"]


def test_completion_thirty_or_more_wins_the_game_alone() -> None:
    state = play(V2, 3, _towards_thirty(6))  # 6×5 = 30
    assert V2.current_player(state) == TERMINAL and state.phase == OVER
    outcome = V2.outcome(state)
    assert outcome.winners == (1,) and outcome.reason == "completion" and outcome.get("total") == 30
    refused(state, "audit", "end")


def test_completion_short_of_thirty_is_a_red_and_the_completer_starts() -> None:
    state = play(V2, 3, _towards_thirty(5))  # 29
    assert state.marks == (0, 1, 0) and state.round == 2 and V2.current_player(state) == 1
    assert state.last == ("completion", 1, 1, 30, ((0, 6), (1, 6), (2, 6), (0, 6), (1, 5)), 29)


def test_a_first_declaration_of_thirty_is_a_completion_too() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 6", "declare 30"])
    assert state.marks == (1, 0) and state.round == 2


# ----- reshuffle (NMF-2) ------------------------------------------------------------------------------------
def test_reshuffle_the_discards_become_the_deck_when_it_runs_out() -> None:
    state = play(V2, 2, ["first 0", "draw", "card 4", "declare 5"])
    # the deck is empty (everything else already discarded) with one card face down
    discard = (2, 5, 5, 5, 4, 5, 5)
    state = state._replace(deck=(0,) * 7, discard=discard, epoch=0)
    assert conserved(V2, state) == [2, 5, 5, 5, 5, 5, 5]
    drawn = V2.apply(state, DRAW)
    assert drawn.deck == discard and drawn.discard == (0,) * 7 and drawn.epoch == 1
    after = V2.apply(V2.apply(drawn, Card(2)), Declare(8))
    seen = V2.observe(after, 0)
    # seat 2's 2 came from the new deck; seat 1's old 4 is known, and seat 2 knows it by elimination
    assert seen["table"] == [{"seat": 0, "card": 4, "old": True}, {"seat": 1, "card": None, "old": False}]
    other = V2.observe(after, 1)
    assert other["unseen_old"] == [0, 0, 0, 0, 1, 0, 0] and sum(other["unseen"]) == sum(discard) - 1


# ----- red cards (NMF-3) ----------------------------------------------------------------------------------
def test_red_cards_a_second_red_loses_and_the_others_win() -> None:
    state = play(V2, 3, ["first 0", "draw", "card 1", "declare 5", "audit"])  # seat 1 red
    assert state.marks == (1, 0, 0) and V2.current_player(state) == 1
    state = V2.apply(V2.apply(V2.apply(V2.apply(state, DRAW), Card(6)), Declare(5)), DRAW)
    state = V2.apply(V2.apply(state, Card(0)), Declare(12))  # 6 + 0 = 6
    state = V2.apply(state, AUDIT)  # seat 1 audits seat 3's 12: seat 3 red
    assert state.marks == (1, 0, 1) and V2.current_player(state) == 0
    state = V2.apply(V2.apply(V2.apply(state, DRAW), Card(2)), Declare(8))
    state = V2.apply(state, AUDIT)  # 2 < 8: seat 1's second red
    assert V2.is_terminal(state)
    outcome = V2.outcome(state)
    assert outcome.winners == (1, 2) and outcome.reason == "red-cards" and outcome.scores == (0, 1, 1)
    assert "Seat 1" in outcome.summary_en and "席 1" in outcome.summary_ja


def test_end_nothing_can_be_played_after_the_game() -> None:
    state = play(V2, 2, ["first 0"] + ["draw", "card 1", "declare 5", "audit"] * 3)
    assert V2.is_terminal(state) and V2.legal_actions(state) == []
    for text in ("draw", "audit", "declare 9", "card 3", "first 0"):
        refused(state, text, "end")


def test_actions_unknown_text_is_refused_with_examples() -> None:
    for text in ("fold", "declare", "declare -3", "place x", "", "draw 2"):
        with pytest.raises(UnreadableAction) as info:  # text that reads as no move: not a rule refusal
            V2.parse_action(text)
        assert info.value.rule_id == "actions"
    with pytest.raises(UnreadableAction):
        Declare(12.0)  # type: ignore[arg-type]
    with pytest.raises(UnreadableAction):
        Place(True)  # type: ignore[arg-type]
    assert str(Declare(12)) == "declare 12" and V2.parse_action(" Declare  12 ") == Declare(12)
    assert isinstance(V2.parse_action("draw"), Draw)


def test_every_rule_id_the_engine_raises_has_a_section() -> None:
    raised = {"end", "chance", "turn", "audit", "trust", "declare", "actions", "players", "completion", "red-cards"}
    assert raised <= RULE_IDS
    assert set(load_rules("rulebook.games.not_my_fault")["ja"].ids) == RULE_IDS
