"""宝探し's worked examples (see ``rulebook.core.examples``): every figure comes from the engine.

Kinds:

- ``options``: ``dice`` (the two dice, e.g. ``3 4``), optional ``checked``
  (numbers ticked earlier in this expedition) and ``sealed`` (crosses) →
  figures ``options`` (how many choices the engine allows after the roll),
  ``choices`` (those choices in the engine's order, options apart by commas,
  the numbers of one option by spaces: ``3, 4, 3 4, 7``; ``none`` when the
  roll fails) and ``seals`` (what a failed roll may seal, ``3, 4, 7``; ``none`` otherwise).
  The position is the roll played on the sheet with the engine's own moves
  (``roll``, ``die 1 a``, ``die 2 b``), so the phase is the engine's too.
- ``run``: ``checked`` (this expedition's ticks), optional ``sealed`` and
  ``home`` (treasure keys already home) → figures ``ticks`` (how many numbers
  are ticked), ``run`` (the longest run of consecutive ticks, the engine's
  ``longest_run``) and ``brings`` (the treasures the engine lets you bring
  home before the next roll, keys in sheet order: ``scarab, salve``; or ``none``).
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers, words

from .actions import Bring, Check, Die, RollDice, Seal
from .game import State, TreasureHunt
from .model import RULES, longest_run, mask_of, popcount

GAME = TreasureHunt()


def _numbers(fields: Mapping[str, str], name: str) -> list[int]:
    """A field's sheet numbers (1–12, each once); empty when the field is left out."""
    found = numbers(fields.get(name, ""), name)
    for n in found:
        if not 1 <= n <= RULES.numbers:
            raise ExampleError(f"{name}: there is no number {n} on the sheet (1-{RULES.numbers})")
    if len(set(found)) != len(found):
        raise ExampleError(f"{name}: a number is written twice ({found})")
    return found


def sheet(fields: Mapping[str, str]) -> State:
    """The sheet before a roll: this expedition's ticks, the crosses and the treasures home."""
    checked, sealed = _numbers(fields, "checked"), _numbers(fields, "sealed")
    both = sorted(set(checked) & set(sealed))
    if both:
        raise ExampleError(f"checked and sealed: a sealed number cannot be ticked ({both})")
    if len(sealed) >= RULES.seal_limit:
        raise ExampleError(f"sealed: {len(sealed)} crosses end the game (the limit is {RULES.seal_limit})")
    treasures = 0
    for key in words(fields.get("home", "")):
        found = RULES.treasure(key)
        if found is None:
            raise ExampleError(f"home: no treasure {key!r} ({', '.join(t.key for t in RULES.treasures)})")
        treasures |= 1 << found[0]
    if treasures == RULES.all_treasures:
        raise ExampleError("home: with every treasure home the game is over")
    return State(treasures=treasures, sealed=mask_of(sealed), checked=mask_of(checked))


def _listed(values: list[str]) -> str:
    return ", ".join(values) if values else "none"


# ----- options: what a roll lets you tick ---------------------------------------------------------------
def options_position(fields: Mapping[str, str]) -> State:
    """The sheet with the example's roll made by the engine: ``check`` (or ``failed``) phase."""
    dice = numbers(fields["dice"], "dice")
    if len(dice) != 2:
        raise ExampleError(f"dice: want the two dice, got {dice}")
    state = GAME.apply(sheet(fields), RollDice())
    for index, pips in enumerate(dice, start=1):
        state = GAME.apply(state, Die(index, pips))  # the engine refuses a face the dice do not have
    return state


def options_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    legal = GAME.legal_actions(options_position(fields))
    checks = [action for action in legal if isinstance(action, Check)]
    seals = [str(action.number) for action in legal if isinstance(action, Seal)]
    return {
        "options": len(checks),
        "choices": _listed([" ".join(str(n) for n in action.numbers) for action in checks]),
        "seals": _listed(seals),
    }


# ----- run: what a run of ticks brings home ----------------------------------------------------------------
def run_position(fields: Mapping[str, str]) -> State:
    """The sheet before the next roll, with the example's ticks (bring home, roll on or give up)."""
    return sheet(fields)


def run_figures(fields: Mapping[str, str]) -> dict[str, Any]:
    state = run_position(fields)
    brings: list[str] = []
    for action in GAME.legal_actions(state):
        if isinstance(action, Bring) and action.treasure not in brings:
            brings.append(action.treasure)
    return {
        "ticks": popcount(state.checked),
        "run": longest_run(state.checked),
        "brings": _listed(brings),
    }


KINDS = {
    "options": ExampleKind(("dice", "checked", "sealed", "home"), options_figures, optional=("checked", "sealed", "home"), position=options_position),
    "run": ExampleKind(("checked", "sealed", "home"), run_figures, optional=("sealed", "home"), position=run_position),
}
