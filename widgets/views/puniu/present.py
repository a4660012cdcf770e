"""Puniu Dice as a view model: ``present(observation, engine, page, lang) -> ViewModel``.

Pure: no widgets. The board dict is what ``widgets/static/puniu.js`` draws
(dice, categories, Kind's faces, every seat's sheet); the controls are the
Re-roll button and one button per category, each enabled or disabled with
the engine's own reason; messages belong to the moment they describe and
are computed from the observation, so they vanish with it. The log line,
the outcome table and the hint are pure functions here too.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from rulebook.core import IllegalAction, Outcome
from rulebook.games.puniu.actions import Reroll, Roll, Score
from rulebook.games.puniu.game import DICE, State, category_label
from rulebook.games.puniu.hint import Advice, advise, first_roll_value, turn_values
from rulebook.games.puniu.scoring import CATEGORIES, category_score

from ..model import Control, Engine, Message, ViewModel, seat_label
from .texts import WORDS


@dataclass(frozen=True)
class Page:
    """What the page knows beyond the observation.

    ``seats``: the seat kinds of the match; ``acting``: the person on this
    page is to choose now; ``entering``: table mode, real dice being typed;
    ``hint``: the hint is on; ``ply``: moves so far (stamped on every tap);
    ``held``: dice held for the next re-roll; ``kind_face``: the face chosen
    for Kind; ``entry``: pips typed so far for the dice still to be rolled.
    """

    seats: tuple[str, ...] = ("human",)
    acting: bool = False
    entering: bool = False
    hint: bool = False
    ply: int = 0
    held: frozenset[int] = frozenset()
    kind_face: int = 0
    entry: tuple[int, ...] = ()


# ----- small words ---------------------------------------------------------------------------------
def name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def prefix(seat: int, page: Page, lang: str) -> str:
    """"Seat 2: " before a line about a seat; nothing in a solo game."""
    return "" if len(page.seats) <= 1 else WORDS("prefix", lang, seat=name(seat, page, lang))


def faces_of(dice: Sequence[int]) -> str:
    return " ".join(str(p) for p in dice)


def entries_of(sheet: Mapping[str, Any]) -> tuple[tuple[int, int] | None, ...]:
    """A sheet of the observation as (score, penalty) pairs, for the hint."""
    return tuple(None if e is None else (int(e["score"]), int(e["penalty"])) for e in sheet["entries"])


def best_face(dice: Sequence[int]) -> int:
    """Kind's default face: the least penalty (ties: the higher face)."""
    return max(range(1, 7), key=lambda f: (f * list(dice).count(f), f))


def can_reroll(engine: Engine) -> bool:
    """The engine offers a re-roll now (the fact behind holding dice)."""
    return any(isinstance(a, Reroll) for a in engine.legal)


def released(page: Page) -> tuple[int, ...]:
    return tuple(k for k in range(DICE) if k not in page.held)


def hold_refusal(engine: Engine, die: int) -> IllegalAction | None:
    """Why a tap on ``die`` may not hold it (None when it may): holding only serves a re-roll.

    Decided from the engine: when it offers no ``Reroll``, its refusal of a
    re-roll of this die is the reason.
    """
    if can_reroll(engine):
        return None
    error = engine.why_not(Reroll((die,)))
    if error is None:
        return None
    return IllegalAction(
        error.rule_id,
        WORDS("hold_refused", "ja", why=error.message_ja),
        WORDS("hold_refused", "en", why=error.message_en),
    )


def advice_for(observation: Mapping[str, Any]) -> Advice:
    seat = observation["turn"]
    return advise(entries_of(observation["sheets"][seat]), observation["dice"], int(observation["rerolls_left"]))


# ----- the view model -----------------------------------------------------------------------------
def mode_of(observation: Mapping[str, Any], page: Page) -> str:
    if page.entering:
        return "entry"
    if observation["outcome"] is not None:
        return "over"
    if observation["rolling"]:
        return "roll"
    return "decide" if page.acting else "watch"


def present(observation: Mapping[str, Any], engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for this moment (see the module docstring)."""
    mode = mode_of(observation, page)
    if mode in ("decide", "watch") and not 1 <= page.kind_face <= 6:
        page = replace(page, kind_face=best_face(observation["dice"]))
    over = mode == "over"
    seat = observation["turn"]
    advice = advice_for(observation) if page.hint and mode == "decide" else None
    board: dict[str, Any] = {
        "words": {k: WORDS(k, lang) for k in ("dice", "category", "kind_face")},
        "ply": page.ply,
        "seat": None if over else seat,
        "mode": mode,
        "interactive": mode == "decide",
    }
    controls: list[Control] = []
    messages: list[Message] = []
    rule = ""
    dice = observation["dice"]
    if mode == "entry":
        board["dice"] = entry_dice(dice, page, lang)
        caption = prefix(seat, page, lang) + WORDS("caption_entry", lang)
        messages += last_move(observation, page, lang)
        missing = sum(1 for p in page.entry if not 1 <= p <= 6)
        if missing:
            messages.append(Message("notice", WORDS("entry_missing", lang, n=missing), "chance"))
        rule = "chance"
    elif over:
        last = observation["last"]
        board["dice"] = [{"pips": p, "held": False, "label": ""} for p in (last["dice"] if last else (0,) * DICE)]
        caption = WORDS("caption_over", lang)
        cancelled = observation["outcome"]["detail"].get("cancelled", ())
        if any(cancelled):
            messages.append(Message("info", WORDS("struck_note", lang), "penalty"))
        rule = "end"
    elif mode == "roll":
        board["dice"] = [{"pips": d, "held": d != 0 and observation["rolls"] > 1, "pending": True, "label": ""} for d in dice]
        caption = prefix(seat, page, lang) + WORDS("caption_roll", lang, round=observation["round"])
        messages += last_move(observation, page, lang)
        rule = "chance"
    else:
        board["dice"] = decide_dice(dice, page, advice, lang)
        if mode == "decide":
            controls, rule = decide_controls(observation, engine, page, advice, board, lang)
            left = int(observation["rerolls_left"])
            caption = WORDS("caption_decide", lang, n=left) if can_reroll(engine) else WORDS("caption_choose", lang)
            caption = prefix(seat, page, lang) + caption
        else:
            caption = WORDS("caption_watch", lang, seat=name(seat, page, lang))
    board.update(sheets_board(observation, engine, page, mode, lang))
    return ViewModel(
        status=status_line(observation, page, lang),
        caption=caption,
        board=board,
        controls=tuple(controls),
        messages=tuple(messages),
        rule=rule,
    )


def entry_dice(dice: Sequence[int], page: Page, lang: str) -> list[dict[str, Any]]:
    """Table mode: the dice still to roll are dashed and step their pips when tapped; the rest were held."""
    out = []
    j = 0
    for d in dice:
        if d == 0:
            pips = page.entry[j] if j < len(page.entry) else 0
            out.append({"pips": pips, "entry": True, "entry_index": j, "held": False, "label": ""})
            j += 1
        else:
            out.append({"pips": d, "held": True, "label": WORDS("held", lang)})
    return out


def decide_dice(dice: Sequence[int], page: Page, advice: Advice | None, lang: str) -> list[dict[str, Any]]:
    suggest: set[int] = set()
    if advice is not None and advice.best[0] == "reroll":
        suggest = set(range(DICE)) - set(advice.best[1])  # type: ignore[arg-type]
    out = []
    for k, d in enumerate(dice):
        held = k in page.held
        out.append(
            {
                "pips": d,
                "held": held,
                "suggest": k in suggest and not held,
                "label": WORDS("hold", lang) if held else "",
                "title": WORDS("die_title", lang, die=k + 1, pips=d),
            }
        )
    return out


def decide_controls(
    observation: Mapping[str, Any], engine: Engine, page: Page, advice: Advice | None, board: dict[str, Any], lang: str
) -> tuple[list[Control], str]:
    """Re-roll and the category buttons, each as the engine allows it; the board's category data."""
    seat = observation["turn"]
    sheet = observation["sheets"][seat]
    dice = observation["dice"]
    left = int(observation["rerolls_left"])
    reroll = Control.for_action("reroll", WORDS("reroll", lang, n=left), Reroll(released(page)), engine, lang)
    controls = [reroll]
    values: dict[tuple[str, int], float] = {}
    best_option = None
    if advice is not None:
        values = {(c.category, c.face): c.value for c in advice.categories}
        best_option = advice.best[1] if advice.best[0] == "score" else None
        if reroll.enabled:
            current = next(h for h in advice.holds if h.rerolled == released(page))
            board["reroll_value"] = WORDS("reroll_value", lang, value=f"{current.value:.1f}")
    cats = []
    for category, entry in zip(CATEGORIES, sheet["entries"]):
        face = page.kind_face if category == "kind" else 0
        label = category_label(category, face, lang)
        item: dict[str, Any] = {"key": category, "label": label, "face": face, "open": entry is None}
        if entry is None:
            s, p = category_score(dice, category, face or None)
            item["preview"] = WORDS("preview", lang, score=s, penalty=p)
            item["title"] = WORDS("score_penalty", lang, score=s, penalty=p)
            if (category, face) in values:
                item["value"] = WORDS("value", lang, value=f"{values[(category, face)]:.1f}")
            item["best"] = best_option == (category, face)
        else:
            item["preview"] = WORDS("used", lang)
        controls.append(Control.for_action(f"category-{category}", label, Score(category, face), engine, lang, highlight=item.get("best", False)))
        cats.append(item)
    board["categories"] = cats
    board["kind_open"] = sheet["entries"][CATEGORIES.index("kind")] is None
    board["kind_face"] = page.kind_face
    return controls, "reroll" if reroll.enabled else "choose"


def last_move(observation: Mapping[str, Any], page: Page, lang: str) -> list[Message]:
    """What was written last (until the next dice are rolled)."""
    last = observation["last"]
    if last is None:
        return []
    text = WORDS(
        "last_move",
        lang,
        prefix=prefix(last["seat"], page, lang),
        faces=faces_of(last["dice"]),
        category=category_label(last["category"], last["face"], lang),
        score=last["score"],
        penalty=last["penalty"],
    )
    return [Message("info", text, "choose")]


def band_text(sheet: Mapping[str, Any], lang: str) -> str:
    low, high = sheet["band"]
    k = sheet["cancel_count"]
    if k == 0:
        return WORDS("band_none", lang, high=high)
    if high is None:
        return WORDS("band_all", lang, low=low)
    return WORDS("band_top", lang, low=low, high=high, n=k)


def sheets_board(observation: Mapping[str, Any], engine: Engine, page: Page, mode: str, lang: str) -> dict[str, Any]:
    """Every seat's sheet: cells (struck, at risk, last written), totals, band; the open cells of the seat to play are tappable."""
    outcome = observation["outcome"]
    over = outcome is not None
    winners = set(outcome["winners"]) if over else set()
    struck_final = outcome["detail"].get("cancelled", ()) if over else ()
    last = observation["last"]
    turn = observation["turn"]
    dice = observation["dice"]
    sheets = []
    any_struck = any_at_risk = False
    for s, sheet in enumerate(observation["sheets"]):
        struck = set(struck_final[s]) if over and s < len(struck_final) else set()
        at_risk = set() if over else set(sheet["cancelled"])
        any_struck |= bool(struck)
        any_at_risk |= bool(at_risk)
        cells = []
        for r, (category, entry) in enumerate(zip(CATEGORIES, sheet["entries"])):
            if entry is None:
                cell: dict[str, Any] = {"empty": True}
                if mode == "decide" and s == turn:
                    face = page.kind_face if category == "kind" else 0
                    if engine.allows(Score(category, face)):
                        sc, pe = category_score(dice, category, face or None)
                        label = category_label(category, face, lang)
                        cell.update(clickable=True, preview=f"{sc} −{pe}", title=WORDS("write_as", lang, category=label))
                cells.append(cell)
                continue
            cells.append(
                {
                    "score": entry["score"],
                    "penalty": entry["penalty"],
                    "face": entry["face"],
                    "struck": r in struck,
                    "at_risk": r in at_risk,
                    "last": not over and last is not None and last["seat"] == s and last["category"] == category,
                    "title": WORDS("score_penalty", lang, score=entry["score"], penalty=entry["penalty"]),
                }
            )
        k = sheet["cancel_count"]
        sheets.append(
            {
                "name": name(s, page, lang),
                "cells": cells,
                "penalty": str(sheet["penalty"]),
                "band": band_text(sheet, lang),
                "band_level": 0 if k == 0 else (1 if k <= 2 else 2),
                "final": str(outcome["scores"][s] if over else sheet["final"]),
                "active": not over and s == turn,
                "winner": s in winners and len(observation["sheets"]) > 1,
            }
        )
    rows = [{"key": c, "label": category_label(c, 0, lang)} for c in CATEGORIES]
    totals = [
        ("penalty", WORDS("penalty_total", lang)),
        ("band", WORDS("band", lang)),
        ("final", WORDS("final" if over else "if_ended", lang)),
    ]
    if over:
        legend = WORDS("legend_struck", lang) if any_struck else ""
    else:
        legend = " ".join(([WORDS("legend_at_risk", lang)] if any_at_risk else []) + [WORDS("legend_cells", lang)])
    return {"sheets": sheets, "rows": rows, "totals": totals, "legend": legend}


# ----- texts around the board -----------------------------------------------------------------------------
def status_line(observation: Mapping[str, Any], page: Page, lang: str) -> str:
    """The header line (HTML): turn, whose seat, re-rolls left."""
    parts = [WORDS("status_turn", lang, round=observation["round"], turns=observation["turns"])]
    if observation["outcome"] is None:
        seat = observation["turn"]
        if len(observation["sheets"]) > 1:
            parts.append(WORDS("status_seat", lang, seat=html.escape(name(seat, page, lang))))
        if not observation["rolling"]:
            parts.append(WORDS("status_rerolls", lang, n=observation["rerolls_left"]))
    return " · ".join(parts)


def describe(before: State, action: Any, after: State, page: Page, lang: str) -> str | None:
    """The log line of ``action`` (HTML-escaped), or None for a die of a roll still going on."""
    e = html.escape
    who = e(prefix(before.turn, page, lang))
    if isinstance(action, Roll):
        if after.rolling:
            return None
        faces = faces_of(after.dice)
        if before.rolls == 1:
            return who + e(WORDS("log_roll", lang, round=before.round, faces=faces))
        return who + e(WORDS("log_reroll", lang, k=before.rolls - 1, faces=faces))
    if isinstance(action, Reroll):
        kept = " ".join(str(before.dice[k]) for k in range(DICE) if k not in action.dice) or "—"
        return who + e(WORDS("log_hold", lang, kept=kept, n=len(action.dice)))
    if isinstance(action, Score):
        last = after.last
        line = who + e(
            WORDS(
                "log_score",
                lang,
                faces=faces_of(before.dice),
                category=category_label(action.category, action.face, lang),
                score=last.score if last else 0,
                penalty=last.penalty if last else 0,
            )
        )
        if after.result is not None:
            line += " — <b>" + e(after.result.summary(lang)) + "</b>"
        return line
    return e(str(action))


def outcome_html(outcome: Outcome, observation: Mapping[str, Any], page: Page, lang: str) -> str:
    """The final table: each seat's final, penalty and the categories the bands cancelled."""
    e = html.escape
    parts = [f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div>"]
    penalties = outcome.get("penalties", ())
    cancelled = outcome.get("cancelled", ((),) * len(outcome.scores))
    rows = []
    for k, final in enumerate(outcome.scores):
        sheet = observation["sheets"][k]
        names = ", ".join(
            category_label(CATEGORIES[i], sheet["entries"][i]["face"] if sheet["entries"][i] else 0, lang) for i in cancelled[k]
        )
        note = WORDS("outcome_penalty", lang, penalty=penalties[k]) + (WORDS("outcome_cancelled", lang, names=names) if names else "")
        cls = "rb-winner" if k in outcome.winners and len(outcome.scores) > 1 else ""
        rows.append(
            f"<tr class='{cls}'><td>{e(name(k, page, lang))}</td><td class='rb-outcome-final-{k}'><b>{final}</b></td><td>{e(note)}</td></tr>"
        )
    parts.append(f"<table class='rb-final-scores'>{''.join(rows)}</table>")
    return "".join(parts)


def hint_html(observation: Mapping[str, Any], page: Page, lang: str) -> str:
    """The hint box: the projection of the turn ahead, or the advice for these dice with its tables."""
    e = html.escape
    if observation["outcome"] is not None:
        return ""
    seat = observation["turn"]
    sheet = observation["sheets"][seat]
    if observation["rolling"] or not page.acting:
        entries = entries_of(sheet)
        if entries.count(None) == 0:
            return ""
        _, _now, values = turn_values(entries)
        worth = first_roll_value(values)
        return e(WORDS("hint_projection", lang, seat=name(seat, page, lang), value=f"{worth:.1f}"))
    dice = observation["dice"]
    advice = advice_for(observation)
    if advice.best[0] == "reroll":
        rerolled = advice.best[1]
        kept = " ".join(str(dice[k]) for k in range(DICE) if k not in rerolled) or WORDS("nothing", lang)  # type: ignore[operator]
        line = WORDS("hint_reroll", lang, kept=kept, n=len(rerolled), value=f"{advice.holds[0].value:.1f}")  # type: ignore[arg-type]
    else:
        c, f = advice.best[1]  # type: ignore[misc]
        line = WORDS("hint_score", lang, category=category_label(c, f, lang), value=f"{advice.now:.1f}")
    cat_rows = []
    for k, c in enumerate(advice.categories):
        cls = " class='rb-hint-best'" if k == 0 else ""
        cat_rows.append(
            f"<tr{cls} data-category='{e(c.category)}' data-face='{c.face}'><td>{e(category_label(c.category, c.face, lang))}</td>"
            f"<td>{c.score}</td><td>{c.penalty}</td><td>{c.value:.1f}</td></tr>"
        )
    head = "".join(f"<th>{e(WORDS(k, lang))}</th>" for k in ("hint_category", "hint_score_col", "hint_penalty_col", "hint_value_col"))
    cats = f"<table class='rb-hint-table rb-hint-categories'><tr>{head}</tr>{''.join(cat_rows)}</table>"
    holds = ""
    if observation["rerolls_left"] > 0:
        seen: set[tuple[int, ...]] = set()
        hold_rows = []
        for h in advice.holds:
            key = tuple(sorted(dice[k] for k in h.held))
            if key in seen:
                continue
            seen.add(key)
            kept = " ".join(str(x) for x in key) or WORDS("hint_none_all", lang)
            what = WORDS("hint_write_now", lang) if not h.rerolled else WORDS("hint_reroll_n", lang, n=len(h.rerolled))
            cls = " class='rb-hint-best'" if not hold_rows else ""
            held = ",".join(str(k) for k in h.held)
            hold_rows.append(f"<tr{cls} data-held='{held}'><td>{e(kept)}</td><td>{e(what)}</td><td>{h.value:.1f}</td></tr>")
            if len(hold_rows) >= 8:
                break
        holds = (
            f"<table class='rb-hint-table rb-hint-holds'><tr><th>{e(WORDS('hint_hold_col', lang))}</th><th></th>"
            f"<th>{e(WORDS('hint_value_col', lang))}</th></tr>" + "".join(hold_rows) + "</table>"
        )
    head_note = WORDS("hint_head", lang)
    return f"<div class='rb-hint-advice'>{e(line)}</div><div class='rb-hint-note'>{e(head_note)}</div>{holds}{cats}"


__all__ = [
    "Page",
    "best_face",
    "can_reroll",
    "describe",
    "hold_refusal",
    "hint_html",
    "outcome_html",
    "present",
    "status_line",
]
