"""The Chiritsumo page as data: ``present(observation, engine, page, lang) -> ViewModel``.

Pure (no widgets). The board (pyramid, tray, seats), the score breakdown,
the controls with the engine's reasons, the messages of the moment (the
hint, drawn next to the board so it is on screen; a refused typed entry),
the header, the log line and the outcome box all come from the engine's
observation, its legal moves, its solver and bot, and the page's own facts
(``Page``). Messages are computed from the current observation and page, so
a message of a past moment ("10 dice have no pips") is gone once it no
longer holds.
"""

from __future__ import annotations

import html
from typing import Any

from rulebook.core import HUMAN
from rulebook.games.chiritsumo.actions import Done, Pass, Place, Swap, Toss
from rulebook.games.chiritsumo.game import Phase
from rulebook.games.chiritsumo.geometry import COLOURED, COLOURS, SLOTS, Die
from rulebook.games.chiritsumo.scoring import score
from widgets.views.model import Control, Engine, Message, ViewModel

from .common import Cells, Observation, Page, action_label, colour_name, completion_for, die_text, entry_seat, focus_seat, hint_lines
from .common import dice_of, key_of, prefix, seat_name, shown_pyramid, slot_of, turn_of
from .texts import WORDS

TOP = f"{SLOTS[-1][0]},{SLOTS[-1][1]}"


# ----- the view model --------------------------------------------------------------------------------------
def present(obs: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for this moment (see the module docstring)."""
    seat = focus_seat(obs, page)
    cells = {} if entry_seat(obs, page) is not None else shown_pyramid(obs, seat)
    messages = _messages(obs, engine, page, lang)
    controls = _controls(obs, engine, page, lang)
    board = _board(obs, engine, page, seat, lang)
    board["messages"] = [m.to_json() for m in messages]
    board["controls"] = [c.to_json() for c in controls if c.key == "entry-confirm"]
    return ViewModel(
        status=status_html(obs, page, lang),
        caption=board["caption"],
        board={"board": board, "breakdown": breakdown(obs, page, cells, seat, lang)},
        controls=controls,
        messages=messages,
        rule=_rule(obs, page),
    )


def _rule(obs: Observation, page: Page) -> str:
    solo = obs.mode == "solo"
    if obs.outcome:
        return str(obs.outcome["reason"])
    phase = obs.phase
    if phase == Phase.ROLL:
        return "chance" if entry_seat(obs, page) is not None else ("solo-round" if solo else "hako-round")
    rules: dict[str, str] = {Phase.ARRANGE: "place-base", Phase.SWAP: "solo-swap", Phase.TOSS: "hako-toss"}
    return rules.get(phase, "")


def _controls(obs: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    """The moves and page controls of the moment, enabled or disabled with the engine's reason."""
    phase = obs.phase
    controls: list[Control] = []
    entering = entry_seat(obs, page)
    if entering is not None:
        count = len(obs.seats[entering].dice)
        entry = page.entry if len(page.entry) == count else (0,) * count
        missing = sum(1 for p in entry if not 1 <= p <= 6)
        label = WORDS("entry_confirm", lang)
        if missing:
            controls.append(Control("entry-confirm", label, False, WORDS("entry_missing", lang, n=missing), "chance"))
        else:
            controls.append(Control("entry-confirm", label, True))
    if not page.interactive:
        return tuple(controls)
    if phase == Phase.ARRANGE:
        controls.append(Control("auto", WORDS("auto", lang)))
        controls.append(Control.for_action("action-done", action_label(Done(), lang), Done(), engine, lang))
    elif phase == Phase.SWAP:
        for colour in COLOURED:
            swap = Swap(colour)
            controls.append(Control.for_action(f"action-swap-{colour}", action_label(swap, lang), swap, engine, lang))
    elif phase == Phase.TOSS:
        controls.append(Control("toss-go", WORDS("toss_go", lang), any(isinstance(a, Toss) for a in engine.legal)))
        controls.append(Control.for_action("action-pass", action_label(Pass(), lang), Pass(), engine, lang))
    return tuple(controls)


def _locked(obs: Observation, engine: Engine, page: Page, lang: str) -> dict[str, str] | None:
    """Why a tap on the pyramid does nothing now (None when it does something).

    While someone else stacks: whose turn it is; in any other phase: the
    engine's own refusal of a placement ("now is rolling the dice", "the game is over").
    """
    if obs.phase == Phase.ARRANGE:
        if page.interactive:
            return None
        rule = "solo-round" if obs.mode == "solo" else "hako-round"
        return {"text": WORDS("not_your_turn", lang, seat=seat_name(obs, page, turn_of(obs), lang)), "rule": rule}
    error = engine.why_not(Place(0, SLOTS[0]))
    return None if error is None else {"text": error.message(lang), "rule": error.rule_id}


def _board(obs: Observation, engine: Engine, page: Page, seat: int, lang: str) -> dict[str, Any]:
    words = {key: WORDS(key, lang) for key in ("pick_slot", "pick_die_first", "pyramid", "tray")}
    view: dict[str, Any] = {"words": words, "interactive": False, "legal": {}, "ghost": None, "seats": []}
    phase = obs.phase
    entering = entry_seat(obs, page)
    s = obs.seats[seat]
    tray: list[dict[str, Any]] = []
    if phase == Phase.ARRANGE:
        placed_at = {d: key for key, d in s.placed.items()}
        dice = dice_of(s)
        for d, (colour, pips) in enumerate(dice):
            title = die_text(colour, pips, lang)
            tap = WORDS("tap_lift" if d in placed_at else "tap_pick", lang, die=title)
            tray.append({"colour": colour, "pips": pips, "placed": d in placed_at, "slot": placed_at.get(d), "title": title, "tap": tap})
        legal: dict[int, list[str]] = {}
        for action in engine.legal:
            if isinstance(action, Place):
                legal.setdefault(action.die, []).append(key_of(action.slot))
        view.update(mode="arrange", interactive=page.interactive, legal=legal)
        view["pyramid"] = {
            key: {"die": d, "colour": dice[d][0], "pips": dice[d][1], "title": die_text(dice[d][0], dice[d][1], lang),
                  "tap": WORDS("tap_lift", lang, die=die_text(dice[d][0], dice[d][1], lang))}
            for key, d in s.placed.items()
        }
        view["place"] = {key_of(slot): WORDS("tap_place", lang, row=slot[0] + 1, place=slot[1] + 1) for slot in SLOTS}
        if page.hint and page.interactive:
            target, _, _ = completion_for(obs, seat)
            view["ghost"] = {key_of(slot): {"colour": c, "pips": p} for slot, (c, p) in target.items()}
        view["caption"] = prefix(obs, page, seat, lang) + WORDS("caption_arrange", lang)
    else:
        cells: Cells = {}
        if entering is not None:
            colours = [c for c, _ in dice_of(obs.seats[entering])]
            entry = page.entry if len(page.entry) == len(colours) else (0,) * len(colours)
            tray = [{"colour": c, "pips": p, "placed": False, "title": colour_name(c, lang),
                     "tap": WORDS("tap_entry", lang, die=die_text(c, p, lang) if p else colour_name(c, lang))} for c, p in zip(colours, entry)]
            view["mode"] = "entry"
            view["caption"] = prefix(obs, page, entering, lang) + WORDS("caption_entry", lang)
        else:
            shown = phase == Phase.ROLL
            tray = [{"colour": c, "pips": 0 if shown else -1, "placed": False, "title": colour_name(c, lang)} for c, _ in dice_of(s)]
            view["mode"] = "roll" if shown else "review"
            view["caption"] = _caption_waiting(obs, page, lang)
            cells = shown_pyramid(obs, seat)
        view["pyramid"] = {key: {"die": -1, "colour": c, "pips": p, "title": die_text(c, p, lang)} for key, (c, p) in cells.items()}
    view["tray"] = tray
    view["locked"] = _locked(obs, engine, page, lang)
    if obs.mode != "solo":
        view["seats"] = _seat_cards(obs, page, seat, lang)
    return view


def _caption_waiting(obs: Observation, page: Page, lang: str) -> str:
    phase, last = obs.phase, obs.last
    showing = WORDS("showing_round", lang, n=last.round) if last else ""
    if phase == Phase.ROLL:
        key = "caption_roll_bots" if all(kind != HUMAN for kind in page.seats) else "caption_roll"
        return WORDS(key, lang) + showing
    if phase == Phase.SWAP:
        return WORDS("caption_swap", lang)
    if phase == Phase.TOSS:
        return WORDS("caption_toss", lang, seat=seat_name(obs, page, turn_of(obs), lang), n=last.round if last else obs.round)
    return WORDS("caption_over", lang)


def _seat_cards(obs: Observation, page: Page, focus: int, lang: str) -> list[dict[str, Any]]:
    outcome = obs.outcome
    winners = set(outcome["winners"]) if outcome else set()
    last = obs.last
    cards = []
    for k, s in enumerate(obs.seats):
        held = [(c, sum(1 for d, _ in dice_of(s) if d == c)) for c in COLOURS if any(d == c for d, _ in dice_of(s))]
        note = ""
        if obs.phase == Phase.ARRANGE:
            note = WORDS("seat_done", lang) if s.done else (WORDS("seat_stacking", lang) if k == obs.turn else "")
        elif last and last.scores:
            note = WORDS("seat_round", lang, round=last.round, n=last.scores[k])
        cards.append(
            {
                "name": seat_name(obs, page, k, lang),
                "total_text": WORDS("points", lang, n=s.total),
                "held": held,
                "pyramid": {key: [c, p] for key, (c, p) in shown_pyramid(obs, k).items()},
                "active": k == focus and obs.phase != Phase.OVER,
                "winner": k in winners,
                "note": note,
            }
        )
    return cards


def breakdown(obs: Observation, page: Page, cells: Cells, seat: int, lang: str) -> dict[str, Any]:
    """The score of the pyramid shown, pattern by pattern (the engine's ``score``); {} when none is shown."""
    if not cells:
        return {}
    result = score({slot_of(key): Die(*die) for key, die in cells.items()})
    rows = [
        {"key": "mountain", "label": WORDS("mountains", lang), "count": f"× {result.mountains}", "points": str(result.mountain_points)},
        {"key": "river", "label": WORDS("rivers", lang), "count": f"× {result.rivers}", "points": str(result.river_points)},
        {"key": "wing", "label": WORDS("wings", lang), "count": f"× {result.wings}", "points": str(result.wing_points)},
    ]
    if result.fuji:
        rows.append({"key": "fuji", "label": WORDS("fuji", lang), "count": "", "points": str(result.fuji_points)})
    apex = cells.get(TOP)
    bonus_count = WORDS("bonus_top", lang, pips=apex[1]) if result.complete and apex else WORDS("not_complete", lang)
    rows.append({"key": "bonus", "label": WORDS("bonus", lang), "count": bonus_count, "points": str(result.bonus)})
    if obs.phase == Phase.ARRANGE:
        title = WORDS("score_live", lang, round=obs.round)
    else:
        title = WORDS("score_round", lang, round=obs.last.round if obs.last else obs.round)
    if obs.mode != "solo":
        title = WORDS("score_of", lang, seat=seat_name(obs, page, seat, lang), title=title)
    patterns = [
        {"kind": kind, "slots": [key_of(s) for s in triple], "label": WORDS(f"pattern_{kind}", lang, colour=colour_name(colour, lang))}
        for kind, colour, triple in result.patterns
    ]
    if result.fuji:
        patterns.append({"kind": "fuji", "slots": [key_of(s) for s in SLOTS], "label": WORDS("fuji", lang)})
    return {
        "title": title,
        "rows": rows,
        "total_label": WORDS("total", lang),
        "total": result.total,
        "cells": {key: [c, p] for key, (c, p) in cells.items()},
        "patterns": patterns,
    }


# ----- messages: the hint and a refused entry ---------------------------------------------------------------
def _messages(obs: Observation, engine: Engine, page: Page, lang: str) -> tuple[Message, ...]:
    out = []
    if page.entry_error is not None and entry_seat(obs, page) is not None:
        out.append(Message.refused(page.entry_error, lang))
    if page.hint:
        rules: dict[str, str] = {Phase.SWAP: "solo-swap", Phase.TOSS: "hako-toss"}
        rule = rules.get(obs.phase, "best")
        out += [Message("hint", text, rule) for text in hint_lines(obs, engine, page, lang)]
    return tuple(out)


# ----- the header line -------------------------------------------------------------------------------------
def _marked(key: str, lang: str, name: str, inner_html: str, **values: Any) -> str:
    """The catalogue entry, escaped, with field ``name`` replaced by ready HTML."""
    marker = "\x00"
    return html.escape(WORDS(key, lang, **{name: marker}, **values)).replace(marker, inner_html)


def status_html(obs: Observation, page: Page, lang: str) -> str:
    """The header line (HTML): round, and the solo totals or whose turn it is."""
    parts = [_marked("status_round", lang, "round", f"<b>{int(obs.round)}</b>")]
    if obs.mode == "solo":
        s = obs.seats[0]
        parts.append(_marked("status_total", lang, "total", f"<b class='rb-total'>{int(s.total)}</b>"))
        parts.append(html.escape(WORDS("status_clear", lang, n=sum(1 for c, _ in dice_of(s) if c == "clear"))))
        if obs.last_round and obs.phase != Phase.OVER:
            parts.append(f"<b>{html.escape(WORDS('status_final', lang))}</b>")
    elif obs.phase in (Phase.ARRANGE, Phase.SWAP, Phase.TOSS):
        name = html.escape(seat_name(obs, page, turn_of(obs), lang))
        parts.append(_marked("status_turn", lang, "seat", f"<b>{name}</b>"))
    return " · ".join(parts)


__all__ = ["breakdown", "present", "status_html"]
