"""Every text of the Kokkuri-san page, in Japanese and English.

Keys are grouped by where they show: the board, the captions, the buttons,
the options panel, the reasons a tap is refused, the log and the outcome.
Entries with three forms are ``(ja, en_one, en_many)`` and pick the English
plural from ``n``. Rule refusals come from the engine, not from here; the
only refusals written here are for taps the engine never sees (a candidate
tapped before a card is chosen, a tap that arrives after the board changed,
a move that is not this page's to make, things that are never played).
"""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        # ----- board ------------------------------------------------------------------------------
        "candidates": ("候補者（左から位置 0, 1, …）", "Candidates (positions 0, 1, … from the left)"),
        "hand": ("あなたの手札", "Your hand"),
        "last": ("前回の決算", "Last settlement"),
        "empty": ("（なし）", "(none)"),
        "tag_bot": ("ボット", "Bot"),
        "tag_you": ("あなた", "You"),
        "score": ("{n} 点", "{n} point", "{n} points"),
        "hand_size": ("手札 {n} 枚", "{n} card in hand", "{n} cards in hand"),
        "deck_size": ("山札 {n} 枚", "{n} card in deck", "{n} cards in deck"),
        "hand_short": ("手札 {n}", "Hand {n}"),
        "deck_short": ("山札 {n}", "Deck {n}"),
        "points": ("1位 {first} / 2位 {second}", "1st {first} / 2nd {second}"),
        "may": ("任意", "optional"),
        "must": ("強制", "mandatory"),
        "up": ("▲表向き", "▲ face up"),
        "down": ("▼裏向き", "▼ face down"),
        "up_title": ("{card} を表向きで {name} の下へ", "Play {card} face up under the {name}"),
        "down_title": ("{card} を裏向きで {name} の下へ", "Play {card} face down under the {name}"),
        # what a tap does, for a screen reader (the accessible name of a tappable card or button)
        "up_at": ("▲表向きで {name} の下へ（先に手札を選ぶ）", "▲ face up under the {name} (choose a card first)"),
        "down_at": ("▼裏向きで {name} の下へ（先に手札を選ぶ）", "▼ face down under the {name} (choose a card first)"),
        "tap_choose": ("{card} を出すカードに選ぶ", "Choose {card} to play"),
        "move_here": ("{name} へ移す", "To the {name}"),
        "votes": ("{n} 票", "{n} vote", "{n} votes"),
        "elected_1": ("1位当選", "Elected 1st"),
        "elected_2": ("2位当選", "Elected 2nd"),
        "standin": (
            "代替データ（stand-in, KS-1）で遊んでいます: 候補者の名前・支配点・効果はこのサイトが作った値です。新しいゲームの設定で本物のカードのファイルに替えられます。",
            "Playing with stand-in card data (KS-1): the candidates' names, points and effects are this site's own. Replace them with a file of the real cards in the new-game options.",
        ),
        "owner_data": ("持ち主が読み込んだカードデータで遊んでいます。", "Playing with card data loaded by the owner of the game."),
        "facedown_title": ("{seat} の裏向きのカード", "{seat}'s face-down card"),
        "fronts": ("公開済み: {cards}", "Shown: {cards}"),
        "round_of": ("ラウンド {round}/3", "Round {round} of 3"),
        "turns_of": ("手番 {turns}/{total}", "Turn {turns} of {total}"),
        # ----- captions -----------------------------------------------------------------------------
        "game_over": ("ゲーム終了", "Game over"),
        "to_play": ("{seat} の番です。", "{seat} to play."),
        "to_effect": ("{seat} がパトロン効果を実行します。", "{seat} carries out a patron effect."),
        "choose_card": (
            "手札のカードを 1 枚選び、候補者の下の ▲表向き か ▼裏向き をタップしてください。",
            "Choose a card of your hand, then tap ▲ face up or ▼ face down under a candidate.",
        ),
        "chosen": (
            "{card} を選びました。候補者の下の ▲表向き（効果が起きる）か ▼裏向き をタップしてください。",
            "{card} chosen: tap ▲ face up (its patron effect follows) or ▼ face down under a candidate.",
        ),
        "effect_flip": ("表にする裏向きのカードをタップしてください。", "Tap a face-down card to turn it up."),
        "effect_swap": ("入れ替える 2 人の候補者をボタンで選んでください。", "Choose two candidates to swap with the buttons."),
        "effect_move": ("自分のトークンを {name} へ移します。移す元の候補者の「{name} へ移す」をタップしてください。", "Move one of your tokens to the {name}: tap “To the {name}” under the candidate it comes from."),
        "effect_draw": ("さらに {n} 枚引けます。", "You may draw {n} more card.", "You may draw {n} more cards."),
        "effect_may": ("（この効果は任意です。「使わない」も選べます）", "(This effect is optional: you may skip it.)"),
        # ----- buttons ------------------------------------------------------------------------------
        "swap": ("{a} ⇄ {b}", "{a} ⇄ {b}"),
        "draw": ("{n} 枚引く", "Draw {n} card", "Draw {n} cards"),
        "skip": ("使わない", "Skip the effect"),
        # ----- options ------------------------------------------------------------------------------
        "players": ("人数", "Players"),
        "cards_file": ("カードデータを読み込む", "Load card data"),
        "cards_standin": ("代替データに戻す", "Back to the stand-in"),
        "cards_in_use_standin": ("カードデータ: 代替データ（stand-in, KS-1）", "Card data: the stand-in (KS-1)"),
        "cards_in_use_file": ("カードデータ: {name}（候補者 {n} 人）", "Card data: {name} ({n} candidate)", "Card data: {name} ({n} candidates)"),
        "cards_too_big": ("ファイルが大きすぎます（{limit} バイトまで）。", "The file is too big (at most {limit} bytes)."),
        "cards_refused": ("読み込めませんでした", "Not loaded"),
        # ----- refusals of taps the engine never sees -------------------------------------------------
        "choose_first": ("先に手札のカードを 1 枚選んでください。", "Choose a card of your hand first."),
        # ----- table mode: what chance decides, typed in ------------------------------------------------
        "entry_order": ("候補者の並び（左から）", "The candidate row, left to right"),
        "entry_cards": ("{seat}が引いたカード（{n} 枚）", "The cards {seat} drew ({n})"),
        "enter_order": (
            "候補者の山を実際に並べ、左から順にタップしてください（{n} / {k}）。",
            "Lay out the candidate stacks and tap them here from left to right ({n} of {k}).",
        ),
        "enter_first": ("スタートプレイヤーをテーブルで決めて選んでください。", "Choose the start player as decided at the table."),
        "enter_cards": (
            "{seat}: 自分の山札から引いた実物のカードを入力してください（{n} / {k} 枚）。",
            "{seat}: type in the real cards you drew from your deck ({n} of {k}).",
        ),
        "enter_cards_bot": (
            "{seat}（ボット）の山札から代わりに引いて入力してください（入力する人にはその手札が分かります）: {n} / {k} 枚。",
            "Draw for {seat} (a bot) from its deck and type the cards in (whoever types them knows its hand): {n} of {k}.",
        ),
        "pass_for_cards": ("{seat}にタブレットを渡してください。引いたカードを入力します（ほかの人は見ないでください）。",
                           "Hand the tablet to {seat} to type in the cards they drew (the others look away)."),
        "wait_entry": ("{seat}が自分の端末で引いたカードを入力しています。", "{seat} is typing in their draw on their own device."),
        "reveal_entry": ("{seat}です: 入力する", "I am {seat}: type in"),
        "first_button": ("{seat}から", "{seat} starts"),
        "remove_one": ("1 つ戻す", "Take one back"),
        "entry_done": ("決定（{n} / {k}）", "Done ({n} of {k})"),
        "entry_hidden": ("引いたカードを入力しています。ほかの人は見ないでください。", "A draw is being typed in: the others look away."),
        "candidate_typed": ("{name} はもう並べました。", "{name} is in the row already."),
        "draw_full": ("引くのは {n} 枚です。「決定」を押すか、「1 つ戻す」で直してください。",
                      "This draw is {n} card(s): press Done, or Take one back to correct one."),
        "none_left": ("あなたの山札に {card} はもう残っていません。実物のカードを確かめてください。",
                      "Your deck holds no more {card}: please check the real card."),
        "nothing_to_remove": ("まだ何も入力していません。", "Nothing is typed in yet."),
        "entry_short": ("あと {left} つ入力してください。", "{left} still to type in."),
        "not_your_entry": ("入力するのは{seat}です。", "{seat} types this in."),
        "stale_tap": ("盤面が変わったあとのタップでした。もう一度どうぞ。", "That tap was on a board that has changed; please tap again."),
        "not_your_turn": ("{seat} の番です。", "It is {seat}'s turn."),
        "not_your_effect": ("{seat} がパトロン効果を実行中です。", "{seat} is carrying out a patron effect."),
        "wait_chance": ("カードを配っています。", "Cards are being dealt."),
        "facedown_note": (
            "裏向きのカードは決算で表になります（パトロン効果で表にできるときは光ります）。",
            "Face-down cards are turned up at the settlement (when a patron effect may turn one up, it is lit).",
        ),
        "faceup_note": ("表向きのカードはもう動かせません。決算まで置かれたままです。", "A face-up card stays where it is until the settlement."),
        "tokens_note": ("トークンは左詰めです。影響順位の同点は、左にトークンがある人が上です。", "Tokens are packed to the left; a tie in influence goes to the token further left."),
        "hand_effect": ("パトロン効果の実行中です。手札のカードは出せません。", "A patron effect is being carried out: no card is played now."),
        "fronts_note": ("決算のあと自分の前に表向きで置いたカードです（もう使いません）。", "Cards shown in front of their owner after a settlement (out of play)."),
        # ----- log ----------------------------------------------------------------------------------
        "log_order": ("候補者の並び: {names}", "Candidates from the left: {names}"),
        "log_first": ("{seat} がスタートプレイヤー", "{seat} starts"),
        "log_up": ("{seat}: {name} にトークン、{card} を表向き", "{seat}: token on the {name}, {card} face up"),
        "log_down": ("{seat}: {name} にトークン、カードを裏向き", "{seat}: token on the {name}, a card face down"),
        "log_flip": ("{seat}: {name} の下の裏向きのカードを表に（{card}）", "{seat}: turned up a card under the {name} ({card})"),
        "log_swap": ("{seat}: {a} と {b} を入れ替え", "{seat}: swapped the {a} and the {b}"),
        "log_move": ("{seat}: {a} のトークンを {b} へ", "{seat}: moved a token from the {a} to the {b}"),
        "log_draw": ("{seat}: 追加で引いた", "{seat}: drew more cards"),
        "log_skip": ("{seat}: 効果を使わなかった", "{seat}: left the effect unused"),
        "log_settle": ("決算 {round}: {text}", "Settlement {round}: {text}"),
        "settle_elected": ("{name}（{votes} 票）", "the {name} ({votes} votes)"),
        "settle_text": ("当選 {elected}。{awards}", "Elected: {elected}. {awards}"),
        "award": ("{seat} +{points}", "{seat} +{points}"),
        "no_awards": ("得点なし", "no points"),
        # ----- hint ---------------------------------------------------------------------------------
        "hint": ("探索ボットなら: {move}", "The search bot would: {move}"),
        "move_up": ("{card} を表向きで {name} の下へ", "play {card} face up under the {name}"),
        "move_down": ("{card} を裏向きで {name} の下へ", "play {card} face down under the {name}"),
        "move_flip": ("{name} の下の {n} 枚目を表にする", "turn up card {n} under the {name}"),
        # ----- outcome ------------------------------------------------------------------------------
        "example_note": ("説明のための図です。ゲームは盤面で遊びます。", "A picture for the explanation; the game is played on the board."),
        "example_candidate": ("候補者", "A candidate"),
        "final_scores": ("最終得点", "Final scores"),
    }
)

__all__ = ["WORDS"]
