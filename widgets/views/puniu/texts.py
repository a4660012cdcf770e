"""Every text of the Puniu Dice page, in Japanese and English (``WORDS``).

Entries are ``(ja, en)`` or ``(ja, en_one, en_many)`` picked by ``n``. Texts
that go into HTML (the status line) carry their own ``<b>``; values put into
them are escaped by the caller. Category names come from the engine
(``category_label``), rule refusals from the engine's ``IllegalAction``.
"""

from __future__ import annotations

from ..model import Catalogue

WORDS = Catalogue(
    {
        # ----- the board
        "dice": ("ダイス", "Dice"),
        "category": ("役", "Category"),
        "kind_face": ("カインドの目:", "Kind's face:"),
        "held": ("キープ", "Held"),
        "hold": ("キープ", "HOLD"),
        "die_title": ("ダイス {die}: {pips}", "Die {die}: {pips}"),
        # what a tap on a die does, said by a screen reader (its held state is aria-pressed)
        "tap_hold": ("ダイス {die}（{pips} の目）をキープする", "hold die {die}, showing {pips}"),
        "tap_face": ("{face} の目を選ぶ", "choose face {face}"),
        "reroll": ("振り直す（残り {n} 回）", "Re-roll ({n} left)", "Re-roll ({n} left)"),
        "reroll_value": ("このキープの値 ≈ {value}", "This hold ≈ {value}"),
        "preview": ("{score} / −{penalty}", "{score} / −{penalty}"),
        "score_penalty": ("得点 {score}・失点 {penalty}", "Score {score}, penalty {penalty}."),
        "used": ("記入済み", "Used"),
        "value": ("≈ {value}", "≈ {value}"),
        "write_as": ("{category} に記入", "Write the dice as {category}."),
        "write_as_tap": ("{category} に記入（得点 {score}・失点 {penalty}）", "Write the dice as {category} (score {score}, penalty {penalty})"),
        # ----- captions
        "caption_entry": (
            "実物のダイスをふって目を入力します。点線のダイスをタップすると目が 1 つ進みます（下の欄に数字を続けて打っても入ります）。",
            "Roll real dice and enter them: tap a dashed die to step its pips, or type the digits in the box below.",
        ),
        "caption_over": ("ゲーム終了。", "Game over."),
        "caption_roll": ("「ダイスをふる」で {round} 手番目を始めます。", "Press 'Roll the dice' to start turn {round}."),
        "caption_decide": (
            "ダイスをタップしてキープ／解除し、「振り直す」（残り {n} 回）。またはいま役を選びます。",
            "Tap dice to hold or release them, then Re-roll ({n} left), or choose a category now.",
            "Tap dice to hold or release them, then Re-roll ({n} left), or choose a category now.",
        ),
        "caption_choose": ("振り直しはもうできません。役を選んでください。", "No re-rolls left: choose a category."),
        "caption_watch": ("{seat} が考えています…", "{seat} is thinking…"),
        "prefix": ("{seat}: ", "{seat}: "),
        # ----- messages of the moment
        "last_move": (
            "{prefix}{faces} を {category} に記入（得点 {score}・失点 {penalty}）。",
            "{prefix}Wrote {faces} as {category} (score {score}, penalty {penalty}).",
        ),
        "entry_missing": (
            "目が入っていないダイスがあと {n} 個あります。",
            "{n} die still needs its pips.",
            "{n} dice still need their pips.",
        ),
        "struck_note": (
            "取り消し線の得点はペナルティで消えたものです。",
            "Struck-through scores were cancelled by the penalty bands.",
        ),
        # ----- refusals of page-only taps
        "not_your_move": ("いまはあなたが選ぶ場面ではありません。", "It is not your move right now."),
        "no_such_die": ("ダイス {die} はありません（1〜5）。", "There is no die {die} (1-5)."),
        "hold_refused": ("いまはダイスをキープできません。{why}", "You cannot hold dice now. {why}"),
        "kind_face_range": ("カインドの目は 1〜6 から選びます。", "Kind's face is one of 1 to 6."),
        # ----- the sheets
        "band_none": ("≤{high} なし", "≤{high}: none"),
        "band_all": ("{low}+ 全部", "{low}+: all"),
        "band_top": ("{low}〜{high} 上位{n}", "{low}–{high}: top {n}", "{low}–{high}: top {n}"),
        "penalty_total": ("失点合計", "Penalty total"),
        "band": ("ペナルティ", "Band"),
        "final": ("最終得点", "Final"),
        "if_ended": ("いま終われば", "If it ended now"),
        "legend_struck": ("取り消し線: ペナルティで消えた得点。", "Struck through: cancelled by the penalty bands."),
        "legend_at_risk": ("点線の取り消し線: いま終わったら消える得点。", "Dashed strike: would be cancelled if the game ended now."),
        "legend_cells": ("数字は 得点・−失点。", "Cells read score −penalty."),
        # ----- status line (HTML)
        "status_turn": ("手番 <b>{round}</b>/{turns}", "Turn <b>{round}</b>/{turns}"),
        "status_seat": ("<b>{seat}</b> の番", "<b>{seat}</b> to play"),
        "status_rerolls": (
            "振り直し残り <b class='rb-rerolls-left'>{n}</b>",
            "Re-rolls left: <b class='rb-rerolls-left'>{n}</b>",
            "Re-rolls left: <b class='rb-rerolls-left'>{n}</b>",
        ),
        # ----- log
        "log_roll": ("{round} 手番目: {faces}", "Turn {round}: rolled {faces}."),
        "log_reroll": ("振り直し {k} 回目 → {faces}", "Re-roll {k}: {faces}."),
        "log_hold": (
            "キープ {kept}、{n} 個を振り直す",
            "Holds {kept} and re-rolls {n} die.",
            "Holds {kept} and re-rolls {n} dice.",
        ),
        "log_score": (
            "{faces} → {category}: 得点 {score}・失点 {penalty}",
            "{faces} → {category}: score {score}, penalty {penalty}.",
        ),
        "nothing": ("なし", "nothing"),
        # ----- outcome
        "outcome_penalty": ("失点 {penalty}", "Penalty {penalty}"),
        "outcome_cancelled": ("・取り消し: {names}", "; cancelled: {names}"),
        # ----- hint
        "hint_projection": (
            "{seat} の得点表で、この手番を最善に遊んだときの最終得点の見込み ≈ {value} 点。",
            "With {seat}'s sheet, playing this turn by the hint projects a final score of ≈ {value}.",
        ),
        "hint_reroll": (
            "おすすめ: {kept} をキープして {n} 個を振り直す（≈ {value}）。",
            "Advice: hold {kept} and re-roll {n} die (≈ {value}).",
            "Advice: hold {kept} and re-roll {n} dice (≈ {value}).",
        ),
        "hint_score": ("おすすめ: いま {category} に記入（≈ {value}）。", "Advice: write it down now as {category} (≈ {value})."),
        "hint_head": ("値 = 最終得点の見込み（点）", "Value = projected final score (points)."),
        "hint_category": ("役", "Category"),
        "hint_score_col": ("得点", "Score"),
        "hint_penalty_col": ("失点", "Penalty"),
        "hint_value_col": ("値", "Value"),
        "hint_hold_col": ("キープ", "Hold"),
        "hint_none_all": ("なし（5 個ふる）", "None (roll all 5)"),
        "hint_write_now": ("いま記入", "Write down now"),
        "hint_reroll_n": ("{n} 個ふる", "Re-roll {n} die", "Re-roll {n} dice"),
        # ----- options and table-mode entry
        "players": ("人数", "Players"),
        "entry_confirm": ("この目で決定", "Use these dice"),
        "entry_placeholder": ("例: 55542", "e.g. 55542"),
        "entry_pips": ("目", "Pips"),
        "entry_where": ("、点線のダイスの左から順に", "one per dashed die from the left"),
    }
)

__all__ = ["WORDS"]
