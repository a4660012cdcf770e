"""What Chiritsumo's view model (``present``) and its texts around the board (``report``) share.

The page's facts (``Page``), the words for dice, seats and moves, the readings
of an observation (the seat drawn large, the pyramid shown, the exact best
arrangement) and the hint's advice. Pure (no widgets).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from rulebook.core import HUMAN, RulebookError
from rulebook.games.chiritsumo.actions import PILE, Done, Pass, Swap, Toss
from rulebook.games.chiritsumo.bots import SolverBot
from rulebook.games.chiritsumo.expected import completion_rate, expected_score
from rulebook.games.chiritsumo.game import COLOUR_NAMES, Phase
from rulebook.games.chiritsumo.geometry import COLOURED, Die
from rulebook.games.chiritsumo.scoring import Score
from rulebook.games.chiritsumo.solver import best_arrangement
from rulebook.games.chiritsumo.observation import ChiritsumoObservation, SeatSeen
from widgets.views.model import Engine, as_int, seat_label

from .texts import WORDS

Observation = ChiritsumoObservation
"""What the game's ``observe`` returns; read it by attribute (a typo fails at once, not at the table)."""
Cells = dict[str, tuple[str, int]]
"""A pyramid as the page draws it: slot key "r,i" -> (colour, pips)."""


@dataclass(frozen=True)
class Page:
    """What the page knows beyond the observation.

    ``seats``: the seat kinds (``HUMAN`` or a bot); ``interactive``: the
    page's person is to act now; ``hint``: the hint is on; ``table``: table
    mode (real dice typed in); ``entry``: the pips typed so far for the seat
    being entered (0 = none yet); ``entry_error``: the refusal of the text
    just typed (gone with the next entry).
    """

    seats: tuple[str, ...] = (HUMAN,)
    interactive: bool = False
    hint: bool = False
    table: bool = False
    entry: tuple[int, ...] = ()
    entry_error: RulebookError | None = field(default=None, compare=False)


# ----- words -----------------------------------------------------------------------------------------
def colour_name(colour: str, lang: str) -> str:
    ja, en = COLOUR_NAMES.get(colour, (colour, colour))
    return ja if lang == "ja" else en


def die_text(colour: str, pips: int, lang: str) -> str:
    return WORDS("die", lang, colour=colour_name(colour, lang), pips=pips)


def seat_name(obs: Observation, page: Page, seat: int, lang: str) -> str:
    seats = page.seats if len(page.seats) == len(obs.seats) else (HUMAN,) * len(obs.seats)
    return seat_label(seat, seats, lang)


def prefix(obs: Observation, page: Page, seat: int, lang: str) -> str:
    """"Seat 2: " before a line about a seat; nothing in solo."""
    return "" if obs.mode == "solo" else seat_name(obs, page, seat, lang) + ": "


def target_name(obs: Observation, page: Page, target: int, lang: str, capital: bool = False) -> str:
    if target == PILE:
        return WORDS("dust_pile" if capital else "the_dust_pile", lang)
    return seat_name(obs, page, target, lang)


def action_label(action: Any, lang: str) -> str:
    """The text of a plain move button (Done, Swap, Pass)."""
    if isinstance(action, Done):
        return WORDS("done", lang)
    if isinstance(action, Swap):
        return WORDS("swap", lang, colour=colour_name(action.colour, lang))
    if isinstance(action, Pass):
        return WORDS("pass", lang)
    return str(action)


# ----- reading the observation ----------------------------------------------------------------------------
def die_pair(die: Sequence[str | int]) -> tuple[str, int]:
    """A die as the observation carries it, the JSON pair ``[colour, pips]``, as the ``(colour, pips)`` the page uses."""
    colour, pips = die
    if not isinstance(colour, str) or not isinstance(pips, int):
        raise TypeError(f"a die is [colour, pips], not {die!r}")
    return colour, pips


def dice_of(seat: SeatSeen) -> list[tuple[str, int]]:
    """A seat's dice as ``(colour, pips)`` pairs, in the observation's order (the index is the die's)."""
    return [die_pair(die) for die in seat.dice]


def turn_of(obs: Observation) -> int:
    """The seat to act in the arrange, swap and toss phases (the observation's ``turn`` is None only in the others)."""
    if obs.turn is None:
        raise ValueError(f"no seat acts in the {obs.phase} phase")
    return obs.turn


def entry_seat(obs: Observation, page: Page) -> int | None:
    """In table mode, the seat whose real dice are being typed in (None otherwise)."""
    if obs.phase != Phase.ROLL or not page.table:
        return None
    for seat, s in enumerate(obs.seats):
        if any(p == 0 for _, p in dice_of(s)):
            return seat
    return None


def focus_seat(obs: Observation, page: Page) -> int:
    """The seat drawn large: whoever acts, the seat being entered, the winner, else the first human seat."""
    if obs.phase in (Phase.ARRANGE, Phase.SWAP, Phase.TOSS):
        return turn_of(obs)
    entry = entry_seat(obs, page)
    if entry is not None:
        return entry
    outcome = obs.outcome
    if outcome and outcome["winners"] and obs.mode != "solo":
        return int(outcome["winners"][0])
    humans = [k for k, kind in enumerate(page.seats) if kind == HUMAN]
    return humans[0] if humans else 0


def shown_pyramid(obs: Observation, seat: int) -> Cells:
    """The pyramid of ``seat`` to draw: the one being built, else the last scored one."""
    if obs.phase == Phase.ARRANGE:
        s = obs.seats[seat]
        dice = dice_of(s)
        return {key: dice[d] for key, d in s.placed.items()}
    last = obs.last
    if last and seat < len(last.pyramids):
        return {key: die_pair(die) for key, die in last.pyramids[seat].items()}
    return {}


def slot_of(key: str) -> tuple[int, int]:
    r, i = key.split(",")
    return int(r), int(i)


def key_of(slot: tuple[int, int]) -> str:
    return f"{slot[0]},{slot[1]}"


def slot_from_browser(key: Any) -> tuple[int, int]:
    """A slot key sent by the board (``"r,i"`` or ``[r, i]``); junk becomes (-1, -1), a slot the engine refuses."""
    if isinstance(key, (list, tuple)) and len(key) == 2:
        r, i = as_int(key[0]), as_int(key[1])
        return (r, i) if r is not None and i is not None else (-1, -1)
    if isinstance(key, str) and len(key) <= 8 and key.count(",") == 1:
        r_text, i_text = (part.strip() for part in key.split(","))
        if r_text.lstrip("-").isdigit() and i_text.lstrip("-").isdigit():
            return (int(r_text), int(i_text))
    return (-1, -1)


@lru_cache(maxsize=64)
def best_for(dice: tuple[tuple[str, int], ...], placed: tuple[tuple[tuple[int, int], tuple[str, int]], ...] = ()) -> tuple[dict, Score]:
    """The exact best arrangement of a roll, or of the dice in hand around ``placed`` (slot, die) pairs (cached)."""
    return best_arrangement([Die(*die) for die in dice], {slot: Die(*die) for slot, die in placed})


def completion_for(obs: Observation, seat: int) -> tuple[dict, Score, Score]:
    """The best completion of what the seat has placed (its arrangement and score) and the best from scratch.

    The hint shows the completion, so its faint dice never contradict a die
    already on the pyramid; when lifting dice would score more it says so.
    """
    dice = seat_dice(obs, seat)
    placed_at = {slot_from_browser(key): d for key, d in obs.seats[seat].placed.items()}
    used = set(placed_at.values())
    free = tuple(die for d, die in enumerate(dice) if d not in used)
    placed = tuple(sorted((slot, dice[d]) for slot, d in placed_at.items()))
    target, kept = best_for(free, placed)
    _, best = best_for(dice)
    return target, kept, best


def score_parts(best: Score, lang: str) -> str:
    parts = [WORDS(key, lang, n=n) for key, n in (("hint_mountains", best.mountains), ("hint_rivers", best.rivers), ("hint_wings", best.wings))]
    if best.fuji:
        parts.append(WORDS("fuji", lang))
    if best.complete:
        parts.append(WORDS("hint_bonus", lang, n=best.bonus))
    return ", ".join(parts)


def seat_dice(obs: Observation, seat: int) -> tuple[tuple[str, int], ...]:
    return tuple(dice_of(obs.seats[seat]))


_BOT = SolverBot()
"""The engine's bot, asked for advice in the hint (it is deterministic and reads the observation only)."""


def hint_lines(obs: Observation, engine: Engine, page: Page, lang: str) -> list[str]:
    """Advice for the moment, from the exact solver, the expected scores and the bot (nothing when none applies)."""
    phase = obs.phase
    if phase == Phase.ARRANGE and page.interactive:
        _, kept, best = completion_for(obs, turn_of(obs))
        if not obs.seats[turn_of(obs)].placed:
            return [WORDS("hint_best", lang, n=best.total, parts=score_parts(best, lang))]
        lines = [WORDS("hint_keep", lang, n=kept.total, parts=score_parts(kept, lang))]
        if best.total > kept.total:
            lines.append(WORDS("hint_restart", lang, n=best.total))
        return lines
    if phase == Phase.SWAP:
        held = [c for c, _ in dice_of(obs.seats[turn_of(obs)])]
        lines = []
        if engine.legal:
            pick = _BOT.choose(obs, list(engine.legal), np.random.default_rng(0))
            lines.append(WORDS("hint_bot_swap", lang, label=action_label(pick, lang)))
        for c in COLOURED:
            if c in held:
                dice = list(held)
                dice.remove(c)
                dice.append("clear")
                lines.append(WORDS("hint_give_up", lang, colour=colour_name(c, lang), value=f"{expected_score(dice):.1f}"))
        return lines
    if phase == Phase.TOSS and page.interactive and engine.legal:
        pick = _BOT.choose(obs, list(engine.legal), np.random.default_rng(0))
        if isinstance(pick, Toss):
            target = target_name(obs, page, pick.target, lang)
            text = WORDS("hint_bot_toss", lang, give=colour_name(pick.give, lang), target=target, take=colour_name(pick.take, lang))
        else:
            text = WORDS("hint_bot_pass", lang)
        mine = [c for c, _ in dice_of(obs.seats[turn_of(obs)])]
        return [text, WORDS("hint_worth", lang, value=f"{expected_score(mine):.1f}")]
    if phase == Phase.ROLL:
        dice = [c for c, _ in dice_of(obs.seats[focus_seat(obs, page)])]
        return [WORDS("hint_mix", lang, value=f"{expected_score(dice):.1f}", rate=f"{completion_rate(dice):.0%}")]
    return []


__all__ = ["Page", "action_label", "dice_of", "die_pair", "entry_seat", "focus_seat", "hint_lines", "slot_from_browser"]
