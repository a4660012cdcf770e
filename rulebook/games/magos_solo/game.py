"""The Magos solo patch v1.1 as a turn tracker on the engine contract (MG-1).

The source gives only the patch: the enemy's dice are fixed by turn instead
of rolled. The base game is not in the source, so this "game" is a tracker
for one fight: the turn counter (``next`` / ``prev``), the enemy's face table
(what each face 1–6 does; editable), optionally the enemy's HP (you record
the damage you deal), and the end of the fight (the enemy falls at 0 HP, or
you say who won). One seat; no chance at all — that is the patch's point.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from rulebook.core.errors import BadOption, IllegalAction
from rulebook.core.game import TERMINAL, BotKind, Game, Outcome

from .actions import Action, Attack, Lose, Next, Prev, Recover, ResetFaces, SetFace, SetHp, Win, parse
from .bots import AutoplayBot
from .observation import DieSeen, MagosSoloObservation, RowSeen, TurnSeen
from .table import (
    CHOICES,
    DICE_TABLE,
    FACES,
    LOOP_FIRST,
    LOOP_LAST,
    MAX_AMOUNT,
    PRESETS,
    TURN5_CHOICES,
    Effect,
    TurnResult,
    counted,
    enemy_dice,
    resolve,
    row_dice,
    table_row,
    turn_result,
)

MAX_HP = 99
"""Largest enemy HP, attack or recovery this page records."""
PREVIEW_TURNS = 3
"""How many coming turns the observation forecasts (the hint shows them)."""
ACTION_TYPES = (Next, Prev, SetFace, ResetFaces, SetHp, Attack, Recover, Win, Lose)


def effect_text(effect: Effect, lang: str) -> str:
    """A face's effect in words (``lang`` "ja" or "en")."""
    if effect.kind == "hit":
        return f"{effect.amount} ダメージ" if lang == "ja" else f"{effect.amount} damage"
    if effect.kind == "heal":
        return f"敵が HP {effect.amount} 回復" if lang == "ja" else f"enemy heals {effect.amount}"
    if effect.kind == "special":
        return "特殊効果（敵カード参照）" if lang == "ja" else "special (see the enemy card)"
    return "ミス" if lang == "ja" else "miss"


@dataclass(frozen=True)
class State:
    """One fight: the turn, the enemy's face table and HP, and how it ended.

    ``hp_max == 0`` means the enemy's HP is not tracked (``hp`` is then 0 as
    well); ``dealt`` is the damage recorded against the enemy this turn.
    """

    preset: str
    long5: bool
    faces: tuple[Effect, ...]
    hp_max: int
    hp: int
    turn: int = 1
    dealt: int = 0
    result: Outcome | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def tracked(self) -> bool:
        return self.hp_max > 0


class MagosSolo(Game[State, Action]):
    name = "magos_solo"
    version = 1
    title_ja = "マゴス 1人用パッチ v1.1"
    title_en = "Magos solo patch v1.1"

    # ----- options -----------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"enemy": "dummy", "turn5": "5-6"}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        if not isinstance(merged["enemy"], str) or merged["enemy"] not in PRESETS:
            raise BadOption(
                "dummy",
                f"敵の初期設定「{str(merged['enemy'])[:20]}」はありません（dummy か custom）。",
                f"There is no starting enemy '{str(merged['enemy'])[:20]}' (dummy or custom).",
            )
        if not isinstance(merged["turn5"], str) or merged["turn5"] not in TURN5_CHOICES:
            raise BadOption(
                "six-once",
                f"5 ターン目の表記は 5-6 か 5-6-6-6 です（「{str(merged['turn5'])[:20]}」は不可）。",
                f"Turn 5 is written 5-6 or 5-6-6-6 (not '{str(merged['turn5'])[:20]}').",
            )
        return merged

    def num_seats(self, state: State) -> int:
        return 1

    bots = {"autoplay": BotKind("自動進行", "Autoplay", lambda game: AutoplayBot())}

    # ----- set-up and flow ---------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(options)
        faces, hp = PRESETS[opts["enemy"]]
        return State(preset=opts["enemy"], long5=opts["turn5"] == "5-6-6-6", faces=faces, hp_max=hp, hp=hp)

    def current_player(self, state: State) -> int:
        return TERMINAL if state.over else 0

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        return []  # the patch's point: the enemy rolls nothing

    def legal_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        actions: list[Action] = [Next()]
        if state.turn > 1:
            actions.append(Prev())
        if state.tracked:
            actions += [Attack(n) for n in range(1, MAX_HP + 1)]
            if state.hp < state.hp_max:
                actions += [Recover(n) for n in range(1, MAX_HP + 1)]
        else:
            actions.append(Win())
        actions.append(Lose())
        actions += [SetHp(n) for n in range(MAX_HP + 1) if (n, n) != (state.hp_max, state.hp)]
        for face in range(1, FACES + 1):
            actions += [SetFace(face, e) for e in CHOICES if e != state.faces[face - 1]]
        if state.faces != PRESETS[state.preset][0]:
            actions.append(ResetFaces())
        return actions

    # ----- checks ----------------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(
                "actions", f"「{str(action)[:40]}」はこのページの行動ではありません。", f"'{str(action)[:40]}' is not a move of this page."
            )
        if state.over:
            raise IllegalAction(
                "fight-end",
                "この戦闘はもう終わっています。「元に戻す」か「新しいゲーム」で続けてください。",
                "This fight is over. Undo, or start a new game.",
            )
        if isinstance(action, Prev) and state.turn <= 1:
            raise IllegalAction("turns", "1 ターン目より前には戻れません。", "There is no turn before turn 1.")
        if isinstance(action, SetFace):
            self._check_face(state, action)
        elif isinstance(action, ResetFaces) and state.faces == PRESETS[state.preset][0]:
            raise IllegalAction(
                "faces",
                "出目表はもう初期設定のままです。",
                "The face table already is the starting enemy's.",
            )
        elif isinstance(action, SetHp):
            self._check_set_hp(state, action)
        elif isinstance(action, (Attack, Recover)):
            self._check_hp_change(state, action)
        elif isinstance(action, Win) and state.tracked:
            raise IllegalAction(
                "fight-end",
                f"敵の HP を記録中です（残り {state.hp}）。与えたダメージを記録すると、HP 0 で勝ちになります。",
                f"The enemy's HP is being tracked ({state.hp} left): record your damage and it falls at 0 HP.",
            )

    def _check_face(self, state: State, action: SetFace) -> None:
        if not 1 <= action.face <= FACES:
            raise IllegalAction("faces", f"面 {action.face} はありません（1〜6）。", f"There is no face {action.face} (1-6).")
        effect = action.effect
        if not effect.valid:
            if effect.kind in ("hit", "heal"):
                raise IllegalAction(
                    "faces",
                    f"ダメージや回復の量は 1〜{MAX_AMOUNT} で入力してください。",
                    f"Damage and healing go from 1 to {MAX_AMOUNT}.",
                )
            raise IllegalAction(
                "faces",
                "面の効果は miss・hit N・heal N・special のどれかです。",
                "A face does one of: miss, hit N, heal N, special.",
            )
        if state.faces[action.face - 1] == effect:
            raise IllegalAction(
                "faces",
                f"面 {action.face} はもう「{effect_text(effect, 'ja')}」です。",
                f"Face {action.face} already is '{effect_text(effect, 'en')}'.",
            )

    def _check_set_hp(self, state: State, action: SetHp) -> None:
        if not 0 <= action.hp <= MAX_HP:
            raise IllegalAction(
                "enemy-hp",
                f"敵の HP は 0〜{MAX_HP} で入力してください（0 は HP を記録しない）。",
                f"Enemy HP goes from 0 to {MAX_HP} (0 = do not track HP).",
            )
        if (action.hp, action.hp) == (state.hp_max, state.hp):
            raise IllegalAction(
                "enemy-hp",
                "敵の HP はもうその値です。" if action.hp else "HP はもう記録していません。",
                "The enemy already has that HP." if action.hp else "HP is already not tracked.",
            )

    def _check_hp_change(self, state: State, action: Attack | Recover) -> None:
        if not state.tracked:
            raise IllegalAction(
                "enemy-hp",
                "敵の HP を記録していません。先に敵の HP を設定してください。",
                "The enemy's HP is not tracked: set the enemy's HP first.",
            )
        if not 1 <= action.amount <= MAX_HP:
            raise IllegalAction("enemy-hp", f"量は 1〜{MAX_HP} で入力してください。", f"Enter an amount from 1 to {MAX_HP}.")
        if isinstance(action, Recover) and state.hp >= state.hp_max:
            raise IllegalAction(
                "enemy-hp",
                f"敵の HP は満タンです（{state.hp}/{state.hp_max}）。",
                f"The enemy is at full HP ({state.hp}/{state.hp_max}).",
            )

    # ----- transitions ---------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        if isinstance(action, Next):
            return replace(state, turn=state.turn + 1, dealt=0)
        if isinstance(action, Prev):
            return replace(state, turn=state.turn - 1, dealt=0)
        if isinstance(action, SetFace):
            faces = state.faces[: action.face - 1] + (action.effect,) + state.faces[action.face :]
            return replace(state, faces=faces)
        if isinstance(action, ResetFaces):
            return replace(state, faces=PRESETS[state.preset][0])
        if isinstance(action, SetHp):
            return replace(state, hp_max=action.hp, hp=action.hp, dealt=0)
        if isinstance(action, Attack):
            lost = min(action.amount, state.hp)
            state = replace(state, hp=state.hp - lost, dealt=state.dealt + lost)
            if state.hp == 0:
                return self._finish(state, won=True, reason="enemy-hp")
            return state
        if isinstance(action, Recover):
            return replace(state, hp=min(state.hp_max, state.hp + action.amount))
        return self._finish(state, won=isinstance(action, Win), reason="fight-end")

    def _finish(self, state: State, won: bool, reason: str) -> State:
        t = state.turn
        if won:
            ja, en = f"{t} ターン目に敵を倒しました", f"You defeated the enemy on turn {t}"
        else:
            ja, en = f"{t} ターン目に敵に倒されました", f"The enemy defeated you on turn {t}"
        outcome = Outcome(
            scores=(1 if won else 0,),
            winners=(0,) if won else (),
            reason=reason,
            summary_ja=ja,
            summary_en=en,
            detail=(("result", "won" if won else "lost"), ("turn", t), ("hp", state.hp), ("hp_max", state.hp_max)),
        )
        return replace(state, result=outcome)

    # ----- reading -------------------------------------------------------------------------------
    def turn_result(self, state: State, turn: int | None = None) -> TurnResult:
        """What the enemy's dice do on ``turn`` (default: the current one) with the state's faces."""
        return turn_result(state.turn if turn is None else turn, state.faces, state.long5)

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def observe(self, state: State, seat: int) -> MagosSoloObservation:
        """Everything is public: the tracker hides nothing.

        The forecasts (``coming``: the next turns' dice and damage, ``cycle_damage``:
        one pass over the looping rows) belong to a fight still going: once it is
        over they are empty, so nothing drawn from them outlives the fight.
        """
        result = self.turn_result(state)
        row = table_row(state.turn)
        outcome = state.result
        rows: list[RowSeen] = []
        for k in range(1, len(DICE_TABLE) + 1):
            dice = row_dice(k, state.long5)
            res = resolve(dice, state.faces)
            later = [t for t in range(len(DICE_TABLE) + 1, len(DICE_TABLE) + 7) if table_row(t) == k]
            rows.append(
                RowSeen(
                    row=k,
                    turns=[k, *later],
                    dice=list(dice),
                    counted=list(counted(dice)),
                    damage=res.damage,
                    heal=res.heal,
                    specials=res.specials,
                )
            )
        coming: list[TurnSeen] = []
        if not state.over:
            for turn in range(state.turn + 1, state.turn + 1 + PREVIEW_TURNS):
                res = self.turn_result(state, turn)
                coming.append(TurnSeen(turn=turn, dice=list(res.dice), damage=res.damage))
        cycle = sum(r.damage for r in rows if LOOP_FIRST <= r.row <= LOOP_LAST)
        return MagosSoloObservation(
            game=self.name,
            turn=state.turn,
            row=row,
            looped=state.turn > len(DICE_TABLE),
            loop=[LOOP_FIRST, LOOP_LAST],
            dice=[
                DieSeen(pips=p, counted=c, effect=[e.kind, e.amount])
                for p, c, e in zip(result.dice, result.counts, result.effects)
            ],
            damage=result.damage,
            heal=result.heal,
            specials=result.specials,
            faces=[[e.kind, e.amount] for e in state.faces],
            preset=state.preset,
            long5=state.long5,
            table=[list(row_dice(k, state.long5)) for k in range(1, len(DICE_TABLE) + 1)],
            rows=rows,
            coming=coming,
            cycle_damage=None if state.over else cycle,
            hp=state.hp if state.tracked else None,
            hp_max=state.hp_max if state.tracked else None,
            dealt=state.dealt,
            over=state.over,
            outcome=outcome.as_dict() if outcome else None,
        )

__all__ = ["MAX_HP", "PREVIEW_TURNS", "MagosSolo", "State", "effect_text", "enemy_dice"]
