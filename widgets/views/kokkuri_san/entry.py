"""Table mode of the Kokkuri-san page: the real box on the table, what chance decides typed in.

Pure: no widgets. Three things are typed (``entering``):
- ``"order"``: the candidate row as laid out, tapped left to right (public;
  any page with a person on it types it), played with Done as one move;
- ``"first"``: the start player chosen at the table (a button per seat);
- ``"cards"``: the play cards a seat draws, typed by that seat (hidden:
  typed on the drawer's own page, or on a shared tablet once the drawer
  holds it, the cover asking the others to look away), played with Done.
  A bot's draws are typed by the person drawing for it, who then knows them.
The typed values stay on the typing page (``Page.entry``) until Done.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import IllegalAction
from rulebook.games.kokkuri_san.cards import KINDS
from widgets.views.model import Control, refuse

from .common import Observation, Page, cand_name, card_label, is_bot, seat_name
from .texts import WORDS

ENTRIES = {"order": "order", "first": "first", "deal": "cards", "draw": "cards"}


def entering(o: Observation, page: Page) -> str | None:
    """Table mode, a chance move to type in now: "order", "first" or "cards"."""
    if not page.table or o.result:
        return None
    return ENTRIES.get(o.phase)


def to_draw(o: Observation) -> int:
    """Cards the drawer still draws now: up to the target, as far as their deck goes."""
    drawer = o.drawer
    return max(0, min(o.target - o.hand_sizes[drawer], o.deck_sizes[drawer]))


def cover_needed(o: Observation, page: Page) -> bool:
    """A shared tablet held by another person while a seat's draw is to be typed in."""
    return (entering(o, page) == "cards" and page.hot_seat and o.drawer in page.humans
            and page.viewer != o.drawer)


def types_entry(o: Observation, page: Page) -> bool:
    """This page types what is being entered now."""
    what = entering(o, page)
    if what is None or cover_needed(o, page) or not page.humans:
        return False
    if what != "cards":
        return True  # the row and the start player are public: any page with a person on it
    drawer = o.drawer
    return drawer in page.humans or is_bot(drawer, page)


def _mine(o: Observation, page: Page) -> bool:
    """The cards are typed by their own drawer (whose deck the page knows), not for a bot."""
    return o.you == o.drawer and o.my_deck is not None


def not_your_entry(o: Observation, page: Page) -> IllegalAction:
    """The refusal of a value typed in while this page does not type the draw (the drawer's page does)."""
    return IllegalAction("chance", *(WORDS("not_your_entry", lang, seat=seat_name(o.drawer, page, lang)) for lang in ("ja", "en")))


def value_refusal(value: int, o: Observation, page: Page) -> IllegalAction | None:
    """Why a tapped candidate / card kind cannot be typed in now, or None."""
    what = entering(o, page)
    if not types_entry(o, page):
        return not_your_entry(o, page)
    if what == "order":
        if value in page.entry:
            return refuse(WORDS, "setup", "candidate_typed", name=cand_name(page, value, "en"))
        return None
    if len(page.entry) >= to_draw(o):
        return refuse(WORDS, "chance", "draw_full", n=to_draw(o))
    deck = o.my_deck if _mine(o, page) else None
    if deck is not None and deck[value] - page.entry.count(value) <= 0:
        return refuse(WORDS, "chance", "none_left", card=card_label(value))
    return None


def _needed(o: Observation, page: Page) -> int:
    return len(page.cards.candidates) if entering(o, page) == "order" else to_draw(o)


def entry_refusals(o: Observation, page: Page) -> dict[str, IllegalAction]:
    """Why Take one back / Done do nothing now (the engine never sees these taps)."""
    if not types_entry(o, page) or entering(o, page) == "first":
        return {}
    out: dict[str, IllegalAction] = {}
    rule = "setup" if entering(o, page) == "order" else "chance"
    if not page.entry:
        out["entry-back"] = refuse(WORDS, rule, "nothing_to_remove")
    if len(page.entry) < _needed(o, page):
        out["entry-confirm"] = refuse(WORDS, rule, "entry_short", left=_needed(o, page) - len(page.entry))
    return out


def entry_view(o: Observation, page: Page, lang: str) -> dict[str, Any] | None:
    """The typing panel: the values to tap (candidates or card kinds) and what is typed so far."""
    what = entering(o, page)
    if not types_entry(o, page) or what == "first":
        return None
    if what == "order":
        values = list(range(len(page.cards.candidates)))
        labels = [cand_name(page, k, lang) for k in values]
        typed = [cand_name(page, k, lang) for k in page.entry]
        title = WORDS("entry_order", lang)
    else:
        values = list(range(KINDS))
        deck = o.my_deck if _mine(o, page) else None
        labels = [card_label(k) + (f" ({deck[k] - page.entry.count(k)})" if deck is not None else "") for k in values]
        typed = [card_label(k) for k in page.entry]
        title = WORDS("entry_cards", lang, seat=seat_name(o.drawer, page, lang), n=to_draw(o))
    keys = []
    for value, label in zip(values, labels):
        error = value_refusal(value, o, page)
        keys.append({"value": value, "label": label, "enabled": error is None,
                     "reason": "" if error is None else error.message(lang), "rule": "" if error is None else error.rule_id})
    return {"kind": what, "title": title, "keys": keys, "typed": typed, "needed": _needed(o, page)}


def entry_caption(o: Observation, page: Page, lang: str) -> str:
    what = entering(o, page)
    drawer = seat_name(o.drawer, page, lang)
    if cover_needed(o, page):
        return WORDS("pass_for_cards", lang, seat=drawer)
    if not types_entry(o, page):
        return WORDS("wait_entry", lang, seat=drawer)
    if what == "order":
        return WORDS("enter_order", lang, n=len(page.entry), k=_needed(o, page))
    if what == "first":
        return WORDS("enter_first", lang)
    if is_bot(o.drawer, page):
        return WORDS("enter_cards_bot", lang, seat=drawer, n=len(page.entry), k=to_draw(o))
    return WORDS("enter_cards", lang, seat=drawer, n=len(page.entry), k=to_draw(o))


def entry_controls(o: Observation, page: Page, lang: str) -> tuple[Control, ...]:
    """While something is typed in: the start player's buttons, or Take one back and Done; on a
    shared tablet still held by another person, the drawer's button to take it."""
    what = entering(o, page)
    if cover_needed(o, page):
        return (Control("entry-reveal", WORDS("reveal_entry", lang, seat=seat_name(o.drawer, page, lang)), highlight=True),)
    if not types_entry(o, page):
        return ()
    if what == "first":
        return tuple(Control(f"first-{s}", WORDS("first_button", lang, seat=seat_name(s, page, lang)), action=f"first {s}")
                     for s in range(o.players))
    refusals = entry_refusals(o, page)
    out = []
    for key, label, highlight in (("entry-back", WORDS("remove_one", lang), False),
                                  ("entry-confirm", WORDS("entry_done", lang, n=len(page.entry), k=_needed(o, page)), True)):
        error = refusals.get(key)
        out.append(Control(key, label, error is None, reason="" if error is None else error.message(lang),
                           rule="" if error is None else error.rule_id, highlight=highlight))
    return tuple(out)


__all__ = ["cover_needed", "entering", "entry_caption", "entry_controls", "entry_refusals", "entry_view", "to_draw",
           "not_your_entry", "types_entry", "value_refusal"]
