"""The Dice of Tower engine: 2–4 seats (4 = two teams of two sharing a colour).

Every seat brings 8 dice of its colour in three sizes (DT-1). All dice are
rolled; then in turn each seat picks one of its own lone dice and sets it,
top face unchanged, on a tower whose top die belongs to an opponent, shows
7 − that face and is no larger (DT-2). With no such placement the seat
re-rolls all its lone dice and places if it now can, else passes (DT-3).
A placement or a re-roll may make a tower collapse: a chance node drawn
from the documented model in ``collapse`` (DT-4). A round is 3 laps, or ends
when the last lone die is placed (DT-5, DT-6); every tower scores its top
pips × its height for the top die's colour; there are as many rounds as
seats (DT-5, DT-7).

Chance is a seat: dice are rolled one at a time (``face v``; in table mode
``off`` when a real die left the table), collapse checks are ``stand`` or
``burst <tower>``. Nothing is hidden: an observation is the whole table.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.errors import BadOption, IllegalAction, UnreadableAction
from rulebook.core.game import CHANCE, TERMINAL, Game, Outcome, rules_bot_kind, search_bot_kind

from . import collapse
from .board import die_colour, placement_risk, placements, round_scores, singles, state_from_observation, tower_index
from .bots import RulesBot, make_search_bot
from .actions import FACES, OFF, PASS, REROLL, STAND, Action, Bump, Burst, Face, Off, Pass, Place, Quake, Remove, Reroll, Stand, parse
from .observation import DiceOfTowerObservation, HandsSeen
from .state import (
    DICE_PER_SEAT,
    LAPS,
    PHASE_NAMES,
    SIZE_CODES,
    SIZE_NAMES,
    THEN_NAMES,
    Event,
    Pending,
    Phase,
    State,
    Then,
    colour_of_seat,
)

ROLL, TURN, PLACE_RISK, REROLL_RISK, AFTER_REROLL, LOSE, OVER = Phase
CHANCE_PHASES = (ROLL, PLACE_RISK, REROLL_RISK)
DEFAULT_SIZES = "SSSMMMLL"
MODES = ("digital", "table")
RISK_OPTIONS = ("height_risk", "step_risk", "reroll_risk")


def seat_ja(seat: int) -> str:
    return f"席 {seat + 1}"


def seat_en(seat: int) -> str:
    return f"Seat {seat + 1}"


class DiceOfTower(Game[State, Action]):
    name = "dice_of_tower"
    version = 1
    title_ja = "ダイスオブタワー"
    title_en = "Dice of Tower"

    # ----- options ---------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        d = collapse.DEFAULT
        return {"players": 2, "sizes": DEFAULT_SIZES, "height_risk": d.height, "step_risk": d.step, "reroll_risk": d.reroll, "mode": "digital"}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        players = merged["players"]
        if type(players) is not int or not 2 <= players <= 4:
            raise BadOption(
                "setup",
                f"人数は 2〜4 人の整数で指定してください（{str(players)[:10]} は使えません）。",
                f"Players must be a whole number from 2 to 4 (not {str(players)[:10]}).",
            )
        sizes = merged["sizes"]
        if type(sizes) is not str or len(sizes) != DICE_PER_SEAT or any(c not in SIZE_CODES for c in sizes):
            raise BadOption(
                "setup",
                f"ダイスの大きさは S・M・L の 8 文字で指定してください（例 {DEFAULT_SIZES}、全部同じなら MMMMMMMM）。",
                f"Die sizes are 8 letters from S, M, L (e.g. {DEFAULT_SIZES}; all one size: MMMMMMMM).",
            )
        for key in RISK_OPTIONS:
            value = merged[key]
            if type(value) is not int or not 0 <= value <= collapse.LIMIT:
                raise BadOption(
                    "collapse",
                    f"崩れやすさ（{key}）は 0〜{collapse.LIMIT} の整数（千分率）で指定してください。0 は「完璧な手」です。",
                    f"The collapse parameter {key} is a whole number of thousandths from 0 to {collapse.LIMIT}; 0 means perfect hands.",
                )
        if merged["mode"] not in MODES:
            raise BadOption(
                "table-mode",
                "遊び方は digital（画面でダイスを振る）か table（実物のダイスを入力する）です。",
                "The mode is digital (the screen rolls) or table (real dice are entered).",
            )
        return merged

    def num_seats(self, state: State) -> int:
        return state.players

    # ----- bots --------------------------------------------------------------------------
    bots = {
        "search": search_bot_kind(make_search_bot),
        "rules": rules_bot_kind(lambda game: RulesBot()),
    }

    # ----- set-up --------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        o = self.normalize_options(options)
        n = o["players"]
        count = n * DICE_PER_SEAT
        sizes = tuple(SIZE_CODES[c] for c in o["sizes"]) * n
        state = State(
            players=n,
            sizes=sizes,
            faces=(0,) * count,
            removed=(False,) * count,
            towers=tuple((d,) for d in range(count)),
            phase=ROLL,
            round=1,
            start=0,
            turn=0,
            turns=0,
            queue=tuple(range(count)),
            then=Then.DEAL,
            hands=collapse.Hands(o["height_risk"], o["step_risk"], o["reroll_risk"]),
            table=o["mode"] == "table",
            scores=(0,) * (2 if n == 4 else n),
        )
        return state

    # ----- whose move ------------------------------------------------------------------------
    def current_player(self, state: State) -> int:
        phase = state.phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.remover(state) if phase == LOSE else state.turn

    def remover(self, state: State) -> int:
        """Who removes a die in the LOSE phase: whoever bumped the table (DT-8), else the seat whose turn burst."""
        return state.loser if state.loser >= 0 else state.turn

    def _placed_towers(self, state: State) -> tuple[tuple[int, ...], ...]:
        """The towers once the pending die is set on its tower (before the collapse check decides)."""
        die, onto = state.pending.die, state.pending.onto  # type: ignore[union-attr]
        towers = [t for t in state.towers if t != (die,)]
        return tuple(t + (die,) if t[-1] == onto else t for t in towers)

    def _rare_cases(self, state: State, towers: tuple[tuple[int, ...], ...], outcomes: list[tuple[Action, float]]) -> list[tuple[Action, float]]:
        """Table mode (DT-8): an earthquake topples a tower (nobody loses a die), or another seat bumps the table
        (that seat loses one); entered at the collapse check, weighed ``RARE_CASE`` each, taken from "stood"."""
        tall = [t for t in towers if len(t) >= 2]
        others = [s for s in range(state.players) if s != state.turn]
        if not tall:
            return outcomes
        each = collapse.RARE_CASE / len(tall)
        quakes = [(Quake(t[0], k), p) for t in tall for k, p in self._ways(state, len(t), each)]
        bumps = [(Bump(s, t[0], k), p / len(others)) for s in others for t in tall for k, p in self._ways(state, len(t), each)]
        stand, rest = outcomes[0], outcomes[1:]
        return [(stand[0], stand[1] - 2 * collapse.RARE_CASE)] + rest + quakes + bumps

    @staticmethod
    def _ways(state: State, height: int, p: float) -> list[tuple[int, float]]:
        """How a fall of a tower of ``height`` may end, as (levels still standing, chance), sharing ``p``.

        Digital mode keeps the model of DT-4: a tower falls whole (0 levels stand). At a real table
        (DT-9) any number of its lowest levels may still stand, 0 to ``height`` − 1: the entries exist and
        share the model's chance evenly (what bots weigh; the real table decides).
        """
        if not state.table or height <= 1:
            return [(0, p)]
        return [(k, p / height) for k in range(height)]

    def place_risk(self, state: State, die: int, onto: int) -> float:
        """The model's chance that setting ``die`` on the tower topped by ``onto`` collapses it."""
        return placement_risk(state, die, onto)

    def reroll_risks(self, state: State) -> list[tuple[int, float]]:
        """(bottom die, chance) of every tower a re-roll may knock over now."""
        tall = [t for t in state.towers if len(t) >= 2]
        shares = collapse.reroll_risks(state.hands, [len(t) for t in tall])
        if state.table and tall:
            shares = [max(s, collapse.TABLE_FLOOR / len(tall)) for s in shares]
            total = sum(shares)
            if total > collapse.REROLL_CAP:
                shares = [s * collapse.REROLL_CAP / total for s in shares]
        return [(t[0], s) for t, s in zip(tall, shares) if s > 0]

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        phase = state.phase
        if phase == ROLL:
            if state.table:
                keep = 1 - collapse.OFF_TABLE
                return [(FACES[v], keep / 6) for v in range(1, 7)] + [(OFF, collapse.OFF_TABLE)]
            return [(FACES[v], 1 / 6) for v in range(1, 7)]
        if phase == PLACE_RISK:
            pending = state.pending
            p = self.place_risk(state, pending.die, pending.onto)
            target = state.towers[tower_index(state)[pending.onto]]
            outcomes: list[tuple[Action, float]] = [(STAND, 1 - p)] + [(Burst(target[0], k), q) for k, q in self._ways(state, len(target), p)]
            return self._rare_cases(state, self._placed_towers(state), outcomes) if state.table else outcomes
        if phase == REROLL_RISK:
            risks = self.reroll_risks(state)
            heights = {t[0]: len(t) for t in state.towers}
            outcomes = [(STAND, 1 - sum(p for _, p in risks))] + [(Burst(b, k), q) for b, p in risks for k, q in self._ways(state, heights[b], p)]
            return self._rare_cases(state, state.towers, outcomes) if state.table else outcomes
        return []

    # ----- legal moves -------------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == TURN or phase == AFTER_REROLL:
            found: list[Action] = list(placements(state, state.turn))
            if found:
                return found
            if phase == TURN and singles(state, colour_of_seat(state.players, state.turn)):
                return [REROLL]
            return [PASS]
        if phase == LOSE:
            return [Remove(d) for d in singles(state, colour_of_seat(state.players, self.remover(state)))]
        if phase == OVER:
            return []
        return [a for a, p in self.chance_outcomes(state) if p > 0]

    # ----- validation ----------------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        if not isinstance(action, (Face, Off, Stand, Burst, Quake, Bump, Place, Reroll, Pass, Remove)):
            raise UnreadableAction("actions", f"「{str(action)[:40]}」はこのゲームの行動ではありません。", f"'{str(action)[:40]}' is not a move of this game.")
        phase = state.phase
        if phase == OVER:
            raise IllegalAction("game-end", "ゲームは終わっています。", "The game is over.")
        chance_move = isinstance(action, (Face, Off, Stand, Burst, Quake, Bump))
        if phase in CHANCE_PHASES:
            if not chance_move:
                doing_ja, doing_en = {
                    ROLL: ("ダイスを振っている", "Dice are being rolled"),
                    PLACE_RISK: ("置いたダイスが崩れるかどうかを決める", "Whether the placement stands is being decided"),
                    REROLL_RISK: ("振りなおしで塔が崩れたかどうかを決める", "Whether the re-roll knocked a tower over is being decided"),
                }[phase]
                raise IllegalAction("chance", f"いまは{doing_ja}ところです（「{action}」はまだできません）。", f"{doing_en}; '{action}' must wait.")
            self.check_chance(state, action)
            return
        if chance_move:
            raise IllegalAction("chance", f"「{action}」はダイスや崩れの結果で、手番の行動ではありません。", f"'{action}' is a roll or a collapse, not a player's move.")
        who_ja, who_en = seat_ja(state.turn), seat_en(state.turn)
        mine = colour_of_seat(state.players, state.turn)
        if phase == LOSE:
            loser = self.remover(state)
            if not isinstance(action, Remove):
                if state.loser >= 0:
                    raise IllegalAction(
                        "table-mode",
                        f"{seat_ja(loser)}: テーブルを揺らして崩したので、まず自分の 1 段のダイスを 1 個除去します。",
                        f"{seat_en(loser)}: you bumped the table; first remove one of your own lone dice.",
                    )
                raise IllegalAction("lose-die", f"{who_ja}: バーストしたので、まず自分の 1 段のダイスを 1 個除去します。", f"{who_en}: you burst; first remove one of your own lone dice.")
            self._check_remove(state, action, colour_of_seat(state.players, loser))
            return
        if isinstance(action, Remove):
            raise IllegalAction("lose-die", "ダイスを除去するのは、振りなおしでバーストしたときだけです。", "A die is removed only after a burst while re-rolling.")
        open_places = placements(state, state.turn)
        if isinstance(action, Place):
            self._check_place(state, action, mine, open_places)
            return
        if isinstance(action, Reroll):
            if phase == AFTER_REROLL:
                raise IllegalAction("reroll", f"{who_ja}: 振りなおしは 1 手番に 1 回です。置けるなら置き、置けなければパスです。", f"{who_en}: one re-roll per turn; now place if you can, else pass.")
            if open_places:
                raise IllegalAction("must-place", f"{who_ja}: 置けるダイスがあるので、必ず置きます（例: {open_places[0]}）。", f"{who_en}: a placement exists, so you must place (e.g. {open_places[0]}).")
            if not singles(state, mine):
                raise IllegalAction("reroll", f"{who_ja}: 振りなおせる 1 段の自分のダイスがありません。パスです。", f"{who_en}: you have no lone dice to re-roll; pass.")
            return
        # Pass
        if open_places:
            raise IllegalAction("must-place", f"{who_ja}: 置けるダイスがあるので、パスはできません（例: {open_places[0]}）。", f"{who_en}: a placement exists, so you may not pass (e.g. {open_places[0]}).")
        if phase == TURN and singles(state, mine):
            raise IllegalAction("reroll", f"{who_ja}: 置けるダイスがないときは、まず 1 段の自分のダイスを全部振りなおします。", f"{who_en}: with no placement, first re-roll all your lone dice.")

    def check_chance(self, state: State, action: Action) -> None:
        """The shared check, with the reason spelled out for a partial collapse that cannot be (DT-9)."""
        keep = getattr(action, "keep", 0)
        if keep and not any(a == action for a, p in self.chance_outcomes(state) if p > 0):
            index = tower_index(state)
            tower = getattr(action, "tower", -1)
            if not state.table:
                raise IllegalAction(
                    "table-mode",
                    "画面で遊ぶときは、崩れたタワーは全部倒れます（一部だけ残る崩れは実物のダイスの入力だけです）。",
                    "On screen a fallen tower falls whole; a tower that partly stands is entered only in table mode.",
                )
            whole = type(action)(**{**vars(action), "keep": 0})
            if tower in index and any(a == whole for a, p in self.chance_outcomes(state) if p > 0):
                height = len(state.towers[index[tower]]) + (1 if state.phase == PLACE_RISK and not isinstance(action, Burst) and state.pending and state.towers[index[tower]][-1] == state.pending.onto else 0)
                raise IllegalAction(
                    "collapse",
                    f"ダイス {tower} の上のタワーは {height} 段です。残った段数は 0〜{height - 1} で入力します（少なくとも 1 個は落ちています）。",
                    f"The tower on die {tower} has {height} levels: the levels still standing are 0 to {height - 1} (at least one die fell).",
                )
        super().check_chance(state, action)

    def _check_own_single(self, state: State, die: int, mine: int, rule: str) -> None:
        who = self.remover(state) if state.phase == LOSE else state.turn
        who_ja, who_en = seat_ja(who), seat_en(who)
        if not 0 <= die < len(state.faces) or state.removed[die]:
            raise IllegalAction(rule, f"ダイス {die} は卓上にありません。", f"Die {die} is not on the table.")
        if die_colour(state, die) != mine:
            raise IllegalAction(rule, f"{who_ja}: ダイス {die} は自分の色のダイスではありません。", f"{who_en}: die {die} is not of your colour.")
        if len(state.towers[tower_index(state)[die]]) != 1:
            raise IllegalAction(rule, f"{who_ja}: ダイス {die} は塔の中にあるので、つまめません（1 段のダイスだけです）。", f"{who_en}: die {die} is part of a tower; only lone dice may be picked.")

    def _check_remove(self, state: State, action: Remove, mine: int) -> None:
        self._check_own_single(state, action.die, mine, "lose-die")

    def _check_place(self, state: State, action: Place, mine: int, open_places: list[Place]) -> None:
        die, onto = action.die, action.onto
        self._check_own_single(state, die, mine, "pick")
        if not 0 <= onto < len(state.faces) or state.removed[onto]:
            raise IllegalAction("place", f"ダイス {onto} は卓上にありません。", f"Die {onto} is not on the table.")
        tower = state.towers[tower_index(state)[onto]]
        if tower[-1] != onto:
            raise IllegalAction("place", f"ダイス {onto} の上にはもうダイスがあります。塔のいちばん上に置きます。", f"Die {onto} already has a die on it; place on the top of a tower.")
        if onto == die:
            raise IllegalAction("place", "ダイスを自分自身の上には置けません。", "A die cannot go on itself.")
        if die_colour(state, onto) == mine:
            partner = " (partners count as self)" if state.players == 4 else ""
            raise IllegalAction(
                "opponent",
                "自分（またはペアの相手）の色のダイスが一番上の塔には置けません。相手の色の上に置きます。",
                f"The top of that tower is of your colour{partner}; place on an opponent's die.",
            )
        v, t = state.faces[die], state.faces[onto]
        if v + t != 7:
            raise IllegalAction(
                "faces",
                f"合わさる面が同じ数になりません: {v} の目のダイスの底は {7 - v} なので、上の目が {7 - v} のダイスにしか置けません（ダイス {onto} は {t}）。",
                f"The touching faces must match: a die showing {v} has {7 - v} underneath, so it goes only on a top showing {7 - v} (die {onto} shows {t}).",
            )
        if state.sizes[onto] > state.sizes[die]:
            raise IllegalAction(
                "size",
                f"下のダイス（{SIZE_NAMES[state.sizes[onto]]}）がつまんだダイス（{SIZE_NAMES[state.sizes[die]]}）より大きいので置けません。",
                f"The die below ({SIZE_NAMES[state.sizes[onto]]}) is larger than the die you hold ({SIZE_NAMES[state.sizes[die]]}).",
            )
        if action not in open_places:  # defensive: every rule above passed, so this cannot happen
            raise IllegalAction("place", "その置き方はできません。", "That placement is not possible.")

    # ----- transitions ----------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        phase = state.phase
        kind = type(action)
        if phase == ROLL:
            die = state.queue[0]
            if kind is Off:
                state = self._remove(state, die)._replace(last=Event("off", state.turn, die))
            else:
                faces = list(state.faces)
                faces[die] = action.value  # type: ignore[union-attr]
                state = state._replace(faces=tuple(faces))
            state = state._replace(queue=state.queue[1:])
            return state if state.queue else self._after_roll(state)
        if phase == PLACE_RISK and kind not in (Quake, Bump):
            pending = state.pending
            if kind is Stand:
                return self._place(state._replace(pending=None), pending.die, pending.onto)
            last_single = len(singles(state)) == 1
            state = self._remove(state, pending.die)
            state = self._fall(state, action.tower, action.keep)._replace(  # type: ignore[union-attr]
                then=Then.FALL_PLACE, pending=None, last_single=last_single, last=Event("burst-place", state.turn, pending.die, action.tower, action.keep)  # type: ignore[union-attr]
            )
            return state if state.queue else self._after_roll(state)
        if phase in (PLACE_RISK, REROLL_RISK) and kind in (Quake, Bump):
            return self._rare_case(state, action)  # type: ignore[arg-type]
        if phase == REROLL_RISK:
            if kind is Stand:
                return state._replace(phase=AFTER_REROLL)
            last_single = len(singles(state)) == 1  # DT-6: the re-rolled die was the table's last lone die
            state = self._fall(state, action.tower, action.keep)._replace(  # type: ignore[union-attr]
                then=Then.FALL_REROLL, last_single=last_single, last=Event("burst-reroll", state.turn, -1, action.tower, action.keep)  # type: ignore[union-attr]
            )
            return state if state.queue else self._after_roll(state)
        if phase == LOSE:
            removed = self._remove(state, action.die)._replace(last=Event("remove", self.remover(state), action.die), loser=-1)  # type: ignore[union-attr]
            if state.loser >= 0:  # DT-8: the bumper lost its die; the turn it interrupted goes on
                return self._resume(removed)
            return self._end_turn(removed, round_over=state.last_single)  # DT-6: a burst on the last lone die ends the round
        # TURN / AFTER_REROLL
        if kind is Place:
            p = self.place_risk(state, action.die, action.onto)  # type: ignore[union-attr]
            if p > 0:
                return state._replace(phase=PLACE_RISK, pending=Pending(action.die, action.onto))  # type: ignore[union-attr]
            return self._place(state, action.die, action.onto)  # type: ignore[union-attr]
        if kind is Reroll:
            mine = singles(state, colour_of_seat(state.players, state.turn))
            faces = list(state.faces)
            for d in mine:
                faces[d] = 0
            return state._replace(phase=ROLL, faces=tuple(faces), queue=tuple(mine), then=Then.REROLL, last=Event("reroll", state.turn))
        return self._end_turn(state._replace(last=Event("pass", state.turn)))

    def _rare_case(self, state: State, action: Quake | Bump) -> State:
        """DT-8, table mode: the acting seat's placement or re-roll stood, but a tower fell from outside (an
        earthquake) or because another seat bumped the table. The fallen dice lie alone and are entered again;
        only a bumper loses a die; then the interrupted turn goes on as it would have."""
        placing = state.phase == PLACE_RISK
        if placing:
            state = state._replace(towers=self._placed_towers(state), pending=None)
        if isinstance(action, Quake):
            then, loser, event = (Then.QUAKE_PLACE if placing else Then.QUAKE_REROLL), -1, Event("quake", state.turn, -1, action.tower, action.keep)
        else:
            then, loser, event = (Then.BUMP_PLACE if placing else Then.BUMP_REROLL), action.seat, Event("bump", action.seat, -1, action.tower, action.keep)
        state = self._fall(state, action.tower, action.keep)._replace(then=then, loser=loser, last=event)
        return state if state.queue else self._after_roll(state)

    def _resume(self, state: State) -> State:
        """After an earthquake or a bump (DT-8): the placement's turn ends; a re-roller goes on to place or pass."""
        state = state._replace(loser=-1)
        if state.then in (Then.QUAKE_PLACE, Then.BUMP_PLACE):
            return self._end_turn(state)
        return state._replace(phase=AFTER_REROLL)

    def _remove(self, state: State, die: int) -> State:
        removed = list(state.removed)
        removed[die] = True
        return state._replace(removed=tuple(removed), towers=tuple(t for t in state.towers if t != (die,)))

    def _fall(self, state: State, bottom: int, keep: int = 0) -> State:
        """The tower on ``bottom`` falls above its ``keep`` lowest levels: the fallen dice lie alone, to be rolled
        anew (DT-4) or entered as they lie; the levels that stand stay as they are, faces and all (DT-9:
        「崩れても2段以上残ったタワーはそのままの状態で継続」; one level left is a lone die that did not move)."""
        index = tower_index(state)
        tower = state.towers[index[bottom]]
        standing, fallen = tower[:keep], tower[keep:]
        towers = sorted([t for t in state.towers if t[0] != bottom] + ([standing] if standing else []) + [(d,) for d in fallen])
        faces = list(state.faces)
        for d in fallen:
            faces[d] = 0
        return state._replace(phase=ROLL, towers=tuple(towers), faces=tuple(faces), queue=tuple(sorted(fallen)))

    def _place(self, state: State, die: int, onto: int) -> State:
        towers = [t for t in state.towers if t != (die,)]
        towers = tuple(t + (die,) if t[-1] == onto else t for t in towers)
        state = state._replace(towers=towers, last=Event("place", state.turn, die, onto))
        return self._end_turn(state, round_over=not singles(state))

    def _after_roll(self, state: State) -> State:
        then = state.then
        if then == Then.DEAL:
            return state._replace(phase=TURN, turn=state.start)
        if then == Then.REROLL:
            if self.reroll_risks(state):
                return state._replace(phase=REROLL_RISK)
            return state._replace(phase=AFTER_REROLL)
        if then == Then.FALL_PLACE:
            return self._end_turn(state, round_over=state.last_single)
        if then in (Then.BUMP_PLACE, Then.BUMP_REROLL) and singles(state, colour_of_seat(state.players, state.loser)):
            return state._replace(phase=LOSE)
        if then in (Then.QUAKE_PLACE, Then.QUAKE_REROLL, Then.BUMP_PLACE, Then.BUMP_REROLL):
            return self._resume(state)
        if singles(state, colour_of_seat(state.players, state.turn)):
            return state._replace(phase=LOSE)
        return self._end_turn(state, round_over=state.last_single)

    def _end_turn(self, state: State, round_over: bool = False) -> State:
        turns = state.turns + 1
        n = state.players
        if round_over or turns >= LAPS * n:
            return self._end_round(state._replace(turns=turns))
        return state._replace(phase=TURN, turn=(state.turn + 1) % n, turns=turns, pending=None, last_single=False)

    def _end_round(self, state: State) -> State:
        points = round_scores(state)
        scores = tuple(a + b for a, b in zip(state.scores, points))
        state = state._replace(scores=scores, rounds=state.rounds + (points,), pending=None, last_single=False)
        if state.round >= state.players:
            return state._replace(phase=OVER)
        live = tuple(d for d in range(len(state.faces)) if not state.removed[d])
        start = (state.start + 1) % state.players
        return state._replace(
            phase=ROLL,
            round=state.round + 1,
            start=start,
            turn=start,
            turns=0,
            towers=tuple((d,) for d in live),
            faces=(0,) * len(state.faces),
            queue=live,
            then=Then.DEAL,
            last=Event("round", -1),  # the last move belongs to the round just scored: the page no longer reports it
        )

    # ----- the end ----------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        n = state.players
        seat_scores = tuple(state.scores[colour_of_seat(n, s)] for s in range(n))
        best = max(seat_scores)
        winners = tuple(s for s in range(n) if seat_scores[s] == best)
        if n == 4:
            teams_ja = f"チーム 1・3: {state.scores[0]} 点、チーム 2・4: {state.scores[1]} 点"
            teams_en = f"team 1+3: {state.scores[0]}, team 2+4: {state.scores[1]}"
            if state.scores[0] == state.scores[1]:
                ja, en = f"{teams_ja}。引き分け", f"{teams_en}: a draw"
            else:
                w = 0 if state.scores[0] > state.scores[1] else 1
                ja, en = f"{teams_ja}。チーム {w + 1}・{w + 3} の勝ち", f"{teams_en}: team {w + 1}+{w + 3} wins"
        else:
            listing_ja = "、".join(f"{seat_ja(s)} {seat_scores[s]} 点" for s in range(n))
            listing_en = ", ".join(f"{seat_en(s)} {seat_scores[s]}" for s in range(n))
            names_ja = "・".join(seat_ja(s) for s in winners)
            names_en = " and ".join(seat_en(s) for s in winners)
            ja = f"{listing_ja}。{names_ja} の勝ち" + ("（同点）" if len(winners) > 1 else "")
            en = f"{listing_en}: {names_en} win" + ("" if len(winners) > 1 else "s") + (" (a tie)" if len(winners) > 1 else "")
        return Outcome(
            scores=seat_scores,
            winners=winners,
            reason="game-end",
            summary_ja=ja,
            summary_en=en,
            detail=(("rounds", state.round), ("colour_scores", list(state.scores))),
        )

    def parse_action(self, text: str) -> Action:
        return parse(text)

    # ----- what a seat knows (everything) ----------------------------------------------------------------
    def observe(self, state: State, seat: int) -> DiceOfTowerObservation:
        n = state.players
        return DiceOfTowerObservation(
            game=self.name,
            you=seat,
            players=n,
            colours=state.colours,
            seat_colours=[colour_of_seat(n, s) for s in range(n)],
            sizes=list(state.sizes),
            faces=list(state.faces),
            removed=list(state.removed),
            towers=[list(t) for t in state.towers],
            phase=PHASE_NAMES[state.phase],
            round=state.round,
            rounds_total=n,
            start=state.start,
            turn=state.turn,
            turns=state.turns,
            laps=LAPS,
            queue=list(state.queue),
            then=THEN_NAMES[state.then],
            hands=HandsSeen(
                height=state.hands.height,
                step=state.hands.step,
                reroll=state.hands.reroll,
            ),
            table=state.table,
            scores=list(state.scores),
            rounds=[list(r) for r in state.rounds],
            pending=None if state.pending is None else [state.pending.die, state.pending.onto],
            last_single=state.last_single,
            last=None if state.last is None else list(state.last),
            loser=state.loser,
        )

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        """Nothing is hidden: the observation rebuilds the one state it comes from (for the search bot)."""
        return state_from_observation(observation)

    def reveals(self, state: State, action: Action) -> bool:
        return False


__all__ = ["DiceOfTower", "die_colour", "placements", "round_scores", "singles", "state_from_observation", "tower_index"]
