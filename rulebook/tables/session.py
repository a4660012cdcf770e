"""One page's view onto a table: ``TableSession``.

A page (one Voilà kernel, one browser tab) holds the seats whose tokens its
URL carries: all the people of a table sharing one tablet, or one player on
their own phone, or none (a spectator). The session keeps the game as a
``Match`` rebuilt from the store, and is the only way a page changes it:

- a move is validated once, by the engine on the page's copy (``Match.play_group``), then appended
  to the store guarded by the revision the page saw. If another device moved
  in between, nothing is written, the page catches up, and ``TableMoved``
  says so (in both languages) — no move is lost or made twice;
- the bots and the chance outcomes that follow are worked out by the page
  that made the move before them (from the table's secret seed, so the same
  on every device) and stored, so other devices only read them;
- ``sync`` catches up with moves made elsewhere (a poll of the revision);
- undo follows ``Match.undo_start`` (a person takes back their own last move
  until another person acts or something hidden comes to light), and is
  stored as a truncation, so every device sees it.

Nothing here draws anything: ``widgets.app.GameApp`` is the page around it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from rulebook.core import CHANCE, TERMINAL, Game, Match, RulebookError, check_seed, fresh_seed, get_game
from rulebook.core.match import Step

from .store import CLOSED, OPEN, OVER, OWNER, NoSuchTable, StaleRevision, StoredStep, Table, TableInfo, TableStore, is_token_text

AutoRoll = Callable[[Any], bool]
"""Whether the chance node at a state is drawn at once (True) or waits for a Roll button (the view decides)."""

FLUSH_SECONDS = 0.25
"""Automatic moves are stored in batches at least this often, so other devices see a bot's turn unfold."""
TAKEOVER_SECONDS = 5.0
"""A bot's or a roll's turn left undone this long (its page went away) is done by any page watching."""


class TableError(RulebookError):
    """Something about the table, not the rules, stopped a move (the page says why in JA/EN)."""


def table_moved() -> TableError:
    return TableError(
        "table",
        "別の端末が先に手を進めました。いまの盤面を表示しています（あなたの操作は記録されていません）。",
        "Another device moved first: the board now shows the table as it is (your move was not made).",
    )


def not_your_seat(seat: int) -> TableError:
    return TableError(
        "seat",
        f"いまは席 {seat + 1} の番です。この端末はその席を持っていません。",
        f"It is Seat {seat + 1}'s turn, and this device does not hold that seat.",
    )


def watching_only() -> TableError:
    return TableError(
        "seat",
        "この画面は観戦用です（席のリンクで開くと手を指せます）。",
        "This page only watches the table (open a seat's link to play).",
    )


def table_closed() -> TableError:
    return TableError(
        "table",
        "このテーブルは閉じられました。結果とリプレイは見られますが、手は指せません。",
        "This table was closed: its result and replay stay, but no more moves can be made.",
    )


def to_stored(step: Step) -> StoredStep:
    return StoredStep(str(step.action), step.actor, step.by_user, step.group, step.author)


def to_step(stored: StoredStep) -> Step:
    return Step(stored.text, stored.actor, stored.by_user, stored.group, stored.author)


@dataclass
class TableSession:
    """A device's seats at one table, the match as the store has it, and the moves it makes."""

    store: TableStore
    game: Game
    info: TableInfo
    match: Match
    keys: dict[int, str] = field(default_factory=dict)
    """Seat -> token of every seat this page knows (it may hand them to other devices), and
    ``OWNER`` -> the owner's token on the page that created the table."""
    seats_here: frozenset[int] = frozenset()
    """The seats this page plays and shows (a subset of ``keys``, never ``OWNER``)."""
    claims_seen: dict[int, int] = field(default_factory=dict)
    """Each seat's claim count when this page last looked: a higher count means another device took the seat."""
    released: frozenset[int] = frozenset()
    """Seats this page let go at its last ``sync`` because another device claimed them (the page says so)."""
    watching: frozenset[int] = frozenset()
    """Seats whose link this page opened without claiming them: it shows their view and makes no move."""
    watches_seen: dict[int, int] = field(default_factory=dict)
    """Each seat's watch count when this page last looked (a higher count: another device opened it to watch)."""
    watched: frozenset[int] = frozenset()
    """Seats of this page another device began to watch at the last ``sync`` (the page says so)."""
    _redo: list[list[StoredStep]] = field(default_factory=list, repr=False)
    _redo_revision: int = field(default=-1, repr=False)
    _changed_at: float = field(default_factory=time.monotonic, repr=False)

    # ----- opening --------------------------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        store: TableStore,
        game: Game | str,
        options: Mapping[str, Any] | None = None,
        *,
        seed: Any = None,
        seats: Sequence[str] | None = None,
        table_mode: bool = False,
        label: str = "",
        tokens: Mapping[int, str] | None = None,
        origin: str = "",
    ) -> "TableSession":
        """A new table (every human seat on this page). Raises ``BadOption`` for bad options, seed or seats.

        With no ``seed`` a secret one is drawn; a chosen seed is recorded as
        such (``seed_chosen``), because whoever chose it can work out every
        roll and deal — pages tell every seat.
        """
        game = get_game(game) if isinstance(game, str) else game
        chosen = seed is not None and seed != ""
        seed_value = check_seed(seed) if chosen else fresh_seed()
        match = Match.new(game, options, seed=seed_value, table=table_mode, seats=seats)
        people = match.human_seats()
        given = {k: v for k, v in (tokens or {}).items() if k in people}
        info = store.create(
            game=game.name,
            version=game.version,
            options=match.options,
            seats=match.seats,
            table_mode=match.table,
            seed=seed_value,
            seed_chosen=chosen,
            tokens=given,
            label=label,
            origin=origin,
        )
        keys = store.seat_tokens(info.id)
        return cls(store, game, info, match, keys, _seats(keys), store.claims(info.id))

    @classmethod
    def from_match(
        cls, store: TableStore, match: Match, *, seed_chosen: bool, label: str = "", origin: str = ""
    ) -> "TableSession":
        """A new table holding a match read from a save file, or a lesson's (every human seat on this page)."""
        info = store.create(
            game=match.game.name,
            version=match.game.version,
            options=match.options,
            seats=match.seats,
            table_mode=match.table,
            seed=match.seed,
            seed_chosen=seed_chosen,
            label=label,
            recorded=match.recorded,
            origin=origin,
            entered=match.entered,
        )
        if match.steps:
            info = store.append(info.id, info.revision, [to_stored(s) for s in match.steps], status=OVER if match.is_over() else None)
        keys = store.seat_tokens(info.id)
        return cls(store, match.game, info, match.copy(), keys, _seats(keys), store.claims(info.id))

    @classmethod
    def open(
        cls, store: TableStore, table_id: str, tokens: Iterable[str] = (), *, claim: bool = False, watch: bool = False
    ) -> tuple["TableSession", list[str]]:
        """The table ``table_id`` as seen by a page holding ``tokens``.

        Returns the session and the tokens that open no seat of this table
        (the page says so, and shows what a spectator sees). With ``claim``
        (a seat's link was just opened, e.g. its QR code scanned) the seats
        move to this page: pages that held them let them go. With ``watch``
        (a seat's link opened without its claim) the page only watches
        those seats — it shows their view, makes no move — and the pages
        holding them are told. Without either (the page following its table
        to the next game) it holds them as before. Raises
        ``NoSuchTable``, or ``TableError`` when the table was made by another
        version of the game than this site plays.
        """
        if not is_token_text(table_id):
            raise NoSuchTable(str(table_id)[:40])
        table = store.load(table_id)
        info = table.info
        try:
            game = get_game(info.game)
        except KeyError:
            raise TableError(
                "table",
                f"このサイトには「{info.game}」がありません。",
                f"This site has no game '{info.game}'.",
            ) from None
        if game.version != info.version:
            raise TableError(
                "table",
                f"このテーブルは {game.title_ja} の別の版（{info.version}）で作られ、いまの版（{game.version}）では続けられません。",
                f"This table was made with version {info.version} of {game.title_en}; this site plays version {game.version}.",
            )
        match = Match.new(game, info.options, seed=info.seed, table=info.table_mode, seats=info.seats, entered=info.entered)
        match.recorded = info.recorded
        match.extend([to_step(s) for s in table.steps])
        keys: dict[int, str] = {}
        unknown: list[str] = []
        for token in tokens:
            seat = store.seat_of(info.id, token) if is_token_text(token) else None
            if seat is None:
                unknown.append(token)
            else:
                keys[seat] = token
        seats = _seats(keys)
        watching: frozenset[int] = frozenset()
        if claim and seats:
            store.claim(info.id, seats)
        elif watch and seats:
            store.watch(info.id, seats)
            watching, seats = seats, frozenset()
        session = cls(store, game, info, match, keys, seats, store.claims(info.id))
        session.watching = watching
        session.watches_seen = store.watches(info.id)
        if claim and seats:
            # catch up with the claim (and any move made meanwhile); the claim counts it
            # remembers include its own, so it keeps its seats
            session.sync()
        return session, unknown

    # ----- reading ------------------------------------------------------------------------------------------
    @property
    def table_id(self) -> str:
        return self.info.id

    @property
    def revision(self) -> int:
        return self.info.revision

    @property
    def is_open(self) -> bool:
        return self.info.status != CLOSED

    @property
    def owner(self) -> bool:
        """This page created the table (or holds its owner token): it may roll and start the next game."""
        return OWNER in self.keys

    def is_spectator(self) -> bool:
        """Only watching: no seat and no owner token (public information, no moves)."""
        return not self.seats_here and not self.owner

    def author(self) -> int | None:
        """Who a table-mode entry (dice typed in) is credited to: this page's first seat."""
        return min(self.seats_here, default=None)

    def can_roll(self) -> bool:
        """Rolls and real dice are for any page at the table: a seat's, or the owner's."""
        return self.is_open and not self.is_spectator()

    def can_act(self) -> bool:
        """This page may move now: its seat is to act, or real dice are to be typed in by anyone seated."""
        player = self.match.current_player
        if not self.is_open or player == TERMINAL:
            return False
        if player == CHANCE:
            return self.can_roll()
        return player in self.seats_here and not self.match.is_bot(player)

    def can_undo(self) -> bool:
        return self.is_open and bool(self.seats_here) and self.match.can_undo(self.seats_here)

    def can_redo(self) -> bool:
        return self.is_open and bool(self._redo) and self._redo_revision == self.revision

    def own_link_claims(self) -> bool:
        """The page's own address claims its seats (a reload takes them back); a watching page's does not."""
        return bool(self.seats_here)

    def keys_for(self, seats: Iterable[int]) -> list[str]:
        return [self.keys[s] for s in sorted(seats) if s in self.keys]

    def page_keys(self) -> list[str]:
        """The tokens this page's own URL carries: its owner token (if any) and its seats'."""
        return self.keys_for(({OWNER} if self.owner else set()) | set(self.seats_here) | set(self.watching))

    # ----- seats on this page -------------------------------------------------------------------------------
    def hold(self, seats: Iterable[int]) -> None:
        """Play exactly ``seats`` on this page (those it has tokens for); hand the others to other devices.

        A seat taken up here that this page did not play is claimed, as its
        link would (a device playing it is told and lets it go): a watching
        page cannot start playing a seat silently.
        """
        wanted = frozenset(s for s in seats if s in self.keys and s != OWNER)
        taken = wanted - self.seats_here
        if taken:
            self.store.claim(self.table_id, taken)
            self.claims_seen = {**self.claims_seen, **{s: n for s, n in self.store.claims(self.table_id).items() if s in taken}}
        self.seats_here = wanted
        self.watching = self.watching - wanted

    # ----- moves -----------------------------------------------------------------------------------------------
    def _check_turn(self) -> None:
        if not self.is_open:
            raise table_closed()
        if self.is_spectator():
            raise watching_only()
        player = self.match.current_player
        if player >= 0 and player not in self.seats_here:
            raise not_your_seat(player)

    def play_group(self, actions: Sequence[Any], auto_roll: AutoRoll = lambda state: False) -> list[Any]:
        """Make moves as one (validated, then stored), then the automatic moves after them.

        Raises ``IllegalAction`` (the rules), ``TableError`` (not this
        page's turn, table closed, or another device moved first); in every
        case the table and the page's match are as before. The page checks
        only whose turn it is (``_check_turn``); the moves themselves are
        validated in one place, ``Match.play_group`` (all or nothing).
        """
        self._check_turn()
        player = self.match.current_player
        author = player if player >= 0 else self.author()
        base = len(self.match.steps)
        parsed = self.match.play_group(actions, author=author)
        self._store_from(base)
        self._redo.clear()
        self.advance(auto_roll)
        return parsed

    def roll(self, auto_roll: AutoRoll = lambda state: False) -> bool:
        """Draw the chance outcomes due now from the seed (the Roll button), then the automatic moves."""
        if self.match.current_player != CHANCE or self.match.table:
            return False
        if not self.is_open:
            raise table_closed()
        if self.is_spectator():
            raise watching_only()
        base = len(self.match.steps)
        while self.match.current_player == CHANCE:
            self.match.step_auto()
        self._store_from(base)
        self._redo.clear()
        self.advance(auto_roll)
        return True

    def auto_due(self, auto_roll: AutoRoll) -> bool:
        """An automatic move (a bot's, or a roll drawn at once) is due."""
        match = self.match
        player = match.current_player
        if not self.is_open or player == TERMINAL:
            return False
        if player == CHANCE:
            return not match.table and auto_roll(match.state)
        return match.is_bot(player)

    def advance(self, auto_roll: AutoRoll = lambda state: False, limit: int = 100_000) -> int:
        """Make and store the automatic moves due, in batches; returns how many this page stored.

        If another page stores them first (it got there before us, e.g. after
        a stall), this page catches up and goes on from there.
        """
        stored = 0
        base = len(self.match.steps)
        started = time.monotonic()
        for _ in range(limit):
            if not self.auto_due(auto_roll):
                break
            self.match.step_auto()
            if time.monotonic() - started >= FLUSH_SECONDS:
                stored += self._flush(base)
                base, started = len(self.match.steps), time.monotonic()
        else:
            raise RuntimeError(f"{self.game.name}: no person's decision after {limit} automatic moves")
        return stored + self._flush(base)

    def _flush(self, base: int) -> int:
        """Store the automatic moves after ``base``; on a stale revision drop them and catch up."""
        n = len(self.match.steps) - base
        if n <= 0:
            return 0
        try:
            self._store_from(base)
        except TableError:
            return 0
        return n

    def _store_from(self, base: int) -> None:
        """Append the page's steps after ``base`` to the store, or undo them locally and raise ``TableMoved``."""
        steps = [to_stored(s) for s in self.match.steps[base:]]
        status = OVER if self.match.is_over() else None
        try:
            self.info = self.store.append(self.table_id, self.revision, steps, status=status)
        except StaleRevision:
            self.match.truncate(base)
            self.sync()
            raise table_moved() from None
        self._changed_at = time.monotonic()

    # ----- undo / redo -----------------------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back this page's last move (``Match.undo_start``'s rule), on every device."""
        if not self.can_undo():
            return False
        start = self.match.undo_start(self.seats_here)
        assert start is not None
        taken = [to_stored(s) for s in self.match.steps[start:]]
        try:
            self.info = self.store.truncate(self.table_id, self.revision, start, status=OPEN)
        except StaleRevision:
            self.sync()
            raise table_moved() from None
        self.match.truncate(start)
        self._redo.append(taken)
        self._redo_revision = self.revision
        self._changed_at = time.monotonic()
        return True

    def redo(self) -> bool:
        """Make again what this page's last undo took back, if nothing happened since."""
        if not self.can_redo():
            return False
        steps = self._redo[-1]
        base = len(self.match.steps)
        self.match.extend([to_step(s) for s in steps])
        try:
            self._store_from(base)
        except TableError:
            self._redo.clear()
            raise
        self._redo.pop()
        self._redo_revision = self.revision
        return True

    # ----- other devices -----------------------------------------------------------------------------------------
    def sync(self) -> bool:
        """Catch up with the store; True when something changed (the page redraws).

        Usually the other devices only added moves: read those. After an undo
        anywhere (``cuts`` moved) read the whole list and keep the common start.
        """
        if self.store.revision(self.table_id) == self.revision:
            return False
        self._check_claims()
        local = self.match.steps
        table = self.store.load(self.table_id, start=len(local))
        if table.info.cuts == self.info.cuts and table.start == len(local):
            self._catch_up(table, len(local))
            return True
        table = self.store.load(self.table_id)
        common = 0
        for mine, theirs in zip(local, table.steps):
            if to_stored(mine) != theirs:
                break
            common += 1
        self._catch_up(Table(table.info, table.steps[common:], common), common)
        return True

    def _check_claims(self) -> None:
        """Let go of the seats another device claimed since this page last looked."""
        counts = self.store.claims(self.table_id)
        taken = frozenset(s for s in self.seats_here if counts.get(s, 0) > self.claims_seen.get(s, 0))
        self.claims_seen = counts
        self.released = taken
        if taken:
            self.seats_here = self.seats_here - taken
        watches = self.store.watches(self.table_id)
        self.watched = self.watched | frozenset(
            s for s in self.seats_here if watches.get(s, 0) > self.watches_seen.get(s, 0)
        )
        self.watches_seen = watches

    def _catch_up(self, table: Table, at: int) -> None:
        if len(self.match.steps) != at:
            self.match.truncate(at)
        self.match.extend([to_step(s) for s in table.steps])
        self.info = table.info
        self._changed_at = time.monotonic()
        if self._redo_revision != self.revision:
            self._redo.clear()

    def stalled(self, auto_roll: AutoRoll) -> bool:
        """An automatic move has been due for a while with nothing stored: its page went away."""
        return self.auto_due(auto_roll) and time.monotonic() - self._changed_at >= TAKEOVER_SECONDS

    def touch(self) -> None:
        """This page is alive (the host page shows which seats are connected)."""
        if self.seats_here:
            self.store.touch(self.table_id, self.seats_here)

    # ----- new tables from this one ---------------------------------------------------------------------------------
    def shared(self) -> bool:
        """People play this table on other devices: a human seat is not this page's."""
        return bool(self.match.human_seats() - self.seats_here)

    def check_rematch(self, seed: Any = None) -> None:
        """Raise ``TableError`` if this page may not start the next game here now (issue 17).

        On a table shared between devices:

        - an unfinished game is not closed by one seat: it ends by play, or
          the host page closes it (a café's staff settle a table that cannot
          agree); every seat may then start the next game;
        - a chosen seed is refused, always: whoever chose it can work out
          every roll and deal of the next game, which the other players would
          play unaware (a seed is for one device replaying a game alone).
        """
        if not self.shared():
            return
        if seed is not None and seed != "":
            raise TableError(
                "seed",
                "ほかの端末の人もいるテーブルでは、シード値を指定できません（指定した人には次のゲームのダイスや配り札がすべて分かってしまいます）。",
                "A seed cannot be chosen at a table other devices play at: whoever chose it would know every roll and deal of the next game.",
            )
        if self.is_open and not self.match.is_over():
            raise TableError(
                "table",
                "ほかの端末の人が遊んでいる途中のゲームは、1 人の操作では終えられません。ゲームを最後まで遊ぶか、お店の人（ホスト画面）に閉じてもらってください。",
                "A game others are playing on their devices cannot be ended by one seat: play it to the end, or ask the staff to close it from the host page.",
            )

    def rematch(
        self,
        options: Mapping[str, Any] | None = None,
        *,
        seed: Any = None,
        seats: Sequence[str] | None = None,
        table_mode: bool = False,
        label: str | None = None,
        origin: str | None = None,
    ) -> "TableSession":
        """A new game for the same people: a new table with the same seat tokens where seats stay human.

        ``label`` and ``origin`` default to this table's (a lesson's next game passes its own).

        This table then names it as its successor, so the other devices follow.
        An unfinished table is closed (the result of a game nobody finished
        would mean nothing); a finished one stays as it is, for its replay.
        Raises ``TableError`` where ``check_rematch`` says no (a shared table).
        """
        self.check_rematch(seed)
        old_tokens = self.store.seat_tokens(self.table_id)
        new = TableSession.create(
            self.store,
            self.game,
            options,
            seed=seed,
            seats=seats,
            table_mode=table_mode,
            label=self.info.label if label is None else label,
            tokens=old_tokens,
            origin=self.info.origin if origin is None else origin,
        )
        status = OVER if self.info.status == OVER else CLOSED
        self.info = self.store.set_status(self.table_id, status, successor=new.table_id)
        carried = set(old_tokens)
        # this page keeps the tokens it had (never learns another device's), and takes the
        # new human seats nobody had before
        new.keys = {s: t for s, t in new.keys.items() if s in self.keys or s not in carried}
        new.hold(s for s in new.keys if s in self.seats_here or s not in carried)
        return new

    def close(self) -> None:
        """Close the table (a host's decision): no more moves, the result and the replay stay."""
        self.info = self.store.set_status(self.table_id, CLOSED)

    # ----- records ------------------------------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The whole game as a JSON record, seed included: only for a finished (or closed) table."""
        record = self.match.to_record()
        record["meta"]["table_id"] = self.table_id
        return record


def reseeded(match: Match) -> Match:
    """``match`` with a new secret seed for everything not yet drawn (a copy of a saved game).

    Its moves so far, chance outcomes included, are kept as recorded
    (``Match.recorded``); every later roll, deal and bot choice comes from
    the new seed, which nobody — not the file's holder, not the table the
    file came from — knows. Why: a save file's record carries its table's
    seed, and a copy that kept it would show every die not yet rolled.
    """
    copy = Match.new(match.game, match.options, seed=fresh_seed(), table=match.table, seats=match.seats)
    copy.recorded = len(match.steps)
    copy.extend(match.steps)
    return copy


def _seats(keys: Mapping[int, str]) -> frozenset[int]:
    """The real seats among a page's tokens (not the owner's)."""
    return frozenset(k for k in keys if k != OWNER)
