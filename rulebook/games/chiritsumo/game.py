"""The Chiritsumo engine: solo 「ちりが積もるまで」 (CT-7) and 箱庭 for 2–4 (CT-8).

Flow of a round: every die of every seat is rolled (chance, one die at a
time so table mode can enter real dice), each seat arranges in seat order
(``Place`` / ``Lift`` / ``Done``), then the round is scored. Solo: a complete
pyramid trades a coloured die for a spare clear die (``Swap``); with four
clear dice one last round is played. 箱庭: 富士 wins at once; otherwise the
seats that completed perform とばっ塵 (``Toss`` / ``Pass``) in score order;
four clear dice win at once (ちりつも); then scores are banked and anyone
over 30 ends the game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, Mapping

from rulebook.core.errors import BadOption, IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, BotKind, Game, Outcome

from .actions import PILE, Action, Done, Lift, Pass, Place, Roll, Swap, Toss, parse
from .bots import SolverBot
from .observation import ChiritsumoObservation, ScoredRound, SeatSeen, TossSeen
from .geometry import COLOURED, COLOURS, SLOTS, Die, Slot
from .placement import check_slot, lift_error, placement_error, slot_name
from .scoring import Score, score

START_DICE: tuple[str, ...] = ("clear",) + ("yellow",) * 3 + ("red",) * 3 + ("blue",) * 3
SOLO_SPARES = 3
PILES: dict[int, tuple[str, ...]] = {
    2: ("clear",) * 2 + ("yellow",) * 3 + ("red",) * 3 + ("blue",) * 3,
    3: ("clear",) + ("yellow",) * 2 + ("red",) * 2 + ("blue",) * 2,
    4: (),
}
WIN_CLEAR = 4
WIN_TOTAL = 30
COLOUR_ORDER = {c: k for k, c in enumerate(COLOURS)}
RATINGS: tuple[tuple[int, str, str, str], ...] = (
    (41, "fuji", "富士山", "Mount Fuji"),
    (36, "great", "大山", "Great Mountain"),
    (31, "mountain", "山", "Mountain"),
    (21, "hill", "丘", "Hill"),
    (15, "dust", "塵の山", "Dust Heap"),
)
COLOUR_NAMES = {
    "clear": ("透明", "clear"),
    "yellow": ("黄", "yellow"),
    "red": ("赤", "red"),
    "blue": ("青", "blue"),
}
NO_PLACE = -1


class Phase(enum.StrEnum):
    """Where a round stands. A ``str`` enum: it compares, hashes and writes as its text ("roll", ...)."""

    ROLL = "roll"
    """Chance: the dice of every seat are rolled, one at a time."""
    ARRANGE = "arrange"
    """The seat ``turn`` places and lifts dice, then says done."""
    SWAP = "swap"
    """Solo, after a complete pyramid: trade a coloured die for a spare clear one."""
    TOSS = "toss"
    """箱庭 とばっ塵: the seat ``turn`` swaps a die or passes."""
    OVER = "over"


def sort_dice(dice: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Dice are kept in one canonical order so die indices are stable and states compare equal."""
    return tuple(sorted(dice, key=COLOUR_ORDER.__getitem__))


@dataclass(frozen=True)
class Seat:
    """One player's dice and scores.

    ``pips[k]`` is this round's face of die ``k`` (0 = not rolled yet);
    ``placed[s]`` is the die on slot ``SLOTS[s]`` or ``NO_PLACE``.
    """

    dice: tuple[str, ...]
    pips: tuple[int, ...]
    placed: tuple[int, ...]
    total: int = 0
    history: tuple[int, ...] = ()
    done: bool = False

    def pyramid(self) -> dict[Slot, Die]:
        return {SLOTS[s]: Die(self.dice[d], self.pips[d]) for s, d in enumerate(self.placed) if d != NO_PLACE}

    def pips_at(self) -> dict[Slot, int]:
        return {SLOTS[s]: self.pips[d] for s, d in enumerate(self.placed) if d != NO_PLACE}

    def unplaced(self) -> tuple[int, ...]:
        used = set(self.placed)
        return tuple(d for d in range(len(self.dice)) if d not in used)

    def clear_count(self) -> int:
        return self.dice.count("clear")

    def fresh_round(self) -> "Seat":
        return replace(self, pips=(0,) * len(self.dice), placed=(NO_PLACE,) * len(SLOTS), done=False)


@dataclass(frozen=True)
class State:
    """The whole table. ``pile``: the dust pile (箱庭) or the spare clear dice (solo).

    ``last_pyramids`` / ``last_scores`` keep the arrangements and scores of
    the most recently scored round (``scored_round``): the seats' own slots
    are cleared at scoring, because とばっ塵 changes which dice they hold.
    """

    mode: str
    seats: tuple[Seat, ...]
    pile: tuple[str, ...]
    round: int = 1
    phase: Phase = Phase.ROLL
    turn: int = 0
    last_scores: tuple[int, ...] = ()
    last_pyramids: tuple[tuple[Die | None, ...], ...] = ()
    scored_round: int = 0
    toss_order: tuple[int, ...] = ()
    toss_pos: int = 0
    last_tosser: int = -1
    last_round: bool = False
    result: Outcome | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "phase", Phase(self.phase))  # a state built with the text "arrange" holds Phase.ARRANGE


def _seat_key(state: State, seat: int) -> tuple:
    """とばっ塵 order (CT-8): higher round score, more clear dice, higher clear die, seat order."""
    built = state.last_pyramids[seat]
    clear_rows = [SLOTS[k][0] for k, die in enumerate(built) if die and die[0] == "clear"]
    return (-state.last_scores[seat], -len(clear_rows), -max(clear_rows, default=-1), seat)


def rating(total: int) -> tuple[str, str, str] | None:
    """Solo title for a final total (CT-7): key, JA, EN; ``None`` below 15."""
    for floor, key, ja, en in RATINGS:
        if total >= floor:
            return key, ja, en
    return None


class Chiritsumo(Game[State, Action]):
    name = "chiritsumo"
    version = 1
    title_ja = "ちりつも"
    title_en = "Chiritsumo"

    # ----- options -------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"mode": "solo", "players": 1}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        if (options or {}).get("mode") == "hakoniwa" and "players" not in (options or {}):
            merged["players"] = 2
        mode, players = merged["mode"], merged["players"]
        if mode not in ("solo", "hakoniwa"):
            raise BadOption(
                "modes",
                f"「{mode}」という遊び方はありません（solo か hakoniwa）。「競合」は原典に説明がないため遊べません。",
                f"There is no mode '{mode}' (solo or hakoniwa). 'Kyōgō' is not described by the source.",
            )
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption("modes", "人数は整数で指定してください。", "The number of players must be a whole number.")
        if mode == "solo" and players != 1:
            raise BadOption("solo", "ソロは 1 人で遊びます。", "Solo is played by one player.")
        if mode == "hakoniwa" and not 2 <= players <= 4:
            raise BadOption("hako-setup", "箱庭は 2〜4 人で遊びます。", "Hakoniwa is played by 2 to 4 players.")
        return merged

    def num_seats(self, state: State) -> int:
        return len(state.seats)

    bots = {"solver": BotKind("最善手ボット", "Best-play bot", lambda game: SolverBot())}

    # ----- set-up --------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(options)
        n = opts["players"]
        seat = Seat(dice=sort_dice(START_DICE), pips=(0,) * len(START_DICE), placed=(NO_PLACE,) * len(SLOTS))
        pile = ("clear",) * SOLO_SPARES if opts["mode"] == "solo" else sort_dice(PILES[n])
        return State(mode=opts["mode"], seats=(seat,) * n, pile=pile)

    # ----- whose move ------------------------------------------------------------
    def current_player(self, state: State) -> int:
        if state.phase == Phase.OVER:
            return TERMINAL
        if state.phase == Phase.ROLL:
            return CHANCE
        return state.turn

    def _next_roll(self, state: State) -> tuple[int, int] | None:
        for seat_index, seat in enumerate(state.seats):
            for die, pips in enumerate(seat.pips):
                if pips == 0:
                    return seat_index, die
        return None

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if state.phase != Phase.ROLL:
            return []
        seat, die = self._next_roll(state)  # type: ignore[misc]
        return [(Roll(seat, die, pips), 1 / 6) for pips in range(1, 7)]

    # ----- legal actions -----------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        if state.phase == Phase.ROLL:
            return [action for action, _ in self.chance_outcomes(state)]
        if state.phase == Phase.ARRANGE:
            return self._arrange_actions(state)
        if state.phase == Phase.SWAP:
            held = state.seats[state.turn].dice
            return [Swap(c) for c in COLOURED if c in held]
        if state.phase == Phase.TOSS:
            return self._toss_actions(state)
        return []

    def _arrange_actions(self, state: State) -> list[Action]:
        seat = state.seats[state.turn]
        pips_at = seat.pips_at()
        actions: list[Action] = []
        for die in seat.unplaced():
            for slot in SLOTS:
                if placement_error(pips_at, slot, seat.pips[die]) is None:
                    actions.append(Place(die, slot))
        for slot in SLOTS:
            if lift_error(pips_at, slot) is None:
                actions.append(Lift(slot))
        actions.append(Done())
        return actions

    def _toss_targets(self, state: State) -> list[int]:
        targets = [s for s in range(len(state.seats)) if s != state.turn and s != state.last_tosser]
        if state.pile:
            targets.append(PILE)
        return targets

    def _held(self, state: State, who: int) -> tuple[str, ...]:
        return state.pile if who == PILE else state.seats[who].dice

    def _toss_actions(self, state: State) -> list[Action]:
        mine = [c for c in COLOURS if c in state.seats[state.turn].dice]
        actions: list[Action] = []
        for target in self._toss_targets(state):
            theirs = [c for c in COLOURS if c in self._held(state, target)]
            actions += [Toss(give, target, take) for give in mine for take in theirs if give != take]
        actions.append(Pass())
        return actions

    # ----- validation ------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        if state.phase == Phase.OVER:
            rule = "solo-end" if state.mode == "solo" else "hako-end"
            raise IllegalAction(rule, "ゲームは終わっています。", "The game is over.")
        if state.phase == Phase.ROLL:
            if not isinstance(action, Roll):
                raise self._wrong_phase(state, action)
            if not all(type(x) is int for x in (action.seat, action.die, action.pips)):
                raise IllegalAction("chance", "ダイスの目は整数で表します。", "A roll is given by whole numbers.")
            self.check_chance(state, action)
            return
        if isinstance(action, (Place, Lift, Done)):
            if state.phase != Phase.ARRANGE:
                raise self._wrong_phase(state, action)
            self._check_arrange(state, action)
        elif isinstance(action, Swap):
            if state.phase != Phase.SWAP:
                raise self._wrong_phase(state, action)
            if action.colour not in COLOURED or action.colour not in state.seats[state.turn].dice:
                raise IllegalAction(
                    "solo-swap",
                    f"透明にできるのは手元の色つきダイスだけです（{COLOUR_NAMES.get(action.colour, (action.colour,))[0]}のダイスはありません）。",
                    f"Only a coloured die you hold can become clear (you hold no {action.colour} die).",
                )
        elif isinstance(action, (Toss, Pass)):
            if state.phase != Phase.TOSS:
                raise self._wrong_phase(state, action)
            if isinstance(action, Toss):
                self._check_toss(state, action)
        else:
            raise self._wrong_phase(state, action)

    def _flow_rule(self, state: State) -> str:
        return {"solo": "solo-round", "hakoniwa": "hako-round"}[state.mode]

    def _wrong_phase(self, state: State, action: Any) -> IllegalAction:
        phase_ja = {
            Phase.ROLL: "ダイスを振る",
            Phase.ARRANGE: "ダイスを積む",
            Phase.SWAP: "透明ダイスと交換する",
            Phase.TOSS: "とばっ塵をする",
        }[state.phase]
        phase_en = {
            Phase.ROLL: "rolling the dice",
            Phase.ARRANGE: "arranging the dice",
            Phase.SWAP: "trading a die for a clear one",
            Phase.TOSS: "the とばっ塵 swaps",
        }[state.phase]
        rule = "solo-swap" if state.phase == Phase.SWAP else "hako-toss" if state.phase == Phase.TOSS else self._flow_rule(state)
        return IllegalAction(
            rule,
            f"いまは「{phase_ja}」場面です。「{action}」はできません。",
            f"Now is {phase_en}; '{action}' is not possible.",
        )

    def _check_arrange(self, state: State, action: Action) -> None:
        seat = state.seats[state.turn]
        if isinstance(action, Done):
            return
        if isinstance(action, Lift):
            slot = check_slot(action.slot)
            error = lift_error(seat.pips_at(), slot)
            if error:
                raise error
            return
        if not isinstance(action, Place):
            raise self._wrong_phase(state, action)
        if isinstance(action.die, bool) or not isinstance(action.die, int) or not 0 <= action.die < len(seat.dice):
            raise IllegalAction(
                "components",
                f"ダイス {action.die} はありません（0〜{len(seat.dice) - 1}）。",
                f"There is no die {action.die} (0-{len(seat.dice) - 1}).",
            )
        slot = check_slot(action.slot)
        if action.die in seat.placed:
            where = slot_name(SLOTS[seat.placed.index(action.die)])
            raise IllegalAction(
                "place-base",
                f"そのダイスはもうマス {where} に積んであります。",
                f"That die is already on slot {where}.",
            )
        error = placement_error(seat.pips_at(), slot, seat.pips[action.die])
        if error:
            raise error

    def _check_toss(self, state: State, action: Toss) -> None:
        mine = state.seats[state.turn].dice
        if (
            action.give not in COLOURS
            or action.take not in COLOURS
            or isinstance(action.target, bool)
            or not isinstance(action.target, int)
        ):
            raise IllegalAction(
                "hako-toss",
                "交換は「渡す色・相手・もらう色」を選んでください。",
                "A swap needs a colour to give, a player (or the pile) and a colour to take.",
            )
        if action.target == state.turn:
            raise IllegalAction("hako-toss", "自分自身とは交換できません。", "You cannot swap with yourself.")
        if action.target != PILE and not (0 <= action.target < len(state.seats)):
            raise IllegalAction(
                "hako-toss",
                f"席 {action.target + 1} はありません。",
                f"There is no seat {action.target + 1}.",
            )
        if action.target == PILE and not state.pile:
            raise IllegalAction("hako-pile", "塵の山はありません（4 人プレイ）。", "There is no dust pile (4 players).")
        if action.target != PILE and action.target == state.last_tosser:
            raise IllegalAction(
                "hako-toss-limit",
                f"直前にとばっ塵をした席 {action.target + 1} とは交換できません。",
                f"You may not swap with seat {action.target + 1}, who swapped just before you.",
            )
        if action.give not in mine:
            raise IllegalAction(
                "hako-toss",
                f"あなたは{COLOUR_NAMES.get(action.give, (action.give,))[0]}のダイスを持っていません。",
                f"You hold no {action.give} die.",
            )
        if action.take not in self._held(state, action.target):
            who_ja = "塵の山" if action.target == PILE else f"席 {action.target + 1}"
            who_en = "The dust pile" if action.target == PILE else f"Seat {action.target + 1}"
            raise IllegalAction(
                "hako-toss",
                f"{who_ja}には{COLOUR_NAMES.get(action.take, (action.take,))[0]}のダイスがありません。",
                f"{who_en} holds no {action.take} die.",
            )
        if action.give == action.take:
            raise IllegalAction(
                "hako-toss",
                "同じ色どうしの交換は何も変わりません。交換しないなら「パス」を選んでください。",
                "Swapping a colour for the same colour changes nothing; choose 'pass' instead.",
            )

    # ----- transitions ---------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        if isinstance(action, Roll):
            return self._after_roll(state, action)
        if isinstance(action, Place):
            return self._update_seat(state, state.turn, lambda s: replace(s, placed=_put(s.placed, action)))
        if isinstance(action, Lift):
            return self._update_seat(state, state.turn, lambda s: replace(s, placed=_lift(s.placed, action.slot)))
        if isinstance(action, Done):
            return self._after_done(state)
        if isinstance(action, Swap):
            return self._after_swap(state, action)
        if isinstance(action, Toss):
            return self._after_toss(state, action)
        return self._next_tosser(state)  # Pass: the last swapper stays the one to spare

    def _update_seat(self, state: State, index: int, change) -> State:
        seats = list(state.seats)
        seats[index] = change(seats[index])
        return replace(state, seats=tuple(seats))

    def _after_roll(self, state: State, action: Roll) -> State:
        state = self._update_seat(
            state, action.seat, lambda s: replace(s, pips=s.pips[: action.die] + (action.pips,) + s.pips[action.die + 1 :])
        )
        if self._next_roll(state) is None:
            state = replace(state, phase=Phase.ARRANGE, turn=0)
        return state

    def _after_done(self, state: State) -> State:
        state = self._update_seat(state, state.turn, lambda s: replace(s, done=True))
        if state.turn + 1 < len(state.seats):
            return replace(state, turn=state.turn + 1)
        scores = tuple(score(seat.pyramid()) for seat in state.seats)
        state = replace(
            state,
            last_scores=tuple(s.total for s in scores),
            last_pyramids=tuple(tuple(seat.pyramid().get(slot) for slot in SLOTS) for seat in state.seats),
            scored_round=state.round,
            seats=tuple(seat.fresh_round() for seat in state.seats),
        )
        if state.mode == "solo":
            return self._solo_scored(state, scores[0])
        return self._hako_scored(state, scores)

    # --- solo (CT-7)
    def _solo_scored(self, state: State, result: Score) -> State:
        state = self._bank(state)
        if state.last_round:
            return self._finish_solo(state)
        if result.complete:
            return replace(state, phase=Phase.SWAP, turn=0)
        return self._new_round(state)

    def _after_swap(self, state: State, action: Swap) -> State:
        seat = state.seats[0]
        dice = list(seat.dice)
        dice.remove(action.colour)
        dice.append("clear")
        state = self._update_seat(state, 0, lambda s: replace(s, dice=sort_dice(dice)))
        state = replace(state, pile=state.pile[1:], last_round=state.seats[0].clear_count() >= WIN_CLEAR)
        return self._new_round(state)

    def _finish_solo(self, state: State) -> State:
        seat = state.seats[0]
        rounds = len(seat.history)
        title = rating(seat.total)
        key, ja, en = title if title else ("none", "称号なし", "no title")
        outcome = Outcome(
            scores=(seat.total,),
            winners=(0,),
            reason="solo-end",
            summary_ja=f"合計 {seat.total} 点・{rounds} ラウンド — {ja}",
            summary_en=f"Total {seat.total} in {rounds} rounds — {en}",
            detail=(("rating", key), ("rating_ja", ja), ("rating_en", en), ("rounds", rounds)),
        )
        return replace(state, phase=Phase.OVER, result=outcome)

    # --- 箱庭 (CT-8)
    def _hako_scored(self, state: State, scores: tuple[Score, ...]) -> State:
        fuji = tuple(i for i, s in enumerate(scores) if s.fuji)
        if fuji:
            totals = tuple(seat.total + r for seat, r in zip(state.seats, state.last_scores))
            names_ja = "・".join(f"席 {i + 1}" for i in fuji)
            names_en = ", ".join(f"seat {i + 1}" for i in fuji)
            return self._finish(state, totals, fuji, "hako-fuji", f"{names_ja} が富士を完成させて勝利", f"{names_en} built 富士 (Fuji) and won")
        order = tuple(sorted((i for i, s in enumerate(scores) if s.complete), key=lambda i: _seat_key(state, i)))
        if not order:
            return self._end_of_round(state)
        return replace(state, phase=Phase.TOSS, toss_order=order, toss_pos=0, turn=order[0], last_tosser=-1)

    def _after_toss(self, state: State, action: Toss) -> State:
        me = state.turn
        mine = list(state.seats[me].dice)
        mine.remove(action.give)
        mine.append(action.take)
        state = self._update_seat(state, me, lambda s: replace(s, dice=sort_dice(mine)))
        if action.target == PILE:
            pile = list(state.pile)
            pile.remove(action.take)
            pile.append(action.give)
            state = replace(state, pile=sort_dice(pile))
        else:
            theirs = list(state.seats[action.target].dice)
            theirs.remove(action.take)
            theirs.append(action.give)
            state = self._update_seat(state, action.target, lambda s: replace(s, dice=sort_dice(theirs)))
        winners = tuple(i for i, seat in enumerate(state.seats) if seat.clear_count() >= WIN_CLEAR)
        if winners:
            totals = tuple(seat.total for seat in state.seats)
            who = winners[0] + 1
            return self._finish(
                state, totals, winners, "hako-chiritsumo", f"席 {who} が透明ダイスを 4 つ集めて勝利（ちりつも）", f"Seat {who} holds all four clear dice and wins (ちりつも)"
            )
        return self._next_tosser(replace(state, last_tosser=me))

    def _next_tosser(self, state: State) -> State:
        pos = state.toss_pos + 1
        if pos < len(state.toss_order):
            return replace(state, toss_pos=pos, turn=state.toss_order[pos])
        return self._end_of_round(state)

    def _end_of_round(self, state: State) -> State:
        state = self._bank(state)
        totals = tuple(seat.total for seat in state.seats)
        if max(totals) > WIN_TOTAL:
            top = max(totals)
            winners = tuple(i for i, t in enumerate(totals) if t == top)
            names_ja = "・".join(f"席 {i + 1}" for i in winners)
            names_en = " and ".join(f"Seat {i + 1}" for i in winners)
            verb_en = "wins" if len(winners) == 1 else "share the win"
            tie_ja = "（同点で勝利を分け合います）" if len(winners) > 1 else ""
            return self._finish(
                state, totals, winners, "hako-end",
                f"30 点を超えた人が出たので終了。最高点 {top} 点の {names_ja} の勝ち{tie_ja}",
                f"Someone passed 30: {names_en} {verb_en} with {top}",
            )
        return self._new_round(state)

    def _finish(self, state: State, totals: tuple[int, ...], winners: tuple[int, ...], reason: str, ja: str, en: str) -> State:
        outcome = Outcome(scores=totals, winners=winners, reason=reason, summary_ja=ja, summary_en=en, detail=(("rounds", state.round),))
        return replace(state, phase=Phase.OVER, result=outcome)

    # --- shared
    def _bank(self, state: State) -> State:
        seats = tuple(
            replace(seat, total=seat.total + r, history=seat.history + (r,)) for seat, r in zip(state.seats, state.last_scores)
        )
        return replace(state, seats=seats)

    def _new_round(self, state: State) -> State:
        return replace(
            state,
            seats=tuple(seat.fresh_round() for seat in state.seats),
            round=state.round + 1,
            phase=Phase.ROLL,
            turn=0,
            toss_order=(),
            toss_pos=0,
            last_tosser=-1,
        )

    # ----- views ------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def observe(self, state: State, seat: int) -> ChiritsumoObservation:
        """Everything is public in Chiritsumo: every seat sees the whole table."""
        seats: list[SeatSeen] = []
        for index, s in enumerate(state.seats):
            seats.append(
                SeatSeen(
                    dice=[[c, p] for c, p in zip(s.dice, s.pips)],
                    placed={f"{r},{i}": d for (r, i), d in zip(SLOTS, s.placed) if d != NO_PLACE},
                    total=s.total,
                    history=list(s.history),
                    done=s.done,
                )
            )
        last: ScoredRound | None = None
        if state.scored_round:
            last = ScoredRound(
                round=state.scored_round,
                scores=list(state.last_scores),
                pyramids=[
                    {f"{r},{i}": list(die) for (r, i), die in zip(SLOTS, built) if die} for built in state.last_pyramids
                ],
            )
        result = state.result
        return ChiritsumoObservation(
            game=self.name,
            mode=state.mode,
            you=seat,
            round=state.round,
            phase=str(state.phase),
            turn=state.turn if state.phase in (Phase.ARRANGE, Phase.SWAP, Phase.TOSS) else None,
            seats=seats,
            last=last,
            pile=list(state.pile),
            last_round=state.last_round,
            toss=TossSeen(
                order=list(state.toss_order),
                pos=state.toss_pos,
                forbidden=state.last_tosser if state.last_tosser >= 0 else None,
            ) if state.phase == Phase.TOSS else None,
            outcome=result.as_dict() if result else None,
        )


def _put(placed: tuple[int, ...], action: Place) -> tuple[int, ...]:
    k = SLOTS.index(action.slot)
    return placed[:k] + (action.die,) + placed[k + 1 :]


def _lift(placed: tuple[int, ...], slot: Slot) -> tuple[int, ...]:
    k = SLOTS.index(slot)
    return placed[:k] + (NO_PLACE,) + placed[k + 1 :]
