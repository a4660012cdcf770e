"""Every text of the 宝探し page, in Japanese and English (``WORDS``).

Entries are ``(ja, en)`` or ``(ja, en_one, en_many)`` picked by ``n``. Texts
of the status line carry their own ``<b>``. Treasure names come from the
engine's ``Treasure``; rule refusals from the engine's ``IllegalAction``.
"""

from __future__ import annotations

from ..model import Catalogue

WORDS = Catalogue(
    {
        # ----- board words
        "sheet": ("宝探しの紙", "The treasure-hunt sheet"),
        "dice": ("ダイス", "Dice"),
        "treasures": ("宝物", "Treasures"),
        "cancel": ("やめる", "Cancel"),
        "both": ("両方", "Both"),
        "trip_title": ("冒険 {n}", "Trip {n}"),
        "need_count": ("チェック {n} 個", "{n} tick", "{n} ticks"),
        "need_run": ("連続 {n} 個", "{n} in a row", "{n} in a row"),
        "and": ("と", " and "),
        # a column's name for a screen reader when a tap plays nothing (the tap then says why)
        "column": ("数字 {n}", "Number {n}"),
        "column_ticked": ("数字 {n}（チェック済み）", "Number {n} (ticked)"),
        "column_sealed": ("数字 {n}（封印）", "Number {n} (sealed)"),
        # ----- moves
        "roll": ("ダイスをふる", "Roll the dice"),
        "tick_sum": ("合計 {n} にチェック", "Tick the sum {n}"),
        "tick_both": ("{a} と {b} の両方にチェック", "Tick both {a} and {b}"),
        "tick": ("{numbers} にチェック", "Tick {numbers}"),
        "seal": ("{n} を封印する", "Seal {n}"),
        "give_up_seal": ("{n} を封印してあきらめる", "Give up, seal {n}"),
        "bring": ("{name}を持ち帰る", "Bring home the {name}"),
        "bring_lift": ("{name}を持ち帰り、{n} の × を消す", "Bring home the {name}, lift the × on {n}"),
        "die": ("ダイス {index}: {pips}", "Die {index}: {pips}"),
        "give_up_number": ("{n} に ×", "× on {n}"),
        "lift": ("{n} の × を消す", "Lift the × on {n}"),
        "keep_all": ("× を消さない", "Keep every ×"),
        "give_up_more": ("あきらめて帰る…", "Give up…"),
        "bring_more": ("{name}を持ち帰る…", "Bring home the {name}…"),
        "up_to": ("{text} · 最大 {p}", "{text} · up to {p}"),
        "with_prob": ("{text} · {p}", "{text} · {p}"),
        "starred": ("★ {text}", "★ {text}"),
        # ----- earlier trips
        "end_bring": ("{name}", "{name}"),
        "end_lift": ("{name}・{n} の×を消す", "{name}, × on {n} lifted"),
        "end_failed": ("失敗 ×{n}", "Failed ×{n}"),
        "end_gave_up": ("あきらめ ×{n}", "Gave up ×{n}"),
        # ----- dice
        "dice_entry": ("実物の目を入力", "Enter the real dice"),
        "dice_roll": ("出た目", "The roll"),
        "dice_last": ("前回の目", "Last roll"),
        # ----- treasures
        "home": ("持ち帰った", "Home"),
        "earned": ("持ち帰れる", "Earned"),
        # ----- chips
        "chip_trip": ("冒険 {n}", "Trip {n}"),
        "chip_trips": ("冒険 {n} 回", "{n} trip", "{n} trips"),
        "chip_treasures": ("宝物 {home}/{total}", "Treasures {home}/{total}"),
        "chip_seals": ("× {n}/{limit}", "× {n}/{limit}"),
        "chip_win": ("勝率 {p}", "Win {p}"),
        # ----- captions
        "caption_over": ("ゲーム終了", "Game over."),
        "caption_entry": (
            "実物のダイス 2 個の目を入力してください（ダイスをタップ、または下のボタン）。",
            "Enter what your two real dice show (tap a die, or use the buttons below).",
        ),
        "caption_check": (
            "{a} と {b}: チェックする数字を選んでください（光っている数字か、下のボタン）。",
            "{a} and {b}: choose what to tick (a glowing number, or a button below).",
        ),
        "caption_failed": (
            "{a} と {b} ではどの数字もチェックできません。冒険は失敗です。封印する数字を選んでください。",
            "Nothing can be ticked with {a} and {b}: the trip fails. Choose the number to seal.",
        ),
        "caption_give_up": ("あきらめて帰ります。× を付ける数字を選んでください。", "Giving up: choose the number to cross out."),
        "caption_bring": (
            "{name}を持ち帰ります。消す × を選ぶか「消さない」を選んでください。",
            "Bringing home the {name}: pick a × to lift, or keep them all.",
        ),
        "caption_new": ("新しい冒険です。ダイスをふって出発しましょう。", "A new trip: roll the dice to set out."),
        "caption_earned": (
            "宝物を持ち帰れます。持ち帰るか、もっと良い宝物を狙ってふるか。",
            "A treasure is earned: bring it home, or roll on for a better one.",
        ),
        "caption_roll_on": ("次にふるか、あきらめて帰るか。", "Roll on, or give up and go home."),
        # ----- messages
        "entry_missing": (
            "ダイス {dice} の目がまだ入っていません（{n} 個）。",
            "{n} die has no number entered yet (die {dice}).",
            "{n} dice have no number entered yet (dice {dice}).",
        ),
        "not_your_move": ("いまはあなたが選ぶ場面ではありません。", "It is not your move right now."),
        # ----- status line (HTML)
        "status_trip": ("冒険 <b>{n}</b>", "Trip <b>{n}</b>"),
        "status_over": ("終了", "Over"),
        "status_treasures": ("宝物 <b>{home}</b>/{total}", "Treasures <b>{home}</b>/{total}"),
        "status_seals": ("× <b>{n}</b>/{limit}", "× <b>{n}</b>/{limit}"),
        # ----- log
        "log_trip": ("冒険 {n}: ", "Trip {n}: "),
        "log_rolled": ("ふった目 {a}・{b}", "rolled {a} and {b}"),
        "log_nothing": ("（チェックできる数字なし）", " (nothing can be ticked)"),
        "log_failed": ("失敗。{n} を封印（× {seals}）", "failed; sealed {n} (× {seals})"),
        "log_gave_up": ("あきらめて {n} を封印（× {seals}）", "gave up; sealed {n} (× {seals})"),
        "log_brought": ("{name}を持ち帰った（宝物 {n}）", "brought home the {name} ({n} treasure)", "brought home the {name} ({n} treasures)"),
        "log_lifted": ("。{n} の × を消した", "; lifted the × on {n}"),
        # ----- outcome
        "treasures_home": ("持ち帰った宝物: {names}", "Treasures home: {names}"),
        "list_sep": ("、", ", "),
        # ----- hint
        "hint_now": ("いまの勝率（最善に遊んだ場合）: ", "Chance to win from here with best play: "),
        "hint_fresh": ("（まっさらな紙からは {p}）", " (from a fresh sheet: {p})"),
        "hint_best": ("最善: {names}{more}", "Best: {names}{more}"),
        "hint_more": (" ほか {n} 手", " and {n} more"),
        "hint_explain": (
            "ボタンと紙の数字に、その手を選んだあとの勝率を表示しています（★ が最善）。",
            "Buttons and numbers show the chance to win after that choice (★ = best).",
        ),
        "solving": (
            "最善の勝率を計算中… {share}（{done} / {total} 局面）",
            "Solving the game exactly… {share} ({done} / {total} positions)",
        ),
        # ----- table mode
        "entry_die": ("ダイス {k}", "Die {k}"),
        "entry_confirm": ("この目で決定", "Use these dice"),
    }
)

__all__ = ["WORDS"]
