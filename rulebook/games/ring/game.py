"""The engine of 指輪を落とさないで (Don't Drop the Ring), 3–5 seats.

Flow of a round (``phase``):

``deal``     chance, one card at a time: six to each seat (seat 1 first);
             with 3 or 4 seats the cards left over stay face down in the centre.
``roll``     chance: the round's parent rolls players + 1 dice, one at a time.
``draft``    from the parent's left, clockwise, each seat takes one die
             (``Take``: by its pips); the last die stays in the centre and
             sets the rank order.
``discard``  each seat lays one card face down (asked in draft order; at the
             table it is done at the same time and nobody sees it).
``play``     five tricks, clockwise from the leader (the parent first).
             A leader holding only Coins slides the ring one step down and
             the next seat leads (automatic, recorded in ``penalties``).
             Each trick's winners move their dice; the next leader follows DR-2.
then the rings move (More jewel / Too heavy: by the pips; Just: stay, or +1
with the optional rule), and a ring below 1 ends the game; otherwise the
parent passes to the right and everything is dealt again.

The state (``state.State``) is a ``NamedTuple`` of ints and tuples —
immutable, hashable, equal by value, read by field name — so the hot path
(``legal_actions``/``next_state``, run by search playouts) builds one tuple
per move.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.errors import BadOption, IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, BotKind, Game, Outcome

from . import bots as ring_bots
from . import observe, sample
from .actions import DEAL, DISCARD, PLAY, ROLL, TAKE, Action, Deal, Discard, Play, Roll, Take, parse
from .observation import RingObservation
from .cards import ADJUST, COIN, JUST, MORE, SUIT, SUIT_NAMES, SUITS, deck, next_leader_index, winners_of
from .state import (
    DEAL_PHASE,
    DISCARD_PHASE,
    DRAFT,
    HAND,
    MAX_SEATS,
    MIN_SEATS,
    NO_CARD,
    OVER,
    PHASES,
    PLAY_PHASE,
    ROLL_PHASE,
    TOP,
    TRICKS,
    Penalty,
    Phase,
    RoundSummary,
    State,
    Trick,
    card_text,
    final_outcome,
    playable,
    seat_name,
)

ROLLS = [(ROLL[p], 1 / 6) for p in range(1, 7)]
ROLL_ACTIONS = [ROLL[p] for p in range(1, 7)]


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("1", "0", "true", "false", "on", "off", "yes", "no"):
        return value.strip().lower() in ("1", "true", "on", "yes")
    return None


class Ring(Game[State, Action]):
    name = "ring"
    version = 1
    title_ja = "指輪を落とさないで"
    title_en = "Don't Drop the Ring"
    hidden_information = True

    # ----- options -----------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"players": 4, "just_bonus": False}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        players = merged["players"]
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players.strip())
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_SEATS <= players <= MAX_SEATS:
            raise BadOption("players", "人数は 3〜5 人です。", "This game is for 3 to 5 players.")
        bonus = _flag(merged["just_bonus"])
        if bonus is None:
            raise BadOption(
                "optional-just",
                "選択ルールの設定は on か off（1 か 0）で指定してください。",
                "The optional rule is on or off (1 or 0).",
            )
        return {"players": players, "just_bonus": bonus}

    def num_seats(self, state: State) -> int:
        return len(state.rings)

    # ----- bots ---------------------------------------------------------------------------------
    bots = {
        "rules": BotKind("定石ボット", "Rule-based bot", lambda game: ring_bots.RulesBot()),
        "search": BotKind("読みボット（探索）", "Search bot", lambda game: ring_bots.search_bot(game)),
    }

    # ----- set-up ---------------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(options)
        return self._new_round((TOP,) * opts["players"], opts["just_bonus"], 1, 0, None)

    # ----- whose move -------------------------------------------------------------------------------
    def current_player(self, state: State) -> int:
        phase = state.phase
        if phase >= DRAFT:
            return state.turn if phase != OVER else TERMINAL
        return CHANCE

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        phase = state.phase
        if phase == DEAL_PHASE:
            stock = state.stock
            p = 1 / len(stock)
            return [(DEAL[c], p) for c in stock]
        if phase == ROLL_PHASE:
            return list(ROLLS)
        return []

    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == PLAY_PHASE:
            return [PLAY[c] for c in playable(state.hands[state.turn], state.trick)]
        if phase == DISCARD_PHASE:
            return [DISCARD[c] for c in state.hands[state.turn]]
        if phase == DRAFT:
            return [TAKE[p] for p in sorted(set(state.pool))]
        if phase == DEAL_PHASE:
            return [DEAL[c] for c in state.stock]
        if phase == ROLL_PHASE:
            return list(ROLL_ACTIONS)
        return []

    # ----- validation -------------------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        phase = state.phase
        kind = type(action)
        if phase == OVER:
            raise IllegalAction("game-end", "ゲームは終わっています。", "The game is over.")
        if phase == DEAL_PHASE:
            if kind is Deal and action.card in state.stock:
                return
            raise IllegalAction(
                "chance",
                f"いまはカードを配る場面です。「{action}」は配られうるカードではありません。",
                f"The cards are being dealt; '{action}' is not a card that can come next.",
            )
        if phase == ROLL_PHASE:
            if kind is Roll and type(action.pips) is int and 1 <= action.pips <= 6:
                return
            raise IllegalAction(
                "chance",
                f"いまは親がダイスを振る場面です。「{action}」はできません。",
                f"The parent is rolling the dice; '{action}' is not possible now.",
            )
        seat = state.turn
        if phase == DRAFT:
            if kind is not Take:
                raise self._wrong_phase(state, action)
            if action.pips not in state.pool:
                left = "・".join(str(p) for p in state.pool)
                raise IllegalAction(
                    "draft",
                    f"中央に {action.pips} の目のダイスは残っていません（残り: {left}）。ダイスの目は変えずに取ります。",
                    f"No die showing {action.pips} is left in the centre (left: {', '.join(map(str, state.pool))}). Dice are taken as they lie.",
                )
            return
        hand = state.hands[seat]
        if phase == DISCARD_PHASE:
            if kind is not Discard:
                raise self._wrong_phase(state, action)
            if action.card not in hand:
                raise IllegalAction(
                    "discard",
                    f"「{card_text(action.card, 'ja')}」は手札にありません。捨て札は自分の手札から 1 枚です。",
                    f"{card_text(action.card, 'en')} is not in your hand. You discard one card of your own hand.",
                )
            return
        if kind is not Play:
            raise self._wrong_phase(state, action)
        card = action.card
        if card not in hand:
            raise IllegalAction(
                "trick",
                f"「{card_text(card, 'ja')}」は手札にありません。",
                f"{card_text(card, 'en')} is not in your hand.",
            )
        trick = state.trick
        if not trick:
            if SUIT[card] == COIN:
                raise IllegalAction(
                    "coin",
                    "1 番手はコインを出せません。コイン以外のカードを出してください。",
                    "The leader may not lead a Coin. Lead any card that is not a Coin.",
                )
            return
        led = SUIT[trick[0]]
        if SUIT[card] != led and SUIT[card] != COIN and any(SUIT[c] == led for c in hand):
            ja, en = SUIT_NAMES[SUITS[led]]
            raise IllegalAction(
                "follow",
                f"1 番手は{ja}です。{ja}を持っているので、{ja}（またはコイン）を出さなければいけません。",
                f"{en} was led and you hold {en}: you must follow with {en} (or play a Coin).",
            )

    def _wrong_phase(self, state: State, action: Any) -> IllegalAction:
        rule, ja, en = {
            DRAFT: ("draft", "ダイスを取る", "taking dice"),
            DISCARD_PHASE: ("discard", "捨て札を 1 枚選ぶ", "choosing a card to discard"),
            PLAY_PHASE: ("trick", "トリックにカードを出す", "playing to the trick"),
        }[state.phase]
        return IllegalAction(rule, f"いまは「{ja}」場面です。「{action}」はできません。", f"Now is {en}; '{action}' is not possible.")

    # ----- moving on ------------------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        kind = type(action)
        if kind is Play:
            return self._play(state, action.card)
        if kind is Deal:
            return self._deal(state, action.card)
        if kind is Roll:
            return self._roll(state, action.pips)
        if kind is Take:
            return self._take(state, action.pips)
        return self._discard(state, action.card)

    def _deal(self, s: State, card: int) -> State:
        n = len(s.rings)
        hands = s.hands
        dealt = sum(len(h) for h in hands)
        seat = dealt // HAND
        hands = _set(hands, seat, tuple(sorted(hands[seat] + (card,))))
        stock = _without(s.stock, card)
        if dealt + 1 < n * HAND:
            return s._replace(hands=hands, stock=stock)
        return s._replace(phase=ROLL_PHASE, hands=hands, stock=(), leftover=stock)

    def _roll(self, s: State, pips: int) -> State:
        n = len(s.rings)
        pool = tuple(sorted(s.pool + (pips,)))
        if len(pool) <= n:
            return s._replace(pool=pool)
        return s._replace(pool=pool, phase=DRAFT, turn=(s.parent + 1) % n)

    def _take(self, s: State, pips: int) -> State:
        n = len(s.rings)
        seat = s.turn
        pool = _without(s.pool, pips)
        areas = _set(s.areas, seat, MORE)
        dice = _set(s.pips, seat, pips)
        if len(pool) > 1:
            return s._replace(pool=pool, areas=areas, pips=dice, turn=(seat + 1) % n)
        return s._replace(pool=(), centre=pool[0], areas=areas, pips=dice, phase=DISCARD_PHASE, turn=(s.parent + 1) % n)

    def _discard(self, s: State, card: int) -> State:
        n = len(s.rings)
        seat = s.turn
        hands = _set(s.hands, seat, _without(s.hands[seat], card))
        discards = _set(s.discards, seat, card)
        if seat != s.parent:
            return s._replace(hands=hands, discards=discards, turn=(seat + 1) % n)
        return self._start_trick(s._replace(hands=hands, discards=discards, phase=PLAY_PHASE), s.parent, s.rings, s.tricks)

    def _play(self, s: State, card: int) -> State:
        n = len(s.rings)
        seat, leader = s.turn, s.leader
        hand = s.hands[seat]
        hands = _set(s.hands, seat, _without(hand, card))
        trick = s.trick + (card,)
        if len(trick) < n:
            return s._replace(hands=hands, trick=trick, turn=(seat + 1) % n)
        # the trick is complete: winners move their dice, the right winner leads next
        won = winners_of(trick, s.centre >= 4)
        steps = len(won)
        winners = tuple(sorted((leader + k) % n for k in won))
        areas_l, pips_l = list(s.areas), list(s.pips)
        for w in winners:
            areas_l[w], pips_l[w] = ADJUST[areas_l[w], pips_l[w], steps]
        tricks = s.tricks + (Trick(leader, trick, winners),)
        s = s._replace(hands=hands, trick=(), tricks=tricks, areas=tuple(areas_l), pips=tuple(pips_l))
        if len(tricks) == TRICKS:
            return self._end_round(s)
        return self._start_trick(s, (leader + next_leader_index(trick, won)) % n, s.rings, tricks)

    def _start_trick(self, s: State, leader: int, rings: tuple[int, ...], tricks: tuple) -> State:
        """Open a trick; a would-be leader holding only Coins pays the ring penalty and passes the lead left."""
        n = len(rings)
        penalties = s.penalties
        for _ in range(n):
            if any(SUIT[c] != COIN for c in s.hands[leader]):
                break
            rings = _set(rings, leader, rings[leader] - 1)
            penalties = penalties + (Penalty(len(tricks), leader),)
            if rings[leader] < 1:
                s = s._replace(rings=rings, penalties=penalties, leader=leader, turn=leader)
                return self._finish(s, "penalty")
            leader = (leader + 1) % n
        return s._replace(rings=rings, penalties=penalties, leader=leader, turn=leader, trick=())

    def _end_round(self, s: State) -> State:
        n = len(s.rings)
        before = s.rings
        after = tuple(
            (min(TOP, r + 1) if s.just_bonus else r) if a == JUST else r - p for r, a, p in zip(before, s.areas, s.pips)
        )
        summary = RoundSummary(
            round=s.round,
            parent=s.parent,
            centre=s.centre,
            areas=s.areas,
            pips=s.pips,
            rings_before=before,
            rings_after=after,
            tricks=s.tricks,
            penalties=s.penalties,
        )
        s = s._replace(rings=after, last=summary)
        if min(after) < 1:
            return self._finish(s, "round")
        return self._new_round(after, s.just_bonus, s.round + 1, (s.parent - 1) % n, summary)

    @staticmethod
    def _new_round(rings: tuple[int, ...], just_bonus: bool, rnd: int, parent: int, last: RoundSummary | None) -> State:
        """A round about to be dealt: full stock, empty hands, no dice taken."""
        n = len(rings)
        return State(
            rings=rings,
            just_bonus=just_bonus,
            phase=DEAL_PHASE,
            round=rnd,
            parent=parent,
            turn=-1,
            hands=((),) * n,
            stock=deck(n),
            leftover=(),
            discards=(NO_CARD,) * n,
            pool=(),
            centre=0,
            areas=(MORE,) * n,
            pips=(0,) * n,
            leader=-1,
            trick=(),
            tricks=(),
            penalties=(),
            last=last,
            result=None,
        )

    def _finish(self, s: State, trigger: str) -> State:
        outcome = final_outcome(s.rings, s.pips, trigger, s.round)
        return s._replace(phase=OVER, turn=-1, result=outcome)

    # ----- views --------------------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def reveals(self, state: State, action: Action) -> bool:
        """A card played shows a hidden hand's card to everyone; taking a die or discarding face down shows nothing."""
        return isinstance(action, Play)

    def observe(self, state: State, seat: int) -> RingObservation:
        """What ``seat`` may know: its own hand and discard, and everything played face up.

        Cards of earlier tricks this round stay listed (everyone saw them);
        other hands, other discards and the face-down leftovers are only
        counted. ``SPECTATOR`` gets the public part alone.
        """
        return observe.observe(state, seat)

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        return sample.sample_state(observation, seat, rng)


__all__ = [
    "DEAL_PHASE",
    "DISCARD_PHASE",
    "DRAFT",
    "OVER",
    "PHASES",
    "PLAY_PHASE",
    "ROLL_PHASE",
    "Penalty",
    "Phase",
    "Ring",
    "RoundSummary",
    "State",
    "Trick",
    "card_text",
    "final_outcome",
    "playable",
    "seat_name",
]
