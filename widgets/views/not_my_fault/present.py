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
line, the outcome and the hint are pure functions in ``report.py``.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core import HUMAN, IllegalAction
from rulebook.games.not_my_fault.actions import AUDIT, DRAW, Card, Declare, First, Place
from rulebook.games.not_my_fault.observation import LastSeen
from widgets.views.model import Control, Engine, Message, ViewModel, json_pair, seat_label

from .common import PLAYER_PHASES, Observation, Page, cover_needed, entering, is_bot, last_claim, last_text, page_refusals
from .common import seat_name, status_text, tap
from .texts import WORDS


def _page_control(key: str, label: str, refusals: Mapping[str, IllegalAction], lang: str, action: str = "", highlight: bool = False) -> Control:
    error = refusals.get(key)
    if error is None:
        return Control(key, label, True, action=action, highlight=highlight)
    return Control(key, label, False, reason=error.message(lang), rule=error.rule_id, action=action)


# ----- the view model ------------------------------------------------------------------------------------------------
def present(o: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for one moment, from the viewer's observation ``o``."""
    v = page.variant
    phase, result = o.phase, o.result
    what = entering(o, page)
    board: dict[str, Any] = {
        "words": board_words(page, lang),
        "variant": v.key,
        "ply": page.ply,
        "phase": phase,
        "you": o.you,
        "interactive": page.acting,
        "mode": "over" if result else (f"entry-{what}" if what else ("decide" if page.acting else "watch")),
        "seats": seats_view(o, page, lang),
        "track": track_view(o, engine, page, lang),
        "pile": [
            {"seat": c["seat"], "card": c["card"], "label": WORDS("pile_label", lang, seat=c["seat"] + 1)} for c in o.table
        ],
        "pile_note": note("audit", "pile_hidden_v2" if v.draws else "pile_hidden_41", lang),
        "deck": o.deck,
        "deck_tap": (
            tap("deck", WORDS("deck", lang), DRAW, o, engine, page, lang, WORDS("tap_draw", lang)).to_json()
            if v.draws
            else note("redeal", "set_aside_note", lang)
        ),
        "discard": [[x, c] for x, c in zip(o.card_values, o.discard) if c],
        "discard_total": sum(o.discard),
        "discard_note": note("round-end", "discard_note", lang),
        "last": last_view(o.last, page, lang),
        "last_note": note("round-end", "last_note", lang),
    }
    if o.hand is not None:
        cells = [tap(f"hand-card-{i}", str(x), Place(x), o, engine, page, lang, WORDS("tap_place", lang, n=x)) for i, x in enumerate(o.hand)]
        board["hand"] = list(o.hand)
        board["hand_cells"] = [c.to_json() for c in cells]
        board["hand_clickable"] = any(c.enabled for c in cells)
    if v.draws and phase == "declare" and o.you >= 0 and o.turn == o.you and o.table:
        board["drawn"] = o.table[-1]["card"]
        board["drawn_note"] = note("declare", "drawn_note", lang)
    if what == "hand":
        board["entry"] = {"seat": o.turn, "cards": list(page.hand_entry), "size": o.deal_size, "cover": cover_needed(o, page)}
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
    # its name for a screen reader is the same words: a tap shows them (nothing is played)
    return {"enabled": False, "reason": WORDS(key, lang), "rule": rule, "label": WORDS(key, lang)}


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
    you, result = o.you, o.result
    winners: set[int] = set()
    loser = None
    if result:
        reason, seat = json_pair(result, str, int)
        if reason == "completion":
            winners = {seat}
        else:
            loser = seat
            winners = set(range(o.players)) - {loser}
    seats = []
    for s in range(o.players):
        tag = ""
        if is_bot(s, page):
            tag = WORDS("tag_bot", lang)
        elif s == you and len(page.humans) > 1:
            tag = WORDS("tag_you", lang)
        hand = o.hand_sizes[s] if o.hand_sizes is not None else None
        seats.append(
            {
                "name": seat_label(s, (HUMAN,) * o.players, lang),  # the tag says "Bot" / "You"
                "tag": tag,
                "yellows": o.yellows[s],
                "marks": o.marks[s],
                "limit": v.penalty_limit,
                "hand": hand,
                "marks_title": WORDS("red_cards_of" if v.draws else "reprimands_of", lang, n=o.marks[s], limit=v.penalty_limit),
                "yellows_title": WORDS("yellows_of", lang, n=o.yellows[s]),
                "hand_title": WORDS("hand_size", lang, n=hand) if hand is not None else "",
                "active": result is None and o.phase in ("turn", "declare", "draw", "deal") and o.turn == s,
                "you": s == you,
                "winner": s in winners,
                "loser": s == loser,
            }
        )
    return seats


def track_view(o: Observation, engine: Engine, page: Page, lang: str) -> dict[str, Any]:
    v = page.variant
    numbers = list(range(1, v.top + 1)) if v.any_number else list(v.milestones)
    cells = [tap(f"num-{n}", str(n), Declare(n), o, engine, page, lang, WORDS("tap_declare", lang, n=n)) for n in numbers]
    return {
        "kind": "board" if v.any_number else "milestones",
        "numbers": numbers,
        "milestones": list(v.milestones),
        "claims": [[s, c, seat_name(s, page, lang)] for s, c in o.claims],
        "current": last_claim(o),
        "legal": [n for n, c in zip(numbers, cells) if c.enabled],
        "cells": [c.to_json() for c in cells],
    }


def last_view(last: LastSeen | None, page: Page, lang: str) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "cards": [[s, x] for s, x in last.cards],
        "total": last.total,
        "claim": last.claim,
        "loser": last.loser,
        "text": last_text(last, page, lang),
    }


def caption(o: Observation, engine: Engine, page: Page, lang: str) -> str:
    v = page.variant
    phase, turn = o.phase, o.turn
    prev = last_claim(o)
    who = seat_name(turn, page, lang)
    what = entering(o, page)
    if o.result:
        return WORDS("game_over", lang)
    if what == "first":
        return WORDS("choose_first", lang)
    if what == "card":
        return WORDS("bot_card" if is_bot(turn, page) else "enter_card", lang, seat=who)
    if what == "hand":
        if is_bot(turn, page):
            return WORDS("bot_hand", lang, seat=who, n=o.deal_size)
        if cover_needed(o, page):
            return WORDS("pass_for_hand", lang, seat=who)
        return WORDS("enter_hand", lang, seat=who, n=o.deal_size)
    if not page.acting:
        return WORDS("to_play", lang, seat=who) if phase in PLAYER_PHASES else ""
    if phase == "turn":
        if v.draws:
            return WORDS("trust_or_audit", lang, prev=prev) if o.claims else WORDS("new_round_draw", lang)
        if not o.hand:
            return WORDS("hand_empty", lang)
        if not any(isinstance(a, Place) for a in engine.legal):  # a hand, yet no card may be laid: the last milestone
            return WORDS("last_milestone_declared", lang, prev=prev)
        return WORDS("place_or_audit", lang, prev=prev) if o.claims else WORDS("new_round_place", lang)
    if v.any_number:
        return WORDS("declare_any", lang, low=prev + 1, top=v.top)
    return WORDS("declare_milestone", lang)


def controls(o: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    """The buttons of the action bar: Draw / Audit for the seat to move, or the table-mode entry."""
    v = page.variant
    what = entering(o, page)
    if what == "first":
        return tuple(
            Control(f"first-{s}", WORDS("first", lang, seat=seat_name(s, page, lang)), action=str(First(s))) for s in range(o.players)
        )
    if what == "card":
        return tuple(Control(f"enter-card-{x}", str(x), action=str(Card(x))) for x in v.values)
    if what == "hand":
        if cover_needed(o, page):
            seat = seat_name(o.turn, page, lang)
            return (Control("entry-reveal", WORDS("reveal_entry", lang, seat=seat), highlight=True),)
        refusals = page_refusals(o, page)
        buttons = [_page_control(f"enter-card-{x}", str(x), refusals, lang, action=str(Card(x))) for x in v.values]
        buttons.append(_page_control("entry-back", WORDS("remove_one", lang), refusals, lang))
        label = WORDS("confirm_hand", lang, n=len(page.hand_entry), size=o.deal_size)
        buttons.append(_page_control("entry-confirm", label, refusals, lang, highlight=True))
        return tuple(buttons)
    if not page.acting or o.phase != "turn":
        return ()
    out = []
    if v.draws:
        out.append(Control.for_action("action-draw", WORDS("draw_trust" if o.claims else "draw", lang), DRAW, engine, lang))
    out.append(Control.for_action("action-audit", WORDS("audit", lang), AUDIT, engine, lang))
    return tuple(out)


def messages(o: Observation, page: Page, lang: str) -> tuple[Message, ...]:
    """Lines of this moment only (computed from the observation, so they go with it)."""
    v = page.variant
    you = o.you
    if page.acting and o.phase == "declare" and v.yellow_limit > 1 and o.yellows[you] == v.yellow_limit - 1:
        return (Message("notice", WORDS("second_yellow_warning", lang), "yellow"),)
    return ()


def rule_of_the_moment(o: Observation, page: Page) -> str:
    if o.result:
        return "end"
    if entering(o, page):
        return "chance"
    if o.phase == "declare":
        return "declare"
    if o.phase == "turn":
        return "turn"
    return ""


__all__ = [
    "caption",
    "controls",
    "present",
]
