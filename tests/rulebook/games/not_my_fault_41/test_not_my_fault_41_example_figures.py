"""Not My Fault! #41's worked examples (``examples.py``): the rules' numbers are the engine's.

The source works no example with numbers; ours are checked through
``KINDS`` (what the rules page checks) and against games scripted move by
move with the engine, deal included (``first 0``, ``card 2`` ×21, ``place 2``,
``declare 2``, ..., ``audit``).
"""

from __future__ import annotations

import pytest
from tests.support.nmf_helpers import V41, conserved, play

from rulebook.core import IllegalAction
from rulebook.core.examples import ExampleError, check_example, find_examples, load_kinds
from rulebook.core.text import load_rules
from rulebook.games.not_my_fault_41.examples import KINDS
from rulebook.games.not_my_fault.game import OVER, TURN

RULES = load_rules("rulebook.games.not_my_fault_41")
AUDIT = {"players": "3", "cards": "2 4 1", "claims": "2 5 7", "hand": "0 1 2 2 4 8"}
THIRD = {"players": "3", "before": "2 0 1", "cards": "0", "claims": "3", "hand": "1 2 4"}


def inputs(spec) -> dict[str, str]:
    return {k: v for k, v in spec.values.items() if k in KINDS[spec.kind].inputs}


def deal(*hands: str) -> list[str]:
    return ["first 0"] + [f"card {x}" for hand in hands for x in hand.split()]


def test_the_rules_show_two_audits_one_ending_the_game():
    assert load_kinds("rulebook.games.not_my_fault_41").keys() == {"audit"}  # no completion in #41
    for lang in ("en", "ja"):
        rules = RULES[lang]
        assert [inputs(s) for s in find_examples(rules.section("audit").body)] == [AUDIT]
        assert [inputs(s) for s in find_examples(rules.section("reprimands").body)] == [THIRD]
        for spec in rules.examples:
            assert check_example(spec, KINDS) == []
            assert "face up" in spec.caption or "表向き" in spec.caption  # the picture shows the hidden cards: said


def test_the_audit_example_a_true_declaration_costs_the_auditor():
    assert KINDS["audit"].figures(AUDIT) == {
        "auditor": 1, "claim": 7, "total": 7, "penalty_to": 1, "after": [1, 0, 0], "starts": 1
    }
    state = play(V41, 3, deal("2 0 1 2 2 4 8", "4 2 2 2 1 1 0", "1 2 2 2 4 4 1")
                 + ["place 2", "declare 2", "place 4", "declare 5", "place 1", "declare 7"])
    position = KINDS["audit"].position(AUDIT)
    assert position.table == state.table and position.claims == state.claims and position.hands[0] == state.hands[0]
    assert conserved(V41, position) == list(V41.variant.copies)
    after = V41.apply(state, V41.parse_action("audit"))
    assert after.last.total == 7 and after.last.loser == 0 and after.marks == (1, 0, 0)
    assert after.phase == TURN and after.turn == 0


def test_the_third_reprimand_example_ends_the_game():
    assert KINDS["audit"].figures(THIRD) == {
        "auditor": 2, "claim": 3, "total": 0, "penalty_to": 1, "after": [3, 0, 1], "loses": 1, "winners": [2, 3]
    }
    position = KINDS["audit"].position(THIRD)
    assert position.marks == (2, 0, 1) and position.round == 4
    assert conserved(V41, position) == list(V41.variant.copies)
    # the same end reached by a whole game: three rounds give Seat 1 two reprimands and Seat 3 one
    script = deal("0 0 0 1 1 1 2", "2 2 2 2 2 2 2", "4 4 4 4 8 8 8")
    script += ["place 0", "declare 25", "audit"]  # Seat 2 audits: 0 < 25, Seat 1's first
    script += ["place 2", "declare 2", "place 4", "declare 25", "audit"]  # Seat 1 audits: 6 < 25, Seat 3's first
    script += ["place 0", "declare 2", "place 2", "declare 3", "place 4", "declare 5", "audit"]  # 6 >= 5: Seat 1's second
    script += ["place 0", "declare 3", "audit"]  # Seat 2 audits: 0 < 3
    state = play(V41, 3, script)
    assert state.phase == OVER and state.marks == (3, 0, 1) and state.last.total == 0
    outcome = V41.outcome(state)
    assert outcome.winners == (1, 2) and outcome.reason == "reprimands"


@pytest.mark.parametrize(
    "fields, error",
    [
        ({**AUDIT, "claims": "2 5 6"}, IllegalAction),  # 6 is no milestone
        ({**AUDIT, "claims": "5 2 7"}, IllegalAction),  # not higher than the last
        ({**AUDIT, "cards": "2 4 3"}, ExampleError),  # no card 3 in #41
        ({**AUDIT, "cards": "8 8 8", "hand": "8 8"}, ExampleError),  # only four 8s
        ({**AUDIT, "hand": "0 1 2 2 4 8 8"}, ExampleError),  # 8 cards: a hand holds 7
        ({**AUDIT, "players": "6"}, ExampleError),
        ({**AUDIT, "before": "3 0 0"}, ExampleError),  # three reprimands already lost the game
        ({**AUDIT, "claims": "2 5"}, ExampleError),
    ],
)
def test_bad_fields_are_refused(fields, error):
    with pytest.raises(error):
        KINDS["audit"].figures(fields)


def test_after_the_last_milestone_the_next_seat_can_only_audit():
    assert KINDS["audit"].figures({"players": "2", "cards": "8 8", "claims": "18 25"})["total"] == 16
    with pytest.raises(IllegalAction) as info:
        KINDS["audit"].figures({"players": "2", "cards": "8 8 8", "claims": "18 25 25"})
    assert info.value.rule_id == "last-milestone"
