"""Placement (CT-1, CT-2): where a die may go, and why not.

One function, ``placement_error``, knows the three placement rules; both
``validate`` (a whole arrangement) and the game's ``check`` (one move) ask it,
so the reasons shown to a player and the rules the solver obeys cannot drift.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.errors import IllegalAction

from .geometry import COLOURS, INDEX, SLOTS, Die, Slot, neighbours, supports



def slot_name(slot: Slot) -> str:
    return f"{slot[0]},{slot[1]}"


def check_die(die: Any) -> Die:
    """A die must be ``(colour, pips)`` with a known colour and 1–6 pips."""
    if (
        not isinstance(die, (tuple, list))
        or len(die) != 2
        or die[0] not in COLOURS
        or isinstance(die[1], bool)
        or not isinstance(die[1], int)
        or not 1 <= die[1] <= 6
    ):
        raise IllegalAction(
            "components",
            f"{die!r} はダイスではありません（色は clear/yellow/red/blue、目は 1〜6）。",
            f"{die!r} is not a die (colour clear/yellow/red/blue, pips 1-6).",
        )
    return (die[0], die[1])


def check_slot(slot: Any) -> Slot:
    """A slot must be one of the ten ``(row, i)`` of the pyramid."""
    if not isinstance(slot, tuple) or slot not in INDEX or not all(type(x) is int for x in slot):
        raise IllegalAction(
            "place-base",
            f"{slot!r} というマスはありません（下段から 4・3・2・1 マス）。",
            f"There is no slot {slot!r} (rows of 4, 3, 2, 1 from the bottom).",
        )
    return slot


def placement_error(pips_at: Mapping[Slot, int], slot: Slot, pips: int) -> IllegalAction | None:
    """Why a die showing ``pips`` may not go on ``slot`` now, or ``None`` if it may.

    ``pips_at`` holds the pips of the dice already placed.
    """
    where = slot_name(slot)
    if slot in pips_at:
        return IllegalAction(
            "place-base",
            f"マス {where} にはもうダイスがあります。",
            f"Slot {where} already holds a die.",
        )
    below = supports(slot)
    missing = [s for s in below if s not in pips_at]
    if missing:
        return IllegalAction(
            "place-base",
            f"マス {where} の下の二つ（{' と '.join(slot_name(s) for s in below)}）が揃っていないと積めません。",
            f"Slot {where} needs both dice below it ({' and '.join(slot_name(s) for s in below)}) first.",
        )
    for other in neighbours(slot):
        if other in pips_at and abs(pips_at[other] - pips) > 1:
            return IllegalAction(
                "place-neighbour",
                f"横に隣り合うダイスの差は 1 までです（{slot_name(other)} は {pips_at[other]}、置こうとした目は {pips}）。",
                f"Side-by-side dice may differ by at most 1 ({slot_name(other)} shows {pips_at[other]}, this die {pips}).",
            )
    if below:
        lowest = min(pips_at[s] for s in below)
        if pips > lowest:
            return IllegalAction(
                "place-upper",
                f"上に積むダイスは土台の小さい方（{lowest}）以下でなければなりません（置こうとした目は {pips}）。",
                f"A die on top may not exceed the smaller die under it ({lowest}); this die shows {pips}.",
            )
    return None


def lift_error(occupied: Mapping[Slot, Any], slot: Slot) -> IllegalAction | None:
    """Why the die on ``slot`` may not be taken back now (a die rests on it)."""
    where = slot_name(slot)
    if slot not in occupied:
        return IllegalAction(
            "place-base",
            f"マス {where} にはダイスがありません。",
            f"Slot {where} is empty.",
        )
    above = [s for s in SLOTS if slot in supports(s) and s in occupied]
    if above:
        return IllegalAction(
            "place-base",
            f"マス {where} の上にダイスが載っています。先に {slot_name(above[0])} を取ってください。",
            f"A die rests on slot {where}; take back {slot_name(above[0])} first.",
        )
    return None


def validate(pyramid: Mapping[Any, Any]) -> None:
    """Raise ``IllegalAction`` if an arrangement breaks CT-1; return if legal.

    Any set of filled slots obeying the placement rules is legal (CT-2),
    complete or not. Slots are checked bottom-up, so the reason given is the
    lowest broken one.
    """
    if not isinstance(pyramid, Mapping):
        raise IllegalAction("place-base", "配置は マス→ダイス の対応で与えてください。", "An arrangement maps slots to dice.")
    cleaned: dict[Slot, Die] = {}
    for slot, die in pyramid.items():
        cleaned[check_slot(slot)] = check_die(die)
    pips_at: dict[Slot, int] = {}
    for slot in SLOTS:
        if slot in cleaned:
            error = placement_error(pips_at, slot, cleaned[slot][1])
            if error:
                raise error
            pips_at[slot] = cleaned[slot][1]
