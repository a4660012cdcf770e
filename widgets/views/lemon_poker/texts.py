"""Every text of the Lemon Poker page, in Japanese and English.

Keys are grouped by where they show: the board, the caption, the buttons,
the reasons a tap is refused, the log, the outcome and the hint. Entries
with three forms are ``(ja, en_one, en_many)``. Rule refusals come from the
engine; the only refusals written here are for taps the engine never sees
(a card the community shares, a move that is not this page's to make).
"""

from __future__ import annotations

from widgets.views.model import Catalogue

WORDS = Catalogue(
    {
        # ----- board ---------------------------------------------------------------------------------
        "community": ("共通カード", "Community cards"),
        "group": ("組{g}", "Group {g}"),
        "hand_of": ("第 {n} 手 / 全 {total} 手", "Hand {n} of {total}"),
        "dealer_role": ("親", "Dealer"),
        "child_role": ("子", "Child"),
        "chips": ("{n} チップ", "{n} chip", "{n} chips"),
        "tag_bot": ("ボット", "Bot"),
        "tag_you": ("あなた", "You"),
        "bet_title": ("組{g}に賭ける", "Bet on group {g}"),
        "bet_chip": ("{n}", "{n}"),
        "secret_note": ("薄い色のカードは親だけに見えています（子には裏向き）。",
                        "Pale cards are seen by the dealer only (face down to the child)."),
        "child_pick": ("子がめくったカード", "the card the child turned up"),
        "last": ("前の手", "Last hand"),
        "example_title": ("例: 公開されているカード", "Example: the cards on the table"),
        "example_odds": ("組1 {p1} · 組2 {p2} · 引き分け {tie}", "Group 1 {p1} · group 2 {p2} · tie {tie}"),
        # ----- table mode: the deal typed in ------------------------------------------------------------
        "entry_title": ("配ったカードを入力", "The cards you dealt"),
        # what a tap does, for a screen reader (the accessible name of a tappable card)
        "tap_show": ("組{g}の {place} 番目のカードを表にする", "Turn up the card at place {place} of group {g}"),
        "tap_show_card": ("組{g}の {place} 番目のカード {card} を表にする", "Turn up {card}, place {place} of group {g}"),
        "tap_enter": ("{card} を配った順に入力", "Enter {card} as the next card dealt"),
        "slot_community": ("共通{n}", "Community {n}"),
        "slot_group": ("組{g}-{n}", "Group {g}, {n}"),
        "entry_grid": ("配った順にカードをタップ（共通2枚、組1に5枚、組2に5枚）",
                       "Tap the cards in the order you dealt them (2 community, 5 for group 1, 5 for group 2)"),
        "entry_hidden": ("親が配ったカードを入力しています。子は見ないでください。",
                         "The dealer is typing in the cards they dealt: the child looks away."),
        "enter_deal": (
            "実物のカードで配り、配った順に入力してください（{n} / 12 枚）。次は「{next}」です。",
            "Deal the real cards and type them in as you deal ({n} of 12). Next: {next}.",
        ),
        "enter_deal_done": ("12 枚入力しました。確かめて「配り終えた」を押してください。",
                            "All 12 cards typed: check them, then press Dealt."),
        "enter_deal_bot": (
            "{seat}（ボット）の代わりに実物のカードを配って入力してください（入力する人にはボットの組が見えます）: {n} / 12 枚。",
            "Deal the real cards for {seat} (a bot) and type them in: whoever types them sees the bot's groups ({n} of 12).",
        ),
        "pass_for_deal": ("親の{seat}にタブレットを渡してください。配ったカードを入力します（子は見ないでください）。",
                          "Hand the tablet to {seat}, the dealer, to type in the cards they dealt (the child looks away)."),
        "wait_table_deal": ("親の{seat}が自分の端末で配ったカードを入力しています。",
                            "{seat}, the dealer, is typing in the deal on their own device."),
        "reveal_entry": ("{seat}（親）です: 入力する", "I am {seat}, the dealer: type in"),
        "remove_one": ("1 枚戻す", "Take one back"),
        "confirm_deal": ("配り終えた（{n} / 12）", "Dealt ({n} of 12)"),
        # ----- captions --------------------------------------------------------------------------------
        "game_over": ("セッション終了", "The session is over"),
        "dealing": ("カードを配っています。", "The cards are being dealt."),
        "sort_dealer": (
            "組は小さい順に並んでいます。同じ数字のカードは入れ替えられます。よければ「並べ終えた」を押してください。",
            "Your groups are sorted, low to high. Cards of equal rank may change places; press Sorted when you are ready.",
        ),
        "show_dealer": (
            "各組から 2 枚ずつ表にします。表にするカードをタップしてください（あと {left} 枚）。",
            "Turn up two cards of each group: tap a card ({left} to go).",
        ),
        "show_child": ("裏向きのカードを 1 枚タップして表にしてください。", "Tap one face-down card to turn it up."),
        "bet_child": ("強い役になると思う組に、賭けるチップ数をタップしてください。",
                      "Tap the number of chips to stake on the group you think is stronger."),
        "to_play": ("{seat} の番です。", "{seat} to play."),
        "to_sort": ("{seat}（親）が組を並べています。", "{seat} (dealer) is sorting the groups."),
        "to_show": ("{seat}（親）がカードを表にしています。", "{seat} (dealer) is turning cards up."),
        "to_child_show": ("{seat}（子）がカードを 1 枚表にします。", "{seat} (child) turns up one card."),
        "to_bet": ("{seat}（子）が賭けます。", "{seat} (child) is betting."),
        # ----- buttons ------------------------------------------------------------------------------------
        "sorted": ("並べ終えた", "Sorted"),
        "swap": ("組{g}: {a} ⇄ {b}", "Group {g}: {a} ⇄ {b}"),
        # ----- refusals of taps the engine never sees ------------------------------------------------------
        "community_note": ("共通カードは両方の組の役に使われます。めくったり賭けたりするものではありません。",
                           "The community cards belong to both groups' hands; they are not turned up or bet on."),
        "not_your_turn": ("今は {seat} の番です。", "It is {seat}'s move now."),
        "wait_deal": ("カードを配っているところです。", "The cards are being dealt."),
        "card_typed": ("{card} はもう入力しました（1 組のトランプに同じカードは 1 枚だけ）。",
                       "{card} is typed in already (a deck holds each card once)."),
        "deal_full": ("12 枚入力済みです。「配り終えた」を押すか、「1 枚戻す」で直してください。",
                      "All 12 cards are typed: press Dealt, or Take one back to correct one."),
        "nothing_to_remove": ("まだ 1 枚も入力していません。", "No card is typed in yet."),
        "deal_short": ("配るのは 12 枚です（共通2枚と5枚の組を2つ）。あと {left} 枚です。",
                       "A deal is 12 cards (2 community, two groups of 5): {left} still to type."),
        "not_your_deal": ("配ったカードを入力するのは親の{seat}です。", "The dealer, {seat}, types in the deal."),
        "stale_tap": ("盤面が変わりました。もう一度タップしてください。", "The board has changed: tap again."),
        "last_note": ("前の手は終わっています。全部のカードが表です。", "The last hand is over: every card is face up."),
        # ----- status, log, outcome --------------------------------------------------------------------
        "status": ("第 {n}/{total} 手 · 親: {dealer}", "Hand {n} of {total} · dealer: {dealer}"),
        "status_turn": ("{seat} の番", "{seat} to play"),
        "log_sorted": ("{seat}（親）が組を並べ終えました。", "{seat} (dealer) sorted the groups."),
        "log_show": ("{seat} が組{g}の {place} 番目のカード {card} を表にしました。",
                     "{seat} turned up {card}, place {place} of group {g}."),
        "log_bet": ("{seat} が組{g}に {n} チップ賭けました。", "{seat} staked {n} chip on group {g}.",
                    "{seat} staked {n} chips on group {g}."),
        "result_win": ("組{w}の勝ち（{hw} 対 {hl}）", "Group {w} wins ({hw} against {hl})"),
        "result_tie": ("引き分け（どちらも {h}）", "A tie (both {h})"),
        "gain_won": ("{seat} が {n} チップ獲得", "{seat} wins {n} chip", "{seat} wins {n} chips"),
        "gain_lost": ("{seat} が {n} チップ失う", "{seat} loses {n} chip", "{seat} loses {n} chips"),
        "gain_tie": ("賭けは返されます", "the stake goes back"),
        "outcome_chips": ("チップ: 席1 {a} · 席2 {b}（{hands} 手）", "Chips: Seat 1 {a} · Seat 2 {b} ({hands} hands)"),
        # ----- hint ------------------------------------------------------------------------------------
        "hint_odds_title": ("正確な勝率（公開情報から）", "Exact odds (from what is public)"),
        "hint_odds": ("組1 {p1} · 組2 {p2} · 引き分け {tie}", "Group 1 {p1} · group 2 {p2} · tie {tie}"),
        "hint_reveal_title": ("めくる価値（めくった後の有利さの期待値）", "What each reveal is worth (the expected edge after it)"),
        "hint_now": ("今のまま: 有利さ {edge}", "As it stands: edge {edge}"),
        "hint_reveal_row": ("組{g} の {place} 番目: {value}（+{gain}）", "Group {g}, place {place}: {value} (+{gain})"),
        "hint_bet_title": ("各賭けの期待チップ", "Expected chips of each bet"),
        "hint_bet_row": ("組{g}: 1 チップあたり {per}、{top} チップで {total}", "Group {g}: {per} a chip, {total} for {top}"),
        "hint_best": ("一番よい手: {what}", "Best: {what}"),
        "hint_dealer_title": ("各組で表にする 2 枚が子に与える有利さ（本当の勝ち組への傾き）",
                              "How much each pair of reveals gives away (the child's edge toward the real winner)"),
        "hint_dealer_group": ("組{g}の 2 枚の位置（もう一方の組は {held} 番目を表にするとして）",
                              "Group {g}, the places of the pair (the other group showing places {held})"),
        "hint_pair": ("{a}・{b}: {edge}", "{a}+{b}: {edge}"),
        "hint_plan": ("ボットの選択: 組1 {p1} · 組2 {p2}", "The bot's choice: group 1 {p1} · group 2 {p2}"),
        "hint_dealer_note": (
            "負の値は子を誤らせる、1 は子に勝ち組が確実に分かる、を意味します。",
            "Negative means the child is misled; 1 means the child is sure of the winner.",
        ),
        "hint_not_modelled": (
            "勝率は、表にするカードを親がどう選んだかを考えません（読み合いはモデル化していません）。元の資料はこのゲームを未完成としています。",
            "The odds do not model how the dealer chose which cards to show. The source marks the game unfinished.",
        ),
        "hint_none": ("今はヒントがありません（子が賭ける前と、親が表にする時に出ます）。",
                      "No hint now: hints come when the child reveals or bets, and when the dealer turns cards up."),
        "hint_tie_hand": ("このハンドは本当は引き分けです。何を見せても損得はありません。",
                          "This hand is really a tie: no reveal gives anything away."),
    }
)

__all__ = ["WORDS"]
