"""What the host page knows, without a page: set-ups, the table list, kernels, the login guard."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from rulebook.core import get_game
from rulebook.site import host as host_module
from rulebook.site.host import (
    CONNECTED_SECONDS,
    LOCK_AFTER,
    LOCK_SECONDS,
    LoginGuard,
    current_server_pid,
    kernel_report,
    setups,
    shared_guard,
    table_rows,
)
from rulebook.tables.session import TableSession
from rulebook.tables.store import CLOSED, OPEN, OVER
from rulebook.tables.opening import forget_stores, open_store


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path}/t.sqlite")
    forget_stores()


# ----- set-ups ---------------------------------------------------------------------------------------
def test_setups_offer_every_player_count_the_game_allows():
    assert list(setups(get_game("ring"))) == [3, 4, 5]
    assert list(setups(get_game("puniu"))) == [1, 2, 3, 4, 5, 6]
    assert setups(get_game("treasure_hunt")) == {1: {}}
    chiritsumo = setups(get_game("chiritsumo"))
    assert chiritsumo[1] == {"mode": "solo", "players": 1} and chiritsumo[3] == {"mode": "hakoniwa", "players": 3}


def test_setups_keep_the_houses_options():
    ring = setups(get_game("ring"), {"players": 4, "just_bonus": True})
    assert list(ring) == [3, 4, 5] and all(o["just_bonus"] for o in ring.values())
    chiritsumo = setups(get_game("chiritsumo"), {"mode": "hakoniwa", "players": 2})
    assert chiritsumo[1]["mode"] == "solo" and chiritsumo[4] == {"mode": "hakoniwa", "players": 4}


def test_every_offered_setup_is_one_the_engine_accepts():
    from rulebook.core.registry import all_games

    for game in all_games().values():
        for seats, options in setups(game).items():
            assert game.num_seats(game.initial_state(game.normalize_options(options))) == seats


# ----- the table list ----------------------------------------------------------------------------------
def test_table_rows_list_open_tables_newest_first_with_presence(store):
    old = TableSession.create(store, "ring", {"players": 3}, seats=["human", "search", "human"], label="A", origin="host")
    new = TableSession.create(store, "puniu", {"players": 1}, seats=["human"], origin="host")
    done = TableSession.create(store, "puniu", {"players": 1}, seats=["human"], origin="host")
    store.set_status(done.table_id, CLOSED)
    now = time.time()
    store.touch(new.table_id, [0])
    store.touch(old.table_id, [0], when=now - CONNECTED_SECONDS - 1)
    store.touch(old.table_id, [2], when=now - 1)
    rows = table_rows(store, now=now)
    assert {r.info.id for r in rows} == {new.table_id, old.table_id}
    assert [r.info.updated for r in rows] == sorted((r.info.updated for r in rows), reverse=True)  # newest first
    by_id = {r.info.id: r for r in rows}
    ring = by_id[old.table_id]
    assert [(s.seat, s.kind, s.connected) for s in ring.seats] == [(0, "human", False), (1, "search", False), (2, "human", True)]
    assert ring.people == 2 and ring.connected == 1 and ring.info.label == "A"
    assert by_id[new.table_id].connected == 1
    assert [r.info.id for r in table_rows(store, (CLOSED,))] == [done.table_id]
    assert len(table_rows(store, (OPEN, OVER, CLOSED), limit=2)) == 2


# ----- kernels ---------------------------------------------------------------------------------------------
def test_kernel_report_counts_kernels_under_the_server(monkeypatch):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", "ipykernel_launcher", "-f", "/tmp/kernel-x.json"])
    try:
        time.sleep(0.3)
        monkeypatch.setenv("RULEBOOK_MAX_KERNELS", "12")
        report = kernel_report(os.getpid())
        assert report.kernels == 1 and report.kernels_mb > 0 and report.server_mb > 0 and report.cap == 12
        assert report.total_mb == pytest.approx(report.kernels_mb + report.server_mb)
    finally:
        child.kill()
        child.wait()
    monkeypatch.setenv("RULEBOOK_MAX_KERNELS", "many")
    assert kernel_report(os.getpid()).cap is None and kernel_report(os.getpid()).kernels == 0
    monkeypatch.delenv("RULEBOOK_MAX_KERNELS")
    assert kernel_report().cap is None  # the parent (here: whatever started the tests)


def test_a_forked_kernels_host_page_looks_at_the_server_not_at_its_parent():
    """A kernel forked from the zygote is the zygote's child: the provisioner names the server in its environment."""
    assert current_server_pid({"RULEBOOK_SERVER_PID": "4242"}) == 4242
    assert current_server_pid({}) == os.getppid()  # started the plain way: the server is the parent
    assert current_server_pid({"RULEBOOK_SERVER_PID": "x"}) == os.getppid()


# ----- the login guard ----------------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


def test_the_guard_locks_after_wrong_tries_in_a_row():
    clock = Clock()
    guard = LoginGuard(_clock=clock)
    for _ in range(LOCK_AFTER - 1):
        guard.record(False)
    assert guard.locked() == 0
    guard.record(True)  # a right one clears the count
    assert guard.failures == 0
    for _ in range(LOCK_AFTER):
        guard.record(False)
    assert guard.locked() == LOCK_SECONDS
    clock.now += LOCK_SECONDS / 2
    assert guard.locked() == LOCK_SECONDS / 2
    clock.now += LOCK_SECONDS
    assert guard.locked() == 0


def test_the_shared_guard_counts_the_tries_of_every_page(store):
    clock = Clock()
    pages = [LoginGuard(store=store, _clock=clock) for _ in range(LOCK_AFTER)]
    for page in pages:  # one wrong try on each of five pages (a reload is a new page)
        assert page.locked() == 0
        page.record(False)
    fresh = LoginGuard(store=store, _clock=clock)
    assert fresh.locked() == LOCK_SECONDS
    store.change_setting(host_module.LOGIN_KEY, lambda _: "not json", ttl=60)
    assert LoginGuard(store=store, _clock=clock).locked() == 0  # a damaged value counts nothing


def test_a_right_password_leaves_nothing_in_the_store(store):
    guard = LoginGuard(store=store, client="c1")
    guard.record(False)
    assert store.read_settings([host_module.LOGIN_KEY + "c1"])
    guard.record(True)
    assert store.read_settings([host_module.LOGIN_KEY + "c1"]) == {}


def test_the_shared_guard_reads_the_pages_client_from_its_environment(monkeypatch, store):
    monkeypatch.setenv("HTTP_X_RULEBOOK_CLIENT", "abc123")
    guard = shared_guard(store)
    assert guard.client == "abc123" and guard.store is store
    assert shared_guard(store, client="").client == ""


def test_the_cafes_tables_are_listed_apart_from_personal_games(store):
    """Issue 19 B: host tables and tables whose seat link was opened elsewhere; solo, lesson and bot games only on request."""
    hosted = TableSession.create(store, "ring", {"players": 3}, seats=["human", "human", "rules"], origin="host")
    solo = TableSession.create(store, "puniu", {"players": 1}, seats=["human"], origin="page")
    bots = TableSession.create(store, "ring", {"players": 3}, seats=["human", "rules", "search"], origin="page")
    shared = TableSession.create(store, "puniu", {"players": 2}, seats=["human", "human"], origin="page")
    lesson = TableSession.create(store, "puniu", {"players": 2}, seats=["human", "human"], origin="lesson")
    old = TableSession.create(store, "puniu", {"players": 1}, seats=["human"])  # stored before origins were kept
    store.claim(shared.table_id, [1])  # seat 2's link opened on a phone
    store.claim(lesson.table_id, [1])
    assert {r.info.id for r in table_rows(store)} == {hosted.table_id, shared.table_id}
    every = table_rows(store, everything=True)
    assert {r.info.id for r in every} == {t.table_id for t in (hosted, solo, bots, shared, lesson, old)}
    assert {r.info.id for r in every if not r.cafe} == {solo.table_id, bots.table_id, lesson.table_id, old.table_id}


def test_connected_goes_off_within_ten_seconds_of_the_last_heartbeat(store):
    """Pages mark their seats at every 4 s beat; the host page redraws every 2 s: at most 10 s in all."""
    from widgets.app import PRESENCE_SECONDS
    from widgets.host import REFRESH_SECONDS

    table = TableSession.create(store, "puniu", {"players": 1}, seats=["human"], origin="host")
    now = time.time()
    store.touch(table.table_id, [0], when=now - 4.0)  # a live page's last beat
    assert table_rows(store, now=now)[0].seats[0].connected
    assert PRESENCE_SECONDS < 4.0 and CONNECTED_SECONDS + REFRESH_SECONDS <= 10.0
    assert not table_rows(store, now=now + CONNECTED_SECONDS - 4.0 + 0.01)[0].seats[0].connected


def test_the_table_list_asks_the_store_three_questions_whatever_the_number_of_tables(store):
    """The host page redraws every 2 s: one question per listed table made 500 personal games cost ~250 queries a second."""
    for k in range(12):  # 8 of the host's, 4 personal games (one of which is shared: a seat link opened elsewhere)
        session = TableSession.create(store, "puniu", {"players": 2}, seats=["human", "human"], origin="host" if k % 3 else "page")
        store.touch(session.table_id, [0])
        if k == 3:
            store.claim(session.table_id, [1])
    asked: list[str] = []
    store._run(lambda cur: None)
    store._conn.set_trace_callback(lambda sql: asked.append(sql) if sql.lstrip().upper().startswith("SELECT") else None)
    rows = table_rows(store)
    store._conn.set_trace_callback(None)
    assert len(asked) == 3, asked
    assert len(rows) == 9 and all(r.seats[0].connected for r in rows)
