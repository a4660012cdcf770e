"""Every text of the Chiritsumo page, in JA and EN (``WORDS``).

Colour names come from the engine (``COLOUR_NAMES``). Labels ("done",
"3 mountains") stay fragments; sentences and log lines start with a capital.
"""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        # ----- the new-game panel
        "mode": ("遊び方", "Mode"),
        "mode_solo": ("ソロ「ちりが積もるまで」", "Solo: until the dust piles up"),
        "mode_hakoniwa": ("箱庭（2〜4 人）", "Hakoniwa (2-4 players)"),
        "players": ("人数", "Players"),
        # ----- the board
        "pick_slot": ("置くマスを選んでください（緑のマスに置けます）", "Now pick a slot (green slots accept this die)"),
        "pick_die_first": ("先に下のダイスを 1 つ選んでください。", "Pick one of the dice below first."),
        "pyramid": ("ピラミッド", "Pyramid"),
        "tray": ("手元のダイス", "Your dice"),
        # what a tap does, said by a screen reader (the button's name)
        "tap_place": ("選んだダイスを {row} 段目の左から {place} 番目に置く", "place the chosen die in row {row}, place {place}"),
        "tap_lift": ("{die}を戻す", "take back {die}"),
        "tap_pick": ("{die}を選ぶ", "choose {die}"),
        "tap_entry": ("{die}の目を 1 つ進める", "step the pips of {die}"),
        "die": ("{colour}{pips}", "{colour} {pips}"),
        "caption_arrange": (
            "ダイスを選び、置くマスを選んでください。置いたダイスをタップすると戻せます。終わったら「積み終わり」。",
            "Pick a die, then a slot. Tap a placed die to take it back. Press 'Done stacking' when finished.",
        ),
        "caption_entry": (
            "実物のダイスの目を入力します。ダイスをタップすると目が 1 つ進みます（下の欄に数字を続けて打っても入ります）。",
            "Enter the real dice: tap a die to step its pips, or type the digits in the box below.",
        ),
        "caption_roll_bots": ("「ダイスをふる」でボットがラウンドを 1 つ進めます。", "Press 'Roll the dice' to play the bots' next round."),
        "caption_roll": ("「ダイスをふる」を押してラウンドを始めます。", "Press 'Roll the dice' to start the round."),
        "showing_round": ("（ラウンド {n} の形を表示中）", " (showing round {n})"),
        "caption_swap": ("完成！ 予備の透明ダイスと交換する色を選んでください。", "Complete! Choose the colour to trade for a spare clear die."),
        "caption_toss": (
            "とばっ塵: {seat} の番です（ラウンド {n} の形を表示中）。",
            "とばっ塵 swaps: {seat} to choose (showing round {n}).",
        ),
        "caption_waiting": ("{seat} が積んでいます。", "{seat} is stacking."),
        "caption_over": ("ゲーム終了", "Game over"),
        "not_your_turn": ("いまは {seat} の番です。", "It is {seat}'s turn."),
        "seat_done": ("積み終わり", "done"),
        "seat_stacking": ("積んでいる", "stacking"),
        "seat_round": ("ラウンド {round}: {n} 点", "Round {round}: {n} pt", "Round {round}: {n} pts"),
        "points": ("{n} 点", "{n} pt", "{n} pts"),
        # ----- table mode (real dice)
        "entry_pips": ("目", "Pips"),
        "entry_placeholder": ("例: 3515264121", "e.g. 3515264121"),
        "entry_confirm": ("この目で決定", "Use these dice"),
        "entry_missing": (
            "まだ目が入っていないダイスが {n} 個あります。",
            "{n} die has no pips entered yet.",
            "{n} dice have no pips entered yet.",
        ),
        "entry_where": ("、ダイスの並び順に", "one per die in tray order"),
        # ----- buttons
        "auto": ("自動で積む（最善）", "Auto-stack (best)"),
        "done": ("積み終わり", "Done stacking"),
        "swap": ("{colour}を透明と交換", "Trade {colour} for clear"),
        "pass": ("交換しない（パス）", "No swap (pass)"),
        "toss_go": ("交換する", "Swap"),
        "toss_give": ("渡す色", "Give"),
        "toss_target": ("相手", "To"),
        "toss_take": ("もらう色", "Take"),
        "just_swapped": ("（直前に交換）", " (just swapped)"),
        "dust_pile": ("塵の山", "Dust pile"),
        "the_dust_pile": ("塵の山", "the dust pile"),
        # ----- the header
        "status_round": ("ラウンド {round}", "Round {round}"),
        "status_total": ("合計 {total} 点", "Total {total}"),
        "status_clear": ("透明 {n}/4", "Clear {n}/4"),
        "status_final": ("最終ラウンド", "Final round"),
        "status_turn": ("{seat} の番", "{seat} to play"),
        # ----- the score breakdown
        "mountains": ("山", "Mountains"),
        "rivers": ("河", "Rivers"),
        "wings": ("翼", "Wings"),
        "fuji": ("富士", "Fuji"),
        "bonus": ("完成ボーナス", "Completion bonus"),
        "bonus_top": ("頂上 {pips} × 3", "Top {pips} × 3"),
        "not_complete": ("未完成", "Not complete"),
        "score_live": ("ラウンド {round} の得点（積みながら計算）", "Round {round} score (live)"),
        "score_round": ("ラウンド {round} の得点", "Round {round} score"),
        "score_of": ("{seat} — {title}", "{seat} — {title}"),
        "total": ("合計", "Total"),
        "pattern_mountain": ("{colour}の山", "{colour} mountain"),
        "pattern_river": ("{colour}の河", "{colour} river"),
        "pattern_wing": ("{colour}の翼", "{colour} wing"),
        # ----- the log
        "log_rolled": ("ラウンド {round} {who}ふった目 {faces}", "Round {round} — {who}rolled {faces}"),
        "log_place": ("{who}{die} → {slot}", "{who}{die} → {slot}"),
        "log_lift": ("{who}{slot} のダイスを戻す", "{who}Took back {slot}"),
        "log_done": ("{who}積み終わり（{n} 個）", "{who}Done stacking ({n} die)", "{who}Done stacking ({n} dice)"),
        "log_scores": ("ラウンド {round} の得点: {scores}", "round {round} scores: {scores}"),
        "log_score": ("{who}{n} 点", "{who}{n}"),
        "log_swap": ("{colour}を予備の透明と交換（透明 {n} 個）", "Traded {colour} for a clear die ({n} clear)"),
        "log_toss": ("{who}{give}を渡して{target}の{take}をもらう", "{who}Gave {give} to {target} for {take}"),
        "log_pass": ("{who}交換しない", "{who}No swap"),
        # ----- the outcome
        "outcome_rounds": ("{n} ラウンド: {history}", "{n} round: {history}", "{n} rounds: {history}"),
        # ----- hints
        "hint_best": ("この目の最高点は {n} 点（{parts}）。薄いダイスがその並べ方です。", "Best possible with this roll: {n} ({parts}). The faint dice show where."),
        "hint_keep": (
            "置いたダイスを活かした最高点は {n} 点（{parts}）。薄いダイスがその続きです。",
            "Best from the dice you have placed: {n} ({parts}). The faint dice show how to go on.",
        ),
        "hint_restart": (
            "並べ直せば {n} 点になります。「自動で積む」で置いたダイスを外して積み直せます。",
            "Starting over scores {n}: Auto-stack lifts your dice and rebuilds.",
        ),
        "hint_mountains": ("山 {n}", "{n} mountain", "{n} mountains"),
        "hint_rivers": ("河 {n}", "{n} river", "{n} rivers"),
        "hint_wings": ("翼 {n}", "{n} wing", "{n} wings"),
        "hint_bonus": ("完成ボーナス {n}", "completion bonus {n}"),
        "hint_bot_swap": ("ボットなら「{label}」。", "The bot would: {label}."),
        "hint_give_up": ("{colour}を手放す → 次のラウンドの期待値 {value} 点", "Give up {colour} → next round's expected best {value}"),
        "hint_bot_toss": ("ボットなら: {give}を渡して{target}の{take}をもらう。", "The bot would give {give} to {target} for {take}."),
        "hint_bot_pass": ("ボットならパスします。", "The bot would pass."),
        "hint_worth": ("いまのダイスの期待値: {value} 点/ラウンド", "Your dice are worth {value} a round on average."),
        "hint_mix": (
            "このダイスの組み合わせは、最善に積んで平均 {value} 点、完成率 {rate}。",
            "With this mix of dice, best play averages {value} a round and completes {rate} of rolls.",
        ),
    }
)

__all__ = ["WORDS"]
