"""``TableSession``: devices (pages) sharing one table through the store.

Each "device" here is its own session opened from the store with its own
seat tokens, as two phones' kernels would be. Every scenario runs on SQLite
and PostgreSQL (the ``store`` fixture).
"""

from __future__ import annotations

import multiprocessing

import pytest

from rulebook.core import CHANCE, IllegalAction, Match, get_game
from rulebook.tables import session as session_module
from rulebook.tables.session import TableError, TableSession
from rulebook.tables.store import CLOSED, OVER, NoSuchTable, TableStore
from rulebook.tables.opening import open_store

CHIRITSUMO = get_game("chiritsumo")
NMF = get_game("not_my_fault")
TWO_PEOPLE = {"mode": "hakoniwa", "players": 2}


def device(store: TableStore, table_id: str, *tokens: str) -> TableSession:
    opened, unknown = TableSession.open(store, table_id, tokens)
    assert unknown == []
    return opened


def two_devices(store: TableStore, game=CHIRITSUMO, options=TWO_PEOPLE, seats=None, seed=None, **kwargs):
    host = TableSession.create(store, game, options, seats=seats or ["human", "human"], seed=seed, **kwargs)
    keys = host.keys
    first = device(store, host.table_id, keys[0])
    second = device(store, host.table_id, keys[1])
    return host, first, second


def test_a_new_table_holds_every_human_seat_and_a_secret_seed(store: TableStore):
    table = TableSession.create(store, CHIRITSUMO, {"mode": "hakoniwa", "players": 3}, seats=["human", "solver", "human"])
    assert table.seats_here == {0, 2} and set(table.keys) == {-1, 0, 2} and table.owner
    assert not table.info.seed_chosen and table.info.seed > 10**12
    chosen = TableSession.create(store, CHIRITSUMO, {"mode": "solo"}, seed=42)
    assert chosen.info.seed_chosen and chosen.info.seed == 42 and chosen.match.seed == 42


def test_bad_settings_create_nothing(store: TableStore):
    from rulebook.core import BadOption

    for kwargs in ({"seats": ["human"]}, {"seats": ["human", "wizard"]}, {"seed": "x"}):
        with pytest.raises(BadOption):
            TableSession.create(store, CHIRITSUMO, TWO_PEOPLE, **kwargs)
    with pytest.raises(BadOption):
        TableSession.create(store, CHIRITSUMO, {"mode": "nope"})
    assert store.list_tables() == []


def test_a_move_on_one_device_shows_on_the_other(store: TableStore):
    _, first, second = two_devices(store, seed=5)
    assert first.seats_here == {0} and second.seats_here == {1}
    assert first.roll()  # any seated device may roll
    assert not second.sync() or second.match.states == first.match.states
    assert second.match.states == first.match.states
    assert first.can_act() and not second.can_act()
    first.play_group(["done"])
    assert second.sync() and second.match.states == first.match.states
    assert not second.sync()  # nothing new


def test_reload_resumes_the_exact_table(store: TableStore):
    _, first, _ = two_devices(store, seed=6)
    first.roll()
    action = next(a for a in CHIRITSUMO.legal_actions(first.match.state) if str(a).startswith("place"))
    first.play_group([action])
    again = device(store, first.table_id, first.keys[0])
    assert again.match.states == first.match.states and again.match.steps == first.match.steps
    assert again.can_undo() == first.can_undo() is True


def test_moving_for_another_seat_or_as_a_spectator_is_refused(store: TableStore):
    host, first, second = two_devices(store, seed=7)
    first.roll()
    second.sync()
    with pytest.raises(TableError) as refused:
        second.play_group(["done"])
    assert refused.value.rule_id == "seat" and "Seat 1" in refused.value.message_en
    watcher, unknown = TableSession.open(store, host.table_id, ["not-a-real-token-xyz"])
    assert unknown == ["not-a-real-token-xyz"] and watcher.is_spectator() and not watcher.can_act()
    with pytest.raises(TableError) as watching:
        watcher.play_group(["done"])
    assert "only watches" in watching.value.message_en
    assert not watcher.can_undo() and not watcher.undo()
    assert store.info(host.table_id).revision == first.revision


def test_a_stale_move_is_refused_whole_and_the_page_catches_up(store: TableStore):
    """Two devices press Roll at the same moment: one roll is stored, the other page is told and redrawn."""
    _, first, second = two_devices(store, seed=8)
    first.roll()
    revision = store.revision(first.table_id)
    with pytest.raises(TableError) as moved:
        second.roll()
    assert moved.value.rule_id == "table" and "Another device moved first" in moved.value.message_en
    assert store.revision(first.table_id) == revision  # nothing written
    assert second.match.states == first.match.states and second.revision == revision


def test_bots_and_rolls_are_stored_by_the_page_that_moved_before_them(store: TableStore):
    host = TableSession.create(store, CHIRITSUMO, TWO_PEOPLE, seats=["human", "solver"], seed=9)
    watcher, _ = TableSession.open(store, host.table_id, [])
    host.roll()
    host.play_group(["done"], auto_roll=lambda state: True)
    # the bot stacked (it is one device's work); with auto rolls the next round is drawn too
    assert host.match.current_player in (0, -2)
    assert watcher.sync() and watcher.match.states == host.match.states
    table = store.load(host.table_id)
    assert [s.text for s in table.steps] == [str(a) for a in host.match.actions]


def test_a_stalled_bot_turn_is_taken_over(store: TableStore, monkeypatch):
    host = TableSession.create(store, CHIRITSUMO, TWO_PEOPLE, seats=["human", "solver"], seed=10)
    other = device(store, host.table_id, host.keys[0])
    host.roll()
    # the page stores 'done' and dies before the bot's turn is stored
    monkeypatch.setattr(TableSession, "advance", lambda self, auto_roll=None, limit=0: 0)
    host.play_group(["done"])
    monkeypatch.undo()
    other.sync()
    assert other.match.current_player == 1 and other.auto_due(lambda s: False)
    assert not other.stalled(lambda s: False)
    monkeypatch.setattr(session_module, "TAKEOVER_SECONDS", 0.0)
    assert other.stalled(lambda s: False)
    assert other.advance(lambda s: False) > 0
    assert other.match.current_player != 1


def test_undo_on_a_shared_table_is_for_the_last_mover_until_another_seat_acts(store: TableStore):
    _, first, second = two_devices(store, seed=11)
    first.roll()
    place = next(a for a in CHIRITSUMO.legal_actions(first.match.state) if str(a).startswith("place"))
    first.play_group([place])
    second.sync()
    assert first.can_undo() and not second.can_undo()
    before = first.match.states[-2]
    assert first.undo() and first.match.state == before
    assert second.sync() and second.match.state == before  # every device sees the undo
    assert first.can_redo() and first.redo() and not first.can_redo()
    second.sync()
    first.play_group(["done"])
    second.sync()
    if second.can_act():
        second_place = CHIRITSUMO.legal_actions(second.match.state)[0]
        second.play_group([second_place])
        first.sync()
        assert not first.can_undo()  # another seat acted
        assert second.can_undo()


def test_undo_stops_at_a_revealed_secret(store: TableStore):
    """Not My Fault!: an audit turns the cards over; it cannot be taken back (the issue's example)."""
    table = TableSession.create(store, NMF, {"players": 2}, seats=["human", "human"], seed=3)
    auto = lambda state: True  # noqa: E731  draws and deals follow at once, as on the page
    table.advance(auto)
    for _ in range(200):
        legal = NMF.legal_actions(table.match.state)
        audit = [a for a in legal if str(a) == "audit"]
        if audit:
            table.play_group(audit, auto)
            break
        declare = [a for a in legal if str(a).startswith("declare")]
        table.play_group([(declare or legal)[0]], auto)
    else:
        pytest.fail("no audit came up")
    assert not table.can_undo()


def test_a_closed_table_takes_no_moves(store: TableStore):
    _, first, second = two_devices(store, seed=12)
    first.close()
    second.sync()
    assert store.info(first.table_id).status == CLOSED and not second.can_act()
    with pytest.raises(TableError) as refused:
        second.roll()
    assert "closed" in refused.value.message_en


def test_a_finished_game_is_marked_over_and_gives_its_record(store: TableStore):
    hunt = get_game("treasure_hunt")
    table = TableSession.create(store, hunt, None, seed=13)
    auto = lambda state: True  # noqa: E731
    for _ in range(500):
        if table.match.is_over():
            break
        table.play_group([hunt.legal_actions(table.match.state)[0]], auto)
    assert table.match.is_over() and store.info(table.table_id).status == OVER
    record = table.record()
    assert record["seed"] == 13 and record["meta"]["table_id"] == table.table_id
    again = Match.from_record(record, lambda name: get_game(name))
    assert again.state == table.match.state


def test_rematch_keeps_the_seat_links_and_the_other_devices_follow(store: TableStore):
    host, first, second = two_devices(store, seed=14)
    with pytest.raises(TableError):  # one seat cannot end a game the other device plays (issue 17)
        first.rematch(TWO_PEOPLE, seats=["human", "human"])
    host.close()  # the host page can always close it; then any seat starts the next game
    first.sync()
    new = first.rematch(TWO_PEOPLE, seats=["human", "human"])
    assert new.seats_here == {0} and new.keys == first.keys
    old = store.info(first.table_id)
    assert old.successor == new.table_id and old.status == CLOSED
    second.sync()
    assert second.info.successor == new.table_id
    follower = device(store, second.info.successor, second.keys[1])
    assert follower.seats_here == {1}
    new.close()
    bigger = new.rematch({"mode": "hakoniwa", "players": 3}, seats=["human", "human", "human"])
    assert bigger.seats_here == {0, 2}  # its own seat and the new seat nobody had before


def test_open_refuses_unknown_tables(store: TableStore):
    with pytest.raises(NoSuchTable):
        TableSession.open(store, "no-such-table-id", [])
    with pytest.raises(NoSuchTable):
        TableSession.open(store, "../../etc/passwd", [])


# ----- two devices in two processes, a whole game --------------------------------------------------------
def _play_seat(url: str, table_id: str, token: str, seed: int, results) -> None:
    """One phone: roll when a roll is due (racing the other phone), move when it is this seat's turn."""
    import random
    import time

    store = open_store(url)
    me, _ = TableSession.open(store, table_id, [token])
    import numpy as np

    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    player = me.game.make_bot("solver")
    moved = refused = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if me.match.is_over():
            break
        try:
            if me.match.current_player == CHANCE:
                me.roll()
                moved += 1
            elif me.can_act():
                # a sensible player (the solver bot's choice), with a stray move now and then
                legal = me.game.legal_actions(me.match.state)
                observation = me.game.observe(me.match.state, me.match.current_player)
                choice = player.choose(observation, legal, np_rng) if rng.random() < 0.9 else rng.choice(legal)
                me.play_group([choice])
                moved += 1
            elif not me.sync():
                time.sleep(0.002)
        except TableError:
            refused += 1
        except IllegalAction:
            me.sync()
    results.put((me.match.is_over(), moved, refused, [str(a) for a in me.match.actions]))


@pytest.mark.parametrize("seed", [1, 2])
def test_two_phones_race_through_a_whole_game(store: TableStore, store_url: str, seed: int):
    host = TableSession.create(store, CHIRITSUMO, TWO_PEOPLE, seats=["human", "human"], seed=seed)
    ctx = multiprocessing.get_context("spawn")
    results = ctx.Queue()
    phones = [
        ctx.Process(target=_play_seat, args=(store_url, host.table_id, host.keys[k], seed * 10 + k, results)) for k in (0, 1)
    ]
    for p in phones:
        p.start()
    done = [results.get(timeout=300) for _ in phones]
    for p in phones:
        p.join(timeout=30)
    assert all(over for over, *_ in done)
    stored = [s.text for s in store.load(host.table_id).steps]
    assert done[0][3] == done[1][3] == stored
    replay = Match.new(CHIRITSUMO, TWO_PEOPLE, seed=host.info.seed, seats=["human", "human"])
    for text in stored:
        replay.play(text)  # every stored move is legal in order, and the rolls are the seed's
    assert replay.is_over() and store.info(host.table_id).status == OVER


def test_opening_a_seat_link_moves_the_seat_to_that_device(store: TableStore):
    """A player scans their seat's QR code: the tablet that held the seat lets it go."""
    tablet = TableSession.create(store, NMF, {"players": 3}, seats=["human", "human", "human"], seed=21)
    assert tablet.seats_here == {0, 1, 2}
    phone, _ = TableSession.open(store, tablet.table_id, [tablet.keys[1]], claim=True)
    assert phone.seats_here == {1}
    assert tablet.sync() and tablet.seats_here == {0, 2} and tablet.released == {1}
    assert set(tablet.keys) >= {0, 1, 2}  # the tablet still knows the link (to show it again)
    phone.sync()
    assert phone.seats_here == {1} and phone.released == frozenset()  # its own claim does not drop it
    reloaded, _ = TableSession.open(store, tablet.table_id, tablet.page_keys())
    assert reloaded.seats_here == {0, 2}  # its URL no longer carries the seat
    # scanning again elsewhere moves it on
    other, _ = TableSession.open(store, tablet.table_id, [tablet.keys[1]], claim=True)
    assert phone.sync() and phone.seats_here == frozenset() and phone.released == {1}
    assert other.seats_here == {1}


def test_an_all_bot_table_is_rolled_by_its_owner_page(store: TableStore):
    owner = TableSession.create(store, CHIRITSUMO, TWO_PEOPLE, seats=["solver", "solver"], seed=22)
    assert owner.seats_here == frozenset() and owner.owner and not owner.is_spectator()
    watcher, _ = TableSession.open(store, owner.table_id, [])
    assert watcher.is_spectator() and not watcher.can_roll()
    assert owner.can_roll() and owner.roll(lambda state: False)
    assert watcher.sync() and watcher.match.states == owner.match.states
