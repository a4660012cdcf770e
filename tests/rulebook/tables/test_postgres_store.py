"""What only the PostgreSQL store has to get right (the shared contract is in test_store_contract.py).

Several serve processes share one database (docs/deploy.md): they create
the schema at the same moment, two of them may append at one revision, the
database may restart under them, and a wrong URL must say what is wrong
without printing the password.
"""

from __future__ import annotations

import multiprocessing
import threading

import pytest

from rulebook.tables.postgres import PostgresStore
from rulebook.tables.store import describe
from rulebook.tables.store import StaleRevision, StoredStep, StoreError
from rulebook.tables.opening import forget_stores, open_store


@pytest.fixture(autouse=True)
def _forget():
    yield
    forget_stores()


def _table(store: PostgresStore):
    return store.create(
        game="not_my_fault", version=1, options={"players": 2}, seats=("human", "human"), table_mode=False, seed=7
    )


def test_a_postgresql_url_opens_a_postgres_store(fresh_postgres_url: str) -> None:
    store = open_store(fresh_postgres_url)
    assert isinstance(store, PostgresStore)
    assert open_store(fresh_postgres_url) is store
    assert open_store(fresh_postgres_url.replace("postgresql://", "postgres://", 1)).revision(_table(store).id) == 0


def test_two_stores_at_one_revision_exactly_one_append_wins(fresh_postgres_url: str) -> None:
    """Two processes' connections append at the same revision at the same moment: one wins, one is stale."""
    first, second = PostgresStore(fresh_postgres_url), PostgresStore(fresh_postgres_url)
    try:
        info = _table(first)
        for round_ in range(20):
            expected = first.revision(info.id)
            barrier = threading.Barrier(2)
            outcome: list[str] = []

            def act(store: PostgresStore, name: str) -> None:
                barrier.wait()
                try:
                    store.append(info.id, expected, [StoredStep(f"{name}{round_}", 0, True, 1, 0)])
                    outcome.append("won")
                except StaleRevision:
                    outcome.append("stale")

            threads = [threading.Thread(target=act, args=(s, n)) for s, n in ((first, "a"), (second, "b"))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert sorted(outcome) == ["stale", "won"]
            table = second.load(info.id)
            assert table.info.revision == expected + 1 and table.info.moves == round_ + 1
    finally:
        first.close()
        second.close()


def _open_at_once(url: str, ready, results) -> None:
    ready.wait()
    try:
        store = PostgresStore(url)
        results.put(("ok", store.setting("seal_key", lambda: __import__("secrets").token_hex(8))))
        store.close()
    except Exception as error:  # the test reports what went wrong
        results.put(("error", repr(error)))


def test_processes_starting_together_create_the_schema_once(fresh_postgres_url: str) -> None:
    ctx = multiprocessing.get_context("spawn")
    ready, results = ctx.Event(), ctx.Queue()
    workers = [ctx.Process(target=_open_at_once, args=(fresh_postgres_url, ready, results)) for _ in range(6)]
    for p in workers:
        p.start()
    ready.set()
    answers = [results.get(timeout=120) for _ in workers]
    for p in workers:
        p.join(30)
    assert all(kind == "ok" for kind, _ in answers), answers
    assert len({value for _, value in answers}) == 1  # one site key, whoever asked first


def test_the_store_reconnects_after_the_database_restarts(postgres_server) -> None:
    url = postgres_server.new_database()
    store = PostgresStore(url)
    info = _table(store)
    store.append(info.id, 0, [StoredStep("first", 0, True, 1, 0)])
    postgres_server.restart()
    # the old connection is gone: the next call reconnects and is answered
    assert store.revision(info.id) == 1
    store.append(info.id, 1, [StoredStep("second", 1, True, 1, 1)])
    assert [s.text for s in store.load(info.id).steps] == ["first", "second"]
    store.close()


def test_a_database_that_is_down_gives_a_store_error_then_recovers(postgres_server) -> None:
    url = postgres_server.new_database()
    store = PostgresStore(url)
    info = _table(store)
    postgres_server.stop()
    try:
        with pytest.raises(StoreError, match="table store at"):
            store.revision(info.id)
    finally:
        postgres_server.restart()
    assert store.revision(info.id) == 0
    store.close()


@pytest.mark.parametrize(
    "url, says",
    [
        ("postgresql://postgres:s3cret-pw@127.0.0.1:1/rulebook", "cannot reach the table store at postgresql://postgres@127.0.0.1:1/rulebook"),
        ("postgresql://postgres:s3cret-pw@127.0.0.1:{port}/no_such_db", "no_such_db"),
        ("postgresql://postgres:s3cret-pw@127.0.0.1:notaport/x", "PostgreSQL URL"),
    ],
)
def test_a_bad_url_is_a_clear_error_without_the_password(postgres_server, url: str, says: str) -> None:
    with pytest.raises(StoreError) as caught:
        PostgresStore(url.format(port=postgres_server.port))
    assert says in str(caught.value)
    assert "s3cret-pw" not in str(caught.value)


def test_describe_hides_the_password() -> None:
    assert describe("postgresql://u:pw@db.example:5433/tables") == "postgresql://u@db.example:5433/tables"
    assert describe("postgresql:///tables") == "postgresql://localhost/tables"


def test_every_write_that_moves_a_table_notifies_at_commit(fresh_postgres_url: str) -> None:
    """The feed's source: append, truncate, status and seat claims each NOTIFY rb_tables "<id> <revision>"."""
    import psycopg

    from rulebook.tables.postgres import NOTIFY_CHANNEL

    store = PostgresStore(fresh_postgres_url)
    with psycopg.connect(fresh_postgres_url, autocommit=True) as listener:
        listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
        info = store.create(game="nim", version=1, options={}, seats=["human", "human"], table_mode=False, seed=1)
        revisions = [
            store.append(info.id, 0, [StoredStep("take 1", 0, True, 0)]).revision,
            store.truncate(info.id, 1, 0).revision,
            store.claim(info.id, [1]).revision,
            store.set_status(info.id, "over").revision,
        ]
        store.touch(info.id, [0])  # presence moves no revision: no notice
        with pytest.raises(StaleRevision):  # refused: nothing committed, nothing told
            store.append(info.id, 0, [StoredStep("take 1", 0, True, 0)])
        payloads = [n.payload for n in listener.notifies(timeout=1.0)]
    assert payloads == [f"{info.id} {r}" for r in revisions]
    assert revisions == [1, 2, 3, 4]
    store.close()


def test_release_gives_the_connection_back_and_the_next_call_reopens_it(fresh_postgres_url: str) -> None:
    store = PostgresStore(fresh_postgres_url)
    count = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'rulebook'"
    probe = PostgresStore(fresh_postgres_url)
    assert probe._run(lambda cur: cur.one(count))[0] == 2
    store.release()
    assert not store.holds_connection
    assert probe._run(lambda cur: cur.one(count))[0] == 1
    info = store.create(game="nim", version=1, options={}, seats=["human"], table_mode=False, seed=1)
    assert store.revision(info.id) == 0 and store.holds_connection
    store.close()
    probe.close()
