"""Puniu Dice as a view model: ``present(observation, engine, page, lang) -> ViewModel``.

Pure: no widgets. The board dict is what ``widgets/static/puniu.js`` draws
(dice, categories, Kind's faces, every seat's sheet); the controls are the
Re-roll button and one button per category, each enabled or disabled with
the engine's own reason; messages belong to the moment they describe and
are computed from the observation, so they vanish with it. The log line,
the outcome table and the hint are pure functions in ``report.py``.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any, Sequence

from rulebook.games.puniu.actions import Reroll, Score
from rulebook.games.puniu.game import DICE, category_label
from rulebook.games.puniu.hint import Advice
from rulebook.games.puniu.scoring import CATEGORIES, category_score
from rulebook.games.puniu.observation import PuniuObservation, SheetSeen

from ...i18n import t, tap_step_die
from ..model import Control, Engine, Message, ViewModel
from .common import Page, advice_for, best_face, can_reroll, faces_of, name, prefix, released, turn_of
from .texts import WORDS


# ----- the view model -----------------------------------------------------------------------------
def mode_of(observation: PuniuObservation, page: Page) -> str:
    if page.entering:
        return "entry"
    if observation.outcome is not None:
        return "over"
    if observation.rolling:
        return "roll"
    return "decide" if page.acting else "watch"


def present(observation: PuniuObservation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for this moment (see the module docstring)."""
    mode = mode_of(observation, page)
    if mode in ("decide", "watch") and not 1 <= page.kind_face <= 6:
        page = replace(page, kind_face=best_face(observation.dice))
    over = mode == "over"
    seat = observation.turn
    advice = advice_for(observation) if page.hint and mode == "decide" else None
    board: dict[str, Any] = {
        "words": {k: WORDS(k, lang) for k in ("dice", "category", "kind_face")},
        "face_taps": [WORDS("tap_face", lang, face=f) for f in range(1, 7)],
        "ply": page.ply,
        "seat": None if over else seat,
        "mode": mode,
        "interactive": mode == "decide",
    }
    controls: list[Control] = []
    messages: list[Message] = []
    rule = ""
    dice = observation.dice
    if mode == "entry":
        board["dice"] = entry_dice(dice, page, lang)
        caption = prefix(turn_of(observation), page, lang) + WORDS("caption_entry", lang)
        messages += last_move(observation, page, lang)
        missing = sum(1 for p in page.entry if not 1 <= p <= 6)
        if missing:
            messages.append(Message("notice", WORDS("entry_missing", lang, n=missing), "chance"))
        rule = "chance"
    elif over:
        last = observation.last
        board["dice"] = [{"pips": p, "held": False, "label": ""} for p in (last.dice if last else (0,) * DICE)]
        caption = WORDS("caption_over", lang)
        outcome = observation.outcome
        assert outcome is not None  # mode_of says "over" only with an outcome
        cancelled = outcome["detail"].get("cancelled", ())
        if any(cancelled):
            messages.append(Message("info", WORDS("struck_note", lang), "penalty"))
        rule = "end"
    elif mode == "roll":
        board["dice"] = [{"pips": d, "held": d != 0 and observation.rolls > 1, "pending": True, "label": ""} for d in dice]
        caption = prefix(turn_of(observation), page, lang) + WORDS("caption_roll", lang, round=observation.round)
        messages += last_move(observation, page, lang)
        rule = "chance"
    else:
        board["dice"] = decide_dice(dice, page, advice, lang)
        if mode == "decide":
            controls, rule = decide_controls(observation, engine, page, advice, board, lang)
            left = int(observation.rerolls_left)
            caption = WORDS("caption_decide", lang, n=left) if can_reroll(engine) else WORDS("caption_choose", lang)
            caption = prefix(turn_of(observation), page, lang) + caption
        else:
            caption = WORDS("caption_watch", lang, seat=name(turn_of(observation), page, lang))
    board.update(sheets_board(observation, engine, page, mode, lang))
    for k, die in enumerate(board["dice"]):  # every die is named for a screen reader, rolled or not
        die.setdefault("title", WORDS("die_title", lang, die=k + 1, pips=die["pips"]) if die["pips"] else t("die_unrolled", lang, die=k + 1))
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
    out: list[dict[str, Any]] = []
    j = 0
    for d in dice:
        if d == 0:
            pips = page.entry[j] if j < len(page.entry) else 0
            out.append({"pips": pips, "entry": True, "entry_index": j, "held": False, "label": "",
                        "tap": tap_step_die(len(out) + 1, pips, lang)})
            j += 1
        else:
            out.append({"pips": d, "held": True, "label": WORDS("held", lang)})
    return out


def decide_dice(dice: Sequence[int], page: Page, advice: Advice | None, lang: str) -> list[dict[str, Any]]:
    suggest: set[int] = set()
    if advice is not None and advice.best[0] == "reroll":
        rerolled = advice.best[1]
        assert isinstance(rerolled, tuple)  # a re-roll's advice names the dice to roll again
        suggest = set(range(DICE)) - set(rerolled)
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
                "tap": WORDS("tap_hold", lang, die=k + 1, pips=d),
            }
        )
    return out


def decide_controls(
    observation: PuniuObservation, engine: Engine, page: Page, advice: Advice | None, board: dict[str, Any], lang: str
) -> tuple[list[Control], str]:
    """Re-roll and the category buttons, each as the engine allows it; the board's category data."""
    seat = turn_of(observation)
    sheet = observation.sheets[seat]
    dice = observation.dice
    left = int(observation.rerolls_left)
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
    for category, entry in zip(CATEGORIES, sheet.entries):
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
    board["kind_open"] = sheet.entries[CATEGORIES.index("kind")] is None
    board["kind_face"] = page.kind_face
    return controls, "reroll" if reroll.enabled else "choose"


def last_move(observation: PuniuObservation, page: Page, lang: str) -> list[Message]:
    """What was written last (until the next dice are rolled)."""
    last = observation.last
    if last is None:
        return []
    text = WORDS(
        "last_move",
        lang,
        prefix=prefix(last.seat, page, lang),
        faces=faces_of(last.dice),
        category=category_label(last.category, last.face, lang),
        score=last.score,
        penalty=last.penalty,
    )
    return [Message("info", text, "choose")]


def band_text(sheet: SheetSeen, lang: str) -> str:
    low, high = sheet.band
    k = sheet.cancel_count
    if k == 0:
        return WORDS("band_none", lang, high=high)
    if high is None:
        return WORDS("band_all", lang, low=low)
    return WORDS("band_top", lang, low=low, high=high, n=k)


def sheets_board(observation: PuniuObservation, engine: Engine, page: Page, mode: str, lang: str) -> dict[str, Any]:
    """Every seat's sheet: cells (struck, at risk, last written), totals, band; the open cells of the seat to play are tappable."""
    outcome = observation.outcome
    over = outcome is not None
    winners = set(outcome["winners"]) if outcome is not None else set()
    struck_final = outcome["detail"].get("cancelled", ()) if outcome is not None else ()
    last = observation.last
    turn = observation.turn
    dice = observation.dice
    sheets = []
    any_struck = any_at_risk = False
    for s, sheet in enumerate(observation.sheets):
        struck = set(struck_final[s]) if over and s < len(struck_final) else set()
        at_risk = set() if over else set(sheet.cancelled)
        any_struck |= bool(struck)
        any_at_risk |= bool(at_risk)
        cells = []
        for r, (category, entry) in enumerate(zip(CATEGORIES, sheet.entries)):
            if entry is None:
                cell: dict[str, Any] = {"empty": True}
                if mode == "decide" and s == turn:
                    face = page.kind_face if category == "kind" else 0
                    if engine.allows(Score(category, face)):
                        sc, pe = category_score(dice, category, face or None)
                        label = category_label(category, face, lang)
                        cell.update(clickable=True, preview=f"{sc} −{pe}", title=WORDS("write_as", lang, category=label),
                                    tap=WORDS("write_as_tap", lang, category=label, score=sc, penalty=pe))
                cells.append(cell)
                continue
            cells.append(
                {
                    "score": entry.score,
                    "penalty": entry.penalty,
                    "face": entry.face,
                    "struck": r in struck,
                    "at_risk": r in at_risk,
                    "last": not over and last is not None and last.seat == s and last.category == category,
                    "title": WORDS("score_penalty", lang, score=entry.score, penalty=entry.penalty),
                }
            )
        k = sheet.cancel_count
        sheets.append(
            {
                "name": name(s, page, lang),
                "cells": cells,
                "penalty": str(sheet.penalty),
                "band": band_text(sheet, lang),
                "band_level": 0 if k == 0 else (1 if k <= 2 else 2),
                "final": str(outcome["scores"][s] if outcome is not None else sheet.final),
                "active": not over and s == turn,
                "winner": s in winners and len(observation.sheets) > 1,
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
def status_line(observation: PuniuObservation, page: Page, lang: str) -> str:
    """The header line (HTML): turn, whose seat, re-rolls left."""
    parts = [WORDS("status_turn", lang, round=observation.round, turns=observation.turns)]
    if observation.outcome is None:
        seat = turn_of(observation)
        if len(observation.sheets) > 1:
            parts.append(WORDS("status_seat", lang, seat=html.escape(name(seat, page, lang))))
        if not observation.rolling:
            parts.append(WORDS("status_rerolls", lang, n=observation.rerolls_left))
    return " · ".join(parts)


__all__ = [
    "present",
    "status_line",
]
