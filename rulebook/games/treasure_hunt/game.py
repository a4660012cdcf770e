"""The 宝探し engine (source #43, readings TH-1..TH-4).

Flow: an expedition starts ``ready``. Before each roll the player rolls on
(``roll``), brings home an eligible treasure (``bring``), or gives up and
seals a number (``give-up``). A roll is two chance moves (``die 1 a``,
``die 2 b``); then the player checks one of the open options of TH-1
(``check``) and is ``ready`` again, or — when no option is open — the roll
fails and the player seals one of the offered numbers (``seal``, TH-2).
Bringing a treasure home, failing or giving up ends the expedition: its
checks are wiped (kept in ``history`` as the struck-out row of the paper).
All five treasures win; a third seal loses.

The state itself (``State``, its ``Phase`` and the ``Trip`` records of
finished expeditions) lives in ``state.py``, which the bots read too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from rulebook.core.errors import IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, BotKind, Game, Outcome

from .actions import Action, Bring, Check, Die, GiveUp, RollDice, Seal, parse
from .bots import OptimalBot
from .observation import TreasureHuntObservation, TreasureSeen, TripSeen
from .model import RULES, Rules, bit, eligible, failure_seals, longest_run, mask_of, numbers_of, open_options, popcount, roll_options
from .state import PHASES, Phase, State, Trip, state_from_observation


def _list(numbers: list[int] | tuple[int, ...], lang: str) -> str:
    words = [str(n) for n in numbers]
    if lang == "ja":
        return "・".join(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


class TreasureHunt(Game[State, Action]):
    name = "treasure_hunt"
    version = 1
    title_ja = "宝探し"
    title_en = "Treasure Hunt"

    def __init__(self, rules: Rules = RULES) -> None:
        self.rules = rules

    # ----- set-up ------------------------------------------------------------------------
    def num_seats(self, state: State) -> int:
        return 1

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        self.normalize_options(options)
        return State()

    bots = {"optimal": BotKind("最善手ボット", "Optimal bot", lambda game: OptimalBot(game.rules))}

    # ----- whose move ----------------------------------------------------------------------
    def current_player(self, state: State) -> int:
        if state.phase == Phase.OVER:
            return TERMINAL
        if state.phase == Phase.ROLL:
            return CHANCE
        return 0

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if state.phase != Phase.ROLL:
            return []
        faces = self.rules.faces
        return [(Die(len(state.dice) + 1, pips), 1 / faces) for pips in range(1, faces + 1)]

    # ----- what is legal ------------------------------------------------------------------------
    def options(self, state: State) -> list[tuple[int, ...]]:
        """The open options of the current roll (TH-1), in the order a, b, both, sum."""
        if len(state.dice) != 2:
            return []
        return open_options(self.rules, state.dice[0], state.dice[1], state.checked, state.sealed)

    def seal_choices(self, state: State) -> list[int]:
        """TH-2: what a failed roll may seal."""
        if state.phase != Phase.FAILED:
            return []
        return failure_seals(self.rules, state.dice[0], state.dice[1], state.sealed)

    def eligible_treasures(self, state: State) -> list[int]:
        """Indices of the treasures not home yet whose requirement this expedition's checks meet."""
        return [
            i
            for i, treasure in enumerate(self.rules.treasures)
            if not state.treasures & (1 << i) and eligible(treasure, state.checked)
        ]

    def legal_actions(self, state: State) -> list[Action]:
        if state.phase == Phase.READY:
            actions: list[Action] = [RollDice()]
            for i in self.eligible_treasures(state):
                treasure = self.rules.treasures[i]
                actions.append(Bring(treasure.key))
                if treasure.unseal:
                    actions += [Bring(treasure.key, n) for n in numbers_of(state.sealed)]
            actions += [GiveUp(n) for n in range(1, self.rules.numbers + 1) if not state.sealed & bit(n)]
            return actions
        if state.phase == Phase.ROLL:
            return [action for action, _ in self.chance_outcomes(state)]
        if state.phase == Phase.CHECK:
            return [Check(option) for option in self.options(state)]
        if state.phase == Phase.FAILED:
            return [Seal(n) for n in self.seal_choices(state)]
        return []

    def check(self, state: State, action: Action) -> None:
        if not isinstance(action, (RollDice, Die, Check, Seal, GiveUp, Bring)):
            raise IllegalAction("actions", f"「{action!r}」は宝探しの行動ではありません。", f"{action!r} is not a Treasure Hunt move.")
        if state.phase == Phase.OVER:
            reason = state.result.reason if state.result else "win"
            raise IllegalAction(reason, "ゲームは終わっています。", "The game is over.")
        if isinstance(action, Die):
            if state.phase != Phase.ROLL:
                raise IllegalAction(
                    "chance",
                    "いまはダイスをふる場面ではありません。",
                    "The dice are not being rolled now.",
                )
            self.check_chance(state, action)
            return
        if state.phase == Phase.ROLL:
            raise IllegalAction(
                "chance",
                "ダイスをふっている最中です。2 つの目が出てから選んでください。",
                "The dice are being rolled: choose once both dice show.",
            )
        if state.phase == Phase.READY:
            self._check_ready(state, action)
        elif state.phase == Phase.CHECK:
            self._check_roll(state, action)
        else:
            self._check_failed(state, action)

    def _check_ready(self, state: State, action: Action) -> None:
        if isinstance(action, RollDice):
            return
        if isinstance(action, (Check, Seal)):
            raise IllegalAction(
                "expedition",
                "先にダイスをふってください。チェックや封印は、ふった目で決まります。",
                "Roll the dice first: what you may check or seal depends on the roll.",
            )
        if isinstance(action, GiveUp):
            n = action.number
            if not 1 <= n <= self.rules.numbers:
                raise IllegalAction(
                    "give-up",
                    f"紙に {n} という数字はありません（1〜{self.rules.numbers}）。",
                    f"There is no number {n} on the sheet (1-{self.rules.numbers}).",
                )
            if state.sealed & bit(n):
                raise IllegalAction(
                    "give-up",
                    f"{n} はもう封印されています。まだ × のない数字を選んでください。",
                    f"{n} is already sealed; choose a number without a ×.",
                )
            return
        if not isinstance(action, Bring):
            raise IllegalAction("actions", f"「{action}」はいまできません。", f"'{action}' is not possible now.")
        found = self.rules.treasure(action.treasure)
        if found is None:
            names = ", ".join(t.key for t in self.rules.treasures)
            raise IllegalAction(
                "treasures",
                f"「{action.treasure}」という宝物はありません（{names}）。",
                f"There is no treasure called '{action.treasure}' ({names}).",
            )
        index, treasure = found
        if state.treasures & (1 << index):
            raise IllegalAction(
                "bring-home",
                f"{treasure.name_ja}はもう持ち帰っています。同じ宝物は 1 度しか持ち帰れません。",
                f"The {treasure.name_en} is already home; each treasure is brought home once.",
            )
        if not eligible(treasure, state.checked):
            if treasure.kind == "count":
                have = popcount(state.checked)
                ja = f"{treasure.name_ja}には、この冒険でチェックした数字が {treasure.need} 個必要です（いま {have} 個）。"
                en = f"The {treasure.name_en} needs {treasure.need} numbers checked in this expedition (you have {have})."
            else:
                have = longest_run(state.checked)
                ja = f"{treasure.name_ja}には、この冒険でチェックした連続する数字が {treasure.need} 個必要です（いまの最長は {have} 個）。"
                en = f"The {treasure.name_en} needs {treasure.need} consecutive numbers checked in this expedition (your longest run is {have})."
            raise IllegalAction("bring-home", ja, en)
        if action.lift:
            if not treasure.unseal:
                raise IllegalAction(
                    "unseal",
                    f"封印を取り消せるのは不死の膏薬と若返りの泉だけです（{treasure.name_ja}ではできません）。",
                    f"Only the Salve of Immortality and the Fountain of Youth lift a seal, not the {treasure.name_en}.",
                )
            if not 1 <= action.lift <= self.rules.numbers or not state.sealed & bit(action.lift):
                sealed = numbers_of(state.sealed)
                where_ja = f"封印されているのは {_list(sealed, 'ja')} です。" if sealed else "封印された数字はありません。"
                where_en = f"The sealed numbers are {_list(sealed, 'en').replace(' or ', ' and ')}." if sealed else "No number is sealed."
                raise IllegalAction(
                    "unseal",
                    f"{action.lift} には × が付いていません。{where_ja}",
                    f"{action.lift} has no × to lift. {where_en}",
                )

    def _check_roll(self, state: State, action: Action) -> None:
        a, b = state.dice
        if isinstance(action, Seal):
            raise IllegalAction(
                "fail",
                "この目ではまだチェックできる数字があります。封印は、どれもチェックできないときだけです。",
                "This roll still lets you check a number; a seal comes only when none can be checked.",
            )
        if not isinstance(action, Check):
            raise IllegalAction(
                "check",
                "ダイスをふったら、まず数字を 1 つ選んでチェックします。持ち帰りやあきらめは次にふる前にできます。",
                "After a roll you first check a number; bringing home or giving up comes before the next roll.",
            )
        offered = roll_options(self.rules, a, b)
        if action.numbers not in offered:
            shown_ja = "・".join("と".join(str(n) for n in o) for o in offered)
            shown_en = ", ".join(" and ".join(str(n) for n in o) for o in offered)
            raise IllegalAction(
                "check",
                f"{a} と {b} の目でチェックできるのは {shown_ja} のどれかです。",
                f"With {a} and {b} you may check one of: {shown_en}.",
            )
        for n in action.numbers:
            if state.sealed & bit(n):
                raise IllegalAction("check-free", f"{n} は封印されています（×）。", f"{n} is sealed (×).")
            if state.checked & bit(n):
                raise IllegalAction(
                    "check-free",
                    f"{n} はこの冒険でもうチェックしています。同じ数字を 2 回チェックすることはできません。",
                    f"{n} is already checked in this expedition; no number is checked twice.",
                )

    def _check_failed(self, state: State, action: Action) -> None:
        a, b = state.dice
        choices = self.seal_choices(state)
        if not isinstance(action, Seal):
            raise IllegalAction(
                "fail",
                f"{a} と {b} ではどの数字もチェックできず、この冒険は失敗です。封印する数字を選んでください（{_list(choices, 'ja')}）。",
                f"Nothing can be checked with {a} and {b}: this expedition fails. Choose the number to seal ({_list(choices, 'en')}).",
            )
        if action.number not in choices:
            raise IllegalAction(
                "fail",
                f"封印できるのは {_list(choices, 'ja')} のどれかです。",
                f"The number to seal must be {_list(choices, 'en')}.",
            )

    # ----- moving on -------------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        if isinstance(action, RollDice):
            return replace(state, phase=Phase.ROLL, dice=())
        if isinstance(action, Die):
            dice = state.dice + (action.pips,)
            if len(dice) < 2:
                return replace(state, dice=dice)
            state = replace(state, dice=dice)
            return replace(state, phase=Phase.CHECK if self.options(state) else Phase.FAILED)
        if isinstance(action, Check):
            return replace(state, checked=state.checked | mask_of(action.numbers), phase=Phase.READY)
        if isinstance(action, (Seal, GiveUp)):
            return self._end_expedition(state, action, sealed=state.sealed | bit(action.number), treasures=state.treasures)
        index = [t.key for t in self.rules.treasures].index(action.treasure)  # Bring (check() let only these through)
        sealed = state.sealed & ~bit(action.lift) if action.lift else state.sealed
        return self._end_expedition(state, action, sealed=sealed, treasures=state.treasures | (1 << index))

    def _end_expedition(self, state: State, action: Action, *, sealed: int, treasures: int) -> State:
        state = replace(
            state,
            sealed=sealed,
            treasures=treasures,
            checked=0,
            phase=Phase.READY,
            history=state.history + (Trip(state.checked, str(action)),),
        )
        if treasures == self.rules.all_treasures:
            return self._finish(state, won=True)
        if popcount(sealed) >= self.rules.seal_limit:
            return self._finish(state, won=False)
        return state

    def _finish(self, state: State, won: bool) -> State:
        home = popcount(state.treasures)
        total = len(self.rules.treasures)
        trips = len(state.history)
        seals = popcount(state.sealed)
        if won:
            outcome = Outcome(
                scores=(home,),
                winners=(0,),
                reason="win",
                summary_ja=f"宝物を {total} つすべて持ち帰りました！ 勝利（冒険 {trips} 回・封印 {seals}）",
                summary_en=f"All {total} treasures are home: you win! ({trips} expeditions, {seals} sealed)",
                detail=(("treasures", home), ("expeditions", trips), ("seals", seals)),
            )
        else:
            outcome = Outcome(
                scores=(home,),
                winners=(),
                reason="lose",
                summary_ja=f"封印が {seals} つになり敗北（宝物 {home}/{total}・冒険 {trips} 回）",
                summary_en=f"{seals} numbers sealed: the hunt is lost ({home} of {total} treasures, {trips} expeditions)",
                detail=(("treasures", home), ("expeditions", trips), ("seals", seals)),
            )
        return replace(state, phase=Phase.OVER, result=outcome)

    # ----- reading -----------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def observe(self, state: State, seat: int) -> TreasureHuntObservation:
        """Everything is on the paper: the whole state is public."""
        rules = self.rules
        result = state.result
        return TreasureHuntObservation(
            game=self.name,
            phase=state.phase,
            numbers=rules.numbers,
            faces=rules.faces,
            seal_limit=rules.seal_limit,
            treasures=[
                TreasureSeen(
                    key=t.key,
                    kind=t.kind,
                    need=t.need,
                    unseal=t.unseal,
                    home=bool(state.treasures & (1 << i)),
                    eligible=not state.treasures & (1 << i) and eligible(t, state.checked),
                )
                for i, t in enumerate(rules.treasures)
            ],
            checked=numbers_of(state.checked),
            sealed=numbers_of(state.sealed),
            dice=list(state.dice),
            options=[list(o) for o in self.options(state)] if state.phase == Phase.CHECK else [],
            seal_choices=self.seal_choices(state),
            expedition=state.expedition,
            history=[TripSeen(checked=numbers_of(trip.checked), end=trip.end) for trip in state.history],
            outcome=result.as_dict() if result else None,
        )

    def state_from_observation(self, observation: Mapping[str, Any]) -> State:
        """The state an observation shows (all of it is public), for bots; history is left out."""
        return state_from_observation(observation, self.rules)


__all__ = ["PHASES", "Phase", "State", "TreasureHunt", "Trip"]
