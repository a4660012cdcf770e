"""Table mode of the Lemon Poker page: the dealer types in the real cards they dealt.

Pure: no widgets. The dealer deals the real deck and types the twelve cards
in, in the order dealt (2 community, 5 for group 1, 5 for group 2), on a grid
of the 52 cards; the typed cards stay on the typing page until Dealt plays
the twelve as one move (the engine sorts the groups as after any deal). On
a shared tablet the child is asked to look away first (the cover), and a
bot's deal is typed by the person dealing for it.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import IllegalAction
from widgets.views.model import Control, refuse

from .common import Observation, Page, is_bot, pretty, seat_name
from .texts import WORDS

DEAL_SIZE = 12
GRID_SUITS = "shdc"
GRID_RANKS = "AKQJT98765432"


def entering(o: Observation, page: Page) -> bool:
    """Table mode, and the cards of a hand are being dealt."""
    return page.table and o.phase == "deal"


def cover_needed(o: Observation, page: Page) -> bool:
    """A shared tablet held by the child while the dealer's cards are to be typed in."""
    return entering(o, page) and o.dealer in page.humans and page.hot_seat and page.viewer != o.dealer


def types_deal(o: Observation, page: Page) -> bool:
    """This page types the deal now: the dealer's page (once the dealer holds it), or a bot's dealer page."""
    if not entering(o, page) or cover_needed(o, page):
        return False
    dealer = o.dealer
    return dealer in page.humans or (is_bot(dealer, page) and bool(page.humans))


def slot_label(i: int, lang: str) -> str:
    """The place of the i-th card dealt: community 1-2, then group 1's five, then group 2's five."""
    if i < 2:
        return WORDS("slot_community", lang, n=i + 1)
    g, n = (1, i - 1) if i < 7 else (2, i - 6)
    return WORDS("slot_group", lang, g=g, n=n)


def entry_refusals(o: Observation, page: Page) -> dict[str, IllegalAction]:
    """Why Take one back / Dealt do nothing now (the engine never sees these taps)."""
    if not types_deal(o, page):
        return {}
    n = len(page.entry)
    out: dict[str, IllegalAction] = {}
    if not n:
        out["entry-back"] = refuse(WORDS, "deal", "nothing_to_remove")
    if n < DEAL_SIZE:
        out["entry-confirm"] = refuse(WORDS, "deal", "deal_short", left=DEAL_SIZE - n)
    return out


def not_your_deal(o: Observation, page: Page) -> IllegalAction:
    """The refusal of a card typed in while this page does not type the deal (the dealer's page does)."""
    return IllegalAction("deal", WORDS("not_your_deal", "ja", seat=seat_name(o.dealer, page, "ja")),
                         WORDS("not_your_deal", "en", seat=seat_name(o.dealer, page, "en")))


def card_refusal(card: str, o: Observation, page: Page) -> IllegalAction | None:
    """Why a card of the grid cannot be typed in now, or None."""
    if not types_deal(o, page):
        return not_your_deal(o, page)
    if card in page.entry:
        return refuse(WORDS, "deal", "card_typed", card=pretty(card))
    if len(page.entry) >= DEAL_SIZE:
        return refuse(WORDS, "deal", "deal_full")
    return None


def entry_view(o: Observation, page: Page, lang: str) -> dict[str, Any] | None:
    """The typing panel: the twelve places of the deal and the grid of the 52 cards (only while typing)."""
    if not types_deal(o, page):
        return None
    grid = []
    for suit in GRID_SUITS:
        row = []
        for rank in GRID_RANKS:
            card = rank + suit
            error = card_refusal(card, o, page)
            row.append({"card": card, "label": pretty(card), "tap": WORDS("tap_enter", lang, card=pretty(card)), "enabled": error is None,
                        "reason": "" if error is None else error.message(lang), "rule": "" if error is None else error.rule_id})
        grid.append(row)
    slots = [{"label": slot_label(i, lang), "card": page.entry[i] if i < len(page.entry) else None,
              "next": i == len(page.entry)} for i in range(DEAL_SIZE)]
    return {"title": WORDS("entry_title", lang), "help": WORDS("entry_grid", lang), "slots": slots, "grid": grid}


def entry_controls(o: Observation, page: Page, lang: str) -> tuple[Control, ...]:
    """While the deal is typed in: Take one back and Dealt on the typing page; on a shared tablet still
    held by the child, the dealer's button to take it; nothing on a page that waits."""
    if cover_needed(o, page):
        return (Control("entry-reveal", WORDS("reveal_entry", lang, seat=seat_name(o.dealer, page, lang)), highlight=True),)
    if types_deal(o, page):
        refusals = entry_refusals(o, page)
        out = []
        for key, label, highlight in (("entry-back", WORDS("remove_one", lang), False),
                                      ("entry-confirm", WORDS("confirm_deal", lang, n=len(page.entry)), True)):
            error = refusals.get(key)
            out.append(Control(key, label, error is None, reason="" if error is None else error.message(lang),
                               rule="" if error is None else error.rule_id, highlight=highlight))
        return tuple(out)
    return ()
