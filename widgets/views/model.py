"""View models: what a game's page shows, as plain data, before any widget.

docs/architecture.md, "Views": each game has ``present(observation, engine, page) ->
ViewModel``, a pure function tested without a browser, and a thin drawing
layer that turns the view model into widgets. This module holds what every
game's view model is made of, and the helpers that exist once for all games:

- ``Control``: a button or tappable element, enabled or disabled *with the
  reason* (taken from the engine's ``IllegalAction``, never restated here);
- ``Message``: a line of feedback with its kind (so defeat is never drawn in
  the colour of success) and the rule it cites;
- ``ViewModel``: status line, caption, board data for the game's ES module,
  controls and messages, as JSON for a synced traitlet;
- ``Engine``: the facts a view may ask of the engine for the seat on the
  page (legal actions, and why any other action is refused);
- ``Catalogue`` (from ``catalogue.py``): a game's UI texts in JA and EN in one place, with plurals;
- ``as_int`` and ``seat_label``: the one type guard for values arriving from
  the browser and the one way to name a seat.

Nothing here imports ipywidgets: view models are data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping, Sequence, TypeVar

from rulebook.core import HUMAN, IllegalAction, RulebookError

from .catalogue import Catalogue, fields_of

MessageKind = Literal["info", "error", "success", "defeat", "hint", "notice"]
KINDS: tuple[str, ...] = ("info", "error", "success", "defeat", "hint", "notice")


# ----- the one type guard ---------------------------------------------------------------
def as_int(value: Any, low: int | None = None, high: int | None = None) -> int | None:
    """``value`` if it is a plain int within ``[low, high]``, else None.

    Everything a board sends back from the browser is untrusted JSON: a bool
    is not a die index, a float is not a slot, "3" is not 3. Every view reads
    numbers from messages through this one guard.
    """
    if type(value) is not int:
        return None
    if low is not None and value < low:
        return None
    if high is not None and value > high:
        return None
    return value


def as_ints(values: Any, low: int | None = None, high: int | None = None, limit: int = 64) -> tuple[int, ...] | None:
    """A list of ints from the browser (each checked by ``as_int``), or None if any is not one."""
    if not isinstance(values, (list, tuple)) or len(values) > limit:
        return None
    out = [as_int(v, low, high) for v in values]
    checked = tuple(v for v in out if v is not None)
    return checked if len(checked) == len(out) else None


First = TypeVar("First")
Second = TypeVar("Second")


def json_pair(value: Sequence[object], first: type[First], second: type[Second]) -> tuple[First, Second]:
    """A pair an observation carries as a JSON list (``[kind, amount]``, ``[reason, seat]``), read with both types checked.

    JSON has no tuples, so the observation types such a pair as a list of
    either type; this is where a view learns which element is which.
    """
    a, b = value
    if not isinstance(a, first) or not isinstance(b, second):
        raise TypeError(f"expected [{first.__name__}, {second.__name__}], not {value!r}")
    return a, b


def short(value: Any, limit: int = 20) -> str:
    """A value from the browser, cut for quoting in a message (never a page of text)."""
    return str(value)[:limit]


# ----- how the end looks ------------------------------------------------------------------------
def outcome_kind(winners: Sequence[int], page_seats: Sequence[int]) -> str:
    """How the end looks on a page: "success" if a seat played there won, "defeat" if none did, else "neutral".

    A solo game lost (nobody wins) is a defeat, never drawn in the colour of
    success; a page that plays no seat (a spectator, bots only) is neutral.
    """
    if not page_seats:
        return "neutral"
    return "success" if any(seat in winners for seat in page_seats) else "defeat"


def end_message_kind(winners: Sequence[int], page_seats: Sequence[int]) -> MessageKind:
    """``outcome_kind`` as a message kind (a neutral end is plain news)."""
    kind = outcome_kind(winners, page_seats)
    return "success" if kind == "success" else "defeat" if kind == "defeat" else "info"


# ----- the one way to name a seat ---------------------------------------------------------------
def seat_label(seat: int, seats: Sequence[str], lang: str, bot_names: Mapping[str, tuple[str, str]] | None = None) -> str:
    """How every page names a seat: "You" alone, else "Seat 2" / "席2", with "(bot)" for a bot seat.

    ``seats`` are the seat kinds of the match (``HUMAN`` or a bot kind);
    ``bot_names`` maps bot kinds to their JA/EN names when the page wants
    them ("Seat 2 (Search bot)"); without it a bot is "(bot)".
    """
    if len(seats) == 1:
        return "あなた" if lang == "ja" else "You"
    name = f"席{seat + 1}" if lang == "ja" else f"Seat {seat + 1}"
    kind = seats[seat] if 0 <= seat < len(seats) else HUMAN
    if kind == HUMAN:
        return name
    if bot_names and kind in bot_names:
        ja, en = bot_names[kind]
        return f"{name}（{ja}）" if lang == "ja" else f"{name} ({en})"
    return f"{name}（ボット）" if lang == "ja" else f"{name} (bot)"


# ----- what the engine says ----------------------------------------------------------------------
@dataclass(frozen=True)
class Engine:
    """The engine's facts for the page's seat: what is legal, and why anything else is not.

    ``legal`` is ``game.legal_actions(state)`` when the page's seat is to act
    (empty otherwise); ``refusal(action)`` returns the ``IllegalAction`` the
    engine raises for ``action`` (None when legal). Views draw enabled and
    disabled from these two alone, so no view restates a rule.
    """

    legal: tuple[Any, ...] = ()
    refusal: Callable[[Any], RulebookError | None] = field(default=lambda _action: None, compare=False)

    def allows(self, action: Any) -> bool:
        return action in self.legal

    def why_not(self, action: Any) -> RulebookError | None:
        """None when ``action`` is legal, else the engine's refusal (rule id + JA/EN)."""
        if action in self.legal:
            return None
        return self.refusal(action)


def engine_for(game: Any, state: Any, acting: bool) -> Engine:
    """``Engine`` facts for ``state``: its legal actions when the page's seat acts, and ``game.check`` for reasons.

    The refusal runs the engine's own check on the real state; its message
    is about the action the person tried, so it reveals nothing hidden.
    """

    def refusal(action: Any) -> RulebookError | None:
        try:
            game.check(state, action)
        except RulebookError as error:
            return error
        return None

    legal = tuple(game.legal_actions(state)) if acting and not game.is_terminal(state) else ()
    return Engine(legal=legal, refusal=refusal)


def example_state(kinds: Mapping[str, Any], spec: Any) -> Any | None:
    """The engine state a worked example of the rules shows (``rulebook.core.examples``), or None.

    None when the game has no such kind or the kind draws no position: the
    rule panel then shows the caption alone.
    """
    kind = kinds.get(spec.kind)
    if kind is None or kind.position is None:
        return None
    return kind.position(spec.values)


# ----- the view model ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Control:
    """A button or tappable element of the page.

    ``key`` becomes the CSS class ``rb-<key>`` that tests and people aim at;
    ``action`` is the engine's text of the move it makes ("" for page-only
    controls such as holding a die); a disabled control carries ``reason``
    (shown as its tooltip and, when tapped, next to it) and the ``rule`` id
    the reason cites. ``tap`` is what a tap does, for a screen reader (the
    button's accessible name) where the visible ``label`` alone does not say
    it: a card's "3" is "Place 3 face down"; empty when the label says it.
    """

    key: str
    label: str
    enabled: bool = True
    reason: str = ""
    rule: str = ""
    action: str = ""
    highlight: bool = False
    tap: str = ""

    @staticmethod
    def for_seat(
        key: str, label: str, action: Any, engine: Engine, lang: str, refusal: RulebookError | None, tap: str = ""
    ) -> "Control":
        """A tappable part of a seat's page: the engine's verdict while the page's seat moves (``refusal`` None),
        else disabled with the page's own ``refusal`` (whose move it is), the engine never asked."""
        if refusal is None:
            return Control.for_action(key, label, action, engine, lang, tap=tap)
        return Control(key, label, False, reason=refusal.message(lang), rule=refusal.rule_id, action=str(action), tap=tap)

    @staticmethod
    def for_action(
        key: str, label: str, action: Any, engine: Engine, lang: str, highlight: bool = False, tap: str = ""
    ) -> "Control":
        """A control that plays ``action``: enabled when the engine allows it, else disabled with the engine's reason."""
        error = engine.why_not(action)
        if error is None:
            return Control(key, label, True, action=str(action), highlight=highlight, tap=tap)
        return Control(key, label, False, reason=error.message(lang), rule=error.rule_id, action=str(action), tap=tap)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "enabled": self.enabled,
            "reason": self.reason,
            "rule": self.rule,
            "action": self.action,
            "highlight": self.highlight,
            "tap": self.tap,
        }


@dataclass(frozen=True)
class Message:
    """One line of feedback. ``kind`` decides its colour: "defeat" is never drawn as "success"."""

    kind: MessageKind
    text: str
    rule: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"message kind {self.kind!r} is not one of {KINDS}")

    @staticmethod
    def refused(error: RulebookError, lang: str) -> "Message":
        return Message("error", error.message(lang), error.rule_id)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "rule": self.rule}


@dataclass(frozen=True)
class ViewModel:
    """Everything a game's page draws for one moment, as plain data.

    ``board`` is the game-specific part (dice, cards, slots; which are
    tappable and highlighted), JSON-ready for the game's ES module;
    ``controls`` and ``messages`` are drawn the same way on every page.
    """

    status: str = ""
    caption: str = ""
    board: Mapping[str, Any] = field(default_factory=dict)
    controls: tuple[Control, ...] = ()
    messages: tuple[Message, ...] = ()
    rule: str = ""
    """The rule paragraph this moment is about ("" = none): the rule panel highlights it."""

    def control(self, key: str) -> Control:
        """The control with ``key`` (tests and the drawing layer look controls up by key)."""
        for c in self.controls:
            if c.key == key:
                return c
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "caption": self.caption,
            "board": dict(self.board),
            "controls": [c.to_json() for c in self.controls],
            "messages": [m.to_json() for m in self.messages],
            "rule": self.rule,
        }


def refuse(catalogue: Catalogue, rule_id: str, key: str, **values: Any) -> IllegalAction:
    """An ``IllegalAction`` worded from a catalogue entry (for page-only taps the engine never sees)."""
    ja, en = catalogue.both(key, **values)
    return IllegalAction(rule_id, ja, en)


__all__ = [
    "Catalogue",
    "Control",
    "Engine",
    "Message",
    "ViewModel",
    "as_int",
    "as_ints",
    "end_message_kind",
    "engine_for",
    "fields_of",
    "json_pair",
    "outcome_kind",
    "refuse",
    "seat_label",
    "short",
]
