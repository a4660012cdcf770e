"""What a Kokkuri-san page shows, as plain data: ``present(observation, engine, page, lang)``.

Pure: no widgets. Everything comes from the viewer's observation (never the
full state: what reaches the view model reaches the browser), the engine's
facts for the page's seat (``Engine``) and ``Page``, the few facts only the
page knows (seat kinds, who holds the tablet, the card chosen from the hand,
the card data's ``CardSet``, read from the observation's own copy).

Every tappable thing carries its answer: a card of your hand, the ▲/▼ under
each candidate, a face-down card (when a patron effect turns one up), the
"move here" of a candidate are ``Control``s, enabled when the engine allows
the move, else disabled with the engine's reason (or, when it is not this
page's move, whose move it is); tokens and face-up cards say why they
cannot be taken. The log line and the outcome are in ``report.py``.
"""

from __future__ import annotations

from typing import Any

from rulebook.core import HUMAN
from rulebook.games.kokkuri_san.actions import DRAW, SKIP, Flip, Move, Play, Swap
from rulebook.games.kokkuri_san.cards import describe
from rulebook.games.kokkuri_san.observation import RoundSeen
from widgets.views.model import Control, Engine, Message, ViewModel, seat_label

from .common import PLAYER_PHASES, Observation, Page, cand_name, card_label, cell_of, effect_of, is_bot, not_acting_refusal, note, seat_name, status_text, tap
from .entry import cover_needed, entering, entry_caption, entry_controls, entry_view
from .report import settlement_text
from .texts import WORDS


# ----- the view model -------------------------------------------------------------------------------
def present(o: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for one moment, from the viewer's observation ``o``."""
    result = o.result
    phase = o.phase
    board: dict[str, Any] = {
        "words": {k: WORDS(k, lang) for k in ("candidates", "hand", "last", "empty")},
        "ply": page.ply,
        "phase": phase,
        "you": o.you,
        "interactive": page.acting,
        "mode": "over" if result else (f"{phase}-{effect_of(o).op}" if phase == "effect" and page.acting else ("decide" if page.acting else "watch")),
        "stand_in": page.cards.stand_in,
        "data_note": WORDS("standin" if page.cards.stand_in else "owner_data", lang),
        "seats": seats_view(o, page, lang),
        "candidates": candidates_view(o, engine, page, lang),
        "tokens_note": note("turn", "tokens_note", lang),
        "last": last_view(o.last, page, lang),
        "last_first": last_is_news(o),
        "entry": entry_view(o, page, lang),
        "entry_hidden": WORDS("entry_hidden", lang) if cover_needed(o, page) else "",
    }
    if o.hand is not None:
        cells = [hand_cell(i, k, o, engine, page, lang) for i, k in enumerate(o.hand)]
        board["hand"] = [card_label(k) for k in o.hand]
        board["hand_kinds"] = list(o.hand)
        board["hand_cells"] = [c.to_json() for c in cells]
        board["selected"] = page.selected
    return ViewModel(
        status=status_text(o, page, lang),
        caption=caption(o, engine, page, lang),
        board=board,
        controls=controls(o, engine, page, lang),
        messages=messages(o, page, lang),
        rule=rule_of_the_moment(o),
    )


def hand_cell(i: int, kind: int, o: Observation, engine: Engine, page: Page, lang: str) -> Control:
    """A card of the hand: choosing it is page-local; it is enabled when some play with it is legal."""
    name = WORDS("tap_choose", lang, card=card_label(kind))
    if page.acting and o.phase == "turn":
        plays = [a for a in engine.legal if isinstance(a, Play) and a.card == kind]
        if plays:
            return Control(f"hand-card-{i}", card_label(kind), True, highlight=page.selected == kind, tap=name)
        return tap(f"hand-card-{i}", card_label(kind), Play(0, kind, True), o, engine, page, lang, name)
    if page.acting:
        return Control(f"hand-card-{i}", card_label(kind), False, reason=WORDS("hand_effect", lang), rule="patron-effect", tap=name)
    return tap(f"hand-card-{i}", card_label(kind), Play(0, kind, True), o, engine, page, lang, name)


def seats_view(o: Observation, page: Page, lang: str) -> list[dict[str, Any]]:
    result = o.result
    scores = o.scores
    best = max(scores)
    out = []
    for s in range(o.players):
        tag = WORDS("tag_bot", lang) if is_bot(s, page) else (WORDS("tag_you", lang) if s == o.you and len(page.humans) > 1 else "")
        shown = [card_label(k) for k, c in enumerate(o.fronts[s]) for _ in range(c)]
        out.append(
            {
                "name": seat_label(s, (HUMAN,) * o.players, lang),
                "tag": tag,
                "score": scores[s],
                "score_text": WORDS("score", lang, n=scores[s]),
                "hand": o.hand_sizes[s],
                "hand_title": WORDS("hand_size", lang, n=o.hand_sizes[s]),
                "hand_short": WORDS("hand_short", lang, n=o.hand_sizes[s]),
                "deck": o.deck_sizes[s],
                "deck_short": WORDS("deck_short", lang, n=o.deck_sizes[s]),
                "deck_title": WORDS("deck_size", lang, n=o.deck_sizes[s]),
                "fronts": WORDS("fronts", lang, cards=" ".join(shown)) if shown else "",
                "active": not result and o.phase in PLAYER_PHASES and o.turn == s,
                "starter": o.starter == s,
                "you": s == o.you,
                "winner": bool(result) and scores[s] == best,
            }
        )
    return out


def candidates_view(o: Observation, engine: Engine, page: Page, lang: str) -> list[dict[str, Any]]:
    rnd = o.round
    effect_op = effect_of(o).op if o.phase == "effect" else None
    pending = o.pending
    out = []
    for p, kind in enumerate(o.order):
        card = page.cards.candidates[kind].rounds[rnd - 1]
        name = cand_name(page, kind, lang)
        cards = []
        for i, (seat, value, up) in enumerate(cell_of(cell) for cell in o.board[p]):
            entry: dict[str, Any] = {"seat": seat, "card": card_label(value) if value is not None else None, "up": up}
            if not up:
                entry["title"] = WORDS("facedown_title", lang, seat=seat_name(seat, page, lang))
                if effect_op == "flip":
                    entry["cell"] = tap(f"flip-{p}-{i}", "", Flip(p, i), o, engine, page, lang, WORDS("move_flip", lang, n=i + 1, name=name)).to_json()
                else:
                    entry["cell"] = note("patron-effect", "facedown_note", lang)
            else:
                entry["cell"] = note("settlement", "faceup_note", lang)
            cards.append(entry)
        item: dict[str, Any] = {
            "pos": p,
            "kind": kind,
            "name": name,
            "points": list(card.points),
            "points_text": WORDS("points", lang, first=card.points[0], second=card.points[1]),
            "effect": describe(card.effect, lang),
            "effect_kind": "none" if card.effect is None else ("may" if card.effect.may else "must"),
            "effect_tag": "" if card.effect is None else WORDS("may" if card.effect.may else "must", lang),
            "tokens": list(o.tokens[p]),
            "cards": cards,
            "pending": p == pending,
        }
        if effect_op == "move":
            if p != pending:
                item["move"] = tap(f"move-{p}", WORDS("move_here", lang, name=cand_name(page, o.order[pending], lang)), Move(p), o, engine, page, lang).to_json()
        elif not o.result:
            item["up"] = play_cell(p, True, name, o, engine, page, lang).to_json()
            item["down"] = play_cell(p, False, name, o, engine, page, lang).to_json()
        out.append(item)
    return out


def play_cell(p: int, up: bool, name: str, o: Observation, engine: Engine, page: Page, lang: str) -> Control:
    """▲ / ▼ under a candidate: plays the chosen card there; without a chosen card it says to choose one."""
    key, label = f"{'up' if up else 'down'}-{p}", WORDS("up" if up else "down", lang)
    where = WORDS("up_at" if up else "down_at", lang, name=name)  # six ▲ buttons must not all be read "▲ face up"
    if page.acting and o.phase == "turn" and page.selected is None:
        return Control(key, label, False, reason=WORDS("choose_first", lang), rule="hand", tap=where)
    kind = page.selected if page.selected is not None else (o.hand[0] if o.hand else 0)
    control = tap(key, label, Play(p, kind, up), o, engine, page, lang, where)
    if control.enabled:
        title = WORDS("up_title" if up else "down_title", lang, card=card_label(kind), name=name)
        return Control(key, label, True, reason=title, action=control.action, tap=title)
    return control


def last_view(last: RoundSeen | None, page: Page, lang: str) -> dict[str, Any] | None:
    if last is None:
        return None
    rows = []
    for p, kind in enumerate(last.order):
        place = last.elected.index(p) + 1 if p in last.elected else 0
        rows.append(
            {
                "name": cand_name(page, kind, lang),
                "votes": last.votes[p],
                "votes_text": WORDS("votes", lang, n=last.votes[p]),
                "elected": place,
                "elected_text": WORDS(f"elected_{place}", lang) if place else "",
                "tokens": list(last.tokens[p]),
                "cards": [[s, card_label(k)] for s, k in last.board[p]],
            }
        )
    return {"round": last.round, "rows": rows, "text": settlement_text(last, page, lang)}


def last_is_news(o: Observation) -> bool:
    """The last settlement is drawn above the seats until the new round's first card is played: the counted
    cards are then what a player wants to read (they left the candidates when the round was settled)."""
    return o.last is not None and not o.result and o.turns == 0 and o.phase == "turn"


def caption(o: Observation, engine: Engine, page: Page, lang: str) -> str:
    if o.result:
        return WORDS("game_over", lang)
    if entering(o, page):
        return entry_caption(o, page, lang)
    phase, turn = o.phase, o.turn
    who = seat_name(turn, page, lang)
    if not page.acting:
        if phase == "effect":
            return WORDS("to_effect", lang, seat=who)
        return WORDS("to_play", lang, seat=who) if phase == "turn" else ""
    if phase == "turn":
        return WORDS("choose_card", lang) if page.selected is None else WORDS("chosen", lang, card=card_label(page.selected))
    effect = effect_of(o)
    op = effect.op
    if op == "draw":
        text = WORDS("effect_draw", lang, n=effect.n)
    elif op == "move":
        text = WORDS("effect_move", lang, name=cand_name(page, o.order[o.pending], lang))
    else:
        text = WORDS(f"effect_{op}", lang)
    return text + (" " + WORDS("effect_may", lang) if effect.may else "")


def controls(o: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    """The buttons of the action bar: the swaps, the optional draw and Skip of a patron effect; in
    table mode, what typing in the row, the start player or a draw needs (``entry.py``)."""
    if entering(o, page):
        return entry_controls(o, page, lang)
    if not page.acting or o.phase != "effect":
        return ()
    effect = effect_of(o)
    out = []
    if effect.op == "swap":
        k = len(o.order)
        for a in range(k):
            for b in range(a + 1, k):
                label = WORDS("swap", lang, a=cand_name(page, o.order[a], lang), b=cand_name(page, o.order[b], lang))
                out.append(Control.for_action(f"swap-{a}-{b}", label, Swap(a, b), engine, lang))
    if effect.op == "draw":
        out.append(Control.for_action("effect-draw", WORDS("draw", lang, n=effect.n), DRAW, engine, lang, highlight=True))
    if effect.may:
        out.append(Control.for_action("effect-skip", WORDS("skip", lang), SKIP, engine, lang))
    return tuple(out)


def messages(o: Observation, page: Page, lang: str) -> tuple[Message, ...]:
    """The settlement just made, as news at the start of the next round."""
    last = o.last
    if last is None or o.result or o.turns != 0 or o.phase != "turn":
        return ()
    return (Message("info", WORDS("log_settle", lang, round=last.round, text=settlement_text(last, page, lang)), "points"),)


def rule_of_the_moment(o: Observation) -> str:
    if o.result:
        return o.result
    return {"turn": "turn", "effect": "patron-effect"}.get(o.phase, "chance")


__all__ = ["Page", "caption", "controls", "not_acting_refusal", "present", "seats_view", "status_text"]
