"""The 指輪を落とさないで page: seats with ring gauges and pedestals, the dice, the trick, your hand.

A hidden-information view: everything drawn comes from ``self.observation``
(the viewer's own observation, or the public one while the pass screen is
up) — never from the match's full state, because anything put in a widget
trait reaches the browser. Taps on the board come back as messages carrying
the ply they were drawn for; a tap meant for an older drawing is ignored.
"""

from __future__ import annotations

import html
from typing import Any, Mapping

import anywidget
import ipywidgets as w
import numpy as np
import traitlets

from rulebook.core import CHANCE, HUMAN, IllegalAction, Outcome
from rulebook.games.ring.actions import DISCARD, PLAY, ROLL, TAKE, Deal, Discard, Play, Roll, Take
from rulebook.games.ring.bots import expected_steps, search_bot, wanted_steps
from rulebook.games.ring.cards import AREA_NAMES, AREAS, CARD_IDS, CARD_NAMES, SUIT, SUIT_NAMES, SUITS, rank_order
from rulebook.games.ring.game import DEAL_PHASE, State, card_text, playable

from ..base import asset, esm
from .base import BaseView, require_all_pips

HINT_BUDGET = 0.3
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


class RingBoard(anywidget.AnyWidget):
    """Seats, dice, trick and hand; taps come back as messages (take / card / entry)."""

    _esm = esm("dice.js", "ring.js")
    _css = asset("app.css", "ring.css")
    view = traitlets.Dict().tag(sync=True)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _junk(content: Any) -> IllegalAction:
    text = str(content)[:60]
    return IllegalAction("actions", f"画面から読めない操作が届きました: {text}", f"The page sent a move it cannot read: {text}")


class View(BaseView):
    """指輪を落とさないで's part of the page (``BaseView`` documents each hook)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.board = RingBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.app.guarded(self._on_message))
        self.widget = self.board
        self.build_dice_entry()
        self._entry_key: tuple | None = None
        self.players_input = w.Dropdown(options=[3, 4, 5], value=4)
        self.players_input.add_class("rb-players")
        self.bonus_input = w.Checkbox(value=False, indent=False)
        self.bonus_input.add_class("rb-just-bonus")
        self.players_input.observe(self.app.guarded(lambda _: self.app.seats_changed()), "value")
        self.options_widget = w.VBox([self.players_input, self.bonus_input])
        self._set_option_labels()
        self._hint_cache: tuple[tuple, str] | None = None

    # ----- words ----------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self._set_option_labels()

    def _set_option_labels(self) -> None:
        self.players_input.description = self._w("人数", "Players")
        self.bonus_input.description = self._w("選択ルール: ちょうどで指輪 +1", "Optional rule: Just lifts the ring")

    def seat_label(self, seat: int, obs: Mapping[str, Any] | None = None) -> str:
        seats = self.app.match.seats
        name = self._w(f"席 {seat + 1}", f"Seat {seat + 1}")
        if seat < len(seats) and seats[seat] != HUMAN:
            name += self._w("（ボット）", " (bot)")
        elif obs is not None and obs.get("you") == seat:
            name += self._w("（あなた）", " (you)")
        return name

    def card(self, name: str) -> str:
        return card_text(name, self.lang)

    def suit(self, suit: str) -> str:
        ja, en = SUIT_NAMES[suit]
        return self._w(ja, en)

    def area(self, area: str) -> str:
        ja, en = AREA_NAMES[area]
        return self._w(ja, en)

    def order_text(self, centre: int) -> str:
        return " > ".join(str(r) for r in rank_order(centre))

    # ----- options ---------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        return {"players": int(self.players_input.value), "just_bonus": bool(self.bonus_input.value)}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.players_input.value = int(options.get("players", 4))
        self.bonus_input.value = bool(options.get("just_bonus", False))

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        return [HUMAN] + ["search"] * (int(options.get("players", 4)) - 1)

    def auto_roll(self, state: State) -> bool:
        """The deal happens by itself; the dice wait for the Roll button (a pause between rounds)."""
        return state.phase == DEAL_PHASE

    # ----- who is acting -------------------------------------------------------------------------------
    def _acting(self, obs: Mapping[str, Any]) -> bool:
        """The viewer is the seat to move, a person, and the board is shown to them."""
        match = self.app.match
        turn = obs.get("turn")
        return (
            turn is not None
            and obs.get("you") == turn
            and self.app.revealed
            and match.current_player == turn
            and not match.is_bot(turn)
        )

    def _entering(self) -> bool:
        match = self.app.match
        return match.table and match.current_player == CHANCE and self.observation["phase"] == "roll"

    def _dealing_by_hand(self) -> bool:
        match = self.app.match
        return match.table and match.current_player == CHANCE and self.observation["phase"] == "deal"

    def _sync_entry(self, obs: Mapping[str, Any]) -> None:
        key = (len(self.app.match.actions), obs["round"])
        if key != self._entry_key:
            self._entry_key = key
            self.entry = [0] * (obs["players"] + 1 - len(obs["pool"])) if self._entering() else []

    # ----- drawing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        obs = self.observation
        self._sync_entry(obs)
        acting = self._acting(obs)
        phase = obs["phase"]
        winners = set(obs["outcome"]["winners"]) if obs["outcome"] else set()
        fallen = set(obs["outcome"]["fallen"]) if obs["outcome"] else set()
        view: dict[str, Any] = {
            "ply": len(self.app.match.actions),
            "phase": phase,
            "mode": self._mode(obs, acting),
            "caption": self._caption(obs, acting),
            "words": self._words(),
            "seats": [self._seat(obs, k, winners, fallen) for k in range(obs["players"])],
            "pool": list(obs["pool"]),
            "pool_active": acting and phase == "draft",
            "entry": list(self.entry) if self._entering() else [],
            "centre": obs["centre"],
            "order": self.order_text(obs["centre"]) if obs["centre"] else "",
            "order_label": self._order_label(obs["centre"]),
            "trick": self._trick(obs, obs["leader"], obs["trick"], None, current=True),
            "last_trick": self._last_trick(obs),
            "hand": self._hand(obs, acting),
            "hand_title": self._hand_title(obs),
            "discard": self._my_discard(obs),
            "result": self._round_result(obs),
        }
        self.board.view = view
        self.entry_confirm.description = self._w("この目で決定", "Use these dice")
        self.entry_text.placeholder = self._w(f"例: {'3514626'[: obs['players'] + 1]}", f"e.g. {'3514626'[: obs['players'] + 1]}")
        self.entry_text.description = self._w("目", "Pips")

    def _words(self) -> dict[str, str]:
        w_ = self._w
        return {
            "more": w_("もっと", "More"),
            "just": w_("ちょうど", "Just"),
            "heavy": w_("重すぎ", "Heavy"),
            "parent": w_("親", "Parent"),
            "fallen": w_("落ちた", "fallen"),
            "cards": w_("枚", "cards"),
            "discarded": w_("捨て札済み", "discarded"),
            "centre": w_("中央のダイス", "Centre die"),
            "pool": w_("取れるダイス", "Dice to take"),
            "trick": w_("場のトリック", "Trick in play"),
            "hand": w_("手札", "Hand"),
            "your_discard": w_("あなたの捨て札（裏向き）", "Your discard (face down)"),
            "ring": w_("指輪", "Ring"),
            "winner": w_("勝ち", "won"),
            "entry": w_("実物のダイスの目（タップで 1 つ進む）", "Real dice (tap to step the pips)"),
        }

    def _mode(self, obs: Mapping[str, Any], acting: bool) -> str:
        if obs["phase"] == "over":
            return "over"
        if self._entering():
            return "entry"
        if self._dealing_by_hand():
            return "deal"
        if not self.app.revealed:
            return "pass"
        if acting:
            return obs["phase"]
        return "wait"

    def _order_label(self, centre: int | None) -> str:
        if not centre:
            return self._w("ランクの強さは中央に残るダイスで決まります", "The die left in the centre will set the rank order")
        return self._w(f"中央のダイス {centre}: 強い順", f"Centre die {centre}: strongest first")

    def _need_text(self, die: list | None) -> str:
        if not die:
            return ""
        area, pips = die
        if area == "more":
            return self._w(f"あと {pips} 歩", f"{pips} to Just")
        if area == "just":
            return self._w("ちょうど！", "Just!")
        return self._w("重すぎ", "too heavy")

    def _need_sentence(self, die: list | None) -> str:
        if not die:
            return ""
        area, pips = die
        if area == "more":
            return self._w(f"ちょうどまであと {pips} 歩。", f"{pips} more step{'s' if pips != 1 else ''} to Just.")
        if area == "just":
            return self._w("ダイスはちょうど。これ以上勝たないように。", "Your die is on Just: win no more.")
        return self._w(f"重すぎ（{pips}）。勝つたびに目が増えます。", f"Too heavy ({pips}): each win adds a pip.")

    def _seat(self, obs: Mapping[str, Any], k: int, winners: set[int], fallen: set[int]) -> dict[str, Any]:
        die = obs["dice"][k]
        penalties = sum(1 for _, seat in obs["penalties"] if seat == k)
        ring = obs["rings"][k]
        seats = self.app.match.seats
        kind = self._w("ボット", "bot") if k < len(seats) and seats[k] != HUMAN else (self._w("あなた", "you") if obs["you"] == k else "")
        return {
            "name": self._w(f"席 {k + 1}", f"Seat {k + 1}"),
            "kind": kind,
            "you": obs["you"] == k,
            "parent": obs["parent"] == k,
            "active": obs["turn"] == k,
            "ring": ring,
            "fallen": ring < 1,
            "die": {"area": die[0], "pips": die[1]} if die else None,
            "need": self._need_text(die),
            "hand": obs["hand_sizes"][k],
            "discarded": obs["discarded"][k],
            "penalties": penalties,
            "winner": k in winners,
            "title": self._w(
                f"指輪は目盛り {ring}" if ring >= 1 else "指輪は落ちました",
                f"ring on mark {ring}" if ring >= 1 else "the ring fell",
            ),
        }

    def _card(self, name: str) -> dict[str, Any]:
        suit, rank = name.split("-")
        short = SHORT_SUITS[suit]
        return {"card": name, "suit": suit, "rank": int(rank), "label": self.card(name), "suit_label": self._w(*short)}

    def _trick(self, obs: Mapping[str, Any], leader: int | None, cards: list[str], winners: list[int] | None, current: bool) -> dict[str, Any] | None:
        if leader is None or (current and obs["phase"] != "play"):
            return None
        n = obs["players"]
        plays = []
        for i, name in enumerate(cards):
            seat = (leader + i) % n
            item = self._card(name)
            item.update(seat=seat, who=self._short_seat(seat, obs), lead=i == 0, win=winners is not None and seat in winners)
            plays.append(item)
        if current:
            waiting = [(leader + i) % n for i in range(len(cards), n)]
            title = self._w(f"トリック {len(obs['tricks']) + 1}", f"Trick {len(obs['tricks']) + 1}")
            if cards:
                title += self._w(f"（1 番手 {self.suit(cards[0].split('-')[0])}）", f" ({self.suit(cards[0].split('-')[0])} led)")
            return {"title": title, "plays": plays, "waiting": [self._short_seat(s, obs) for s in waiting]}
        return {"plays": plays}

    def _short_seat(self, seat: int, obs: Mapping[str, Any]) -> str:
        """A seat's name under a card: "Seat 2", or "You" for the viewer (room for five cards in a row)."""
        if obs.get("you") == seat:
            return self._w("あなた", "You")
        return self._w(f"席 {seat + 1}", f"Seat {seat + 1}")

    def _last_trick(self, obs: Mapping[str, Any]) -> dict[str, Any] | None:
        tricks, number = obs["tricks"], len(obs["tricks"])
        if not tricks and obs["last"] and obs["phase"] in ("deal", "roll", "draft"):
            tricks, number = obs["last"]["tricks"], len(obs["last"]["tricks"])
        if not tricks:
            return None
        last = tricks[-1]
        drawn = self._trick(obs, last["leader"], last["cards"], last["winners"], current=False)
        k = len(last["winners"])
        names = "・".join(self.seat_label(s, obs) for s in last["winners"]) if self.lang == "ja" else ", ".join(self.seat_label(s, obs) for s in last["winners"])
        drawn["title"] = self._w(
            f"トリック {number}: {names} の勝ち（各 {k} 歩）",
            f"Trick {number}: {names} won ({k} step{'s' if k != 1 else ''} each)",
        )
        return drawn

    def _hand(self, obs: Mapping[str, Any], acting: bool) -> list[dict[str, Any]]:
        names = obs["hand"] or []
        phase = obs["phase"]
        legal: set[str] | None = None
        reason = ""
        if acting and phase == "play":
            ids = tuple(CARD_IDS[c] for c in names)
            trick = tuple(CARD_IDS[c] for c in obs["trick"])
            legal = {CARD_NAMES[c] for c in playable(ids, trick)}
            if trick:
                led = SUITS[SUIT[trick[0]]]
                reason = self._w(f"{self.suit(led)}を持っているので{self.suit(led)}かコインを出します", f"You hold {self.suit(led)}: follow {self.suit(led)} or play a Coin")
            else:
                reason = self._w("1 番手はコインを出せません", "The leader may not lead a Coin")
        elif acting and phase == "discard":
            legal = set(names)
        cards = []
        for name in names:
            item = self._card(name)
            item["legal"] = None if legal is None else name in legal
            item["title"] = item["label"] if legal is None or name in legal else f"{item['label']} — {reason}"
            cards.append(item)
        return cards

    def _hand_title(self, obs: Mapping[str, Any]) -> str:
        if obs["hand"] is None:
            return self._w("手札は受け取った人だけに見えます", "Hands are shown only to their owner")
        you = obs["you"]
        return self._w(f"{self.seat_label(you, obs)}の手札（{len(obs['hand'])} 枚）", f"{self.seat_label(you, obs)} — hand ({len(obs['hand'])} cards)")

    def _my_discard(self, obs: Mapping[str, Any]) -> dict[str, Any] | None:
        return self._card(obs["my_discard"]) if obs["my_discard"] else None

    def _round_result(self, obs: Mapping[str, Any]) -> dict[str, Any] | None:
        last = obs["last"]
        if not last or obs["phase"] not in ("deal", "roll", "draft", "over"):
            return None
        rows = []
        for k in range(obs["players"]):
            die = last["dice"][k]
            before, after = last["rings_before"][k], last["rings_after"][k]
            area, pips = (die[0], die[1]) if die else ("more", 0)
            if after < 1:
                move = self._w(f"{before} → 落ちた", f"{before} → fell")
            elif after == before:
                move = self._w(f"{before}（動かず）", f"{before} (stays)")
            else:
                move = f"{before} → {after}"
            rows.append({"seat": k, "name": self.seat_label(k, obs), "area": area, "area_label": self.area(area), "pips": pips, "move": move})
        return {
            "title": self._w(f"ラウンド {last['round']} の結果", f"Round {last['round']} result"),
            "head": [self._w("席", "Seat"), self._w("ダイス", "Die"), self._w("指輪", "Ring")],
            "rows": rows,
        }

    def _caption(self, obs: Mapping[str, Any], acting: bool) -> str:
        phase = obs["phase"]
        match = self.app.match
        parent = self.seat_label(obs["parent"], obs)
        if phase == "over":
            outcome = obs["outcome"]
            summary = outcome["summary_ja"] if self.lang == "ja" else outcome["summary_en"]
            return self._w("ゲーム終了: ", "Game over: ") + summary
        if not self.app.revealed:
            return self._w("次の人にタブレットを渡してください。", "Pass the tablet on.")
        if phase == "deal":
            if match.table:
                return self._w("「カードを配る」を押すと、ページがシャッフルして 6 枚ずつ配ります。", "Press 'Deal the cards': the page shuffles and deals six to everyone.")
            return self._w("カードを配っています…", "Dealing…")
        if phase == "roll":
            if match.table:
                return self._w(
                    f"親（{parent}）が実物のダイス {obs['players'] + 1} 個を振り、目を入力してください。",
                    f"The parent ({parent}) rolls {obs['players'] + 1} real dice: enter their pips.",
                )
            return self._w(f"ラウンド {obs['round']}: 親は{parent}。「ダイスをふる」を押してください。", f"Round {obs['round']}: {parent} is the parent. Press 'Roll the dice'.")
        turn = obs["turn"]
        who = self.seat_label(turn, obs) if turn is not None else ""
        if not acting:
            return self._w(f"{who}の番です。", f"{who} to move.")
        if phase == "draft":
            return self._w(
                "ダイスを 1 つ取ってください。その目の数だけ歩数を集めると指輪は落ちません。最後に残る 1 つがランクの強さを決めます。",
                "Take a die. Collect exactly that many steps and your ring stays; the die nobody takes sets the rank order.",
            )
        if phase == "discard":
            return self._w("捨てるカードを 1 枚タップしてください（裏向きで、誰にも見えません）。", "Tap a card to discard it face down (nobody sees it).")
        need = self._need_sentence(obs["dice"][obs["you"]])
        if not obs["trick"]:
            return self._w(f"あなたが 1 番手です（コイン以外）。{need}", f"You lead (anything but a Coin). {need}")
        return self._w(f"出すカードをタップしてください。{need}", f"Tap a card to play. {need}")

    # ----- moves ---------------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        return isinstance(action, (Take, Discard, Play, Deal, Roll))

    def extra_controls(self) -> list[w.Widget]:
        if self._entering():
            if self.entry and all(self.entry):
                self.entry_text.value = "".join(str(p) for p in self.entry)
            return [self.entry_text, self.entry_confirm]
        if self._dealing_by_hand():
            return [self.app.fresh_button(self._w("カードを配る", "Deal the cards"), ("rb-deal", "rb-primary"), self.deal)]
        return []

    def action_label(self, action: Any) -> str:
        return str(action)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            raise _junk(content)
        if content.get("ply") != len(self.app.match.actions):
            return  # a tap on an older drawing (double tap): the page has moved on
        kind = content.get("type")
        obs = self.observation
        if kind == "entry":
            index = _int(content.get("index"))
            if index is None or not self._entering() or not 0 <= index < len(self.entry):
                raise _junk(content)
            self.entry[index] = self.entry[index] % 6 + 1
            self.app.refresh()
            return
        if kind not in ("take", "card"):
            raise _junk(content)
        if not self._acting(obs):
            turn = obs["turn"]
            rule = {"play": "trick", "draft": "draft", "discard": "discard"}.get(obs["phase"], "chance")
            whose_ja = f"{self.seat_label(turn, obs)}の番です。" if turn is not None else ""
            whose_en = f" {self.seat_label(turn, obs)} is to move." if turn is not None else ""
            raise IllegalAction(rule, f"いまはあなたの番ではありません。{whose_ja}", f"It is not your move now.{whose_en}")
        if kind == "take":
            pips = _int(content.get("pips"))
            if pips is None or not 1 <= pips <= 6:
                raise _junk(content)
            self.app.play(TAKE[pips])
            return
        name = content.get("card")
        if not isinstance(name, str) or name not in CARD_IDS:
            raise _junk(content)
        card = CARD_IDS[name]
        self.app.play(DISCARD[card] if obs["phase"] == "discard" else PLAY[card])

    def deal(self) -> None:
        """Table mode: the page shuffles and deals (the seed's own stream), as one move."""
        match = self.app.match
        game = match.game
        if not self._dealing_by_hand():
            return
        state, k = match.state, match.chance_index()
        actions = []
        while game.current_player(state) == CHANCE and state.phase == DEAL_PHASE:
            action = match.sample_at(state, k)  # the deal the seed gives outside table mode too
            actions.append(action)
            state = game.next_state(state, action)
            k += 1
        self.app.play_group(actions)

    def _on_entry_text(self, change: Mapping[str, Any]) -> None:
        if not self._entering():
            return
        self.fill_entry(change["new"], "", "one per die")

    def confirm_entry(self) -> None:
        if not self._entering():
            return
        require_all_pips(self.entry)
        rolls = [ROLL[p] for p in self.entry]
        self.entry = []
        self.entry_text.value = ""
        self.app.play_group(rolls)

    # ----- text: status, log, outcome, hint ---------------------------------------------------------------------
    def status(self) -> str:
        obs = self.observation
        e = html.escape
        parts = [self._w(f"ラウンド <b>{obs['round']}</b>", f"Round <b>{obs['round']}</b>")]
        parts.append(e(self._w(f"親: {self.seat_label(obs['parent'])}", f"parent: {self.seat_label(obs['parent'])}")))
        if obs["turn"] is not None:
            parts.append(self._w(f"<b>{e(self.seat_label(obs['turn']))}</b> の番", f"<b>{e(self.seat_label(obs['turn']))}</b> to move"))
        if obs["just_bonus"]:
            parts.append(self._w("選択ルールあり", "optional rule on"))
        return " · ".join(parts)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        """One public line (no card dealt or discarded is ever named)."""
        e = html.escape
        who = self._w(f"席 {before.turn + 1}", f"Seat {before.turn + 1}")
        if isinstance(action, Deal):
            if after.phase == DEAL_PHASE:
                return None
            extra = self._w(f"（{len(after.leftover)} 枚は中央に裏向き）", f" ({len(after.leftover)} face down in the centre)") if after.leftover else ""
            return e(self._w(f"ラウンド {after.round}: 6 枚ずつ配りました{extra}", f"Round {after.round}: six cards dealt to everyone{extra}"))
        if isinstance(action, Roll):
            if len(after.pool) <= len(after.rings):
                return None
            pips = ", ".join(str(p) for p in after.pool)
            parent = self._w(f"席 {after.parent + 1}", f"Seat {after.parent + 1}")
            return e(self._w(f"親の{parent} がダイスを振りました: {pips}", f"{parent} (parent) rolled {pips}"))
        if isinstance(action, Take):
            line = self._w(f"{who} が {action.pips} のダイスを取りました", f"{who} took a {action.pips}")
            if after.centre:
                line += self._w(
                    f" — 中央に {after.centre} が残り、強さは {self.order_text(after.centre)}",
                    f" — {after.centre} stays in the centre: {self.order_text(after.centre)}",
                )
            return e(line)
        if isinstance(action, Discard):
            return e(self._w(f"{who} がカードを 1 枚裏向きで捨てました", f"{who} discarded a card face down"))
        if isinstance(action, Play):
            line = e(self._w(f"{who}: {card_text(action.card, 'ja')}", f"{who} played {card_text(action.card, 'en')}"))
            return line + self._after_play(before, after)
        return e(str(action))

    def _after_play(self, before: State, after: State) -> str:
        e = html.escape
        n = len(before.rings)
        if len(before.trick) + 1 < n:
            return ""
        same_round = after.round == before.round and after.phase != DEAL_PHASE
        tricks = after.tricks if same_round else after.last[7]
        number = len(before.tricks) + 1
        leader, _, winners = tricks[number - 1]
        k = len(winners)
        names = (", " if self.lang == "en" else "・").join(self._w(f"席 {s + 1}", f"Seat {s + 1}") for s in winners)
        parts = [self._w(f"トリック {number}: {names} の勝ち（各 {k} 歩）", f"trick {number}: {names} won ({k} step{'s' if k != 1 else ''} each)")]
        penalties = after.penalties if same_round else after.last[8]
        for _, seat in penalties[len(before.penalties):]:
            ring = after.rings[seat]  # a penalty opens a trick, never ends a round
            parts.append(
                self._w(
                    f"席 {seat + 1} はコインしかないので指輪が 1 下がり {ring} に",
                    f"Seat {seat + 1} holds only Coins: ring down one to {ring}",
                )
            )
        if not same_round or (after.result and after.result.get("trigger") == "round"):
            moves = []
            for s in range(n):
                b, a = after.last[5][s], after.last[6][s]
                moves.append(self._w(f"席 {s + 1} {b}→{a if a >= 1 else '落ちた'}", f"Seat {s + 1} {b}→{a if a >= 1 else 'fell'}"))
            parts.append(self._w(f"ラウンド {before.round} 終了、指輪: ", f"round {before.round} over, rings: ") + ", ".join(moves))
        text = " — " + e("; ".join(parts))
        if after.result is not None:
            text += " — <b>" + e(after.result.summary(self.lang)) + "</b>"
        return text

    def outcome_html(self, outcome: Outcome) -> str:
        obs = self.observation
        e = html.escape
        rows = []
        for k in range(obs["players"]):
            die = obs["dice"][k]
            ring = obs["rings"][k]
            die_text = f"{self.area(die[0])} {die[1]}" if die else "—"
            ring_text = str(ring) if ring >= 1 else self._w("落ちた", "fell")
            cls = "rb-winner" if k in outcome.winners else ("rb-fallen" if ring < 1 else "")
            rows.append(
                f"<tr class='{cls} rb-final-{k}'><td>{e(self.seat_label(k, obs))}</td>"
                f"<td class='rb-final-ring'>{e(ring_text)}</td><td>{e(die_text)}</td></tr>"
            )
        head = f"<tr><th>{e(self._w('席', 'Seat'))}</th><th>{e(self._w('指輪', 'Ring'))}</th><th>{e(self._w('ダイス', 'Die'))}</th></tr>"
        return (
            f"<div class='rb-outcome-summary'>{e(outcome.summary(self.lang))}</div>"
            f"<table class='rb-final-scores'>{head}{''.join(rows)}</table>"
        )

    def hint_html(self) -> str:
        obs = self.observation
        if not self._acting(obs):
            return ""
        key = (len(self.app.match.actions), obs["you"], self.lang)
        if self._hint_cache and self._hint_cache[0] == key:
            return self._hint_cache[1]
        text = self._hint(obs)
        self._hint_cache = (key, text)
        return text

    def _hint(self, obs: Mapping[str, Any]) -> str:
        e = html.escape
        game = self.app.game
        n = obs["players"]
        hand = [CARD_IDS[c] for c in obs["hand"]]
        lines = []
        if obs["phase"] == "draft":
            high, low = expected_steps(hand, n, True), expected_steps(hand, n, False)
            lines.append(
                self._w(
                    f"この手札で集まりそうな歩数の目安: 中央が 4〜6（7 が強い）なら約 {high:.1f}、1〜3（1 が強い）なら約 {low:.1f}。",
                    f"Rough steps this hand should collect: about {high:.1f} if the centre die is 4–6 (7 high), {low:.1f} if it is 1–3 (1 high).",
                )
            )
        else:
            die = obs["dice"][obs["you"]]
            area, pips = AREAS.index(die[0]), die[1]
            want = wanted_steps(area, pips)
            lines.append(
                self._w(
                    f"あなたのダイス: {self.area(die[0])} {pips}。" + (f"ちょうどまであと {want} 歩。" if want else "これ以上トリックに勝つと指輪が下がります。"),
                    f"Your die: {self.area(die[0])} {pips}. " + (f"{want} more step{'s' if want != 1 else ''} to Just." if want else "Every further win costs ring marks."),
                )
            )
        bot = search_bot(game, budget=HINT_BUDGET)
        legal = self._legal_from(obs)
        if len(legal) > 1:
            rng = np.random.default_rng([self.app.match.seed, 9, len(self.app.match.actions)])
            pick = bot.choose(obs, legal, rng)
            ranked = sorted(bot.last_stats.items(), key=lambda item: -item[1][1])[:3]
            rows = "".join(
                f"<tr class='{'rb-hint-pick' if a == pick else ''}'><td>{e(self._move_text(a))}</td><td>{mean:.0%}</td><td>{visits}</td></tr>"
                for a, (visits, mean) in ranked
            )
            lines_html = "<br>".join(e(x) for x in lines)
            return (
                f"{lines_html}<br>{e(self._w('読みボットのおすすめ', 'The search bot suggests'))}: <b class='rb-hint-move'>{e(self._move_text(pick))}</b>"
                f"<table class='rb-hint-table'><tr><th>{e(self._w('手', 'Move'))}</th><th>{e(self._w('勝ちの見込み', 'Win share'))}</th>"
                f"<th>{e(self._w('試した局面', 'Deals tried'))}</th></tr>{rows}</table>"
            )
        return "<br>".join(e(x) for x in lines)

    def _legal_from(self, obs: Mapping[str, Any]) -> list[Any]:
        """The viewer's legal moves, worked out from the observation alone."""
        phase = obs["phase"]
        hand = tuple(CARD_IDS[c] for c in obs["hand"] or [])
        if phase == "draft":
            return [TAKE[p] for p in sorted(set(obs["pool"]))]
        if phase == "discard":
            return [DISCARD[c] for c in hand]
        if phase == "play":
            return [PLAY[c] for c in playable(hand, tuple(CARD_IDS[c] for c in obs["trick"]))]
        return []

    def _move_text(self, action: Any) -> str:
        if isinstance(action, Take):
            return self._w(f"{action.pips} のダイスを取る", f"take the {action.pips}")
        if isinstance(action, Discard):
            return self._w(f"{card_text(action.card, 'ja')} を捨てる", f"discard {card_text(action.card, 'en')}")
        if isinstance(action, Play):
            return self._w(f"{card_text(action.card, 'ja')} を出す", f"play {card_text(action.card, 'en')}")
        return str(action)


__all__ = ["RingBoard", "View"]

