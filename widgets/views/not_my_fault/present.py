"""What a Not My Fault! page shows, as plain data: ``present(observation, engine, page, lang)``.

Pure: no widgets. Everything comes from the viewer's observation (never the
full state: what reaches the view model reaches the browser), the engine's
facts for the page's seat (``Engine``: legal actions, and the engine's own
reason for any other move) and ``Page``, the few facts only the page knows
(seat kinds, who holds the tablet, the hand being typed in table mode).

Every tappable thing carries its answer: a number of the progress board, a
card of your hand, the deck (ver.2.0) are ``Control``s, enabled when the
engine allows the move, else disabled with the engine's reason (or, when it
is not this page's move, whose move it is); the face-down pile, the
set-aside cards and the discards say why they cannot be taken. The log
line, the outcome and the hint are pure functions here too.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from rulebook.core import HUMAN, SPECTATOR, IllegalAction, Outcome, RulebookError
from rulebook.games.not_my_fault.actions import AUDIT, DRAW, Audit, Card, Declare, Draw, First, Place
from rulebook.games.not_my_fault.odds import Odds, odds
from rulebook.games.not_my_fault.variants import Variant
from widgets.views.model import Control, Engine, Message, ViewModel, refuse, seat_label

from .texts import WORDS

Observation = Mapping[str, Any]
PLAYER_PHASES = ("turn", "declare")
ENTRIES = {"first": "first", "draw": "card", "deal": "hand"}
"""Table mode: the chance phase → what is typed in (who starts, the card drawn, a hand)."""


@dataclass(frozen=True)
class Page:
    """What only the page knows (nothing here is secret: no card, no seed)."""

    variant: Variant
    seats: tuple[str, ...]
    """Seat kinds of the match (``HUMAN`` or a bot kind)."""
    humans: tuple[int, ...] = ()
    """Seats of the people playing on this page."""
    acting: bool = False
    """The seat shown is to move, is a person on this page, and may move now."""
    table: bool = False
    """Table mode: real cards, typed in."""
    hot_seat: bool = False
    viewer: int = SPECTATOR
    """The seat holding the tablet (also while the pass screen hides its view)."""
    ply: int = 0
    hand_entry: tuple[int, ...] = ()
    """Table mode (#41): the cards of the hand typed so far."""


# ----- small facts ---------------------------------------------------------------------------------------
def seat_name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def is_bot(seat: int, page: Page) -> bool:
    return 0 <= seat < len(page.seats) and page.seats[seat] != HUMAN


def last_claim(o: Observation) -> int:
    return o["claims"][-1][1] if o["claims"] else 0


def entering(o: Observation, page: Page) -> str | None:
    """Table mode, a chance move to type in: "first", "card" or "hand"."""
    if not page.table or o["result"]:
        return None
    return ENTRIES.get(o["phase"])


def cover_needed(o: Observation, page: Page) -> bool:
    """Table mode, hot seat: a hand to type in by another person than the one holding the tablet."""
    if entering(o, page) != "hand" or not page.hot_seat:
        return False
    return not is_bot(o["turn"], page) and page.viewer != o["turn"]


def penalty(page: Page, lang: str) -> str:
    return WORDS("red_card" if page.variant.draws else "reprimand", lang)


def pct(p: Fraction | float) -> str:
    value = float(p) * 100
    if 0 < value < 0.05:
        return "<0.1%"
    if 99.95 < value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


# ----- why a move is not this page's ---------------------------------------------------------------------------
def not_acting_refusal(o: Observation, page: Page, engine: Engine, action: Any) -> RulebookError:
    """The reason for a tap while the page's seat is not the one to move (nothing about hidden cards)."""
    if o["result"]:
        error = engine.why_not(action)  # the engine refuses every move once the game is over
        if error is not None:
            return error
    phase = o["phase"]
    if phase == "first":
        return refuse(WORDS, "chance", "wait_first")
    if phase == "deal":
        return refuse(WORDS, "chance", "wait_deal")
    if phase == "draw":
        return _both("chance", "wait_draw", o["turn"], page)
    return _both("turn", "not_your_turn", o["turn"], page)


def _both(rule: str, key: str, seat: int, page: Page) -> IllegalAction:
    """A refusal naming ``seat`` in each language's own way."""
    return IllegalAction(rule, WORDS(key, "ja", seat=seat_name(seat, page, "ja")), WORDS(key, "en", seat=seat_name(seat, page, "en")))


def tap(key: str, label: str, action: Any, o: Observation, engine: Engine, page: Page, lang: str) -> Control:
    """A tappable element that makes ``action``: the engine decides when the page's seat moves."""
    if page.acting:
        return Control.for_action(key, label, action, engine, lang)
    error = not_acting_refusal(o, page, engine, action)
    return Control(key, label, False, reason=error.message(lang), rule=error.rule_id, action=str(action))


def page_refusals(o: Observation, page: Page) -> dict[str, IllegalAction]:
    """Table mode (#41): why a button of the hand being typed does nothing now (the engine never sees these taps)."""
    if entering(o, page) != "hand" or cover_needed(o, page):
        return {}
    size, entered = o["deal_size"], len(page.hand_entry)
    out: dict[str, IllegalAction] = {}
    if entered >= size:
        for x in page.variant.values:
            out[f"enter-card-{x}"] = refuse(WORDS, "chance", "hand_full", n=size)
    if not entered:
        out["entry-back"] = refuse(WORDS, "chance", "nothing_to_remove")
    if entered != size:
        out["entry-confirm"] = refuse(WORDS, "chance", "hand_short", n=size, entered=entered)
    return out


def _page_control(key: str, label: str, refusals: Mapping[str, IllegalAction], lang: str, action: str = "", highlight: bool = False) -> Control:
    error = refusals.get(key)
    if error is None:
        return Control(key, label, True, action=action, highlight=highlight)
    return Control(key, label, False, reason=error.message(lang), rule=error.rule_id, action=action)


# ----- the view model ------------------------------------------------------------------------------------------------
def present(o: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for one moment, from the viewer's observation ``o``."""
    v = page.variant
    phase, result = o["phase"], o["result"]
    what = entering(o, page)
    board: dict[str, Any] = {
        "words": board_words(page, lang),
        "variant": v.key,
        "ply": page.ply,
        "phase": phase,
        "you": o["you"],
        "interactive": page.acting,
        "mode": "over" if result else (f"entry-{what}" if what else ("decide" if page.acting else "watch")),
        "seats": seats_view(o, page, lang),
        "track": track_view(o, engine, page, lang),
        "pile": [
            {"seat": c["seat"], "card": c["card"], "label": WORDS("pile_label", lang, seat=c["seat"] + 1)} for c in o["table"]
        ],
        "pile_note": note("audit", "pile_hidden_v2" if v.draws else "pile_hidden_41", lang),
        "deck": o["deck"],
        "deck_tap": (
            tap("deck", WORDS("deck", lang), DRAW, o, engine, page, lang).to_json()
            if v.draws
            else note("redeal", "set_aside_note", lang)
        ),
        "discard": [[x, c] for x, c in zip(o["values"], o["discard"]) if c],
        "discard_total": sum(o["discard"]),
        "discard_note": note("round-end", "discard_note", lang),
        "last": last_view(o["last"], page, lang),
        "last_note": note("round-end", "last_note", lang),
    }
    if o["hand"] is not None:
        cells = [tap(f"hand-card-{i}", str(x), Place(x), o, engine, page, lang) for i, x in enumerate(o["hand"])]
        board["hand"] = list(o["hand"])
        board["hand_cells"] = [c.to_json() for c in cells]
        board["hand_clickable"] = any(c.enabled for c in cells)
    if v.draws and phase == "declare" and o["you"] >= 0 and o["turn"] == o["you"] and o["table"]:
        board["drawn"] = o["table"][-1]["card"]
        board["drawn_note"] = note("declare", "drawn_note", lang)
    if what == "hand":
        board["entry"] = {"seat": o["turn"], "cards": list(page.hand_entry), "size": o["deal_size"], "cover": cover_needed(o, page)}
        board["entry_note"] = note("chance", "entry_note", lang)
    return ViewModel(
        status=status_text(o, page, lang),
        caption=caption(o, engine, page, lang),
        board=board,
        controls=controls(o, engine, page, lang),
        messages=messages(o, page, lang),
        rule=rule_of_the_moment(o, page),
    )


def note(rule: str, key: str, lang: str) -> dict[str, Any]:
    """A tap on something that is never played (the pile, the discards): why, and the rule."""
    return {"enabled": False, "reason": WORDS(key, lang), "rule": rule}


def board_words(page: Page, lang: str) -> dict[str, str]:
    v = page.variant
    keys = {
        "pile": "pile",
        "deck": "deck" if v.draws else "set_aside",
        "discard": "discard",
        "hand": "hand",
        "drawn": "drawn",
        "last": "last",
        "board": "progress_board" if v.draws else "milestones",
        "entry": "entry",
        "empty": "empty",
    }
    return {name: WORDS(key, lang) for name, key in keys.items()}


def seats_view(o: Observation, page: Page, lang: str) -> list[dict[str, Any]]:
    v = page.variant
    you, result = o["you"], o["result"]
    winners: set[int] = set()
    loser = None
    if result:
        if result[0] == "completion":
            winners = {result[1]}
        else:
            loser = result[1]
            winners = set(range(o["players"])) - {loser}
    seats = []
    for s in range(o["players"]):
        tag = ""
        if is_bot(s, page):
            tag = WORDS("tag_bot", lang)
        elif s == you and len(page.humans) > 1:
            tag = WORDS("tag_you", lang)
        hand = o["hand_sizes"][s] if o["hand_sizes"] is not None else None
        seats.append(
            {
                "name": seat_label(s, (HUMAN,) * o["players"], lang),  # the tag says "Bot" / "You"
                "tag": tag,
                "yellows": o["yellows"][s],
                "marks": o["marks"][s],
                "limit": v.penalty_limit,
                "hand": hand,
                "marks_title": WORDS("red_cards_of" if v.draws else "reprimands_of", lang, n=o["marks"][s], limit=v.penalty_limit),
                "yellows_title": WORDS("yellows_of", lang, n=o["yellows"][s]),
                "hand_title": WORDS("hand_size", lang, n=hand) if hand is not None else "",
                "active": result is None and o["phase"] in ("turn", "declare", "draw", "deal") and o["turn"] == s,
                "you": s == you,
                "winner": s in winners,
                "loser": s == loser,
            }
        )
    return seats


def track_view(o: Observation, engine: Engine, page: Page, lang: str) -> dict[str, Any]:
    v = page.variant
    numbers = list(range(1, v.top + 1)) if v.any_number else list(v.milestones)
    cells = [tap(f"num-{n}", str(n), Declare(n), o, engine, page, lang) for n in numbers]
    return {
        "kind": "board" if v.any_number else "milestones",
        "numbers": numbers,
        "milestones": list(v.milestones),
        "claims": [[s, c, seat_name(s, page, lang)] for s, c in o["claims"]],
        "current": last_claim(o),
        "legal": [n for n, c in zip(numbers, cells) if c.enabled],
        "cells": [c.to_json() for c in cells],
    }


def last_view(last: Mapping[str, Any] | None, page: Page, lang: str) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "cards": [[s, x] for s, x in last["cards"]],
        "total": last["total"],
        "claim": last["claim"],
        "loser": last["loser"],
        "text": last_text(last, page, lang),
    }


def last_text(last: Mapping[str, Any], page: Page, lang: str) -> str:
    """How the last round ended, in one line (public: the cards were turned up)."""
    kind, loser, claim, total = last["kind"], last["loser"], last["claim"], last["total"]
    actor = seat_name(last["actor"], page, lang)
    who = seat_name(loser, page, lang) if loser >= 0 else ""
    pen = penalty(page, lang)
    top = page.variant.top
    if kind == "audit":
        cmp = "≥" if total >= claim else "<"
        return WORDS("last_audit", lang, actor=actor, claim=claim, total=total, cmp=cmp, loser=who, penalty=pen)
    if kind == "completion":
        if loser < 0:
            return WORDS("last_completed", lang, actor=actor, total=total, top=top)
        return WORDS("last_completion_failed", lang, actor=actor, total=total, top=top, penalty=pen)
    return WORDS("last_yellow", lang, actor=actor, claim=claim, total=total, penalty=pen)


def caption(o: Observation, engine: Engine, page: Page, lang: str) -> str:
    v = page.variant
    phase, turn = o["phase"], o["turn"]
    prev = last_claim(o)
    who = seat_name(turn, page, lang)
    what = entering(o, page)
    if o["result"]:
        return WORDS("game_over", lang)
    if what == "first":
        return WORDS("choose_first", lang)
    if what == "card":
        return WORDS("bot_card" if is_bot(turn, page) else "enter_card", lang, seat=who)
    if what == "hand":
        if is_bot(turn, page):
            return WORDS("bot_hand", lang, seat=who, n=o["deal_size"])
        if cover_needed(o, page):
            return WORDS("pass_for_hand", lang, seat=who)
        return WORDS("enter_hand", lang, seat=who, n=o["deal_size"])
    if not page.acting:
        return WORDS("to_play", lang, seat=who) if phase in PLAYER_PHASES else ""
    if phase == "turn":
        if v.draws:
            return WORDS("trust_or_audit", lang, prev=prev) if o["claims"] else WORDS("new_round_draw", lang)
        if not o["hand"]:
            return WORDS("hand_empty", lang)
        if not any(isinstance(a, Place) for a in engine.legal):  # a hand, yet no card may be laid: the last milestone
            return WORDS("last_milestone_declared", lang, prev=prev)
        return WORDS("place_or_audit", lang, prev=prev) if o["claims"] else WORDS("new_round_place", lang)
    if v.any_number:
        return WORDS("declare_any", lang, low=prev + 1, top=v.top)
    return WORDS("declare_milestone", lang)


def controls(o: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    """The buttons of the action bar: Draw / Audit for the seat to move, or the table-mode entry."""
    v = page.variant
    what = entering(o, page)
    if what == "first":
        return tuple(
            Control(f"first-{s}", WORDS("first", lang, seat=seat_name(s, page, lang)), action=str(First(s))) for s in range(o["players"])
        )
    if what == "card":
        return tuple(Control(f"enter-card-{x}", str(x), action=str(Card(x))) for x in v.values)
    if what == "hand":
        if cover_needed(o, page):
            seat = seat_name(o["turn"], page, lang)
            return (Control("entry-reveal", WORDS("reveal_entry", lang, seat=seat), highlight=True),)
        refusals = page_refusals(o, page)
        buttons = [_page_control(f"enter-card-{x}", str(x), refusals, lang, action=str(Card(x))) for x in v.values]
        buttons.append(_page_control("entry-back", WORDS("remove_one", lang), refusals, lang))
        label = WORDS("confirm_hand", lang, n=len(page.hand_entry), size=o["deal_size"])
        buttons.append(_page_control("entry-confirm", label, refusals, lang, highlight=True))
        return tuple(buttons)
    if not page.acting or o["phase"] != "turn":
        return ()
    out = []
    if v.draws:
        out.append(Control.for_action("action-draw", WORDS("draw_trust" if o["claims"] else "draw", lang), DRAW, engine, lang))
    out.append(Control.for_action("action-audit", WORDS("audit", lang), AUDIT, engine, lang))
    return tuple(out)


def messages(o: Observation, page: Page, lang: str) -> tuple[Message, ...]:
    """Lines of this moment only (computed from the observation, so they go with it)."""
    v = page.variant
    you = o["you"]
    if page.acting and o["phase"] == "declare" and v.yellow_limit > 1 and o["yellows"][you] == v.yellow_limit - 1:
        return (Message("notice", WORDS("second_yellow_warning", lang), "yellow"),)
    return ()


def rule_of_the_moment(o: Observation, page: Page) -> str:
    if o["result"]:
        return "end"
    if entering(o, page):
        return "chance"
    if o["phase"] == "declare":
        return "declare"
    if o["phase"] == "turn":
        return "turn"
    return ""


def status_text(o: Observation, page: Page, lang: str, bold: Any = str) -> str:
    """The header line: the round, and whose move (``bold`` wraps the values, e.g. in <b>)."""
    parts = [WORDS("status_round", lang, round=bold(str(o["round"])))]
    if o["result"] is None and o["phase"] in PLAYER_PHASES:
        parts.append(WORDS("status_turn", lang, seat=bold(seat_name(o["turn"], page, lang))))
    return " · ".join(parts)


def status_html(o: Observation, page: Page, lang: str) -> str:
    return status_text(o, page, lang, bold=lambda text: f"<b>{html.escape(text)}</b>")


# ----- the log (public observations only) -------------------------------------------------------------------------
def describe(before: Observation, action: Any, after: Observation, outcome: Outcome | None, page: Page, lang: str) -> str | None:
    """One log line (HTML) from the public observations around ``action``: never a drawn, dealt or laid card's value."""
    e = html.escape
    if isinstance(action, First):
        return e(WORDS("log_first", lang, seat=seat_name(action.seat, page, lang)))
    if isinstance(action, Card):
        if before["phase"] == "deal" and after["phase"] != "deal":
            return e(WORDS("log_dealt", lang, n=before["deal_size"]))
        return None
    who = seat_name(before["turn"], page, lang)
    if isinstance(action, Draw):
        if before["claims"]:
            text = WORDS("log_trusts", lang, seat=who, claim=last_claim(before))
        else:
            text = WORDS("log_draws", lang, seat=who)
        if after["epoch"] > before["epoch"]:
            text += WORDS("log_reshuffle", lang, n=sum(before["discard"]))
        return e(text)
    if isinstance(action, Place):
        return e(WORDS("log_lays", lang, seat=who))
    round_over = after["round"] != before["round"] or (after["result"] and not before["result"])
    if isinstance(action, Declare):
        line = WORDS("log_declares", lang, seat=who, n=action.number)
        if after["yellows"] != before["yellows"] and not round_over:
            line += WORDS("log_yellow", lang)
        if round_over and after["last"] is not None:
            line += " — " + last_text(after["last"], page, lang)
        return e(line) + end_note(after, outcome, page, lang)
    if isinstance(action, Audit):
        return e(last_text(after["last"], page, lang)) + end_note(after, outcome, page, lang)
    return e(str(action))


def end_note(after: Observation, outcome: Outcome | None, page: Page, lang: str) -> str:
    if outcome is None:
        if after["phase"] == "deal" and after["deal_size"] == page.variant.redeal_size and after["epoch"] > 0:
            return html.escape(WORDS("log_new_hands", lang))
        return ""
    return " — <b>" + html.escape(outcome.summary(lang)) + "</b>"


def outcome_html(outcome: Outcome, o: Observation, page: Page, lang: str) -> str:
    e = html.escape
    rows = []
    title = WORDS("red_cards" if page.variant.draws else "reprimands", lang)
    for s in range(o["players"]):
        won = s in outcome.winners
        text = WORDS("row_wins" if won else "row_loses", lang, seat=seat_name(s, page, lang))
        rows.append(
            f"<tr class='{'rb-winner' if won else 'rb-loser'} rb-final-{s}'><td>{e(text)}</td><td>{e(title)}: {o['marks'][s]}</td></tr>"
        )
    return f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div><table class='rb-final-scores'>{''.join(rows)}</table>"


# ----- the hint ------------------------------------------------------------------------------------------------------------
def hint_html(o: Observation, engine: Engine, page: Page, lang: str, advice: Any = None) -> str:
    """The exact odds from the viewer's own knowledge, and the search bot's advice (``advice``) on its move.

    While declaring, the odds are listed for the declarations worth weighing
    among the engine's legal ones: the milestones, and the smallest number.
    """
    v = page.variant
    you = o["you"]
    if you < 0 or o["result"] or o["phase"] not in PLAYER_PHASES:
        return ""
    e = html.escape
    seen = odds(o)
    parts = []
    if o["phase"] == "turn" and o["claims"]:
        target = last_claim(o)
        p = seen.at_least(target)
        line = e(WORDS("odds_reach", lang, target=target)) + f"<b class='rb-odds-value'>{pct(p)}</b>"
        if o["turn"] == you:
            line += e(WORDS("odds_catch", lang, p=pct(1 - p)))
        parts.append(f"<div class='rb-odds'>{line}</div>")
        parts.append(f"<div class='rb-odds-why'>{e(odds_why(seen, lang))}</div>")
    elif o["phase"] == "declare" and o["turn"] == you:
        legal = [a.number for a in engine.legal if isinstance(a, Declare)]
        candidates = sorted({n for n in legal if n in v.milestones} | set(legal[:1]))
        star = lambda m: " ★" if m in v.milestones and v.any_number else ""  # noqa: E731
        rows = "".join(f"<tr data-number='{m}'><td>{m}{star(m)}</td><td>{pct(seen.at_least(m))}</td></tr>" for m in candidates)
        parts.append(f"<div class='rb-odds-title'>{e(WORDS('odds_title', lang))}</div><table class='rb-hint-table rb-odds-table'>{rows}</table>")
        parts.append(f"<div class='rb-odds-why'>{e(odds_why(seen, lang))}</div>")
    if advice is not None:
        move = advice_text(advice, page, lang)
        line = e(WORDS("advice", lang, move="\0")).replace("\0", f"<b>{e(move)}</b>")
        parts.append(f"<div class='rb-hint-advice'>{line}</div>")
    return "".join(parts)


def odds_why(seen: Odds, lang: str) -> str:
    old = ""
    if seen.fixed_old:
        old = WORDS("why_old", lang, n=seen.fixed_old, total=seen.known - sum(seen.own))
    if not seen.hidden:
        return WORDS("why_known", lang, total=seen.known) + old
    own = " + ".join(str(x) for x in seen.own) or "—"
    pool = ", ".join(f"{x}×{c}" for x, c in zip(seen.values, seen.pool) if c)
    return WORDS("why_pool", lang, own=own, n=seen.hidden, size=sum(seen.pool), pool=pool, ways=f"{seen.total_ways:,}") + old


def advice_text(action: Any, page: Page, lang: str) -> str:
    """A move in words, for the hint."""
    v = page.variant
    if isinstance(action, Place):
        return WORDS("advice_place", lang, value=action.value)
    if isinstance(action, Declare):
        note = ""
        if v.completion and action.number == v.top:
            note = WORDS("advice_completion", lang)
        elif v.any_number and action.number not in v.milestones:
            note = WORDS("advice_yellow", lang)
        return WORDS("advice_declare", lang, n=action.number) + note
    if isinstance(action, Audit):
        return WORDS("advice_audit", lang)
    if isinstance(action, Draw):
        return WORDS("advice_draw", lang)
    return str(action)


__all__ = [
    "Page",
    "advice_text",
    "caption",
    "controls",
    "cover_needed",
    "describe",
    "entering",
    "hint_html",
    "not_acting_refusal",
    "outcome_html",
    "page_refusals",
    "present",
    "status_html",
    "status_text",
]
