"""Declared text forms (``rulebook.core.action_text``): every game's texts stay exactly as they were.

``data/action_texts.json`` was written by the printers and parsers each game
had before its actions declared their text forms (hand-written ``__str__``
plus a regex table and a copied parse loop), from seeded walks of every game
and option set: every legal action and chance outcome met (text and
``repr``), and mutations of those texts (other numbers, leading zeros, other
words, case, spacing, a token more or less) with what the old parser made of
them (the action, or a refusal). The declared forms must write and read
exactly the same; then seeded walks round-trip every legal action of many
states through ``str`` -> ``parse``. (Dice of Tower's falls later gained a
``keep`` field, default 0, written only when set: their texts are unchanged,
their ``repr`` in the corpus shows ``keep=0``.)
"""

from __future__ import annotations

import importlib
import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from rulebook.core import CHANCE, TERMINAL, UnreadableAction, all_games, get_game
from rulebook.core.action_text import choice, integer, integers, pair, text_form, text_parser, word

CORPUS = json.loads((Path(__file__).parent / "data" / "action_texts.json").read_text("utf-8"))
GAMES = sorted(all_games())


#: The games whose texts predate the declared forms: the corpus holds exactly these. A game made later (``rulebook
#: new``, issue 32) has no old texts to match; it is checked by the round trip of its legal actions alone
#: (``test_seeded_walks_round_trip_every_legal_action``).
OLD_GAMES = sorted(set(CORPUS) & set(GAMES))


def test_the_corpus_names_only_games_that_exist():
    assert set(CORPUS) <= set(GAMES), "a game of the corpus is gone: drop its entry"
    assert len(OLD_GAMES) >= 12  # the games the corpus was written from


@pytest.mark.parametrize("name", OLD_GAMES)
def test_old_texts_print_and_parse_as_before(name):
    game = get_game(name)
    for text, old_repr in CORPUS[name]["actions"].items():
        action = game.parse_action(text)
        assert repr(action) == old_repr, text
        assert str(action) == text


@pytest.mark.parametrize("name", OLD_GAMES)
def test_typed_variants_read_or_are_refused_as_before(name):
    game = get_game(name)
    for text, (old_repr, old_str) in CORPUS[name]["read"].items():
        action = game.parse_action(text)
        assert (repr(action), str(action)) == (old_repr, old_str), text
    for text in CORPUS[name]["refused"]:
        with pytest.raises(UnreadableAction) as info:
            game.parse_action(text)
        assert info.value.rule_id == "actions", text
        assert f"'{text[:60]}'" in info.value.message_en and "Examples: '" in info.value.message_en


@pytest.mark.parametrize("name", GAMES)
def test_what_is_not_text_is_refused(name):
    game = get_game(name)
    for junk in (None, 5, b"roll", ["roll"], "x" * 500):
        with pytest.raises(UnreadableAction):
            game.parse_action(junk)  # type: ignore[arg-type]


def _package(name: str):
    return importlib.import_module(type(get_game(name)).__module__.rsplit(".", 1)[0])


@pytest.mark.parametrize("name", GAMES)
def test_seeded_walks_round_trip_every_legal_action(name):
    """Many random states of every option set: every legal action and chance outcome writes and reads back."""
    game = get_game(name)
    options_list = list(getattr(_package(name), "OPTION_SETS", [game.default_options()]))
    for options in options_list:
        for seed in range(3):
            rng = random.Random(seed)
            state = game.initial_state(options)
            for _ in range(300):
                player = game.current_player(state)
                if player == TERMINAL:
                    break
                actions = [a for a, _ in game.chance_outcomes(state)] if player == CHANCE else game.legal_actions(state)
                for action in actions:
                    text = str(action)
                    again = game.parse_action(text)
                    assert again == action and hash(again) == hash(action) and str(again) == text, text
                    assert game.parse_action("  " + text.upper().replace(" ", "   ") + " ") == action
                state = game.apply(state, rng.choice(actions))


@pytest.mark.parametrize("name", GAMES)
def test_the_games_examples_read(name):
    examples = _package(name).actions.EXAMPLES if hasattr(_package(name), "actions") else ()
    for text in examples:
        get_game(name).parse_action(text)


def test_no_game_copies_the_parse_loop_or_a_text_regex():
    """Each game's actions.py declares forms; none writes a regex table or a fullmatch loop of its own."""
    root = Path(__file__).resolve().parents[3] / "rulebook"
    files = sorted(root.glob("games/*/actions.py")) + [root / "scaffold" / "template" / "game" / "actions.py.tmpl"]
    assert len(files) >= 12
    for path in files:
        source = path.read_text("utf-8")
        for copied in ("fullmatch", "_PATTERNS", "unknown_action", "def __str__", "import re\n"):
            assert copied not in source, (path, copied)
        assert "text_parser(" in source, path


# ----- the declarations themselves ---------------------------------------------------------------------------
@text_form("play {seat} {card} {up}", card=choice({"x": 11, **{str(v): v for v in range(11)}}), up=choice({"up": True, "down": False}))
@dataclass(frozen=True)
class _Play:
    seat: int
    card: int
    up: bool


@text_form("bring {treasure}[ lift {lift}]", treasure=word())
@dataclass(frozen=True)
class _Bring:
    treasure: str
    lift: int = 0


@text_form("sell {ids}", ids=integers(",", empty="none", least=0))
@dataclass(frozen=True)
class _Sell:
    ids: tuple[int, ...]


@text_form("show {group} {place}", group=integer(1, 0, 1, offset=1), place=integer(2, 0, 4, offset=1))
@dataclass(frozen=True)
class _Show:
    group: int
    place: int


@text_form("lift {slot}", slot=pair())
@dataclass(frozen=True)
class _Lift:
    slot: tuple[int, int]


_PARSE = text_parser(_Play, _Bring, _Sell, _Show, _Lift, examples=("play 0 x up",))


def test_a_declared_form_writes_and_reads():
    assert str(_Play(2, 11, False)) == "play 2 x down" and _PARSE("PLAY 2  X down") == _Play(2, 11, False)
    assert str(_Play(1, 1, True)) == "play 1 1 up"  # True and 1 are told apart
    assert str(_Bring("salve")) == "bring salve" and str(_Bring("salve", 7)) == "bring salve lift 7"
    assert _PARSE("bring salve") == _Bring("salve", 0) and _PARSE("bring salve lift 7") == _Bring("salve", 7)
    assert str(_Sell(())) == "sell none" and _PARSE("sell none") == _Sell(()) and _PARSE("sell 4,6") == _Sell((4, 6))
    assert str(_Show(0, 4)) == "show 1 5" and _PARSE("show 2 1") == _Show(1, 0)
    assert _PARSE("lift 2,1") == _Lift((2, 1)) and str(_Lift((2, 1))) == "lift 2,1"


@pytest.mark.parametrize("text", ["show 3 1", "show 1 6", "show 1 0", "play 1 12 up", "bring salve lift", "sell", "lift 10,1", ""])
def test_a_text_outside_the_forms_is_refused_with_the_examples(text):
    with pytest.raises(UnreadableAction) as info:
        _PARSE(text)
    assert info.value.rule_id == "actions" and "'play 0 x up'" in info.value.message_en


def test_a_form_must_name_every_field_and_kinds_for_non_ints():
    with pytest.raises(ValueError):

        @text_form("bring {treasure}", treasure=word())
        @dataclass(frozen=True)
        class _Missing:
            treasure: str
            lift: int = 0

    with pytest.raises(ValueError):

        @text_form("name {who}")
        @dataclass(frozen=True)
        class _NoKind:
            who: str

    with pytest.raises(TypeError):
        text_parser(int, examples=())


def test_canonical_parsers_refuse_leading_zeros():
    @text_form("face {value}")
    @dataclass(frozen=True)
    class _Face:
        value: int

    assert text_parser(_Face, examples=())("face 04") == _Face(4)
    with pytest.raises(UnreadableAction):
        text_parser(_Face, examples=(), canonical=True)("face 04")
