"""The Puniu Dice engine: 1–6 seats, 8 turns each in seat order.

A turn: the five dice are rolled (chance, one die at a time, so table mode
enters real dice), then the player may re-roll any dice up to twice
(``Reroll``: the dice not named are held), and must write the dice into one
open category (``Score``). After every seat's 8th turn the sheets are
totalled with the penalty bands (PD-2) and the highest final wins (ties share).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, NamedTuple

from rulebook.core.errors import BadOption, IllegalAction
from rulebook.core.game import CHANCE, TERMINAL, BotKind, Game, Outcome

from .actions import Action, Reroll, Roll, Score, parse
from .bots import GreedyBot, HintBot
from .observation import EntrySeen, LastSeen, PuniuObservation, SheetSeen
from .scoring import CATEGORIES, band, cancel_count, cancelled, category_score, check_category, final_score

DICE = 5
ROLLS = 3
"""The first roll plus up to two re-rolls."""
TURNS = len(CATEGORIES)
"""Turns per seat: one per category (8)."""
MIN_SEATS, MAX_SEATS = 1, 6
CATEGORY_NAMES: dict[str, tuple[str, str]] = {
    "6s": ("6s", "6s"),
    "5s": ("5s", "5s"),
    "4s": ("4s", "4s"),
    "3s": ("3s", "3s"),
    "2s": ("2s", "2s"),
    "1s": ("1s", "1s"),
    "chance": ("チャンス", "Chance"),
    "kind": ("カインド", "Kind"),
}


class Entry(NamedTuple):
    """One filled category of a sheet (equal to the plain pair ``(score, penalty)``)."""

    score: int
    penalty: int


@dataclass(frozen=True)
class Sheet:
    """One seat's score sheet: ``entries[k]`` is (score, penalty) of ``CATEGORIES[k]`` or None."""

    entries: tuple[Entry | None, ...] = (None,) * TURNS
    kind_face: int = 0

    def __post_init__(self) -> None:  # plain (score, penalty) pairs read by name too
        entries = tuple(e if e is None or isinstance(e, Entry) else Entry(*e) for e in self.entries)
        object.__setattr__(self, "entries", entries)

    def open_categories(self) -> tuple[str, ...]:
        return tuple(c for c, e in zip(CATEGORIES, self.entries) if e is None)

    def penalty(self) -> int:
        return sum(e.penalty for e in self.entries if e is not None)

    def score_sum(self) -> int:
        return sum(e.score for e in self.entries if e is not None)

    def final(self) -> int:
        return final_score(self.entries)

    def cancelled(self) -> tuple[int, ...]:
        return cancelled(self.entries)


@dataclass(frozen=True)
class Last:
    """The most recent entry written (for the page and the log)."""

    seat: int
    category: str
    face: int
    dice: tuple[int, ...]
    score: int
    penalty: int


@dataclass(frozen=True)
class State:
    """The table: sheets, whose turn, the dice (0 = still to be rolled) and rolls begun this turn."""

    sheets: tuple[Sheet, ...]
    round: int = 1
    turn: int = 0
    dice: tuple[int, ...] = (0,) * DICE
    rolls: int = 1
    last: Last | None = None
    result: Outcome | None = None

    @property
    def rerolls_left(self) -> int:
        return ROLLS - self.rolls

    @property
    def rolling(self) -> bool:
        return 0 in self.dice


def category_label(category: str, face: int, lang: str) -> str:
    ja, en = CATEGORY_NAMES.get(category, (category, category))
    name = ja if lang == "ja" else en
    return f"{name}（{face}）" if category == "kind" and face and lang == "ja" else (f"{name} ({face})" if category == "kind" and face else name)


class Puniu(Game[State, Action]):
    name = "puniu"
    version = 1
    title_ja = "ぷにぅダイス"
    title_en = "Puniu Dice"

    # ----- options -------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"players": 1}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        players = merged["players"]
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players.strip())
        if type(players) is not int or not MIN_SEATS <= players <= MAX_SEATS:
            raise BadOption(
                "players",
                f"人数は {MIN_SEATS}〜{MAX_SEATS} の整数で指定してください（{str(players)[:10]}）。",
                f"Players must be a whole number from {MIN_SEATS} to {MAX_SEATS} (got {str(players)[:10]}).",
            )
        merged["players"] = players
        return merged

    def num_seats(self, state: State) -> int:
        return len(state.sheets)

    bots = {
        "hint": BotKind("ヒントどおりのボット", "Hint bot", lambda game: HintBot()),
        "greedy": BotKind("目先ボット（振り直さない）", "Greedy bot (never re-rolls)", lambda game: GreedyBot()),
    }

    # ----- set-up and flow ---------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(options)
        return State(sheets=(Sheet(),) * opts["players"])

    def current_player(self, state: State) -> int:
        if state.result is not None:
            return TERMINAL
        if state.rolling:
            return CHANCE
        return state.turn

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if state.result is not None or not state.rolling:
            return []
        die = state.dice.index(0)
        return [(Roll(die, pips), 1 / 6) for pips in range(1, 7)]

    def legal_actions(self, state: State) -> list[Action]:
        if state.result is not None:
            return []
        if state.rolling:
            return [a for a, _ in self.chance_outcomes(state)]
        actions: list[Action] = []
        for category in state.sheets[state.turn].open_categories():
            if category == "kind":
                actions += [Score("kind", face) for face in range(1, 7)]
            else:
                actions.append(Score(category))
        if state.rerolls_left > 0:
            for mask in range(1, 2**DICE):
                actions.append(Reroll(tuple(i for i in range(DICE) if mask >> i & 1)))
        return actions

    # ----- validation ----------------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        if not isinstance(action, (Roll, Reroll, Score)):
            raise IllegalAction("actions", f"「{str(action)[:40]}」は行動ではありません。", f"'{str(action)[:40]}' is not an action.")
        if state.result is not None:
            raise IllegalAction("end", "ゲームは終わっています。", "The game is over.")
        if isinstance(action, Roll):
            if not state.rolling:
                raise IllegalAction(
                    "chance",
                    "いまはダイスを振る場面ではありません（振り直すダイスを選ぶか、役を選んでください）。",
                    "No die is waiting to be rolled (choose dice to re-roll, or a category).",
                )
            self.check_chance(state, action)
            return
        if state.rolling:
            die = state.dice.index(0)
            raise IllegalAction(
                "turn",
                f"まだダイスを振っている途中です（次はダイス {die + 1}）。",
                f"The dice are still being rolled (die {die + 1} is next).",
            )
        if isinstance(action, Reroll):
            self._check_reroll(state, action)
            return
        self._check_score(state, action)

    def _check_reroll(self, state: State, action: Reroll) -> None:
        if state.rerolls_left <= 0:
            raise IllegalAction(
                "reroll",
                "振り直しは 1 手番に 2 回までです。役を選んでください。",
                "Only two re-rolls per turn: choose a category now.",
            )
        dice = action.dice
        if not dice:
            raise IllegalAction(
                "reroll",
                "振り直すダイスを 1 個以上選んでください（全部残すなら役を選びます）。",
                "Release at least one die to re-roll (to keep all five, choose a category).",
            )
        if any(not 0 <= d < DICE for d in dice):
            raise IllegalAction(
                "reroll",
                f"ダイスは 0〜{DICE - 1} 番です（{str(action)[:40]}）。",
                f"Dice are numbered 0 to {DICE - 1} ({str(action)[:40]}).",
            )
        if list(dice) != sorted(set(dice)):
            raise IllegalAction(
                "reroll",
                "振り直すダイスの番号は重複なく小さい順に書きます。",
                "List the dice to re-roll once each, in increasing order.",
            )

    def _check_score(self, state: State, action: Score) -> None:
        check_category(action.category, action.face or None)
        sheet = state.sheets[state.turn]
        k = CATEGORIES.index(action.category)
        if sheet.entries[k] is not None:
            name_ja, name_en = CATEGORY_NAMES[action.category]
            raise IllegalAction(
                "choose",
                f"「{name_ja}」はもう記入済みです。役はゲーム中に 1 回ずつしか選べません。",
                f"'{name_en}' is already filled in; each category is used once per game.",
            )

    # ----- transitions ----------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        if isinstance(action, Roll):
            dice = state.dice[: action.die] + (action.pips,) + state.dice[action.die + 1 :]
            return replace(state, dice=dice)
        if isinstance(action, Reroll):
            dice = tuple(0 if i in action.dice else d for i, d in enumerate(state.dice))
            return replace(state, dice=dice, rolls=state.rolls + 1)
        return self._after_score(state, action)

    def _after_score(self, state: State, action: Score) -> State:
        seat = state.turn
        score, penalty = category_score(state.dice, action.category, action.face or None)
        sheet = state.sheets[seat]
        k = CATEGORIES.index(action.category)
        entries = sheet.entries[:k] + (Entry(score, penalty),) + sheet.entries[k + 1 :]
        sheet = replace(sheet, entries=entries, kind_face=action.face if action.category == "kind" else sheet.kind_face)
        sheets = state.sheets[:seat] + (sheet,) + state.sheets[seat + 1 :]
        last = Last(seat, action.category, action.face, state.dice, score, penalty)
        turn, rnd = seat + 1, state.round
        if turn == len(sheets):
            turn, rnd = 0, rnd + 1
        state = replace(state, sheets=sheets, last=last, dice=(0,) * DICE, rolls=1, turn=turn, round=rnd)
        if rnd > TURNS:
            return self._finish(state)
        return state

    def _finish(self, state: State) -> State:
        finals = tuple(sheet.final() for sheet in state.sheets)
        top = max(finals)
        winners = tuple(k for k, f in enumerate(finals) if f == top)
        if len(finals) == 1:
            ja, en = f"最終得点 {top} 点", f"Final score {top}"
        else:
            names_ja = "・".join(f"席 {k + 1}" for k in winners)
            names_en = ", ".join(f"seat {k + 1}" for k in winners)
            tie_ja = "（同点で勝利を分け合います）" if len(winners) > 1 else ""
            tie_en = " (tied: they share the win)" if len(winners) > 1 else ""
            ja = f"{names_ja} の勝ち（{top} 点）{tie_ja}"
            en = f"{names_en} win{'s' if len(winners) == 1 else ''} with {top}{tie_en}"
        outcome = Outcome(
            scores=finals,
            winners=winners,
            reason="end",
            summary_ja=ja,
            summary_en=en,
            detail=(
                ("penalties", tuple(s.penalty() for s in state.sheets)),
                ("cancelled", tuple(s.cancelled() for s in state.sheets)),
            ),
        )
        return replace(state, round=TURNS, turn=0, result=outcome)

    # ----- views -------------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def observe(self, state: State, seat: int) -> PuniuObservation:
        """Everything is public: every sheet, the dice, the rolls."""
        sheets: list[SheetSeen] = []
        for sheet in state.sheets:
            penalty = sheet.penalty()
            low, high = band(penalty)
            sheets.append(
                SheetSeen(
                    entries=[
                        None if e is None else EntrySeen(score=e.score, penalty=e.penalty, face=sheet.kind_face if c == "kind" else 0)
                        for c, e in zip(CATEGORIES, sheet.entries)
                    ],
                    penalty=penalty,
                    score_sum=sheet.score_sum(),
                    band=[low, high],
                    cancel_count=cancel_count(penalty),
                    cancelled=list(sheet.cancelled()),
                    final=sheet.final(),
                )
            )
        result = state.result
        last = state.last
        return PuniuObservation(
            game=self.name,
            you=seat,
            categories=list(CATEGORIES),
            round=state.round,
            turns=TURNS,
            turn=None if result else state.turn,
            dice=list(state.dice),
            rolls=state.rolls,
            rerolls_left=state.rerolls_left,
            rolling=state.rolling and result is None,
            sheets=sheets,
            last=None if last is None else LastSeen(
                seat=last.seat,
                category=last.category,
                face=last.face,
                dice=list(last.dice),
                score=last.score,
                penalty=last.penalty,
            ),
            outcome=None if result is None else result.as_dict(),
        )


__all__ = ["CATEGORY_NAMES", "DICE", "Entry", "Last", "Puniu", "ROLLS", "Sheet", "State", "TURNS", "category_label"]
