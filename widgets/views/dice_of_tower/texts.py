"""Every text of the Dice of Tower page, in Japanese and English (``WORDS``).

Entries are ``(ja, en)`` or ``(ja, en_one, en_many)`` picked by ``n``. Rule
refusals come from the engine's ``IllegalAction``; the status line carries
its own ``<b>`` (values are escaped by the caller).
"""

from __future__ import annotations

from ..model import Catalogue

WORDS = Catalogue(
    {
        # ----- the board
        "colour_0": ("赤", "Red"),
        "colour_1": ("青", "Blue"),
        "colour_2": ("黄", "Yellow"),
        "colour_3": ("緑", "Green"),
        "die_label": ("{colour}の{size} {face}", "{colour} {size} {face}"),
        "die_bare": ("{colour}の{size}", "{colour} {size}"),
        "size_1": ("小", "S"),
        "size_2": ("中", "M"),
        "size_3": ("大", "L"),
        "die_title": ("ダイス {die}（{colour}・{size}）: {face}", "Die {die} ({colour}, {size}): {face}"),
        "die_rolling": ("ダイス {die}（{colour}・{size}）: 振っています", "Die {die} ({colour}, {size}): being rolled"),
        # what a tap on a die does, said by a screen reader (the chosen die is aria-pressed)
        "tap_pick": ("{die} を選ぶ", "choose {die}"),
        "tap_target": ("選んだダイスを {die} の上に積む", "stack the chosen die on {die}"),
        "tower_points": ("{points} 点", "{points} pts"),
        "risk": ("{p}%", "{p}%"),
        "risk_title": ("ここに置くと崩れる確率 {p}%", "Chance this placement collapses: {p}%"),
        "towers": ("タワー（横から見た図）", "Towers (side view)"),
        "removed": ("除去: {n} 個", "Out: {n} die", "Out: {n} dice"),
        "team": ("{a}・{b}", "{a} + {b}"),
        "score_head": ("得点", "Score"),
        "round_col": ("R{round}", "R{round}"),
        "total_col": ("合計", "Total"),
        "now_col": ("いま", "Now"),
        # ----- captions
        "caption_pick": ("乗せる 1 段のダイスをタップしてください（光っているダイス）。", "Tap one of your lone dice to pick it (the glowing ones)."),
        "caption_target": (
            "{die} を乗せるタワーをタップしてください（光っている一番上のダイス）。画面で選んだだけでまだつまんではいないので、別の 1 段のダイスをタップすれば選びなおせます。",
            "Tap the tower to put {die} on (its glowing top). Choosing on screen is not picking up yet: tap another lone die to choose that one instead.",
        ),
        "caption_reroll": ("乗せられるダイスがありません。1 段の自分のダイスを全部振りなおします。", "No placement exists: re-roll all your lone dice."),
        "caption_pass": ("乗せられるダイスがありません。パスです。", "No placement is possible: pass."),
        "caption_lose": ("バーストしました。除去する 1 段の自分のダイスをタップしてください。", "A burst: tap one of your lone dice to remove it from the game."),
        "caption_watch": ("{seat} の番です…", "{seat} to play…"),
        "caption_over": ("ゲーム終了。", "Game over."),
        "caption_entry_roll": ("実物のダイス（{die}）の目を入力してください。", "Enter the face of the real die ({die})."),
        "caption_entry_risk": ("タワーは立ちましたか？ 崩れたらそのタワーを選んでください。", "Did the towers stand? If one fell, choose it."),
        "prefix": ("{seat}: ", "{seat}: "),
        # ----- controls
        "reroll": ("振りなおす", "Re-roll"),
        "pass": ("パス", "Pass"),
        "face": ("{face}", "{face}"),
        "off": ("ダイスが場外へ", "Die left the table"),
        "stand": ("立った", "Stood"),
        "burst": ("バースト: {die} の上のタワー", "Burst: the tower on {die}"),
        "quake": ("地震など: {die} の上のタワーが倒れた（誰も失わない）", "Earthquake or the like: the tower on {die} fell (nobody loses a die)"),
        "bump": ("{seat} がテーブルを揺らした: {die} の上のタワー", "{seat} bumped the table: the tower on {die}"),
        "fall_more": ("{entry} …", "{entry} …"),
        "caption_levels": (
            "{entry}: そのタワー（{height} 段）は下から何段残っていますか？ 残った段はそのまま、上のダイスだけ目を入力します。",
            "{entry}: how many levels of that tower ({height} high) still stand? Those stay as they are; only the dice above are entered.",
        ),
        "keep_none": ("全部崩れた", "None: it fell whole"),
        "keep_levels": ("{n} 段残った", "{n} level stands", "{n} levels stand"),
        "fall_back": ("戻る", "Back"),
        "last_standing": (" {n} 段は残っています。", " {n} level still stands.", " {n} levels still stand."),
        "caption_lose_bump": ("テーブルを揺らしてタワーを倒しました。除去する 1 段の自分のダイスをタップしてください。", "You bumped the table and a tower fell: tap one of your lone dice to remove it from the game."),
        "last_quake": ("地震などで {tower} の上のタワーが倒れました。誰もダイスを失わず、倒れたままで続けます。", "An earthquake or the like toppled the tower on {tower}. Nobody loses a die; play goes on with the dice as they lie."),
        "last_bump": ("{seat} がテーブルを揺らして {tower} の上のタワーを倒しました。{seat} は自分のダイスを 1 個失います。", "{seat} bumped the table and the tower on {tower} fell: {seat} loses one of its dice."),
        # ----- messages
        "last_place": ("{prefix}{die} を {onto} の上へ。高さ {height}。", "{prefix}Put {die} on {onto}: a tower of {height}."),
        "last_burst_place": ("{prefix}バースト！ {tower} の上のタワーが崩れ、手に持っていた {die} を失いました。", "{prefix}Burst! The tower on {tower} fell and {die}, in hand, is lost."),
        "last_burst_reroll": ("{prefix}振りなおしでバースト！ {tower} の上のタワーが崩れました。", "{prefix}Burst while re-rolling! The tower on {tower} fell."),
        "last_remove": ("{prefix}{die} を除去しました。", "{prefix}Removed {die} from the game."),
        "last_pass": ("{prefix}パス。", "{prefix}Passed."),
        "last_reroll": ("{prefix}振りなおし。", "{prefix}Re-rolled."),
        "last_off": ("{die} が場外へ出て、除去されました。", "{die} left the table and is out of the game."),
        "round_over": ("ラウンド {round} の得点: {scores}", "Round {round} scores: {scores}"),
        "not_your_move": ("いまはあなたの番ではありません。", "It is not your move right now."),
        "no_such_die": ("ダイス {die} はありません。", "There is no die {die}."),
        "no_such_fall": ("「{entry}」はいま入力できる崩れではありません。", "'{entry}' is not a fall that can be entered now."),
        "no_place_for_die": ("{die} はいまどこにも乗せられません。光っているダイスから選んでください。", "{die} cannot go anywhere now: pick one of the glowing dice."),
        # ----- status line (HTML)
        "status_round": ("ラウンド <b>{round}</b>/{rounds}", "Round <b>{round}</b>/{rounds}"),
        "status_lap": ("{lap} 周目/{laps}", "lap {lap}/{laps}"),
        "status_seat": ("<b>{seat}</b> の番", "<b>{seat}</b> to play"),
        # ----- log
        "log_place": ("{die} → {onto} の上（高さ {height}）", "{die} onto {onto} (height {height})."),
        "log_reroll": ("振りなおし", "Re-rolls."),
        "log_rerolled": ("振りなおし → {faces}", "Re-rolled: {faces}."),
        "log_pass": ("パス", "Passes."),
        "log_remove": ("{die} を除去", "Removes {die}."),
        "log_burst": ("バースト: {tower} の上のタワーが崩れた", "Burst: the tower on {tower} fell."),
        "log_off": ("{die} が場外へ", "{die} left the table."),
        "log_round": ("ラウンド {round} 終了: {scores}", "Round {round} over: {scores}."),
        # ----- hint
        "hint_head": (
            "ルールボットの見積もり: 立てば得る点と崩れたときの損を、崩れる確率で重みづけした期待値（点）。",
            "The rule-based bot's estimate: points won if it stands and lost if it falls, weighted by the collapse chance.",
        ),
        "hint_none": ("いま乗せられるダイスはありません。", "No placement is possible now."),
        "hint_move": ("乗せ方", "Placement"),
        "hint_height": ("高さ", "Height"),
        "hint_risk": ("崩れ", "Falls"),
        "hint_value": ("期待値", "Value"),
        # ----- options
        "players": ("人数", "Players"),
        "sizes": ("ダイスの大きさ", "Die sizes"),
        "sizes_mixed": ("小3・中3・大2", "3 S, 3 M, 2 L"),
        "sizes_one": ("全部同じ大きさ", "All one size"),
        "hands": ("崩れやすさ", "Steadiness"),
        "hands_perfect": ("完璧な手（崩れない）", "Perfect hands (no collapse)"),
        "hands_steady": ("しっかり", "Steady"),
        "hands_normal": ("ふつう", "Normal"),
        "hands_shaky": ("ふるえる手", "Shaky"),
        "height_risk": ("高さ ‰", "Height ‰"),
        "step_risk": ("大きさの差 ‰", "Size step ‰"),
        "reroll_risk": ("振りなおし ‰", "Re-roll ‰"),
    }
)

__all__ = ["WORDS"]
