"""High Card: a two-seat toy game with one hidden card each, for platform tests.

Each seat is dealt one card from 1–6 (chance, one card at a time). Seat 0
bets or checks; after a bet seat 1 calls or folds. A fold splits the win
(both seats share it); otherwise the higher card wins. So seat 1 should fold
holding 1–3 and call holding 4–6 against an unknown card. Small enough to reason about by hand,
hidden enough to test pass screens, spectator views and search bots.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from rulebook.core import CHANCE, SPECTATOR, TERMINAL, Game, IllegalAction, Outcome
from rulebook.core.game import unknown_action
from rulebook.core.text import parse_rules

CARDS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Deal:
    seat: int
    card: int

    def __str__(self) -> str:
        return f"deal {self.seat} {self.card}"


@dataclass(frozen=True)
class Say:
    word: str  # bet | check | call | fold

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class State:
    cards: tuple[int, ...] = ()
    said: tuple[str, ...] = ()


class HighCard(Game[State, Any]):
    name = "toy_cards"
    version = 1
    title_ja = "ハイカード"
    title_en = "High Card"
    hidden_information = True

    def num_seats(self, state: State) -> int:
        return 2

    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        return State()

    def current_player(self, state: State) -> int:
        if len(state.cards) < 2:
            return CHANCE
        if self._over(state):
            return TERMINAL
        return len(state.said) % 2

    def _over(self, state: State) -> bool:
        return state.said in (("check",), ("bet", "call"), ("bet", "fold"))

    def chance_outcomes(self, state: State) -> list[tuple[Any, float]]:
        if len(state.cards) >= 2:
            return []
        left = [c for c in CARDS if c not in state.cards]
        return [(Deal(len(state.cards), c), 1 / len(left)) for c in left]

    def legal_actions(self, state: State) -> list[Any]:
        player = self.current_player(state)
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes(state)]
        if player == TERMINAL:
            return []
        return [Say("bet"), Say("check")] if player == 0 else [Say("call"), Say("fold")]

    def check(self, state: State, action: Any) -> None:
        if self.current_player(state) == CHANCE:
            self.check_chance(state, action)
        elif action not in self.legal_actions(state):
            raise IllegalAction("play", "いまはその手はできません。", "That move is not possible now.")

    def next_state(self, state: State, action: Any) -> State:
        if isinstance(action, Deal):
            return replace(state, cards=state.cards + (action.card,))
        return replace(state, said=state.said + (action.word,))

    def observe(self, state: State, seat: int) -> dict[str, Any]:
        over = self._over(state)
        mine = state.cards[seat] if 0 <= seat < len(state.cards) else None
        return {
            "you": seat,
            "card": mine,
            "said": list(state.said),
            "cards": list(state.cards) if over and state.said != ("bet", "fold") else None,
            "dealt": len(state.cards),
        }

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        if observation["cards"] is not None:
            return State(tuple(observation["cards"]), tuple(observation["said"]))
        cards = [None, None][: observation["dealt"]]
        if 0 <= seat < observation["dealt"]:
            cards[seat] = observation["card"]
        left = [c for c in CARDS if c not in cards]
        for k in range(len(cards)):
            if cards[k] is None:
                cards[k] = left.pop(int(rng.integers(len(left))))
        return State(tuple(cards), tuple(observation["said"]))

    def outcome(self, state: State) -> Outcome | None:
        if not self._over(state):
            return None
        if state.said == ("bet", "fold"):
            return Outcome((1, 1), (0, 1), "end", "引き分け", "Split")
        winner = 0 if state.cards[0] > state.cards[1] else 1
        return Outcome((int(winner == 0), int(winner == 1)), (winner,), "end", "終了", "Over")

    def parse_action(self, text: str) -> Any:
        words = str(text).split()
        if len(words) == 3 and words[0] == "deal" and words[1].isdigit() and words[2].isdigit():
            return Deal(int(words[1]), int(words[2]))
        if len(words) == 1 and words[0] in ("bet", "check", "call", "fold"):
            return Say(words[0])
        raise unknown_action(str(text), ("bet", "call"))

    def reveals(self, state: State, action: Any) -> bool:
        """A call shows both cards (the showdown); betting, checking and folding show nothing."""
        return action == Say("call")


RULES = {
    "ja": parse_rules("# ハイカード\n\n## 手番 {#play}\n賭けるか降りる。\n\n## 終わり {#end}\n高い方が勝ち。\n\n## 行動 {#actions}\nbet など。\n\n## 偶然 {#chance}\n配る。", "ja"),
    "en": parse_rules("# High Card\n\n## Turn {#play}\nBet or fold.\n\n## End {#end}\nHigher card wins.\n\n## Moves {#actions}\nbet etc.\n\n## Chance {#chance}\nDeal.", "en"),
}
GAME = HighCard()
__all__ = ["GAME", "RULES", "SPECTATOR", "Deal", "HighCard", "Say", "State"]
