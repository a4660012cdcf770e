"""The table store's contract, run against SQLite and PostgreSQL alike.

What every backend promises (``rulebook/tables/store.py``): tables keep
their options, seats, secret seed and moves exactly; every write is guarded
by the revision; a stale write changes nothing; undo (truncate) and
statuses bump the revision; tokens open their seat only; retention purges
what it should and nothing else; and two devices writing at once never lose
or duplicate a move.
"""

from __future__ import annotations

import multiprocessing
import time

import pytest

from rulebook.tables.store import (
    CLOSED,
    OPEN,
    OVER,
    OWNER,
    NoSuchTable,
    StaleRevision,
    StoredStep,
    TableStore,
    is_token_text,
)
from rulebook.tables.opening import forget_stores, open_store


def new(store: TableStore, **kwargs):
    spec = dict(
        game="chiritsumo",
        version=3,
        options={"mode": "hakoniwa", "players": 3},
        seats=("human", "solver", "human"),
        table_mode=False,
        seed=2**62 + 12345,
    )
    spec.update(kwargs)
    return store.create(**spec)


def step(text: str, actor: int = 0, by_user: bool = True, group: int = 1, author: int | None = 0) -> StoredStep:
    return StoredStep(text, actor, by_user, group, author if by_user else None)


def test_a_new_table_keeps_what_it_was_made_with(store: TableStore):
    info = new(store, label="Table 3 ・ 窓際")
    assert is_token_text(info.id) and len(info.id) >= 12
    again = store.info(info.id)
    assert again == info
    assert (info.game, info.version, dict(info.options), info.seats) == (
        "chiritsumo",
        3,
        {"mode": "hakoniwa", "players": 3},
        ("human", "solver", "human"),
    )
    assert info.seed == 2**62 + 12345 and not info.seed_chosen and not info.table_mode
    assert (info.status, info.revision, info.moves, info.cuts, info.successor) == (OPEN, 0, 0, 0, None)
    assert info.label == "Table 3 ・ 窓際" and info.created == info.updated
    table = store.load(info.id)
    assert table.info == info and table.steps == () and table.start == 0


def test_ids_and_tokens_are_unguessable_and_only_for_people(store: TableStore):
    a, b = new(store), new(store)
    assert a.id != b.id
    tokens = store.seat_tokens(a.id)
    assert set(tokens) == {OWNER, 0, 2}  # the bot's seat has none; the page that made the table owns it
    assert all(is_token_text(t) and len(t) >= 16 for t in tokens.values())  # 128 bits, URL-safe
    assert len(set(tokens.values()) | set(store.seat_tokens(b.id).values())) == 6
    assert store.seat_of(a.id, tokens[OWNER]) == OWNER
    assert store.seat_of(a.id, tokens[2]) == 2 and store.seat_of(a.id, tokens[0]) == 0
    assert store.seat_of(b.id, tokens[0]) is None  # a token opens its own table only
    assert store.seat_of(a.id, "not-a-token") is None


def test_given_tokens_are_kept_for_a_rematch(store: TableStore):
    first = new(store)
    tokens = store.seat_tokens(first.id)
    rematch = new(store, tokens=tokens)
    assert store.seat_tokens(rematch.id) == tokens
    with pytest.raises(ValueError):
        new(store, tokens={0: "same-token-1234", 2: "same-token-1234"})
    with pytest.raises(ValueError):
        new(store, tokens={1: "the-bot-seat-token"})
    with pytest.raises(ValueError):
        new(store, tokens={7: "seat-seven-token"})


@pytest.mark.parametrize(
    "bad",
    [
        {"game": "no such game!"},
        {"seats": ()},
        {"seats": ("human", "")},
        {"seed": -1},
        {"seed": 2**63},
        {"seed": "12"},
        {"options": {"x": object()}},
    ],
)
def test_malformed_tables_are_refused(store: TableStore, bad):
    with pytest.raises((ValueError, TypeError)):
        new(store, **bad)
    assert store.list_tables() == []


def test_append_is_guarded_by_the_revision(store: TableStore):
    info = new(store)
    after = store.append(info.id, 0, [step("roll 1 3", -1, False, 1), step("place 0 1 1", 0, True, 2)])
    assert (after.revision, after.moves) == (1, 2) and after.updated >= info.updated
    with pytest.raises(StaleRevision) as stale:
        store.append(info.id, 0, [step("done")])
    assert (stale.value.expected, stale.value.actual) == (0, 1)
    assert store.info(info.id) == after  # nothing written
    store.append(info.id, 1, [step("done", 0, True, 3)])
    table = store.load(info.id)
    assert [s.text for s in table.steps] == ["roll 1 3", "place 0 1 1", "done"]
    assert table.steps[0] == StoredStep("roll 1 3", -1, False, 1, None)
    assert table.steps[1] == StoredStep("place 0 1 1", 0, True, 2, 0)
    assert table.info.revision == 2 and table.info.moves == 3


def test_load_from_a_start_gives_the_later_moves(store: TableStore):
    info = new(store)
    store.append(info.id, 0, [step(f"m{k}", group=k) for k in range(5)])
    table = store.load(info.id, start=3)
    assert table.start == 3 and [s.text for s in table.steps] == ["m3", "m4"]
    assert store.load(info.id, start=99).steps == ()


def test_bad_steps_are_refused_and_change_nothing(store: TableStore):
    info = new(store)
    for bad in (step("x", actor=3), step("x", actor=-2), step(""), step("x", author=5)):
        with pytest.raises(ValueError):
            store.append(info.id, 0, [step("fine"), bad])
        assert store.info(info.id).revision == 0 and store.load(info.id).steps == ()


def test_truncate_is_an_undo_guarded_by_the_revision(store: TableStore):
    info = new(store)
    store.append(info.id, 0, [step(f"m{k}", group=k) for k in range(4)])
    cut = store.truncate(info.id, 1, 2)
    assert (cut.revision, cut.moves, cut.cuts) == (2, 2, 1)
    assert [s.text for s in store.load(info.id).steps] == ["m0", "m1"]
    with pytest.raises(StaleRevision):
        store.truncate(info.id, 1, 0)
    with pytest.raises(ValueError):
        store.truncate(info.id, 2, 3)
    store.append(info.id, 2, [step("m2b")])
    assert [s.text for s in store.load(info.id).steps] == ["m0", "m1", "m2b"]


def test_status_and_successor(store: TableStore):
    info = new(store)
    over = store.append(info.id, 0, [step("last")], status=OVER)
    assert over.status == OVER and not over.is_open
    nxt = new(store)
    marked = store.set_status(info.id, OVER, successor=nxt.id)
    assert marked.successor == nxt.id and marked.revision == over.revision + 1
    closed = store.set_status(nxt.id, CLOSED)
    assert closed.status == CLOSED
    with pytest.raises(ValueError):
        store.set_status(nxt.id, "paused")


def test_missing_tables(store: TableStore):
    for call in (
        lambda: store.info("nope-nope-nope"),
        lambda: store.load("nope-nope-nope"),
        lambda: store.revision("nope-nope-nope"),
        lambda: store.append("nope-nope-nope", 0, [step("x")]),
        lambda: store.truncate("nope-nope-nope", 0, 0),
        lambda: store.set_status("nope-nope-nope", OVER),
        lambda: store.seat_tokens("nope-nope-nope"),
    ):
        with pytest.raises(NoSuchTable):
            call()
    assert store.seat_of("nope-nope-nope", "token-token-token") is None


def test_claims_move_a_seat_and_bump_the_revision(store: TableStore):
    info = new(store)
    assert store.claims(info.id) == {OWNER: 0, 0: 0, 2: 0}
    after = store.claim(info.id, [2])
    assert after.revision == info.revision + 1 and after.moves == 0
    store.claim(info.id, [2, 0])
    assert store.claims(info.id) == {OWNER: 0, 0: 1, 2: 2}
    with pytest.raises(NoSuchTable):
        store.claim("nope-nope-nope", [0])


def test_presence(store: TableStore):
    info = new(store)
    assert store.presence(info.id) == {}
    store.touch(info.id, [0], when=1000.0)
    store.touch(info.id, [2, 0], when=2000.0)
    store.touch(info.id, [1], when=3000.0)  # a bot's seat is never present
    store.touch(info.id, [])
    assert store.presence(info.id) == {0: 2000.0, 2: 2000.0}
    assert store.info(info.id).revision == 0  # presence is not a change of the game


def test_touch_many_is_each_touch(store: TableStore):
    first, second = new(store), new(store)
    store.touch_many([(first.id, [0, 2], 1000.0), (second.id, [2], 2000.0), (second.id, [0], 0.0), ("nope-nope-nope", [0], 5.0)])
    store.touch_many([])
    assert store.presence_of([first.id, second.id]) == {first.id: {0: 1000.0, 2: 1000.0}, second.id: {0: 0.0, 2: 2000.0}}
    assert store.info(first.id).revision == 0


def test_many_tables_counts_and_presence_in_one_question_each(store: TableStore):
    """What the host page's list asks (``seat_counts_of``, ``presence_of``): the same as table by table."""
    first, second, quiet = new(store), new(store), new(store)
    store.claim(first.id, [2])
    store.watch(second.id, [0])
    store.touch(first.id, [0], when=1000.0)
    store.touch(second.id, [2], when=2000.0)
    ids = [first.id, second.id, quiet.id, "nope-nope-nope"]
    assert store.seat_counts_of(ids, "claims") == {t: store.claims(t) for t in ids[:3]}
    assert store.seat_counts_of(ids, "watches") == {t: store.watches(t) for t in ids[:3]}
    assert store.presence_of(ids) == {first.id: {0: 1000.0}, second.id: {2: 2000.0}}
    assert store.presence_of([]) == {} and store.seat_counts_of([], "claims") == {}
    with pytest.raises(ValueError):
        store.seat_counts_of(ids, "seat; DROP TABLE rb_seats")
    many = [new(store).id for _ in range(3)]
    from rulebook.tables import sql

    sql_module_chunk, sql.IN_CHUNK = sql.IN_CHUNK, 2  # ids spread over several IN lists answer the same
    try:
        assert set(store.seat_counts_of(many + ids, "claims")) == set(many + ids[:3])
    finally:
        sql.IN_CHUNK = sql_module_chunk


def test_list_and_purge(store: TableStore):
    old_over = new(store)
    store.append(old_over.id, 0, [step("x")], status=OVER)
    old_open = new(store)
    fresh = new(store)
    closed = new(store)
    store.set_status(closed.id, CLOSED)
    listed = store.list_tables()
    assert {t.id for t in listed} == {old_over.id, old_open.id, fresh.id, closed.id}
    assert listed[0].updated >= listed[-1].updated
    assert {t.id for t in store.list_tables([OPEN])} == {old_open.id, fresh.id}
    assert len(store.list_tables(limit=2)) == 2
    cutoff = time.time() + 1
    # everything is "older" than a cut-off in the future; open ones stay unless their own cut-off passes
    assert store.purge(finished_before=cutoff, abandoned_before=0) == 2
    assert {t.id for t in store.list_tables()} == {old_open.id, fresh.id}
    assert store.purge(finished_before=cutoff, abandoned_before=cutoff) == 2
    assert store.list_tables() == []
    with pytest.raises(NoSuchTable):
        store.load(old_over.id)
    assert store.seat_of(old_over.id, "x" * 22) is None


def test_settings_are_made_once(store: TableStore):
    made = []

    def make() -> str:
        made.append(1)
        return f"value-{len(made)}"

    assert store.setting("site_key", make) == "value-1"
    assert store.setting("site_key", make) == "value-1"
    assert made == [1]


def test_a_table_keeps_how_it_was_opened_and_what_was_entered(store: TableStore):
    """Issue 19 B (the host lists the café's tables apart from personal games) and A (a lesson played on)."""
    host = new(store, origin="host")
    lesson = new(store, origin="lesson", entered=3)
    plain = new(store)
    assert (store.info(host.id).origin, store.info(host.id).entered) == ("host", 0)
    assert (store.info(lesson.id).origin, store.info(lesson.id).entered) == ("lesson", 3)
    assert (plain.origin, plain.entered) == ("", 0)
    assert {i.id: i.origin for i in store.list_tables()} == {host.id: "host", lesson.id: "lesson", plain.id: ""}


@pytest.mark.parametrize("bad", [{"origin": "kitchen"}, {"entered": -1}, {"entered": "2"}])
def test_a_bad_origin_or_entered_count_is_refused(store: TableStore, bad):
    with pytest.raises(ValueError):
        new(store, **bad)
    assert store.list_tables() == []


def _drop_added_columns(url: str) -> None:
    """Make the store look as one made before ``origin``/``entered`` existed."""
    if url.startswith("sqlite://"):
        import sqlite3

        db = sqlite3.connect(url[len("sqlite://") :])
        for name in ("origin", "entered"):
            db.execute(f"ALTER TABLE rb_tables DROP COLUMN {name}")
        db.commit()
        db.close()
    else:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ALTER TABLE rb_tables DROP COLUMN origin, DROP COLUMN entered")


def test_tables_stored_before_origin_existed_stay_readable(store: TableStore, store_url: str):
    info = new(store, label="old")
    store.append(info.id, 0, [step("m0")])
    forget_stores()
    _drop_added_columns(store_url)
    again = open_store(store_url)
    old = again.load(info.id)
    assert (old.info.label, old.info.moves, old.info.origin, old.info.entered) == ("old", 1, "", 0)
    assert again.create(game="puniu", version=1, options={}, seats=("human",), table_mode=False, seed=1, origin="page").origin == "page"


def test_a_second_connection_sees_the_same_tables(store: TableStore, store_url: str):
    info = new(store)
    store.append(info.id, 0, [step("m0")])
    forget_stores()
    again = open_store(store_url)
    assert again.load(info.id).info.moves == 1
    assert again.revision(info.id) == 1


# ----- two devices at once ------------------------------------------------------------------------------
def _device(url: str, table_id: str, me: int, moves: int, ready, results) -> None:
    """A page's loop: read the revision, try to append one move; on a stale revision read again."""
    store = open_store(url)
    ready.wait()
    won = stale = 0
    while won < moves:
        revision = store.revision(table_id)
        try:
            store.append(table_id, revision, [StoredStep(f"d{me}-{won}", me, True, 1, me)])
        except StaleRevision:
            stale += 1
        else:
            won += 1
    results.put((me, won, stale))


def test_two_devices_acting_at_once_never_lose_or_repeat_a_move(store: TableStore, store_url: str):
    """Two processes append to one table as fast as they can, many times over.

    Every append that succeeded is stored exactly once and in order, the
    revision counts the successful appends, and stale appends wrote nothing.
    """
    info = new(store, seats=("human", "human"))
    moves = 150
    ctx = multiprocessing.get_context("spawn")
    ready = ctx.Event()
    results = ctx.Queue()
    devices = [ctx.Process(target=_device, args=(store_url, info.id, me, moves, ready, results)) for me in (0, 1)]
    for p in devices:
        p.start()
    ready.set()
    outcome = [results.get(timeout=120) for _ in devices]
    for p in devices:
        p.join(timeout=30)
    table = store.load(info.id)
    texts = [s.text for s in table.steps]
    assert len(texts) == 2 * moves == len(set(texts))
    for me in (0, 1):
        assert [t for t in texts if t.startswith(f"d{me}-")] == [f"d{me}-{k}" for k in range(moves)]
    assert table.info.revision == 2 * moves and table.info.moves == 2 * moves
    assert sum(won for _, won, _ in outcome) == 2 * moves


def test_a_copy_keeps_how_many_of_its_moves_were_recorded_under_another_seed(store: TableStore):
    """``recorded`` (issue 17): a save's copy takes its past as recorded and draws the rest from a new seed."""
    assert new(store).recorded == 0
    info = new(store, recorded=5)
    assert info.recorded == 5 and store.info(info.id).recorded == 5 and store.load(info.id).info.recorded == 5
    with pytest.raises(ValueError):
        new(store, recorded=-1)


def test_events_are_counted_per_client_within_a_window(store: TableStore):
    """The rate limit on new tables (issue 17): ``limit`` events per ``who`` in any ``window`` seconds."""
    assert [store.count_event("table", "a", 60, 3, when=100.0 + k) for k in range(4)] == [True, True, True, False]
    assert store.count_event("table", "b", 60, 3, when=104.0)  # another client has its own count
    assert store.count_event("load", "a", 60, 3, when=104.0)  # and another kind of event
    assert not store.count_event("table", "a", 60, 3, when=159.0)
    assert store.count_event("table", "a", 60, 3, when=160.5)  # the first ones left the window


def test_the_store_tells_its_size(store: TableStore):
    before = store.size_bytes()
    assert before > 0
    info = new(store)
    store.append(info.id, 0, [step(f"move {k} " + "x" * 200) for k in range(2000)])
    assert store.size_bytes() > before


def test_watches_are_counted_per_seat_and_bump_the_revision(store: TableStore):
    """A seat's link opened without its claim (issue 17): the device playing the seat is told."""
    info = new(store)
    assert store.watches(info.id) == {OWNER: 0, 0: 0, 2: 0}
    after = store.watch(info.id, [2])
    assert after.revision == info.revision + 1
    assert store.watches(info.id) == {OWNER: 0, 0: 0, 2: 1} and store.claims(info.id)[2] == 0
    with pytest.raises(NoSuchTable):
        store.watch("nonexistent-table", [0])


# ----- the site's servers, pages and changing settings (issue 30: limits every server shares) -----------------
def other_store(url: str) -> TableStore:
    """A second store object on the same database (not ``open_store``'s cached one): another server's."""
    if url.startswith("sqlite://"):
        from rulebook.tables.sqlite import SQLiteStore

        return SQLiteStore(url[len("sqlite://") :])
    from rulebook.tables.postgres import PostgresStore

    return PostgresStore(url)


def test_pages_are_counted_per_address_and_cookie_on_live_servers(store: TableStore):
    assert store.open_page("p1", "a", "10.0.0.1", "c1", (2, 1), alive_after=0, when=100) is None
    assert store.open_page("p2", "a", "10.0.0.1", "c1", (2, 1), alive_after=0, when=100) == "cookie"
    assert store.open_page("p2", "b", "10.0.0.1", None, (2, 1), alive_after=0, when=100) is None
    assert store.open_page("p3", "b", "10.0.0.1", "c9", (2, 1), alive_after=0, when=100) == "address"
    assert store.open_page("p3", "b", "10.0.0.1", "c9", (0, 1), alive_after=0, when=100) is None  # 0: no limit
    assert store.client_pages("10.0.0.1", "c1", alive_after=0) == (3, 1)
    store.page_kernel("p1", "k1", when=101)
    store.close_pages(["p3"])
    assert store.client_pages("10.0.0.1", None, alive_after=0) == (2, 0)
    # server a beats at 130 holding only p1; b stopped at 100: its pages stop counting at once, and go at the beat
    assert store.client_pages("10.0.0.1", None, alive_after=120) == (0, 0)
    assert store.server_beat("a", ["p1"], alive_after=120, when=130) == 1
    assert store.client_pages("10.0.0.1", "c1", alive_after=120) == (1, 1)
    assert store.server_beat("a", [], alive_after=120, when=131) == 0  # a page a server no longer holds goes
    assert store.client_pages("10.0.0.1", "c1", alive_after=0) == (0, 0)


def test_settings_change_in_turn_and_expire(store: TableStore):
    assert store.change_setting("n", lambda v: str(int(v or 0) + 1)) == "1"
    assert store.change_setting("n", lambda v: str(int(v or 0) + 1), ttl=600) == "2"
    assert store.read_settings(["n", "none"]) == {"n": "2"}
    store.change_setting("gone", lambda v: "x", ttl=0)  # expires at once
    assert store.read_settings(["gone"]) == {}
    assert store.change_setting("gone", lambda v: "was " + str(v)) == "was None"  # an expired value reads as unset
    assert store.change_setting("n", lambda v: None) is None
    assert store.read_settings(["n"]) == {}
    with pytest.raises(ZeroDivisionError):  # a change that fails changes nothing
        store.change_setting("gone", lambda v: str(1 / 0))
    assert store.read_settings(["gone"]) == {"gone": "was None"}


def test_two_store_objects_on_one_database_share_every_count(store: TableStore, store_url: str):
    """Two servers (two store objects) see one client's events, pages and settings once."""
    other = other_store(store_url)
    try:
        assert [s.count_event("table", "who", 60, 3, when=100.0 + k) for k, s in enumerate([store, other, store, other])] == [
            True, True, True, False
        ]
        assert store.open_page("p1", "a", "10.0.0.1", "c", (2, 0), alive_after=0, when=100) is None
        assert other.open_page("p2", "b", "10.0.0.1", "d", (2, 0), alive_after=0, when=100) is None
        assert other.open_page("p3", "b", "10.0.0.1", "e", (2, 0), alive_after=0, when=100) == "address"
        store.change_setting("k", lambda v: "1")
        assert other.change_setting("k", lambda v: v + "2") == "12"
        assert store.setting("client_salt", lambda: "ab") == other.setting("client_salt", lambda: "cd") == "ab"
    finally:
        other.close()


def test_servers_letting_one_client_in_at_once_never_pass_its_limit(store: TableStore, store_url: str):
    """Eight servers take one address's page requests at the same moment: exactly the limit of them get in."""
    import threading

    others = [other_store(store_url) for _ in range(8)]
    start = threading.Barrier(len(others))
    answers: list[str | None] = []

    def request(n: int) -> None:
        start.wait()
        answers.append(others[n].open_page(f"p{n}", f"server-{n}", "10.0.0.99", f"c{n}", (3, 0), alive_after=0))

    threads = [threading.Thread(target=request, args=(n,)) for n in range(len(others))]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        for other in others:
            other.close()
    assert sorted(answers, key=str) == [None, None, None] + ["address"] * 5
    assert store.client_pages("10.0.0.99", None, alive_after=0) == (3, 0)
