"""The Magos solo page as data: ``present(observation, engine, page, lang) -> ViewModel``.

Pure (no widgets): everything comes from the engine's observation (the turn,
its dice and their effects, the table's rows, the forecasts) and from
``Engine`` (which moves are legal, and why not). A forecast belongs to a
fight still going: the observation carries none once the fight is over, and
the turn's "damage to you" line is left out then too, so nothing here
outlives its moment. Also the header line, the log line, the outcome box
and the hint, as pure functions of the same facts.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Sequence

from rulebook.games.magos_solo.actions import Attack, Lose, Next, Prev, Recover, ResetFaces, SetFace, SetHp, Win
from rulebook.games.magos_solo.game import MAX_HP
from rulebook.games.magos_solo.table import CHOICES, Effect
from rulebook.games.magos_solo.observation import MagosSoloObservation
from widgets.views.model import Control, Engine, Message, ViewModel, json_pair

from .texts import WORDS

Observation = MagosSoloObservation
"""What the game's ``observe`` returns; read it by attribute (a typo fails at once, not at the table)."""


@dataclass(frozen=True)
class Page:
    """What the page knows beyond the observation.

    ``interactive``: the page's person may act now (their seat is to move);
    ``at``: the number of moves the drawing is made for (a tap drawn for an
    earlier state is ignored); ``autoplay``: the seat is left to the bot;
    ``hint``: the hint is on.
    """

    interactive: bool = True
    at: int = 0
    autoplay: bool = False
    hint: bool = False


# ----- words ---------------------------------------------------------------------------------------
def effect_label(kind: str, amount: int, lang: str) -> str:
    """What one face does, as a label ("1 damage", "miss")."""
    if kind in ("hit", "heal"):
        return WORDS(f"effect_{kind}", lang, n=amount)
    return WORDS("effect_special" if kind == "special" else "effect_miss", lang)


def dice_text(dice: Sequence[int]) -> str:
    return "-".join(str(p) for p in dice)


def _hp_text(obs: Observation, lang: str) -> str:
    if obs.hp_max is None:
        return WORDS("hp_untracked", lang)
    return WORDS("hp_value", lang, hp=obs.hp, hp_max=obs.hp_max)


def _row_text(obs: Observation, lang: str) -> str:
    first, last = obs.loop
    row = WORDS("row_looped", lang, row=obs.row, first=first, last=last) if obs.looped else WORDS("row", lang, row=obs.row)
    return row + " · " + WORDS("enemy_dice", lang, dice=dice_text([d.pips for d in obs.dice]))


def _marked(key: str, lang: str, name: str, inner_html: str, **values: Any) -> str:
    """The catalogue entry, escaped, with field ``name`` replaced by ready HTML."""
    marker = "\x00"
    return html.escape(WORDS(key, lang, **{name: marker}, **values)).replace(marker, inner_html)


# ----- the view model ----------------------------------------------------------------------------------
def present(obs: Observation, engine: Engine, page: Page, lang: str) -> ViewModel:
    """The page for this moment (see the module docstring)."""
    controls = _controls(obs, engine, page, lang) if page.interactive and not obs.over else ()
    return ViewModel(
        status=status_html(obs, page, lang),
        caption=WORDS("notice", lang),
        board={"board": _board(obs, page, lang), "sheet": _sheet(obs, engine, page, lang)},
        controls=controls,
        messages=hint_messages(obs, lang) if page.hint else (),
        rule=_rule(obs),
    )


def _rule(obs: Observation) -> str:
    """The rule paragraph of the moment: how the fight ended, a 6 that counts once, the loop, else the table."""
    if obs.outcome:
        return str(obs.outcome["reason"])
    if not all(d.counted for d in obs.dice):
        return "six-once"
    return "loop" if obs.looped else "dice-table"


def _controls(obs: Observation, engine: Engine, page: Page, lang: str) -> tuple[Control, ...]:
    """Every move's control, enabled or disabled with the engine's reason.

    The HP buttons take the typed amount; their state is the engine's answer
    for a sample amount (1, or an HP other than the current one).
    """
    tracked = obs.hp_max is not None

    def w(key: str) -> str:
        return WORDS(key, lang)

    return (
        Control.for_action("prev-turn", w("prev_turn"), Prev(), engine, lang),
        Control.for_action("next-turn", w("next_turn"), Next(), engine, lang, highlight=True),
        Control.for_action("win", w("win"), Win(), engine, lang),
        Control.for_action("lose", w("lose"), Lose(), engine, lang),
        Control.for_action("attack", w("attack"), Attack(1), engine, lang),
        Control.for_action("recover", w("recover"), Recover(1), engine, lang),
        Control.for_action("set-hp", w("set_hp"), SetHp(0 if tracked else 10), engine, lang),
        Control.for_action("reset-faces", w("reset"), ResetFaces(), engine, lang),
    )


def _board(obs: Observation, page: Page, lang: str) -> dict[str, Any]:
    dice = []
    for die in obs.dice:
        kind, amount = json_pair(die.effect, str, int)
        text = effect_label(kind, amount, lang) if die.counted else WORDS("not_counted", lang)
        dice.append({"pips": die.pips, "counted": die.counted, "kind": kind, "text": text})
    extras = []
    if not obs.over:  # the turn's forecast: gone once the fight is over
        if obs.heal:
            extras.append(WORDS("heals", lang, n=obs.heal))
        if obs.specials:
            extras.append(WORDS("specials", lang, n=obs.specials))
    if obs.hp_max is not None and obs.dealt:
        extras.append(WORDS("dealt", lang, n=obs.dealt))
    words = {key: WORDS(key, lang) for key in ("total", "enemy_hp", "amount", "hp_help")}
    return {
        "words": words,
        "at": page.at,
        "interactive": page.interactive and not obs.over,
        "over": obs.over,
        "turn": obs.turn,
        "turn_text": WORDS("turn", lang, turn=obs.turn),
        "row_text": _row_text(obs, lang),
        "dice": dice,
        "damage": None if obs.over else obs.damage,
        "damage_text": None if obs.over else WORDS("damage", lang, n=obs.damage),
        "extras": extras,
        "hp": obs.hp,
        "hp_max": obs.hp_max or 0,
        "hp_text": _hp_text(obs, lang),
        "max_amount": MAX_HP,
        "amount_default": 1 if obs.hp_max is not None else 10,
    }


def _sheet(obs: Observation, engine: Engine, page: Page, lang: str) -> dict[str, Any]:
    used = {d.pips for d in obs.dice}
    faces = [
        {"face": n, "value": str(Effect(kind, amount)), "used": n in used, "label": WORDS("face", lang, n=n)}
        for n, (kind, amount) in enumerate((json_pair(face, str, int) for face in obs.faces), start=1)
    ]
    choices = [{"value": str(e), "label": effect_label(e.kind, e.amount, lang)} for e in CHOICES]
    rows = []
    for row in obs.rows:
        turns = ", ".join(str(t) for t in row.turns) + ("…" if len(row.turns) > 1 else "")
        note = ""
        if row.row == 5:
            note = WORDS("row5_long" if obs.long5 else "row5_short", lang)
        parts = [WORDS("damage", lang, n=row.damage)]
        if row.heal:
            parts.append(WORDS("row_heal", lang, n=row.heal))
        if row.specials:
            parts.append(WORDS("row_special", lang, n=row.specials))
        rows.append(
            {
                "row": row.row,
                "turns": turns,
                "dice": row.dice,
                "counted": row.counted,
                "note": note,
                "current": row.row == obs.row,
                "damage_text": " · ".join(parts),
            }
        )
    first, last = obs.loop
    locked = None
    if obs.over:  # the engine's own refusal of any edit now
        error = engine.why_not(SetFace(1, CHOICES[-1]))
        if error is not None:
            locked = {"text": error.message(lang), "rule": error.rule_id}
    elif not page.interactive:
        locked = {"text": WORDS("locked_autoplay" if page.autoplay else "locked_elsewhere", lang), "rule": "bots" if page.autoplay else ""}
    words = {key: WORDS(key, lang) for key in ("faces_title", "faces_help", "table_title", "col_turn", "col_dice", "col_damage")}
    return {
        "words": words,
        "at": page.at,
        "interactive": page.interactive and not obs.over,
        "turn": obs.turn,
        "faces": faces,
        "choices": choices,
        "can_reset": engine.allows(ResetFaces()),
        "locked": locked,
        "rows": rows,
        "looped": obs.looped,
        "loop_text": WORDS("loop_text", lang, first=first, last=last),
    }


# ----- header, hint, log, outcome ----------------------------------------------------------------
def status_html(obs: Observation, page: Page, lang: str) -> str:
    """The header line (HTML): turn, row of the table, enemy HP, autoplay."""
    row_key = "status_row_looped" if obs.looped else "status_row"
    parts = [
        _marked("status_turn", lang, "turn", f"<b class='rb-turn'>{int(obs.turn)}</b>"),
        html.escape(WORDS(row_key, lang, row=obs.row)),
    ]
    if obs.hp is not None and obs.hp_max is not None:
        hp = f"<b class='rb-status-hp'>{int(obs.hp)}/{int(obs.hp_max)}</b>"
        parts.append(_marked("status_hp", lang, "hp", hp))
    if page.autoplay:
        parts.append(html.escape(WORDS("autoplay", lang)))
    return " · ".join(f"<span class='rb-magos-tag'>{part}</span>" for part in parts)


def hint_messages(obs: Observation, lang: str) -> tuple[Message, ...]:
    """The coming turns' dice and damage, from the observation's forecast (none once the fight is over)."""
    if not obs.coming:
        return ()
    lines = [Message("hint", WORDS("hint_title", lang), "hints")]
    for turn in obs.coming:
        text = WORDS("hint_turn", lang, turn=turn.turn, dice=dice_text(turn.dice), n=turn.damage)
        lines.append(Message("hint", text, "hints"))
    if obs.cycle_damage is not None:
        first, last = obs.loop
        lines.append(Message("hint", WORDS("hint_cycle", lang, first=first, last=last, n=obs.cycle_damage), "loop"))
    return tuple(lines)


def describe(action: Any, after: Observation, lang: str) -> str:
    """The log line (escaped HTML) for ``action``, from the observation after it."""
    e = html.escape
    if isinstance(action, (Next, Prev)):
        effects = ", ".join(
            effect_label(*json_pair(d.effect, str, int), lang) if d.counted else WORDS("log_extra6", lang) for d in after.dice
        )
        verb = WORDS("log_next" if isinstance(action, Next) else "log_prev", lang, turn=after.turn)
        dice = dice_text([d.pips for d in after.dice])
        return e(WORDS("log_turn", lang, verb=verb, dice=dice, effects=effects, n=after.damage))
    if isinstance(action, SetFace):
        label = effect_label(action.effect.kind, action.effect.amount, lang)
        return e(WORDS("log_face", lang, face=action.face, effect=label))
    if isinstance(action, ResetFaces):
        return e(WORDS("log_reset", lang))
    if isinstance(action, SetHp):
        return e(WORDS("log_hp", lang, hp=action.hp) if action.hp else WORDS("log_hp_off", lang))
    if isinstance(action, (Attack, Recover)):
        key = "log_attack" if isinstance(action, Attack) else "log_recover"
        return e(WORDS(key, lang, n=action.amount, hp=after.hp, hp_max=after.hp_max))
    if isinstance(action, (Win, Lose)):
        return e(WORDS("log_win" if isinstance(action, Win) else "log_lose", lang))
    return e(str(action))


def outcome_html(result: str, summary: str, hp: Any, hp_max: Any, lang: str) -> str:
    """The outcome box: how the fight ended, and the enemy's HP when it was tracked."""
    e = html.escape
    parts = [f"<div class='rb-outcome-summary' data-result='{e(str(result))}'>{e(summary)}</div>"]
    if hp_max:
        parts.append(f"<div class='rb-outcome-hp'>{e(WORDS('outcome_hp', lang, hp=hp, hp_max=hp_max))}</div>")
    return "".join(parts)


__all__ = ["Page", "describe", "dice_text", "effect_label", "hint_messages", "outcome_html", "present", "status_html"]
