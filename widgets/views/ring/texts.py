"""Every text of the 指輪を落とさないで page, in Japanese and English (``WORDS``).

Keys are grouped by where the text shows. Entries with three forms are
``(ja, en_one, en_many)``: English picks the plural by ``n``.
"""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        # ----- new-game options and the table-mode dice box
        "players": ("人数", "Players"),
        "just_bonus": ("選択ルール: ちょうどで指輪 +1", "Optional rule: Just lifts the ring"),
        "deal_button": ("カードを配る", "Deal the cards"),
        "entry_confirm": ("この目で決定", "Use these dice"),
        "entry_pips": ("目", "Pips"),
        "entry_example": ("例: {example}", "e.g. {example}"),
        "entry_where": ("", "one per die"),
        # ----- board labels
        "more": ("もっと", "More"),
        "just": ("ちょうど", "Just"),
        "heavy": ("重すぎ", "Heavy"),
        "parent": ("親", "Parent"),
        "fallen": ("落ちた", "Fallen"),
        "hand_count": ("{n} 枚", "{n} card", "{n} cards"),
        "discarded": ("捨て札済み", "Discarded"),
        "centre_die": ("中央のダイス", "Centre die"),
        "pool": ("取れるダイス", "Dice to take"),
        "your_discard": ("あなたの捨て札（裏向き）", "Your discard (face down)"),
        "ring": ("指輪", "Ring"),
        "entry": ("実物のダイスの目（タップで 1 つ進む）", "Real dice (tap to step the pips)"),
        "kind_bot": ("ボット", "bot"),
        "kind_you": ("あなた", "you"),
        "you_short": ("あなた", "You"),
        "seat_you": ("{name}（あなた）", "{name} (you)"),
        "ring_on": ("指輪は目盛り {ring}", "Ring on mark {ring}"),
        "ring_fell": ("指輪は落ちました", "The ring fell"),
        "penalty_badge": ("コインだけのペナルティ {n} 回", "{n} Coin-only penalty", "{n} Coin-only penalties"),
        "die_of": ("{area} {pips}", "{area} {pips}"),
        "no_order": ("ランクの強さは中央に残るダイスで決まります", "The die left in the centre will set the rank order"),
        "order": ("中央のダイス {centre}: 強い順", "Centre die {centre}: strongest first"),
        # ----- a seat's die, short (on the seat row) and as a sentence (in the caption)
        "need_more": ("あと {n} 歩", "{n} to Just"),
        "need_just": ("ちょうど！", "Just!"),
        "need_heavy": ("重すぎ", "Too heavy"),
        "need_more_sentence": ("ちょうどまであと {n} 歩。", "{n} more step to Just.", "{n} more steps to Just."),
        "need_just_sentence": ("ダイスはちょうど。これ以上勝たないように。", "Your die is on Just: win no more."),
        "need_heavy_sentence": ("重すぎ（{n}）。勝つたびに目が増えます。", "Too heavy ({n}): each win adds a pip."),
        # ----- tricks and the hand
        "trick": ("トリック {n}", "Trick {n}"),
        "trick_led": ("トリック {n}（1 番手 {suit}）", "Trick {n} ({suit} led)"),
        "trick_won": (
            "トリック {number}: {names} の勝ち（各 {n} 歩）",
            "Trick {number}: {names} won ({n} step each)",
            "Trick {number}: {names} won ({n} steps each)",
        ),
        "names_sep": ("・", ", "),
        "hands_hidden": ("手札は受け取った人だけに見えます", "Hands are shown only to their owner"),
        "hand_title": ("{name}の手札（{n} 枚）", "{name}: hand ({n} card)", "{name}: hand ({n} cards)"),
        # ----- the round's result
        "result_title": ("ラウンド {n} の結果", "Round {n} result"),
        "col_seat": ("席", "Seat"),
        "col_die": ("ダイス", "Die"),
        "col_ring": ("指輪", "Ring"),
        "ring_fell_move": ("{before} → 落ちた", "{before} → fell"),
        "ring_stays": ("{before}（動かず）", "{before} (stays)"),
        "ring_moves": ("{before} → {after}", "{before} → {after}"),
        "fell": ("落ちた", "Fell"),
        # ----- captions
        "over": ("ゲーム終了: {summary}", "Game over: {summary}"),
        "pass": ("次の人にタブレットを渡してください。", "Pass the tablet on."),
        "deal_table": (
            "「カードを配る」を押すと、ページがシャッフルして 6 枚ずつ配ります。",
            "Press 'Deal the cards': the page shuffles and deals six to everyone.",
        ),
        "dealing": ("カードを配っています…", "Dealing…"),
        "roll_table": (
            "親（{parent}）が実物のダイス {n} 個を振り、目を入力してください。",
            "The parent ({parent}) rolls {n} real die: enter its pips.",
            "The parent ({parent}) rolls {n} real dice: enter their pips.",
        ),
        "roll": ("ラウンド {round}: 親は{parent}。「ダイスをふる」を押してください。", "Round {round}: {parent} is the parent. Press 'Roll the dice'."),
        "to_move": ("{who}の番です。", "{who} to move."),
        "draft": (
            "ダイスを 1 つ取ってください。その目の数だけ歩数を集めると指輪は落ちません。最後に残る 1 つがランクの強さを決めます。",
            "Take a die. Collect exactly that many steps and your ring stays; the die nobody takes sets the rank order.",
        ),
        "discard": (
            "捨てるカードを 1 枚タップしてください（裏向きで、誰にも見えません）。",
            "Tap a card to discard it face down (nobody sees it).",
        ),
        "lead": ("あなたが 1 番手です。出すカードをタップしてください。{need}", "You lead: tap a card to play. {need}"),
        "follow": ("出すカードをタップしてください。{need}", "Tap a card to play. {need}"),
        # ----- messages of the moment
        "penalty_now": (
            "{who}はコインしか持っていないので指輪が 1 下がり、次の席が 1 番手です。",
            "{who} holds only Coins: the ring goes down one and the next seat leads.",
        ),
        "you_won": ("あなたの勝ちです。", "You win."),
        "you_lost": ("あなたの負けです。", "You lose."),
        # ----- refusals of page-only taps
        "not_your_move": ("いまはあなたの番ではありません。{whose}", "It is not your move now. {whose}"),
        "whose": ("{who}の番です。", "{who} is to move."),
        "wait_roll": ("いまはダイスを振る場面です。", "The dice are to be rolled first."),
        "wait_deal": ("いまはカードを配る場面です。", "The cards are being dealt."),
        "game_over": ("ゲームは終わっています。", "The game is over."),
        "pass_first": ("タブレットを受け取った人が「見る」を押してから操作します。", "The person whose turn it is takes the tablet first."),
        "cards_wait": ("まずダイスを 1 つ取ります。カードはそのあと捨て札とトリックに使います。", "Take a die first: the cards are for the discard and the tricks after it."),
        "not_entering": ("いまは実物のダイスの目を入れる場面ではありません。", "Real dice are not being entered now."),
        "unreadable": ("画面から読めない操作が届きました: {text}", "The page sent a move it cannot read: {text}"),
        # ----- status line
        "status_round": ("ラウンド <b>{round}</b>", "Round <b>{round}</b>"),
        "status_parent": ("親: {name}", "parent: {name}"),
        "status_turn": ("<b>{name}</b> の番", "<b>{name}</b> to move"),
        "status_bonus": ("選択ルールあり", "optional rule on"),
        # ----- log
        "log_dealt": ("ラウンド {round}: 6 枚ずつ配りました", "Round {round}: six cards dealt to everyone"),
        "log_dealt_left": (
            "ラウンド {round}: 6 枚ずつ配りました（{n} 枚は中央に裏向き）",
            "Round {round}: six cards dealt to everyone ({n} face down in the centre)",
        ),
        "log_rolled": ("親の{parent} がダイスを振りました: {pips}", "{parent} (parent) rolled {pips}"),
        "log_took": ("{who} が {pips} のダイスを取りました", "{who} took a {pips}"),
        "log_took_centre": (
            "{who} が {pips} のダイスを取りました — 中央に {centre} が残り、強さは {order}",
            "{who} took a {pips} — {centre} stays in the centre: {order}",
        ),
        "log_discarded": ("{who} がカードを 1 枚裏向きで捨てました", "{who} discarded a card face down"),
        "log_played": ("{who}: {card}", "{who} played {card}"),
        "log_trick": (
            "トリック {number}: {names} の勝ち（各 {n} 歩）",
            "trick {number}: {names} won ({n} step each)",
            "trick {number}: {names} won ({n} steps each)",
        ),
        "log_penalty": (
            "{who} はコインしかないので指輪が 1 下がり {ring} に",
            "{who} holds only Coins: ring down one to {ring}",
        ),
        "log_round_over": ("ラウンド {round} 終了、指輪: {moves}", "round {round} over, rings: {moves}"),
        "log_ring_move": ("{who} {before}→{after}", "{who} {before}→{after}"),
        "log_fell": ("落ちた", "fell"),
        # ----- hint
        "hint_draft": (
            "この手札で集まりそうな歩数の目安: 中央が 4〜6（7 が強い）なら約 {high}、1〜3（1 が強い）なら約 {low}。",
            "Rough steps this hand should collect: about {high} if the centre die is 4–6 (7 high), {low} if it is 1–3 (1 high).",
        ),
        "hint_die_more": (
            "あなたのダイス: {die}。ちょうどまであと {n} 歩。",
            "Your die: {die}. {n} more step to Just.",
            "Your die: {die}. {n} more steps to Just.",
        ),
        "hint_die_done": ("あなたのダイス: {die}。これ以上トリックに勝つと指輪が下がります。", "Your die: {die}. Every further win costs ring marks."),
        "hint_suggests": ("読みボットのおすすめ", "The search bot suggests"),
        "hint_move": ("手", "Move"),
        "hint_share": ("勝ちの見込み", "Win share"),
        "hint_tried": ("試した局面", "Deals tried"),
        "move_take": ("{pips} のダイスを取る", "Take the {pips}"),
        "move_discard": ("{card} を捨てる", "Discard {card}"),
        "move_play": ("{card} を出す", "Play {card}"),
    }
)

SHORT_SUITS = {
    "amethyst": ("アメジスト", "Amethyst"),
    "ruby": ("ルビー", "Ruby"),
    "sapphire": ("サファイア", "Sapphire"),
    "emerald": ("エメラルド", "Emerald"),
    "grayspinel": ("スピネル", "Spinel"),
    "diamond": ("ダイヤ", "Diamond"),
    "coin": ("コイン", "Coin"),
}
"""Suit names short enough for a card face (the full name is in its tooltip)."""

__all__ = ["SHORT_SUITS", "WORDS"]
