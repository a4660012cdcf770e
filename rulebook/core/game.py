"""The engine contract every game implements (docs/architecture.md, "The engine contract").

A game is a set of pure functions over immutable states. ``apply`` always
validates through ``check`` so that a refused action raises
``IllegalAction`` and the caller's state is untouched (states are frozen
values, so there is nothing to roll back). Chance is a seat of its own
(``CHANCE``): the driver, never the game, samples ``chance_outcomes``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Hashable, Mapping, Sequence, TypeVar

from .errors import BadOption, IllegalAction, UnreadableAction
from .observation import Observation, OutcomeSeen
from .random_bot import RandomBot

CHANCE = -1
"""``current_player`` at a chance node: dice, shuffles, draws."""
TERMINAL = -2
"""``current_player`` once the game is over."""
SPECTATOR = -3
"""``observe(state, SPECTATOR)``: what everybody at the table may know (no hand at all)."""

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: scores per seat, the winners, and why.

    ``reason`` is a rule id (the paragraph that ended the game); the two
    summaries are one line each for the page. ``detail`` holds game-specific
    extras (a rating title, rounds played) as key/value pairs so the value
    stays hashable.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    summary_ja: str
    summary_en: str
    detail: tuple[tuple[str, Any], ...] = field(default=())

    def get(self, key: str, default: Any = None) -> Any:
        """Look up a ``detail`` entry by name."""
        return dict(self.detail).get(key, default)

    def summary(self, lang: str) -> str:
        return self.summary_ja if lang == "ja" else self.summary_en

    def as_dict(self) -> OutcomeSeen:
        """Plain lists and dicts, as observations carry it to the page (JSON-ready when ``detail`` is)."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "summary_ja": self.summary_ja,
            "summary_en": self.summary_en,
            "detail": dict(self.detail),
        }


@dataclass(frozen=True)
class BotKind:
    """A bot a seat may take: its name in JA and EN, and how to make a fresh one for a game.

    Games list theirs in ``Game.bots`` (kind -> ``BotKind``); the random bot
    every game has is added after them.
    """

    label_ja: str
    label_en: str
    make: Callable[[Any], Any]


def _random_bot(game: Any) -> Any:
    return RandomBot()


RANDOM_BOT = BotKind("ランダム", "Random", _random_bot)


def search_bot_kind(make: Callable[[Any], Any]) -> BotKind:
    """The shared search bot of a game (one name on every page)."""
    return BotKind("探索ボット", "Search bot", make)


def rules_bot_kind(make: Callable[[Any], Any]) -> BotKind:
    """A game's rule-based bot (one name on every page)."""
    return BotKind("ルールボット", "Rule-based bot", make)


class Game(ABC, Generic[S, A]):
    """Base class of every game engine.

    Subclasses implement the abstract methods; ``apply`` and ``is_legal`` are
    derived from ``check`` so that validation lives in exactly one place.
    """

    name: ClassVar[str]
    """Machine name, also the package and notebook name (``chiritsumo``)."""
    version: ClassVar[int]
    """Bumped whenever a saved game of the previous version would replay differently."""
    title_ja: ClassVar[str]
    title_en: ClassVar[str]
    hidden_information: ClassVar[bool] = False
    """True when seats see different things (hands, face-down cards).

    Such a game implements ``sample_state`` for search bots, and the page
    shows only the acting seat's observation, with a pass screen between
    two human seats.
    """

    # ----- options -------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        """Options of a new game when the user picks nothing."""
        return {}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and refuse unknown keys; games extend this to check values.

        Raises ``BadOption`` rather than silently ignoring a typo, because a
        saved game with an option we dropped would replay differently.
        """
        merged = self.default_options()
        for key, value in (options or {}).items():
            if key not in merged:
                raise BadOption(
                    "options",
                    f"このゲームには「{key}」という設定はありません。",
                    f"This game has no option named '{key}'.",
                )
            merged[key] = value
        return merged

    @abstractmethod
    def num_seats(self, state: S) -> int:
        """How many seats (players) play in this game."""

    # ----- the rules ---------------------------------------------------------
    @abstractmethod
    def initial_state(self, options: Mapping[str, Any] | None = None) -> S:
        """The state before the first action (options already normalised or not)."""

    @abstractmethod
    def current_player(self, state: S) -> int:
        """Seat to act, ``CHANCE`` at a chance node, ``TERMINAL`` when over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """All legal actions in a stable order (empty when terminal)."""

    @abstractmethod
    def check(self, state: S, action: A) -> None:
        """Raise ``IllegalAction`` with the rule it breaks; return if legal."""

    @abstractmethod
    def next_state(self, state: S, action: A) -> S:
        """The state after a legal action. Only called after ``check`` passed."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> list[tuple[A, float]]:
        """At a chance node: every outcome with its probability (they sum to 1)."""

    @abstractmethod
    def observe(self, state: S, seat: int) -> Observation:
        """What ``seat`` may know, as plain JSON-able data (the only thing views and bots see).

        Each game returns its own frozen dataclass deriving from
        ``rulebook.core.observation.Observation``: views read it by
        attribute; bots, hints, tests and JSON treat it as a read-only dict.
        It names its seat as ``"you"``. ``seat`` may also be ``SPECTATOR``:
        what is public, drawn while a hot-seat page waits for the next
        player to take the tablet.
        """

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action written as ``text`` (inverse of ``str(action)``)."""

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> S:
        """A full state drawn at random among those ``seat`` cannot tell apart.

        Games with hidden information override this (a *determinization*:
        deal the unseen cards at random, consistently with everything the
        observation says). Search bots plan on such samples, so they never
        use what their seat cannot see. ``observe(sample_state(o, seat, rng),
        seat) == o`` must hold. A game with nothing hidden has nothing to
        sample; its observations are the state.
        """
        raise TypeError(f"{self.name} has no hidden information to sample")

    def reveals(self, state: S, action: A) -> bool:
        """True when ``action`` (by a seat, at ``state``) shows someone what they could not know.

        An audit that turns cards over, a card played face up from a hidden
        hand. Undo stops at such a move (``Match.undo_start``): taking it back
        would let a player act again knowing what it showed. Chance outcomes
        count as shown without asking. The default is safe: in a game with
        hidden information every move may show something; games say which
        of their moves do not.
        """
        return self.hidden_information

    # ----- bots -------------------------------------------------------------------
    bots: ClassVar[Mapping[str, BotKind]] = {}
    """The game's own bots, strongest first (kind -> ``BotKind``); the random bot follows them."""

    def all_bots(self) -> dict[str, BotKind]:
        return {**self.bots, "random": RANDOM_BOT}

    def bot_kinds(self) -> dict[str, tuple[str, str]]:
        """Bot kinds a seat may take: kind -> (label JA, label EN). Every game has at least the random bot."""
        return {kind: (bot.label_ja, bot.label_en) for kind, bot in self.all_bots().items()}

    def make_bot(self, kind: str) -> Any:
        """A fresh bot of ``kind`` (one of ``bot_kinds``); ``KeyError`` for any other kind."""
        return self.all_bots()[kind].make(self)

    # ----- derived -----------------------------------------------------------
    def apply(self, state: S, action: A) -> S:
        """Validate, then move on. Raises ``IllegalAction``; ``state`` is unchanged."""
        self.check(state, action)
        return self.next_state(state, action)

    def is_legal(self, state: S, action: A) -> bool:
        try:
            self.check(state, action)
        except IllegalAction:
            return False
        return True

    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    def check_chance(self, state: S, action: A) -> None:
        """Shared validation of an action offered at a chance node."""
        for outcome, probability in self.chance_outcomes(state):
            if outcome == action and probability > 0:
                return
        raise IllegalAction(
            "chance",
            f"「{action}」はいま起こりうる偶然の結果ではありません。",
            f"'{action}' is not a possible chance outcome here.",
        )


def unknown_action(text: str, examples: Sequence[str]) -> UnreadableAction:
    """Refusal of text that parses as no action of the game (not a rule: the format)."""
    shown = ", ".join(f"'{e}'" for e in examples)
    return UnreadableAction(
        "actions",
        f"「{text}」は読み取れない行動です。例: {shown}",
        f"Cannot read '{text}' as an action. Examples: {shown}",
    )
