"""The Not My Fault! engine: one rules engine for ver.2.0 and the #41 prototype.

A round: players in turn lay a card face down and declare the total of all
face-down cards, each declaration higher than the last; or they *audit*
(turn every card up): a total short of the declaration costs the declarer a
penalty, otherwise the auditor. What differs between the two versions lives
in a ``Variant`` (``variants.py``):

- **ver.2.0** (``V20``): a trusting player draws the card from the deck and
  may declare any higher number up to 30; numbers off the milestones
  5/8/12/17/23/30 cost a yellow card, two yellows in a round a red card;
  declaring 30 reveals at once (≥ 30 wins the game alone, else a red). Two
  reds lose (NMF-1..3).
- **#41** (``V41``): 7-card hands, declarations are milestone cards only,
  after 25 only an audit; three reprimands lose; when every hand is empty
  the discards and the set-aside cards are reshuffled and 5 dealt to each
  (NMF-4: an empty hand can only audit).

The hot path (``legal_actions``/``next_state``) works on a ``NamedTuple``
of tuples (``state.py``), so search playouts and random games are cheap;
phases are an ``IntEnum`` and every record (face-down card, declaration,
last round, result) a ``NamedTuple`` read by field name.

Hidden information: the deck is kept as counts (it has no order anyone
could know); face-down cards remember who laid them and from which deck
(``epoch``) they came, so ``observe`` can say exactly which cards a seat
has not seen, and ``sample_state`` deals those at random.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from rulebook.core.errors import BadOption, IllegalAction, UnreadableAction
from rulebook.core.game import CHANCE, SPECTATOR, TERMINAL, Game, Outcome, rules_bot_kind, search_bot_kind

from .actions import AUDIT, DRAW, Action, Audit, Card, Declare, Draw, First, Place, parse
from .bots import RulesBot, make_search_bot
from .observation import LastSeen, NotMyFaultObservation, TableCard
from .state import (
    DEAL,
    DECLARE,
    DRAW_CARD,
    FIRST,
    OVER,
    PHASE_CODES,
    PHASE_NAMES,
    TURN,
    Claim,
    FaceDown,
    Last,
    Phase,
    Result,
    Shown,
    State,
    seat_en,
    seat_ja,
)
from .variants import V20, Variant

_new = tuple.__new__
"""``_new(FaceDown, (seat, value, epoch))``: a record without ``NamedTuple.__new__``'s keyword handling (the hot path)."""

class NotMyFault(Game[State, Action]):
    """ver.2.0; subclasses set another ``variant`` (see ``not_my_fault_41``)."""

    name = "not_my_fault"
    version = 1
    title_ja = "Not My Fault! ver.2.0"
    title_en = "Not My Fault! ver.2.0"
    hidden_information = True
    variant: ClassVar[Variant] = V20
    penalty_rule: ClassVar[str] = "red-cards"
    """Rule id of losing by penalties (the section of this variant's rules)."""
    penalty_ja: ClassVar[str] = "レッドカード"
    penalty_en: ClassVar[str] = "red card"

    def __init__(self) -> None:
        v = self.variant
        self._k = len(v.values)
        self._zero = (0,) * self._k
        self._milestones = frozenset(v.milestones)
        self._declares = tuple(Declare(n) for n in range(0, v.top + 1))
        self._cards = tuple(Card(x) for x in v.values)
        self._places = tuple(Place(x) for x in v.values)
        self._firsts = tuple(First(s) for s in range(v.max_players))
        self._next_milestone = {
            prev: tuple(self._declares[m] for m in v.milestones if m > prev) for prev in range(0, v.top + 1)
        }

    # ----- options ----------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"players": self.variant.default_players}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        players = merged["players"]
        lo, hi = self.variant.min_players, self.variant.max_players
        if type(players) is not int or not lo <= players <= hi:
            raise BadOption(
                "players",
                f"人数は {lo}〜{hi} 人の整数で指定してください（{players!r} は使えません）。",
                f"Players must be a whole number from {lo} to {hi} (not {players!r}).",
            )
        return merged

    def num_seats(self, state: State) -> int:
        return state.players

    # ----- bots ---------------------------------------------------------------------
    bots = {
        "search": search_bot_kind(make_search_bot),
        "rules": rules_bot_kind(RulesBot),
    }

    # ----- set-up ---------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        n = self.normalize_options(options)["players"]
        v = self.variant
        zeros = (0,) * n
        return State(
            players=n,
            phase=FIRST,
            turn=0,
            starter=0,
            deck=tuple(v.copies),
            discard=self._zero,
            hands=(self._zero,) * n if v.hand_size else (),
            table=(),
            claims=(),
            yellows=zeros,
            marks=zeros,
            deal_size=v.hand_size,
        )

    # ----- whose move -------------------------------------------------------------------
    def current_player(self, state: State) -> int:
        phase = state.phase
        if phase == TURN or phase == DECLARE:
            return state.turn
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        phase = state.phase
        if phase == FIRST:
            n = state.players
            return [(self._firsts[s], 1 / n) for s in range(n)]
        if phase == DEAL or phase == DRAW_CARD:
            deck = state.deck
            total = sum(deck)
            return [(self._cards[k], c / total) for k, c in enumerate(deck) if c]
        return []

    # ----- legal moves ---------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == TURN:
            v = self.variant
            if v.draws:
                return [DRAW, AUDIT] if state.claims else [DRAW]
            claims = state.claims
            if claims and claims[-1].number >= v.top:
                return [AUDIT]
            hand = state.hands[state.turn]
            moves: list[Action] = [self._places[k] for k, c in enumerate(hand) if c]
            if claims:
                moves.append(AUDIT)
            return moves
        if phase == DECLARE:
            prev = state.last_claim
            if self.variant.any_number:
                return list(self._declares[prev + 1 :])
            return list(self._next_milestone[prev])
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes(state)]

    # ----- validation -------------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        phase = state.phase
        v = self.variant
        if phase == OVER:
            raise IllegalAction("end", "ゲームは終わっています。", "The game is over.")
        if phase in (FIRST, DEAL, DRAW_CARD):
            self._check_chance(state, action)
            return
        if isinstance(action, (First, Card)):
            raise IllegalAction(
                "chance",
                f"「{action}」は山札や席決めの結果で、手番の行動ではありません。",
                f"'{action}' is a card drawn or a seat chosen by chance, not a player's move.",
            )
        who_ja, who_en = seat_ja(state.turn), seat_en(state.turn)
        if phase == TURN:
            if isinstance(action, Audit):
                if not state.claims:
                    raise IllegalAction(
                        "audit",
                        "このラウンドはまだ誰も申告していないので、監査できません。",
                        "Nobody has declared anything this round yet: there is nothing to audit.",
                    )
                return
            if isinstance(action, Draw):
                if not v.draws:
                    raise IllegalAction(
                        "turn",
                        "この版では山札から引かず、手札から 1 枚伏せます（place）。",
                        "In this version you do not draw: lay a card from your hand (place).",
                    )
                return
            if isinstance(action, Place):
                self._check_place(state, action)
                return
            if isinstance(action, Declare):
                if v.draws:
                    raise IllegalAction(
                        "trust",
                        f"{who_ja}: 申告の前に、信じるなら山札から 1 枚引きます（監査もできます）。",
                        f"{who_en}: draw a card before declaring (or audit).",
                    )
                raise IllegalAction(
                    "place",
                    f"{who_ja}: 申告の前に、手札から 1 枚を伏せて置きます。",
                    f"{who_en}: lay a card from your hand face down before declaring.",
                )
            raise UnreadableAction("actions", f"「{action}」はこのゲームの行動ではありません。", f"'{action}' is not a move of this game.")
        # DECLARE
        if not isinstance(action, Declare):
            done_ja = "カードを引いた" if v.draws else "カードを伏せた"
            done_en = "drawn your card" if v.draws else "laid your card"
            raise IllegalAction(
                "declare",
                f"{who_ja}: もう{done_ja}ので、次は合計を申告します。",
                f"{who_en}: you have {done_en}; now declare the total.",
            )
        self._check_declare(state, action)

    def _check_chance(self, state: State, action: Action) -> None:
        phase = state.phase
        if phase == FIRST:
            if not isinstance(action, First):
                raise IllegalAction(
                    "chance",
                    f"いまは最初の手番の人を決めるところです（「{action}」はまだできません）。",
                    f"The first player is being chosen; '{action}' must wait.",
                )
            if not 0 <= action.seat < state.players:
                raise IllegalAction(
                    "chance",
                    f"席 {action.seat + 1} はありません（1〜{state.players}）。",
                    f"There is no seat {action.seat + 1} (1-{state.players}).",
                )
            return
        if not isinstance(action, Card):
            doing_ja = "カードを配っている" if phase == DEAL else "山札から引いている"
            doing_en = "Cards are being dealt" if phase == DEAL else "A card is being drawn"
            raise IllegalAction(
                "chance",
                f"いまは{doing_ja}ところです（「{action}」はまだできません）。",
                f"{doing_en}; '{action}' must wait.",
            )
        index = self.variant.index.get(action.value)
        if index is None:
            values = ", ".join(str(x) for x in self.variant.values)
            raise IllegalAction(
                "chance",
                f"値 {action.value} のカードはありません（{values}）。",
                f"There is no card of value {action.value} ({values}).",
            )
        if not state.deck[index]:
            raise IllegalAction(
                "chance",
                f"値 {action.value} のカードはもう山札に残っていません。実物のカードを確かめてください。",
                f"No card of value {action.value} can be left in the deck; please check the real card.",
            )

    def _check_place(self, state: State, action: Place) -> None:
        v = self.variant
        who_ja, who_en = seat_ja(state.turn), seat_en(state.turn)
        if v.draws:
            raise IllegalAction(
                "turn",
                "この版には手札がありません。信じるなら山札から引きます（draw）。",
                "This version has no hands: to trust, draw from the deck (draw).",
            )
        hand = state.hands[state.turn]
        if not any(hand):
            raise IllegalAction(
                "empty-hand",
                f"{who_ja} の手札はありません。できるのは監査だけです。",
                f"{who_en} has no cards left: the only move is to audit.",
            )
        if state.claims and state.claims[-1].number >= v.top:
            raise IllegalAction(
                "last-milestone",
                f"最後のマイルストーン {v.top} が申告されたので、監査するしかありません。",
                f"The last milestone, {v.top}, has been declared: the only move is to audit.",
            )
        index = v.index.get(action.value)
        if index is None or not hand[index]:
            raise IllegalAction(
                "place",
                f"{who_ja} の手札に {action.value} のカードはありません。",
                f"{who_en} holds no card of value {action.value}.",
            )

    def _check_declare(self, state: State, action: Declare) -> None:
        v = self.variant
        n = action.number
        prev = state.last_claim
        if v.any_number:
            if not 1 <= n <= v.top:
                raise IllegalAction(
                    "declare",
                    f"申告できるのは 1〜{v.top} です（{n} は進捗ボードにありません）。",
                    f"Declarations run from 1 to {v.top} ({n} is not on the progress board).",
                )
        elif n not in self._milestones:
            listed = "/".join(str(m) for m in v.milestones)
            raise IllegalAction(
                "declare",
                f"申告できるのはマイルストーン（{listed}）だけです。",
                f"Only milestones can be declared ({listed}).",
            )
        if n <= prev:
            raise IllegalAction(
                "declare",
                f"直前の申告 {prev} より大きい数を申告してください。",
                f"Declare more than the last declaration, {prev}.",
            )

    # ----- transitions ----------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        phase = state.phase
        if phase == DECLARE:
            return self._declare(state, action.number)  # type: ignore[union-attr]
        if phase == TURN:
            if action is AUDIT or type(action) is Audit:
                return self._audit(state)
            if type(action) is Place:
                k = self.variant.index[action.value]
                hands = list(state.hands)
                hand = list(hands[state.turn])
                hand[k] -= 1
                hands[state.turn] = tuple(hand)
                return state._replace(
                    phase=DECLARE,
                    hands=tuple(hands),
                    table=state.table + (_new(FaceDown, (state.turn, action.value, state.epoch)),),
                )
            # Draw: reshuffle the discards first if the deck ran out (NMF-2)
            if not any(state.deck):
                return state._replace(phase=DRAW_CARD, deck=state.discard, discard=self._zero, epoch=state.epoch + 1)
            return state._replace(phase=DRAW_CARD)
        if phase == DRAW_CARD:
            k = self.variant.index[action.value]  # type: ignore[union-attr]
            deck = list(state.deck)
            deck[k] -= 1
            return state._replace(
                phase=DECLARE, deck=tuple(deck), table=state.table + (_new(FaceDown, (state.turn, action.value, state.epoch)),)  # type: ignore[union-attr]
            )
        if phase == DEAL:
            return self._deal(state, self.variant.index[action.value])  # type: ignore[union-attr]
        if phase == FIRST:
            seat = action.seat  # type: ignore[union-attr]
            if self.variant.draws:
                return state._replace(phase=TURN, turn=seat, starter=seat)
            return state._replace(phase=DEAL, turn=0, starter=seat)
        return state

    def _deal(self, state: State, k: int) -> State:
        seat = state.turn
        hands = list(state.hands)
        hand = list(hands[seat])
        hand[k] += 1
        hands[seat] = tuple(hand)
        deck = list(state.deck)
        deck[k] -= 1
        if sum(hand) >= state.deal_size:
            seat += 1
        if seat >= state.players:
            return state._replace(phase=TURN, turn=state.starter, hands=tuple(hands), deck=tuple(deck))
        return state._replace(turn=seat, hands=tuple(hands), deck=tuple(deck))

    def _declare(self, state: State, number: int) -> State:
        v = self.variant
        seat = state.turn
        claims = state.claims + (_new(Claim, (seat, number)),)
        if v.completion and number >= v.top:
            total = sum(card.value for card in state.table)
            if total >= v.top:
                revealed = tuple(Shown(card.seat, card.value) for card in state.table)
                return state._replace(
                    phase=OVER,
                    claims=claims,
                    last=Last("completion", -1, seat, number, revealed, total),
                    result=Result("completion", seat),
                )
            return self._end_round(state._replace(claims=claims), "completion", seat, seat, seat, number)
        if v.yellow_limit and number not in self._milestones:
            yellows = list(state.yellows)
            yellows[seat] += 1
            state = state._replace(yellows=tuple(yellows))
            if yellows[seat] >= v.yellow_limit:
                return self._end_round(state._replace(claims=claims), "yellow", seat, seat, seat, number)
        return state._replace(phase=TURN, turn=(seat + 1) % state.players, claims=claims)

    def _audit(self, state: State) -> State:
        auditor = state.turn
        claimer, claim = state.claims[-1].seat, state.claims[-1].number
        total = sum(card.value for card in state.table)
        loser = auditor if total >= claim else claimer
        return self._end_round(state, "audit", loser, auditor, auditor, claim)

    def _end_round(self, state: State, kind: str, loser: int, actor: int, starter: int, claim: int) -> State:
        """A penalty ends the round: cards face up to the discards, next round or game over."""
        v = self.variant
        index = v.index
        discard = list(state.discard)
        total = 0
        for card in state.table:
            discard[index[card.value]] += 1
            total += card.value
        marks = list(state.marks)
        marks[loser] += 1
        revealed = tuple([_new(Shown, (card.seat, card.value)) for card in state.table])
        state = state._replace(
            discard=tuple(discard),
            marks=tuple(marks),
            last=_new(Last, (kind, loser, actor, claim, revealed, total)),
            table=(),
        )
        if marks[loser] >= v.penalty_limit:
            return state._replace(phase=OVER, result=Result("penalty", loser))
        n = state.players
        state = state._replace(claims=(), yellows=(0,) * n, round=state.round + 1)
        if v.draws:
            return state._replace(phase=TURN, turn=starter, starter=starter)
        hands = state.hands
        if not any(any(hand) for hand in hands):
            # every hand is empty: discards and set-aside cards are shuffled, 5 dealt to each
            deck = tuple(a + b for a, b in zip(state.deck, state.discard))
            return state._replace(
                phase=DEAL, turn=0, starter=starter, deck=deck, discard=self._zero, deal_size=v.redeal_size, epoch=state.epoch + 1
            )
        seat = starter
        while not any(hands[seat]):  # [choice] the start passes to the next seat holding cards
            seat = (seat + 1) % n
        return state._replace(phase=TURN, turn=seat, starter=starter)

    # ----- the end ----------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        reason, seat = state.result.reason, state.result.seat
        n = state.players
        rounds = state.round
        if reason == "completion":
            total = state.last.total if state.last else 0
            return Outcome(
                scores=tuple(int(s == seat) for s in range(n)),
                winners=(seat,),
                reason="completion",
                summary_ja=f"{seat_ja(seat)} が 30 を申告して完成（合計 {total}）。{seat_ja(seat)} のひとり勝ち",
                summary_en=f"{seat_en(seat)} declared 30 and completed the project (total {total}): {seat_en(seat)} wins alone",
                detail=(("rounds", rounds), ("total", total)),
            )
        winners = tuple(s for s in range(n) if s != seat)
        limit = self.variant.penalty_limit
        names_ja = "・".join(seat_ja(s) for s in winners)
        names = [seat_en(s) for s in winners]
        names_en = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return Outcome(
            scores=tuple(int(s != seat) for s in range(n)),
            winners=winners,
            reason=self.penalty_rule,
            summary_ja=f"{seat_ja(seat)} が{self.penalty_ja}を {limit} 枚受けて敗北。{names_ja} の勝ち",
            summary_en=f"{seat_en(seat)} received a {_ordinal(limit)} {self.penalty_en} and loses: {names_en} win{'s' if len(winners) == 1 else ''}",
            detail=(("rounds", rounds), ("loser", seat)),
        )

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def reveals(self, state: State, action: Action) -> bool:
        """An audit, and a declaration that ends the round, turn the face-down cards over.

        Drawing and laying a card face down show nobody anything (the card
        drawn is a chance outcome, which stops undo by itself).
        """
        if type(action) is Audit:
            return True
        if type(action) is Declare and state.phase == DECLARE:
            return self.next_state(state, action).last is not state.last
        return False

    # ----- what a seat knows -------------------------------------------------------------------------
    def unseen(self, state: State, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Counts of the cards ``seat`` has not seen: (this deck's, an earlier deck's).

        Face-down cards laid by others and the deck (or the set-aside cards
        and other hands in #41) hold them. ver.2.0 may hold face-down cards
        drawn before a reshuffle: those came from the old deck, whose
        leftovers everybody can count, so they form a pool of their own.
        """
        index = self.variant.index
        now = list(state.deck)
        for s, hand in enumerate(state.hands):
            if s != seat:
                for k, c in enumerate(hand):
                    now[k] += c
        old = list(self._zero)
        for card in state.table:
            if card.seat != seat:
                if card.epoch == state.epoch:
                    now[index[card.value]] += 1
                else:
                    old[index[card.value]] += 1
        return tuple(now), tuple(old)

    def observe(self, state: State, seat: int) -> NotMyFaultObservation:
        v = self.variant
        n = state.players
        mine = 0 <= seat < n
        now, old = self.unseen(state, seat)
        hand = None
        if mine and v.hand_size:
            hand = [x for x, c in zip(v.values, state.hands[seat]) for _ in range(c)]
        last: LastSeen | None = None
        if state.last is not None:
            past = state.last
            last = LastSeen(
                kind=past.kind,
                loser=past.loser,
                actor=past.actor,
                claim=past.claim,
                cards=[[card.seat, card.value] for card in past.revealed],
                total=past.total,
            )
        return NotMyFaultObservation(
            game=self.name,
            you=seat,
            players=n,
            card_values=list(v.values),
            milestones=list(v.milestones),
            top=v.top,
            phase=PHASE_NAMES[state.phase],
            turn=state.turn,
            starter=state.starter,
            round=state.round,
            epoch=state.epoch,
            deal_size=state.deal_size,
            claims=[[claim.seat, claim.number] for claim in state.claims],
            table=[
                TableCard(
                    seat=card.seat,
                    card=card.value if card.seat == seat else None,
                    old=card.epoch != state.epoch,
                )
                for card in state.table
            ],
            hand=hand,
            hand_sizes=[sum(h) for h in state.hands] if v.hand_size else None,
            deck=sum(state.deck),
            discard=list(state.discard),
            unseen=list(now),
            unseen_old=list(old),
            yellows=list(state.yellows),
            marks=list(state.marks),
            last=last,
            result=[state.result.reason, state.result.seat] if state.result else None,
        )

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        """Deal the cards ``seat`` has not seen at random, consistently with the observation."""
        v = self.variant
        o = observation
        n = o["players"]
        values = v.values
        pool = [x for x, c in zip(values, o["unseen"]) for _ in range(c)]
        pool_old = [x for x, c in zip(values, o["unseen_old"]) for _ in range(c)]
        _shuffle(pool, rng)
        _shuffle(pool_old, rng)
        epoch = o["epoch"]
        table = []
        for card in o["table"]:
            s = card["seat"]
            if card["card"] is not None:
                x = card["card"]
            elif card["old"]:
                x = pool_old.pop()
            else:
                x = pool.pop()
            table.append(FaceDown(s, x, epoch - 1 if card["old"] else epoch))
        hands: tuple[tuple[int, ...], ...] = ()
        if v.hand_size:
            built = []
            for s in range(n):
                counts = [0] * len(values)
                if s == seat:
                    for x in o["hand"]:
                        counts[v.index[x]] += 1
                else:
                    for _ in range(o["hand_sizes"][s]):
                        counts[v.index[pool.pop()]] += 1
                built.append(tuple(counts))
            hands = tuple(built)
        deck = [0] * len(values)
        for x in pool:
            deck[v.index[x]] += 1
        last = o["last"]
        return State(
            players=n,
            phase=PHASE_CODES[o["phase"]],
            turn=o["turn"],
            starter=o["starter"],
            deck=tuple(deck),
            discard=tuple(o["discard"]),
            hands=hands,
            table=tuple(table),
            claims=tuple(Claim(s, c) for s, c in o["claims"]),
            yellows=tuple(o["yellows"]),
            marks=tuple(o["marks"]),
            round=o["round"],
            epoch=epoch,
            deal_size=o["deal_size"],
            last=(
                None
                if last is None
                else Last(last["kind"], last["loser"], last["actor"], last["claim"], tuple(Shown(s, x) for s, x in last["cards"]), last["total"])
            ),
            result=Result(*o["result"]) if o["result"] else None,
        )


def _shuffle(items: list, rng: Any) -> None:
    """Fisher–Yates with the bot's numpy generator (one call for all the draws)."""
    n = len(items)
    if n < 2:
        return
    draws = rng.random(n - 1)
    for i in range(n - 1, 0, -1):
        j = int(draws[i - 1] * (i + 1))
        items[i], items[j] = items[j], items[i]


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


__all__ = [
    "DEAL",
    "DECLARE",
    "DRAW_CARD",
    "FIRST",
    "NotMyFault",
    "OVER",
    "PHASE_CODES",
    "PHASE_NAMES",
    "Phase",
    "SPECTATOR",
    "State",
    "TURN",
]
