"""Every observation holds what its declared types say, nested parts included (issue 33).

mypy (``tests/test_types.py``) checks the views against the observation
classes; this checks the classes against what each game's ``observe`` really
builds, so a declared type cannot drift from the data: a field, a nested
dataclass, a ``TypedDict`` part (the outcome, Kokkuri-san's card file) or a
JSON pair typed by its elements. Games are played at random from their
default options to the end (or a cap), every seat and the spectator looking.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, NotRequired, Union

import pytest
from tests.support.random_play import random_walk

from rulebook.core.game import SPECTATOR
from rulebook.core.observation import Observation, OutcomeSeen
from rulebook.core.registry import all_games

GAMES = sorted(all_games())
MAX_STEPS = 400
"""Moves per game at most: enough for most games to end (so the outcome is checked), bounded for the slow ones."""


def mismatches(value: Any, tp: Any, where: str) -> list[str]:
    """Where ``value`` is not of type ``tp`` (the forms observations use: plain JSON data and Observation dataclasses)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return []
    if tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin in (Union, types.UnionType):
        if any(not mismatches(value, arm, where) for arm in args):
            return []
        return [f"{where}: {value!r} is none of {tp}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__} is not a list"]
        return [m for k, item in enumerate(value) for m in mismatches(item, args[0], f"{where}[{k}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__} is not a dict"]
        return [m for key, item in value.items() for m in mismatches(key, args[0], f"{where} key") + mismatches(item, args[1], f"{where}[{key!r}]")]
    if typing.is_typeddict(tp):
        return typed_dict_mismatches(value, tp, where)
    if isinstance(tp, type) and issubclass(tp, Observation):
        if not isinstance(value, tp):
            return [f"{where}: {type(value).__name__} is not {tp.__name__}"]
        hints = typing.get_type_hints(tp)
        return [m for f in dataclasses.fields(tp) for m in mismatches(getattr(value, f.name), hints[f.name], f"{where}.{f.name}")]
    if tp is int:  # a bool is an int to isinstance, never to the JSON it becomes
        return [] if type(value) is int else [f"{where}: {value!r} is not an int"]
    if tp is float:
        return [] if type(value) in (int, float) else [f"{where}: {value!r} is not a number"]
    return [] if isinstance(value, tp) else [f"{where}: {value!r} is not {tp}"]


def typed_dict_mismatches(value: Any, tp: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {type(value).__name__} is not a dict"]
    hints = typing.get_type_hints(tp, include_extras=True)
    optional = {key for key, hint in hints.items() if typing.get_origin(hint) is NotRequired}
    out = [f"{where}: unknown key {key!r}" for key in value if key not in hints]
    out += [f"{where}: no key {key!r}" for key in hints if key not in value and key not in optional]
    for key, hint in hints.items():
        if key in value:
            inner = typing.get_args(hint)[0] if key in optional else hint
            out += mismatches(value[key], inner, f"{where}[{key!r}]")
    return out


def states_to_the_end(game: Any, seed: int) -> typing.Iterator[Any]:
    return random_walk(game, seed, MAX_STEPS)


def test_the_check_finds_a_wrong_nested_type() -> None:
    outcome = {"scores": [1], "winners": [0], "reason": "goal", "summary_ja": "", "summary_en": "", "detail": {}}
    assert mismatches(outcome, OutcomeSeen, "o") == []
    assert mismatches({**outcome, "winners": ["0"]}, OutcomeSeen, "o") == ["o['winners'][0]: '0' is not an int"]
    assert mismatches({**outcome, "extra": 1}, OutcomeSeen, "o") == ["o: unknown key 'extra'"]
    assert mismatches([["red", 2]], list[list[str | int]], "d") == []
    assert mismatches([["red", True]], list[list[str | int]], "d") != []  # a bool is no int in JSON
    assert mismatches([["red", 2.5]], list[list[str | int]], "d") != []


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_matches_its_declared_types(name: str) -> None:
    game = all_games()[name]
    for state in states_to_the_end(game, seed=3):
        for seat in (*range(game.num_seats(state)), SPECTATOR):
            o = game.observe(state, seat)
            wrong = mismatches(o, type(o), type(o).__name__)
            assert not wrong, f"{name}, seat {seat}:\n" + "\n".join(wrong[:10])
