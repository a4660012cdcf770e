"""What 宝探し's view model (``present``) and its texts around the board (``report``) share.

The page's facts (``Page``), how a chance is shown, the words of treasures
and moves, what a tap on the sheet means and the hint's winning chances.
Pure (no widgets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection

from rulebook.core import RulebookError
from rulebook.games.treasure_hunt.actions import Bring, Check, Die, GiveUp, RollDice, Seal, parse
from rulebook.games.treasure_hunt.model import RULES, Rules, Treasure
from rulebook.games.treasure_hunt.state import Phase, state_from_observation
from rulebook.games.treasure_hunt.observation import TreasureHuntObservation
from rulebook.games.treasure_hunt.solver import Advice

from ..model import Engine, MessageKind, end_message_kind, refuse
from .texts import WORDS

TIE = 1e-12
"""Values within this of the best count as best (the ★)."""


def percent(p: float) -> str:
    """A win probability as the page shows it (one decimal; exact 0 and 1 plainly)."""
    if p >= 1.0:
        return "100%"
    if p <= 0.0:
        return "0%"
    if p >= 0.9995:
        return ">99.9%"
    if p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


@dataclass(frozen=True)
class Page:
    """What the page knows beyond the observation.

    ``acting``: the person on this page is to move now; ``entering``: table
    mode, the real dice are being entered; ``hint``: the hint is on;
    ``pending``: a choice that needs a second tap, ``("give-up",)`` or
    ``("bring", key)``; ``entry``: pips chosen so far for the two dice;
    ``seats_here``: the seats played on this page (none for a spectator).
    """

    acting: bool = True
    entering: bool = False
    hint: bool = False
    pending: tuple[str, ...] = ()
    entry: tuple[int, int] = (0, 0)
    seats_here: tuple[int, ...] = (0,)


def end_kind(winners: Any, page: Page) -> MessageKind:
    """How the end reads on this page (the platform's one rule: ``end_message_kind``)."""
    return end_message_kind(tuple(winners), tuple(page.seats_here))


# ----- words -------------------------------------------------------------------------------------
def treasure_of(key: str, rules: Rules) -> Treasure | None:
    found = rules.treasure(key)
    return found[1] if found else None


def treasure_name(key: str, rules: Rules, lang: str) -> str:
    treasure = treasure_of(key, rules)
    return treasure.name(lang) if treasure else key


def need_text(treasure: Treasure, lang: str) -> str:
    return WORDS("need_count" if treasure.kind == "count" else "need_run", lang, n=treasure.need)


def action_label(action: Any, dice: tuple[int, ...] | list[int], lang: str, rules: Rules = RULES) -> str:
    """The words of a move; ``dice`` is the roll it answers."""
    if isinstance(action, RollDice):
        return WORDS("roll", lang)
    if isinstance(action, Check):
        numbers = action.numbers
        if len(numbers) == 1 and len(dice) == 2 and numbers[0] not in dice:
            return WORDS("tick_sum", lang, n=numbers[0])
        if len(numbers) == 2:
            return WORDS("tick_both", lang, a=numbers[0], b=numbers[1])
        return WORDS("tick", lang, numbers=WORDS("and", lang).join(str(n) for n in numbers))
    if isinstance(action, Seal):
        return WORDS("seal", lang, n=action.number)
    if isinstance(action, GiveUp):
        return WORDS("give_up_seal", lang, n=action.number)
    if isinstance(action, Bring):
        name = treasure_name(action.treasure, rules, lang)
        return WORDS("bring_lift", lang, name=name, n=action.lift) if action.lift else WORDS("bring", lang, name=name)
    if isinstance(action, Die):
        return WORDS("die", lang, index=action.index, pips=action.pips)
    return str(action)


def column_name(n: int, checked: Collection[int], sealed: Collection[int], lang: str) -> str:
    """A number's column when a tap plays nothing there: the number and its state, which the picture shows as a
    tick or a cross a screen reader cannot see."""
    return WORDS("column_sealed" if n in sealed else ("column_ticked" if n in checked else "column"), lang, n=n)


def end_label(end: str, lang: str, rules: Rules = RULES) -> str:
    """How an earlier trip ended, from the text of its last move."""
    try:
        action = parse(end)
    except RulebookError:
        return end
    if isinstance(action, Bring):
        name = treasure_name(action.treasure, rules, lang)
        return WORDS("end_lift", lang, name=name, n=action.lift) if action.lift else WORDS("end_bring", lang, name=name)
    if isinstance(action, Seal):
        return WORDS("end_failed", lang, n=action.number)
    if isinstance(action, GiveUp):
        return WORDS("end_gave_up", lang, n=action.number)
    return end


def decorated(text: str, value: float | None, best: float, lang: str, key: str = "with_prob") -> tuple[str, bool]:
    """A label with its winning chance and a ★ when it is the best (hint on); and whether it is."""
    if value is None:
        return text, False
    star = value >= best - TIE
    text = WORDS(key, lang, text=text, p=percent(value))
    return (WORDS("starred", lang, text=text) if star else text), star


# ----- what a tap means ---------------------------------------------------------------------------
ROLES = {Check: "option", Seal: "seal", GiveUp: "give-up", Bring: "lift"}


def number_action(phase: str, pending: tuple[str, ...], n: int) -> Any:
    """The move a tap on number ``n`` asks for now (the engine says whether it may be made)."""
    if phase == Phase.FAILED:
        return Seal(n)
    if phase == Phase.READY and pending[:1] == ("give-up",):
        return GiveUp(n)
    if phase == Phase.READY and pending[:1] == ("bring",) and len(pending) > 1:
        return Bring(pending[1], n)
    return Check((n,))


def refusal(action: Any, engine: Engine, page: Page) -> RulebookError | None:
    """Why ``action`` may not be made from this page (None when it may): the engine's reason first."""
    if page.acting and engine.allows(action):
        return None
    error = engine.why_not(action)
    return error if error is not None else refuse(WORDS, "expedition", "not_your_move")


def hint_values(observation: TreasureHuntObservation, page: Page, advice: Advice | None, rules: Rules) -> dict[Any, float]:
    """Win probability after each legal move (empty unless the hint is on and it is this page's move)."""
    if advice is None or not page.hint or not page.acting or observation.phase == Phase.OVER:
        return {}
    return advice.action_values(state_from_observation(observation, rules))


__all__ = ["Page", "action_label", "number_action", "percent"]
