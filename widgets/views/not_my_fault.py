"""The Not My Fault! page (ver.2.0 and, through ``not_my_fault_41``, the #41 prototype).

Everything on the board comes from ``self.observation`` — the viewer's own
observation, or the public one while the pass screen is up — never from the
match's full state: anything put in a widget reaches the browser. The log
(``describe``) is shown to everyone, so it only tells public things: who
drew or laid a card, what was declared, and the cards turned up by an audit
or a completion.

Moves: Draw / Audit and the declaration buttons are the app's plain action
buttons (the legal numbers only); #41's cards are laid by tapping them in
the hand. Table mode enters the real cards: the card you drew (ver.2.0),
your whole hand (#41), and who starts.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any, Mapping

import anywidget
import ipywidgets as w
import numpy as np
import traitlets

from rulebook.core import CHANCE, HUMAN, IllegalAction, Outcome
from rulebook.games.not_my_fault.actions import Audit, Card, Declare, Draw, First, Place
from rulebook.games.not_my_fault.game import DEAL, OVER, State
from rulebook.games.not_my_fault.odds import odds

from ..base import asset, esm
from .base import BaseView


class NotMyFaultBoard(anywidget.AnyWidget):
    """Seats, the progress board (or milestone cards), the face-down pile, your cards."""

    _esm = esm("not_my_fault.js")
    _css = asset("app.css", "not_my_fault.css")
    view = traitlets.Dict().tag(sync=True)


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


def _pct(p: Fraction | float) -> str:
    value = float(p) * 100
    if 0 < value < 0.05:
        return "<0.1%"
    if 99.95 < value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


class View(BaseView):
    """Not My Fault!'s part of the page (``BaseView`` documents each hook)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.v = app.game.variant
        self.board = NotMyFaultBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.app.guarded(self._on_message))
        self.widget = self.board
        self.players_input = w.Dropdown(options=list(range(self.v.min_players, self.v.max_players + 1)), value=self.v.default_players)
        self.players_input.add_class("rb-players")
        self.players_input.observe(self.app.guarded(lambda _: self.app.seats_changed()), "value")
        self.options_widget = w.VBox([self.players_input])
        self.hand_entry: list[int] = []
        self._entry_key: tuple | None = None
        self._advice_cache: dict[tuple, Any] = {}
        self._search = None
        self.set_lang(self.lang)

    # ----- words -----------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.players_input.description = self._w("人数", "Players")

    def seat_name(self, seat: int, you: int | None = None) -> str:
        match = self.app.match
        kind = match.seats[seat] if 0 <= seat < len(match.seats) else HUMAN
        name = self._w(f"席{seat + 1}", f"Seat {seat + 1}")
        if kind != HUMAN:
            name += self._w("（ボット）", " (bot)")
        elif you is not None and seat == you and len(self.app.human_seats()) > 1:
            name += self._w("（あなた）", " (you)")
        return name

    def penalty_word(self, count: int = 1) -> str:
        if self.v.draws:
            return self._w("レッドカード", "red card" if count == 1 else "red cards")
        return self._w("戒告", "reprimand" if count == 1 else "reprimands")

    # ----- options and seats ---------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        return {"players": int(self.players_input.value)}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.players_input.value = int(options.get("players", self.v.default_players))

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        n = int(options.get("players", self.v.default_players))
        return [HUMAN] + ["search"] * (n - 1)

    def auto_roll(self, state: Any) -> bool:
        """Draws, deals and the first player follow at once: there is no die to roll by hand."""
        return True

    # ----- reading the match (public facts only) ------------------------------------------------------
    def _entering(self) -> str | None:
        """Table mode, a chance move to type in: "first", "card" or "hand"."""
        match = self.app.match
        if not match.table or match.current_player != CHANCE:
            return None
        phase = self.observation["phase"]
        return {"first": "first", "draw": "card", "deal": "hand"}.get(phase)

    def _my_move(self, o: Mapping[str, Any]) -> bool:
        """The viewer is the seat to act and a person (so private controls may be drawn)."""
        match = self.app.match
        you = o["you"]
        return you >= 0 and match.current_player == you and match.waiting_for_user() and o["phase"] in ("turn", "declare")

    def _sync_entry(self, o: Mapping[str, Any]) -> None:
        key = (len(self.app.match.actions), o["phase"], o["turn"])
        if key != self._entry_key:
            self._entry_key = key
            self.hand_entry = []

    def _cover_needed(self, o: Mapping[str, Any]) -> bool:
        """Table mode, hot seat: a hand to type in by another person than the one holding the tablet."""
        if self._entering() != "hand" or not self.app.hot_seat():
            return False
        seat = o["turn"]
        return not self.app.match.is_bot(seat) and self.app.viewer != seat

    # ----- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        o = self.observation
        self._sync_entry(o)
        match = self.app.match
        you = o["you"]
        n = o["players"]
        phase = o["phase"]
        mine = self._my_move(o)
        claims = o["claims"]
        prev = claims[-1][1] if claims else 0
        words = {
            "pile": self._w("伏せたカード", "Face-down cards"),
            "deck": self._w("山札", "Deck") if self.v.draws else self._w("脇に置いたカード", "Set aside"),
            "discard": self._w("捨て札", "Discards"),
            "hand": self._w("あなたの手札", "Your hand"),
            "drawn": self._w("引いたカード", "You drew"),
            "last": self._w("前のラウンド", "Last round"),
            "board": self._w("進捗ボード", "Progress board") if self.v.draws else self._w("マイルストーン", "Milestones"),
            "entry": self._w("入力中の手札", "Cards entered"),
            "yellow": self._w("イエロー", "yellow"),
            "penalty": self.penalty_word(2),
            "cards": self._w("枚", "cards"),
            "empty": self._w("（なし）", "(none)"),
        }
        view: dict[str, Any] = {
            "words": words,
            "variant": self.v.key,
            "ply": len(match.actions),
            "phase": phase,
            "you": you,
            "interactive": mine,
        }
        result = o["result"]
        winners: set[int] = set()
        loser = None
        if result:
            if result[0] == "completion":
                winners = {result[1]}
            else:
                loser = result[1]
                winners = set(range(n)) - {loser}
        seats = []
        for s in range(n):
            seats.append(
                {
                    "name": self._w(f"席{s + 1}", f"Seat {s + 1}"),
                    "tag": self._w("ボット", "bot") if match.is_bot(s) else (self._w("あなた", "you") if s == you and len(self.app.human_seats()) > 1 else ""),
                    "yellows": o["yellows"][s],
                    "marks": o["marks"][s],
                    "limit": self.v.penalty_limit,
                    "hand": o["hand_sizes"][s] if o["hand_sizes"] is not None else None,
                    "active": result is None and phase in ("turn", "declare", "draw", "deal") and o["turn"] == s,
                    "you": s == you,
                    "winner": s in winners,
                    "loser": s == loser,
                }
            )
        view["seats"] = seats
        # the claims track
        track = {
            "kind": "board" if self.v.any_number else "milestones",
            "numbers": list(range(1, self.v.top + 1)) if self.v.any_number else list(self.v.milestones),
            "milestones": list(self.v.milestones),
            "claims": [[s, c, self.seat_name(s)] for s, c in claims],
            "current": prev,
            "legal": [],
        }
        if mine and phase == "declare":
            track["legal"] = [a.number for a in self.app.game.legal_actions(match.state) if isinstance(a, Declare)]
        view["track"] = track
        view["pile"] = [
            {"seat": c["seat"], "card": c["card"], "label": self._w(f"席{c['seat'] + 1}", f"S{c['seat'] + 1}")} for c in o["table"]
        ]
        view["deck"] = o["deck"]
        view["discard"] = [[x, c] for x, c in zip(o["values"], o["discard"]) if c]
        view["discard_total"] = sum(o["discard"])
        if o["hand"] is not None:
            view["hand"] = o["hand"]
            view["hand_clickable"] = mine and phase == "turn" and any(isinstance(a, Place) for a in self.app.game.legal_actions(match.state))
        if self.v.draws and phase == "declare" and you >= 0 and o["turn"] == you and o["table"]:
            view["drawn"] = o["table"][-1]["card"]
        view["last"] = self._last_view(o)
        entering = self._entering()
        view["mode"] = "over" if result else (f"entry-{entering}" if entering else ("decide" if mine else "watch"))
        if entering == "hand":
            view["entry"] = {"seat": o["turn"], "cards": list(self.hand_entry), "size": o["deal_size"], "cover": self._cover_needed(o)}
        view["caption"] = self._caption(o, mine, entering)
        self.board.view = view

    def _last_view(self, o: Mapping[str, Any]) -> dict[str, Any] | None:
        last = o["last"]
        if last is None:
            return None
        return {
            "cards": [[s, x] for s, x in last["cards"]],
            "total": last["total"],
            "claim": last["claim"],
            "loser": last["loser"],
            "text": self._last_text(last),
        }

    def _last_text(self, last: Mapping[str, Any]) -> str:
        kind, loser, actor, claim, total = last["kind"], last["loser"], last["actor"], last["claim"], last["total"]
        who = self.seat_name(loser) if loser >= 0 else ""
        pen = self.penalty_word()
        if kind == "audit":
            reached = total >= claim
            return self._w(
                f"{self.seat_name(actor)} が {claim} を監査: 合計 {total} {'≥' if reached else '<'} {claim} → {who} に{pen}",
                f"{self.seat_name(actor)} audited {claim}: total {total} {'≥' if reached else '<'} {claim} → {pen} for {who}",
            )
        if kind == "completion":
            if loser < 0:
                return self._w(f"{self.seat_name(actor)} が完成: 合計 {total} ≥ 30", f"{self.seat_name(actor)} completed: total {total} ≥ 30")
            return self._w(
                f"{self.seat_name(actor)} の完成は失敗: 合計 {total} < 30 → {pen}",
                f"{self.seat_name(actor)}'s completion failed: total {total} < 30 → {pen}",
            )
        return self._w(
            f"{self.seat_name(actor)} が {claim} を申告して 2 枚目のイエロー → {pen}（合計は {total}）",
            f"{self.seat_name(actor)} declared {claim}, a second yellow → {pen} (total was {total})",
        )

    def _caption(self, o: Mapping[str, Any], mine: bool, entering: str | None) -> str:
        phase = o["phase"]
        turn = o["turn"]
        claims = o["claims"]
        prev = claims[-1][1] if claims else 0
        if o["result"]:
            return self._w("ゲーム終了", "Game over")
        if entering == "first":
            return self._w("最初の手番の人を選んでください。", "Choose who plays first.")
        if entering == "card" and self.app.match.is_bot(turn):
            return self._w(
                f"{self.seat_name(turn)} の番です。実物の山札からボットの代わりに 1 枚引き、その値を選んで、カードはボットの前に伏せてください（入力した人には見えてしまいます）。",
                f"{self.seat_name(turn)} draws: take the top card of the real deck for the bot, tap its value and lay it face down for the bot (whoever enters it sees it).",
            )
        if entering == "hand" and self.app.match.is_bot(turn):
            return self._w(
                f"{self.seat_name(turn)} の手札 {o['deal_size']} 枚を入力してください（入力した人には見えてしまいます）。",
                f"Enter the {o['deal_size']} cards dealt to {self.seat_name(turn)} (whoever enters them sees them).",
            )
        if entering == "card":
            return self._w(
                f"{self.seat_name(turn)}: 実物の山札から引いたカードの値を、ほかの人に見せずに選んでください。",
                f"{self.seat_name(turn)}: tap the value of the card you drew from the real deck (keep it hidden).",
            )
        if entering == "hand":
            if self._cover_needed(o):
                return self._w(
                    f"{self.seat_name(turn)} にタブレットを渡してください。手札の入力は本人だけが見ます。",
                    f"Hand the tablet to {self.seat_name(turn)}: only they should see the hand they type in.",
                )
            return self._w(
                f"{self.seat_name(turn)}: 配られた実物の手札 {o['deal_size']} 枚の値を 1 枚ずつ入力してください。",
                f"{self.seat_name(turn)}: enter the {o['deal_size']} cards dealt to you, one tap per card.",
            )
        if not mine:
            if phase in ("turn", "declare"):
                return self._w(f"{self.seat_name(turn)} の番です。", f"{self.seat_name(turn)} to play.")
            return ""
        if phase == "turn":
            if self.v.draws:
                if not claims:
                    return self._w("ラウンドの最初です。カードを引いてください。", "A new round: draw a card.")
                return self._w(
                    f"直前の申告は {prev}。信じてカードを引くか、監査するかを選びます。",
                    f"The last declaration is {prev}. Trust it and draw, or audit.",
                )
            hand = o["hand"] or []
            if not hand:
                return self._w("手札がないので、監査するしかありません。", "Your hand is empty: you can only audit.")
            if claims and prev >= self.v.top:
                return self._w(f"最後のマイルストーン {prev} が宣言されました。監査するしかありません。", f"The last milestone, {prev}, is declared: you can only audit.")
            if not claims:
                return self._w("ラウンドの最初です。手札のカードをタップして伏せてください。", "A new round: tap a card of your hand to lay it face down.")
            return self._w(
                f"直前の宣言は {prev}。手札のカードをタップして伏せるか、監査します。",
                f"The last declaration is {prev}. Tap a card of your hand to lay it face down, or audit.",
            )
        # declare
        if self.v.any_number:
            return self._w(
                f"伏せたカードの合計を申告します（{prev + 1}〜30。星はマイルストーン、それ以外はイエローカード）。",
                f"Declare the total of the face-down cards ({prev + 1}–30; stars are milestones, other numbers cost a yellow card).",
            )
        return self._w("伏せたカードの合計として、マイルストーンを宣言します。", "Declare a milestone for the total of the face-down cards.")

    # ----- moves -----------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """Declarations are tapped on the board (legal numbers in green); cards of a hand too
        (plain buttons would put the hand in the page for everyone)."""
        return isinstance(action, (Place, Card, First, Declare))

    def action_label(self, action: Any) -> str:
        if isinstance(action, Draw):
            return self._w("カードを引く（信じる）", "Draw (trust)") if self.observation["claims"] else self._w("カードを引く", "Draw a card")
        if isinstance(action, Audit):
            return self._w("監査！", "Audit!")
        if isinstance(action, Declare):
            n = action.number
            if self.v.completion and n == self.v.top:
                return self._w(f"{n} 完成！", f"{n} complete!")
            if self.v.any_number and n not in self.v.milestones:
                return f"{n} ⚠"
            if self.v.any_number:
                return f"{n} ★"
            return str(n)
        return str(action)

    def advice_text(self, action: Any) -> str:
        """A move in words, for the hint."""
        if isinstance(action, Place):
            return self._w(f"{action.value} を伏せる", f"lay your {action.value}")
        if isinstance(action, Declare):
            yellow = self.v.any_number and action.number not in self.v.milestones
            note = self._w("（イエローカード）", " (a yellow card)") if yellow else ""
            if self.v.completion and action.number == self.v.top:
                note = self._w("（完成）", " (completion)")
            return self._w(f"{action.number} を申告{note}", f"declare {action.number}{note}")
        if isinstance(action, Audit):
            return self._w("監査する", "audit")
        if isinstance(action, Draw):
            return self._w("信じてカードを引く", "trust and draw")
        return str(action)

    def extra_controls(self) -> list[w.Widget]:
        o = self.observation
        entering = self._entering()
        if entering == "first":
            return [
                self.app.fresh_button(
                    self._w(f"{self.seat_name(s)} から", f"{self.seat_name(s)} starts"), ("rb-first", f"rb-first-{s}"), lambda s=s: self.app.play(First(s))
                )
                for s in range(o["players"])
            ]
        if entering == "card":
            return [
                self.app.fresh_button(str(x), ("rb-enter-card", f"rb-enter-card-{x}"), lambda x=x: self.app.play(Card(x)))
                for x in self.v.values
            ]
        if entering == "hand":
            if self._cover_needed(o):
                seat = o["turn"]
                return [
                    self.app.fresh_button(
                        self._w(f"{self.seat_name(seat)} です — 手札を入力する", f"I am {self.seat_name(seat)} — enter my hand"),
                        ("rb-entry-reveal", "rb-primary"),
                        lambda: self._open_cover(seat),
                    )
                ]
            buttons = [
                self.app.fresh_button(str(x), ("rb-enter-card", f"rb-enter-card-{x}"), lambda x=x: self._add_to_hand(x)) for x in self.v.values
            ]
            buttons.append(self.app.fresh_button(self._w("1 枚消す", "Remove one"), ("rb-entry-back",), self._remove_from_hand))
            buttons.append(
                self.app.fresh_button(
                    self._w(f"この手札で決定（{len(self.hand_entry)}/{o['deal_size']}）", f"Confirm this hand ({len(self.hand_entry)}/{o['deal_size']})"),
                    ("rb-entry-confirm", "rb-primary"),
                    self.confirm_hand,
                )
            )
            return buttons
        return []

    def _open_cover(self, seat: int) -> None:
        """The person of ``seat`` holds the tablet now: the page shows their view from here on
        (so the app's pass screen comes up when the next person's move follows)."""
        if self._entering() == "hand" and self.observation["turn"] == seat:
            self.app.viewer = seat
            self.app.revealed = True
        self.app.refresh()

    def _add_to_hand(self, value: int) -> None:
        o = self.observation
        if self._entering() != "hand":
            return
        if len(self.hand_entry) >= o["deal_size"]:
            raise IllegalAction(
                "chance",
                f"手札は {o['deal_size']} 枚です。入れ直すなら「1 枚消す」を使ってください。",
                f"A hand has {o['deal_size']} cards; use 'Remove one' to correct it.",
            )
        self.hand_entry.append(value)
        self.app.refresh()

    def _remove_from_hand(self) -> None:
        if self.hand_entry:
            self.hand_entry.pop()
        self.app.refresh()

    def confirm_hand(self) -> None:
        o = self.observation
        if self._entering() != "hand":
            return
        size = o["deal_size"]
        if len(self.hand_entry) != size:
            raise IllegalAction(
                "chance",
                f"手札は {size} 枚です（いま {len(self.hand_entry)} 枚）。",
                f"A hand has {size} cards ({len(self.hand_entry)} entered so far).",
            )
        cards = [Card(x) for x in self.hand_entry]
        self.hand_entry = []
        self.app.play_group(cards)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        ply = content.get("ply")
        if ply is not None and ply != len(self.app.match.actions):
            return  # a tap on a drawing that is gone (double tap): ignore it
        kind = content.get("type")
        if kind not in ("place", "declare"):
            return
        o = self.observation
        if not self._my_move(o):
            raise IllegalAction("turn", "いまはあなたが選ぶ場面ではありません。", "It is not your move right now.")
        if kind == "place":
            value = _int(content.get("value"))
            self.app.play(Place(value if value is not None else -1))
        else:
            number = _int(content.get("number"))
            self.app.play(Declare(number if number is not None else -1))

    # ----- text: status, log, outcome, hint -----------------------------------------------------------------
    def status(self) -> str:
        o = self.observation
        match = self.app.match
        parts = [self._w(f"ラウンド <b>{o['round']}</b>", f"Round <b>{o['round']}</b>")]
        if o["result"] is None and o["phase"] in ("turn", "declare"):
            name = html.escape(self.seat_name(o["turn"]))
            parts.append(self._w(f"<b>{name}</b> の番", f"<b>{name}</b> to play"))
        return " · ".join(parts)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        """One public log line: never a drawn, dealt or laid card's value."""
        e = html.escape
        if isinstance(action, First):
            return e(self._w(f"{self.seat_name(action.seat)} から始めます。", f"{self.seat_name(action.seat)} plays first."))
        if isinstance(action, Card):
            if before.phase == DEAL and after.phase != DEAL:
                size = before.deal_size
                return e(self._w(f"全員に {size} 枚ずつ配りました。", f"{size} cards dealt to each player."))
            return None
        who = self.seat_name(before.turn)
        if isinstance(action, Draw):
            text = self._w(f"{who} がカードを引く", f"{who} draws a card") if not before.claims else self._w(
                f"{who} は {before.claims[-1][1]} を信じてカードを引く", f"{who} trusts {before.claims[-1][1]} and draws a card"
            )
            if after.epoch > before.epoch:
                count = sum(before.discard)
                text += self._w(f"（山札が尽きたので捨て札 {count} 枚を混ぜて新しい山札に）", f" (the deck ran out: the {count} discards were shuffled into a new deck)")
            return e(text)
        if isinstance(action, Place):
            return e(self._w(f"{who} がカードを 1 枚伏せる", f"{who} lays a card face down"))
        if isinstance(action, Declare):
            line = self._w(f"{who} が {action.number} を申告", f"{who} declares {action.number}")
            if after.yellows != before.yellows and after.phase != OVER and after.round == before.round:
                line += self._w("（イエローカード）", " (yellow card)")
            if after.last is not before.last and after.last is not None:
                line += " — " + self._last_text(self._last_dict(after.last))
            return e(line) + self._end_note(after)
        if isinstance(action, Audit):
            return e(self._last_text(self._last_dict(after.last))) + self._end_note(after)
        return e(str(action))

    @staticmethod
    def _last_dict(last: tuple) -> dict[str, Any]:
        kind, loser, actor, claim, revealed, total = last
        return {"kind": kind, "loser": loser, "actor": actor, "claim": claim, "cards": revealed, "total": total}

    def _end_note(self, after: State) -> str:
        outcome = self.app.game.outcome(after)
        if outcome is None:
            if after.phase == DEAL and after.deal_size == self.v.redeal_size and after.epoch > 0:
                return html.escape(self._w("。全員の手札がなくなったので配り直し", " — every hand is empty: new hands"))
            return ""
        return " — <b>" + html.escape(outcome.summary(self.lang)) + "</b>"

    def outcome_html(self, outcome: Outcome) -> str:
        e = html.escape
        o = self.observation
        parts = [f"<div class='rb-outcome-summary'>{e(outcome.summary(self.lang))}</div>"]
        rows = []
        for s in range(o["players"]):
            cls = "rb-winner" if s in outcome.winners else "rb-loser"
            result = self._w("勝ち", "wins") if s in outcome.winners else self._w("負け", "loses")
            rows.append(
                f"<tr class='{cls} rb-final-{s}'><td>{e(self.seat_name(s))}</td><td>{e(result)}</td>"
                f"<td>{e(self.penalty_word(2))}: {o['marks'][s]}</td></tr>"
            )
        parts.append(f"<table class='rb-final-scores'>{''.join(rows)}</table>")
        return "".join(parts)

    def hint_html(self) -> str:
        """The exact odds from the viewer's own knowledge, and the search bot's advice on its move."""
        o = self.observation
        you = o["you"]
        if you < 0 or o["result"] or o["phase"] not in ("turn", "declare"):
            return ""
        e = html.escape
        seen = odds(o)
        parts = []
        claims = o["claims"]
        if o["phase"] == "turn" and claims:
            prev = claims[-1][1]
            parts.append(f"<div class='rb-odds'>{self._odds_line(seen, prev, o['turn'] == you)}</div>")
            parts.append(f"<div class='rb-odds-why'>{e(self._odds_why(seen))}</div>")
        elif o["phase"] == "declare" and o["turn"] == you:
            prev = claims[-1][1] if claims else 0
            candidates = [m for m in self.v.milestones if m > prev]
            if self.v.any_number and prev + 1 not in self.v.milestones and prev + 1 < self.v.top:
                candidates = sorted({prev + 1, *candidates})
            rows = "".join(
                f"<tr data-number='{m}'><td>{m}{' ★' if m in self.v.milestones and self.v.any_number else ''}</td><td>{_pct(seen.at_least(m))}</td></tr>"
                for m in candidates
            )
            head = self._w("申告した数に合計が届く確率", "Chance the total reaches what you declare")
            parts.append(f"<div class='rb-odds-title'>{e(head)}</div><table class='rb-hint-table rb-odds-table'>{rows}</table>")
            parts.append(f"<div class='rb-odds-why'>{e(self._odds_why(seen))}</div>")
        if self._my_move(o):
            advice = self._advice(o)
            if advice is not None:
                parts.append(f"<div class='rb-hint-advice'>{e(self._w('探索ボットなら: ', 'The search bot would: '))}<b>{e(self.advice_text(advice))}</b></div>")
        return "".join(parts)

    def _odds_line(self, seen: Any, target: int, deciding: bool) -> str:
        p = seen.at_least(target)
        e = html.escape
        line = self._w(
            f"伏せたカードの合計が {target} に届く確率: <b class='rb-odds-value'>{_pct(p)}</b>",
            f"Chance the face-down total reaches {target}: <b class='rb-odds-value'>{_pct(p)}</b>",
        )
        if deciding:
            line += e(self._w(f"（監査が当たる確率 {_pct(1 - p)}）", f" (an audit would catch a bluff {_pct(1 - p)} of the time)"))
        return line

    def _odds_why(self, seen: Any) -> str:
        own = " + ".join(str(x) for x in seen.own) or "—"
        pool = ", ".join(f"{x}×{c}" for x, c in zip(seen.values, seen.pool) if c)
        old = ""
        if seen.fixed_old:
            old = self._w(
                f"山札を混ぜ直す前のカード {seen.fixed_old} 枚は残りから合計が分かっています（{seen.known - sum(seen.own)}）。",
                f" The {seen.fixed_old} cards from before the reshuffle add up to a known {seen.known - sum(seen.own)}.",
            )
        if not seen.hidden:
            return self._w(f"伏せたカードはすべて分かっています（合計 {seen.known}）。", f"You know every face-down card (total {seen.known}).") + old
        return self._w(
            f"あなたのカード: {own}。ほかの伏せたカード {seen.hidden} 枚は、あなたが見ていない {sum(seen.pool)} 枚（{pool}）のどれかで、"
            f"その選び方 {seen.total_ways:,} 通りを同じ確からしさで数えています。",
            f"Your cards: {own}. The other {seen.hidden} face-down cards are among the {sum(seen.pool)} cards you have not seen ({pool}); "
            f"all {seen.total_ways:,} ways to pick them are counted as equally likely.",
        ) + old

    def _advice(self, o: Mapping[str, Any]) -> Any:
        """The search bot's choice for the viewer's move (cached per position; its rng is the match's)."""
        match = self.app.match
        key = (len(match.actions), o["you"], match.seed)
        if key not in self._advice_cache:
            if len(self._advice_cache) > 32:
                self._advice_cache.clear()
            if self._search is None:
                from rulebook.games.not_my_fault.bots import make_search_bot

                self._search = make_search_bot(self.app.game)
            legal = self.app.game.legal_actions(match.state)
            self._advice_cache[key] = self._search.choose(o, legal, np.random.default_rng([match.seed, 7, len(match.actions)]))
        return self._advice_cache[key]


__all__ = ["NotMyFaultBoard", "View"]
