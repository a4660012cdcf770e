"""Not My Fault!'s worked examples drawn by its own board: every block of both versions, in both languages.

The view model (``widgets.views.not_my_fault.examples``) must be JSON, read-only,
and show what the caption says: the declarations on the progress board or
milestone cards, every card of the round face up, the auditor's hand (#41),
the audit's or the completion's result and the red cards / reprimands after it.
"""

from __future__ import annotations

import json

import pytest

from rulebook.core import get_game
from rulebook.core.text import load_rules
from widgets.views.not_my_fault import NotMyFaultBoard, View
from widgets.views.not_my_fault.examples import example_view
from widgets.views.not_my_fault_41 import View as View41

GAMES = ("not_my_fault", "not_my_fault_41")
BLOCKS = [
    (name, lang, k)
    for name in GAMES
    for lang in ("en", "ja")
    for k in range(len(load_rules(f"rulebook.games.{name}")[lang].examples))
]


def spec_of(name: str, lang: str, k: int):
    return load_rules(f"rulebook.games.{name}")[lang].examples[k]


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split()]


@pytest.mark.parametrize("name, lang, k", BLOCKS)
def test_every_example_draws_read_only_and_shows_its_round(name, lang, k):
    game = get_game(name)
    spec = spec_of(name, lang, k)
    fields = spec.values
    view = example_view(game, spec, lang)
    assert view is not None
    json.dumps(view)
    board = view["board"]
    assert board["interactive"] is False and view["caption"] == "" and view["messages"] == []
    assert view["traits"] == {}
    n = int(fields["players"])
    cards, claims = numbers(fields["cards"]), numbers(fields["claims"])
    # the declarations, seat by seat from Seat 1, on the board
    assert [[s, c] for s, c, _ in board["track"]["claims"]] == [[i % n, c] for i, c in enumerate(claims)]
    # every card of the round face up, in the order laid, and again in the result box with its total
    assert [[p["seat"], p["card"]] for p in board["pile"]] == [[i % n, x] for i, x in enumerate(cards)]
    last = board["last"]
    assert [x for _, x in last["cards"]] == cards
    assert last["total"] == int(fields["total"]) and last["claim"] == int(fields["claim"])
    assert f"{fields['total']}" in last["text"] and fields["claim"] in last["text"]
    assert board["words"]["last"] == ({"audit": "The audit", "completion": "The completion"}[spec.kind] if lang == "en"
                                      else {"audit": "監査の結果", "completion": "完成の宣言"}[spec.kind])
    seats = board["seats"]
    if "after" in fields:
        assert [s["marks"] for s in seats] == numbers(fields["after"])
    if "penalty_to" in fields:
        assert fields["penalty_to"] in last["text"]  # "… → red card for Seat 3" / "→ 席3 に…"
    if "winner" in fields:
        assert [s["winner"] for s in seats] == [s + 1 == int(fields["winner"]) for s in range(n)]
    if "loses" in fields:
        assert [s["loser"] for s in seats] == [s + 1 == int(fields["loses"]) for s in range(n)]
        assert [s + 1 for s in range(n) if seats[s]["winner"]] == numbers(fields["winners"])
    if spec.kind == "audit":
        assert [s["active"] for s in seats] == [s + 1 == int(fields["auditor"]) for s in range(n)]
    if "hand" in fields:
        assert board["hand"] == numbers(fields["hand"]) and board["hand_clickable"] is False
        who = f"Seat {fields['auditor']}" if lang == "en" else f"席{fields['auditor']}"
        assert who in board["words"]["hand"]
    else:
        assert "hand" not in board


def test_the_versions_draw_their_own_track():
    v2 = example_view(get_game("not_my_fault"), spec_of("not_my_fault", "en", 0), "en")
    v41 = example_view(get_game("not_my_fault_41"), spec_of("not_my_fault_41", "en", 0), "en")
    assert v2["board"]["track"]["kind"] == "board" and v2["board"]["track"]["numbers"] == list(range(1, 31))
    assert v41["board"]["track"]["kind"] == "milestones" and v41["board"]["track"]["numbers"] == [2, 3, 5, 7, 11, 13, 18, 25]
    assert v2["board"]["variant"] == "v2" and v41["board"]["variant"] == "41"


def test_a_kind_the_game_does_not_know_is_not_drawn():
    spec = spec_of("not_my_fault", "en", 1)  # completion: ver.2.0 only
    assert spec.kind == "completion"
    assert example_view(get_game("not_my_fault_41"), spec, "en") is None


def test_both_pages_draw_examples_with_the_board():
    assert View.example_board is NotMyFaultBoard and View41.example_board is NotMyFaultBoard
