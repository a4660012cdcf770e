"""What the 指輪を落とさないで page shows, as plain data: ``present(observation, engine, page, lang)``.

Pure (no widgets): everything drawn comes from the viewer's observation
(never the full state: anything in the view model reaches the browser),
every legality fact from the engine (``Engine.legal`` / ``why_not``: the
follow and lead rules, which dice are left), and the page-local facts from
``Page``. The log line, the outcome table and the hint are here too.

The board dict (``ViewModel.board``) is what ``ring.js`` draws; a tappable
die or card names its control by ``key``, and ``ViewModel.controls`` holds
those controls: enabled, or disabled with the engine's reason (or, for a
tap the engine never sees — out of turn, behind the pass screen — the
page's own reason from ``WORDS``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from rulebook.core import HUMAN, IllegalAction, Outcome
from rulebook.games.ring.actions import DISCARD, PLAY, TAKE, Deal, Discard, Play, Roll, Take
from rulebook.games.ring.bots import expected_steps, wanted_steps
from rulebook.games.ring.cards import AREA_NAMES, AREAS, CARD_IDS, SUIT_NAMES, rank_order
from rulebook.games.ring.state import DEAL_PHASE, State, card_text
from widgets.views.model import Control, Engine, Message, ViewModel, refuse, seat_label

from .texts import SHORT_SUITS, WORDS

Obs = Mapping[str, Any]
RULE_OF_PHASE = {"deal": "chance", "roll": "chance", "draft": "draft", "discard": "discard", "play": "trick", "over": "game-end"}
"""The rule paragraph each phase is about (the page cites it when a tap comes at the wrong moment)."""


@dataclass(frozen=True)
class Page:
    """The page-local facts ``present`` needs besides the observation and the engine.

    ``seats``: the seat kinds of the match; ``ply``: moves so far (taps carry
    it back, so a tap on an older drawing is ignored); ``acting``: the
    viewer is a person, the seat to move, and the board is shown to them;
    ``revealed``: no pass screen is up; ``table``: table mode; ``chance``:
    chance is to move; ``entry``: table mode's typed pips (0 = none yet),
    ``()`` while no dice are being entered.
    """

    seats: tuple[str, ...]
    ply: int = 0
    acting: bool = False
    revealed: bool = True
    table: bool = False
    chance: bool = False
    entry: tuple[int, ...] = ()

    def entering(self, obs: Obs) -> bool:
        """Table mode, and the parent's real dice are to be typed in."""
        return self.table and self.chance and obs["phase"] == "roll"

    def dealing_by_hand(self, obs: Obs) -> bool:
        """Table mode, and the cards wait for the Deal button."""
        return self.table and self.chance and obs["phase"] == "deal"


# ----- names ------------------------------------------------------------------------------------------
def who(seat: int, page: Page, lang: str, obs: Obs | None = None) -> str:
    """A seat in a sentence: "Seat 2 (bot)", and "(you)" for the viewer."""
    name = seat_label(seat, page.seats, lang)
    if obs is not None and obs.get("you") == seat and page.seats[seat] == HUMAN:
        return WORDS("seat_you", lang, name=name)
    return name


def plain(seat: int, n: int, lang: str) -> str:
    """A seat's bare name ("Seat 2"): on its row (its kind is a badge) and in the public log."""
    return seat_label(seat, (HUMAN,) * n, lang)


def short(seat: int, obs: Obs, lang: str) -> str:
    """A seat's name under a card: "You" for the viewer (room for five cards in a row)."""
    return WORDS("you_short", lang) if obs.get("you") == seat else plain(seat, obs["players"], lang)


def suit(name: str, lang: str) -> str:
    ja, en = SUIT_NAMES[name]
    return ja if lang == "ja" else en


def area(name: str, lang: str) -> str:
    ja, en = AREA_NAMES[name]
    return ja if lang == "ja" else en


def order_text(centre: int) -> str:
    return " > ".join(str(r) for r in rank_order(centre))


def joined(names: Sequence[str], lang: str) -> str:
    return WORDS("names_sep", lang).join(names)


def move_text(action: Any, lang: str) -> str:
    """A move in the hint's words ("Play Ruby 5")."""
    if isinstance(action, Take):
        return WORDS("move_take", lang, pips=action.pips)
    if isinstance(action, Discard):
        return WORDS("move_discard", lang, card=card_text(action.card, lang))
    if isinstance(action, Play):
        return WORDS("move_play", lang, card=card_text(action.card, lang))
    return str(action)


# ----- what the page refuses itself (taps the engine never sees) ------------------------------------------------------
def mode(obs: Obs, page: Page) -> str:
    """What the board is for now: over, entry, deal, pass, wait, or the viewer's phase (draft, discard, play)."""
    if obs["phase"] == "over":
        return "over"
    if page.entering(obs):
        return "entry"
    if page.dealing_by_hand(obs):
        return "deal"
    if not page.revealed:
        return "pass"
    if page.acting:
        return obs["phase"]
    return "wait"


def tap_refusal(obs: Obs, page: Page) -> IllegalAction | None:
    """Why a tap on a die or card does nothing now (None while the viewer is to move).

    Decided from the engine's facts in the observation (phase, whose turn);
    worded from ``WORDS`` because the engine never sees such a tap.
    """
    if page.acting:
        return None
    phase = obs["phase"]
    rule = RULE_OF_PHASE[phase]
    if phase == "over":
        return refuse(WORDS, rule, "game_over")
    if not page.revealed:
        return refuse(WORDS, rule, "pass_first")
    if phase == "deal":
        return refuse(WORDS, rule, "wait_deal")
    if phase == "roll":
        return refuse(WORDS, rule, "wait_roll")
    turn = obs["turn"]
    ja = WORDS("whose", "ja", who=who(turn, page, "ja", obs)) if turn is not None else ""
    en = WORDS("whose", "en", who=who(turn, page, "en", obs)) if turn is not None else ""
    return IllegalAction(rule, WORDS("not_your_move", "ja", whose=ja), WORDS("not_your_move", "en", whose=en).rstrip())


def _control(key: str, label: str, action: Any, engine: Engine, refusal: IllegalAction | None, lang: str) -> Control:
    """The engine's verdict on ``action`` while the viewer acts; the page's refusal otherwise."""
    if refusal is None:
        return Control.for_action(key, label, action, engine, lang)
    return Control(key, label, False, reason=refusal.message(lang), rule=refusal.rule_id)


# ----- the board -----------------------------------------------------------------------------------------
def _card(name: str, lang: str) -> dict[str, Any]:
    suit_name, rank = name.split("-")
    ja, en = SHORT_SUITS[suit_name]
    return {"card": name, "suit": suit_name, "rank": int(rank), "label": card_text(name, lang), "suit_label": ja if lang == "ja" else en}


def _need(die: Mapping[str, Any] | None, lang: str, sentence: bool = False) -> str:
    if not die:
        return ""
    suffix = "_sentence" if sentence else ""
    return WORDS(f"need_{die['area']}{suffix}", lang, n=die["pips"])


def _seat(obs: Obs, k: int, page: Page, lang: str) -> dict[str, Any]:
    die = obs["dice"][k]
    ring = obs["rings"][k]
    outcome = obs["outcome"]
    you = obs["you"] == k
    kind = WORDS("kind_bot", lang) if page.seats[k] != HUMAN else (WORDS("kind_you", lang) if you else "")
    penalties = sum(1 for p in obs["penalties"] if p["seat"] == k)
    return {
        "name": plain(k, obs["players"], lang),
        "kind": kind,
        "you": you,
        "parent": obs["parent"] == k,
        "active": obs["turn"] == k,
        "ring": ring,
        "fallen": ring < 1,
        "die": die,
        "die_title": WORDS("die_of", lang, area=area(die["area"], lang), pips=die["pips"]) if die else "",
        "need": _need(die, lang),
        "hand": obs["hand_sizes"][k],
        "hand_label": WORDS("hand_count", lang, n=obs["hand_sizes"][k]),
        "discarded": obs["discarded"][k],
        "penalties": penalties,
        "penalty_title": WORDS("penalty_badge", lang, n=penalties) if penalties else "",
        "winner": bool(outcome) and k in outcome["winners"],
        "title": WORDS("ring_on", lang, ring=ring) if ring >= 1 else WORDS("ring_fell", lang),
    }


def _trick(obs: Obs, leader: int, cards: Sequence[str], winners: Sequence[int] | None, lang: str) -> list[dict[str, Any]]:
    n = obs["players"]
    plays = []
    for i, name in enumerate(cards):
        seat = (leader + i) % n
        item = _card(name, lang)
        item.update(seat=seat, who=short(seat, obs, lang), lead=i == 0, win=winners is not None and seat in winners)
        plays.append(item)
    return plays


def _current_trick(obs: Obs, lang: str) -> dict[str, Any] | None:
    leader, cards = obs["leader"], obs["trick"]
    if leader is None or obs["phase"] != "play":
        return None
    n = obs["players"]
    number = len(obs["tricks"]) + 1
    if cards:
        title = WORDS("trick_led", lang, n=number, suit=suit(cards[0].split("-")[0], lang))
    else:
        title = WORDS("trick", lang, n=number)
    waiting = [short((leader + i) % n, obs, lang) for i in range(len(cards), n)]
    return {"title": title, "plays": _trick(obs, leader, cards, None, lang), "waiting": waiting}


def _last_trick(obs: Obs, page: Page, lang: str) -> dict[str, Any] | None:
    tricks = obs["tricks"]
    if not tricks and obs["last"] and obs["phase"] in ("deal", "roll", "draft"):
        tricks = obs["last"]["tricks"]
    if not tricks:
        return None
    last = tricks[-1]
    names = joined([who(s, page, lang, obs) for s in last["winners"]], lang)
    title = WORDS("trick_won", lang, number=len(tricks), names=names, n=len(last["winners"]))
    return {"title": title, "plays": _trick(obs, last["leader"], last["cards"], last["winners"], lang)}


def _round_result(obs: Obs, page: Page, lang: str) -> dict[str, Any] | None:
    last = obs["last"]
    if not last or obs["phase"] not in ("deal", "roll", "draft", "over"):
        return None
    rows = []
    for k in range(obs["players"]):
        die = last["dice"][k] or {"area": "more", "pips": 0}
        before, after = last["rings_before"][k], last["rings_after"][k]
        if after < 1:
            move = WORDS("ring_fell_move", lang, before=before)
        elif after == before:
            move = WORDS("ring_stays", lang, before=before)
        else:
            move = WORDS("ring_moves", lang, before=before, after=after)
        rows.append({"seat": k, "name": who(k, page, lang, obs), "area": die["area"], "area_label": area(die["area"], lang),
                     "pips": die["pips"], "move": move})
    head = [WORDS("col_seat", lang), WORDS("col_die", lang), WORDS("col_ring", lang)]
    return {"title": WORDS("result_title", lang, n=last["round"]), "head": head, "rows": rows}


def _hand(obs: Obs, engine: Engine, page: Page, lang: str) -> tuple[list[dict[str, Any]], list[Control]]:
    names = obs["hand"] or []
    phase = obs["phase"]
    choosing = page.acting and phase in ("discard", "play")
    refusal = tap_refusal(obs, page)
    if page.acting and not choosing:  # drafting: the cards wait for the discard
        refusal = refuse(WORDS, "draft", "cards_wait")
    cards, controls = [], []
    for name in names:
        card = CARD_IDS[name]
        action = DISCARD[card] if phase == "discard" else PLAY[card]
        control = _control(f"card-{name}", card_text(name, lang), action, engine, refusal, lang)
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
    for pips in sorted(set(obs["pool"])):
        label = WORDS("move_take", lang, pips=pips)
        controls[pips] = _control(f"take-{pips}", label, TAKE[pips], engine, refusal, lang)
    dice = [{"pips": p, "control": controls[p].key, "active": controls[p].enabled} for p in obs["pool"]]
    return dice, list(controls.values())


def caption(obs: Obs, page: Page, lang: str) -> str:
    """The line above the board: what happens now, or what the viewer should do."""
    phase = obs["phase"]
    parent = who(obs["parent"], page, lang, obs)
    if phase == "over":
        outcome = obs["outcome"]
        return WORDS("over", lang, summary=outcome["summary_ja"] if lang == "ja" else outcome["summary_en"])
    if not page.revealed:
        return WORDS("pass", lang)
    if phase == "deal":
        return WORDS("deal_table" if page.table else "dealing", lang)
    if phase == "roll":
        if page.table:
            return WORDS("roll_table", lang, parent=parent, n=obs["players"] + 1)
        return WORDS("roll", lang, round=obs["round"], parent=parent)
    turn = obs["turn"]
    if not page.acting:
        return WORDS("to_move", lang, who=who(turn, page, lang, obs) if turn is not None else "")
    if phase in ("draft", "discard"):
        return WORDS(phase, lang)
    need = _need(obs["dice"][obs["you"]], lang, sentence=True)
    return WORDS("follow" if obs["trick"] else "lead", lang, need=need).rstrip()


def moment_rule(obs: Obs) -> str:
    """The rule paragraph this moment is about."""
    if obs["phase"] == "play":
        return "follow" if obs["trick"] else "lead"
    return RULE_OF_PHASE[obs["phase"]]


def messages(obs: Obs, page: Page, lang: str) -> tuple[Message, ...]:
    """Feedback that belongs to this moment only (it is computed from the observation, so it goes with it)."""
    out: list[Message] = []
    if obs["phase"] == "play":
        for penalty in obs["penalties"]:
            if penalty["trick"] == len(obs["tricks"]):
                out.append(Message("notice", WORDS("penalty_now", lang, who=who(penalty["seat"], page, lang, obs)), "coin-penalty"))
    outcome = obs["outcome"]
    you = obs["you"]
    if outcome and isinstance(you, int) and 0 <= you < obs["players"] and page.seats[you] == HUMAN:
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
    centre = obs["centre"]
    if obs["hand"] is None:
        hand_title = WORDS("hands_hidden", lang)
    else:
        hand_title = WORDS("hand_title", lang, name=who(obs["you"], page, lang, obs), n=len(obs["hand"]))
    board = {
        "ply": page.ply,
        "phase": obs["phase"],
        "mode": mode(obs, page),
        "words": words(lang),
        "seats": [_seat(obs, k, page, lang) for k in range(obs["players"])],
        "pool": [d["pips"] for d in pool],
        "pool_dice": pool,
        "pool_active": any(d["active"] for d in pool),
        "entry": list(page.entry) if page.entering(obs) else [],
        "centre": centre,
        "order": order_text(centre) if centre else "",
        "order_label": WORDS("order", lang, centre=centre) if centre else WORDS("no_order", lang),
        "trick": _current_trick(obs, lang),
        "last_trick": _last_trick(obs, page, lang),
        "hand": hand,
        "hand_title": hand_title,
        "discard": _card(obs["my_discard"], lang) if obs["my_discard"] else None,
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
    parts = [WORDS("status_round", lang, round=obs["round"])]
    parts.append(e(WORDS("status_parent", lang, name=who(obs["parent"], page, lang))))
    if obs["turn"] is not None:
        parts.append(WORDS("status_turn", lang, name=e(who(obs["turn"], page, lang))))
    if obs["just_bonus"]:
        parts.append(e(WORDS("status_bonus", lang)))
    return " · ".join(parts)


def describe(before: State, action: Any, after: State, seats: Sequence[str], lang: str) -> str | None:
    """One public log line (HTML-escaped): no card dealt or discarded is ever named."""
    e = html.escape
    name = seat_label(before.turn, seats, lang) if before.turn >= 0 else ""
    if isinstance(action, Deal):
        if after.phase == DEAL_PHASE:
            return None
        if after.leftover:
            return e(WORDS("log_dealt_left", lang, round=after.round, n=len(after.leftover)))
        return e(WORDS("log_dealt", lang, round=after.round))
    if isinstance(action, Roll):
        if len(after.pool) <= len(after.rings):
            return None
        pips = ", ".join(str(p) for p in after.pool)
        return e(WORDS("log_rolled", lang, parent=seat_label(after.parent, seats, lang), pips=pips))
    if isinstance(action, Take):
        if after.centre:
            return e(WORDS("log_took_centre", lang, who=name, pips=action.pips, centre=after.centre, order=order_text(after.centre)))
        return e(WORDS("log_took", lang, who=name, pips=action.pips))
    if isinstance(action, Discard):
        return e(WORDS("log_discarded", lang, who=name))
    if isinstance(action, Play):
        return e(WORDS("log_played", lang, who=name, card=card_text(action.card, lang))) + _after_play(before, after, seats, lang)
    return e(str(action))


def _after_play(before: State, after: State, seats: Sequence[str], lang: str) -> str:
    """The end of a trick (and of a round) that a card completed, for the log."""
    n = len(before.rings)
    if len(before.trick) + 1 < n:
        return ""
    same_round = after.round == before.round and after.phase != DEAL_PHASE
    record = after if same_round else after.last
    number = len(before.tricks) + 1
    trick = record.tricks[number - 1]
    names = joined([seat_label(s, seats, lang) for s in trick.winners], lang)
    parts = [WORDS("log_trick", lang, number=number, names=names, n=len(trick.winners))]
    for penalty in record.penalties[len(before.penalties) :]:
        ring = after.rings[penalty.seat]  # a penalty opens a trick, never ends a round
        parts.append(WORDS("log_penalty", lang, who=seat_label(penalty.seat, seats, lang), ring=ring))
    if not same_round or (after.result and after.result.get("trigger") == "round"):
        last = after.last
        moves = []
        for s in range(n):
            b, a = last.rings_before[s], last.rings_after[s]
            moves.append(WORDS("log_ring_move", lang, who=seat_label(s, seats, lang), before=b, after=a if a >= 1 else WORDS("log_fell", lang)))
        parts.append(WORDS("log_round_over", lang, round=before.round, moves=", ".join(moves)))
    text = " — " + html.escape("; ".join(parts))
    if after.result is not None:
        text += " — <b>" + html.escape(after.result.summary(lang)) + "</b>"
    return text


def outcome_html(obs: Obs, outcome: Outcome, page: Page, lang: str) -> str:
    """The end of the game: the summary and each seat's ring and die."""
    e = html.escape
    rows = []
    for k in range(obs["players"]):
        die = obs["dice"][k]
        ring = obs["rings"][k]
        die_text = WORDS("die_of", lang, area=area(die["area"], lang), pips=die["pips"]) if die else "—"
        ring_text = str(ring) if ring >= 1 else WORDS("fell", lang)
        cls = "rb-winner" if k in outcome.winners else ("rb-fallen" if ring < 1 else "")
        rows.append(
            f"<tr class='{cls} rb-final-{k}'><td>{e(who(k, page, lang, obs))}</td>"
            f"<td class='rb-final-ring'>{e(ring_text)}</td><td>{e(die_text)}</td></tr>"
        )
    head = "".join(f"<th>{e(WORDS(key, lang))}</th>" for key in ("col_seat", "col_ring", "col_die"))
    return (
        f"<div class='rb-outcome-summary'>{e(outcome.summary(lang))}</div>"
        f"<table class='rb-final-scores'><tr>{head}</tr>{''.join(rows)}</table>"
    )


def hint_lines(obs: Obs, lang: str) -> list[str]:
    """What the viewer's hand and die suggest (plain text lines)."""
    hand = [CARD_IDS[c] for c in obs["hand"] or []]
    n = obs["players"]
    if obs["phase"] == "draft":
        high, low = expected_steps(hand, n, True), expected_steps(hand, n, False)
        return [WORDS("hint_draft", lang, high=f"{high:.1f}", low=f"{low:.1f}")]
    die = obs["dice"][obs["you"]]
    if not die:
        return []
    want = wanted_steps(AREAS.index(die["area"]), die["pips"])
    text = WORDS("die_of", lang, area=area(die["area"], lang), pips=die["pips"])
    if want:
        return [WORDS("hint_die_more", lang, die=text, n=want)]
    return [WORDS("hint_die_done", lang, die=text)]


def hint_html(lines: Sequence[str], ranked: Sequence[tuple[Any, int, float]], pick: Any, lang: str) -> str:
    """The hint box: the lines, then (with a choice to make) the search bot's pick and its best three moves."""
    e = html.escape
    text = "<br>".join(e(x) for x in lines)
    if pick is None:
        return text
    rows = "".join(
        f"<tr class='{'rb-hint-pick' if a == pick else ''}'><td>{e(move_text(a, lang))}</td><td>{mean:.0%}</td><td>{visits}</td></tr>"
        for a, visits, mean in ranked
    )
    head = "".join(f"<th>{e(WORDS(key, lang))}</th>" for key in ("hint_move", "hint_share", "hint_tried"))
    return (
        f"{text}<br>{e(WORDS('hint_suggests', lang))}: <b class='rb-hint-move'>{e(move_text(pick, lang))}</b>"
        f"<table class='rb-hint-table'><tr>{head}</tr>{rows}</table>"
    )


__all__ = [
    "Page",
    "caption",
    "describe",
    "hint_html",
    "hint_lines",
    "messages",
    "mode",
    "move_text",
    "outcome_html",
    "present",
    "status",
    "tap_refusal",
]
