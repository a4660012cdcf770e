"""Every text of the Not My Fault! pages (both versions), in Japanese and English.

Keys are grouped by where they show: the board, the caption, the buttons,
the reasons a tap is refused, the log, the outcome and the hint. Entries
with three forms are ``(ja, en_one, en_many)`` and pick the English plural
from ``n``. Rule refusals come from the engine, not from here; the only
refusals written here are for taps the engine never sees (typing a hand in
table mode, a tap that arrives after the board changed, a move that is not
this page's to make).
"""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        # ----- board: section titles and counts -----------------------------------------------
        "pile": ("伏せたカード", "Face-down cards"),
        "deck": ("山札", "Deck"),
        "set_aside": ("脇に置いたカード", "Set aside"),
        "discard": ("捨て札", "Discards"),
        "hand": ("あなたの手札", "Your hand"),
        "drawn": ("引いたカード", "The card you drew"),
        "last": ("前のラウンド", "Last round"),
        "progress_board": ("進捗ボード", "Progress board"),
        "milestones": ("マイルストーン", "Milestones"),
        "entry": ("入力中の手札", "Cards entered"),
        "empty": ("（なし）", "(none)"),
        "tag_bot": ("ボット", "Bot"),
        "tag_you": ("あなた", "You"),
        "pile_label": ("席{seat}", "S{seat}"),
        # what a tap does, for a screen reader (the accessible name of a tappable card or number)
        "tap_place": ("{n} を裏向きで場に出す", "Place {n} face down on the pile"),
        "tap_draw": ("山札から 1 枚引く", "Draw a card from the Deck"),
        "tap_declare": ("合計 {n} を申告する", "Declare a total of {n}"),
        "red_cards_of": ("レッドカード: {n}/{limit}", "Red cards: {n} of {limit}"),
        "reprimands_of": ("戒告: {n}/{limit}", "Reprimands: {n} of {limit}"),
        "yellows_of": ("イエローカード: {n} 枚", "Yellow cards: {n}"),
        "hand_size": ("手札 {n} 枚", "{n} card in hand", "{n} cards in hand"),
        "red_card": ("レッドカード", "red card"),
        "reprimand": ("戒告", "reprimand"),
        "red_cards": ("レッドカード", "Red cards"),
        "reprimands": ("戒告", "Reprimands"),
        # ----- the last round, face up ------------------------------------------------------------------
        "last_audit": (
            "{actor} が {claim} を監査: 合計 {total} {cmp} {claim} → {loser} に{penalty}",
            "{actor} audited {claim}: total {total} {cmp} {claim} → {penalty} for {loser}",
        ),
        "last_completed": ("{actor} が完成: 合計 {total} ≥ {top}", "{actor} completed: total {total} ≥ {top}"),
        "last_completion_failed": (
            "{actor} の完成は失敗: 合計 {total} < {top} → {penalty}",
            "{actor}'s completion failed: total {total} < {top} → {penalty}",
        ),
        "last_yellow": (
            "{actor} が {claim} を申告して 2 枚目のイエロー → {penalty}（合計は {total}）",
            "{actor} declared {claim}, a second yellow → {penalty} (the total was {total})",
        ),
        # ----- captions -------------------------------------------------------------------------------------
        "game_over": ("ゲーム終了", "Game over"),
        "choose_first": ("最初の手番の人を選んでください。", "Choose who plays first."),
        "bot_card": (
            "{seat} の番です。実物の山札からボットの代わりに 1 枚引き、その値を選んで、カードはボットの前に伏せてください（入力した人には見えてしまいます）。",
            "{seat} draws: take the top card of the real deck for the bot, tap its value and lay it face down for the bot (whoever enters it sees it).",
        ),
        "bot_hand": (
            "{seat} の手札 {n} 枚を入力してください（入力した人には見えてしまいます）。",
            "Enter the {n} card dealt to {seat} (whoever enters it sees it).",
            "Enter the {n} cards dealt to {seat} (whoever enters them sees them).",
        ),
        "enter_card": (
            "{seat}: 実物の山札から引いたカードの値を、ほかの人に見せずに選んでください。",
            "{seat}: tap the value of the card you drew from the real deck (keep it hidden).",
        ),
        "pass_for_hand": (
            "{seat} にタブレットを渡してください。手札の入力は本人だけが見ます。",
            "Hand the tablet to {seat}: only they should see the hand they type in.",
        ),
        "enter_hand": (
            "{seat}: 配られた実物の手札 {n} 枚の値を 1 枚ずつ入力してください。",
            "{seat}: enter the {n} card dealt to you.",
            "{seat}: enter the {n} cards dealt to you, one tap per card.",
        ),
        "to_play": ("{seat} の番です。", "{seat} to play."),
        "new_round_draw": ("ラウンドの最初です。カードを引いてください。", "A new round: draw a card."),
        "trust_or_audit": (
            "直前の申告は {prev}。信じてカードを引くか、監査するかを選びます。",
            "The last declaration is {prev}. Trust it and draw, or audit.",
        ),
        "hand_empty": ("手札がないので、監査するしかありません。", "Your hand is empty: you can only audit."),
        "last_milestone_declared": (
            "最後のマイルストーン {prev} が宣言されました。監査するしかありません。",
            "The last milestone, {prev}, is declared: you can only audit.",
        ),
        "new_round_place": (
            "ラウンドの最初です。手札のカードをタップして伏せてください。",
            "A new round: tap a card of your hand to lay it face down.",
        ),
        "place_or_audit": (
            "直前の宣言は {prev}。手札のカードをタップして伏せるか、監査します。",
            "The last declaration is {prev}. Tap a card of your hand to lay it face down, or audit.",
        ),
        "declare_any": (
            "伏せたカードの合計を申告します（{low}〜{top}。星はマイルストーン、それ以外はイエローカード）。",
            "Declare the total of the face-down cards ({low}–{top}; stars are milestones, other numbers cost a yellow card).",
        ),
        "declare_milestone": (
            "伏せたカードの合計として、マイルストーンを宣言します。",
            "Declare a milestone for the total of the face-down cards.",
        ),
        # ----- header -------------------------------------------------------------------------------------------
        "status_round": ("ラウンド {round}", "Round {round}"),
        "status_turn": ("{seat} の番", "{seat} to play"),
        # ----- buttons ----------------------------------------------------------------------------------------------
        "draw": ("カードを引く", "Draw a card"),
        "draw_trust": ("カードを引く（信じる）", "Draw (trust)"),
        "audit": ("監査！", "Audit!"),
        "first": ("{seat} から", "{seat} starts"),
        "remove_one": ("1 枚消す", "Remove one"),
        "confirm_hand": ("この手札で決定（{n}/{size}）", "Confirm this hand ({n}/{size})"),
        "reveal_entry": ("{seat} です — 手札を入力する", "I am {seat} — enter my hand"),
        "players": ("人数", "Players"),
        # ----- why a tap does nothing (taps the engine never sees) ------------------------------------------------------
        "not_your_turn": ("いまは {seat} の番です。", "It is {seat}'s turn now."),
        "wait_first": ("最初の手番の人が決まるのを待っています。", "Wait: the first player is being chosen."),
        "wait_deal": ("カードが配られるのを待っています。", "Wait: the cards are being dealt."),
        "wait_draw": ("{seat} が引くカードを待っています。", "Wait: {seat} is drawing a card."),
        "stale_tap": (
            "このタップが届く前に盤面が変わったので、何もしていません。",
            "The board changed before this tap arrived: nothing was played.",
        ),
        "pile_hidden_v2": (
            "伏せたカードは、監査か 30 の申告で表になるまで見られません（自分のカードだけは見えます）。",
            "Face-down cards stay hidden until an audit or a declaration of 30 turns them up (you see only your own).",
        ),
        "pile_hidden_41": (
            "伏せたカードは、監査で表になるまで見られません（自分のカードだけは見えます）。",
            "Face-down cards stay hidden until an audit turns them up (you see only your own).",
        ),
        "set_aside_note": (
            "脇に置いたカードは、全員の手札がなくなって配り直すときに山札へ戻ります。",
            "The set-aside cards come back when every hand is empty and new hands are dealt.",
        ),
        "drawn_note": (
            "このカードはもう伏せて置いてあります。次は合計を申告します。",
            "This card already lies face down on the pile: now declare the total.",
        ),
        "last_note": (
            "前のラウンドのカードは表向きで捨て札にあります。",
            "The last round's cards lie face up in the discards.",
        ),
        "entry_note": (
            "入力済みのカードです。直すときは「1 枚消す」で最後の 1 枚を取り消します。",
            "These are the cards typed so far: 'Remove one' takes the last one back.",
        ),
        "discard_note": (
            "捨て札は表向きで、誰でも数えられます。",
            "Discards lie face up: anyone may count them.",
        ),
        "hand_full": (
            "手札は {n} 枚です。入れ直すなら「1 枚消す」を使ってください。",
            "A hand has {n} card; use 'Remove one' to correct it.",
            "A hand has {n} cards; use 'Remove one' to correct it.",
        ),
        "hand_short": (
            "手札は {n} 枚です（いま {entered} 枚）。",
            "A hand has {n} card ({entered} entered so far).",
            "A hand has {n} cards ({entered} entered so far).",
        ),
        "nothing_to_remove": ("まだ 1 枚も入力していません。", "No card has been entered yet."),
        # ----- messages of the moment ------------------------------------------------------------------------------------
        "second_yellow_warning": (
            "あなたはイエローカードを 1 枚持っています。マイルストーン以外を申告すると、このラウンドはレッドカードで負けです。",
            "You already hold a yellow card: declaring a number off the milestones now loses the round with a red card.",
        ),
        # ----- the log (public facts only) ------------------------------------------------------------------------------
        "log_first": ("{seat} から始めます。", "{seat} plays first."),
        "log_dealt": ("全員に {n} 枚ずつ配りました。", "{n} card dealt to each player.", "{n} cards dealt to each player."),
        "log_draws": ("{seat} がカードを引く", "{seat} draws a card"),
        "log_trusts": ("{seat} は {claim} を信じてカードを引く", "{seat} trusts {claim} and draws a card"),
        "log_reshuffle": (
            "（山札が尽きたので捨て札 {n} 枚を混ぜて新しい山札に）",
            " (the deck ran out: the {n} discard became a new deck)",
            " (the deck ran out: the {n} discards were shuffled into a new deck)",
        ),
        "log_lays": ("{seat} がカードを 1 枚伏せる", "{seat} lays a card face down"),
        "log_declares": ("{seat} が {n} を申告", "{seat} declares {n}"),
        "log_yellow": ("（イエローカード）", " (yellow card)"),
        "log_new_hands": ("。全員の手札がなくなったので配り直し", " — every hand is empty: new hands"),
        # ----- the outcome --------------------------------------------------------------------------------------------------
        "row_wins": ("{seat} の勝ち", "{seat} wins"),
        "row_loses": ("{seat} の負け", "{seat} loses"),
        # ----- the hint -------------------------------------------------------------------------------------------------------
        "odds_reach": ("伏せたカードの合計が {target} に届く確率: ", "Chance the face-down total reaches {target}: "),
        "odds_catch": ("（監査が当たる確率 {p}）", " (an audit would catch a bluff {p} of the time)"),
        "odds_title": ("申告した数に合計が届く確率", "Chance the total reaches what you declare"),
        "why_known": ("伏せたカードはすべて分かっています（合計 {total}）。", "You know every face-down card (total {total})."),
        "why_pool": (
            "あなたのカード: {own}。ほかの伏せたカード {n} 枚は、あなたが見ていない {size} 枚（{pool}）のどれかで、"
            "その選び方 {ways} 通りを同じ確からしさで数えています。",
            "Your cards: {own}. The {n} other face-down card is one of the cards you have not seen ({pool}; {size} in all): "
            "each of the {ways} ways to pick it is counted as equally likely.",
            "Your cards: {own}. The other {n} face-down cards are among the cards you have not seen ({pool}; {size} in all): "
            "all {ways} ways to pick them are counted as equally likely.",
        ),
        "why_old": (
            "山札を混ぜ直す前のカード {n} 枚は残りから合計が分かっています（{total}）。",
            " The {n} card from before the reshuffle is known from what was left: {total}.",
            " The {n} cards from before the reshuffle add up to a known {total}.",
        ),
        "advice": ("探索ボットなら: {move}", "The search bot would {move}."),
        "advice_place": ("{value} を伏せる", "lay your {value}"),
        "advice_declare": ("{n} を申告", "declare {n}"),
        "advice_yellow": ("（イエローカード）", " (a yellow card)"),
        "advice_completion": ("（完成）", " (completion)"),
        "advice_audit": ("監査する", "audit"),
        "advice_draw": ("信じてカードを引く", "trust and draw"),
        # titles of the rules' worked examples (examples.py)
        "example_audit": ("監査の結果", "The audit"),
        "example_completion": ("完成の宣言", "The completion"),
        "example_hand": ("{seat} の手札", "{seat}'s hand"),
    }
)

__all__ = ["WORDS"]
