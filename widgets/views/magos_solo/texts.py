"""Every text of the Magos solo page, in JA and EN (``WORDS``).

Labels of dice and faces ("1 damage", "miss") are fragments and stay in
lower case; sentences and log lines start with a capital letter.
"""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        # ----- the notice and the new-game panel
        "notice": (
            "原典にあるのは 1 人用モードの調整パッチ v1.1 だけで、マゴス本体のルールは載っていません。"
            "このページはゲームそのものではなく、パッチの「敵ダイス表」をターンごとに引くための補助です。",
            "The source holds only balance patch v1.1 of the solo mode: the rules of Magos itself are not in it. "
            "This page is not the game; it looks up the patch's enemy dice table turn by turn.",
        ),
        "enemy": ("敵", "Enemy"),
        "enemy_dummy": ("練習用ダミー（HP 10）", "Practice dummy (HP 10)"),
        "enemy_custom": ("自分で入力する敵", "An enemy of your own"),
        "turn5": ("5 ターン目", "Turn 5"),
        # ----- what a face does (labels)
        "effect_miss": ("ミス", "miss"),
        "effect_hit": ("{n} ダメージ", "{n} damage"),
        "effect_heal": ("敵が HP {n} 回復", "enemy heals {n}"),
        "effect_special": ("特殊効果（敵カード参照）", "special (see the enemy card)"),
        "not_counted": ("6 は 1 個分: 数えない", "extra 6: not counted"),
        # ----- the board
        "turn": ("{turn} ターン目", "Turn {turn}"),
        "row": ("表の {row} 行目", "Row {row} of the table"),
        "row_looped": (
            "表の {row} 行目（9 ターン目から {first}〜{last} 行目をくり返し）",
            "Row {row} of the table (from turn 9, rows {first}-{last} repeat)",
        ),
        "enemy_dice": ("敵のダイス {dice}", "enemy dice {dice}"),
        "total": ("このターンにあなたが受けるダメージ", "Damage to you this turn"),
        "damage": ("{n} ダメージ", "{n} damage"),
        "heals": ("敵が HP {n} 回復", "The enemy heals {n}"),
        "specials": ("特殊効果 {n} 回（敵カード参照）", "{n} special (see the card)", "{n} specials (see the card)"),
        "dealt": ("このターンに与えたダメージ {n}", "You dealt {n} this turn"),
        "enemy_hp": ("敵の HP", "Enemy HP"),
        "hp_value": ("{hp} / {hp_max}", "{hp} / {hp_max}"),
        "hp_untracked": ("記録しない", "not tracked"),
        "amount": ("量", "Amount"),
        "attack": ("与えたダメージを記録", "Record damage dealt"),
        "recover": ("敵の回復を記録", "Record enemy healing"),
        "set_hp": ("HP を設定（0 = 記録しない）", "Set HP (0 = don't track)"),
        "hp_help": (
            "数を入れてからボタンを押します。HP が 0 になると勝ちです。",
            "Type a number, then press a button. The enemy falls at 0 HP.",
        ),
        # ----- the buttons below the board
        "prev_turn": ("← 前のターン", "← Previous turn"),
        "next_turn": ("次のターン →", "Next turn →"),
        "win": ("敵を倒した", "Enemy defeated"),
        "lose": ("倒された", "I was defeated"),
        # ----- the sheet
        "faces_title": ("敵の出目表（面ごとの効果）", "The enemy's face table (what each face does)"),
        "faces_help": (
            "赤い枠の面が、このターンの敵のダイスに出ている面です。変えるとすぐに結果へ反映されます。",
            "Faces framed in red show on the enemy's dice this turn. A change applies at once.",
        ),
        "face": ("面 {n}", "Face {n}"),
        "reset": ("出目表を初期設定に戻す", "Reset the table"),
        "table_title": ("パッチのダイス表（全ての敵で共通）", "The patch's dice table (every enemy)"),
        "col_turn": ("ターン", "Turn"),
        "col_dice": ("敵のダイス", "Enemy dice"),
        "col_damage": ("この出目表で", "With this table"),
        "row5_short": ("（5-6-6-6 でも同じ）", "(5-6-6-6 is the same)"),
        "row5_long": ("（= 5-6）", "(= 5-6)"),
        "row_heal": ("回復 {n}", "heal {n}"),
        "row_special": ("特殊 {n}", "special {n}"),
        "loop_text": ("9 ターン目から: {first}〜{last} 行目をくり返す", "From turn 9: rows {first} to {last} repeat"),
        # ----- the header
        "status_turn": ("{turn} ターン目", "Turn {turn}"),
        "status_row": ("表の {row} 行目", "row {row}"),
        "status_row_looped": ("表の {row} 行目（くり返し）", "row {row} (loop)"),
        "status_hp": ("敵 HP {hp}", "enemy HP {hp}"),
        "autoplay": ("自動進行", "autoplay"),
        # ----- the log
        "log_next": ("{turn} ターン目へ", "Turn {turn}"),
        "log_prev": ("{turn} ターン目に戻る", "Back to turn {turn}"),
        "log_turn": ("{verb}: {dice} → {effects}（計 {n} ダメージ）", "{verb}: {dice} → {effects} (total {n} damage)"),
        "log_extra6": ("（数えない 6）", "(extra 6)"),
        "log_face": ("面 {face} を「{effect}」に", "Face {face} → {effect}"),
        "log_reset": ("出目表を初期設定に戻す", "Face table reset"),
        "log_hp_off": ("敵の HP を記録しない", "Enemy HP no longer tracked"),
        "log_hp": ("敵の HP を {hp} に設定", "Enemy HP set to {hp}"),
        "log_attack": ("敵に {n} ダメージ（HP {hp}/{hp_max}）", "You dealt {n} damage (enemy HP {hp}/{hp_max})"),
        "log_recover": ("敵が {n} 回復（HP {hp}/{hp_max}）", "The enemy healed {n} (HP {hp}/{hp_max})"),
        "log_win": ("敵を倒した", "Enemy defeated"),
        "log_lose": ("倒された", "You were defeated"),
        # ----- the outcome and the hint
        "outcome_hp": ("敵の HP {hp}/{hp_max}", "Enemy HP {hp}/{hp_max}"),
        "hint_title": ("この先の敵のダイス（パッチで決まっています）:", "The enemy's coming dice (fixed by the patch):"),
        "hint_turn": ("{turn} ターン目: {dice} → {n} ダメージ", "Turn {turn}: {dice} → {n} damage"),
        "hint_cycle": (
            "くり返し（{first}〜{last} 行目）1 周で {n} ダメージ",
            "One pass over rows {first}-{last}: {n} damage",
        ),
        # ----- page-only refusals (nothing reaches the engine)
        "need_number": ("数を入力してください。", "Type a number first."),
        "choose_face": ("面と効果を選んでください。", "Choose a face and an effect."),
        "locked_autoplay": ("この戦闘は自動進行が記録しています。", "The autoplay bot is recording this fight."),
        "locked_elsewhere": ("この戦闘は別のページで記録しています。", "This fight is recorded on another page."),
    }
)

__all__ = ["WORDS"]
