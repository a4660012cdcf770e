"""The 宝探し page: the paper sheet 1–12, the two dice, the five treasures and exact advice.

Everything drawn comes from the engine's observation/state (and the exact
solver for the winning chances); every click becomes an engine action
through ``GameApp``, which validates it. Choices that need a second tap —
which number to seal when giving up, which cross a salve or a fountain lifts
— are held here as ``pending`` until the state changes.
"""

from __future__ import annotations

import html
import weakref
from typing import Any, Mapping

import anywidget
import ipywidgets as w
import traitlets

from rulebook.core import IllegalAction, Outcome
from rulebook.games.treasure_hunt import solver
from rulebook.games.treasure_hunt.actions import Bring, Check, Die, GiveUp, RollDice, Seal
from rulebook.games.treasure_hunt.game import State
from rulebook.games.treasure_hunt.model import Treasure, bit, longest_run, numbers_of, popcount

from ..base import asset, esm
from .base import BaseView

TIE = 1e-12


class TreasureBoard(anywidget.AnyWidget):
    """Sheet + dice + treasures; clicks come back as messages (number / option / treasure / entry / cancel)."""

    _esm = esm("dice.js", "treasure_hunt.js")
    _css = asset("app.css", "treasure_hunt.css")
    view = traitlets.Dict().tag(sync=True)


def percent(p: float) -> str:
    """A win probability as the page shows it (one decimal; exact 0 and 1 plainly)."""
    if p >= 1.0:
        return "100%"
    if p <= 0.0:
        return "0%"
    if p >= 0.9995:
        return ">99.9%"
    if p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


class View(BaseView):
    """宝探し's part of the page (``BaseView`` documents each hook)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.game = app.game
        self.rules = app.game.rules
        self.board = TreasureBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.app.guarded(self._on_message))
        self.widget = self.board
        self.progress = w.IntProgress(min=0, max=1000, value=0)
        self.progress.add_class("rb-solve-progress")
        self.progress_label = w.HTML()
        self.progress_label.add_class("rb-solve-label")
        self.progress_box = w.VBox([self.progress_label, self.progress])
        self.progress_box.add_class("rb-solve")
        self.progress_box.layout.display = "none"
        self.panel = w.VBox([self.progress_box])
        self.entry: list[int] = [0, 0]
        self.entry_rows = [w.HBox(), w.HBox()]
        for k, row in enumerate(self.entry_rows):
            row.add_class("rb-entry-row")
            row.add_class(f"rb-entry-die-{k + 1}")
        self.entry_box = w.VBox()
        self.entry_box.add_class("rb-entry")
        self.pending: tuple[str, ...] | None = None
        self._pending_state: State | None = None
        self.solves_shown = 0
        ref = weakref.WeakMethod(self._on_progress)
        solver.set_progress_hook(lambda done, total: (ref() or (lambda *_: None))(done, total))

    # ----- words -------------------------------------------------------------------------------
    def treasure_name(self, treasure: Treasure) -> str:
        return treasure.name(self.lang)

    def need_text(self, treasure: Treasure) -> str:
        if treasure.kind == "count":
            return self._w(f"チェック {treasure.need} 個", f"{treasure.need} ticks")
        return self._w(f"連続 {treasure.need} 個", f"{treasure.need} in a row")

    def _nums(self, numbers: tuple[int, ...] | list[int]) -> str:
        return self._w("と".join(str(n) for n in numbers), " and ".join(str(n) for n in numbers))

    def action_label(self, action: Any, dice: tuple[int, ...] | None = None) -> str:
        """The words of a move; ``dice`` is the roll it answers (default: the current one)."""
        dice = self.state.dice if dice is None else dice
        if isinstance(action, RollDice):
            return self._w("ダイスをふる", "Roll the dice")
        if isinstance(action, Check):
            numbers = action.numbers
            if len(numbers) == 1 and len(dice) == 2 and numbers[0] not in dice:
                return self._w(f"合計 {numbers[0]} にチェック", f"Tick the sum {numbers[0]}")
            if len(numbers) == 2:
                return self._w(f"{numbers[0]} と {numbers[1]} の両方にチェック", f"Tick both {numbers[0]} and {numbers[1]}")
            return self._w(f"{self._nums(numbers)} にチェック", f"Tick {self._nums(numbers)}")
        if isinstance(action, Seal):
            return self._w(f"{action.number} を封印する", f"Seal {action.number}")
        if isinstance(action, GiveUp):
            return self._w(f"{action.number} を封印してあきらめる", f"Give up, seal {action.number}")
        if isinstance(action, Bring):
            found = self.rules.treasure(action.treasure)
            name = self.treasure_name(found[1]) if found else action.treasure
            if action.lift:
                return self._w(f"{name}を持ち帰り、{action.lift} の × を消す", f"Bring home the {name}, lift the × on {action.lift}")
            return self._w(f"{name}を持ち帰る", f"Bring home the {name}")
        if isinstance(action, Die):
            return self._w(f"ダイス {action.index}: {action.pips}", f"die {action.index}: {action.pips}")
        return str(action)

    # ----- reading the match -----------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.app.match.state

    def _human_turn(self) -> bool:
        match = self.app.match
        return match.waiting_for_user() and match.current_player >= 0

    def _entry_open(self) -> bool:
        return self.state.phase == "roll" and self.app.match.table

    def _sync_pending(self) -> None:
        if self._pending_state is not self.state or self.state.phase != "ready" or not self._human_turn():
            self.pending = None
            self._pending_state = None

    def _set_pending(self, pending: tuple[str, ...] | None) -> None:
        self.pending = pending
        self._pending_state = self.state if pending else None
        self.app.refresh()

    # ----- advice ----------------------------------------------------------------------------------
    def _on_progress(self, done: int, total: int) -> None:
        self.progress_box.layout.display = None if done < total else "none"  # gone once solved
        self.progress.value = int(self.progress.max * done / max(total, 1))
        share = done / max(total, 1)
        self.progress_label.value = html.escape(
            self._w(f"最善の勝率を計算中… {share:.0%}（{done:,} / {total:,} 局面）", f"Solving the game exactly… {share:.0%} ({done:,} / {total:,} positions)")
        )

    def advice(self) -> solver.Advice:
        """The solver's advice; a full solve (only if the shipped values fail their checks) shows a progress bar."""
        if not solver.is_ready(self.rules):
            self.progress.value = 0
            try:
                result = solver.advice(self.rules, progress=self._on_progress)
            finally:
                self.progress_box.layout.display = "none"
            if result.source == "solved":
                self.solves_shown += 1
            return result
        return solver.advice(self.rules)

    def values(self) -> dict[Any, float]:
        """Win probability after each legal move (empty unless the hint is on and it is the player's move)."""
        if not self.app.hint_on or not self._human_turn():
            return {}
        return self.advice().action_values(self.state)

    def _best(self, values: Mapping[Any, float]) -> float:
        return max(values.values()) if values else -1.0

    # ----- drawing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._sync_pending()
        state = self.state
        values = self.values()
        best = self._best(values)
        interactive = self._human_turn()
        n_numbers = self.rules.numbers
        targets: dict[int, tuple[str, Any]] = {}
        if interactive and state.phase == "check":
            for action in self.game.legal_actions(state):
                if len(action.numbers) == 1:
                    targets[action.numbers[0]] = ("option", action)
        elif interactive and state.phase == "failed":
            for action in self.game.legal_actions(state):
                targets[action.number] = ("seal", action)
        elif interactive and state.phase == "ready" and self.pending:
            if self.pending[0] == "give-up":
                for n in range(1, n_numbers + 1):
                    if not state.sealed & bit(n):
                        targets[n] = ("give-up", GiveUp(n))
            else:
                for n in numbers_of(state.sealed):
                    targets[n] = ("lift", Bring(self.pending[1], n))
        numbers = []
        for n in range(1, n_numbers + 1):
            role, action = targets.get(n, (None, None))
            value = values.get(action) if action is not None else None
            numbers.append(
                {
                    "n": n,
                    "checked": bool(state.checked & bit(n)),
                    "sealed": bool(state.sealed & bit(n)),
                    "role": role,
                    "prob": percent(value) if value is not None else None,
                    "best": value is not None and value >= best - TIE,
                    "title": self.action_label(action) if action is not None else str(n),
                }
            )
        pair = None
        if interactive and state.phase == "check":
            for action in self.game.legal_actions(state):
                if len(action.numbers) == 2:
                    value = values.get(action)
                    pair = {
                        "numbers": list(action.numbers),
                        "label": self._w("両方", "both"),
                        "prob": percent(value) if value is not None else None,
                        "best": value is not None and value >= best - TIE,
                        "title": self.action_label(action),
                    }
        view: dict[str, Any] = {
            "phase": state.phase,
            "interactive": interactive,
            "numbers": numbers,
            "pair": pair,
            "rows": self._rows(state),
            "current_label": str(state.expedition) if state.phase != "over" else "",
            "current_title": self._w(f"冒険 {state.expedition}", f"Trip {state.expedition}"),
            "dice": self._dice(state),
            "treasures": self._treasures(state, values, best, interactive),
            "chips": self._chips(state, values),
            "caption": self._caption(state),
            "pending": bool(self.pending),
            "words": {
                "sheet": self._w("宝探しの紙", "the treasure-hunt sheet"),
                "dice": self._w("ダイス", "dice"),
                "treasures": self._w("宝物", "Treasures"),
                "cancel": self._w("やめる", "Cancel"),
                "earlier": self._w("以前の冒険", "earlier trips"),
            },
        }
        self.board.view = view

    def _rows(self, state: State) -> list[dict[str, Any]]:
        """Finished expeditions, struck out like on paper (the last five)."""
        rows = []
        for k, (mask, end) in enumerate(state.history):
            rows.append({"index": k + 1, "checks": numbers_of(mask), "label": self._end_label(end)})
        hidden = max(0, len(rows) - 5)
        return [{"index": 0, "checks": [], "label": f"+{hidden}", "more": True}] * bool(hidden) + rows[hidden:]

    def _end_label(self, end: str) -> str:
        try:
            action = self.game.parse_action(end)
        except IllegalAction:
            return end
        if isinstance(action, Bring):
            found = self.rules.treasure(action.treasure)
            name = self.treasure_name(found[1]) if found else action.treasure
            lift = self._w(f"・{action.lift} の×を消す", f", × on {action.lift} lifted") if action.lift else ""
            return self._w(f"{name}{lift}", f"{name}{lift}")
        if isinstance(action, Seal):
            return self._w(f"失敗 ×{action.number}", f"failed ×{action.number}")
        if isinstance(action, GiveUp):
            return self._w(f"あきらめ ×{action.number}", f"gave up ×{action.number}")
        return end

    def _dice(self, state: State) -> dict[str, Any]:
        if self._entry_open():
            shown = list(state.dice) + [p for p in self.entry[len(state.dice) :]]
            return {"values": shown[:2], "mode": "entry", "fixed": len(state.dice), "label": self._w("実物の目を入力", "enter the real dice")}
        if state.phase in ("check", "failed"):
            return {"values": list(state.dice), "mode": "rolled", "label": self._w("出た目", "the roll")}
        if state.phase == "roll":
            return {"values": list(state.dice) + [0] * (2 - len(state.dice)), "mode": "rolling", "label": ""}
        if state.phase == "over":
            return {"values": [], "mode": "none", "label": ""}
        if state.checked and len(state.dice) == 2:  # the roll behind this trip's last tick
            return {"values": list(state.dice), "mode": "last", "label": self._w("前回の目", "last roll")}
        return {"values": [0, 0], "mode": "none", "label": ""}

    def _treasures(self, state: State, values: Mapping[Any, float], best: float, interactive: bool) -> list[dict[str, Any]]:
        out = []
        eligible = set(self.game.eligible_treasures(state)) if state.phase == "ready" else set()
        for i, treasure in enumerate(self.rules.treasures):
            home = bool(state.treasures & (1 << i))
            options = [v for a, v in values.items() if isinstance(a, Bring) and a.treasure == treasure.key]
            value = max(options) if options else None
            progress = popcount(state.checked) if treasure.kind == "count" else longest_run(state.checked)
            out.append(
                {
                    "key": treasure.key,
                    "name": self.treasure_name(treasure),
                    "need": self.need_text(treasure),
                    "home": home,
                    "eligible": i in eligible,
                    "progress": f"{min(progress, treasure.need)}/{treasure.need}" if not home and state.phase != "over" else "",
                    "unseal": treasure.unseal,
                    "clickable": interactive and i in eligible,
                    "prob": percent(value) if value is not None else None,
                    "best": value is not None and value >= best - TIE,
                    "status": self._w("持ち帰った", "home") if home else (self._w("持ち帰れる", "earned") if i in eligible else ""),
                    "selected": bool(self.pending and self.pending[0] == "bring" and self.pending[1] == treasure.key),
                }
            )
        return out

    def _chips(self, state: State, values: Mapping[Any, float]) -> list[dict[str, str]]:
        seals = popcount(state.sealed)
        home = popcount(state.treasures)
        chips = [
            {"cls": "rb-trip", "text": self._w(f"冒険 {state.expedition}", f"Trip {state.expedition}") if state.phase != "over" else self._w(f"冒険 {len(state.history)} 回", f"{len(state.history)} trips")},
            {"cls": "rb-treasure-count", "text": self._w(f"宝物 {home}/{len(self.rules.treasures)}", f"treasures {home}/{len(self.rules.treasures)}")},
            {"cls": "rb-seal-count", "text": self._w(f"× {seals}/{self.rules.seal_limit}", f"× {seals}/{self.rules.seal_limit}")},
        ]
        if self.app.hint_on and state.phase != "over":
            now = self.advice().state_value(state)
            chips.append({"cls": "rb-win-prob rb-win-prob-current", "text": self._w(f"勝率 {percent(now)}", f"win {percent(now)}")})
        return chips

    def _caption(self, state: State) -> str:
        if state.phase == "over":
            return self._w("ゲーム終了", "Game over")
        if self._entry_open():
            return self._w(
                "実物のダイス 2 個の目を入力してください（ダイスをタップ、または下のボタン）。",
                "Enter what your two real dice show (tap a die, or use the buttons below).",
            )
        if not self._human_turn():
            return ""
        if state.phase == "check":
            a, b = state.dice
            return self._w(f"{a} と {b}: チェックする数字を選んでください（光っている数字か、下のボタン）。", f"{a} and {b}: choose what to tick (a glowing number, or a button below).")
        if state.phase == "failed":
            a, b = state.dice
            return self._w(f"{a} と {b} ではどの数字もチェックできません。冒険は失敗です。封印する数字を選んでください。", f"Nothing can be ticked with {a} and {b}: the trip fails. Choose the number to seal.")
        if self.pending and self.pending[0] == "give-up":
            return self._w("あきらめて帰ります。× を付ける数字を選んでください。", "Giving up: choose the number to cross out.")
        if self.pending and self.pending[0] == "bring":
            found = self.rules.treasure(self.pending[1])
            name = self.treasure_name(found[1]) if found else ""
            return self._w(f"{name}を持ち帰ります。消す × を選ぶか「消さない」を選んでください。", f"Bringing home the {name}: pick a × to lift, or keep them all.")
        if state.checked == 0:
            return self._w("新しい冒険です。ダイスをふって出発しましょう。", "A new trip: roll the dice to set out.")
        earned = self.game.eligible_treasures(state)
        if earned:
            return self._w("宝物を持ち帰れます。持ち帰るか、もっと良い宝物を狙ってふるか。", "A treasure is earned: bring it home, or roll on for a better one.")
        return self._w("次にふるか、あきらめて帰るか。", "Roll on, or give up and go home.")

    # ----- controls ---------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        return True  # every move has its own button or spot on the board

    def auto_roll(self, state: Any) -> bool:
        return True  # "roll" is the player's decision; the dice follow at once

    def _button(self, action: Any, classes: tuple[str, ...], values: Mapping[Any, float], best: float, label: str | None = None) -> w.Button:
        text = label or self.action_label(action)
        extra: tuple[str, ...] = ()
        if action in values:
            star = values[action] >= best - TIE
            text = ("★ " if star else "") + f"{text} · {percent(values[action])}"
            extra = ("rb-best",) if star else ()
        return self.app.fresh_button(text, classes + extra, lambda: self.app.play(action))

    def extra_controls(self) -> list[w.Widget]:
        state = self.state
        if self._entry_open():
            return self._entry_controls()
        if not self._human_turn():
            return []
        values = self.values()
        best = self._best(values)
        legal = self.game.legal_actions(state)
        out: list[w.Widget] = []
        if state.phase == "check":
            for action in legal:
                slug = "-".join(str(n) for n in action.numbers)
                out.append(self._button(action, ("rb-option", f"rb-option-{slug}"), values, best))
        elif state.phase == "failed":
            for action in legal:
                out.append(self._button(action, ("rb-seal", f"rb-seal-{action.number}"), values, best))
        elif state.phase == "ready" and self.pending and self.pending[0] == "give-up":
            for action in legal:
                if isinstance(action, GiveUp):
                    out.append(self._button(action, ("rb-give-up-number", f"rb-give-up-{action.number}"), values, best, self._w(f"{action.number} に ×", f"× on {action.number}")))
            out.append(self.app.fresh_button(self._w("やめる", "Cancel"), ("rb-cancel",), lambda: self._set_pending(None)))
        elif state.phase == "ready" and self.pending and self.pending[0] == "bring":
            key = self.pending[1]
            for action in legal:
                if isinstance(action, Bring) and action.treasure == key:
                    if action.lift:
                        label = self._w(f"{action.lift} の × を消す", f"Lift the × on {action.lift}")
                        out.append(self._button(action, ("rb-lift", f"rb-lift-{action.lift}"), values, best, label))
                    else:
                        out.append(self._button(action, ("rb-lift", "rb-lift-none"), values, best, self._w("× を消さない", "Keep every ×")))
            out.append(self.app.fresh_button(self._w("やめる", "Cancel"), ("rb-cancel",), lambda: self._set_pending(None)))
        elif state.phase == "ready":
            out.append(self._button(RollDice(), ("rb-go", "rb-primary"), values, best))
            shown: set[str] = set()
            for action in legal:
                if isinstance(action, Bring) and action.treasure not in shown:
                    shown.add(action.treasure)
                    out.append(self._bring_button(action.treasure, values, best))
            give_ups = {a: v for a, v in values.items() if isinstance(a, GiveUp)}
            text = self._w("あきらめて帰る…", "Give up…")
            extra: tuple[str, ...] = ()
            if give_ups:
                top = max(give_ups.values())
                star = top >= best - TIE
                text = ("★ " if star else "") + f"{text} · {self._w('最大', 'up to')} {percent(top)}"
                extra = ("rb-best",) if star else ()
            out.append(self.app.fresh_button(text, ("rb-give-up",) + extra, lambda: self._set_pending(("give-up",))))
        return out

    def _bring_button(self, key: str, values: Mapping[Any, float], best: float) -> w.Button:
        index, treasure = self.rules.treasure(key)  # type: ignore[misc]
        label = self._w(f"{self.treasure_name(treasure)}を持ち帰る", f"Bring home the {self.treasure_name(treasure)}")
        classes = ("rb-bring-home", f"rb-bring-home-{key}")
        if treasure.unseal and self.state.sealed:
            options = [v for a, v in values.items() if isinstance(a, Bring) and a.treasure == key]
            text = label + "…"
            extra: tuple[str, ...] = ()
            if options:
                star = max(options) >= best - TIE
                text = ("★ " if star else "") + f"{text} · {percent(max(options))}"
                extra = ("rb-best",) if star else ()
            return self.app.fresh_button(text, classes + extra, lambda: self._set_pending(("bring", key)))
        return self._button(Bring(key), classes, values, best, label)

    def _entry_controls(self) -> list[w.Widget]:
        state = self.state
        fixed = len(state.dice)
        for k, row in enumerate(self.entry_rows):
            label = w.HTML(f"<b>{html.escape(self._w(f'ダイス {k + 1}', f'Die {k + 1}'))}</b>")
            label.add_class("rb-entry-label")
            if k < fixed:
                row.children = (label, w.HTML(f"<b>{state.dice[k]}</b>"))
                continue
            buttons = []
            for pips in range(1, self.rules.faces + 1):
                chosen = self.entry[k] == pips
                button = self.app.fresh_button(str(pips), (f"rb-entry-{k + 1}-{pips}",) + (("rb-entry-chosen",) if chosen else ()), lambda k=k, pips=pips: self._set_entry(k, pips))
                if chosen:
                    button.button_style = "info"
                buttons.append(button)
            row.children = (label, *buttons)
        confirm = self.app.fresh_button(self._w("この目で決定", "Use these dice"), ("rb-entry-confirm", "rb-primary"), self.confirm_entry)
        self.entry_box.children = (*self.entry_rows, confirm)
        return [self.entry_box]

    def _set_entry(self, index: int, pips: int) -> None:
        if 0 <= index < 2 and 1 <= pips <= self.rules.faces:
            self.entry[index] = pips
        self.app.refresh()

    def confirm_entry(self) -> None:
        state = self.state
        if not self._entry_open():
            return
        needed = range(len(state.dice), 2)
        missing = [k + 1 for k in needed if not 1 <= self.entry[k] <= self.rules.faces]
        if missing:
            raise IllegalAction(
                "chance",
                f"ダイス {'・'.join(map(str, missing))} の目がまだ入っていません。",
                f"Die {' and '.join(map(str, missing))} has no number entered yet.",
            )
        moves = [Die(k + 1, self.entry[k]) for k in needed]
        self.entry = [0, 0]
        self.app.play_group(moves)

    # ----- board messages --------------------------------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        state = self.state
        if kind == "entry":
            index = _int(content.get("index"))
            if index is not None and self._entry_open() and len(state.dice) <= index < 2:
                self.entry[index] = self.entry[index] % self.rules.faces + 1
                self.app.refresh()
            return
        if kind == "cancel":
            self._set_pending(None)
            return
        if not self._human_turn():
            return
        if kind == "number":
            n = _int(content.get("n"))
            if n is None:
                return
            if state.phase == "check":
                self.app.play(Check((n,)))
            elif state.phase == "failed":
                self.app.play(Seal(n))
            elif state.phase == "ready" and self.pending and self.pending[0] == "give-up":
                self.app.play(GiveUp(n))
            elif state.phase == "ready" and self.pending and self.pending[0] == "bring":
                self.app.play(Bring(self.pending[1], n))
        elif kind == "option":
            numbers = content.get("numbers")
            if isinstance(numbers, list) and 1 <= len(numbers) <= 2 and all(type(n) is int for n in numbers):
                self.app.play(Check(tuple(numbers)))
        elif kind == "treasure":
            key = content.get("key")
            if not isinstance(key, str) or self.rules.treasure(key) is None:
                return
            index, treasure = self.rules.treasure(key)  # type: ignore[misc]
            if state.phase == "ready" and treasure.unseal and state.sealed and index in self.game.eligible_treasures(state):
                self._set_pending(("bring", key))
            else:
                self.app.play(Bring(key))

    # ----- text: status, log, outcome, hint ------------------------------------------------------------------------
    def status(self) -> str:
        state = self.state
        parts = [self._w(f"冒険 <b>{state.expedition}</b>", f"Trip <b>{state.expedition}</b>") if state.phase != "over" else self._w("終了", "Over")]
        parts.append(self._w(f"宝物 <b>{popcount(state.treasures)}</b>/{len(self.rules.treasures)}", f"Treasures <b>{popcount(state.treasures)}</b>/{len(self.rules.treasures)}"))
        parts.append(f"× <b>{popcount(state.sealed)}</b>/{self.rules.seal_limit}")
        return " · ".join(parts)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        e = html.escape
        trip = self._w(f"冒険 {before.expedition}: ", f"Trip {before.expedition}: ")
        if isinstance(action, RollDice):
            return None
        if isinstance(action, Die):
            if len(after.dice) < 2:
                return None
            a, b = after.dice
            line = self._w(f"ふった目 {a}・{b}", f"rolled {a} and {b}")
            if after.phase == "failed":
                line += self._w("（チェックできる数字なし）", " (nothing can be ticked)")
            return e(trip + line)
        if isinstance(action, Check):
            return e(trip + self.action_label(action, before.dice))
        if isinstance(action, Seal):
            line = self._w(f"失敗。{action.number} を封印（× {popcount(after.sealed)}）", f"failed; sealed {action.number} (× {popcount(after.sealed)})")
        elif isinstance(action, GiveUp):
            line = self._w(f"あきらめて {action.number} を封印（× {popcount(after.sealed)}）", f"gave up; sealed {action.number} (× {popcount(after.sealed)})")
        elif isinstance(action, Bring):
            found = self.rules.treasure(action.treasure)
            name = self.treasure_name(found[1]) if found else action.treasure
            line = self._w(f"{name}を持ち帰った（宝物 {popcount(after.treasures)}）", f"brought home the {name} ({popcount(after.treasures)} treasures)")
            if action.lift:
                line += self._w(f"。{action.lift} の × を消した", f"; lifted the × on {action.lift}")
        else:
            return e(str(action))
        end = f" — <b>{e(after.result.summary(self.lang))}</b>" if after.result else ""
        return e(trip + line) + end

    def outcome_html(self, outcome: Outcome) -> str:
        e = html.escape
        state = self.state
        won = bool(outcome.winners)
        home = [self.treasure_name(t) for i, t in enumerate(self.rules.treasures) if state.treasures & (1 << i)]
        names = self._w("、", ", ").join(home) if home else "—"
        listing = self._w("持ち帰った宝物: ", "Treasures home: ") + names
        return (
            f"<div class='rb-outcome-summary rb-{'won' if won else 'lost'}' data-result='{'win' if won else 'lose'}'>{e(outcome.summary(self.lang))}</div>"
            f"<div class='rb-outcome-treasures'>{e(listing)}</div>"
        )

    def hint_html(self) -> str:
        state = self.state
        if state.phase == "over" or not self._human_turn():
            return ""
        e = html.escape
        advice = self.advice()
        now = advice.state_value(state)
        start = advice.start_value()
        values = self.values()
        parts = [
            e(self._w("いまの勝率（最善に遊んだ場合）: ", "Chance to win from here with best play: "))
            + f"<b class='rb-win-prob rb-win-prob-now'>{percent(now)}</b>"
            + e(self._w(f"（まっさらな紙からは {percent(start)}）", f" (from a fresh sheet: {percent(start)})"))
        ]
        if values:
            top = max(values.values())
            bests = [a for a, v in values.items() if v >= top - TIE]
            names = self._w("、", ", ").join(self.action_label(a) for a in bests[:3])
            more = self._w(f" ほか {len(bests) - 3} 手", f" and {len(bests) - 3} more") if len(bests) > 3 else ""
            parts.append(e(self._w(f"最善: {names}{more}", f"Best: {names}{more}")) + f" <span class='rb-win-prob'>{percent(top)}</span>")
            parts.append(e(self._w("ボタンと紙の数字に、その手を選んだあとの勝率を表示しています（★ が最善）。", "Buttons and numbers show the chance to win after that choice (★ = best).")))
        return "<br>".join(parts)


__all__ = ["TreasureBoard", "View", "percent"]
