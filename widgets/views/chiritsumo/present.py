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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

import numpy as np

from rulebook.core import HUMAN, RulebookError
from rulebook.games.chiritsumo.actions import PILE, Done, Lift, Pass, Place, Roll, Swap, Toss
from rulebook.games.chiritsumo.bots import SolverBot
from rulebook.games.chiritsumo.expected import completion_rate, expected_score
from rulebook.games.chiritsumo.game import COLOUR_NAMES, Phase
from rulebook.games.chiritsumo.geometry import COLOURED, COLOURS, SLOTS
from rulebook.games.chiritsumo.scoring import Score, score
from rulebook.games.chiritsumo.solver import best_arrangement
from widgets.views.model import Control, Engine, Message, ViewModel, as_int, seat_label

from .texts import WORDS

Observation = Mapping[str, Any]
Cells = dict[str, tuple[str, int]]
"""A pyramid as the page draws it: slot key "r,i" -> (colour, pips)."""
TOP = f"{SLOTS[-1][0]},{SLOTS[-1][1]}"


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
    seats = page.seats if len(page.seats) == len(obs["seats"]) else (HUMAN,) * len(obs["seats"])
    return seat_label(seat, seats, lang)


def prefix(obs: Observation, page: Page, seat: int, lang: str) -> str:
    """"Seat 2: " before a line about a seat; nothing in solo."""
    return "" if obs["mode"] == "solo" else seat_name(obs, page, seat, lang) + ": "


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
def entry_seat(obs: Observation, page: Page) -> int | None:
    """In table mode, the seat whose real dice are being typed in (None otherwise)."""
    if obs["phase"] != Phase.ROLL or not page.table:
        return None
    for seat, s in enumerate(obs["seats"]):
        if any(p == 0 for _, p in s["dice"]):
            return seat
    return None


def focus_seat(obs: Observation, page: Page) -> int:
    """The seat drawn large: whoever acts, the seat being entered, the winner, else the first human seat."""
    if obs["phase"] in (Phase.ARRANGE, Phase.SWAP, Phase.TOSS):
        return int(obs["turn"])
    entry = entry_seat(obs, page)
    if entry is not None:
        return entry
    outcome = obs["outcome"]
    if outcome and outcome["winners"] and obs["mode"] != "solo":
        return int(outcome["winners"][0])
    humans = [k for k, kind in enumerate(page.seats) if kind == HUMAN]
    return humans[0] if humans else 0


def shown_pyramid(obs: Observation, seat: int) -> Cells:
    """The pyramid of ``seat`` to draw: the one being built, else the last scored one."""
    if obs["phase"] == Phase.ARRANGE:
        s = obs["seats"][seat]
        return {key: tuple(s["dice"][d]) for key, d in s["placed"].items()}  # type: ignore[misc]
    last = obs["last"]
    if last and seat < len(last["pyramids"]):
        return {key: (c, p) for key, (c, p) in last["pyramids"][seat].items()}
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
def best_for(dice: tuple[tuple[str, int], ...]) -> tuple[dict, Score]:
    """The exact best arrangement of a roll (the solver is exact; cached per roll)."""
    return best_arrangement(list(dice))


def seat_dice(obs: Observation, seat: int) -> tuple[tuple[str, int], ...]:
    return tuple((c, p) for c, p in obs["seats"][seat]["dice"])


_BOT = SolverBot()
"""The engine's bot, asked for advice in the hint (it is deterministic and reads the observation only)."""


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
    solo = obs["mode"] == "solo"
    if obs["outcome"]:
        return str(obs["outcome"]["reason"])
    phase = obs["phase"]
    if phase == Phase.ROLL:
        return "chance" if entry_seat(obs, page) is not None else ("solo-round" if solo else "hako-round")
    return {Phase.ARRANGE: "place-base", Phase.SWAP: "solo-swap", Phase.TOSS: "hako-toss"}.get(phase, "")


def _controls(obs: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    """The moves and page controls of the moment, enabled or disabled with the engine's reason."""
    phase = obs["phase"]
    controls: list[Control] = []
    entering = entry_seat(obs, page)
    if entering is not None:
        count = len(obs["seats"][entering]["dice"])
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
    if obs["phase"] == Phase.ARRANGE:
        if page.interactive:
            return None
        rule = "solo-round" if obs["mode"] == "solo" else "hako-round"
        return {"text": WORDS("not_your_turn", lang, seat=seat_name(obs, page, obs["turn"], lang)), "rule": rule}
    error = engine.why_not(Place(0, SLOTS[0]))
    return None if error is None else {"text": error.message(lang), "rule": error.rule_id}


def _board(obs: Observation, engine: Engine, page: Page, seat: int, lang: str) -> dict[str, Any]:
    words = {key: WORDS(key, lang) for key in ("pick_slot", "pick_die_first", "pyramid", "tray")}
    view: dict[str, Any] = {"words": words, "interactive": False, "legal": {}, "ghost": None, "seats": []}
    phase = obs["phase"]
    entering = entry_seat(obs, page)
    s = obs["seats"][seat]
    tray: list[dict[str, Any]] = []
    if phase == Phase.ARRANGE:
        placed_at = {d: key for key, d in s["placed"].items()}
        for d, (colour, pips) in enumerate(s["dice"]):
            tray.append({"colour": colour, "pips": pips, "placed": d in placed_at, "slot": placed_at.get(d), "title": die_text(colour, pips, lang)})
        legal: dict[int, list[str]] = {}
        for action in engine.legal:
            if isinstance(action, Place):
                legal.setdefault(action.die, []).append(key_of(action.slot))
        view.update(mode="arrange", interactive=page.interactive, legal=legal)
        view["pyramid"] = {
            key: {"die": d, "colour": s["dice"][d][0], "pips": s["dice"][d][1], "title": die_text(*s["dice"][d], lang)}
            for key, d in s["placed"].items()
        }
        if page.hint and page.interactive:
            target, _ = best_for(seat_dice(obs, seat))
            view["ghost"] = {key_of(slot): {"colour": c, "pips": p} for slot, (c, p) in target.items()}
        view["caption"] = prefix(obs, page, seat, lang) + WORDS("caption_arrange", lang)
    else:
        cells: Cells = {}
        if entering is not None:
            dice = [c for c, _ in obs["seats"][entering]["dice"]]
            entry = page.entry if len(page.entry) == len(dice) else (0,) * len(dice)
            tray = [{"colour": c, "pips": p, "placed": False, "title": colour_name(c, lang)} for c, p in zip(dice, entry)]
            view["mode"] = "entry"
            view["caption"] = prefix(obs, page, entering, lang) + WORDS("caption_entry", lang)
        else:
            shown = phase == Phase.ROLL
            tray = [{"colour": c, "pips": 0 if shown else -1, "placed": False, "title": colour_name(c, lang)} for c, _ in s["dice"]]
            view["mode"] = "roll" if shown else "review"
            view["caption"] = _caption_waiting(obs, page, lang)
            cells = shown_pyramid(obs, seat)
        view["pyramid"] = {key: {"die": -1, "colour": c, "pips": p, "title": die_text(c, p, lang)} for key, (c, p) in cells.items()}
    view["tray"] = tray
    view["locked"] = _locked(obs, engine, page, lang)
    if obs["mode"] != "solo":
        view["seats"] = _seat_cards(obs, page, seat, lang)
    return view


def _caption_waiting(obs: Observation, page: Page, lang: str) -> str:
    phase, last = obs["phase"], obs["last"]
    showing = WORDS("showing_round", lang, n=last["round"]) if last else ""
    if phase == Phase.ROLL:
        key = "caption_roll_bots" if all(kind != HUMAN for kind in page.seats) else "caption_roll"
        return WORDS(key, lang) + showing
    if phase == Phase.SWAP:
        return WORDS("caption_swap", lang)
    if phase == Phase.TOSS:
        return WORDS("caption_toss", lang, seat=seat_name(obs, page, obs["turn"], lang), n=last["round"] if last else obs["round"])
    return WORDS("caption_over", lang)


def _seat_cards(obs: Observation, page: Page, focus: int, lang: str) -> list[dict[str, Any]]:
    outcome = obs["outcome"]
    winners = set(outcome["winners"]) if outcome else set()
    last = obs["last"]
    cards = []
    for k, s in enumerate(obs["seats"]):
        held = [(c, sum(1 for d, _ in s["dice"] if d == c)) for c in COLOURS if any(d == c for d, _ in s["dice"])]
        note = ""
        if obs["phase"] == Phase.ARRANGE:
            note = WORDS("seat_done", lang) if s["done"] else (WORDS("seat_stacking", lang) if k == obs["turn"] else "")
        elif last and last["scores"]:
            note = WORDS("seat_round", lang, round=last["round"], n=last["scores"][k])
        cards.append(
            {
                "name": seat_name(obs, page, k, lang),
                "total_text": WORDS("points", lang, n=s["total"]),
                "held": held,
                "pyramid": {key: [c, p] for key, (c, p) in shown_pyramid(obs, k).items()},
                "active": k == focus and obs["phase"] != Phase.OVER,
                "winner": k in winners,
                "note": note,
            }
        )
    return cards


def breakdown(obs: Observation, page: Page, cells: Cells, seat: int, lang: str) -> dict[str, Any]:
    """The score of the pyramid shown, pattern by pattern (the engine's ``score``); {} when none is shown."""
    if not cells:
        return {}
    result = score({slot_of(key): die for key, die in cells.items()})
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
    if obs["phase"] == Phase.ARRANGE:
        title = WORDS("score_live", lang, round=obs["round"])
    else:
        title = WORDS("score_round", lang, round=obs["last"]["round"] if obs["last"] else obs["round"])
    if obs["mode"] != "solo":
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
        rule = {Phase.SWAP: "solo-swap", Phase.TOSS: "hako-toss"}.get(obs["phase"], "best")
        out += [Message("hint", text, rule) for text in hint_lines(obs, engine, page, lang)]
    return tuple(out)


def hint_lines(obs: Observation, engine: Engine, page: Page, lang: str) -> list[str]:
    """Advice for the moment, from the exact solver, the expected scores and the bot (nothing when none applies)."""
    phase = obs["phase"]
    if phase == Phase.ARRANGE and page.interactive:
        _, best = best_for(seat_dice(obs, obs["turn"]))
        parts = [
            WORDS(key, lang, n=n) for key, n in (("hint_mountains", best.mountains), ("hint_rivers", best.rivers), ("hint_wings", best.wings))
        ]
        if best.fuji:
            parts.append(WORDS("fuji", lang))
        if best.complete:
            parts.append(WORDS("hint_bonus", lang, n=best.bonus))
        return [WORDS("hint_best", lang, n=best.total, parts=", ".join(parts))]
    if phase == Phase.SWAP:
        held = [c for c, _ in obs["seats"][obs["turn"]]["dice"]]
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
        mine = [c for c, _ in obs["seats"][obs["turn"]]["dice"]]
        return [text, WORDS("hint_worth", lang, value=f"{expected_score(mine):.1f}")]
    if phase == Phase.ROLL:
        dice = [c for c, _ in obs["seats"][focus_seat(obs, page)]["dice"]]
        return [WORDS("hint_mix", lang, value=f"{expected_score(dice):.1f}", rate=f"{completion_rate(dice):.0%}")]
    return []


# ----- header, log, outcome -------------------------------------------------------------------------------------
def _marked(key: str, lang: str, name: str, inner_html: str, **values: Any) -> str:
    """The catalogue entry, escaped, with field ``name`` replaced by ready HTML."""
    marker = "\x00"
    return html.escape(WORDS(key, lang, **{name: marker}, **values)).replace(marker, inner_html)


def status_html(obs: Observation, page: Page, lang: str) -> str:
    """The header line (HTML): round, and the solo totals or whose turn it is."""
    parts = [_marked("status_round", lang, "round", f"<b>{int(obs['round'])}</b>")]
    if obs["mode"] == "solo":
        s = obs["seats"][0]
        parts.append(_marked("status_total", lang, "total", f"<b class='rb-total'>{int(s['total'])}</b>"))
        parts.append(html.escape(WORDS("status_clear", lang, n=sum(1 for c, _ in s["dice"] if c == "clear"))))
        if obs["last_round"] and obs["phase"] != Phase.OVER:
            parts.append(f"<b>{html.escape(WORDS('status_final', lang))}</b>")
    elif obs["phase"] in (Phase.ARRANGE, Phase.SWAP, Phase.TOSS):
        name = html.escape(seat_name(obs, page, obs["turn"], lang))
        parts.append(_marked("status_turn", lang, "seat", f"<b>{name}</b>"))
    return " · ".join(parts)


def describe(before: Observation, action: Any, after: Observation, page: Page, lang: str) -> str | None:
    """The log line (escaped HTML) for ``action``; None for a line left out (a die of a roll but the last, a bot's stacking)."""
    e = html.escape
    turn = before["turn"] if before["turn"] is not None else 0
    who = prefix(before, page, turn, lang)
    if isinstance(action, Roll):
        seat = after["seats"][action.seat]
        if action.die != len(seat["dice"]) - 1:
            return None
        faces = " ".join(die_text(c, p, lang) for c, p in seat["dice"])
        return e(WORDS("log_rolled", lang, round=after["round"], who=prefix(after, page, action.seat, lang), faces=faces))
    bot = before["phase"] == Phase.ARRANGE and turn < len(page.seats) and page.seats[turn] != HUMAN
    if isinstance(action, (Place, Lift)) and bot:
        return None  # a bot's stacking is summed up by its "done" line
    if isinstance(action, Place):
        colour, pips = before["seats"][turn]["dice"][action.die]
        return e(WORDS("log_place", lang, who=who, die=die_text(colour, pips, lang), slot=key_of(action.slot)))
    if isinstance(action, Lift):
        return e(WORDS("log_lift", lang, who=who, slot=key_of(action.slot)))
    if isinstance(action, Done):
        line = WORDS("log_done", lang, who=who, n=len(before["seats"][turn]["placed"]))
        last = after["last"]
        if last and last["round"] == before["round"] and last["scores"]:
            scores = ", ".join(WORDS("log_score", lang, who=prefix(after, page, k, lang), n=v) for k, v in enumerate(last["scores"]))
            line += " — " + WORDS("log_scores", lang, round=before["round"], scores=scores)
        return e(line)
    if isinstance(action, Swap):
        clear = sum(1 for c, _ in after["seats"][0]["dice"] if c == "clear")
        return e(WORDS("log_swap", lang, colour=colour_name(action.colour, lang), n=clear))
    if isinstance(action, Toss):
        target = target_name(before, page, action.target, lang)
        return e(WORDS("log_toss", lang, who=who, give=colour_name(action.give, lang), target=target, take=colour_name(action.take, lang)))
    if isinstance(action, Pass):
        return e(WORDS("log_pass", lang, who=who))
    return e(str(action))


def outcome_html(outcome: Mapping[str, Any], obs: Observation, page: Page, lang: str) -> str:
    """The end of the game: the solo title and rounds, or every seat's total with the winners marked."""
    e = html.escape
    summary = outcome["summary_ja"] if lang == "ja" else outcome["summary_en"]
    parts = [f"<div class='rb-outcome-summary'>{e(summary)}</div>"]
    detail = outcome["detail"]
    if obs["mode"] == "solo":
        title = detail.get("rating_ja") if lang == "ja" else detail.get("rating_en")
        parts.append(f"<div class='rb-rating' data-rating='{e(str(detail.get('rating')))}'>{e(str(title))}</div>")
        history = " + ".join(str(v) for v in obs["seats"][0]["history"])
        rounds = int(detail.get("rounds", 0))
        parts.append(f"<div class='rb-rounds' data-rounds='{rounds}'>{e(WORDS('outcome_rounds', lang, n=rounds, history=history))}</div>")
    else:
        rows = "".join(
            f"<tr class='{'rb-winner' if k in outcome['winners'] else ''}'><td>{e(seat_name(obs, page, k, lang))}</td><td>{int(v)}</td></tr>"
            for k, v in enumerate(outcome["scores"])
        )
        parts.append(f"<table class='rb-final-scores'>{rows}</table>")
    return "".join(parts)


__all__ = [
    "Page",
    "action_label",
    "breakdown",
    "describe",
    "entry_seat",
    "focus_seat",
    "hint_lines",
    "outcome_html",
    "present",
    "slot_from_browser",
    "status_html",
]
