"""Lemon Poker (#42 レモンポーカー): guess which of the dealer's two hands is stronger.

The flow of a hand: chance deals 2 community cards and two groups of 5 for the
dealer (rule ``deal``); the dealer's groups are sorted low to high, A highest
(rule ``sort``: the engine sorts, the dealer may exchange equal ranks); the
dealer turns up two cards of each group (``dealer-reveal``); the child turns
up one more (``child-reveal``); the child stakes chips on a group (``bet``);
showdown, best 5 of the 7 cards per group (``showdown``, LP-3); even money,
a tie returns the stake (``payout``, LP-1); the other player deals the next
hand (``dealer``). A session of 10 hands from 20 chips each (``session``,
LP-2 stand-in). Seat 0 deals the first hand (a choice: the source says only
"decide the dealer").
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from rulebook.core.errors import BadOption, IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, BotKind, Game, Outcome

from . import actions as A
from .bots import OddsBot
from .observation import HandSeen, LemonPokerObservation
from .cards import card_text, parse_card
from .evaluator import evaluate_one
from .odds import Position, group_sets, pair_counts
from .state import BET, CHILD_SHOW, DEAL, DEALER_SHOW, OVER, PHASE_NAMES, SORT, HandResult, Phase, State

START_CHIPS = 20
MAX_BET = 5
HANDS = 10
HAND_CHOICES = (2, 4, 6, 8, 10, 12, 16, 20)


def _err(rule: str, ja: str, en: str) -> IllegalAction:
    return IllegalAction(rule, ja, en)


class LemonPoker(Game[State, A.Action]):
    name = "lemon_poker"
    version = 1
    title_ja = "レモンポーカー"
    title_en = "Lemon Poker"
    hidden_information = True

    # ----- options ---------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"hands": HANDS}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        hands = merged["hands"]
        if type(hands) is not int or hands not in HAND_CHOICES:
            raise BadOption(
                "session",
                f"手数は {', '.join(map(str, HAND_CHOICES))} のどれかです（{hands!r} は使えません）。",
                f"Hands must be one of {', '.join(map(str, HAND_CHOICES))} (not {hands!r}).",
            )
        return merged

    def num_seats(self, state: State) -> int:
        return 2

    # ----- bots -------------------------------------------------------------------
    bots = {"odds": BotKind("確率ボット", "Odds bot", lambda game: OddsBot())}

    # ----- flow ---------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        o = self.normalize_options(options)
        return State(
            hands=o["hands"], hand_no=0, dealer=0, phase=DEAL, community=(), groups=((), ()),
            shown=((False,) * 5, (False,) * 5), child_show=None, chips=(START_CHIPS, START_CHIPS),
            last=None, history=(),
        )

    def current_player(self, state: State) -> int:
        if state.phase == DEAL:
            return CHANCE
        if state.phase in (SORT, DEALER_SHOW):
            return state.dealer
        if state.phase in (CHILD_SHOW, BET):
            return state.child
        return TERMINAL

    def chance_outcomes(self, state: State) -> list[tuple[A.Action, float]]:
        if state.phase != DEAL:
            return []
        used = set(state.dealt)
        p = 1 / (52 - len(used))
        return [(d, p) for d in A.DEALS if d.card not in used]

    def max_bet(self, state: State) -> int:
        return min(MAX_BET, state.chips[state.child], state.chips[state.dealer])

    def legal_actions(self, state: State) -> list[A.Action]:
        p = state.phase
        if p == DEAL:
            used = set(state.dealt)
            return [d for d in A.DEALS if d.card not in used]
        if p == SORT:
            return [A.SORTED] + [
                A.Swap(g, i) for g in (0, 1) for i in range(4) if state.groups[g][i] // 4 == state.groups[g][i + 1] // 4
            ]
        if p == DEALER_SHOW:
            return [A.Show(g, i) for g in (0, 1) if sum(state.shown[g]) < 2 for i in range(5) if not state.shown[g][i]]
        if p == CHILD_SHOW:
            return [A.Show(g, i) for g in (0, 1) for i in range(5) if not state.shown[g][i]]
        if p == BET:
            return [A.Bet(g, k) for g in (0, 1) for k in range(1, self.max_bet(state) + 1)]
        return []

    def check(self, state: State, action: A.Action) -> None:
        p = state.phase
        if not isinstance(action, (A.Deal, A.Swap, A.Sorted, A.Show, A.Bet)):
            raise _err("actions", f"レモンポーカーの行動ではありません: {action!r}"[:200], f"Not a Lemon Poker move: {action!r}"[:200])
        if p == OVER:
            raise _err("session", "セッションは終わっています。", "The session is over.")
        if isinstance(action, A.Deal):
            if p != DEAL:
                raise _err("deal", "今はカードを配る時ではありません。", "No card is being dealt now.")
            if action.card in state.dealt:
                raise _err("deal", f"{card_text(action.card)} はもう配られています。",
                           f"{card_text(action.card)} has already been dealt.")
            return
        if p == DEAL:
            raise _err("deal", "まず配り終えます。", "The deal comes first.")
        if isinstance(action, (A.Swap, A.Sorted)):
            if p != SORT:
                raise _err("sort", "並べ替えは配った直後、公開の前だけです。",
                           "Sorting happens right after the deal, before any card is shown.")
            if isinstance(action, A.Swap):
                a, b = state.groups[action.group][action.place], state.groups[action.group][action.place + 1]
                if a // 4 != b // 4:
                    raise _err("sort", f"{card_text(a)} と {card_text(b)} は数字が違うので入れ替えられません（小さい方が左）。",
                               f"{card_text(a)} and {card_text(b)} differ in rank: they cannot change places (low on the left).")
            return
        if isinstance(action, A.Show):
            if p == DEALER_SHOW:
                if sum(state.shown[action.group]) >= 2:
                    raise _err("dealer-reveal", f"組{action.group + 1}はもう2枚表です。もう一方の組から選びます。",
                               f"Group {action.group + 1} already shows two cards: choose in the other group.")
                if state.shown[action.group][action.place]:
                    raise _err("dealer-reveal", "そのカードはもう表です。", "That card is already face up.")
                return
            if p == CHILD_SHOW:
                if state.shown[action.group][action.place]:
                    raise _err("child-reveal", "そのカードはもう表です。裏向きのカードを選びます。",
                               "That card is already face up: choose a face-down card.")
                return
            raise _err("bet" if p == BET else "sort", "今はカードを表にする時ではありません。", "No card is turned up now.")
        # Bet
        if p != BET:
            rule = "child-reveal" if p == CHILD_SHOW else "dealer-reveal" if p == DEALER_SHOW else "sort"
            raise _err(rule, "賭けるのはカードの公開の後です。", "Bets come after the cards are shown.")
        top = self.max_bet(state)
        if not 1 <= action.chips <= top:
            raise _err("bet", f"賭けられるのは 1〜{top} チップです。", f"A bet is 1 to {top} chips.")

    def next_state(self, state: State, action: A.Action) -> State:
        if isinstance(action, A.Deal):
            n = len(state.dealt)
            if n < 2:
                return _replace(state, community=state.community + (action.card,))
            g = 0 if n < 7 else 1
            groups = list(state.groups)
            groups[g] = groups[g] + (action.card,)
            if n == 11:  # the last card: the dealer's groups are sorted (equal ranks by suit, changeable)
                return _replace(state, groups=(tuple(sorted(groups[0])), tuple(sorted(groups[1]))), phase=SORT)
            return _replace(state, groups=(groups[0], groups[1]))
        if isinstance(action, A.Swap):
            g, i = action.group, action.place
            cards = list(state.groups[g])
            cards[i], cards[i + 1] = cards[i + 1], cards[i]
            groups = list(state.groups)
            groups[g] = tuple(cards)
            return _replace(state, groups=(groups[0], groups[1]))
        if isinstance(action, A.Sorted):
            return _replace(state, phase=DEALER_SHOW)
        if isinstance(action, A.Show):
            shown = [list(s) for s in state.shown]
            shown[action.group][action.place] = True
            shown_t = (tuple(shown[0]), tuple(shown[1]))
            if state.phase == DEALER_SHOW:
                done = sum(shown_t[0]) == 2 and sum(shown_t[1]) == 2
                return _replace(state, shown=shown_t, phase=CHILD_SHOW if done else DEALER_SHOW)
            return _replace(state, shown=shown_t, child_show=(action.group, action.place), phase=BET)
        return self._showdown(state, action)

    def _showdown(self, state: State, bet: A.Bet) -> State:
        scores = tuple(evaluate_one(state.community + g) for g in state.groups)
        winner = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else -1
        gain = 0 if winner < 0 else bet.chips if winner == bet.group else -bet.chips
        chips = list(state.chips)
        chips[state.child] += gain
        chips[state.dealer] -= gain
        result = HandResult(state.dealer, state.community, state.groups, (scores[0], scores[1]), winner,
                            bet.group, bet.chips, gain)
        hand_no = state.hand_no + 1
        over = hand_no >= state.hands or min(chips) == 0
        return State(
            hands=state.hands, hand_no=hand_no, dealer=1 - state.dealer, phase=OVER if over else DEAL,
            community=(), groups=((), ()), shown=((False,) * 5, (False,) * 5), child_show=None,
            chips=(chips[0], chips[1]), last=result, history=state.history + (result,),
        )

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        c = state.chips
        winners = (0, 1) if c[0] == c[1] else ((0,) if c[0] > c[1] else (1,))
        early = state.hand_no < state.hands
        if len(winners) == 2:
            ja, en = f"引き分け（{c[0]} 対 {c[1]} チップ）", f"A draw ({c[0]} to {c[1]} chips)"
        else:
            w = winners[0]
            ja = f"席{w + 1}の勝ち（{c[w]} 対 {c[1 - w]} チップ）"
            en = f"Seat {w + 1} wins ({c[w]} to {c[1 - w]} chips)"
        if early:
            ja += "。チップが尽きて終了"
            en += "; a player ran out of chips"
        return Outcome(scores=c, winners=winners, reason="session", summary_ja=ja, summary_en=en,
                       detail=(("hands", state.hand_no),))

    def parse_action(self, text: str) -> A.Action:
        return A.parse(text)

    def reveals(self, state: State, action: A.Action) -> bool:
        return isinstance(action, (A.Show, A.Bet))

    # ----- information -------------------------------------------------------------
    def observe(self, state: State, seat: int) -> LemonPokerObservation:
        dealer_view = seat == state.dealer
        groups = []
        for g in (0, 1):
            cards = state.groups[g]
            groups.append([
                card_text(c) if (dealer_view or state.shown[g][i]) else None for i, c in enumerate(cards)
            ])
        history = [_result_dict(r) for r in state.history]
        return LemonPokerObservation(
            game=self.name,
            you=seat,
            phase=PHASE_NAMES[state.phase],
            hands=state.hands,
            hand_no=state.hand_no,
            dealer=state.dealer,
            child=state.child,
            chips=list(state.chips),
            max_bet=self.max_bet(state),
            community=[card_text(c) for c in state.community],
            dealt=[len(state.groups[0]), len(state.groups[1])],
            groups=groups,
            shown=[list(s) for s in state.shown],
            child_show=list(state.child_show) if state.child_show else None,
            last=history[-1] if history else None,
            history=history,
        )

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        """Deal what ``seat`` has not seen, uniformly among deals that fit the face-up cards' places."""
        o = observation
        history = tuple(_result_from_dict(r) for r in o["history"])
        community = tuple(parse_card(c) for c in o["community"])
        groups = [[None if c is None else parse_card(c) for c in g] for g in o["groups"]]
        phase = Phase(PHASE_NAMES.index(o["phase"]))
        hidden = any(c is None for g in groups for c in g)
        if hidden and all(sum(c is not None for c in g) >= 2 for g in groups):
            # every face-down set that fits, weighted by the sets of the other group it can go with
            pos = Position(community, (tuple(groups[0]), tuple(groups[1])))
            a, b = group_sets(pos, 0), group_sets(pos, 1)
            ca, _ = pair_counts(a, b)
            weight = ca.sum(1).astype(float)
            ia = int(rng.choice(len(weight), p=weight / weight.sum()))
            seta = set(a.cards[:, ia].tolist())
            ok = [j for j in range(b.cards.shape[1]) if not seta & set(b.cards[:, j].tolist())]
            ib = ok[int(rng.integers(len(ok)))]
            for g, sets, idx in ((0, a, ia), (1, b, ib)):
                for slot, c in zip(sets.slots, sets.cards[:, idx].tolist()):
                    groups[g][slot] = c
        elif hidden:
            # few cards face up: deal the rest at random until both groups fit (rejection: uniform)
            used = set(community) | {c for g in groups for c in g if c is not None}
            rest = np.array([c for c in range(52) if c not in used])
            while True:
                draw = rng.permutation(rest).tolist()
                filled = [[c if c is not None else draw.pop() for c in g] for g in groups]
                if phase == DEAL or all(_fits(g, f) for g, f in zip(groups, filled)):
                    break
            groups = [_arrange(g, f) if phase != DEAL else f for g, f in zip(groups, filled)]
        return State(
            hands=o["hands"], hand_no=o["hand_no"], dealer=o["dealer"], phase=phase, community=community,
            groups=(tuple(groups[0]), tuple(groups[1])),
            shown=(tuple(o["shown"][0]), tuple(o["shown"][1])),
            child_show=tuple(o["child_show"]) if o["child_show"] else None,
            chips=(o["chips"][0], o["chips"][1]), last=history[-1] if history else None,
            history=history,
        )


def _fits(public, filled) -> bool:
    """The filled group sorted by rank has each face-up card's rank at its place."""
    ranks = sorted(c // 4 for c in filled)
    return all(ranks[i] == c // 4 for i, c in enumerate(public) if c is not None)


def _arrange(public, filled) -> list[int]:
    """Face-up cards at their places, the others sorted into the free places."""
    rest = sorted(c for c, p in zip(filled, public) if p is None)
    return [p if p is not None else rest.pop(0) for p in public]


def _result_dict(r: HandResult) -> HandSeen:
    return HandSeen(
        dealer=r.dealer,
        community=[card_text(c) for c in r.community],
        groups=[[card_text(c) for c in g] for g in r.groups],
        scores=list(r.scores),
        winner=r.winner,
        bet=[r.bet_group, r.bet_chips],
        child_gain=r.child_gain,
    )


def _result_from_dict(d: Mapping[str, Any]) -> HandResult:
    return HandResult(
        d["dealer"], tuple(parse_card(c) for c in d["community"]),
        (tuple(parse_card(c) for c in d["groups"][0]), tuple(parse_card(c) for c in d["groups"][1])),
        (d["scores"][0], d["scores"][1]), d["winner"], d["bet"][0], d["bet"][1], d["child_gain"],
    )


def _replace(state: State, **kw) -> State:
    from dataclasses import replace

    return replace(state, **kw)


