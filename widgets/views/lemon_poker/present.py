"""What a Lemon Poker page shows, as plain data: ``present(observation, engine, page, lang)``.

Pure: no widgets. Everything comes from the viewer's observation (never the
full state: what reaches the view model reaches the browser), the engine's
facts for the page's seat (``Engine``: legal actions and the engine's reason
for any other move) and ``Page``, the few facts only the page knows.

Every tappable thing carries its answer: each of the ten places of the two
groups (turn it up), each stake of the bet rows and the swap / Sorted
buttons are ``Control``s, enabled when the engine allows the move, else
disabled with the engine's reason (or, when it is not this page's move,
whose move it is); the community cards and the last hand say why they
cannot be taken.

Table mode (a real deck on the table): the dealer deals the real cards and
types them in, card by card, on a grid of the 52 cards (``entry_view``);
the typed cards stay on the typing page until Dealt plays the twelve as
one move. On a shared tablet the child is asked to look away first (the
cover), and a bot's deal is typed by the person dealing for it.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core import HUMAN, IllegalAction, RulebookError
from rulebook.games.lemon_poker.actions import SORTED, Bet, Show, Swap
from widgets.views.model import Control, Engine, ViewModel, refuse, seat_label

from .common import RULE_OF_PHASE, Observation, Page, is_bot, mover, pct, pretty, seat_name, signed
from .entry import DEAL_SIZE, cover_needed, entering, entry_controls, entry_view, slot_label, types_deal
from .texts import WORDS

# ----- why a move is not this page's ---------------------------------------------------------------------------
def not_acting_refusal(o: Observation, page: Page, engine: Engine, action: Any) -> RulebookError:
    """The reason for a tap while the page's seat is not the one to move (nothing about hidden cards)."""
    if o.phase == "over":
        error = engine.why_not(action)
        if error is not None:
            return error
    seat = mover(o)
    if seat < 0:
        return refuse(WORDS, "deal", "wait_deal")
    rule = RULE_OF_PHASE[o.phase]
    return IllegalAction(rule, WORDS("not_your_turn", "ja", seat=seat_name(seat, page, "ja")),
                         WORDS("not_your_turn", "en", seat=seat_name(seat, page, "en")))


def tap(key: str, label: str, action: Any, o: Observation, engine: Engine, page: Page, lang: str, name: str = "") -> Control:
    """A tappable element that makes ``action``: the engine decides when the page's seat moves."""
    refusal = None if page.acting else not_acting_refusal(o, page, engine, action)
    return Control.for_seat(key, label, action, engine, lang, refusal, name)


def note(rule: str, key: str, lang: str) -> dict[str, Any]:
    """A tap on something that is never played (the community cards, the last hand): why, and the rule."""
    # its name for a screen reader is the same words: a tap shows them (nothing is played)
    return {"enabled": False, "reason": WORDS(key, lang), "rule": rule, "label": WORDS(key, lang)}


# ----- the view model ------------------------------------------------------------------------------------------
def present(o: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for one moment, from the viewer's observation ``o``."""
    phase, you = o.phase, o.you
    role = "dealer" if you == o.dealer else "child" if you == o.child else ""
    board: dict[str, Any] = {
        "words": {
            "community": WORDS("community", lang),
            "groups": [WORDS("group", lang, g=1), WORDS("group", lang, g=2)],
            "hand": WORDS("hand_of", lang, n=min(o.hand_no + 1, o.hands), total=o.hands),
            "secret": WORDS("secret_note", lang) if any(
                c is not None and not s for g, sh in zip(o.groups, o.shown) for c, s in zip(g, sh)) else "",
            "last": WORDS("last", lang),
        },
        "ply": page.ply,
        "phase": phase,
        "you": you,
        "role": role,
        "interactive": page.acting,
        "mode": "over" if phase == "over" else ("decide" if page.acting else "watch"),
        "seats": seats_view(o, page, lang),
        "community": list(o.community),
        "community_note": note("deal", "community_note", lang),
        "groups": groups_view(o, engine, page, lang),
        "bet": bet_view(o, engine, page, lang),
        "last": last_view(o.last, page, lang),
        "last_note": note("showdown", "last_note", lang),
        "entry": entry_view(o, page, lang),
        "entry_hidden": WORDS("entry_hidden", lang) if cover_needed(o, page) else "",
    }
    return ViewModel(
        status=status_text(o, page, lang),
        caption=caption(o, page, lang),
        board=board,
        controls=controls(o, engine, page, lang),
        rule=RULE_OF_PHASE.get(phase, ""),
    )


def seats_view(o: Observation, page: Page, lang: str) -> list[dict[str, Any]]:
    over = o.phase == "over"
    chips = o.chips
    best = max(chips)
    out = []
    for s in (0, 1):
        tag = WORDS("tag_bot", lang) if is_bot(s, page) else (WORDS("tag_you", lang) if s == o.you and len(page.humans) > 1 else "")
        out.append({
            "name": seat_label(s, (HUMAN, HUMAN), lang),
            "tag": tag,
            "role": "" if over else ("dealer" if s == o.dealer else "child"),
            "role_label": "" if over else WORDS("dealer_role" if s == o.dealer else "child_role", lang),
            "chips": chips[s],
            "chips_text": WORDS("chips", lang, n=chips[s]),
            "active": mover(o) == s,
            "you": s == o.you,
            "winner": over and chips[s] == best,
        })
    return out


def groups_view(o: Observation, engine: Engine, page: Page, lang: str) -> list[dict[str, Any]]:
    """Both groups, five places each: the card (None = face down to this viewer), face up or not, the tap."""
    pick = tuple(o.child_show) if o.child_show else None
    out = []
    for g in (0, 1):
        cards = o.groups[g]
        cells = []
        for i in range(o.dealt[g]):
            label = pretty(cards[i]) if cards[i] else WORDS("group", lang, g=g + 1) + f" {i + 1}"
            name = WORDS("tap_show_card" if cards[i] else "tap_show", lang, card=pretty(cards[i]), g=g + 1, place=i + 1)
            control = tap(f"place-{g}-{i}", label, Show(g, i), o, engine, page, lang, name)
            cells.append({
                "card": cards[i],
                "shown": bool(o.shown[g][i]),
                "picked": pick == (g, i),
                "tap": control.to_json(),
            })
        out.append({"title": WORDS("group", lang, g=g + 1), "cells": cells})
    return out


def bet_view(o: Observation, engine: Engine, page: Page, lang: str) -> dict[str, Any] | None:
    """The two bet rows (1..5 chips on each group), drawn for the child while a hand is on."""
    if o.phase == "over" or o.you != o.child or o.phase == "deal":
        return None
    rows = []
    for g in (0, 1):
        cells = [tap(f"bet-{g}-{k}", WORDS("bet_chip", lang, n=k), Bet(g, k), o, engine, page, lang).to_json()
                 for k in range(1, 6)]
        rows.append({"title": WORDS("bet_title", lang, g=g + 1), "cells": cells})
    return {"rows": rows, "max": o.max_bet}


def result_text(last: Mapping[str, Any], page: Page, lang: str) -> str:
    """How a finished hand came out, in one line (public: every card is face up)."""
    from rulebook.games.lemon_poker.evaluator import CATEGORIES, CATEGORIES_JA

    names = CATEGORIES_JA if lang == "ja" else CATEGORIES
    hands = [names[s >> 26] for s in last["scores"]]
    w = last["winner"]
    first = WORDS("result_tie", lang, h=hands[0]) if w < 0 else WORDS("result_win", lang, w=w + 1, hw=hands[w], hl=hands[1 - w])
    child = 1 - last["dealer"]
    name = seat_name(child, page, lang)
    gain = last["child_gain"]
    second = WORDS("gain_tie", lang) if gain == 0 else WORDS("gain_won" if gain > 0 else "gain_lost", lang, seat=name, n=abs(gain))
    bet = WORDS("log_bet", lang, seat=name, g=last["bet"][0] + 1, n=last["bet"][1])
    return f"{bet} {first}: {second}." if lang == "en" else f"{bet}{first}: {second}。"


def last_view(last: Mapping[str, Any] | None, page: Page, lang: str) -> dict[str, Any] | None:
    if last is None:
        return None
    return {"community": list(last["community"]), "groups": [list(g) for g in last["groups"]], "winner": last["winner"],
            "bet_group": last["bet"][0], "text": result_text(last, page, lang)}


def status_text(o: Observation, page: Page, lang: str, bold: Any = str) -> str:
    n = min(o.hand_no + 1, o.hands)
    parts = [WORDS("status", lang, n=bold(str(n)), total=o.hands, dealer=bold(seat_name(o.dealer, page, lang)))]
    seat = mover(o)
    if seat >= 0:
        parts.append(WORDS("status_turn", lang, seat=bold(seat_name(seat, page, lang))))
    return " · ".join(parts)


def caption(o: Observation, page: Page, lang: str) -> str:
    phase = o.phase
    if phase == "over":
        return WORDS("game_over", lang)
    if entering(o, page):
        dealer = seat_name(o.dealer, page, lang)
        if cover_needed(o, page):
            return WORDS("pass_for_deal", lang, seat=dealer)
        if not types_deal(o, page):
            return WORDS("wait_table_deal", lang, seat=dealer)
        n = len(page.entry)
        if n >= DEAL_SIZE:
            return WORDS("enter_deal_done", lang)
        if is_bot(o.dealer, page):
            return WORDS("enter_deal_bot", lang, seat=dealer, n=n)
        return WORDS("enter_deal", lang, n=n, next=slot_label(n, lang))
    if phase == "deal":
        return WORDS("dealing", lang)
    if not page.acting:
        key = {"sort": "to_sort", "dealer-show": "to_show", "child-show": "to_child_show", "bet": "to_bet"}[phase]
        return WORDS(key, lang, seat=seat_name(mover(o), page, lang))
    if phase == "sort":
        return WORDS("sort_dealer", lang)
    if phase == "dealer-show":
        return WORDS("show_dealer", lang, left=4 - sum(o.shown[0]) - sum(o.shown[1]))
    return WORDS("show_child" if phase == "child-show" else "bet_child", lang)


def controls(o: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    """The buttons of the action bar: the dealer's swaps of equal ranks and Sorted, while sorting;
    in table mode, while the deal is typed in: Take one back and Dealt (or, on a shared tablet
    still held by the child, the dealer's button to take it)."""
    if entering(o, page):
        return entry_controls(o, page, lang)
    if not page.acting or o.phase != "sort":
        return ()
    out = []
    for action in engine.legal:
        if isinstance(action, Swap):
            g, i = action.group, action.place
            cards = o.groups[g]
            label = WORDS("swap", lang, g=g + 1, a=pretty(cards[i]), b=pretty(cards[i + 1]))
            out.append(Control.for_action(f"swap-{g}-{i}", label, action, engine, lang))
    out.append(Control.for_action("sorted", WORDS("sorted", lang), SORTED, engine, lang, highlight=True))
    return tuple(out)


__all__ = ["Observation", "Page", "caption", "controls", "not_acting_refusal", "pct", "present", "pretty", "result_text",
           "seat_name", "signed", "status_text"]
