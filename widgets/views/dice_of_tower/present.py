"""Dice of Tower as a view model: ``present(observation, engine, page, lang) -> ViewModel``.

Pure: no widgets. The board dict is what ``widgets/static/dice_of_tower.js``
draws: the towers in side view (each die with its colour, size and face),
the dice that may be picked glowing, and, once one is picked, the tops it
may go on (with the model's collapse chance); the controls (re-roll, pass,
and in table mode the real dice and the "stood"/"burst"/"die left the
table" entries) are enabled or disabled with the engine's own reason. A
fall of a tower that may have stood in part (DT-9) takes two taps: which
tower fell (a page-only control), then how many of its levels still stand.
Every legality fact comes from ``engine.legal``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from rulebook.core import HUMAN
from rulebook.games.dice_of_tower import ENGINE
from rulebook.games.dice_of_tower.actions import PASS, REROLL, Bump, Burst, Face, Off, Place, Quake, Remove, Stand
from rulebook.games.dice_of_tower.game import state_from_observation
from rulebook.games.dice_of_tower.observation import DiceOfTowerObservation

from ..model import Control, Engine, Message, ViewModel, seat_label
from .texts import WORDS


@dataclass(frozen=True)
class Page:
    """What the page knows beyond the observation: seat kinds, whether its person acts now,
    table-mode entry, moves so far (stamped on taps), the lone die picked (or None)."""

    seats: tuple[str, ...] = ("human", "human")
    acting: bool = False
    entering: bool = False
    ply: int = 0
    picked: int | None = None
    falling: str = ""
    """Table mode (DT-9): the fall chosen first ("burst 8", "quake 8", "bump 1 8"); its levels are asked next."""


def name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def colour_of(o: DiceOfTowerObservation, die: int) -> int:
    return o.seat_colours[die // 8]


def colour_name(colour: int, lang: str) -> str:
    return WORDS(f"colour_{colour}", lang)


def die_words(o: DiceOfTowerObservation, die: int, lang: str) -> dict[str, Any]:
    return {"die": die, "colour": colour_name(colour_of(o, die), lang), "size": WORDS(f"size_{o.sizes[die]}", lang), "face": o.faces[die]}


def label(o: DiceOfTowerObservation, die: int, lang: str, face: bool = True) -> str:
    """A die as the page names it: colour, size and (``face``) its face — "Red L 6"."""
    words = die_words(o, die, lang)
    return WORDS("die_label" if face and words["face"] else "die_bare", lang, **words)


def mode_of(o: DiceOfTowerObservation, page: Page) -> str:
    if o.phase == "over":
        return "over"
    if page.entering:
        return "entry"
    if o.phase in ("roll", "place-risk", "reroll-risk"):
        return "roll"
    return "decide" if page.acting else "watch"


def present(o: DiceOfTowerObservation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for this moment (see the module docstring)."""
    mode = mode_of(o, page)
    legal = engine.legal
    places = [a for a in legal if isinstance(a, Place)]
    removes = {a.die for a in legal if isinstance(a, Remove)}
    pickable = {a.die for a in places}
    picked = page.picked if page.picked in pickable else None
    targets = {a.onto for a in places if a.die == picked}
    state = state_from_observation(o)
    risks = {t: ENGINE.place_risk(state, picked, t) for t in targets} if picked is not None else {}
    seat = o.loser if o.phase == "lose" and o.loser >= 0 else o.turn
    controls: list[Control] = []
    messages = last_messages(o, page, lang)
    rule = ""
    if mode == "decide":
        if o.phase == "lose":
            bumped = o.loser >= 0
            caption, rule = WORDS("caption_lose_bump" if bumped else "caption_lose", lang), "table-mode" if bumped else "lose-die"
        elif places:
            caption = WORDS("caption_target", lang, die=label(o, picked, lang)) if picked is not None else WORDS("caption_pick", lang)
            rule = "place" if picked is not None else "pick"
        elif REROLL in legal:
            caption, rule = WORDS("caption_reroll", lang), "reroll"
        else:
            caption, rule = WORDS("caption_pass", lang), "reroll"
        caption = WORDS("prefix", lang, seat=name(seat, page, lang)) + caption
        if o.phase != "lose":
            controls.append(Control.for_action("reroll", WORDS("reroll", lang), REROLL, engine, lang, highlight=REROLL in legal))
            controls.append(Control.for_action("pass", WORDS("pass", lang), PASS, engine, lang, highlight=PASS in legal))
    elif mode == "entry":
        caption, rule, controls = entry_controls(o, engine, lang, page.falling)
    elif mode == "over":
        caption, rule = WORDS("caption_over", lang), "game-end"
    else:
        caption = WORDS("caption_watch", lang, seat=name(seat, page, lang))
        rule = "chance" if mode == "roll" else ""
    towers = []
    for tower in o.towers:
        top = tower[-1]
        dice = []
        for level, die in enumerate(tower):
            face = o.faces[die]
            item = {
                "id": die,
                "size": o.sizes[die],
                "face": face,
                "colour": colour_of(o, die),
                "title": WORDS("die_title" if face else "die_rolling", lang, **die_words(o, die, lang)),
            }
            if mode == "decide" and (die in pickable or die in removes):
                item["pickable"] = True
                item["tap"] = WORDS("tap_pick", lang, die=item["title"])
            if die == picked:
                item["picked"] = True
            if die in targets:
                item["target"] = True
                item["tap"] = WORDS("tap_target", lang, die=item["title"])
                p = f"{100 * risks[die]:.1f}".rstrip("0").rstrip(".")
                item["risk"] = WORDS("risk", lang, p=p) if risks.get(die) else ""
                item["risk_title"] = WORDS("risk_title", lang, p=p) if risks.get(die) else ""
            if o.pending is not None and die in o.pending:
                item["pending"] = True
            dice.append(item)
        points = o.faces[top] * len(tower)
        towers.append({"key": tower[0], "height": len(tower), "dice": dice, "owner": colour_of(o, top), "points": WORDS("tower_points", lang, points=points) if o.faces[top] else ""})
    board = {
        "ply": page.ply,
        "mode": mode,
        "phase": o.phase,
        "seat": None if mode == "over" else seat,
        "interactive": mode == "decide",
        "picked": picked,
        "words": {"towers": WORDS("towers", lang)},
        "towers": towers,
        "scores": score_rows(o, page, lang),
        "colours": [{"index": c, "name": colour_name(c, lang)} for c in range(o.colours)],
    }
    return ViewModel(status=status_line(o, page, lang), caption=caption, board=board, controls=tuple(controls), messages=tuple(messages), rule=rule)


FALLS = (Burst, Quake, Bump)


def fall_key(action: Burst | Quake | Bump) -> str:
    """The text of a fall with its levels left out ("burst 8 keep 2" -> "burst 8"): the first of the two taps."""
    return str(type(action)(**{**vars(action), "keep": 0}))


def fall_label(o: DiceOfTowerObservation, action: Burst | Quake | Bump, lang: str) -> str:
    """The entry's words: which tower fell, and how (a burst, an earthquake, a seat bumping the table)."""
    die = label(o, action.tower, lang, face=False)
    if isinstance(action, Burst):
        return WORDS("burst", lang, die=die)
    if isinstance(action, Quake):
        return WORDS("quake", lang, die=die)
    return WORDS("bump", lang, seat=seat_label(action.seat, (HUMAN,) * o.players, lang), die=die)


def fall_entries(o: DiceOfTowerObservation, engine: Engine, lang: str) -> list[Control]:
    """One entry per tower that may have fallen, in the order burst, earthquake, bump (DT-8 after the ordinary
    entries). A fall that may have left levels standing (DT-9) opens the levels question (a page-only control);
    a fall that can only be whole is the move itself."""
    groups: dict[str, list[Burst | Quake | Bump]] = {}
    for kind in FALLS:
        for action in engine.legal:
            if isinstance(action, kind):
                groups.setdefault(fall_key(action), []).append(action)
    controls = []
    for key, actions in groups.items():
        whole = min(actions, key=lambda a: a.keep)
        css = key.replace(" ", "-")
        if len(actions) == 1:
            controls.append(Control.for_action(css, fall_label(o, whole, lang), whole, engine, lang))
        else:
            controls.append(Control(css, WORDS("fall_more", lang, entry=fall_label(o, whole, lang))))
    return controls


def levels_controls(o: DiceOfTowerObservation, engine: Engine, lang: str, falling: str) -> tuple[str, list[Control]] | None:
    """DT-9, the second tap: how many levels of the chosen tower still stand (0 = it fell whole), and a way back."""
    actions = sorted((a for a in engine.legal if isinstance(a, FALLS) and fall_key(a) == falling), key=lambda a: a.keep)
    if len(actions) < 2:
        return None
    first = actions[0]
    height = len(actions)
    caption = WORDS("caption_levels", lang, entry=fall_label(o, first, lang), height=height)
    controls = [
        Control.for_action(f"keep-{a.keep}", WORDS("keep_none", lang) if a.keep == 0 else WORDS("keep_levels", lang, n=a.keep), a, engine, lang)
        for a in actions
    ]
    controls.append(Control("fall-back", WORDS("fall_back", lang)))
    return caption, controls


def entry_controls(o: DiceOfTowerObservation, engine: Engine, lang: str, falling: str = "") -> tuple[str, str, list[Control]]:
    """Table mode: the engine's chance outcomes as entries (the real die's face, stood, which tower burst, off;
    DT-9: then how many of its levels still stand)."""
    controls: list[Control] = []
    if o.phase == "roll":
        die = o.queue[0]
        caption = WORDS("caption_entry_roll", lang, die=label(o, die, lang, face=False))
        for v in range(1, 7):
            controls.append(Control.for_action(f"face-{v}", WORDS("face", lang, face=v), Face(v), engine, lang))
        controls.append(Control.for_action("off", WORDS("off", lang), Off(), engine, lang))
        return caption, "chance", controls
    levels = levels_controls(o, engine, lang, falling) if falling else None
    if levels is not None:
        caption, controls = levels
        return caption, "collapse", controls
    caption = WORDS("caption_entry_risk", lang)
    controls.append(Control.for_action("stand", WORDS("stand", lang), Stand(), engine, lang))
    controls.extend(fall_entries(o, engine, lang))
    return caption, "collapse", controls


def last_messages(o: DiceOfTowerObservation, page: Page, lang: str) -> list[Message]:
    """What happened last (the engine's event), and the scores of a round just over."""
    out: list[Message] = []
    last = o.last
    if last is not None:
        kind, seat, die, tower = str(last[0]), int(last[1]), int(last[2]), int(last[3])  # [kind, seat, die, tower, ...]
        prefix = WORDS("prefix", lang, seat=name(seat, page, lang))
        if kind == "place":
            height = next((len(t) for t in o.towers if die in t), 0)
            out.append(Message("info", WORDS("last_place", lang, prefix=prefix, die=label(o, die, lang), onto=label(o, tower, lang), height=height), "place"))
        elif kind in ("burst-place", "burst-reroll"):
            text = WORDS(f"last_{kind.replace('-', '_')}", lang, prefix=prefix, die=label(o, die, lang, face=False) if die >= 0 else "", tower=label(o, tower, lang, face=False))
            out.append(Message("notice", text + standing_words(last, lang), "collapse"))
        elif kind == "remove":
            out.append(Message("info", WORDS("last_remove", lang, prefix=prefix, die=label(o, die, lang)), "lose-die"))
        elif kind == "pass":
            out.append(Message("info", WORDS("last_pass", lang, prefix=prefix), "reroll"))
        elif kind == "quake":
            out.append(Message("notice", WORDS("last_quake", lang, tower=label(o, tower, lang, face=False)) + standing_words(last, lang), "table-mode"))
        elif kind == "bump":
            out.append(Message("notice", WORDS("last_bump", lang, seat=name(seat, page, lang), tower=label(o, tower, lang, face=False)) + standing_words(last, lang), "table-mode"))
        elif kind == "off":
            out.append(Message("notice", WORDS("last_off", lang, die=label(o, die, lang, face=False)), "table-mode"))
    if o.rounds and o.phase == "roll" and o.then == "deal":
        scores = ", ".join(f"{colour_name(c, lang)} {p}" for c, p in enumerate(o.rounds[-1]))
        out.append(Message("info", WORDS("round_over", lang, round=len(o.rounds), scores=scores), "scoring"))
    return out


def standing_words(last: list[Any], lang: str) -> str:
    """DT-9: " 2 levels still stand." after a fall that left levels standing (nothing when it fell whole)."""
    standing = last[4] if len(last) > 4 else 0
    return WORDS("last_standing", lang, n=standing) if standing else ""


def score_rows(o: DiceOfTowerObservation, page: Page, lang: str) -> dict[str, Any]:
    """One row per colour (its seats, each finished round, the towers standing now, the total)."""
    now = [0] * o.colours
    if o.phase not in ("over",):
        for tower in o.towers:
            top = tower[-1]
            now[colour_of(o, top)] += o.faces[top] * len(tower)
    rows = []
    for c in range(o.colours):
        seats = [s for s, colour in enumerate(o.seat_colours) if colour == c]
        label = " / ".join(name(s, page, lang) for s in seats)
        out = sum(1 for d, gone in enumerate(o.removed) if gone and colour_of(o, d) == c)
        rows.append({"colour": c, "name": colour_name(c, lang), "seats": label, "rounds": [r[c] for r in o.rounds], "now": now[c], "total": o.scores[c], "removed": WORDS("removed", lang, n=out) if out else ""})
    head = [WORDS("score_head", lang)] + [WORDS("round_col", lang, round=k + 1) for k in range(len(o.rounds))]
    return {"rows": rows, "head": head, "now": WORDS("now_col", lang) if o.phase != "over" else "", "total": WORDS("total_col", lang)}


def status_line(o: DiceOfTowerObservation, page: Page, lang: str) -> str:
    """The header line (HTML): round, lap, whose turn."""
    parts = [WORDS("status_round", lang, round=o.round, rounds=o.rounds_total)]
    if o.phase != "over":
        lap = min(o.laps, o.turns // o.players + 1)
        parts.append(WORDS("status_lap", lang, lap=lap, laps=o.laps))
        parts.append(WORDS("status_seat", lang, seat=html.escape(name(o.turn, page, lang))))
    return " · ".join(parts)


__all__ = ["Page", "present", "status_line"]
