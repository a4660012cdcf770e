"""The views read observations by attribute (``o.hand``), never by string key (``o["hand"]``).

Why: a typed observation turns a misspelt field into an error a type
checker (and ``test_view_fields_exist`` below) reports before anyone plays,
where a string key was a ``KeyError`` at the table. This reads the source
of each converted game's view package with ``ast``.
"""

from __future__ import annotations

import ast
import re
import importlib
import typing
from dataclasses import fields
from pathlib import Path

import pytest

from rulebook.core.observation import Observation

VIEWS = Path(__file__).resolve().parents[3] / "widgets" / "views"

# Converted games: their view package and the observation class their observe returns.
CONVERTED = {
    "ring": "rulebook.games.ring.observation:RingObservation",
    "not_my_fault_41": "rulebook.games.not_my_fault.observation:NotMyFaultObservation",
    "not_my_fault": "rulebook.games.not_my_fault.observation:NotMyFaultObservation",
    "kokkuri_san": "rulebook.games.kokkuri_san.observation:KokkuriSanObservation",
    "chiritsumo": "rulebook.games.chiritsumo.observation:ChiritsumoObservation",
    "national_economy": "rulebook.games.national_economy.observation:NationalEconomyObservation",
    "puniu": "rulebook.games.puniu.observation:PuniuObservation",
    "magos_solo": "rulebook.games.magos_solo.observation:MagosSoloObservation",
    "lemon_poker": "rulebook.games.lemon_poker.observation:LemonPokerObservation",
    "treasure_hunt": "rulebook.games.treasure_hunt.observation:TreasureHuntObservation",
    "pig": "rulebook.games.pig.observation:PigObservation",
    "dice_of_tower": "rulebook.games.dice_of_tower.observation:DiceOfTowerObservation",
}

# Names the views give an observation; parameters annotated ``Observation`` are added per function.
OBSERVATION_NAMES = {"o", "obs", "observation", "before", "after", "seen"}


def view_files(game: str) -> list[Path]:
    package = VIEWS / game
    files = sorted(package.glob("*.py")) if package.is_dir() else []
    single = VIEWS / f"{game}.py"
    return files + ([single] if single.exists() else [])


def observation_class(game: str) -> type[Observation]:
    module, name = CONVERTED[game].split(":")
    return getattr(importlib.import_module(module), name)


def _annotated_names(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None and re.search(r"Observation|\bObs\b", ast.unparse(node.annotation)):
            names.add(node.arg)
    return names


def string_key_reads(source: str) -> list[str]:
    """``name["key"]`` and ``name.get("key", ...)`` on a name that holds an observation, as source text."""
    tree = ast.parse(source)
    names = OBSERVATION_NAMES | _annotated_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in names:
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in names
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_sees_a_string_key_read():
    assert string_key_reads('def f(o):\n    return o["hand"]\n') == ["line 2: o['hand']"]
    assert string_key_reads('def f(x: Observation):\n    return x.get("hand", 0)\n') == ["line 2: x.get('hand', 0)"]
    assert string_key_reads("def f(o):\n    return o.hand\n") == []


@pytest.mark.parametrize("game", sorted(CONVERTED))
def test_view_modules_read_no_observation_by_string_key(game):
    files = view_files(game)
    assert files, f"no view modules for {game}"
    for path in files:
        reads = string_key_reads(path.read_text(encoding="utf-8"))
        assert not reads, f"{path.relative_to(VIEWS.parent.parent)} reads an observation by key: {reads}"
        assert not re.search(r"^(Observation|Obs) = Mapping", path.read_text(encoding="utf-8"), re.M), f"{path.name} still types observations as a Mapping"


def _record(tp: typing.Any) -> type[Observation] | None:
    if isinstance(tp, type) and issubclass(tp, Observation):
        return tp
    inner = [a for a in typing.get_args(tp) if isinstance(a, type) and issubclass(a, Observation)]
    return inner[0] if len(inner) == 1 else None


def _attribute_paths(tree: ast.AST, names: set[str]) -> list[tuple[int, list[str]]]:
    """``o.a.b`` chains starting at an observation name, outermost only."""
    paths = []
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and id(node) not in inner:
            chain, cur = [], node
            while isinstance(cur, ast.Attribute):
                chain.append(cur.attr)
                inner.add(id(cur.value))
                cur = cur.value
            if isinstance(cur, ast.Name) and cur.id in names:
                paths.append((node.lineno, chain[::-1]))
    return paths


def unknown_fields(source: str, root: type[Observation]) -> list[str]:
    """Attribute reads on a parameter annotated as the observation that name no declared field.

    Only annotated parameters: in some views ``before``/``after`` are engine
    states, so a bare name proves nothing. Descends into nested observations.
    """
    tree = ast.parse(source)
    methods = set(dir(dict)) | {"to_dict"}
    found = []
    for lineno, chain in _attribute_paths(tree, _annotated_names(tree)):
        cls: type[Observation] | None = root
        for attr in chain:
            if cls is None or attr in methods:
                break
            hints = typing.get_type_hints(cls)
            if attr not in hints:
                found.append(f"line {lineno}: {'.'.join(chain)}")
                break
            cls = _record(hints[attr])
    return found


def test_the_check_sees_a_misspelt_field():
    from rulebook.games.pig.observation import PigObservation

    assert unknown_fields("def f(o: Observation):\n    return o.turn_totl + o.turn_total\n", PigObservation) == ["line 2: turn_totl"]


@pytest.mark.parametrize("game", sorted(CONVERTED))
def test_view_fields_exist(game):
    """Every ``o.field`` (and ``o.part.field`` into a nested observation) a view reads is a declared field."""
    root = observation_class(game)
    for path in view_files(game):
        assert not unknown_fields(path.read_text(encoding="utf-8"), root), f"{path.name}: {root.__name__} has no such field"
