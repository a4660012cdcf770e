"""The shared parts of every view model (widgets/views/model.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.core import HUMAN, IllegalAction, get_game
from widgets.views.model import (
    Catalogue,
    Control,
    Engine,
    Message,
    ViewModel,
    as_int,
    as_ints,
    end_message_kind,
    engine_for,
    json_pair,
    refuse,
    seat_label,
)


@given(st.one_of(st.booleans(), st.floats(allow_nan=True), st.text(max_size=3), st.none(), st.lists(st.integers(), max_size=2)))
def test_as_int_refuses_everything_but_a_plain_int(value):
    assert as_int(value) is None


@given(st.integers(-10, 10))
def test_as_int_keeps_ints_in_range(value):
    assert as_int(value, 0, 5) == (value if 0 <= value <= 5 else None)


def test_as_ints():
    assert as_ints([1, 2, 3], 0, 5) == (1, 2, 3)
    assert as_ints([1, True], 0, 5) is None
    assert as_ints("12") is None
    assert as_ints(list(range(100))) is None
    assert as_ints([]) == ()
    assert as_ints([1, 9], 0, 5) is None


def test_end_message_kind():
    assert end_message_kind([0], [0]) == "success"
    assert end_message_kind([1], [0]) == "defeat"
    assert end_message_kind([0], []) == "info"


def test_json_pair_reads_a_pair_with_its_types_checked():
    assert json_pair(["hit", 2], str, int) == ("hit", 2)
    with pytest.raises(TypeError, match=r"expected \[str, int\]"):
        json_pair([2, "hit"], str, int)
    with pytest.raises(ValueError):
        json_pair(["hit", 2, 3], str, int)


def test_seat_label_one_form_everywhere():
    assert seat_label(0, [HUMAN], "en") == "You"
    assert seat_label(0, [HUMAN], "ja") == "あなた"
    assert seat_label(1, [HUMAN, HUMAN], "en") == "Seat 2"
    assert seat_label(1, [HUMAN, HUMAN], "ja") == "席2"
    assert seat_label(1, [HUMAN, "search"], "en") == "Seat 2 (bot)"
    assert seat_label(1, [HUMAN, "search"], "ja", {"search": ("読みボット", "Search bot")}) == "席2（読みボット）"


def test_catalogue_plurals_and_placeholders():
    words = Catalogue({"cards": ("{n} 枚", "{n} card", "{n} cards"), "hello": ("こんにちは", "Hello")})
    assert words("cards", "en", n=1) == "1 card"
    assert words("cards", "en", n=2) == "2 cards"
    assert words("cards", "ja", n=1) == "1 枚"
    assert words("hello", "en") == "Hello"
    assert words.check() == []
    assert Catalogue({"bad": ("{n} 枚", "{count} cards")}).check()
    with pytest.raises(ValueError):
        Catalogue({"no_n": ("枚", "card", "cards")})


def test_engine_facts_come_from_the_game():
    game = get_game("puniu")
    state = game.initial_state({"players": 1})
    facts = engine_for(game, state, acting=True)
    assert facts.legal == tuple(game.legal_actions(state))
    legal = facts.legal[0]
    assert facts.why_not(legal) is None
    other = game.parse_action("score chance")
    error = facts.why_not(other)
    assert isinstance(error, IllegalAction) and error.rule_id


def test_control_for_action_carries_the_engine_reason():
    error = IllegalAction("rule-x", "だめ", "Not now.")
    engine = Engine(legal=("a",), refusal=lambda action: error)
    assert Control.for_action("go", "Go", "a", engine, "en").enabled
    refused = Control.for_action("stop", "Stop", "b", engine, "en")
    assert not refused.enabled and refused.reason == "Not now." and refused.rule == "rule-x"


def test_view_model_is_json():
    model = ViewModel(
        status="s",
        caption="c",
        board={"dice": [1, 2]},
        controls=(Control("roll", "Roll"),),
        messages=(Message("defeat", "Lost"),),
        rule="r",
    )
    assert json.loads(json.dumps(model.to_json()))["messages"][0]["kind"] == "defeat"
    assert model.control("roll").label == "Roll"
    with pytest.raises(KeyError):
        model.control("nope")
    with pytest.raises(ValueError):
        Message("win", "x")  # type: ignore[arg-type]


def test_refuse_words_an_illegal_action_from_the_catalogue():
    words = Catalogue({"no": ("{x} はだめ", "{x} is not allowed")})
    error = refuse(words, "rule", "no", x=3)
    assert error.message("en") == "3 is not allowed" and error.message_ja == "3 はだめ"


def test_every_games_view_model_modules_are_pure_and_small():
    """present / common / report / texts (every module but the drawing layer: ``__init__.py`` and modules
    named ``*_widgets.py``) of every game import no widget library (view models are data), and every module
    of a game's view package is at most 300 lines (issue 10: thin drawing, small pure parts)."""
    import ast
    from pathlib import Path

    import widgets.views

    root = Path(widgets.views.__file__).parent
    packages = [p for p in root.iterdir() if (p / "__init__.py").is_file() and (p / "present.py").is_file()]
    assert len(packages) >= 6
    for package in packages:
        for path in package.glob("*.py"):
            lines = path.read_text("utf-8").count("\n")
            assert lines <= 300, f"{path.relative_to(root)} has {lines} lines"
            if path.name == "__init__.py" or path.stem.endswith("_widgets"):
                continue
            tree = ast.parse(path.read_text("utf-8"))
            names = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
            names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
            assert not any(n.split(".")[0] in ("ipywidgets", "anywidget", "traitlets") for n in names), path
