"""The Puniu Dice page: five dice with holds, Re-roll, categories and every seat's sheet.

Everything drawn comes from the engine's observation (and ``hint.advise``
for the hint values); every click becomes an engine action through
``GameApp``. Which dice are held is page state (the engine's ``Reroll``
names the released dice); it lasts for the seat's turn.
"""

from __future__ import annotations

import html
from typing import Any, Mapping

import anywidget
import ipywidgets as w
import traitlets

from rulebook.core import CHANCE, HUMAN, IllegalAction, Outcome
from rulebook.games.puniu.actions import Reroll, Roll, Score
from rulebook.games.puniu.game import DICE, TURNS, State, category_label
from rulebook.games.puniu.hint import advise, first_roll_value, turn_values
from rulebook.games.puniu.scoring import CATEGORIES, band, cancel_count, category_score

from ..base import asset, esm
from .base import BaseView, require_all_pips


class PuniuBoard(anywidget.AnyWidget):
    """Dice + Re-roll + categories + sheets; clicks come back as messages."""

    _esm = esm("dice.js", "puniu.js")
    _css = asset("app.css", "puniu.css")
    view = traitlets.Dict().tag(sync=True)
    part = traitlets.Unicode("all").tag(sync=True)
    """What this widget draws: "play" (dice, Re-roll, categories), "sheet" (score sheets) or "all"."""


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


class View(BaseView):
    """Puniu Dice's part of the page (``BaseView`` documents each hook)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.board = PuniuBoard(part="play")
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.app.guarded(self._on_message))
        self.sheet = PuniuBoard(part="sheet")
        self.sheet.add_class("rb-sheet-widget")
        self.sheet.on_msg(self.app.guarded(self._on_message))
        self.widget = self.board
        self.panel = self.sheet
        self.held: set[int] = set()
        self._hold_key: tuple | None = None
        self.kind_face = 0
        self._face_key: tuple | None = None
        self.build_dice_entry()
        self._entry_key: tuple | None = None
        self.players_input = w.Dropdown(options=list(range(1, 7)), value=1)
        self.players_input.add_class("rb-players")
        self.players_input.observe(self.app.guarded(lambda _: self.app.seats_changed()), "value")
        self.options_widget = w.VBox([self.players_input])
        self.set_lang(self.lang)

    # ----- options and seats ------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.players_input.description = self._w("人数", "Players")

    def options(self) -> dict[str, Any]:
        return {"players": int(self.players_input.value)}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.players_input.value = int(options.get("players", 1))

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        return [HUMAN] + ["hint"] * (int(options.get("players", 1)) - 1)

    def auto_roll(self, state: State) -> bool:
        """Re-rolls roll at once; so does a bot's turn while a person plays too."""
        if state.rolls > 1:
            return True
        match = self.app.match
        return match.is_bot(state.turn) and any(kind == HUMAN for kind in match.seats)

    # ----- reading the match ----------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.app.match.state

    def _human_turn(self) -> bool:
        match = self.app.match
        return match.waiting_for_user() and match.current_player >= 0

    def _entering(self) -> bool:
        match = self.app.match
        return match.table and match.current_player == CHANCE

    def seat_name(self, seat: int) -> str:
        match = self.app.match
        if len(match.seats) == 1:
            return self._w("あなた", "You")
        kind = match.seats[seat] if seat < len(match.seats) else HUMAN
        who = "" if kind == HUMAN else self._w("（ボット）", " (bot)")
        return self._w(f"席{seat + 1}", f"Seat {seat + 1}") + who

    def _prefix(self, seat: int) -> str:
        return "" if len(self.app.match.seats) == 1 else self.seat_name(seat) + ": "

    def cat(self, category: str, face: int = 0) -> str:
        return category_label(category, face, self.lang)

    def _sync_page_state(self) -> None:
        """Holds last for the seat's turn; Kind's face follows the dice; entries follow the state."""
        state = self.state
        key = (state.round, state.turn, len(state.sheets))
        if key != self._hold_key:
            self._hold_key, self.held = key, set()
        face_key = (key, state.dice)
        if face_key != self._face_key:
            self._face_key = face_key
            self.kind_face = self._best_face(state.dice) if not state.rolling else 0
        entry_key = (len(self.app.match.actions), state.dice)
        if entry_key != self._entry_key:
            self._entry_key = entry_key
            self.entry = [0] * state.dice.count(0) if self._entering() else []

    @staticmethod
    def _best_face(dice: tuple[int, ...]) -> int:
        """Kind's default face: the least penalty (ties: the higher face)."""
        return max(range(1, 7), key=lambda f: (f * dice.count(f), f))

    def _advice(self):
        state = self.state
        sheet = state.sheets[state.turn]
        return advise(sheet.entries, state.dice, state.rerolls_left)

    # ----- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._sync_page_state()
        state, match = self.state, self.app.match
        over = state.result is not None
        seat = state.turn
        words = {
            "dice": self._w("ダイス", "dice"),
            "category": self._w("役", "Category"),
            "kind_face": self._w("カインドの目:", "Kind's face:"),
        }
        view: dict[str, Any] = {"words": words, "ply": len(match.actions), "seat": None if over else seat, "interactive": False}
        human = self._human_turn()
        hint = self.app.hint_on and human
        advice = self._advice() if hint else None
        dice = []
        if self._entering():
            view["mode"] = "entry"
            pending = [k for k, d in enumerate(state.dice) if d == 0]
            for k, d in enumerate(state.dice):
                if d == 0:
                    j = pending.index(k)
                    dice.append({"pips": self.entry[j] if j < len(self.entry) else 0, "entry": True, "entry_index": j, "held": False, "label": ""})
                else:
                    dice.append({"pips": d, "held": True, "label": self._w("キープ", "held")})
            view["caption"] = self._prefix(seat) + self._w(
                "実物のダイスをふって目を入力します。点線のダイスをタップすると目が 1 つ進みます（下の欄に数字を続けて打っても入ります）。",
                "Roll real dice and enter them: tap a dashed die to step its pips, or type the digits in the box below.",
            )
        elif over:
            view["mode"] = "over"
            last = state.last
            dice = [{"pips": p, "held": False, "label": ""} for p in (last.dice if last else (0,) * DICE)]
            view["caption"] = self._w("ゲーム終了。取り消し線の得点はペナルティで消えたものです。", "Game over. Struck-through scores were cancelled by the penalty bands.")
        elif state.rolling:
            view["mode"] = "roll"
            dice = [{"pips": d, "held": d != 0 and state.rolls > 1, "pending": True, "label": ""} for d in state.dice]
            view["caption"] = self._last_caption() + self._w(
                f"{self._prefix(seat)}「ダイスをふる」で {state.round} 手番目を始めます。",
                f"{self._prefix(seat)}Press 'Roll the dice' to start turn {state.round}.",
            )
        else:
            view["mode"] = "decide" if human else "watch"
            view["interactive"] = human  # with no re-rolls left a tap on a die explains why it cannot be held
            suggest: set[int] = set()
            if advice is not None and advice.best[0] == "reroll":
                suggest = set(range(DICE)) - set(advice.best[1])  # type: ignore[arg-type]
            for k, d in enumerate(state.dice):
                held = k in self.held
                dice.append(
                    {
                        "pips": d,
                        "held": held,
                        "suggest": k in suggest and not held,
                        "label": self._w("キープ", "HOLD") if held else "",
                        "title": self._w(f"ダイス {k + 1}: {d}", f"die {k + 1}: {d}"),
                    }
                )
            if human:
                self._decide_view(view, advice)
            else:
                view["caption"] = self._w(f"{self.seat_name(seat)} が考えています…", f"{self.seat_name(seat)} is thinking…")
        view["dice"] = dice
        view.update(self._sheets_view(human and not state.rolling and not over))
        self.board.view = view
        self.sheet.view = view
        self.entry_confirm.description = self._w("この目で決定", "Use these dice")
        self.entry_text.placeholder = self._w("例: 55542", "e.g. 55542")
        self.entry_text.description = self._w("目", "Pips")

    def _last_caption(self) -> str:
        last = self.state.last
        if last is None:
            return ""
        faces = " ".join(str(p) for p in last.dice)
        return self._w(
            f"{self._prefix(last.seat)}{faces} を {self.cat(last.category, last.face)} に記入（得点 {last.score}・失点 {last.penalty}）。",
            f"{self._prefix(last.seat)}wrote {faces} as {self.cat(last.category, last.face)} (score {last.score}, penalty {last.penalty}). ",
        )

    def _decide_view(self, view: dict[str, Any], advice: Any) -> None:
        state = self.state
        sheet = state.sheets[state.turn]
        left = state.rerolls_left
        released = [k for k in range(DICE) if k not in self.held]
        view["reroll_enabled"] = left > 0 and bool(released)
        view["reroll_label"] = self._w(f"振り直す（残り {left} 回）", f"Re-roll ({left} left)")
        values = {}
        if advice is not None:
            values = {(c.category, c.face): c.value for c in advice.categories}
            if left > 0 and released:
                current = next(h for h in advice.holds if h.rerolled == tuple(released))
                view["reroll_value"] = self._w(f"このキープの値 ≈ {current.value:.1f}", f"this hold ≈ {current.value:.1f}")
        best_option = advice.best[1] if advice is not None and advice.best[0] == "score" else None
        cats = []
        for category, entry in zip(CATEGORIES, sheet.entries):
            face = self.kind_face if category == "kind" else 0
            item: dict[str, Any] = {"key": category, "label": self.cat(category, face), "face": face, "open": entry is None}
            if entry is None:
                s, p = category_score(state.dice, category, face or None)
                item["preview"] = f"{s} / −{p}"
                item["title"] = self._w(f"得点 {s}・失点 {p}", f"score {s}, penalty {p}")
                if (category, face) in values:
                    item["value"] = f"≈ {values[(category, face)]:.1f}"
                item["best"] = best_option == (category, face)
            else:
                item["preview"] = self._w("記入済み", "used")
            cats.append(item)
        view["categories"] = cats
        view["kind_open"] = sheet.entries[CATEGORIES.index("kind")] is None
        view["kind_face"] = self.kind_face
        if left > 0:
            caption = self._w(
                f"ダイスをタップしてキープ／解除し、「振り直す」（残り {left} 回）。またはいま役を選びます。",
                f"Tap dice to hold or release them, then Re-roll ({left} left) — or choose a category now.",
            )
        else:
            caption = self._w("振り直しはもうできません。役を選んでください。", "No re-rolls left: choose a category.")
        view["caption"] = self._prefix(state.turn) + caption

    def _sheets_view(self, clickable_turn: bool) -> dict[str, Any]:
        state = self.state
        result = state.result
        winners = set(result.winners) if result else set()
        struck_final = dict(enumerate(result.get("cancelled", ()))) if result else {}
        sheets = []
        for s, sheet in enumerate(state.sheets):
            at_risk = set(sheet.cancelled())
            struck = set(struck_final.get(s, ())) if result else set()
            penalty = sheet.penalty()
            k = cancel_count(penalty)
            cells = []
            for r, (category, entry) in enumerate(zip(CATEGORIES, sheet.entries)):
                last = state.last is not None and state.last.seat == s and state.last.category == category and result is None
                if entry is None:
                    cell: dict[str, Any] = {"empty": True}
                    if clickable_turn and s == state.turn:
                        face = self.kind_face if category == "kind" else 0
                        sc, pe = category_score(state.dice, category, face or None)
                        cell.update(clickable=True, preview=f"{sc} −{pe}", title=self._w(f"{self.cat(category, face)} に記入", f"write as {self.cat(category, face)}"))
                    cells.append(cell)
                    continue
                face = sheet.kind_face if category == "kind" else 0
                cells.append(
                    {
                        "score": entry[0],
                        "penalty": entry[1],
                        "face": face,
                        "struck": r in struck,
                        "at_risk": result is None and r in at_risk,
                        "last": last,
                        "title": self._w(f"得点 {entry[0]}・失点 {entry[1]}", f"score {entry[0]}, penalty {entry[1]}"),
                    }
                )
            low, high = band(penalty)
            if k == 0:
                band_text = self._w("≤30 なし", "≤30 none")
            elif high is None:
                band_text = self._w("101+ 全部", "101+ all")
            else:
                band_text = self._w(f"{low}〜{high} 上位{k}", f"{low}–{high} top {k}")
            sheets.append(
                {
                    "name": self.seat_name(s),
                    "cells": cells,
                    "penalty": str(penalty),
                    "band": band_text,
                    "band_level": 0 if k == 0 else (1 if k <= 2 else 2),
                    "final": str(sheet.final()),
                    "active": result is None and s == state.turn,
                    "winner": s in winners and len(state.sheets) > 1,
                }
            )
        rows = [{"key": c, "label": self.cat(c)} for c in CATEGORIES]
        final_label = self._w("最終得点", "Final") if result else self._w("いま終われば", "If it ended now")
        totals = [
            ("penalty", self._w("失点合計", "Penalty total")),
            ("band", self._w("ペナルティ", "Band")),
            ("final", final_label),
        ]
        legend = (
            self._w("取り消し線: ペナルティで消えた得点。", "Struck through: cancelled by the penalty bands.")
            if result
            else self._w(
                "点線の取り消し線: いま終わったら消える得点。数字は 得点・−失点。",
                "Dashed strike: would be cancelled if the game ended now. Cells read score −penalty.",
            )
        )
        return {"sheets": sheets, "rows": rows, "totals": totals, "legend": legend}

    # ----- controls -------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        return isinstance(action, (Roll, Reroll, Score))

    def extra_controls(self) -> list[w.Widget]:
        if self._entering():
            if self.entry and all(self.entry):
                self.entry_text.value = "".join(str(p) for p in self.entry)
            return [self.entry_text, self.entry_confirm]
        return []

    # ----- board messages -----------------------------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        ply = content.get("ply")
        if ply is not None and ply != len(self.app.match.actions):
            return  # a click on a drawing that is gone (double tap): ignore it
        kind = content.get("type")
        state = self.state
        if kind == "entry":
            index = _int(content.get("index"))
            if self._entering() and index is not None and 0 <= index < len(self.entry):
                self.entry[index] = self.entry[index] % 6 + 1
                self.app.refresh()
            return
        if kind not in ("hold", "reroll", "score", "face"):
            return
        if not self._human_turn():
            raise IllegalAction(
                "turn",
                "いまはあなたが選ぶ場面ではありません。",
                "It is not your move right now.",
            )
        if kind == "hold":
            die = _int(content.get("die"))
            if die is None or not 0 <= die < DICE:
                raise IllegalAction("reroll", f"ダイス {str(content.get('die'))[:10]} はありません（1〜5）。", f"There is no die {str(content.get('die'))[:10]} (1-5).")
            if state.rerolls_left <= 0:
                raise IllegalAction("reroll", "振り直しはもうできないので、キープも選べません。役を選んでください。", "No re-rolls left, so there is nothing to hold: choose a category.")
            self.held ^= {die}
            self.app.refresh()
        elif kind == "reroll":
            self.reroll()
        elif kind == "face":
            face = _int(content.get("face"))
            if face is None or not 1 <= face <= 6:
                raise IllegalAction("cat-kind", "カインドの目は 1〜6 から選びます。", "Kind's face is one of 1 to 6.")
            self.kind_face = face
            self.app.refresh()
        else:
            category = content.get("category")
            face = _int(content.get("face")) or 0
            if category == "kind" and not face:
                face = self.kind_face
            self.app.play(Score(category if isinstance(category, str) else str(category)[:20], face))

    def reroll(self) -> None:
        """Re-roll every die that is not held (the engine refuses an empty re-roll)."""
        released = tuple(k for k in range(DICE) if k not in self.held)
        self.app.play(Reroll(released))

    def _on_entry_text(self, change: Mapping[str, Any]) -> None:
        if not self._entering():
            return
        self.fill_entry(change["new"], "、点線のダイスの左から順に", "one per dashed die from the left")

    def confirm_entry(self) -> None:
        if not self._entering():
            return
        require_all_pips(self.entry)
        pending = [k for k, d in enumerate(self.state.dice) if d == 0]
        rolls = [Roll(k, p) for k, p in zip(pending, self.entry)]
        self.entry = []
        self.entry_text.value = ""
        self.app.play_group(rolls)

    # ----- text: status, log, outcome, hint ------------------------------------------------------------------------
    def status(self) -> str:
        state, match = self.state, self.app.match
        parts = [self._w(f"手番 <b>{state.round}</b>/{TURNS}", f"Turn <b>{state.round}</b>/{TURNS}")]
        if state.result is None:
            if len(state.sheets) > 1:
                parts.append(self._w(f"<b>{html.escape(self.seat_name(state.turn))}</b> の番", f"<b>{html.escape(self.seat_name(state.turn))}</b> to play"))
            if not state.rolling:
                parts.append(self._w(f"振り直し残り <b class='rb-rerolls-left'>{state.rerolls_left}</b>", f"re-rolls left <b class='rb-rerolls-left'>{state.rerolls_left}</b>"))
        return " · ".join(parts)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        e = html.escape
        who = e(self._prefix(before.turn))
        if isinstance(action, Roll):
            if after.rolling:
                return None
            faces = " ".join(str(p) for p in after.dice)
            if before.rolls == 1:
                return who + e(self._w(f"{before.round} 手番目: {faces}", f"turn {before.round}: rolled {faces}"))
            return who + e(self._w(f"振り直し {before.rolls - 1} 回目 → {faces}", f"re-roll {before.rolls - 1} → {faces}"))
        if isinstance(action, Reroll):
            kept = " ".join(str(before.dice[k]) for k in range(DICE) if k not in action.dice) or "—"
            return who + e(self._w(f"キープ {kept}、{len(action.dice)} 個を振り直す", f"holds {kept}, re-rolls {len(action.dice)}"))
        if isinstance(action, Score):
            last = after.last
            faces = " ".join(str(p) for p in before.dice)
            line = who + e(
                self._w(
                    f"{faces} → {self.cat(action.category, action.face)}: 得点 {last.score}・失点 {last.penalty}",
                    f"{faces} → {self.cat(action.category, action.face)}: score {last.score}, penalty {last.penalty}",
                )
            )
            if after.result is not None:
                line += " — <b>" + e(after.result.summary(self.lang)) + "</b>"
            return line
        return e(str(action))

    def outcome_html(self, outcome: Outcome) -> str:
        state = self.state
        e = html.escape
        parts = [f"<div class='rb-outcome-summary'>{e(outcome.summary(self.lang))}</div>"]
        rows = []
        penalties = outcome.get("penalties", ())
        for k, final in enumerate(outcome.scores):
            sheet = state.sheets[k]
            struck = ", ".join(self.cat(CATEGORIES[i], sheet.kind_face if CATEGORIES[i] == "kind" else 0) for i in outcome.get("cancelled", ((),) * len(outcome.scores))[k])
            note = self._w(f"失点 {penalties[k]}", f"penalty {penalties[k]}") + (
                self._w(f"・取り消し: {struck}", f"; cancelled: {struck}") if struck else ""
            )
            cls = "rb-winner" if k in outcome.winners and len(outcome.scores) > 1 else ""
            rows.append(
                f"<tr class='{cls}'><td>{e(self.seat_name(k))}</td><td class='rb-outcome-final-{k}'><b>{final}</b></td><td>{e(note)}</td></tr>"
            )
        parts.append(f"<table class='rb-final-scores'>{''.join(rows)}</table>")
        return "".join(parts)

    def hint_html(self) -> str:
        state = self.state
        e = html.escape
        if state.result is not None:
            return ""
        if state.rolling or not self._human_turn():
            sheet = state.sheets[state.turn]
            if sheet.entries.count(None) == 0:
                return ""
            _, now, values = turn_values(sheet.entries)
            worth = first_roll_value(values)
            return e(
                self._w(
                    f"{self.seat_name(state.turn)} の得点表で、この手番を最善に遊んだときの最終得点の見込み ≈ {worth:.1f} 点。",
                    f"With {self.seat_name(state.turn)}'s sheet, playing this turn by the hint projects a final score of ≈ {worth:.1f}.",
                )
            )
        advice = self._advice()
        if advice.best[0] == "reroll":
            released = advice.best[1]
            kept = " ".join(str(state.dice[k]) for k in range(DICE) if k not in released) or self._w("なし", "nothing")  # type: ignore[operator]
            line = self._w(
                f"おすすめ: {kept} をキープして {len(released)} 個を振り直す（≈ {advice.holds[0].value:.1f}）。",  # type: ignore[arg-type]
                f"Advice: hold {kept} and re-roll {len(released)} (≈ {advice.holds[0].value:.1f}).",  # type: ignore[arg-type]
            )
        else:
            c, f = advice.best[1]  # type: ignore[misc]
            line = self._w(f"おすすめ: いま {self.cat(c, f)} に記入（≈ {advice.now:.1f}）。", f"Advice: write it down now as {self.cat(c, f)} (≈ {advice.now:.1f}).")
        head = self._w("値 = 最終得点の見込み（点）", "value = projected final score (points)")
        cat_rows = []
        for k, c in enumerate(advice.categories):
            cls = " class='rb-hint-best'" if k == 0 else ""
            cat_rows.append(
                f"<tr{cls} data-category='{c.category}' data-face='{c.face}'><td>{e(self.cat(c.category, c.face))}</td><td>{c.score}</td><td>{c.penalty}</td><td>{c.value:.1f}</td></tr>"
            )
        cats = (
            f"<table class='rb-hint-table rb-hint-categories'><tr><th>{e(self._w('役', 'Category'))}</th><th>{e(self._w('得点', 'Score'))}</th>"
            f"<th>{e(self._w('失点', 'Penalty'))}</th><th>{e(self._w('値', 'Value'))}</th></tr>{''.join(cat_rows)}</table>"
        )
        holds = ""
        if state.rerolls_left > 0:
            seen: set[tuple[int, ...]] = set()
            hold_rows = []
            for h in advice.holds:
                key = tuple(sorted(state.dice[k] for k in h.held))
                if key in seen:
                    continue
                seen.add(key)
                kept = " ".join(str(x) for x in key) or self._w("なし（5 個ふる）", "none (roll all 5)")
                what = self._w("いま記入", "write down now") if not h.rerolled else self._w(f"{len(h.rerolled)} 個ふる", f"re-roll {len(h.rerolled)}")
                cls = " class='rb-hint-best'" if not hold_rows else ""
                hold_rows.append(f"<tr{cls} data-held='{','.join(str(k) for k in h.held)}'><td>{e(kept)}</td><td>{e(what)}</td><td>{h.value:.1f}</td></tr>")
                if len(hold_rows) >= 8:
                    break
            holds = (
                f"<table class='rb-hint-table rb-hint-holds'><tr><th>{e(self._w('キープ', 'Hold'))}</th><th></th><th>{e(self._w('値', 'Value'))}</th></tr>"
                + "".join(hold_rows)
                + "</table>"
            )
        return f"<div class='rb-hint-advice'>{e(line)}</div><div class='rb-hint-note'>{e(head)}</div>{holds}{cats}"


__all__ = ["PuniuBoard", "View"]
