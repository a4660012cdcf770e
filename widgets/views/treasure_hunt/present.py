"""宝探し as a view model: ``present(observation, engine, page, lang, advice) -> ViewModel``.

Pure: no widgets. The board dict is what ``widgets/static/treasure_hunt.js``
draws (the sheet's numbers, the "both" pill, earlier trips, the dice, the
treasures, the chips); the controls are the moves of the action bar, built
from the engine's legal actions, with the exact winning chances when the hint
is on (``advice``: the solver's ``Advice``, an engine function). Every number
of the sheet carries what a tap on it means and, when the engine refuses
that, the engine's reason, so no tap on the sheet goes unanswered.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from typing import Any, Mapping

from rulebook.core import Outcome, RulebookError
from rulebook.games.treasure_hunt.actions import Bring, Check, Die, GiveUp, RollDice, Seal, parse
from rulebook.games.treasure_hunt.model import RULES, Rules, Treasure, longest_run, mask_of, popcount
from rulebook.games.treasure_hunt.state import Phase, State, state_from_observation

from ..model import Control, Engine, Message, MessageKind, ViewModel, end_message_kind, refuse
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


def hint_values(observation: Mapping[str, Any], page: Page, advice: Any, rules: Rules) -> dict[Any, float]:
    """Win probability after each legal move (empty unless the hint is on and it is this page's move)."""
    if advice is None or not page.hint or not page.acting or observation["phase"] == Phase.OVER:
        return {}
    return advice.action_values(state_from_observation(observation, rules))


# ----- the view model ----------------------------------------------------------------------------------
def present(
    observation: Mapping[str, Any], engine: Engine, page: Page, lang: str, advice: Any = None, rules: Rules = RULES
) -> ViewModel:
    """The page for this moment (see the module docstring)."""
    phase = Phase(observation["phase"])
    pending = page.pending if phase == Phase.READY and page.acting else ()
    page = replace(page, pending=pending)
    values = hint_values(observation, page, advice, rules)
    best = max(values.values()) if values else -1.0
    dice = list(observation["dice"])
    numbers = []
    for n in range(1, observation["numbers"] + 1):
        action = number_action(phase, pending, n)
        error = refusal(action, engine, page)
        value = values.get(action) if error is None else None
        numbers.append(
            {
                "n": n,
                "checked": n in observation["checked"],
                "sealed": n in observation["sealed"],
                "role": ROLES[type(action)] if error is None else None,
                "prob": percent(value) if value is not None else None,
                "best": value is not None and value >= best - TIE,
                "title": action_label(action, dice, lang, rules) if error is None else str(n),
                "reason": error.message(lang) if error is not None else "",
                "rule": error.rule_id if error is not None else "",
            }
        )
    pair = None
    for action in engine.legal if page.acting and phase == Phase.CHECK else ():
        if len(action.numbers) == 2:
            value = values.get(action)
            pair = {
                "numbers": list(action.numbers),
                "label": WORDS("both", lang),
                "prob": percent(value) if value is not None else None,
                "best": value is not None and value >= best - TIE,
                "title": action_label(action, dice, lang, rules),
            }
    board: dict[str, Any] = {
        "phase": str(phase),
        "interactive": page.acting,
        "numbers": numbers,
        "pair": pair,
        "rows": rows_of(observation, lang, rules),
        "current_label": str(observation["expedition"]) if phase != Phase.OVER else "",
        "current_title": WORDS("trip_title", lang, n=observation["expedition"]),
        "dice": dice_of(observation, page, lang),
        "treasures": treasures_of(observation, engine, page, values, best, lang, rules),
        "chips": chips_of(observation, page, advice, lang, rules),
        "pending": bool(pending),
        "words": {k: WORDS(k, lang) for k in ("sheet", "dice", "treasures", "cancel")},
    }
    messages: list[Message] = []
    outcome = observation["outcome"]
    if outcome is not None:
        summary = outcome["summary_ja"] if lang == "ja" else outcome["summary_en"]
        messages.append(Message(end_kind(outcome["winners"], page), summary, outcome["reason"]))
    if page.entering:
        missing = [k + 1 for k in range(len(dice), 2) if not 1 <= page.entry[k] <= observation["faces"]]
        if missing:
            messages.append(Message("notice", WORDS("entry_missing", lang, dice=WORDS("and", lang).join(map(str, missing)), n=len(missing)), "chance"))
    return ViewModel(
        status=status_line(observation, lang, rules),
        caption=caption_of(observation, engine, page, lang, rules),
        board=board,
        controls=tuple(controls_of(observation, engine, page, values, best, lang, rules)),
        messages=tuple(messages),
        rule=rule_of(phase, pending, outcome),
    )


def rule_of(phase: Phase, pending: tuple[str, ...], outcome: Mapping[str, Any] | None) -> str:
    if outcome is not None:
        return outcome["reason"]
    if pending:
        return "give-up" if pending[0] == "give-up" else "unseal"
    return {Phase.READY: "expedition", Phase.ROLL: "chance", Phase.CHECK: "check", Phase.FAILED: "fail"}.get(phase, "")


def rows_of(observation: Mapping[str, Any], lang: str, rules: Rules) -> list[dict[str, Any]]:
    """Finished expeditions, struck out like on paper (the last five)."""
    rows = [{"index": k + 1, "checks": list(trip["checked"]), "label": end_label(trip["end"], lang, rules)} for k, trip in enumerate(observation["history"])]
    hidden = max(0, len(rows) - 5)
    return [{"index": 0, "checks": [], "label": f"+{hidden}", "more": True}] * bool(hidden) + rows[hidden:]


def dice_of(observation: Mapping[str, Any], page: Page, lang: str) -> dict[str, Any]:
    phase = observation["phase"]
    dice = list(observation["dice"])
    if page.entering:
        shown = dice + list(page.entry[len(dice) :])
        return {"values": shown[:2], "mode": "entry", "fixed": len(dice), "label": WORDS("dice_entry", lang)}
    if phase in (Phase.CHECK, Phase.FAILED):
        return {"values": dice, "mode": "rolled", "label": WORDS("dice_roll", lang)}
    if phase == Phase.ROLL:
        return {"values": dice + [0] * (2 - len(dice)), "mode": "rolling", "label": ""}
    if phase == Phase.OVER:
        return {"values": [], "mode": "none", "label": ""}
    if observation["checked"] and len(dice) == 2:  # the roll behind this trip's last tick
        return {"values": dice, "mode": "last", "label": WORDS("dice_last", lang)}
    return {"values": [0, 0], "mode": "none", "label": ""}


def treasures_of(
    observation: Mapping[str, Any], engine: Engine, page: Page, values: Mapping[Any, float], best: float, lang: str, rules: Rules
) -> list[dict[str, Any]]:
    """The five treasures; one not earned carries the engine's reason for refusing it."""
    out = []
    over = observation["phase"] == Phase.OVER
    ready = observation["phase"] == Phase.READY
    checked = set(observation["checked"])
    for seen in observation["treasures"]:
        treasure = treasure_of(seen["key"], rules)
        assert treasure is not None
        home, eligible = bool(seen["home"]), ready and bool(seen["eligible"])
        options = [v for a, v in values.items() if isinstance(a, Bring) and a.treasure == treasure.key]
        value = max(options) if options else None
        progress = len(checked) if treasure.kind == "count" else longest_run(mask_of(checked))
        error = refusal(Bring(treasure.key), engine, page)
        out.append(
            {
                "key": treasure.key,
                "name": treasure.name(lang),
                "need": need_text(treasure, lang),
                "home": home,
                "eligible": eligible,
                "progress": f"{min(progress, treasure.need)}/{treasure.need}" if not home and not over else "",
                "unseal": treasure.unseal,
                "clickable": page.acting and eligible,
                "prob": percent(value) if value is not None else None,
                "best": value is not None and value >= best - TIE,
                "status": WORDS("home", lang) if home else (WORDS("earned", lang) if eligible else ""),
                "selected": page.pending[:1] == ("bring",) and page.pending[1:2] == (treasure.key,),
                "reason": error.message(lang) if error is not None and not eligible else "",
                "rule": error.rule_id if error is not None and not eligible else "",
            }
        )
    return out


def chips_of(observation: Mapping[str, Any], page: Page, advice: Any, lang: str, rules: Rules) -> list[dict[str, str]]:
    over = observation["phase"] == Phase.OVER
    home = sum(1 for t in observation["treasures"] if t["home"])
    trips = len(observation["history"])
    chips = [
        {"cls": "rb-trip", "text": WORDS("chip_trips", lang, n=trips) if over else WORDS("chip_trip", lang, n=observation["expedition"])},
        {"cls": "rb-treasure-count", "text": WORDS("chip_treasures", lang, home=home, total=len(observation["treasures"]))},
        {"cls": "rb-seal-count", "text": WORDS("chip_seals", lang, n=len(observation["sealed"]), limit=observation["seal_limit"])},
    ]
    if page.hint and advice is not None and not over:
        now = advice.state_value(state_from_observation(observation, rules))
        chips.append({"cls": "rb-win-prob rb-win-prob-current", "text": WORDS("chip_win", lang, p=percent(now))})
    return chips


def caption_of(observation: Mapping[str, Any], engine: Engine, page: Page, lang: str, rules: Rules) -> str:
    phase = observation["phase"]
    if phase == Phase.OVER:
        return WORDS("caption_over", lang)
    if page.entering:
        return WORDS("caption_entry", lang)
    if not page.acting:
        return ""
    if phase == Phase.CHECK:
        a, b = observation["dice"]
        return WORDS("caption_check", lang, a=a, b=b)
    if phase == Phase.FAILED:
        a, b = observation["dice"]
        return WORDS("caption_failed", lang, a=a, b=b)
    if page.pending[:1] == ("give-up",):
        return WORDS("caption_give_up", lang)
    if page.pending[:1] == ("bring",):
        return WORDS("caption_bring", lang, name=treasure_name(page.pending[1], rules, lang))
    if not observation["checked"]:
        return WORDS("caption_new", lang)
    if any(isinstance(a, Bring) for a in engine.legal):
        return WORDS("caption_earned", lang)
    return WORDS("caption_roll_on", lang)


def controls_of(
    observation: Mapping[str, Any], engine: Engine, page: Page, values: Mapping[Any, float], best: float, lang: str, rules: Rules
) -> list[Control]:
    """The moves of the action bar. Moves come from the engine's legal actions; page-only steps
    (choose a number to give up on, a × to lift, cancel) have no action."""
    if page.entering or not page.acting:
        return []
    phase = observation["phase"]
    dice = observation["dice"]
    legal = engine.legal
    out: list[Control] = []

    def move(key: str, action: Any, label: str | None = None) -> None:
        text, star = decorated(label or action_label(action, dice, lang, rules), values.get(action), best, lang)
        out.append(Control.for_action(key, text, action, engine, lang, highlight=star))

    if phase == Phase.CHECK:
        for action in legal:
            move("option-" + "-".join(str(n) for n in action.numbers), action)
    elif phase == Phase.FAILED:
        for action in legal:
            move(f"seal-{action.number}", action)
    elif phase == Phase.READY and page.pending[:1] == ("give-up",):
        for action in legal:
            if isinstance(action, GiveUp):
                move(f"give-up-{action.number}", action, WORDS("give_up_number", lang, n=action.number))
        out.append(Control("cancel", WORDS("cancel", lang)))
    elif phase == Phase.READY and page.pending[:1] == ("bring",):
        key = page.pending[1]
        for action in legal:
            if isinstance(action, Bring) and action.treasure == key:
                if action.lift:
                    move(f"lift-{action.lift}", action, WORDS("lift", lang, n=action.lift))
                else:
                    move("lift-none", action, WORDS("keep_all", lang))
        out.append(Control("cancel", WORDS("cancel", lang)))
    elif phase == Phase.READY:
        move("go", RollDice())
        shown: list[str] = []
        for action in legal:
            if isinstance(action, Bring) and action.treasure not in shown:
                shown.append(action.treasure)
                out.append(bring_control(action.treasure, observation, engine, values, best, lang, rules))
        give_ups = [v for a, v in values.items() if isinstance(a, GiveUp)]
        text, star = decorated(WORDS("give_up_more", lang), max(give_ups) if give_ups else None, best, lang, "up_to")
        out.append(Control("give-up", text, True, highlight=star))
    return out


def bring_control(
    key: str, observation: Mapping[str, Any], engine: Engine, values: Mapping[Any, float], best: float, lang: str, rules: Rules
) -> Control:
    """Bring a treasure home: at once, or (a treasure that lifts a ×, with one to lift) after choosing the ×."""
    name = treasure_name(key, rules, lang)
    treasure = treasure_of(key, rules)
    if treasure is not None and treasure.unseal and observation["sealed"]:
        options = [v for a, v in values.items() if isinstance(a, Bring) and a.treasure == key]
        text, star = decorated(WORDS("bring_more", lang, name=name), max(options) if options else None, best, lang)
        return Control(f"bring-home-{key}", text, True, highlight=star)
    action = Bring(key)
    text, star = decorated(WORDS("bring", lang, name=name), values.get(action), best, lang)
    return Control.for_action(f"bring-home-{key}", text, action, engine, lang, highlight=star)


# ----- texts around the board -------------------------------------------------------------------------
def status_line(observation: Mapping[str, Any], lang: str, rules: Rules = RULES) -> str:
    """The header line (HTML): trip, treasures home, seals. Never the seed."""
    over = observation["phase"] == Phase.OVER
    home = sum(1 for t in observation["treasures"] if t["home"])
    parts = [WORDS("status_over", lang) if over else WORDS("status_trip", lang, n=observation["expedition"])]
    parts.append(WORDS("status_treasures", lang, home=home, total=len(observation["treasures"])))
    parts.append(WORDS("status_seals", lang, n=len(observation["sealed"]), limit=observation["seal_limit"]))
    return " · ".join(parts)


def describe(before: State, action: Any, after: State, lang: str, rules: Rules = RULES) -> str | None:
    """The log line of ``action`` (HTML-escaped), or None for a move that shows nothing yet."""
    e = html.escape
    trip = WORDS("log_trip", lang, n=before.expedition)
    if isinstance(action, RollDice):
        return None
    if isinstance(action, Die):
        if len(after.dice) < 2:
            return None
        a, b = after.dice
        line = WORDS("log_rolled", lang, a=a, b=b)
        if after.phase == Phase.FAILED:
            line += WORDS("log_nothing", lang)
        return e(trip + line)
    if isinstance(action, Check):
        return e(trip + action_label(action, before.dice, lang, rules))
    seals = popcount(after.sealed)
    if isinstance(action, Seal):
        line = WORDS("log_failed", lang, n=action.number, seals=seals)
    elif isinstance(action, GiveUp):
        line = WORDS("log_gave_up", lang, n=action.number, seals=seals)
    elif isinstance(action, Bring):
        line = WORDS("log_brought", lang, name=treasure_name(action.treasure, rules, lang), n=popcount(after.treasures))
        if action.lift:
            line += WORDS("log_lifted", lang, n=action.lift)
    else:
        return e(str(action))
    end = f" — <b>{e(after.result.summary(lang))}</b>" if after.result else ""
    return e(trip + line) + end


def outcome_html(outcome: Outcome, observation: Mapping[str, Any], page: Page, lang: str, rules: Rules = RULES) -> str:
    """The end: the summary as a success or a defeat (a defeat never in the colour of success), and the treasures home."""
    e = html.escape
    won = bool(outcome.winners)
    home = [treasure_name(t["key"], rules, lang) for t in observation["treasures"] if t["home"]]
    listing = WORDS("treasures_home", lang, names=WORDS("list_sep", lang).join(home) if home else "—")
    kind = end_kind(outcome.winners, page)
    return (
        f"<div class='rb-outcome-summary rb-message rb-message-{kind} rb-{'won' if won else 'lost'}'"
        f" data-result='{'win' if won else 'lose'}'>{e(outcome.summary(lang))}</div>"
        f"<div class='rb-outcome-treasures'>{e(listing)}</div>"
    )


def hint_html(observation: Mapping[str, Any], page: Page, lang: str, advice: Any, rules: Rules = RULES) -> str:
    """The chance to win from here, the best moves, and what the numbers on the buttons mean."""
    if observation["phase"] == Phase.OVER or not page.acting or advice is None:
        return ""
    e = html.escape
    now = advice.state_value(state_from_observation(observation, rules))
    start = advice.start_value()
    values = hint_values(observation, page, advice, rules)
    parts = [
        e(WORDS("hint_now", lang)) + f"<b class='rb-win-prob rb-win-prob-now'>{percent(now)}</b>" + e(WORDS("hint_fresh", lang, p=percent(start)))
    ]
    if values:
        top = max(values.values())
        bests = [a for a, v in values.items() if v >= top - TIE]
        names = WORDS("list_sep", lang).join(action_label(a, observation["dice"], lang, rules) for a in bests[:3])
        more = WORDS("hint_more", lang, n=len(bests) - 3) if len(bests) > 3 else ""
        parts.append(e(WORDS("hint_best", lang, names=names, more=more)) + f" <span class='rb-win-prob'>{percent(top)}</span>")
        parts.append(e(WORDS("hint_explain", lang)))
    return "<br>".join(parts)


__all__ = [
    "Page",
    "action_label",
    "describe",
    "hint_html",
    "number_action",
    "outcome_html",
    "percent",
    "present",
    "status_line",
]
