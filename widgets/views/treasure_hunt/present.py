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

from dataclasses import replace
from typing import Any, Mapping

from rulebook.games.treasure_hunt.actions import Bring, GiveUp, RollDice
from rulebook.games.treasure_hunt.model import RULES, Rules, longest_run, mask_of
from rulebook.games.treasure_hunt.state import Phase, state_from_observation
from rulebook.games.treasure_hunt.observation import TreasureHuntObservation

from ...i18n import t, tap_step_die
from ..model import Control, Engine, Message, ViewModel
from .common import ROLES, TIE, Page, action_label, decorated, end_kind, end_label, hint_values, need_text, number_action, percent
from .common import column_name, refusal, treasure_name, treasure_of
from .texts import WORDS


# ----- the view model ----------------------------------------------------------------------------------
def present(
    observation: TreasureHuntObservation, engine: Engine, page: Page, lang: str, advice: Any = None, rules: Rules = RULES
) -> ViewModel:
    """The page for this moment (see the module docstring)."""
    phase = Phase(observation.phase)
    pending = page.pending if phase == Phase.READY and page.acting else ()
    page = replace(page, pending=pending)
    values = hint_values(observation, page, advice, rules)
    best = max(values.values()) if values else -1.0
    dice = list(observation.dice)
    numbers = []
    for n in range(1, observation.numbers + 1):
        action = number_action(phase, pending, n)
        error = refusal(action, engine, page)
        value = values.get(action) if error is None else None
        numbers.append(
            {
                "n": n,
                "checked": n in observation.checked,
                "sealed": n in observation.sealed,
                "role": ROLES[type(action)] if error is None else None,
                "prob": percent(value) if value is not None else None,
                "best": value is not None and value >= best - TIE,
                "title": action_label(action, dice, lang, rules) if error is None else column_name(n, observation.checked, observation.sealed, lang),
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
        "current_label": str(observation.expedition) if phase != Phase.OVER else "",
        "current_title": WORDS("trip_title", lang, n=observation.expedition),
        "dice": dice_of(observation, page, lang),
        "treasures": treasures_of(observation, engine, page, values, best, lang, rules),
        "chips": chips_of(observation, page, advice, lang, rules),
        "pending": bool(pending),
        "words": {k: WORDS(k, lang) for k in ("sheet", "dice", "treasures", "cancel")},
    }
    messages: list[Message] = []
    outcome = observation.outcome
    if outcome is not None:
        summary = outcome["summary_ja"] if lang == "ja" else outcome["summary_en"]
        messages.append(Message(end_kind(outcome["winners"], page), summary, outcome["reason"]))
    if page.entering:
        missing = [k + 1 for k in range(len(dice), 2) if not 1 <= page.entry[k] <= observation.faces]
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
        return str(outcome["reason"])
    if pending:
        return "give-up" if pending[0] == "give-up" else "unseal"
    return {Phase.READY: "expedition", Phase.ROLL: "chance", Phase.CHECK: "check", Phase.FAILED: "fail"}.get(phase, "")


def rows_of(observation: TreasureHuntObservation, lang: str, rules: Rules) -> list[dict[str, Any]]:
    """Finished expeditions, struck out like on paper (the last five)."""
    rows = [{"index": k + 1, "checks": list(trip["checked"]), "label": end_label(trip["end"], lang, rules)} for k, trip in enumerate(observation.history)]
    hidden = max(0, len(rows) - 5)
    return [{"index": 0, "checks": [], "label": f"+{hidden}", "more": True}] * bool(hidden) + rows[hidden:]


def dice_of(observation: TreasureHuntObservation, page: Page, lang: str) -> dict[str, Any]:
    """The two dice as shown, and their names for a screen reader (``names``; ``taps`` while entering them)."""
    shown = _dice_shown(observation, page, lang)
    values = shown["values"]
    shown["names"] = [t("die_shows", lang, die=k + 1, pips=p) if p else t("die_unrolled", lang, die=k + 1) for k, p in enumerate(values)]
    if shown["mode"] == "entry":
        shown["taps"] = [tap_step_die(k + 1, p, lang) for k, p in enumerate(values)]
    elif shown["mode"] == "none":
        shown["names"] = [t("die_unrolled", lang, die=k + 1) for k in range(len(values))]
    return shown


def _dice_shown(observation: TreasureHuntObservation, page: Page, lang: str) -> dict[str, Any]:
    phase = observation.phase
    dice = list(observation.dice)
    if page.entering:
        shown = dice + list(page.entry[len(dice) :])
        return {"values": shown[:2], "mode": "entry", "fixed": len(dice), "label": WORDS("dice_entry", lang)}
    if phase in (Phase.CHECK, Phase.FAILED):
        return {"values": dice, "mode": "rolled", "label": WORDS("dice_roll", lang)}
    if phase == Phase.ROLL:
        return {"values": dice + [0] * (2 - len(dice)), "mode": "rolling", "label": ""}
    if phase == Phase.OVER:
        return {"values": [], "mode": "none", "label": ""}
    if observation.checked and len(dice) == 2:  # the roll behind this trip's last tick
        return {"values": dice, "mode": "last", "label": WORDS("dice_last", lang)}
    return {"values": [0, 0], "mode": "none", "label": ""}


def treasures_of(
    observation: TreasureHuntObservation, engine: Engine, page: Page, values: Mapping[Any, float], best: float, lang: str, rules: Rules
) -> list[dict[str, Any]]:
    """The five treasures; one not earned carries the engine's reason for refusing it."""
    out = []
    over = observation.phase == Phase.OVER
    ready = observation.phase == Phase.READY
    checked = set(observation.checked)
    for seen in observation.treasures:
        treasure = treasure_of(seen.key, rules)
        assert treasure is not None
        home, eligible = bool(seen.home), ready and bool(seen.eligible)
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


def chips_of(observation: TreasureHuntObservation, page: Page, advice: Any, lang: str, rules: Rules) -> list[dict[str, str]]:
    over = observation.phase == Phase.OVER
    home = sum(1 for t in observation.treasures if t["home"])
    trips = len(observation.history)
    chips = [
        {"cls": "rb-trip", "text": WORDS("chip_trips", lang, n=trips) if over else WORDS("chip_trip", lang, n=observation.expedition)},
        {"cls": "rb-treasure-count", "text": WORDS("chip_treasures", lang, home=home, total=len(observation.treasures))},
        {"cls": "rb-seal-count", "text": WORDS("chip_seals", lang, n=len(observation.sealed), limit=observation.seal_limit)},
    ]
    if page.hint and advice is not None and not over:
        now = advice.state_value(state_from_observation(observation, rules))
        chips.append({"cls": "rb-win-prob rb-win-prob-current", "text": WORDS("chip_win", lang, p=percent(now))})
    return chips


def caption_of(observation: TreasureHuntObservation, engine: Engine, page: Page, lang: str, rules: Rules) -> str:
    phase = observation.phase
    if phase == Phase.OVER:
        return WORDS("caption_over", lang)
    if page.entering:
        return WORDS("caption_entry", lang)
    if not page.acting:
        return ""
    if phase == Phase.CHECK:
        a, b = observation.dice
        return WORDS("caption_check", lang, a=a, b=b)
    if phase == Phase.FAILED:
        a, b = observation.dice
        return WORDS("caption_failed", lang, a=a, b=b)
    if page.pending[:1] == ("give-up",):
        return WORDS("caption_give_up", lang)
    if page.pending[:1] == ("bring",):
        return WORDS("caption_bring", lang, name=treasure_name(page.pending[1], rules, lang))
    if not observation.checked:
        return WORDS("caption_new", lang)
    if any(isinstance(a, Bring) for a in engine.legal):
        return WORDS("caption_earned", lang)
    return WORDS("caption_roll_on", lang)


def controls_of(
    observation: TreasureHuntObservation, engine: Engine, page: Page, values: Mapping[Any, float], best: float, lang: str, rules: Rules
) -> list[Control]:
    """The moves of the action bar. Moves come from the engine's legal actions; page-only steps
    (choose a number to give up on, a × to lift, cancel) have no action."""
    if page.entering or not page.acting:
        return []
    phase = observation.phase
    dice = observation.dice
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
    key: str, observation: TreasureHuntObservation, engine: Engine, values: Mapping[Any, float], best: float, lang: str, rules: Rules
) -> Control:
    """Bring a treasure home: at once, or (a treasure that lifts a ×, with one to lift) after choosing the ×."""
    name = treasure_name(key, rules, lang)
    treasure = treasure_of(key, rules)
    if treasure is not None and treasure.unseal and observation.sealed:
        options = [v for a, v in values.items() if isinstance(a, Bring) and a.treasure == key]
        text, star = decorated(WORDS("bring_more", lang, name=name), max(options) if options else None, best, lang)
        return Control(f"bring-home-{key}", text, True, highlight=star)
    action = Bring(key)
    text, star = decorated(WORDS("bring", lang, name=name), values.get(action), best, lang)
    return Control.for_action(f"bring-home-{key}", text, action, engine, lang, highlight=star)


# ----- texts around the board -------------------------------------------------------------------------
def status_line(observation: TreasureHuntObservation, lang: str, rules: Rules = RULES) -> str:
    """The header line (HTML): trip, treasures home, seals. Never the seed."""
    over = observation.phase == Phase.OVER
    home = sum(1 for t in observation.treasures if t["home"])
    parts = [WORDS("status_over", lang) if over else WORDS("status_trip", lang, n=observation.expedition)]
    parts.append(WORDS("status_treasures", lang, home=home, total=len(observation.treasures)))
    parts.append(WORDS("status_seals", lang, n=len(observation.sealed), limit=observation.seal_limit))
    return " · ".join(parts)


__all__ = ["present", "status_line"]
