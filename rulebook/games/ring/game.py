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

The state is a ``NamedTuple`` of ints and tuples — immutable, hashable,
equal by value — so the hot path (``legal_actions``/``next_state``, run by
search playouts) builds one tuple per move.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from rulebook.core.errors import BadOption, IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, Game, Outcome

from .actions import DEAL, DISCARD, PLAY, ROLL, TAKE, Action, Deal, Discard, Play, Roll, Take, parse
from .cards import (
    ADJUST,
    CARD_NAMES,
    COIN,
    JUST,
    MORE,
    SUIT,
    SUIT_NAMES,
    SUITS,
    deck,
    next_leader_index,
    winners_of,
)

DEAL_PHASE, ROLL_PHASE, DRAFT, DISCARD_PHASE, PLAY_PHASE, OVER = range(6)
PHASES = ("deal", "roll", "draft", "discard", "play", "over")
HAND = 6
TRICKS = 5
TOP = 9
"""The ring starts on mark 9 of the hand card; below 1 it has fallen off."""
MIN_SEATS, MAX_SEATS = 3, 5
NO_CARD = -1
ROLLS = [(ROLL[p], 1 / 6) for p in range(1, 7)]
ROLL_ACTIONS = [ROLL[p] for p in range(1, 7)]

Trick = tuple[int, tuple[int, ...], tuple[int, ...]]
"""A finished trick: (leader seat, cards in play order, winning seats sorted)."""


class State(NamedTuple):
    """The whole table (see the module docstring for the phases).

    ``hands`` are sorted card ids; ``stock`` the cards still to be dealt;
    ``leftover`` the face-down cards nobody holds (3–4 seats); ``discards``
    each seat's face-down card of this round (``-1`` before it is laid);
    ``pool`` the rolled dice not taken yet (sorted pips); ``centre`` the die
    left in the centre (0 before the draft ends); ``areas``/``pips`` each
    seat's die (area ``MORE``/``JUST``/``HEAVY``; pips 0 = no die yet);
    ``trick`` the cards of the trick in play, from ``leader`` clockwise;
    ``tricks`` the finished tricks of this round; ``penalties``
    ``(trick index, seat)`` for each Coin-only leader; ``last`` the summary of
    the last finished round (``round, parent, centre, areas, pips,
    rings_before, rings_after, tricks, penalties``).
    """

    rings: tuple[int, ...]
    just_bonus: bool
    phase: int
    round: int
    parent: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    leftover: tuple[int, ...]
    discards: tuple[int, ...]
    pool: tuple[int, ...]
    centre: int
    areas: tuple[int, ...]
    pips: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    penalties: tuple[tuple[int, int], ...]
    last: tuple | None
    result: Outcome | None


def playable(hand: tuple[int, ...], trick: tuple[int, ...]) -> list[int]:
    """The cards of ``hand`` that may go to ``trick`` (the lead and follow rules).

    Leading: anything but a Coin. Following: a card of the led suit or a
    Coin if you hold the led suit; anything if you do not.
    """
    if not trick:
        return [c for c in hand if SUIT[c] != COIN]
    led = SUIT[trick[0]]
    for c in hand:
        if SUIT[c] == led:
            return [c for c in hand if SUIT[c] == led or SUIT[c] == COIN]
    return list(hand)


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _set(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


def seat_name(seat: int, lang: str) -> str:
    return f"席 {seat + 1}" if lang == "ja" else f"Seat {seat + 1}"


def card_text(card: int | str, lang: str) -> str:
    """``"ruby-5"`` → ``"ルビー 5"`` / ``"Ruby 5"``."""
    name = CARD_NAMES[card] if isinstance(card, int) else card
    suit, rank = name.split("-")
    ja, en = SUIT_NAMES[suit]
    return f"{ja if lang == 'ja' else en} {rank}"


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
    def bot_kinds(self) -> dict[str, tuple[str, str]]:
        return {
            "rules": ("定石ボット", "Rule-based bot"),
            "search": ("読みボット（探索）", "Search bot"),
            **super().bot_kinds(),
        }

    def make_bot(self, kind: str) -> Any:
        if kind == "search":
            from .bots import search_bot

            return search_bot(self)
        if kind == "rules":
            from .bots import RulesBot

            return RulesBot()
        return super().make_bot(kind)

    # ----- set-up ---------------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(options)
        n = opts["players"]
        return State(
            rings=(TOP,) * n,
            just_bonus=opts["just_bonus"],
            phase=DEAL_PHASE,
            round=1,
            parent=0,
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
            last=None,
            result=None,
        )

    # ----- whose move -------------------------------------------------------------------------------
    def current_player(self, state: State) -> int:
        phase = state[2]
        if phase >= DRAFT:
            return state[5] if phase != OVER else TERMINAL
        return CHANCE

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        phase = state[2]
        if phase == DEAL_PHASE:
            stock = state[7]
            p = 1 / len(stock)
            return [(DEAL[c], p) for c in stock]
        if phase == ROLL_PHASE:
            return list(ROLLS)
        return []

    def legal_actions(self, state: State) -> list[Action]:
        phase = state[2]
        if phase == PLAY_PHASE:
            return [PLAY[c] for c in playable(state[6][state[5]], state[15])]
        if phase == DISCARD_PHASE:
            return [DISCARD[c] for c in state[6][state[5]]]
        if phase == DRAFT:
            return [TAKE[p] for p in sorted(set(state[10]))]
        if phase == DEAL_PHASE:
            return [DEAL[c] for c in state[7]]
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
            return State(s.rings, s.just_bonus, DEAL_PHASE, s.round, s.parent, -1, hands, stock, (), s.discards, (), 0,
                         s.areas, s.pips, -1, (), (), (), s.last, None)
        return State(s.rings, s.just_bonus, ROLL_PHASE, s.round, s.parent, -1, hands, (), stock, s.discards, (), 0,
                     s.areas, s.pips, -1, (), (), (), s.last, None)

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
        rings, just_bonus, phase, rnd, parent, seat, hands, stock, leftover, discards, pool, centre, areas, pips, leader, trick, tricks, penalties, last, result = s
        n = len(rings)
        hand = hands[seat]
        i = hand.index(card)
        hands = hands[:seat] + (hand[:i] + hand[i + 1 :],) + hands[seat + 1 :]
        trick = trick + (card,)
        if len(trick) < n:
            return State(rings, just_bonus, phase, rnd, parent, (seat + 1) % n, hands, stock, leftover, discards, pool, centre,
                         areas, pips, leader, trick, tricks, penalties, last, result)
        # the trick is complete: winners move their dice, the right winner leads next
        won = winners_of(trick, centre >= 4)
        steps = len(won)
        winners = tuple(sorted((leader + k) % n for k in won))
        areas_l, pips_l = list(areas), list(pips)
        for w in winners:
            areas_l[w], pips_l[w] = ADJUST[areas_l[w], pips_l[w], steps]
        areas, pips = tuple(areas_l), tuple(pips_l)
        tricks = tricks + ((leader, trick, winners),)
        s = State(rings, just_bonus, phase, rnd, parent, seat, hands, stock, leftover, discards, pool, centre,
                  areas, pips, leader, (), tricks, penalties, last, result)
        if len(tricks) == TRICKS:
            return self._end_round(s)
        return self._start_trick(s, (leader + next_leader_index(trick, won)) % n, rings, tricks)

    def _start_trick(self, s: State, leader: int, rings: tuple[int, ...], tricks: tuple) -> State:
        """Open a trick; a would-be leader holding only Coins pays the ring penalty and passes the lead left."""
        n = len(rings)
        penalties = s.penalties
        for _ in range(n):
            if any(SUIT[c] != COIN for c in s.hands[leader]):
                break
            rings = _set(rings, leader, rings[leader] - 1)
            penalties = penalties + ((len(tricks), leader),)
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
        summary = (s.round, s.parent, s.centre, s.areas, s.pips, before, after, s.tricks, s.penalties)
        s = s._replace(rings=after, last=summary)
        if min(after) < 1:
            return self._finish(s, "round")
        return State(after, s.just_bonus, DEAL_PHASE, s.round + 1, (s.parent - 1) % n, -1, ((),) * n, deck(n), (),
                     (NO_CARD,) * n, (), 0, (MORE,) * n, (0,) * n, -1, (), (), (), summary, None)

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

    def observe(self, state: State, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: its own hand and discard, and everything played face up.

        Cards of earlier tricks this round stay listed (everyone saw them);
        other hands, other discards and the face-down leftovers are only
        counted. ``SPECTATOR`` gets the public part alone.
        """
        from .observe import observe

        return observe(state, seat)

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        from .sample import sample_state

        return sample_state(observation, seat, rng)


def final_outcome(rings: tuple[int, ...], pips: tuple[int, ...], trigger: str, rounds: int) -> Outcome:
    """Who wins once a ring has fallen: the highest ring still on the hand; ties: the smallest die; then shared."""
    n = len(rings)
    alive = [k for k in range(n) if rings[k] >= 1]
    fallen = tuple(k for k in range(n) if rings[k] < 1)
    tiebreak = False
    if not alive:
        winners: tuple[int, ...] = ()
        ja, en = "全員の指輪が落ちました。勝者はいません。", "Every ring fell: nobody wins."
    else:
        top = max(rings[k] for k in alive)
        tied = [k for k in alive if rings[k] == top]
        if len(tied) > 1:
            tiebreak = True
            low = min(pips[k] for k in tied)
            tied = [k for k in tied if pips[k] == low]
        winners = tuple(tied)
        names_ja = "・".join(seat_name(k, "ja") for k in winners)
        names_en = " and ".join(seat_name(k, "en") for k in winners)
        how_ja = f"（同点はダイスの目 {pips[winners[0]]} が最小）" if tiebreak else ""
        how_en = f" (tie broken by the smallest die, {pips[winners[0]]})" if tiebreak else ""
        if len(winners) == 1:
            ja = f"{names_ja} の勝ち — 指輪は目盛り {top}{how_ja}"
            en = f"{names_en} wins — ring on mark {top}{how_en}"
        else:
            ja = f"{names_ja} の同率勝利 — 指輪は目盛り {top}、ダイスも同じ目"
            en = f"{names_en} share the win — rings on mark {top}, dice alike"
    lead_ja = "、".join(seat_name(k, "ja") for k in fallen)
    lead_en = ", ".join(seat_name(k, "en") for k in fallen)
    cause_ja = "コインだけのペナルティで" if trigger == "penalty" else "ラウンドの終わりに"
    cause_en = "by the Coin-only penalty" if trigger == "penalty" else "at the end of the round"
    return Outcome(
        scores=tuple(max(0, r) for r in rings),
        winners=winners,
        reason="game-end",
        summary_ja=f"{cause_ja}{lead_ja} の指輪が落ちました。{ja}",
        summary_en=f"{lead_en}'s ring fell {cause_en}. {en}",
        detail=(("trigger", trigger), ("rounds", rounds), ("fallen", fallen), ("tiebreak", tiebreak)),
    )


__all__ = [
    "DEAL_PHASE",
    "DISCARD_PHASE",
    "DRAFT",
    "OVER",
    "PHASES",
    "PLAY_PHASE",
    "ROLL_PHASE",
    "Ring",
    "State",
    "card_text",
    "final_outcome",
    "playable",
    "seat_name",
]
