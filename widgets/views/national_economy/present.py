"""What a National Economy page shows, as plain data: ``present(observation, engine, page, lang)``.

Pure: no widgets. Everything comes from the viewer's observation (never the
full state), the engine's facts for the page's seat (``Engine``: legal
actions and the engine's reason for any other move) and ``Page`` (seat
kinds, who is on this page, whether the page's seat moves now).

Every building, every card of the hand and every card the design office
turned over is a ``Control``: it plays its move when the engine allows it,
else it says why (the engine's reason, or whose move it is). The legal sale
sets are the action bar's buttons, each saying what it leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.core import HUMAN, SPECTATOR, IllegalAction, RulebookError
from rulebook.games.national_economy.actions import Build, Card, Discard, Pick, Place, Sell
from rulebook.games.national_economy.data import GOODS, KINDS_T, N_CARDS
from rulebook.games.national_economy.game import NationalEconomy
from rulebook.games.national_economy.observation import NationalEconomyObservation
from widgets.views.model import Control, Engine, ViewModel, seat_label

from .texts import WORDS

Observation = NationalEconomyObservation
"""What the game's ``observe`` returns; read it by attribute (a typo fails at once, not at the table)."""
CHANCE_PHASES = ("deal", "draw", "reveal")
RULE_OF_PHASE = {
    "place": "round", "discard": "pay", "build": "build", "build2": "build", "pick": "architect",
    "sell": "excess-sale", "trim": "hand-limit", "over": "end", "deal": "chance", "draw": "chance", "reveal": "chance",
}
_ENGINE = NationalEconomy()


@dataclass(frozen=True)
class Page:
    """What only the page knows (nothing secret)."""

    seats: tuple[str, ...]
    humans: tuple[int, ...] = ()
    acting: bool = False
    viewer: int = SPECTATOR
    ply: int = 0
    table: bool = False
    """Table mode (a lesson's, or real cards): the card drawn is entered by a person."""


def seat_name(seat: int, page: Page, lang: str) -> str:
    return seat_label(seat, page.seats, lang)


def card_name(kind: int, lang: str) -> str:
    return KINDS_T[kind].name(lang)


def not_acting_refusal(o: Observation, page: Page, engine: Engine, action: Any) -> RulebookError:
    """Why a tap does nothing while the page's seat is not the one to move (nothing hidden in it)."""
    if o.phase == "over":
        error = engine.why_not(action)
        if error is not None:
            return error
    if o.phase in CHANCE_PHASES:
        ja, en = WORDS.both("wait_chance")
        return IllegalAction("chance", ja, en)
    return IllegalAction(
        "round",
        WORDS("not_your_turn", "ja", seat=seat_name(o.turn, page, "ja")),
        WORDS("not_your_turn", "en", seat=seat_name(o.turn, page, "en")),
    )


def tap(key: str, label: str, action: Any, o: Observation, engine: Engine, page: Page, lang: str, name: str = "") -> Control:
    refusal = None if page.acting else not_acting_refusal(o, page, engine, action)
    return Control.for_seat(key, label, action, engine, lang, refusal, name)


# ----- the view model ----------------------------------------------------------------------------------
def present(o: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    phase = o.phase
    board: dict[str, Any] = {
        "ply": page.ply,
        "you": o.you,
        "interactive": page.acting,
        "phase": phase,
        "mode": o.mode,
        "round": WORDS("round", lang, round=o.round),
        "wage": WORDS("wage", lang, wage=o.wage),
        "household": WORDS("household", lang, n=o.household),
        "deck": WORDS("deck", lang, n=o.deck),
        "discards": WORDS("discards", lang, n=sum(o.discard)),
        "seats": seats_view(o, page, lang),
        "areas": areas_view(o, engine, page, lang),
        "hand_title": WORDS("hand", lang),
        "hand": hand_view(o, engine, page, lang),
        "revealed_title": WORDS("revealed", lang),
        "revealed": [
            dict(
                tap(f"pick-{j}", card_name(k, lang), Pick(k), o, engine, page, lang, WORDS("tap_pick", lang, name=card_name(k, lang))).to_json(),
                code=KINDS_T[k].code,
            )
            for j, k in enumerate(o.revealed)
        ],
        "none": WORDS("none", lang),
    }
    return ViewModel(
        status=status_text(o, page, lang),
        caption=caption(o, page, lang),
        board=board,
        controls=controls(o, engine, page, lang),
        rule=RULE_OF_PHASE.get(phase, ""),
    )


def seats_view(o: Observation, page: Page, lang: str) -> list[dict[str, Any]]:
    out = []
    over = o.phase == "over"
    scores = [_ENGINE.forecast(o, s) for s in range(o.players)]
    best = max(p["total"] for p in scores)
    for s in range(o.players):
        placed = sum(p.count(s) for p in o.placed)
        asleep = max(0, o.workers[s] - o.idle[s] - placed) if not over else 0
        tag = WORDS("tag_bot", lang) if page.seats[s] != HUMAN else (WORDS("tag_you", lang) if s == o.you and len(page.humans) > 1 else "")
        parts = scores[s]
        out.append(
            {
                "name": seat_label(s, (HUMAN,) * o.players, lang),
                "tag": tag,
                "money": o.money[s],
                "money_text": WORDS("money", lang, n=o.money[s]),
                "tokens": o.tokens[s],
                "tokens_text": WORDS("tokens", lang, n=o.tokens[s]),
                "workers": o.workers[s],
                "idle": o.idle[s],
                "placed": placed,
                "asleep": asleep,
                "workers_text": WORDS("workers", lang, idle=o.idle[s], n=o.workers[s]),
                "workers_title": WORDS("workers_title", lang, n=o.workers[s], idle=o.idle[s], placed=placed, asleep=asleep),
                "asleep_text": WORDS("asleep_note", lang) if asleep else "",
                "hand_text": WORDS("hand_size", lang, n=o.hand_sizes[s], goods=o.goods[s]),
                "forecast": parts["total"],
                "forecast_text": WORDS("forecast", lang, n=parts["total"]),
                "forecast_title": WORDS("forecast_title", lang, buildings=parts["buildings"], bonus=parts["bonus"], money=parts["money"], unpaid=-parts["unpaid"]),
                "start": s == o.start and o.players > 1,
                "start_text": WORDS("start", lang),
                "active": not over and o.phase not in CHANCE_PHASES and o.turn == s,
                "you": s == o.you,
                "leader": over and parts["total"] == best and not (o.mode != "standard" and o.lost),
            }
        )
    return out


def building_label(o: Observation, i: int, lang: str) -> str:
    """A building's name, numbered when the same area holds several of its kind (3 players: two Carpenters),
    so two buttons and two hint lines can be told apart; the number counts from the left of that area."""
    kind, owner = o.buildings[i]
    name = card_name(kind, lang)
    same = [j for j, (k, w) in enumerate(o.buildings) if k == kind and w == owner]
    if len(same) < 2:
        return name
    return WORDS("twin_label", lang, name=name, n=same.index(i) + 1)


def place_name(o: Observation, i: int, page: Page, lang: str) -> str:
    """What tapping a building does, for a screen reader: send a worker there, and whose workers are already on it
    (the picture shows them as coloured dots a screen reader cannot see)."""
    name = building_label(o, i, lang)
    if not o.placed[i]:
        return WORDS("tap_place", lang, name=name)
    seats = ("・" if lang == "ja" else ", ").join(seat_name(s, page, lang) for s in o.placed[i])
    return WORDS("tap_place_workers", lang, name=name, seats=seats)


def unpaid_buildings(o: Observation) -> set[int]:
    """The building(s) just built whose cost is still being discarded: drawn as under construction, not built."""
    build = o.pending[3]
    if o.phase not in ("discard", "build2") or not build:
        return set()
    mine = [i for i, (_k, w) in enumerate(o.buildings) if w == o.turn]
    count = 2 if build == "twin" and o.phase == "discard" else 1
    return set(mine[-count:])


def areas_view(o: Observation, engine: Engine, page: Page, lang: str) -> list[dict[str, Any]]:
    """The public area, then each seat's private buildings; every building a tappable workplace (or why not)."""
    owners = [-1] + list(range(o.players))
    unpaid = unpaid_buildings(o)
    areas = []
    for owner in owners:
        cells = []
        for i, (kind, who) in enumerate(o.buildings):
            if who != owner:
                continue
            k = KINDS_T[kind]
            control = tap(f"bld-{i}", building_label(o, i, lang), Place(i), o, engine, page, lang, place_name(o, i, page, lang))
            cells.append(
                dict(
                    control.to_json(),
                    index=i,
                    code=k.code,
                    workers=list(o.placed[i]),
                    blocked=i in o.blocked,
                    passive=not k.workplace,
                    unpaid=i in unpaid,
                    note=WORDS("unpaid", lang) if i in unpaid else (WORDS("cost_value", lang, cost=k.cost, value=k.value) if 0 < kind < N_CARDS else ""),
                )
            )
        if owner < 0:
            title = WORDS("public", lang)
        elif len(page.seats) == 1:
            title = WORDS("your_buildings", lang)
        else:
            title = WORDS("buildings_of", lang, seat=seat_name(owner, page, lang))
        areas.append({"owner": owner, "title": title, "cells": cells})
    return areas


def hand_view(o: Observation, engine: Engine, page: Page, lang: str) -> list[dict[str, Any]]:
    if o.hand is None:
        return []
    building = o.phase in ("build", "build2")
    out = []
    for k, count in enumerate(o.hand):
        if not count:
            continue
        action = Build(k) if building else Discard(k)
        kind = KINDS_T[k]
        note = WORDS("goods_card", lang) if k == GOODS else WORDS("cost_value", lang, cost=kind.cost, value=kind.value)
        name = WORDS("tap_build" if building else "tap_discard", lang, name=kind.name(lang), note=note)
        control = tap(f"card-{kind.code}", kind.name(lang), action, o, engine, page, lang, name)
        out.append(dict(control.to_json(), code=kind.code, count=count, note=note, goods=k == GOODS))
    return out


def sale_label(o: Observation, action: Sell, lang: str) -> str:
    seat = o.turn
    names = "・".join(card_name(o.buildings[i][0], lang) for i in action.buildings) if lang == "ja" else ", ".join(
        card_name(o.buildings[i][0], lang) for i in action.buildings
    )
    values = [o.sale_values[i] for i in action.buildings]
    left = o.money[seat] + sum(values) - o.due[seat]
    if left < 0 and o.mode != "standard":  # solo: wages not paid end the game (NE-3, NE-8); the page says so
        return WORDS("sell_lost", lang, names=names, short=-left)
    if left < 0:
        return WORDS("sell_tokens", lang, names=names, tokens=-left)
    return WORDS("sell_option", lang, names=names, left=left)


def controls(o: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    if page.table and o.phase in CHANCE_PHASES:
        # every kind is offered (offering only those left would tell what the other hands hold); the engine refuses the impossible
        return tuple(Control(f"enter-{KINDS_T[k].code}", card_name(k, lang), action=str(Card(k))) for k in range(1, N_CARDS))
    if not page.acting or o.phase != "sell":
        return ()
    return tuple(Control.for_action(f"sell-{j}", sale_label(o, a, lang), a, engine, lang) for j, a in enumerate(engine.legal))


def caption(o: Observation, page: Page, lang: str) -> str:
    phase = o.phase
    if phase == "over":
        return WORDS("game_over", lang)
    if phase in CHANCE_PHASES:
        return WORDS("cap_enter", lang) if page.table else ""
    if not page.acting:
        return WORDS("to_play", lang, seat=seat_name(o.turn, page, lang))
    seat = o.turn
    if phase == "place":
        return WORDS("cap_place", lang)
    if phase == "discard":
        return WORDS("cap_discard", lang, n=o.pending[0])
    if phase in ("build", "build2"):
        return WORDS("cap_" + phase, lang)
    if phase == "pick":
        return WORDS("cap_pick", lang)
    if phase == "sell":
        return WORDS("cap_sell", lang, due=o.due[seat], cash=o.money[seat])
    return WORDS("cap_trim", lang, n=o.hand_limits[seat])


def status_text(o: Observation, page: Page, lang: str, bold: Any = str) -> str:
    parts = [bold(WORDS("round", lang, round=o.round)), WORDS("wage", lang, wage=o.wage)]
    if o.phase != "over" and o.phase not in CHANCE_PHASES:
        parts.append(WORDS("to_play", lang, seat=bold(seat_name(o.turn, page, lang))))
    return " · ".join(parts)


__all__ = ["Page", "building_label", "caption", "controls", "present", "seat_name", "status_text", "tap", "not_acting_refusal"]
