"""Every text of the National Economy page, in Japanese and English.

Entries with three forms are ``(ja, en_one, en_many)`` and pick the English
plural from ``n``. Rule refusals come from the engine; the only refusals
written here are for taps the engine never sees (a stale tap, a move that
is not this page's).
"""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        # ----- board ---------------------------------------------------------------------------------
        "round": ("ラウンド {round}/9", "Round {round} of 9"),
        "wage": ("給料 ${wage}/人", "Wage ${wage} a worker"),
        "household": ("家計 ${n}", "Household ${n}"),
        "deck": ("山札 {n} 枚", "Deck: {n} card", "Deck: {n} cards"),
        "discards": ("捨て札 {n} 枚", "Discards: {n} card", "Discards: {n} cards"),
        "public": ("共有建物", "Public buildings"),
        "buildings_of": ("{seat} の建物", "{seat}'s buildings"),
        "your_buildings": ("あなたの建物", "Your buildings"),
        "hand": ("あなたの手札", "Your hand"),
        "revealed": ("めくったカード", "Turned over"),
        "none": ("（なし）", "(none)"),
        "money": ("${n}", "${n}"),
        "tokens": ("罰符 {n}", "{n} token", "{n} tokens"),
        "workers": ("労働者 {idle}/{n}", "Workers {idle} of {n}"),
        "workers_title": (
            "労働者 {n} 人: 未配置 {idle}、配置済み {placed}、睡眠中 {asleep}",
            "{n} workers: {idle} to place, {placed} placed, {asleep} asleep",
        ),
        "hand_size": ("手札 {n} 枚（消費財 {goods}）", "{n} card in hand ({goods} goods)", "{n} cards in hand ({goods} goods)"),
        "forecast": ("予想 {n} 点", "Forecast {n} pts"),
        "forecast_title": (
            "今終わった場合の得点: 建物 {buildings} + ボーナス {bonus} + 所持金 {money} − 罰符 {unpaid}",
            "Score if the game ended now: buildings {buildings} + bonuses {bonus} + money {money} − tokens {unpaid}",
        ),
        "start": ("スタート", "Start"),
        "tag_bot": ("ボット", "Bot"),
        "tag_you": ("あなた", "You"),
        "blocked": ("封鎖", "Blocked"),
        "passive": ("常在", "Passive"),
        "cost_value": ("コスト {cost} · 評価 {value}", "Cost {cost} · value {value}"),
        "goods_card": ("消費財", "Consumer goods"),
        # ----- captions -------------------------------------------------------------------------------
        "game_over": ("ゲーム終了", "Game over"),
        "cap_enter": ("山札から引いた実物のカードを選んでください。", "Choose the real card drawn from the deck."),
        "to_play": ("{seat} の番です。", "{seat} to play."),
        "cap_place": ("労働者を置く職場をタップしてください。", "Tap a workplace for your worker."),
        "cap_discard": ("支払いに捨てるカードをタップしてください（あと {n} 枚）。", "Tap a card to discard and pay ({n} more).", "Tap a card to discard and pay ({n} more)."),
        "cap_build": ("建てる建物カードをタップしてください。", "Tap the building card to build."),
        "cap_build2": ("同じコストの 2 つ目の建物カードをタップしてください。", "Tap the second building card, of the same cost."),
        "cap_pick": ("手札に加えるカードを 1 枚タップしてください。", "Tap the card to keep."),
        "cap_sell": (
            "給料 ${due} に ${cash} しかありません。売る建物の組み合わせを選んでください。",
            "Wages of ${due} and only ${cash} in cash: choose the buildings to sell.",
        ),
        "cap_trim": ("手札が上限 {n} 枚を超えています。捨てるカードをタップしてください。", "Your hand is over its limit of {n}: tap a card to discard.", "Your hand is over its limit of {n}: tap a card to discard."),
        # ----- buttons ---------------------------------------------------------------------------------
        "sell_option": ("{names}を売る（残り ${left}）", "Sell {names} (${left} left)"),
        "sell_tokens": ("{names}を売る（罰符 {tokens} 枚）", "Sell {names} ({tokens} tokens)"),
        "sell_lost": ("{names}を売る（${short} 足りずゲームオーバー）", "Sell {names} (${short} short: game over)"),
        # ----- page refusals ----------------------------------------------------------------------------
        "not_your_turn": ("いまは {seat} の番です。", "It is {seat}'s turn."),
        "stale_tap": ("盤面が変わりました。もう一度タップしてください。", "The board has changed: tap again."),
        "wait_chance": ("いまは山札からカードを引いているところです。", "A card is being drawn from the deck."),
        # ----- log -----------------------------------------------------------------------------------------
        "log_place": ("{seat}: {building} に労働者を置く", "{seat} places a worker on {building}"),
        "log_discard": ("{seat}: {card} を捨てる", "{seat} discards {card}"),
        "log_build": ("{seat}: {card} を建てる", "{seat} builds {card}"),
        "log_pick": ("{seat}: {card} を手札に加える", "{seat} keeps {card}"),
        "log_sell": ("{seat}: {names} を売る", "{seat} sells {names}"),
        "log_draws": ("{seat} が山札から引いた", "{seat} drew from the deck"),
        "log_dealt": ("手札を 3 枚ずつ配った", "Three cards dealt to each seat"),
        "log_revealed": ("めくられた: {cards}", "Turned over: {cards}"),
        "log_round": ("ラウンド {round} 終了: 給料 ${wage}/人を支払い", "Round {round} over: wages of ${wage} a worker paid"),
        # ----- outcome and hints ----------------------------------------------------------------------------
        "row_score": (
            "{seat}: {total} 点（建物 {buildings}、ボーナス {bonus}、所持金 {money}、罰符 {unpaid}）",
            "{seat}: {total} points (buildings {buildings}, bonuses {bonus}, money {money}, tokens {unpaid})",
        ),
        "hint_sale": ("{names}: 残り ${left}、得点 {points}", "{names}: ${left} left, {points} points"),
        "hint_sale_title": ("合法な売却と最終得点への影響", "Legal sales and what they cost in final points"),
        "hint_search": ("探索ボットなら: {move}", "The search bot would play: {move}"),
        # ----- table companion ---------------------------------------------------------------------
        "calc_title": ("実物のゲーム用の計算機", "Calculators for the real game"),
        "calc_round": ("ラウンド", "Round"),
        "calc_workers": ("労働者", "Workers"),
        "calc_cash": ("所持金 $", "Cash $"),
        "calc_values": ("売却可能な建物の評価額", "Values of sellable buildings"),
        "calc_wage_button": ("給料と売却を計算", "Wages and sales"),
        "calc_buildings": ("建物（名前をカンマ区切り）", "Buildings (names, commas between)"),
        "calc_money": ("所持金 $", "Money $"),
        "calc_tokens": ("罰符", "Unpaid tokens"),
        "calc_goods": ("手札の消費財", "Consumer goods in hand"),
        "calc_score_button": ("最終得点を計算", "Final score"),
        "calc_due": ("給料 ${wage}/人で ${due}、不足 ${short}", "Wages: ${wage} a worker, ${due} in all; short ${short}"),
        "calc_option": ("売る: {sold} → 残り ${left}、罰符 {tokens}", "Sell {sold} → ${left} left, {tokens} tokens"),
        "calc_score": (
            "{total} 点（建物 {buildings}、ボーナス {bonus}、所持金 {money}、罰符 {unpaid}）",
            "{total} points (buildings {buildings}, bonuses {bonus}, money {money}, tokens {unpaid})",
        ),
        "calc_bad_numbers": ("評価額は 0 以上の整数を空白で区切って入力してください。", "Type the values as whole numbers of 0 or more, with spaces between."),
        "calc_bad_building": ("「{name}」という建物はありません。", "There is no building called '{name}'."),
        "hint_search_row": (
            "{move}: 勝つ見込み {pct}（2 ラウンド先までの試し打ち {n} 回からの見積もり）",
            "{move}: {pct} chance to win, estimated from {n} playouts two rounds ahead",
        ),
        "unpaid": ("建設中: コストを払うと完成", "Being built: done when its cost is paid"),
        "asleep_note": ("z = 睡眠中（雇ったラウンドは働かず、次のラウンドから働く）", "z = asleep (hired this round; works from the next)"),
        "twin_label": ("{name} ({n})", "{name} ({n})"),
        # what a tap does, for a screen reader (the accessible name of a tappable card or building)
        "tap_place": ("{name} に労働者を置く", "Send a worker to {name}"),
        "tap_place_workers": ("{name} に労働者を置く（いま {seats} の労働者）", "Send a worker to {name} (now holding {seats}'s workers)"),
        "tap_pick": ("{name} を手札に取る", "Take {name} into your hand"),
        "tap_build": ("{name} を建てる（{note}）", "Build {name} ({note})"),
        "tap_discard": ("{name} を捨てる（{note}）", "Discard {name} ({note})"),
    }
)

__all__ = ["WORDS"]
