"""The driver: one game in progress, with its seed, history, who may undo what, and its record.

The game engines are pure; everything stateful lives here: the list of
actions, the states they produced, which seats are bots, and where the
randomness comes from. Randomness is derived, never carried: the k-th chance
outcome of a match is drawn from ``default_rng([seed, CHANCE_STREAM, k])``,
so replaying the actions from the seed, undoing and redoing, or resuming a
saved game all see the very same dice — undo can never re-roll.

Undo itself is the table's (``rulebook.tables.session.TableSession.undo``:
stored as a truncation every device sees); the match says where an undo may
cut (``undo_start``) and cuts (``truncate``).
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Mapping, Sequence

import numpy as np

from .chance import draw_outcome
from .errors import BadOption, BadRecord, IllegalAction, UnreadableAction
from .game import CHANCE, TERMINAL, Game

CHANCE_STREAM = 1
BOT_STREAM = 2
MAX_RECORD_BYTES = 1_000_000
"""Largest record (JSON save) a page reads: far above any real game (a long
Not My Fault! game is ~2,000 moves, ~30 kB), small enough to load at once."""
MAX_RECORD_ACTIONS = 20_000
"""Most moves a record may hold; replaying that many takes well under a second."""
MAX_SEED = 2**63 - 1
HUMAN = "human"


def fresh_seed() -> int:
    """A new secret seed (63 random bits) for a game whose user did not pick one.

    It is never shown before the game ends (docs/architecture.md, "Secrets stay on the
    server"): knowing it would tell every future roll and every hidden card.
    """
    return secrets.randbelow(MAX_SEED + 1)


def check_seed(seed: Any) -> int:
    """Accept a seed as an int or decimal text in ``[0, 2**63)``; refuse the rest."""
    if isinstance(seed, bool):
        seed = None
    if isinstance(seed, str):
        text = seed.strip()
        seed = int(text) if text.isascii() and text.isdigit() and len(text) <= 19 else None
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BadOption(
            "seed",
            "シード値は 0 以上の整数で指定してください。",
            "The seed must be a whole number, 0 or more.",
        )
    return seed


class NotTheSeeds(IllegalAction):
    """A chance outcome other than the one the seed draws, outside table mode (``expected``: the seed's)."""

    def __init__(self, expected: Any, rule_id: str, message_ja: str, message_en: str) -> None:
        super().__init__(rule_id, message_ja, message_en)
        self.expected = expected


@dataclass(frozen=True)
class Step:
    """One applied action and who made it (a human, a bot, or chance).

    ``by_user``: a person made it (a human seat's move, or real dice typed in
    table mode). ``group``: moves made as one (auto-stack, a dice entry) share
    it, and one undo takes them all back. ``author``: the seat whose person
    made it (for a table-mode entry, the seat of the device that typed it);
    ``None`` for bots and drawn chance. Undo is for the author only.
    """

    action: Any
    actor: int
    by_user: bool
    group: int = 0
    author: int | None = None


@dataclass
class Match:
    """A game in progress: states, actions, seats, seed, table mode.

    ``seats`` holds ``"human"`` or a bot kind (``"random"``, ``"solver"``...)
    per seat. In *table mode* chance outcomes are entered by the user (what
    the real dice show) instead of being drawn.
    """

    game: Game
    options: dict[str, Any]
    seed: int
    table: bool = False
    seats: tuple[str, ...] = ()
    recorded: int = 0
    """The first ``recorded`` steps came from a record whose seed this match does not have (a copy of
    a saved game given a new seed, so nothing not yet drawn can be foreseen from the file): their
    chance outcomes are taken as recorded, every later one is drawn from ``seed``, and undo never
    cuts into them (redrawing there would re-roll what was already rolled)."""
    entered: int = 0
    """How many of the first chance outcomes were entered, not drawn: a lesson's scripted dice and
    cards, kept when the learner plays on with the seed's dice (``widgets.app.GameApp.end_lesson``).
    The seed draws the rest (from chance index ``entered`` on, so none of its draws was seen)."""
    _states: list[Any] = field(default_factory=list, repr=False)
    _steps: list[Step] = field(default_factory=list, repr=False)
    _chances: list[int] = field(default_factory=list, repr=False)
    """How many chance outcomes the first k+1 steps hold, per k: ``chance_index`` without a scan
    (a scan per roll made replaying a long record quadratic: 19,500 moves took 20-35 s; issue 17)."""
    _bots: dict[int, Any] = field(default_factory=dict, repr=False)
    _groups: int = field(default=0, repr=False)

    # ----- construction ------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game,
        options: Mapping[str, Any] | None = None,
        *,
        seed: Any,
        table: bool = False,
        seats: Sequence[str] | None = None,
        entered: int = 0,
    ) -> "Match":
        """Start a match. Raises ``BadOption`` for bad options, seed or seats."""
        opts = game.normalize_options(options)
        state = game.initial_state(opts)
        n = game.num_seats(state)
        seat_kinds = tuple(seats) if seats is not None else (HUMAN,) * n
        if type(entered) is not int or entered < 0:
            raise BadOption("entered", "入力済みの偶然の数が読めません。", "The count of entered chance outcomes is malformed.")
        match = cls(game=game, options=opts, seed=check_seed(seed), table=bool(table), entered=entered)
        match.seats = match._check_seats(seat_kinds, n)
        match._states = [state]
        return match

    def _check_seats(self, seats: tuple[str, ...], n: int) -> tuple[str, ...]:
        if len(seats) != n:
            raise BadOption(
                "seats",
                f"席の数が合いません（{n} 席必要です）。",
                f"Wrong number of seats ({n} needed).",
            )
        available = self.game.bot_kinds()
        for kind in seats:
            if kind != HUMAN and kind not in available:
                raise BadOption(
                    "seats",
                    f"「{kind}」という種類のボットはありません。",
                    f"There is no bot of kind '{kind}'.",
                )
        self._bots = {i: self.game.make_bot(kind) for i, kind in enumerate(seats) if kind != HUMAN}
        return seats

    # ----- reading -----------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def states(self) -> tuple[Any, ...]:
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Any, ...]:
        return tuple(step.action for step in self._steps)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    def human_seats(self) -> frozenset[int]:
        return frozenset(k for k, kind in enumerate(self.seats) if kind == HUMAN)

    @property
    def current_player(self) -> int:
        return self.game.current_player(self.state)

    def is_over(self) -> bool:
        return self.current_player == TERMINAL

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots

    def waiting_for_user(self) -> bool:
        """True when the next move is the user's (a human seat, or table-mode dice)."""
        player = self.current_player
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return self.table
        return not self.is_bot(player)

    def undo_start(self, seats: Collection[int] | None = None) -> int | None:
        """Where an undo by the people of ``seats`` would cut the history, or ``None``.

        The rule (as Board Game Arena's): a person may take back their own
        last move (group) — with the bots' moves that followed it — until
        another person acts, or until something hidden comes to light: a
        drawn chance outcome (a roll, a dealt card) or a move the game says
        ``reveals`` something (an audit, a card played from a hidden hand).
        Real dice typed in table mode are the typist's own move and can be
        taken back by them. ``seats`` are the seats of the device asking;
        ``None`` means every human seat (one device for the whole table).
        """
        steps = self._steps
        last = next((k for k in range(len(steps) - 1, -1, -1) if steps[k].by_user), None)
        if last is None or last < self.recorded:
            return None
        group = steps[last].group
        start = last
        while start > self.recorded and steps[start - 1].by_user and steps[start - 1].group == group:
            start -= 1
        mine = self.human_seats() if seats is None else frozenset(seats)
        author = steps[start].author
        if author is not None and author not in mine:
            return None
        if author is None and not mine:
            return None
        for k in range(start, len(steps)):
            step = steps[k]
            if step.actor == CHANCE:
                if not step.by_user:
                    return None  # a drawn outcome was seen: undo would let you plan with it
                continue
            if self.game.reveals(self._states[k], step.action):
                return None
        return start

    def can_undo(self, seats: Collection[int] | None = None) -> bool:
        return self.undo_start(seats) is not None

    # ----- playing -----------------------------------------------------------
    def play(self, action: Any) -> Any:
        """Apply ``action`` (an action value or its text) for whoever is to act.

        Raises ``IllegalAction`` and changes nothing when it is refused.
        Returns the applied action value.
        """
        return self.play_group([action])[0]

    def play_group(self, actions: Sequence[Any], author: int | None = None) -> list[Any]:
        """Apply several moves as one (auto-stack, a table-mode roll entry).

        All or nothing: every move is validated on a scratch copy first, so a
        refusal at move k raises and leaves the match as it was. One undo
        takes the whole group back. ``author``: the seat of the person making
        them (default: the seat to act, or for table-mode dice the first
        human seat).
        """
        checked = []
        state, k = self.state, self.chance_index()
        for number, action in enumerate(actions, start=len(self._steps)):
            chance = self.game.current_player(state) == CHANCE
            action, state = self._checked(state, number, k, action)
            checked.append((action, state))
            k += chance
        if author is None:
            player = self.current_player
            author = player if player >= 0 else min(self.human_seats(), default=None)
        self._groups += 1
        for action, state in checked:
            self._push(action, self._groups, author, state)
        return [action for action, _ in checked]

    def _checked(self, state: Any, number: int, k: int, action: Any, drawn: bool = False) -> tuple[Any, Any]:
        """The action (parsed if text) and the state after it: THE one place a move is validated on its way in.

        Every move that enters a match passes here once — a person's
        (``play_group``, via ``TableSession.play_group``), a bot's or a drawn
        outcome (``step_auto``), a stored or recorded one (``extend``,
        ``from_record``) — and nothing before or after checks it again:
        text must read as an action (``UnreadableAction``); outside table
        mode a chance outcome must be the one the seed draws (``IllegalAction``
        "chance", unless it was just ``drawn`` from the seed, or is one of the
        ``recorded`` steps of a reseeded copy); then the game's own ``check``
        (inside ``apply``) refuses what its rules forbid, citing the rule.
        ``number``: the step's index; ``k``: the chance outcomes before it.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if not drawn and number >= self.recorded and self.seeded(k) and self.game.current_player(state) == CHANCE:
            self._check_seeded(state, k, action)
        return action, self.game.apply(state, action)

    def _push(self, action: Any, group: int = 0, author: int | None = None, new_state: Any = None, drawn: bool = False) -> Step:
        """Append ``action`` as the next step; ``new_state``: the state ``_checked`` already gave for it."""
        actor = self.current_player
        if new_state is None:
            action, new_state = self._checked(self.state, len(self._steps), self.chance_index(), action, drawn)
        by_user = self.table if actor == CHANCE else (actor >= 0 and not self.is_bot(actor))
        if not group:
            self._groups += 1
            group = self._groups
        if not by_user:
            author = None
        elif author is None:
            author = actor if actor >= 0 else min(self.human_seats(), default=None)
        step = Step(action, actor, by_user, group, author)
        self._states.append(new_state)
        self._append_step(step)
        return step

    def _append_step(self, step: Step) -> None:
        self._steps.append(step)
        self._chances.append((self._chances[-1] if self._chances else 0) + (step.actor == CHANCE))

    def _cut_steps(self, keep: int) -> list[Step]:
        """Forget the steps after the first ``keep`` (and their states); returns them."""
        cut = self._steps[keep:]
        del self._steps[keep:]
        del self._chances[keep:]
        del self._states[keep + 1 :]
        return cut

    def extend(self, steps: Sequence[Step]) -> None:
        """Re-apply stored steps (a table read back from the store), validating each.

        Drawn chance must be what the seed gives: a stored table cannot hold
        dice nobody rolled. Raises ``IllegalAction`` on the first bad step;
        the steps before it stay applied.
        """
        for step in steps:
            self._push(step.action, step.group, step.author)
            self._groups = max(self._groups, step.group)

    def copy(self) -> "Match":
        """The same game, seed, seats and moves, with fresh bots, without replaying.

        States are immutable values (engines are pure), so the copy shares
        them: a loaded file is replayed once, not twice (issue 17: loading
        time is bounded).
        """
        twin = Match.new(self.game, self.options, seed=self.seed, table=self.table, seats=self.seats, entered=self.entered)
        twin.recorded = self.recorded
        twin._states = list(self._states)
        twin._steps = list(self._steps)
        twin._chances = list(self._chances)
        twin._groups = self._groups
        return twin

    def truncate(self, keep: int) -> None:
        """Forget every step after the first ``keep`` (an undo made on another device)."""
        if not 0 <= keep <= len(self._steps):
            raise ValueError(f"cannot keep {keep} of {len(self._steps)} steps")
        self._cut_steps(keep)

    def seeded(self, k: int) -> bool:
        """The seed draws the ``k``-th chance outcome (not table mode, past the entered ones)."""
        return not self.table and k >= self.entered

    def _check_seeded(self, state: Any, k: int, action: Any) -> None:
        """Outside table mode the seed rolls the dice: nobody may choose them."""
        expected = self.sample_at(state, k)
        if action != expected:
            raise NotTheSeeds(
                expected,
                "chance",
                f"ダイスの目はシード値で決まります（{action} ではなく {expected}）。実物の目を入れるには卓上モードで始めてください。",
                f"The seed rolls the dice here ({expected}, not {action}); start in table mode to enter real dice.",
            )

    def chance_index(self) -> int:
        """How many chance outcomes have been applied so far."""
        return self._chances[-1] if self._chances else 0

    def sample_chance(self) -> Any:
        """The outcome the seed gives for the current chance node (not applied)."""
        return self.sample_at(self.state, self.chance_index())

    def sample_at(self, state: Any, k: int) -> Any:
        """The outcome the seed gives at chance node ``state``, the ``k``-th of the match.

        Also for pages in table mode that enter the physical chance (dice) but
        let the seed draw the rest (a digital deal): same seed, same deal.
        """
        return draw_outcome(self.game.chance_outcomes(state), np.random.default_rng([self.seed, CHANCE_STREAM, k]))

    def bot_rng(self) -> np.random.Generator:
        """The generator a bot gets for the current ply (replays identically)."""
        return np.random.default_rng([self.seed, BOT_STREAM, len(self._steps)])

    def step_auto(self) -> Any | None:
        """Make one automatic move (a drawn chance outcome or a bot's move), if any is due."""
        player = self.current_player
        if player == TERMINAL:
            return None
        drawn = player == CHANCE
        if drawn:
            if self.table:
                return None
            action = self.sample_chance()
        elif self.is_bot(player):
            bot = self._bots[player]
            observation = self.game.observe(self.state, player)
            action = bot.choose(observation, self.game.legal_actions(self.state), self.bot_rng())
        else:
            return None
        self._push(action, drawn=drawn)
        return action

    # ----- saving --------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The game as ``{game, version, options, seed, actions}`` (+ ``meta``)."""
        return {
            "game": self.game.name,
            "version": self.game.version,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [str(step.action) for step in self._steps],
            "meta": {
                "seats": list(self.seats),
                "table": self.table,
                # per move: [group, author] — so a resumed game undoes as the original would
                "steps": [[step.group, step.author] for step in self._steps],
                **({"recorded": self.recorded} if self.recorded else {}),
                # only for a lesson played on: its scripted outcomes, not the seed's (old records stay as they were)
                **({"entered": self.entered} if self.entered else {}),
            },
        }

    def to_json(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, indent=1)

    @classmethod
    def from_record(cls, data: Any, games: Callable[[str], Game], seconds: float | None = None) -> "Match":
        """Rebuild a match by replaying a record; verifies drawn dice against the seed.

        ``seconds``: give up (``BadRecord``) once the replay has taken that
        long, so a page never spends minutes of CPU on one uploaded file
        (a legal 19,500-move record took 20-35 s; issue 17).
        """
        if not isinstance(data, dict):
            raise _bad("保存データの形式が違います。", "A saved game must be a JSON object.")
        name = data.get("game")
        if not isinstance(name, str):
            raise _bad("ゲーム名がありません。", "The saved game names no game.")
        try:
            game = games(name)
        except KeyError:
            raise _bad(f"「{name}」というゲームはありません。", f"There is no game named '{name}'.") from None
        if type(data.get("version")) is not int or data.get("version") != game.version:
            raise _bad(
                f"このデータは {name} の別の版（{data.get('version')!r}）のものです（現在は {game.version}）。",
                f"This save is from version {data.get('version')!r} of {name}; this site plays version {game.version}.",
            )
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise _bad("行動の一覧が読めません。", "The list of actions is malformed.")
        if len(actions) > MAX_RECORD_ACTIONS:
            raise _bad("行動が多すぎます。", "The record has too many actions.")
        options = data.get("options", {})
        meta = data.get("meta", {})
        if not isinstance(options, dict) or not isinstance(meta, dict):
            raise _bad("設定の形式が違います。", "Options and meta must be JSON objects.")
        seats = meta.get("seats")
        if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, str) for s in seats)):
            raise _bad("席の設定が読めません。", "The seats are malformed.")
        try:
            entered = meta.get("entered", 0)
            match = cls.new(
                game, options, seed=data.get("seed"), table=meta.get("table", False) is True, seats=seats, entered=entered
            )
        except BadOption as error:
            raise BadRecord("record", error.message_ja, error.message_en) from None
        recorded = meta.get("recorded", 0)
        if type(recorded) is not int or not 0 <= recorded <= len(actions):
            raise _bad("記録済みの手数が読めません。", "The count of recorded moves is malformed.")
        match.recorded = recorded
        extra = _step_meta(meta.get("steps"), len(actions), len(match.seats))
        deadline = None if seconds is None else time.monotonic() + seconds
        for number, text in enumerate(actions, start=1):
            group, author = extra[number - 1] if extra else (0, None)
            match._replay_one(number, text, group, author)
            if deadline is not None and number % 50 == 0 and time.monotonic() > deadline:
                raise _bad(
                    f"この記録は長すぎて読み込めません（{seconds:.0f} 秒で {number} / {len(actions)} 手まで）。",
                    f"This record is too long to load ({number} of {len(actions)} moves replayed in {seconds:.0f} s).",
                )
        return match

    def _replay_one(self, number: int, text: str, group: int = 0, author: int | None = None) -> None:
        try:
            self._push(text, group, author)
            self._groups = max(self._groups, group)
        except NotTheSeeds as error:
            raise _bad(
                f"{number} 手目「{text}」はシード値から出る目（{error.expected}）と違います。改ざんされた記録です。",
                f"Move {number} '{text}' differs from what the seed rolls ({error.expected}): the record was altered.",
            ) from None
        except (IllegalAction, UnreadableAction) as error:
            raise BadRecord(
                "record",
                f"{number} 手目「{text[:80]}」は再生できません: {error.message_ja}",
                f"Move {number} '{text[:80]}' cannot be replayed: {error.message_en}",
            ) from None


def _step_meta(raw: Any, moves: int, seats: int) -> list[tuple[int, int | None]] | None:
    """The records' optional ``meta.steps`` ([group, author] per move), or ``None`` if absent or malformed.

    Groups must not decrease (moves made as one are adjacent); authors are
    seats or null. Anything else is ignored rather than refused: the moves
    themselves are what a record must get right.
    """
    if not isinstance(raw, list) or len(raw) != moves:
        return None
    out: list[tuple[int, int | None]] = []
    last = 0
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2):
            return None
        group, author = item
        if type(group) is not int or group < last or (author is not None and (type(author) is not int or not 0 <= author < seats)):
            return None
        last = group
        out.append((group, author))
    return out


def _bad(message_ja: str, message_en: str) -> BadRecord:
    return BadRecord("record", message_ja, message_en)
