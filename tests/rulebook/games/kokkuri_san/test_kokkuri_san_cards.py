"""The card data file (KS-1): the stand-in as shipped, and one test per way a replacement can be wrong."""

from __future__ import annotations

import json
import pickle

import pytest
from tests.rulebook.games.kokkuri_san.kokkuri_san_helpers import GAME, make_cards, standin_data

from tests.support.automatic import automatic_moves

from rulebook.core import BadOption, Match, get_game
from rulebook.games.kokkuri_san.cards import X, CardDataError, describe, load_cards, standin


def test_the_stand_in_is_labelled_and_has_the_issue_s_shape():
    cards = standin()
    assert cards.stand_in is True
    assert "stand-in" in cards.note_en.lower() and "stand-in" in cards.note_ja
    # 12 play cards per colour: the values 0-10 once each and one ×−1
    assert sum(cards.deck) == 12 and cards.deck == (1,) * 11 + (1,) and cards.deck[X] == 1
    assert len(cards.candidates) >= 3
    for cand in cards.candidates:
        assert len(cand.rounds) == 3
        for card in cand.rounds:
            assert card.points[0] >= card.points[1] >= 0
    ops = {r.effect.op for c in cards.candidates for r in c.rounds if r.effect}
    assert ops == {"draw", "flip", "swap", "move"}
    mays = {r.effect.may for c in cards.candidates for r in c.rounds if r.effect}
    assert mays == {True, False}


def test_a_file_round_trips_through_its_json_form():
    cards = standin()
    assert load_cards(cards.as_json()) == cards
    assert load_cards(json.dumps(cards.as_json())) == cards
    other = load_cards(make_cards())
    assert load_cards(other.as_json()) == other and other.stand_in is False


def test_a_replacement_file_plays_like_the_stand_in():
    data = make_cards(effects=[{"op": "draw", "n": 2}, None, None, None])
    state = GAME.initial_state({"players": 3, "cards": data})
    assert [c.id for c in state.cards.candidates] == ["A", "B", "C", "D"]
    match = Match.new(GAME, {"players": 3, "cards": data}, seed=5, seats=["rules", "rules", "random"])
    automatic_moves(match)
    assert match.is_over()
    again = Match.from_record(json.loads(match.to_json()), lambda name: GAME if name == GAME.name else get_game(name))
    assert again.states == match.states


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        return data

    return change


_DELETE = object()

BROKEN = [
    # (what is wrong, mutation, where the error points, a phrase of the English message)
    ("not json", lambda d: "{not json", "", "not readable as JSON"),
    ("not an object", lambda d: [1, 2], "", "one JSON object"),
    ("unknown top field", _set(["colour"], "red"), "", "unknown field 'colour'"),
    ("missing field", _set(["candidates"], _DELETE), "", "'candidates' is missing"),
    ("wrong format", _set(["format"], "other"), "format", "format must be"),
    ("wrong version", _set(["version"], 2), "version", "version must be 1"),
    ("stand_in not bool", _set(["stand_in"], "yes"), "stand_in", "true or false"),
    ("note too long", _set(["note_en"], "x" * 401), "note_en", "at most 400"),
    ("11 play cards", lambda d: {**d, "play_cards": d["play_cards"][:11]}, "play_cards", "list of 12 play cards"),
    ("play cards not a list", _set(["play_cards"], "0-10"), "play_cards", "list of 12 play cards"),
    ("card above 10", _set(["play_cards", 10], 11), "play_cards[10]", "whole number 0-10"),
    ("card written wrong", _set(["play_cards", 11], "x-2"), "play_cards[11]", '"x-1"'),
    ("card a float", _set(["play_cards", 3], 3.0), "play_cards[3]", "whole number 0-10"),
    ("one candidate", lambda d: {**d, "candidates": d["candidates"][:1]}, "candidates", "2-8 kinds"),
    ("nine candidates", lambda d: {**d, "candidates": [dict(c, id=f"k{i}") for i in range(9) for c in d["candidates"][:1]]}, "candidates", "2-8 kinds"),
    ("candidate not object", _set(["candidates", 1], "dog"), "candidates[1]", "a candidate is an object"),
    ("candidate unknown field", _set(["candidates", 0, "colour"], "red"), "candidates[0]", "unknown field 'colour'"),
    ("candidate without name", _set(["candidates", 2, "name_en"], _DELETE), "candidates[2]", "'name_en' is missing"),
    ("empty name", _set(["candidates", 2, "name_ja"], " "), "candidates[2].name_ja", "text of 1-40"),
    ("duplicate id", _set(["candidates", 1, "id"], "fox"), "candidates[1].id", "appears twice"),
    ("two rounds", lambda d: _set(["candidates", 0, "rounds"], d["candidates"][0]["rounds"][:2])(d), "candidates[0].rounds", "exactly 3 cards"),
    ("round not object", _set(["candidates", 0, "rounds", 1], 5), "candidates[0].rounds[1]", "a round's card is an object"),
    ("round without effect", _set(["candidates", 0, "rounds", 1, "effect"], _DELETE), "candidates[0].rounds[1]", "'effect' is missing"),
    ("one point", _set(["candidates", 3, "rounds", 2, "points"], [5]), "candidates[3].rounds[2].points", "two numbers"),
    ("negative point", _set(["candidates", 3, "rounds", 2, "points"], [5, -1]), "candidates[3].rounds[2].points[1]", "whole numbers 0-99"),
    ("2nd above 1st", _set(["candidates", 3, "rounds", 2, "points"], [2, 5]), "candidates[3].rounds[2].points", "at least the 2nd"),
    ("effect a string", _set(["candidates", 0, "rounds", 0, "effect"], "flip"), "candidates[0].rounds[0].effect", "null or an object"),
    ("effect without op", _set(["candidates", 0, "rounds", 0, "effect"], {"may": True}), "candidates[0].rounds[0].effect", "'op' is missing"),
    ("unknown op", _set(["candidates", 0, "rounds", 0, "effect"], {"op": "steal"}), "candidates[0].rounds[0].effect.op", "not in the vocabulary"),
    ("unknown effect field", _set(["candidates", 0, "rounds", 0, "effect"], {"op": "flip", "target": 1}), "candidates[0].rounds[0].effect", "unknown field 'target'"),
    ("may not bool", _set(["candidates", 0, "rounds", 0, "effect"], {"op": "flip", "may": 1}), "candidates[0].rounds[0].effect.may", "true or false"),
    ("draw without n", _set(["candidates", 1, "rounds", 0, "effect"], {"op": "draw"}), "candidates[1].rounds[0].effect.n", "from 1 to 3"),
    ("draw of 4", _set(["candidates", 1, "rounds", 0, "effect"], {"op": "draw", "n": 4}), "candidates[1].rounds[0].effect.n", "from 1 to 3"),
    ("n on swap", _set(["candidates", 2, "rounds", 0, "effect"], {"op": "swap", "n": 1}), "candidates[2].rounds[0].effect.n", "draw only"),
]


@pytest.mark.parametrize("mutate, where, phrase", [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN])
def test_each_mistake_is_refused_with_a_clear_error(mutate, where, phrase):
    data = mutate(standin_data())
    with pytest.raises(CardDataError) as info:
        load_cards(data)
    error = info.value
    assert error.rule_id == "card-data" and isinstance(error, BadOption)
    assert error.where == where
    assert phrase in error.message_en, error.message_en
    assert where in error.message_en and where in error.message_ja
    assert error.message_ja.startswith("カードデータの誤り")
    # the same mistake refuses a new game with that file (the page shows it), and the error survives pickling
    with pytest.raises(CardDataError):
        GAME.initial_state({"players": 3, "cards": data})
    assert pickle.loads(pickle.dumps(error)).where == where


def test_effects_are_described_from_the_vocabulary():
    from rulebook.games.kokkuri_san.cards import Effect

    assert describe(Effect("flip", 0, True), "en").startswith("You may turn")
    assert describe(Effect("draw", 2, False), "en") == "After refilling, draw 2 more cards."
    assert describe(Effect("swap", 0, True), "ja").endswith("ことができる。")
    assert describe(None, "ja") == "効果なし"
