"""Pig on the engine contract (docs/architecture.md, "The engine contract").

Made with ``rulebook new pig`` and completed by hand (docs/designing-a-game.md).
On your turn you roll one die as often as you like (rule ``roll``): each
roll adds its pips to the turn's points, but a 1 loses them and ends the
turn (rule ``bust``). Holding banks the turn's points and passes the die
(rule ``hold``). The first whose banked points reach ``GOAL`` wins (rule
``goal``). Every refusal raises ``IllegalAction`` with the id of the rules
paragraph it breaks; the ids are the ``{#id}`` headings of ``rules.*.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from rulebook.core.errors import BadOption, IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, BotKind, Game, Outcome, rules_bot_kind

from .actions import Action, Die, Hold, Roll, parse
from .bots import FewestTurns, HoldAt
from .observation import PigObservation

GOAL = 100
"""The banked total that wins."""
PLAYERS = (1, 2, 3, 4)
"""Seat counts a game may have (alone: reach the goal in as few turns as you can)."""
FACES = 6
BUST = 1
"""The face that loses the turn's points."""


@dataclass(frozen=True)
class State:
    """Banked totals, whose turn it is, the turn's points, and whether the die is in the air (chance acts next)."""

    totals: tuple[int, ...]
    seat: int = 0
    turn_total: int = 0
    rolling: bool = False
    last: int = 0
    """The pips of the last die (0 before the first roll)."""
    turns: int = 0
    """Turns finished so far, by every seat (alone: your score, fewer is better)."""
    busted: bool = False
    """The last turn ended on a 1 (for the page and the log)."""

    @property
    def over(self) -> bool:
        return max(self.totals) >= GOAL


class Pig(Game[State, Action]):
    name = "pig"
    version = 1
    title_ja = "ピッグ"
    title_en = "Pig"

    bots = {
        "hold20": rules_bot_kind(lambda game: HoldAt(20)),
        "fewest": BotKind("最少ターン（厳密）", "Fewest turns (exact)", lambda game: FewestTurns()),
    }

    # ----- options -----------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"players": 1}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        if type(merged["players"]) is not int or merged["players"] not in PLAYERS:
            raise BadOption(
                "players",
                f"人数は {PLAYERS[0]}〜{PLAYERS[-1]} 人です（「{str(merged['players'])[:20]}」は不可）。",
                f"Play with {PLAYERS[0]} to {PLAYERS[-1]} players (not '{str(merged['players'])[:20]}').",
            )
        return merged

    def num_seats(self, state: State) -> int:
        return len(state.totals)

    # ----- set-up and flow ---------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(options)
        return State(totals=(0,) * opts["players"])

    def current_player(self, state: State) -> int:
        if state.over:
            return TERMINAL
        return CHANCE if state.rolling else state.seat

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if state.over or not state.rolling:
            return []
        return [(Die(pips), 1 / FACES) for pips in range(1, FACES + 1)]

    def legal_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        if state.rolling:
            return [action for action, _ in self.chance_outcomes(state)]
        return [Roll(), Hold()] if state.turn_total > 0 else [Roll()]

    # ----- the rules ----------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        if not isinstance(action, (Roll, Hold, Die)):
            raise IllegalAction("actions", f"「{str(action)[:40]}」はこのゲームの手ではありません。", f"'{str(action)[:40]}' is not a move of this game.")
        if state.over:
            raise IllegalAction("goal", "ゲームは終わっています。", "The game is over.")
        if state.rolling:
            if not isinstance(action, Die):
                raise IllegalAction("roll", "ダイスはもう振られています。出た目を待ってください。", "The die is already rolling: wait for what it shows.")
            self.check_chance(state, action)
            return
        if isinstance(action, Die):
            raise IllegalAction("chance", "まだダイスを振っていません。", "Nobody has rolled the die yet.")
        if isinstance(action, Hold) and state.turn_total == 0:
            raise IllegalAction("hold", "このターンはまだ点がありません。まず振ってください。", "This turn has no points yet: roll first.")

    def next_state(self, state: State, action: Action) -> State:
        if isinstance(action, Roll):
            return replace(state, rolling=True, busted=False)
        if isinstance(action, Hold):
            return self._bank(state)
        if action.pips == BUST:  # the turn's points are lost and the die passes on
            return self._pass(replace(state, rolling=False, last=action.pips, turn_total=0, busted=True))
        after = replace(state, rolling=False, last=action.pips, turn_total=state.turn_total + action.pips)
        if after.totals[state.seat] + after.turn_total >= GOAL:
            return self._bank(after)  # reaching the goal wins at once: no need to hold
        return after

    def _bank(self, state: State) -> State:
        totals = list(state.totals)
        totals[state.seat] += state.turn_total
        return self._pass(replace(state, totals=tuple(totals), turn_total=0))

    def _pass(self, state: State) -> State:
        after = replace(state, turns=state.turns + 1)
        if after.over:
            return after
        return replace(after, seat=(state.seat + 1) % len(state.totals))

    # ----- what seats see, and the end ---------------------------------------------------
    def observe(self, state: State, seat: int) -> PigObservation:
        """Nothing is hidden: every seat sees the whole state."""
        return PigObservation(
            you=seat,
            totals=list(state.totals),
            seat=state.seat,
            turn_total=state.turn_total,
            rolling=state.rolling,
            last=state.last,
            busted=state.busted,
            turns=state.turns,
            goal=GOAL,
            over=state.over,
        )

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        winner = state.seat
        if len(state.totals) == 1:
            ja, en = f"{state.turns} ターンで {GOAL} 点に届きました。", f"You reached {GOAL} in {state.turns} turns."
        else:
            ja, en = f"席 {winner + 1} の勝ち（{state.totals[winner]} 点）。", f"Seat {winner + 1} wins with {state.totals[winner]}."
        return Outcome(scores=state.totals, winners=(winner,), reason="goal", summary_ja=ja, summary_en=en, detail=(("turns", state.turns),))

    def parse_action(self, text: str) -> Action:
        return parse(text)


__all__ = ["BUST", "FACES", "GOAL", "PLAYERS", "Pig", "State"]
