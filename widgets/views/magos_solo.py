"""The Magos solo patch page: the notice, the turn with its fixed enemy dice, HP, face table and dice table.

The board (top) shows the turn, the enemy's dice from the patch's table,
each die's effect and the totals, and the enemy's HP with its input; the
sheet (below the buttons) holds the editable face table and the patch's
table with the current row highlighted. Everything drawn comes from the
engine's observation; every click becomes an engine action through
``GameApp``.
"""

from __future__ import annotations

import html
from typing import Any, Mapping

import anywidget
import ipywidgets as w
import traitlets

from rulebook.core import HUMAN, IllegalAction, Outcome
from rulebook.games.magos_solo.actions import Attack, Lose, Next, Prev, Recover, ResetFaces, SetFace, SetHp, Win, parse
from rulebook.games.magos_solo.game import MAX_HP, State, effect_text
from rulebook.games.magos_solo.table import (
    CHOICES,
    DICE_TABLE,
    FACES,
    LOOP_FIRST,
    LOOP_LAST,
    PRESETS,
    Effect,
    counted,
    resolve,
    row_dice,
    table_row,
    turn_result,
)

from ..base import asset, esm
from .base import BaseView

PREVIEW_TURNS = 3


class MagosBoard(anywidget.AnyWidget):
    """The turn, its dice and effects, the enemy's HP (``view["part"] == "board"``)."""

    _esm = esm("dice.js", "magos_solo.js")
    _css = asset("app.css", "magos_solo.css")
    view = traitlets.Dict().tag(sync=True)


class MagosSheet(anywidget.AnyWidget):
    """The face table editor and the patch's dice table (``view["part"] == "sheet"``)."""

    _esm = esm("dice.js", "magos_solo.js")
    _css = asset("app.css", "magos_solo.css")
    view = traitlets.Dict().tag(sync=True)


def _dice_text(dice: tuple[int, ...]) -> str:
    return "-".join(str(p) for p in dice)


class View(BaseView):
    """Magos solo's part of the page (``BaseView`` documents each hook)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.notice = w.HTML()
        self.notice.add_class("rb-magos-notice")
        self.board = MagosBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.app.guarded(self._on_message))
        self.sheet = MagosSheet()
        self.sheet.add_class("rb-sheet-widget")
        self.sheet.on_msg(self.app.guarded(self._on_message))
        self.widget = w.VBox([self.notice, self.board])
        self.panel = self.sheet
        self.enemy_input = w.Dropdown()
        self.enemy_input.add_class("rb-enemy")
        self.turn5_input = w.Dropdown()
        self.turn5_input.add_class("rb-turn5")
        self._set_option_labels()
        self.options_widget = w.VBox([self.enemy_input, self.turn5_input])

    # ----- words ---------------------------------------------------------------------------
    def effect(self, effect: Effect) -> str:
        return effect_text(effect, self.lang)

    def set_lang(self, lang: str) -> None:
        self._set_option_labels()

    def _set_option_labels(self) -> None:
        enemy, turn5 = self.enemy_input.value or "dummy", self.turn5_input.value or "5-6"
        self.enemy_input.options = [
            (self._w("練習用ダミー（HP 10）", "Practice dummy (HP 10)"), "dummy"),
            (self._w("自分で入力する敵", "An enemy of your own"), "custom"),
        ]
        self.enemy_input.value = enemy
        self.enemy_input.description = self._w("敵", "Enemy")
        self.turn5_input.options = [("5-6", "5-6"), ("5-6-6-6", "5-6-6-6")]
        self.turn5_input.value = turn5
        self.turn5_input.description = self._w("5 ターン目", "Turn 5")

    # ----- options -------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        return {"enemy": self.enemy_input.value or "dummy", "turn5": self.turn5_input.value or "5-6"}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.enemy_input.value = options.get("enemy", "dummy")
        self.turn5_input.value = options.get("turn5", "5-6")

    # ----- reading the match --------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.app.match.state

    def _interactive(self) -> bool:
        match = self.app.match
        return match.waiting_for_user() and match.current_player >= 0

    def _at(self) -> int:
        return len(self.app.match.actions)

    def _row_text(self, turn: int) -> str:
        row = table_row(turn)
        if turn > len(DICE_TABLE):
            return self._w(
                f"表の {row} 行目（9 ターン目から {LOOP_FIRST}〜{LOOP_LAST} 行目をくり返し）",
                f"row {row} of the table (from turn 9, rows {LOOP_FIRST}-{LOOP_LAST} repeat)",
            )
        return self._w(f"表の {row} 行目", f"row {row} of the table")

    def _damage_text(self, damage: int) -> str:
        return self._w(f"{damage} ダメージ", f"{damage} damage")

    def _hp_text(self, state: State) -> str:
        if not state.tracked:
            return self._w("記録しない", "not tracked")
        return f"{state.hp} / {state.hp_max}"

    # ----- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        self.notice.value = (
            '<div class="rb-notice-box rb-base-missing">'
            + html.escape(
                self._w(
                    "原典にあるのは 1 人用モードの調整パッチ v1.1 だけで、マゴス本体のルールは載っていません。"
                    "このページはゲームそのものではなく、パッチの「敵ダイス表」をターンごとに引くための補助です。",
                    "The source holds only balance patch v1.1 of the solo mode: the rules of Magos itself are not in it. "
                    "This page is not the game; it looks up the patch's enemy dice table turn by turn.",
                )
            )
            + "</div>"
        )
        interactive = self._interactive()
        result = turn_result(state.turn, state.faces, state.long5)
        dice = []
        for pips, count, effect in zip(result.dice, result.counts, result.effects):
            text = self.effect(effect) if count else self._w("6 は 1 個分: 数えない", "extra 6: not counted")
            dice.append({"pips": pips, "counted": count, "kind": effect.kind, "text": text})
        extras = []
        if result.heal:
            extras.append(self._w(f"敵が HP {result.heal} 回復", f"enemy heals {result.heal}"))
        if result.specials:
            extras.append(self._w(f"特殊効果 {result.specials} 回（敵カード参照）", f"special × {result.specials} (see the card)"))
        if state.tracked and state.dealt:
            extras.append(self._w(f"このターンに与えたダメージ {state.dealt}", f"you dealt {state.dealt} this turn"))
        words = {
            "total": self._w("このターンにあなたが受けるダメージ", "Damage to you this turn"),
            "enemy_hp": self._w("敵の HP", "Enemy HP"),
            "attack": self._w("与えたダメージを記録", "Record damage dealt"),
            "recover": self._w("敵の回復を記録", "Record enemy healing"),
            "set_hp": self._w("HP を設定（0 = 記録しない）", "Set HP (0 = don't track)"),
            "amount": self._w("量", "amount"),
            "hp_help": self._w(
                "数を入れてからボタンを押します。HP が 0 になると勝ちです。",
                "Type a number, then press a button. The enemy falls at 0 HP.",
            ),
        }
        self.board.view = {
            "part": "board",
            "words": words,
            "at": self._at(),
            "interactive": interactive,
            "turn": state.turn,
            "turn_text": self._w(f"{state.turn} ターン目", f"Turn {state.turn}"),
            "row_text": self._row_text(state.turn) + " · " + self._w("敵のダイス", "enemy dice") + " " + _dice_text(result.dice),
            "dice": dice,
            "damage": result.damage,
            "damage_text": self._damage_text(result.damage),
            "extras": extras,
            "hp": state.hp if state.tracked else None,
            "hp_max": state.hp_max if state.tracked else 0,
            "hp_text": self._hp_text(state),
            "max_amount": MAX_HP,
            "amount_default": 1 if state.tracked else 10,
        }
        self._draw_sheet(interactive)

    def _draw_sheet(self, interactive: bool) -> None:
        state = self.state
        used = set(turn_result(state.turn, state.faces, state.long5).dice)
        faces = [
            {
                "face": n,
                "value": str(state.faces[n - 1]),
                "used": n in used,
                "label": self._w(f"面 {n}", f"Face {n}"),
            }
            for n in range(1, FACES + 1)
        ]
        choices = [{"value": str(e), "label": self.effect(e)} for e in CHOICES]
        current = table_row(state.turn)
        rows = []
        for row in range(1, len(DICE_TABLE) + 1):
            dice = row_dice(row, state.long5)
            res = resolve(dice, state.faces)
            turns = str(row)
            if row >= LOOP_FIRST:
                later = [t for t in range(len(DICE_TABLE) + 1, len(DICE_TABLE) + 7) if table_row(t) == row]
                turns += ", " + ", ".join(str(t) for t in later) + "…"
            note = ""
            if row == 5:
                note = self._w("（5-6-6-6 でも同じ）", "(5-6-6-6 is the same)") if not state.long5 else self._w("（= 5-6）", "(= 5-6)")
            extra = []
            if res.heal:
                extra.append(self._w(f"回復 {res.heal}", f"heal {res.heal}"))
            if res.specials:
                extra.append(self._w(f"特殊 {res.specials}", f"special {res.specials}"))
            rows.append(
                {
                    "row": row,
                    "turns": turns,
                    "dice": list(dice),
                    "counted": list(counted(dice)),
                    "note": note,
                    "current": row == current,
                    "damage_text": " · ".join([self._damage_text(res.damage)] + extra),
                }
            )
        words = {
            "faces_title": self._w("敵の出目表（面ごとの効果）", "The enemy's face table (what each face does)"),
            "faces_help": self._w(
                "赤い枠の面が、このターンの敵のダイスに出ている面です。変えるとすぐに結果へ反映されます。",
                "Faces framed in red show on the enemy's dice this turn. A change applies at once.",
            ),
            "reset": self._w("出目表を初期設定に戻す", "Reset the table"),
            "table_title": self._w("パッチのダイス表（全ての敵で共通）", "The patch's dice table (every enemy)"),
            "col_turn": self._w("ターン", "Turn"),
            "col_dice": self._w("敵のダイス", "Enemy dice"),
            "col_damage": self._w("この出目表で", "With this table"),
        }
        self.sheet.view = {
            "part": "sheet",
            "words": words,
            "at": self._at(),
            "interactive": interactive,
            "turn": state.turn,
            "faces": faces,
            "choices": choices,
            "can_reset": state.faces != PRESETS[state.preset][0],
            "rows": rows,
            "looped": state.turn > len(DICE_TABLE),
            "loop_text": self._w(
                f"9 ターン目から: {LOOP_FIRST}〜{LOOP_LAST} 行目をくり返す",
                f"From turn 9: rows {LOOP_FIRST} to {LOOP_LAST} repeat",
            ),
        }

    # ----- controls -------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Every move has its own control (buttons below, inputs on the board and sheet)."""
        return True

    def extra_controls(self) -> list[w.Widget]:
        if not self._interactive():
            return []
        state = self.state
        buttons = []
        if state.turn > 1:
            buttons.append(self.app.fresh_button(self._w("← 前のターン", "← Previous turn"), ("rb-prev-turn",), lambda: self.app.play(Prev())))
        buttons.append(
            self.app.fresh_button(self._w("次のターン →", "Next turn →"), ("rb-next-turn", "rb-primary"), lambda: self.app.play(Next()))
        )
        if not state.tracked:
            buttons.append(self.app.fresh_button(self._w("敵を倒した", "Enemy defeated"), ("rb-win",), lambda: self.app.play(Win())))
        buttons.append(self.app.fresh_button(self._w("倒された", "I was defeated"), ("rb-lose",), lambda: self.app.play(Lose())))
        return buttons

    def action_label(self, action: Any) -> str:
        return str(action)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "face":
            face, effect = content.get("face"), content.get("effect")
            if type(face) is not int or not isinstance(effect, str) or len(effect) > 20:
                raise IllegalAction("faces", "面と効果を選んでください。", "Choose a face and an effect.")
            self.app.play(parse(f"face {face} {effect}"))
            return
        if kind not in ("reset", "attack", "recover", "hp"):
            return
        if content.get("at") != self._at():
            return  # drawn for an earlier state: a double tap or a stale page
        if kind == "reset":
            self.app.play(ResetFaces())
            return
        amount = content.get("amount")
        if type(amount) is not int:
            raise IllegalAction("enemy-hp", "数を入力してください。", "Type a number first.")
        if not 0 <= amount <= 999:
            raise IllegalAction("enemy-hp", f"0〜{MAX_HP} の数を入力してください。", f"Type a number from 0 to {MAX_HP}.")
        self.app.play({"attack": Attack, "recover": Recover, "hp": SetHp}[kind](amount))

    # ----- text: status, log, outcome, hint ---------------------------------------------------------
    def status(self) -> str:
        state = self.state
        parts = [
            self._w(f"<b class='rb-turn'>{state.turn}</b> ターン目", f"Turn <b class='rb-turn'>{state.turn}</b>"),
            html.escape(
                self._w(f"表の {table_row(state.turn)} 行目", f"row {table_row(state.turn)}")
                + (self._w("（くり返し）", " (loop)") if state.turn > len(DICE_TABLE) else "")
            ),
        ]
        if state.tracked:
            parts.append(self._w("敵 HP ", "enemy HP ") + f"<b class='rb-status-hp'>{state.hp}/{state.hp_max}</b>")
        if self.app.match.seats and self.app.match.seats[0] != HUMAN:
            parts.append(html.escape(self._w("自動進行", "autoplay")))
        return " · ".join(parts)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        e = html.escape
        if isinstance(action, (Next, Prev)):
            res = turn_result(after.turn, after.faces, after.long5)
            effects = ", ".join(self.effect(x) if c else self._w("（数えない 6）", "(extra 6)") for x, c in zip(res.effects, res.counts))
            verb = self._w(f"{after.turn} ターン目へ", f"turn {after.turn}") if isinstance(action, Next) else self._w(
                f"{after.turn} ターン目に戻る", f"back to turn {after.turn}"
            )
            return e(f"{verb}: {_dice_text(res.dice)} → {effects}" + self._w(f"（計 {res.damage} ダメージ）", f" (total {res.damage} damage)"))
        if isinstance(action, SetFace):
            return e(self._w(f"面 {action.face} を「{self.effect(action.effect)}」に", f"face {action.face} → {self.effect(action.effect)}"))
        if isinstance(action, ResetFaces):
            return e(self._w("出目表を初期設定に戻す", "face table reset"))
        if isinstance(action, SetHp):
            if action.hp == 0:
                return e(self._w("敵の HP を記録しない", "enemy HP no longer tracked"))
            return e(self._w(f"敵の HP を {action.hp} に設定", f"enemy HP set to {action.hp}"))
        if isinstance(action, Attack):
            return e(self._w(f"敵に {action.amount} ダメージ（HP {after.hp}/{after.hp_max}）", f"dealt {action.amount} (enemy HP {after.hp}/{after.hp_max})")) + self._end_note(after)
        if isinstance(action, Recover):
            return e(self._w(f"敵が {action.amount} 回復（HP {after.hp}/{after.hp_max}）", f"enemy healed {action.amount} (HP {after.hp}/{after.hp_max})"))
        if isinstance(action, (Win, Lose)):
            return e(self._w("敵を倒した", "enemy defeated") if isinstance(action, Win) else self._w("倒された", "defeated")) + self._end_note(after)
        return e(str(action))

    def outcome_html(self, outcome: Outcome) -> str:
        e = html.escape
        result = outcome.get("result")
        parts = [f"<div class='rb-outcome-summary' data-result='{e(str(result))}'>{e(outcome.summary(self.lang))}</div>"]
        if outcome.get("hp_max"):
            parts.append(f"<div>{e(self._w('敵の HP', 'Enemy HP'))} {outcome.get('hp')}/{outcome.get('hp_max')}</div>")
        return "".join(parts)

    def hint_html(self) -> str:
        state = self.state
        e = html.escape
        lines = [e(self._w("この先の敵のダイス（パッチで決まっています）:", "The enemy's coming dice (fixed by the patch):"))]
        for turn in range(state.turn + 1, state.turn + 1 + PREVIEW_TURNS):
            res = turn_result(turn, state.faces, state.long5)
            lines.append(
                e(self._w(f"{turn} ターン目: {_dice_text(res.dice)} → {res.damage} ダメージ", f"turn {turn}: {_dice_text(res.dice)} → {res.damage} damage"))
            )
        cycle = sum(resolve(row_dice(r, state.long5), state.faces).damage for r in range(LOOP_FIRST, LOOP_LAST + 1))
        lines.append(
            e(self._w(f"くり返し（{LOOP_FIRST}〜{LOOP_LAST} 行目）1 周で {cycle} ダメージ", f"one pass over rows {LOOP_FIRST}-{LOOP_LAST}: {cycle} damage"))
        )
        return "<br>".join(lines)


__all__ = ["MagosBoard", "MagosSheet", "View"]
