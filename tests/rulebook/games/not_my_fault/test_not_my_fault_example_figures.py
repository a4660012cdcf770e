"""Not My Fault! ver.2.0's worked examples (``examples.py``): the rules' numbers are the engine's.

The source (the designer's blog) states the rules but works no example
with numbers, so the examples are our own; each is checked twice: through
``KINDS`` (what the rules page checks) and by a game scripted move by move
with the engine (``first 0``, ``draw``, ``card 2``, ``declare 5``, ...).
"""

from __future__ import annotations

import pytest
from tests.support.nmf_helpers import V2, play

from rulebook.core import IllegalAction
from rulebook.core.examples import ExampleError, check_example, find_examples, load_kinds
from rulebook.core.text import load_rules
from rulebook.games.not_my_fault.examples import KINDS
from rulebook.games.not_my_fault.game import OVER, TURN

RULES = load_rules("rulebook.games.not_my_fault")
AUDIT = {"players": "3", "cards": "2 4 1", "claims": "5 8 12"}
COMPLETION = {"players": "3", "cards": "6 5 4 6 5 6", "claims": "5 8 12 17 23 30"}


def block(kind: str, lang: str = "en"):
    (spec,) = [s for s in RULES[lang].examples if s.kind == kind]
    return spec


def test_the_rules_show_an_audit_and_a_completion_in_their_sections():
    assert load_kinds("rulebook.games.not_my_fault").keys() == {"audit", "completion"}
    for lang in ("en", "ja"):
        assert [s.kind for s in RULES[lang].examples] == ["audit", "completion"]
        assert [s.kind for s in find_examples(RULES[lang].section("audit").body)] == ["audit"]
        assert [s.kind for s in find_examples(RULES[lang].section("completion").body)] == ["completion"]
        for spec in RULES[lang].examples:
            assert check_example(spec, KINDS) == []
            assert "face up" in spec.caption or "表向き" in spec.caption  # the picture shows the hidden cards: said


def test_the_audit_example_figures():
    assert {k: v for k, v in block("audit").values.items() if k in AUDIT} == AUDIT
    assert KINDS["audit"].figures(AUDIT) == {
        "auditor": 1, "claim": 12, "total": 7, "penalty_to": 3, "after": [0, 0, 1], "starts": 1
    }


def test_the_audit_example_played_move_by_move():
    state = play(V2, 3, ["first 0", "draw", "card 2", "declare 5", "draw", "card 4", "declare 8", "draw", "card 1", "declare 12"])
    assert state == KINDS["audit"].position(AUDIT)
    after = V2.apply(state, V2.parse_action("audit"))
    assert after.last.total == 7 and after.last.claim == 12 and after.last.loser == 2 and after.last.actor == 0
    assert after.marks == (0, 0, 1) and after.phase == TURN and after.turn == 0


def test_the_completion_example_figures_and_the_game_it_ends():
    assert {k: v for k, v in block("completion").values.items() if k in COMPLETION} == COMPLETION
    assert KINDS["completion"].figures(COMPLETION) == {"claim": 30, "total": 32, "winner": 3}
    script = ["first 0"]
    for card, claim in zip((6, 5, 4, 6, 5, 6), (5, 8, 12, 17, 23, 30)):
        script += ["draw", f"card {card}", f"declare {claim}"]
    state = play(V2, 3, script)
    assert state.phase == OVER and state == KINDS["completion"].position(COMPLETION)
    outcome = V2.outcome(state)
    assert outcome.winners == (2,) and outcome.reason == "completion" and outcome.get("total") == 32


def test_a_failed_completion_costs_a_red_card():
    fields = {**COMPLETION, "cards": "6 5 4 6 5 2"}
    assert KINDS["completion"].figures(fields) == {"claim": 30, "total": 28, "penalty_to": 3, "after": [0, 0, 1], "starts": 3}


def test_an_audit_that_finds_the_declaration_true_penalises_the_auditor_and_can_end_the_game():
    fields = {"players": "2", "cards": "6 6", "claims": "5 12", "before": "1 0"}
    assert KINDS["audit"].figures(fields) == {
        "auditor": 1, "claim": 12, "total": 12, "penalty_to": 1, "after": [2, 0], "loses": 1, "winners": [2]
    }


@pytest.mark.parametrize(
    "fields, error",
    [
        ({**AUDIT, "claims": "5 8"}, ExampleError),  # one declaration per card
        ({**AUDIT, "cards": "2 4 7"}, IllegalAction),  # no card 7 in the deck: the engine refuses the draw
        ({**AUDIT, "cards": "0 0 0"}, IllegalAction),  # only two 0s
        ({**AUDIT, "claims": "5 5 12"}, IllegalAction),  # not higher than the last declaration
        ({**AUDIT, "claims": "5 8 31"}, IllegalAction),  # beyond the progress board
        ({**AUDIT, "players": "7"}, ExampleError),
        ({**AUDIT, "before": "2 0 0"}, ExampleError),  # two reds already lost the game
        ({**AUDIT, "before": "1 0"}, ExampleError),  # one count per seat
        ({**AUDIT, "hand": "1 2"}, ExampleError),  # ver.2.0 has no hands
        ({**AUDIT, "claims": "5 8 30"}, ExampleError),  # the 30 ended the round: nothing to audit
        ({"players": "2", "cards": "1 1 1", "claims": "1 5 6"}, ExampleError),  # a second yellow ended it
        ({**AUDIT, "cards": "2 4 x"}, ExampleError),
    ],
)
def test_bad_audit_fields_are_refused(fields, error):
    with pytest.raises(error):
        KINDS["audit"].figures(fields)


def test_a_completion_must_end_on_30():
    with pytest.raises(ExampleError):
        KINDS["completion"].figures(AUDIT)
    with pytest.raises(ExampleError):  # Seat 1's second yellow card (1, then 6) ends the round before the 30
        KINDS["completion"].figures({"players": "2", "cards": "1 1 1 1", "claims": "1 5 6 30"})
