"""The Kokkuri-san engine (狐狗狸太陽 こっくりサン), 3–4 players.

A round: in turn, each player puts an influence token on a candidate (to the
right of the tokens already there) and a play card from the hand under it,
face up (the candidate's patron effect follows) or face down, then refills
the hand to 3 from their own deck. After 3 turns each the round is settled:
the cards are turned up and summed per candidate (×−1 flips the sign, KS-2),
the two candidates with most votes are elected (ties: the one further left),
and on each the players with most tokens there (ties: whose token is further
left) score the card's 1st and 2nd points. The start player of the next
round is the leader (KS-3). The game ends after 3 settlements, or after the
1st or 2nd when the leader is 12 or more ahead of the second.

The card data (values of play cards, candidates, points, patron effects) is
a ``CardSet`` (``cards.py``) carried in the state, so a replacement file
chosen in the options plays exactly like the stand-in.

Hidden information: hands, the order of each deck, and the values of face-down
cards of other seats. Every seat knows its own remaining deck as counts; the
cards of another colour it has not seen are the ``unseen`` counts of the
observation, which ``sample_state`` deals at random.
"""

from __future__ import annotations

import json
from itertools import permutations
from typing import Any, Mapping

from rulebook.core.errors import BadOption, IllegalAction, UnreadableAction
from rulebook.core.game import CHANCE, TERMINAL, Game, Outcome, rules_bot_kind, search_bot_kind

from .actions import DRAW as DRAW_ACTION
from .actions import SKIP, Action, Card, Draw, First, Flip, Move, Order, Play, Skip, Swap, parse
from .bots import RulesBot, make_search_bot
from .observation import EffectSeen, KokkuriSanObservation, RoundSeen
from .cards import KINDS, ROUNDS, CardSet, Effect, card_text, load_cards, standin
from .settlement import LEAD, elected_positions, influence_order, next_starter, votes_of
from .state import (
    DEAL,
    DRAW,
    EFFECT,
    FIRST,
    ORDER,
    OVER,
    PHASE_CODES,
    PHASE_NAMES,
    TURN,
    Award,
    Played,
    Settlement,
    State,
    seat_en,
    seat_ja,
)

HAND = 3
"""Cards in hand after each refill (the source)."""
TURNS_EACH = 3
"""Turns per player per round: 4 tokens, one of which marks the score (KS-3)."""
_CHANCE_KINDS = (Order, First, Card)
_EFFECT_KINDS = (Flip, Swap, Move, Draw, Skip)


class KokkuriSan(Game[State, Action]):
    name = "kokkuri_san"
    version = 1
    title_ja = "狐狗狸太陽（こっくりサン）"
    title_en = "Kokkuri-san"
    hidden_information = True

    def __init__(self) -> None:
        self._data_cache: dict[str, CardSet] = {}
        # action values built once (the hot path of playouts builds none)
        self._plays = {(p, k, up): Play(p, k, up) for p in range(8) for k in range(KINDS) for up in (True, False)}
        self._cards = tuple(Card(k) for k in range(KINDS))
        self._firsts = tuple(First(s) for s in range(4))
        self._swaps = {(a, b): Swap(a, b) for a in range(8) for b in range(a + 1, 8)}
        self._moves = tuple(Move(p) for p in range(8))
        self._flips: dict[tuple[int, int], Flip] = {}
        self._orders: dict[int, list[tuple[Action, float]]] = {}

    # ----- options -------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"players": 4, "cards": None}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        players = merged["players"]
        if type(players) is not int or not 3 <= players <= 4:
            raise BadOption("players", f"人数は 3 か 4 です（{players!r} は使えません）。", f"Players must be 3 or 4 (not {players!r}).")
        if merged["cards"] is not None:
            load_cards(merged["cards"])  # CardDataError (a BadOption) names the mistake
        return merged

    def card_set(self, data: Any) -> CardSet:
        """The ``CardSet`` of an option value (``None``: the stand-in), cached by its text."""
        if data is None:
            return standin()
        key = data if isinstance(data, str) else json.dumps(data, sort_keys=True, ensure_ascii=False)
        found = self._data_cache.get(key)
        if found is None:
            found = self._data_cache[key] = load_cards(data)
        return found

    def num_seats(self, state: State) -> int:
        return state.players

    # ----- bots ----------------------------------------------------------------------------
    bots = {
        "search": search_bot_kind(make_search_bot),
        "rules": rules_bot_kind(RulesBot),
    }

    # ----- set-up ----------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(options)
        cards = self.card_set(opts["cards"])
        n = opts["players"]
        empty = (0,) * KINDS
        return State(
            cards=cards,
            players=n,
            phase=ORDER,
            turn=0,
            starter=0,
            round=1,
            turns=0,
            order=(),
            tokens=(),
            board=(),
            hands=(empty,) * n,
            decks=(cards.deck,) * n,
            fronts=(empty,) * n,
            scores=(0,) * n,
        )

    # ----- whose move --------------------------------------------------------------------------
    def current_player(self, state: State) -> int:
        phase = state.phase
        if phase == TURN or phase == EFFECT:
            return state.turn
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        phase = state.phase
        if phase == ORDER:
            k = len(state.cards.candidates)
            if k not in self._orders:
                orders = list(permutations(range(k)))
                self._orders[k] = [(Order(o), 1 / len(orders)) for o in orders]
            return list(self._orders[k])
        if phase == FIRST:
            return [(self._firsts[s], 1 / state.players) for s in range(state.players)]
        if phase == DEAL or phase == DRAW:
            deck = state.decks[state.drawer]
            total = sum(deck)
            cards = self._cards
            return [(cards[k], c / total) for k, c in enumerate(deck) if c]
        return []

    # ----- legal moves ----------------------------------------------------------------------------
    def effect_at(self, state: State, pos: int) -> Effect | None:
        """The patron effect of the candidate at ``pos`` this round."""
        return state.cards.candidates[state.order[pos]].rounds[state.round - 1].effect

    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == TURN:
            hand = state.hands[state.turn]
            kinds = [k for k in range(KINDS) if hand[k]]
            plays = self._plays
            return [plays[p, k, up] for p in range(len(state.order)) for k in kinds for up in (True, False)]
        if phase == EFFECT:
            effect = self.effect_at(state, state.pending)
            moves = self._effect_moves(state, effect)
            return moves + [SKIP] if effect.may else moves
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes(state)]

    def _effect_moves(self, state: State, effect: Effect) -> list[Action]:
        op = effect.op
        if op == "draw":
            return [DRAW_ACTION]
        if op == "flip":
            flips = self._flips
            out: list[Action] = []
            for p, cards in enumerate(state.board):
                for i, c in enumerate(cards):
                    if not c.up:
                        flip = flips.get((p, i))
                        if flip is None:
                            flip = flips[p, i] = Flip(p, i)
                        out.append(flip)
            return out
        if op == "swap":
            k = len(state.order)
            return [self._swaps[a, b] for a in range(k) for b in range(a + 1, k)]
        seat = state.turn
        return [self._moves[p] for p, tokens in enumerate(state.tokens) if p != state.pending and seat in tokens]

    # ----- validation -----------------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        phase = state.phase
        if phase == OVER:
            raise IllegalAction("end", "ゲームは終わっています。", "The game is over.")
        if phase in (ORDER, FIRST, DEAL, DRAW):
            self._check_chance(state, action)
            return
        if isinstance(action, _CHANCE_KINDS):
            raise IllegalAction("chance", f"「{action}」は偶然の結果で、手番の行動ではありません。", f"'{action}' is a chance outcome, not a player's move.")
        who_ja, who_en = seat_ja(state.turn), seat_en(state.turn)
        if phase == TURN:
            if not isinstance(action, Play):
                if isinstance(action, _EFFECT_KINDS):
                    raise IllegalAction(
                        "patron-effect",
                        f"{who_ja}: パトロン効果は、カードを表向きに出したときだけ使います。まずトークンとカードを置いてください。",
                        f"{who_en}: a patron effect comes only after a card played face up. Place a token and a card first.",
                    )
                raise UnreadableAction("actions", f"「{action}」はこのゲームの行動ではありません。", f"'{action}' is not a move of this game.")
            self._check_play(state, action)
            return
        # EFFECT
        effect = self.effect_at(state, state.pending)
        name = state.cards.candidates[state.order[state.pending]]
        if not isinstance(action, _EFFECT_KINDS):
            if isinstance(action, Play):
                raise IllegalAction(
                    "patron-effect",
                    f"{who_ja}: 先に{name.name_ja}のパトロン効果を実行してください。",
                    f"{who_en}: carry out the {name.name_en}'s patron effect first.",
                )
            raise UnreadableAction("actions", f"「{action}」はこのゲームの行動ではありません。", f"'{action}' is not a move of this game.")
        if isinstance(action, Skip):
            if not effect.may:
                raise IllegalAction(
                    "patron-effect",
                    f"{name.name_ja}のパトロン効果は強制です（「できる」と書かれた効果だけ見送れます）。",
                    f"The {name.name_en}'s patron effect is mandatory (only an effect that says 'may' can be left unused).",
                )
            return
        wanted = {"draw": Draw, "flip": Flip, "swap": Swap, "move": Move}[effect.op]
        if not isinstance(action, wanted):
            raise IllegalAction(
                "patron-effect",
                f"{name.name_ja}のパトロン効果は「{effect.op}」です（「{action}」ではありません）。",
                f"The {name.name_en}'s patron effect is '{effect.op}', not '{action}'.",
            )
        if action not in self._effect_moves(state, effect):
            raise IllegalAction("patron-effect", *self._bad_target(state, action))

    def _bad_target(self, state: State, action: Action) -> tuple[str, str]:
        k = len(state.order)
        if isinstance(action, Flip):
            return (
                f"位置 {action.pos} の {action.index + 1} 枚目に裏向きのカードはありません。",
                f"There is no face-down card number {action.index + 1} under position {action.pos}.",
            )
        if isinstance(action, Swap):
            return (
                f"入れ替えるのは位置 0〜{k - 1} の異なる 2 人で、小さい位置を先に書きます。",
                f"Swap two different positions from 0 to {k - 1}, the smaller first.",
            )
        return (
            f"位置 {getattr(action, 'pos', '?')} に動かせる自分のトークンはありません（この候補者以外から動かします）。",
            f"You have no token to move at position {getattr(action, 'pos', '?')} (it comes from another candidate).",
        )

    def _check_chance(self, state: State, action: Action) -> None:
        phase = state.phase
        if phase == ORDER:
            k = len(state.cards.candidates)
            if not isinstance(action, Order) or sorted(action.kinds) != list(range(k)):
                raise IllegalAction(
                    "setup",
                    f"いまは候補者 {k} 種類の並び（0〜{k - 1} を 1 回ずつ）を決めるところです。",
                    f"The {k} candidate kinds are being laid out (each of 0-{k - 1} once).",
                )
            return
        if phase == FIRST:
            if not isinstance(action, First) or not 0 <= action.seat < state.players:
                raise IllegalAction("setup", f"いまはスタートプレイヤー（席 1〜{state.players}）を決めるところです。", f"The start player (seat 1-{state.players}) is being chosen.")
            return
        if not isinstance(action, Card):
            raise IllegalAction("chance", f"いまは{seat_ja(state.drawer)}が山札から引くところです。", f"{seat_en(state.drawer)} is drawing from their deck.")
        if not state.decks[state.drawer][action.card]:
            raise IllegalAction(
                "chance",
                f"{seat_ja(state.drawer)}の山札に {card_text(action.card)} のカードは残っていません。実物のカードを確かめてください。",
                f"{seat_en(state.drawer)}'s deck holds no {card_text(action.card)} card; please check the real card.",
            )

    def _check_play(self, state: State, action: Play) -> None:
        k = len(state.order)
        if not 0 <= action.pos < k:
            raise IllegalAction("turn", f"候補者の位置は 0〜{k - 1} です（{action.pos} はありません）。", f"Candidate positions run from 0 to {k - 1} (there is no {action.pos}).")
        if not state.hands[state.turn][action.card]:
            raise IllegalAction(
                "hand",
                f"{seat_ja(state.turn)}の手札に {card_text(action.card)} のカードはありません。",
                f"{seat_en(state.turn)} holds no {card_text(action.card)} card.",
            )

    # ----- transitions --------------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        phase = state.phase
        if phase == TURN:
            return self._play(state, action)  # type: ignore[arg-type]
        if phase == EFFECT:
            return self._effect(state, action)
        if phase == DEAL or phase == DRAW:
            seat = state.drawer
            k = action.card  # type: ignore[union-attr]
            state = state._replace(decks=_bump(state.decks, seat, k, -1), hands=_bump(state.hands, seat, k, 1))
            return self._continue_deal(state) if phase == DEAL else self._continue_refill(state)
        if phase == ORDER:
            k = len(action.kinds)  # type: ignore[union-attr]
            return state._replace(phase=FIRST, order=action.kinds, tokens=((),) * k, board=((),) * k)  # type: ignore[union-attr]
        if phase == FIRST:
            seat = action.seat  # type: ignore[union-attr]
            return self._continue_deal(state._replace(phase=DEAL, turn=seat, starter=seat, drawer=0, target=HAND))
        return state

    def _continue_deal(self, state: State) -> State:
        seat = state.drawer
        while seat < state.players and (sum(state.hands[seat]) >= HAND or not any(state.decks[seat])):
            seat += 1
        if seat >= state.players:
            return state._replace(phase=TURN, turn=state.starter, drawer=0)
        return state._replace(drawer=seat)

    def _play(self, state: State, action: Play) -> State:
        seat, pos = state.turn, action.pos
        tokens = list(state.tokens)
        tokens[pos] = tokens[pos] + (seat,)
        board = list(state.board)
        board[pos] = board[pos] + (Played(seat, action.card, action.up),)
        state = state._replace(hands=_bump(state.hands, seat, action.card, -1), tokens=tuple(tokens), board=tuple(board))
        if not action.up:
            return self._refill(state, HAND)
        effect = self.effect_at(state, pos)
        if effect is None:
            return self._refill(state, HAND)
        if effect.op == "draw" and not effect.may:
            return self._refill(state, HAND + effect.n)
        state = state._replace(pending=pos)
        if not self._effect_moves(state, effect):  # nothing to carry out: the effect passes
            return self._refill(state, HAND)
        return state._replace(phase=EFFECT)

    def _effect(self, state: State, action: Action) -> State:
        seat = state.turn
        if isinstance(action, Draw):
            return self._refill(state, HAND + self.effect_at(state, state.pending).n)
        if isinstance(action, Flip):
            board = list(state.board)
            column = list(board[action.pos])
            column[action.index] = column[action.index]._replace(up=True)
            board[action.pos] = tuple(column)
            state = state._replace(board=tuple(board))
        elif isinstance(action, Swap):
            a, b = action.a, action.b
            state = state._replace(order=_swap(state.order, a, b), tokens=_swap(state.tokens, a, b), board=_swap(state.board, a, b))
        elif isinstance(action, Move):
            tokens = list(state.tokens)
            row = list(tokens[action.pos])
            del row[len(row) - 1 - row[::-1].index(seat)]  # the rightmost of the seat's tokens there
            tokens[action.pos] = tuple(row)
            tokens[state.pending] = tokens[state.pending] + (seat,)
            state = state._replace(tokens=tuple(tokens))
        return self._refill(state, HAND)

    def _refill(self, state: State, target: int) -> State:
        return self._continue_refill(state._replace(phase=DRAW, drawer=state.turn, target=target, pending=-1))

    def _continue_refill(self, state: State) -> State:
        seat = state.drawer
        if sum(state.hands[seat]) < state.target and any(state.decks[seat]):
            return state
        turns = state.turns + 1
        if turns >= TURNS_EACH * state.players:
            return self._settle(state._replace(turns=turns))
        return state._replace(phase=TURN, turns=turns, turn=(state.turn + 1) % state.players, target=HAND)

    def _settle(self, state: State) -> State:
        votes = tuple(votes_of(cards) for cards in state.board)
        elected = elected_positions(state.board)
        scores = list(state.scores)
        awards = []
        for pos in elected:
            kind = state.order[pos]
            points = state.cards.candidates[kind].rounds[state.round - 1].points
            for place, seat in enumerate(influence_order(state.tokens[pos])[:2]):
                scores[seat] += points[place]
                awards.append(Award(kind, place, seat, points[place]))
        fronts = [list(f) for f in state.fronts]
        for cards in state.board:
            for played in cards:
                fronts[played.seat][played.card] += 1
        shown = tuple(tuple(p._replace(up=True) for p in cards) for cards in state.board)
        last = Settlement(state.round, state.order, votes, elected, tuple(awards), state.tokens, shown)
        k = len(state.order)
        settled = state.settled + 1
        ranked = sorted(scores, reverse=True)
        state = state._replace(
            scores=tuple(scores),
            fronts=tuple(tuple(f) for f in fronts),
            tokens=((),) * k,
            board=((),) * k,
            settled=settled,
            last=last,
            target=HAND,
        )
        if settled >= ROUNDS:
            return state._replace(phase=OVER, result="end")
        if ranked[0] - ranked[1] >= LEAD:
            return state._replace(phase=OVER, result="early-end")
        starter = next_starter(state.scores, state.starter)
        return state._replace(phase=TURN, round=state.round + 1, turns=0, starter=starter, turn=starter)

    # ----- the end ----------------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = state.scores
        best = max(scores)
        winners = tuple(s for s in range(state.players) if scores[s] == best)
        names_ja = "・".join(seat_ja(s) for s in winners)
        names_en = " and ".join(seat_en(s) for s in winners)
        if state.result == "early-end":
            second = sorted(scores, reverse=True)[1]
            ja = f"{state.settled} 回目の決算で {best - second} 点差がついて終了。{names_ja} の勝ち（{best} 点）"
            en = f"After settlement {state.settled} the leader was {best - second} points ahead: {names_en} wins with {best}"
        else:
            verb = "wins" if len(winners) == 1 else "share the win"
            ja = f"3 回の決算が終わりました。{names_ja} の勝ち（{best} 点）"
            en = f"Three settlements are over: {names_en} {verb} with {best}"
        return Outcome(scores=tuple(scores), winners=winners, reason=state.result, summary_ja=ja, summary_en=en, detail=(("settlements", state.settled),))

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def reveals(self, state: State, action: Action) -> bool:
        """A card played face up or turned up shows a value; the last play of a round turns every card up."""
        if isinstance(action, Play):
            return action.up or state.turns + 1 >= TURNS_EACH * state.players
        if isinstance(action, Flip):
            return True
        if isinstance(action, (Skip, Swap, Move)):
            return state.turns + 1 >= TURNS_EACH * state.players
        return False

    # ----- what a seat knows ---------------------------------------------------------------------------------
    def unseen(self, state: State, seat: int) -> list[list[int]]:
        """Per seat, the counts of its cards that ``seat`` cannot tell where they are (none of its own)."""
        out = []
        for s in range(state.players):
            if s == seat:
                out.append([0] * KINDS)
                continue
            counts = list(state.cards.deck)
            for k, c in enumerate(state.fronts[s]):
                counts[k] -= c
            for cards in state.board:
                for played in cards:
                    if played.seat == s and played.up:
                        counts[played.card] -= 1
            out.append(counts)
        return out

    def observe(self, state: State, seat: int) -> KokkuriSanObservation:
        n = state.players
        mine = 0 <= seat < n
        last = state.last
        effect = None
        if state.phase == EFFECT:
            e = self.effect_at(state, state.pending)
            effect = EffectSeen(op=e.op, n=e.n, may=e.may)
        return KokkuriSanObservation(
            game=self.name,
            you=seat,
            players=n,
            phase=PHASE_NAMES[state.phase],
            turn=state.turn,
            starter=state.starter,
            round=state.round,
            turns=state.turns,
            turns_per_round=TURNS_EACH * n,
            settled=state.settled,
            cards=state.cards.as_json(),
            order=list(state.order),
            tokens=[list(t) for t in state.tokens],
            board=[[[p.seat, p.card if (p.up or p.seat == seat) else None, p.up] for p in cards] for cards in state.board],
            hand=[k for k in range(KINDS) for _ in range(state.hands[seat][k])] if mine else None,
            my_deck=list(state.decks[seat]) if mine else None,
            hand_sizes=[sum(h) for h in state.hands],
            deck_sizes=[sum(d) for d in state.decks],
            fronts=[list(f) for f in state.fronts],
            unseen=self.unseen(state, seat),
            scores=list(state.scores),
            drawer=state.drawer,
            target=state.target,
            pending=state.pending,
            effect=effect,
            last=None if last is None else RoundSeen(
                round=last.round,
                order=list(last.order),
                votes=list(last.votes),
                elected=list(last.elected),
                awards=[list(a) for a in last.awards],
                tokens=[list(t) for t in last.tokens],
                board=[[[p.seat, p.card] for p in cards] for cards in last.board],
            ),
            result=state.result,
        )

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        """Deal the cards ``seat`` has not seen at random, consistently with the observation."""
        o = observation
        n = o["players"]
        pools = []
        for s in range(n):
            pool = [k for k, c in enumerate(o["unseen"][s]) for _ in range(c)]
            _shuffle(pool, rng)
            pools.append(pool)
        board = tuple(
            tuple(Played(s, pools[s].pop() if card is None else card, up) for s, card, up in cards) for cards in o["board"]
        )
        hands, decks = [], []
        for s in range(n):
            if s == seat:
                hand = [0] * KINDS
                for k in o["hand"]:
                    hand[k] += 1
                hands.append(tuple(hand))
                decks.append(tuple(o["my_deck"]))
                continue
            hand = [0] * KINDS
            for _ in range(o["hand_sizes"][s]):
                hand[pools[s].pop()] += 1
            deck = [0] * KINDS
            for k in pools[s]:
                deck[k] += 1
            hands.append(tuple(hand))
            decks.append(tuple(deck))
        last = o["last"]
        return State(
            cards=self.card_set(o["cards"]),
            players=n,
            phase=PHASE_CODES[o["phase"]],
            turn=o["turn"],
            starter=o["starter"],
            round=o["round"],
            turns=o["turns"],
            order=tuple(o["order"]),
            tokens=tuple(tuple(t) for t in o["tokens"]),
            board=board,
            hands=tuple(hands),
            decks=tuple(decks),
            fronts=tuple(tuple(f) for f in o["fronts"]),
            scores=tuple(o["scores"]),
            drawer=o["drawer"],
            target=o["target"],
            pending=o["pending"],
            settled=o["settled"],
            last=None
            if last is None
            else Settlement(
                last["round"],
                tuple(last["order"]),
                tuple(last["votes"]),
                tuple(last["elected"]),
                tuple(Award(*a) for a in last["awards"]),
                tuple(tuple(t) for t in last["tokens"]),
                tuple(tuple(Played(s, k, True) for s, k in cards) for cards in last["board"]),
            ),
            result=o["result"],
        )


def _bump(rows: tuple[tuple[int, ...], ...], seat: int, kind: int, delta: int) -> tuple[tuple[int, ...], ...]:
    row = list(rows[seat])
    row[kind] += delta
    out = list(rows)
    out[seat] = tuple(row)
    return tuple(out)


def _swap(items: tuple, a: int, b: int) -> tuple:
    out = list(items)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def _shuffle(items: list, rng: Any) -> None:
    """Fisher–Yates with the bot's numpy generator."""
    n = len(items)
    if n < 2:
        return
    draws = rng.random(n - 1)
    for i in range(n - 1, 0, -1):
        j = int(draws[i - 1] * (i + 1))
        items[i], items[j] = items[j], items[i]


__all__ = ["KokkuriSan", "State", "elected_positions", "influence_order", "next_starter", "votes_of"]
