"""What the 指輪を落とさないで page shows, as plain data: ``present(observation, engine, page, lang)``.

Pure (no widgets): everything drawn comes from the viewer's observation
(never the full state: anything in the view model reaches the browser),
every legality fact from the engine (``Engine.legal`` / ``why_not``: the
follow and lead rules, which dice are left), and the page-local facts from
``Page``. The log line, the outcome table and the hint are in ``report.py``.

The board dict (``ViewModel.board``) is what ``ring.js`` draws; a tappable
die or card names its control by ``key``, and ``ViewModel.controls`` holds
those controls: enabled, or disabled with the engine's reason (or, for a
tap the engine never sees — out of turn, behind the pass screen — the
page's own reason from ``WORDS``).
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from rulebook.core import HUMAN, IllegalAction
from rulebook.games.ring.actions import DISCARD, PLAY, TAKE
from rulebook.games.ring.cards import CARD_IDS
from rulebook.games.ring.state import card_text
from rulebook.games.ring.observation import DieSeen
from widgets.i18n import tap_step_die
from widgets.views.model import Control, Engine, Message, ViewModel, refuse

from .common import RULE_OF_PHASE, Obs, Page, area, joined, mode, order_text, plain, short, suit, tap_refusal, who
from .texts import SHORT_SUITS, WORDS


def _control(key: str, label: str, action: Any, engine: Engine, refusal: IllegalAction | None, lang: str, tap: str = "") -> Control:
    """The engine's verdict on ``action`` while the viewer acts; the page's refusal otherwise."""
    if refusal is None:
        return Control.for_action(key, label, action, engine, lang, tap=tap)
    return Control(key, label, False, reason=refusal.message(lang), rule=refusal.rule_id, tap=tap)


# ----- the board -----------------------------------------------------------------------------------------
def _card(name: str, lang: str) -> dict[str, Any]:
    suit_name, rank = name.split("-")
    ja, en = SHORT_SUITS[suit_name]
    return {"card": name, "suit": suit_name, "rank": int(rank), "label": card_text(name, lang), "suit_label": ja if lang == "ja" else en}


def _need(die: DieSeen | None, lang: str, sentence: bool = False) -> str:
    if not die:
        return ""
    suffix = "_sentence" if sentence else ""
    return WORDS(f"need_{die.area}{suffix}", lang, n=die.pips)


def _seat(obs: Obs, k: int, page: Page, lang: str) -> dict[str, Any]:
    die = obs.dice[k]
    ring = obs.rings[k]
    outcome = obs.outcome
    you = obs.you == k
    kind = WORDS("kind_bot", lang) if page.seats[k] != HUMAN else (WORDS("kind_you", lang) if you else "")
    penalties = sum(1 for p in obs.penalties if p.seat == k)
    return {
        "name": plain(k, obs.players, lang),
        "kind": kind,
        "you": you,
        "parent": obs.parent == k,
        "active": obs.turn == k,
        "ring": ring,
        "fallen": ring < 1,
        "die": die,
        "die_title": WORDS("die_of", lang, area=area(die["area"], lang), pips=die["pips"]) if die else "",
        "need": _need(die, lang),
        "hand": obs.hand_sizes[k],
        "hand_label": WORDS("hand_count", lang, n=obs.hand_sizes[k]),
        "discarded": obs.discarded[k],
        "penalties": penalties,
        "penalty_title": WORDS("penalty_badge", lang, n=penalties) if penalties else "",
        "winner": outcome is not None and k in outcome["winners"],
        "title": WORDS("ring_on", lang, ring=ring) if ring >= 1 else WORDS("ring_fell", lang),
    }


def _trick(obs: Obs, leader: int, cards: Sequence[str], winners: Sequence[int] | None, lang: str) -> list[dict[str, Any]]:
    n = obs.players
    plays = []
    for i, name in enumerate(cards):
        seat = (leader + i) % n
        item = _card(name, lang)
        item.update(seat=seat, who=short(seat, obs, lang), lead=i == 0, win=winners is not None and seat in winners)
        plays.append(item)
    return plays


def _current_trick(obs: Obs, lang: str) -> dict[str, Any] | None:
    leader, cards = obs.leader, obs.trick
    if leader is None or obs.phase != "play":
        return None
    n = obs.players
    number = len(obs.tricks) + 1
    if cards:
        title = WORDS("trick_led", lang, n=number, suit=suit(cards[0].split("-")[0], lang))
    else:
        title = WORDS("trick", lang, n=number)
    waiting = [short((leader + i) % n, obs, lang) for i in range(len(cards), n)]
    return {"title": title, "plays": _trick(obs, leader, cards, None, lang), "waiting": waiting}


def _last_trick(obs: Obs, page: Page, lang: str) -> dict[str, Any] | None:
    tricks = obs.tricks
    if not tricks and obs.last and obs.phase in ("deal", "roll", "draft"):
        tricks = obs.last.tricks
    if not tricks:
        return None
    last = tricks[-1]
    names = joined([who(s, page, lang, obs) for s in last.winners], lang)
    title = WORDS("trick_won", lang, number=len(tricks), names=names, n=len(last.winners))
    return {"title": title, "plays": _trick(obs, last.leader, last.cards, last.winners, lang)}


def _round_result(obs: Obs, page: Page, lang: str) -> dict[str, Any] | None:
    last = obs.last
    if not last or obs.phase not in ("deal", "roll", "draft", "over"):
        return None
    rows = []
    for k in range(obs.players):
        die = last.dice[k] or DieSeen(area="more", pips=0)
        before, after = last.rings_before[k], last.rings_after[k]
        if after < 1:
            move = WORDS("ring_fell_move", lang, before=before)
        elif after == before:
            move = WORDS("ring_stays", lang, before=before)
        else:
            move = WORDS("ring_moves", lang, before=before, after=after)
        rows.append({"seat": k, "name": who(k, page, lang, obs), "area": die.area, "area_label": area(die.area, lang),
                     "pips": die.pips, "move": move})
    head = [WORDS("col_seat", lang), WORDS("col_die", lang), WORDS("col_ring", lang)]
    return {"title": WORDS("result_title", lang, n=last["round"]), "head": head, "rows": rows}


def _hand(obs: Obs, engine: Engine, page: Page, lang: str) -> tuple[list[dict[str, Any]], list[Control]]:
    names = obs.hand or []
    phase = obs.phase
    choosing = page.acting and phase in ("discard", "play")
    refusal = tap_refusal(obs, page)
    if page.acting and not choosing:  # drafting: the cards wait for the discard
        refusal = refuse(WORDS, "draft", "cards_wait")
    cards, controls = [], []
    for name in names:
        card = CARD_IDS[name]
        action = DISCARD[card] if phase == "discard" else PLAY[card]
        tap = WORDS("move_discard" if phase == "discard" else "move_play", lang, card=card_text(name, lang))  # a screen reader's name
        control = _control(f"card-{name}", card_text(name, lang), action, engine, refusal, lang, tap)
        item = _card(name, lang)
        item["control"] = control.key
        item["legal"] = control.enabled if choosing else None
        item["title"] = item["label"] if control.enabled else f"{item['label']} — {control.reason}"
        cards.append(item)
        controls.append(control)
    return cards, controls


def _pool(obs: Obs, engine: Engine, page: Page, lang: str) -> tuple[list[dict[str, Any]], list[Control]]:
    refusal = tap_refusal(obs, page)
    controls = {}
    for pips in sorted(set(obs.pool)):
        label = WORDS("move_take", lang, pips=pips)
        controls[pips] = _control(f"take-{pips}", label, TAKE[pips], engine, refusal, lang)
    dice = [{"pips": p, "control": controls[p].key, "active": controls[p].enabled} for p in obs.pool]
    return dice, list(controls.values())


def caption(obs: Obs, page: Page, lang: str) -> str:
    """The line above the board: what happens now, or what the viewer should do."""
    phase = obs.phase
    parent = who(obs.parent, page, lang, obs)
    if phase == "over":
        outcome = obs.outcome
        assert outcome is not None  # the "over" phase has its outcome
        return WORDS("over", lang, summary=outcome["summary_ja"] if lang == "ja" else outcome["summary_en"])
    if not page.revealed:
        return WORDS("pass", lang)
    if phase == "deal":
        return WORDS("deal_table" if page.table else "dealing", lang)
    if phase == "roll":
        if page.table:
            return WORDS("roll_table", lang, parent=parent, n=obs.players + 1)
        return WORDS("roll", lang, round=obs.round, parent=parent)
    turn = obs.turn
    if not page.acting:
        return WORDS("to_move", lang, who=who(turn, page, lang, obs) if turn is not None else "")
    if phase in ("draft", "discard"):
        return WORDS(phase, lang)
    need = _need(obs.dice[obs.you], lang, sentence=True)
    return WORDS("follow" if obs.trick else "lead", lang, need=need).rstrip()


def moment_rule(obs: Obs) -> str:
    """The rule paragraph this moment is about."""
    if obs.phase == "play":
        return "follow" if obs.trick else "lead"
    return RULE_OF_PHASE[obs.phase]


def messages(obs: Obs, page: Page, lang: str) -> tuple[Message, ...]:
    """Feedback that belongs to this moment only (it is computed from the observation, so it goes with it)."""
    out: list[Message] = []
    if obs.phase == "play":
        for penalty in obs.penalties:
            if penalty.trick == len(obs.tricks):
                out.append(Message("notice", WORDS("penalty_now", lang, who=who(penalty.seat, page, lang, obs)), "coin-penalty"))
    outcome = obs.outcome
    you = obs.you
    if outcome and isinstance(you, int) and 0 <= you < obs.players and page.seats[you] == HUMAN:
        if you in outcome["winners"]:
            out.append(Message("success", WORDS("you_won", lang), "game-end"))
        else:
            out.append(Message("defeat", WORDS("you_lost", lang), "game-end"))
    return tuple(out)


def words(lang: str) -> dict[str, str]:
    """Labels the board module draws (SVG zone names, titles)."""
    keys = ("more", "just", "heavy", "parent", "fallen", "discarded", "centre_die", "pool", "your_discard", "ring", "entry")
    return {key: WORDS(key, lang) for key in keys}


def present(obs: Obs, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The view model of this moment for the viewer of ``obs``."""
    pool, pool_controls = _pool(obs, engine, page, lang)
    hand, hand_controls = _hand(obs, engine, page, lang)
    centre = obs.centre
    if obs.hand is None:
        hand_title = WORDS("hands_hidden", lang)
    else:
        hand_title = WORDS("hand_title", lang, name=who(obs.you, page, lang, obs), n=len(obs.hand))
    board = {
        "ply": page.ply,
        "phase": obs.phase,
        "mode": mode(obs, page),
        "words": words(lang),
        "seats": [_seat(obs, k, page, lang) for k in range(obs.players)],
        "pool": [d["pips"] for d in pool],
        "pool_dice": pool,
        "pool_active": any(d["active"] for d in pool),
        "entry": list(page.entry) if page.entering(obs) else [],
        "entry_taps": [tap_step_die(k + 1, p, lang) for k, p in enumerate(page.entry)] if page.entering(obs) else [],
        "centre": centre,
        "order": order_text(centre) if centre else "",
        "order_label": WORDS("order", lang, centre=centre) if centre else WORDS("no_order", lang),
        "trick": _current_trick(obs, lang),
        "last_trick": _last_trick(obs, page, lang),
        "hand": hand,
        "hand_title": hand_title,
        "discard": _card(obs.my_discard, lang) if obs.my_discard else None,
        "result": _round_result(obs, page, lang),
    }
    return ViewModel(
        status=status(obs, page, lang),
        caption=caption(obs, page, lang),
        board=board,
        controls=tuple(pool_controls + hand_controls),
        messages=messages(obs, page, lang),
        rule=moment_rule(obs),
    )


# ----- the header, the log, the outcome, the hint ------------------------------------------------------------------
def status(obs: Obs, page: Page, lang: str) -> str:
    """The header line (HTML): round, parent, whose move, the optional rule."""
    e = html.escape
    parts = [WORDS("status_round", lang, round=obs.round)]
    parts.append(e(WORDS("status_parent", lang, name=who(obs.parent, page, lang))))
    if obs.turn is not None:
        parts.append(WORDS("status_turn", lang, name=e(who(obs.turn, page, lang))))
    if obs.just_bonus:
        parts.append(e(WORDS("status_bonus", lang)))
    return " · ".join(parts)


__all__ = [
    "caption",
    "messages",
    "present",
    "status",
]
