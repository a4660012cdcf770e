"""The Chiritsumo page: pyramid board, tray, seats, score breakdown and controls.

Everything drawn comes from the engine's observation (and the exact solver
for hints); every click becomes an engine action through ``GameApp``.
"""

from __future__ import annotations

import html
from typing import Any, Mapping

import anywidget
import ipywidgets as w
import traitlets

from rulebook.core import HUMAN, Outcome
from rulebook.games.chiritsumo.actions import PILE, Done, Lift, Pass, Place, Roll, Swap, Toss
from rulebook.games.chiritsumo.bots import SolverBot, arrangement_actions
from rulebook.games.chiritsumo.expected import completion_rate, expected_score
from rulebook.games.chiritsumo.game import COLOUR_NAMES, State
from rulebook.games.chiritsumo.geometry import COLOURED, COLOURS, SLOTS
from rulebook.games.chiritsumo.scoring import Score, score
from rulebook.games.chiritsumo.solver import best_arrangement

from ..base import ScoreBreakdown, asset, esm
from .base import BaseView, require_all_pips

KIND_NAMES = {"mountain": ("山", "mountain"), "river": ("河", "river"), "wing": ("翼", "wing")}


class ChiritsumoBoard(anywidget.AnyWidget):
    """Pyramid + tray + seats; clicks come back as messages (place / lift / entry)."""

    _esm = esm("dice.js", "chiritsumo.js")
    _css = asset("app.css", "chiritsumo.css")
    view = traitlets.Dict().tag(sync=True)


def _key(slot: tuple[int, int]) -> str:
    return f"{slot[0]},{slot[1]}"


def _parse_key(key: Any) -> tuple[int, int]:
    """A slot key from the front end (``"r,i"``); junk becomes a slot the engine refuses."""
    if isinstance(key, (list, tuple)) and len(key) == 2 and all(type(x) is int for x in key):
        return (key[0], key[1])
    if isinstance(key, str) and key.count(",") == 1:
        r, i = key.split(",")
        if r.strip().lstrip("-").isdigit() and i.strip().lstrip("-").isdigit():
            return (int(r), int(i))
    return (-1, -1)


class View(BaseView):
    """Chiritsumo's part of the page (``BaseView`` documents each hook)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.board = ChiritsumoBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.app.guarded(self._on_message))
        self.breakdown = ScoreBreakdown()
        self.breakdown.add_class("rb-breakdown-widget")
        self.auto_button = w.Button()
        self.auto_button.add_class("rb-auto")
        self.auto_button.on_click(self.app.guarded(lambda _: self.auto_stack()))
        self.build_dice_entry()
        self.toss_give = w.ToggleButtons()
        self.toss_give.add_class("rb-toss-give")
        self.toss_target = w.ToggleButtons()
        self.toss_target.add_class("rb-toss-target")
        self.toss_target.observe(self.app.guarded(lambda _: self._fill_take()), "value")
        self.toss_take = w.ToggleButtons()
        self.toss_take.add_class("rb-toss-take")
        self.toss_labels = [w.HTML() for _ in range(3)]
        self.toss_rows = [
            w.HBox([self.toss_labels[0], self.toss_give]),
            w.HBox([self.toss_labels[1], self.toss_target]),
            w.HBox([self.toss_labels[2], self.toss_take]),
        ]
        self.toss_box = w.VBox(self.toss_rows)
        self.toss_box.add_class("rb-toss")
        self.widget = self.board
        self.panel = self.breakdown
        # new-game options
        self.mode_input = w.Dropdown()
        self.mode_input.add_class("rb-mode")
        self.players_input = w.Dropdown(options=[2, 3, 4], value=2)
        self.players_input.add_class("rb-players")
        self._set_option_labels()
        self.mode_input.observe(self.app.guarded(self._on_options_change), "value")
        self.players_input.observe(self.app.guarded(self._on_options_change), "value")
        self.options_widget = w.VBox([self.mode_input, self.players_input])
        self._bot = SolverBot()
        self._hint_cache: dict[tuple, tuple[dict, Score]] = {}

    # ----- words --------------------------------------------------------------------------
    def colour(self, colour: str) -> str:
        ja, en = COLOUR_NAMES[colour]
        return self._w(ja, en)

    def die_text(self, colour: str, pips: int) -> str:
        return f"{self.colour(colour)}{pips}" if self.lang == "ja" else f"{self.colour(colour)} {pips}"

    def seat_name(self, state: State, seat: int) -> str:
        if state.mode == "solo":
            return self._w("あなた", "You")
        kind = self.app.match.seats[seat] if seat < len(self.app.match.seats) else HUMAN
        who = "" if kind == HUMAN else self._w("（ボット）", " (bot)")
        return self._w(f"席{seat + 1}", f"Seat {seat + 1}") + who

    def _seat_prefix(self, state: State, seat: int) -> str:
        return "" if state.mode == "solo" else self.seat_name(state, seat) + ": "

    def set_lang(self, lang: str) -> None:
        self._set_option_labels()

    def _set_option_labels(self) -> None:
        value = self.mode_input.value or "solo"
        self.mode_input.options = [
            (self._w("ソロ「ちりが積もるまで」", "Solo: until the dust piles up"), "solo"),
            (self._w("箱庭（2〜4 人）", "Hakoniwa (2-4 players)"), "hakoniwa"),
        ]
        self.mode_input.value = value
        self.mode_input.description = self._w("遊び方", "Mode")
        self.players_input.description = self._w("人数", "Players")

    # ----- options -------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        if self.mode_input.value == "hakoniwa":
            return {"mode": "hakoniwa", "players": int(self.players_input.value)}
        return {"mode": "solo", "players": 1}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.mode_input.value = options.get("mode", "solo")
        if options.get("mode") == "hakoniwa":
            self.players_input.value = options.get("players", 2)
        self.players_input.layout.display = None if self.mode_input.value == "hakoniwa" else "none"

    def _on_options_change(self, _change: Any) -> None:
        self.players_input.layout.display = None if self.mode_input.value == "hakoniwa" else "none"
        self.app.seats_changed()

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        if options.get("mode") == "hakoniwa":
            return [HUMAN] + ["solver"] * (int(options.get("players", 2)) - 1)
        return [HUMAN]

    # ----- reading the match ------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.app.match.state

    def _human_turn(self) -> bool:
        match = self.app.match
        return match.waiting_for_user() and match.current_player >= 0

    def _entry_seat(self) -> int | None:
        state = self.state
        if state.phase != "roll" or not self.app.match.table:
            return None
        for seat, s in enumerate(state.seats):
            if 0 in s.pips:
                return seat
        return None

    def focus_seat(self) -> int:
        """The seat drawn large: whoever acts, else the first human seat."""
        state, match = self.state, self.app.match
        if state.phase in ("arrange", "swap", "toss"):
            return state.turn
        entry = self._entry_seat()
        if entry is not None:
            return entry
        if state.result and state.result.winners and state.mode != "solo":
            return state.result.winners[0]
        humans = [k for k, kind in enumerate(match.seats) if kind == HUMAN]
        return humans[0] if humans else 0

    def _shown_pyramid(self, seat: int) -> dict[tuple[int, int], tuple[str, int]]:
        state = self.state
        if state.phase == "arrange":
            return state.seats[seat].pyramid()
        if state.scored_round and seat < len(state.last_pyramids):
            return {slot: die for slot, die in zip(SLOTS, state.last_pyramids[seat]) if die}
        return {}

    def _best(self, seat: int) -> tuple[dict, Score]:
        s = self.state.seats[seat]
        dice = tuple(zip(s.dice, s.pips))
        if dice not in self._hint_cache:
            if len(self._hint_cache) > 64:
                self._hint_cache.clear()
            self._hint_cache[dice] = best_arrangement(list(dice))
        return self._hint_cache[dice]

    # ----- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        state, match = self.state, self.app.match
        seat = self.focus_seat()
        s = state.seats[seat]
        words = {
            "pick_slot": self._w("置くマスを選んでください（緑のマスに置けます）", "Now pick a slot (green slots accept this die)"),
            "pick_die_first": self._w("先に下のダイスを 1 つ選んでください", "Pick one of the dice below first"),
            "pyramid": self._w("ピラミッド", "pyramid"),
            "tray": self._w("手元のダイス", "your dice"),
        }
        view: dict[str, Any] = {"words": words, "interactive": False, "legal": {}, "ghost": None, "seats": []}
        pyramid_cells: dict[tuple[int, int], tuple[str, int]] = self._shown_pyramid(seat)
        tray = []
        entry_seat = self._entry_seat()
        if state.phase == "arrange":
            interactive = self._human_turn()
            placed_at = {d: _key(SLOTS[k]) for k, d in enumerate(s.placed) if d >= 0}
            for d, (colour, pips) in enumerate(zip(s.dice, s.pips)):
                tray.append({"colour": colour, "pips": pips, "placed": d in placed_at, "slot": placed_at.get(d), "title": self.die_text(colour, pips)})
            legal: dict[int, list[str]] = {}
            for action in self.app.game.legal_actions(state):
                if isinstance(action, Place):
                    legal.setdefault(action.die, []).append(_key(action.slot))
            view.update(mode="arrange", interactive=interactive, legal=legal)
            view["pyramid"] = {
                _key(SLOTS[k]): {"die": d, "colour": s.dice[d], "pips": s.pips[d], "title": self.die_text(s.dice[d], s.pips[d])}
                for k, d in enumerate(s.placed)
                if d >= 0
            }
            if self.app.hint_on and interactive:
                target, _ = self._best(seat)
                view["ghost"] = {_key(slot): {"colour": c, "pips": p} for slot, (c, p) in target.items()}
            who = self._seat_prefix(state, seat)
            view["caption"] = who + self._w(
                "ダイスを選び、置くマスを選んでください。置いたダイスをタップすると戻せます。終わったら「積み終わり」。",
                "Pick a die, then a slot. Tap a placed die to take it back. Press 'Done stacking' when finished.",
            )
        else:
            if entry_seat is not None:
                dice = state.seats[entry_seat].dice
                if len(self.entry) != len(dice):
                    self.entry = [0] * len(dice)
                tray = [{"colour": c, "pips": p, "placed": False, "title": self.colour(c)} for c, p in zip(dice, self.entry)]
                view["mode"] = "entry"
                pyramid_cells = {}
                view["caption"] = self._seat_prefix(state, entry_seat) + self._w(
                    "実物のダイスの目を入力します。ダイスをタップすると目が 1 つ進みます（下の欄に数字を続けて打っても入ります）。",
                    "Enter the real dice: tap a die to step its pips, or type the digits in the box below.",
                )
            else:
                dice = s.dice
                shown = state.phase == "roll"
                tray = [{"colour": c, "pips": 0 if shown else -1, "placed": False, "title": self.colour(c)} for c in dice]
                view["mode"] = "roll" if state.phase == "roll" else "review"
                view["caption"] = self._caption_waiting(state, seat)
            view["pyramid"] = {
                _key(slot): {"die": -1, "colour": c, "pips": p, "title": self.die_text(c, p)} for slot, (c, p) in pyramid_cells.items()
            }
        view["tray"] = tray
        if state.mode != "solo":
            view["seats"] = self._seat_cards(focus=seat)
        self.board.view = view
        self._draw_breakdown(pyramid_cells, seat)
        self.auto_button.description = self._w("自動で積む（最善）", "Auto-stack (best)")
        self.entry_confirm.description = self._w("この目で決定", "Use these dice")
        self.entry_text.placeholder = self._w("例: 3515264121", "e.g. 3515264121")
        self.entry_text.description = self._w("目", "Pips")
        for label, (ja, en) in zip(self.toss_labels, (("渡す色", "Give"), ("相手", "To"), ("もらう色", "Take"))):
            label.value = f"<b>{self._w(ja, en)}</b>"
        if state.phase == "toss" and self._human_turn():
            self._fill_toss()

    def _caption_waiting(self, state: State, seat: int) -> str:
        if state.phase == "roll":
            last = self._w(f"（ラウンド {state.scored_round} の形を表示中）", f" (showing round {state.scored_round})") if state.scored_round else ""
            if all(kind != HUMAN for kind in self.app.match.seats):
                return self._w("「ダイスをふる」でボットがラウンドを 1 つ進めます。", "Press 'Roll the dice' to play the bots' next round.") + last
            return self._w("「ダイスをふる」を押してラウンドを始めます。", "Press 'Roll the dice' to start the round.") + last
        if state.phase == "swap":
            return self._w("完成！ 予備の透明ダイスと交換する色を選んでください。", "Complete! Choose the colour to trade for a spare clear die.")
        if state.phase == "toss":
            return self._w(
                f"とばっ塵: {self.seat_name(state, state.turn)} の番です（ラウンド {state.scored_round} の形を表示中）。",
                f"とばっ塵 swaps: {self.seat_name(state, state.turn)} to choose (showing round {state.scored_round}).",
            )
        return self._w("ゲーム終了", "Game over")

    def _seat_cards(self, focus: int) -> list[dict[str, Any]]:
        state = self.state
        winners = set(state.result.winners) if state.result else set()
        cards = []
        for k, s in enumerate(state.seats):
            pyramid = s.pyramid() if state.phase == "arrange" else self._shown_pyramid(k)
            held = [(c, s.dice.count(c)) for c in COLOURS if c in s.dice]
            note = ""
            if state.phase == "arrange":
                note = self._w("積み終わり", "done") if s.done else (self._w("積んでいる", "stacking") if k == state.turn else "")
            elif state.scored_round and state.last_scores:
                note = self._w(f"ラウンド {state.scored_round}: {state.last_scores[k]} 点", f"round {state.scored_round}: {state.last_scores[k]}")
            cards.append(
                {
                    "name": self.seat_name(state, k),
                    "total_text": self._w(f"{s.total} 点", f"{s.total} pts"),
                    "held": held,
                    "pyramid": {_key(slot): [c, p] for slot, (c, p) in pyramid.items()},
                    "active": k == focus and state.phase != "over",
                    "winner": k in winners,
                    "note": note,
                }
            )
        return cards

    def _draw_breakdown(self, cells: Mapping[tuple[int, int], tuple[str, int]], seat: int) -> None:
        state = self.state
        if not cells:
            self.breakdown.data = {}
            return
        result = score(cells)
        w_ = self._w
        rows = [
            {"key": "mountain", "label": w_("山", "Mountains"), "count": f"× {result.mountains}", "points": str(result.mountain_points)},
            {"key": "river", "label": w_("河", "Rivers"), "count": f"× {result.rivers}", "points": str(result.river_points)},
            {"key": "wing", "label": w_("翼", "Wings"), "count": f"× {result.wings}", "points": str(result.wing_points)},
        ]
        if result.fuji:
            rows.append({"key": "fuji", "label": w_("富士", "Fuji"), "count": "", "points": str(result.fuji_points)})
        apex = cells.get(SLOTS[-1])
        bonus_count = w_(f"頂上 {apex[1]} × 3", f"top {apex[1]} × 3") if result.complete and apex else w_("未完成", "not complete")
        rows.append({"key": "bonus", "label": w_("完成ボーナス", "Completion bonus"), "count": bonus_count, "points": str(result.bonus)})
        if state.phase == "arrange":
            title = w_(f"ラウンド {state.round} の得点（積みながら計算）", f"Round {state.round} score (live)")
        else:
            title = w_(f"ラウンド {state.scored_round} の得点", f"Round {state.scored_round} score")
        if state.mode != "solo":
            title = f"{self.seat_name(state, seat)} — {title}"
        patterns = []
        for kind, colour, triple in result.patterns:
            ja, en = KIND_NAMES[kind]
            patterns.append({"kind": kind, "slots": [_key(s) for s in triple], "label": w_(f"{self.colour(colour)}の{ja}", f"{self.colour(colour)} {en}")})
        if result.fuji:
            patterns.append({"kind": "fuji", "slots": [_key(s) for s in SLOTS], "label": w_("富士", "Fuji")})
        self.breakdown.data = {
            "title": title,
            "rows": rows,
            "total_label": w_("合計", "Total"),
            "total": result.total,
            "cells": {_key(slot): [c, p] for slot, (c, p) in cells.items()},
            "patterns": patterns,
        }

    # ----- controls next to the action bar ---------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Moves made on the board or in our own controls, not as plain buttons."""
        return isinstance(action, (Place, Lift, Toss, Roll))

    def extra_controls(self) -> list[w.Widget]:
        state = self.state
        if state.phase == "arrange" and self._human_turn():
            return [self.auto_button]
        if self._entry_seat() is not None:
            self.entry_text.value = "".join(str(p) if p else "" for p in self.entry) if all(self.entry) else self.entry_text.value
            return [self.entry_text, self.entry_confirm]
        if state.phase == "toss" and self._human_turn():
            go = self.app.fresh_button(self._w("交換する", "Swap"), ("rb-toss-go", "rb-primary"), self.toss)
            self.toss_box.children = (*self.toss_rows, go)
            return [self.toss_box]
        return []

    def action_label(self, action: Any) -> str:
        if isinstance(action, Done):
            return self._w("積み終わり", "Done stacking")
        if isinstance(action, Swap):
            return self._w(f"{self.colour(action.colour)}を透明と交換", f"Trade {self.colour(action.colour)} for clear")
        if isinstance(action, Pass):
            return self._w("交換しない（パス）", "No swap (pass)")
        return str(action)

    # ----- board messages --------------------------------------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "place":
            die = content.get("die")
            if isinstance(die, bool) or not isinstance(die, int):
                die = -1
            self.app.play(Place(die, _parse_key(content.get("slot"))))
        elif kind == "lift":
            self.app.play(Lift(_parse_key(content.get("slot"))))
        elif kind == "entry":
            index = content.get("index")
            if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(self.entry):
                self.entry[index] = self.entry[index] % 6 + 1
                self.app.refresh()

    def auto_stack(self) -> None:
        """Build the exact best arrangement of the current roll (one undo step)."""
        state = self.state
        if state.phase != "arrange" or not self._human_turn():
            return
        seat = state.turn
        s = state.seats[seat]
        target, _ = self._best(seat)
        placed = {SLOTS[k]: d for k, d in enumerate(s.placed) if d >= 0}
        moves = arrangement_actions(list(zip(s.dice, s.pips)), placed, target)
        if moves:
            self.app.play_group(moves)

    def _on_entry_text(self, change: Mapping[str, Any]) -> None:
        if self._entry_seat() is None:
            return
        self.fill_entry(change["new"], "、ダイスの並び順に", "one per die in tray order")

    def confirm_entry(self) -> None:
        seat = self._entry_seat()
        if seat is None:
            return
        require_all_pips(self.entry)
        rolls = [Roll(seat, k, p) for k, p in enumerate(self.entry)]
        self.entry = []
        self.entry_text.value = ""
        self.app.play_group(rolls)

    # ----- とばっ塵 controls -----------------------------------------------------------------------------------
    def _fill_toss(self) -> None:
        state = self.state
        me = state.seats[state.turn]
        gives = [(self.colour(c), c) for c in COLOURS if c in me.dice]
        _set_choices(self.toss_give, gives)
        targets = []
        for k in range(len(state.seats)):
            if k == state.turn:
                continue
            label = self.seat_name(state, k)
            if k == state.last_tosser:
                label += self._w("（直前に交換）", " (just swapped)")
            targets.append((label, k))
        if state.pile:
            targets.append((self._w("塵の山", "Dust pile"), PILE))
        _set_choices(self.toss_target, targets)
        self._fill_take()

    def _fill_take(self) -> None:
        state = self.state
        if state.phase != "toss" or self.toss_target.value is None:
            return
        target = self.toss_target.value
        held = state.pile if target == PILE else state.seats[target].dice
        _set_choices(self.toss_take, [(self.colour(c), c) for c in COLOURS if c in held])

    def toss(self) -> None:
        if self.state.phase != "toss":
            return
        self.app.play(Toss(self.toss_give.value, self.toss_target.value, self.toss_take.value))

    # ----- text: status, log, outcome, hint -----------------------------------------------------------------------
    def status(self) -> str:
        state = self.state
        parts = [self._w(f"ラウンド <b>{state.round}</b>", f"Round <b>{state.round}</b>")]
        if state.mode == "solo":
            seat = state.seats[0]
            parts.append(self._w(f"合計 <b class='rb-total'>{seat.total}</b> 点", f"Total <b class='rb-total'>{seat.total}</b>"))
            parts.append(self._w(f"透明 {seat.clear_count()}/4", f"clear {seat.clear_count()}/4"))
            if state.last_round and state.phase != "over":
                parts.append(self._w("<b>最終ラウンド</b>", "<b>final round</b>"))
        elif state.phase in ("arrange", "swap", "toss"):
            parts.append(self._w(f"<b>{html.escape(self.seat_name(state, state.turn))}</b> の番", f"<b>{html.escape(self.seat_name(state, state.turn))}</b> to play"))
        return " · ".join(parts)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        who = html.escape(self._seat_prefix(before, before.turn))
        e = html.escape
        if isinstance(action, Roll):
            seat = after.seats[action.seat]
            if action.die != len(seat.dice) - 1:
                return None
            faces = " ".join(self.die_text(c, p) for c, p in zip(seat.dice, seat.pips))
            prefix = e(self._seat_prefix(after, action.seat))
            return e(self._w(f"ラウンド {after.round} ", f"Round {after.round} ")) + prefix + e(self._w("ふった目 ", "rolled ")) + e(faces)
        bot = before.phase == "arrange" and self.app.match.is_bot(before.turn)
        if isinstance(action, (Place, Lift)) and bot:
            return None  # a bot's stacking is summed up by its "done" line
        if isinstance(action, Place):
            s = before.seats[before.turn]
            return who + e(f"{self.die_text(s.dice[action.die], s.pips[action.die])} → {_key(action.slot)}")
        if isinstance(action, Lift):
            return who + e(self._w(f"{_key(action.slot)} のダイスを戻す", f"took back {_key(action.slot)}"))
        if isinstance(action, Done):
            placed = sum(1 for d in before.seats[before.turn].placed if d >= 0)
            line = who + e(self._w(f"積み終わり（{placed} 個）", f"done stacking ({placed} dice)"))
            if after.scored_round == before.round and after.last_scores:
                scores = ", ".join(
                    (self._seat_prefix(after, k) + self._w(f"{v} 点", f"{v}")) for k, v in enumerate(after.last_scores)
                )
                line += " — " + e(self._w(f"ラウンド {before.round} の得点: {scores}", f"round {before.round} scores: {scores}"))
            return line + self._end_note(after)
        if isinstance(action, Swap):
            clear = after.seats[0].clear_count()
            return e(self._w(f"{self.colour(action.colour)}を予備の透明と交換（透明 {clear} 個）", f"traded {self.colour(action.colour)} for a clear die ({clear} clear)")) + self._end_note(after)
        if isinstance(action, Toss):
            target = self._w("塵の山", "the dust pile") if action.target == PILE else self.seat_name(before, action.target)
            return who + e(
                self._w(
                    f"{self.colour(action.give)}を渡して{target}の{self.colour(action.take)}をもらう",
                    f"gave {self.colour(action.give)} to {target} for {self.colour(action.take)}",
                )
            ) + self._end_note(after)
        if isinstance(action, Pass):
            return who + e(self._w("交換しない", "no swap")) + self._end_note(after)
        return e(str(action))

    def outcome_html(self, outcome: Outcome) -> str:
        state = self.state
        e = html.escape
        parts = [f"<div class='rb-outcome-summary'>{e(outcome.summary(self.lang))}</div>"]
        if state.mode == "solo":
            title = outcome.get("rating_ja") if self.lang == "ja" else outcome.get("rating_en")
            parts.append(f"<div class='rb-rating' data-rating='{e(str(outcome.get('rating')))}'>{e(str(title))}</div>")
            history = " + ".join(str(v) for v in state.seats[0].history)
            parts.append(
                f"<div class='rb-rounds' data-rounds='{outcome.get('rounds')}'>"
                + e(self._w(f"{outcome.get('rounds')} ラウンド: {history}", f"{outcome.get('rounds')} rounds: {history}"))
                + "</div>"
            )
        else:
            rows = "".join(
                f"<tr class='{'rb-winner' if k in outcome.winners else ''}'><td>{e(self.seat_name(state, k))}</td><td>{v}</td></tr>"
                for k, v in enumerate(outcome.scores)
            )
            parts.append(f"<table class='rb-final-scores'>{rows}</table>")
        return "".join(parts)

    def hint_html(self) -> str:
        state, match = self.state, self.app.match
        e = html.escape
        if state.phase == "arrange" and self._human_turn():
            _, best = self._best(state.turn)
            bits = [
                self._w(f"{ja} {n}", f"{n} {en}{'' if n == 1 else 's'}")
                for n, ja, en in ((best.mountains, "山", "mountain"), (best.rivers, "河", "river"), (best.wings, "翼", "wing"))
            ]
            if best.fuji:
                bits.append(self._w("富士", "Fuji"))
            if best.complete:
                bits.append(self._w(f"完成ボーナス {best.bonus}", f"completion bonus {best.bonus}"))
            return e(self._w(f"この目の最高点は {best.total} 点（", f"Best possible with this roll: {best.total} (")) + e(", ".join(bits)) + e(self._w("）。薄いダイスがその並べ方です。", "). The faint dice show where."))
        if state.phase == "swap":
            seat = state.seats[0]
            options = []
            for c in COLOURED:
                if c in seat.dice:
                    dice = list(seat.dice)
                    dice.remove(c)
                    dice.append("clear")
                    options.append(e(self._w(f"{self.colour(c)}を手放す → 次のラウンドの期待値 {expected_score(dice):.1f} 点", f"give up {self.colour(c)} → next round's expected best {expected_score(dice):.1f}")))
            pick = self._bot.choose(match.game.observe(state, 0), match.game.legal_actions(state), match.bot_rng())
            advice = e(self._w(f"ボットなら「{self.action_label(pick)}」。", f"The bot would: {self.action_label(pick)}."))
            return advice + "<br>" + "<br>".join(options)
        if state.phase == "toss" and self._human_turn():
            pick = self._bot.choose(match.game.observe(state, state.turn), match.game.legal_actions(state), match.bot_rng())
            mine = list(state.seats[state.turn].dice)
            if isinstance(pick, Toss):
                target = self._w("塵の山", "the dust pile") if pick.target == PILE else self.seat_name(state, pick.target)
                text = self._w(f"ボットなら: {self.colour(pick.give)}を渡して{target}の{self.colour(pick.take)}をもらう。", f"The bot would give {self.colour(pick.give)} to {target} for {self.colour(pick.take)}.")
            else:
                text = self._w("ボットならパスします。", "The bot would pass.")
            return e(text) + "<br>" + e(self._w(f"いまのダイスの期待値: {expected_score(mine):.1f} 点/ラウンド", f"Your dice are worth {expected_score(mine):.1f} a round on average"))
        if state.phase == "roll":
            seat = state.seats[self.focus_seat()]
            return e(
                self._w(
                    f"このダイスの組み合わせは、最善に積んで平均 {expected_score(seat.dice):.1f} 点、完成率 {completion_rate(seat.dice):.0%}。",
                    f"With this mix of dice, best play averages {expected_score(seat.dice):.1f} a round and completes {completion_rate(seat.dice):.0%} of rolls.",
                )
            )
        return ""


def _set_choices(toggle: w.ToggleButtons, choices: list[tuple[str, Any]]) -> None:
    """Replace a toggle's choices only when they change, keeping the pick if still offered."""
    if list(toggle.options) != choices:
        keep = toggle.value
        toggle.options = choices
        values = [v for _, v in choices]
        toggle.value = keep if keep in values else (values[0] if values else None)
    elif toggle.value is None and choices:
        toggle.value = choices[0][1]


__all__ = ["ChiritsumoBoard", "View"]
