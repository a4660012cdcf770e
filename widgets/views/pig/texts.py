"""Every text of the Pig page, in JA and EN (``WORDS``): one place to read and check the wording."""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        "roll": ("振る", "Roll"),
        "hold": ("止める", "Hold"),
        "turn_points": ("このターンの点", "This turn"),
        "bust": ("1 が出た: ターンの点は消えた", "A 1: the turn's points are lost"),
        "rolled_turn": ("{seat}: {pips} の目 → このターン {n} 点", "{seat} rolled {pips}: {n} point this turn", "{seat} rolled {pips}: {n} points this turn"),
        "held": ("{seat} が止める → 合計 {total}", "{seat} holds: total {total}"),
        "busted": ("{seat}: 1 の目 → ターンの点は消えた", "{seat} rolled 1: the turn's points are lost"),
        "goal": ("{goal} 点で勝ち", "First to {goal} wins"),
        "total": ("{n} 点", "{n} point", "{n} points"),
        "last_die": ("最後の目", "Last die"),
        "die_title": ("ダイスの目: {pips}", "the die shows {pips}"),
        "no_die": ("まだ振っていません", "No roll yet"),
        "turn_of": ("{seat} の番", "{seat} to play"),
        "turn_number": ("{n} ターン目", "Turn {n}"),
        "turns": ("{n} ターン", "{n} turn", "{n} turns"),
        "rolled": ("{seat}: {pips} の目 → 合計 {total}", "{seat} rolled {pips}: total {total}"),
        "enter_die": ("ダイスの目を押してください", "Tap what your die shows"),
        "seat": ("席 {n}", "Seat {n}"),
        "hint_roll": ("いま振る: 100 点まで平均 {turns} ターン", "Roll now: {turns} turns to 100 on average"),
        "hint_hold": ("いま止める: 平均 {turns} ターン", "Hold now: {turns} turns on average"),
        "hint_best": ("最善: {move}", "Best: {move}"),
        "hint_others": ("（相手の合計は考えない 1 人用の計算）", "(as in solo play: the others' totals are not considered)"),
    }
)

__all__ = ["WORDS"]
