"""Issue 17, item 5: tables without limit.

The attacks: one page sending Start 500 times (500 tables in 27 s); many
pages of one client doing the same; a long legal record that costs tens of
seconds of kernel CPU to load; a store that grows until the disk is full.
What holds now (docs/security.md, "Tables and the store"): a page and a
client may make only so many tables a minute, a record is replayed under a
deadline, and the store has a size cap; each refusal is a JA/EN message and
changes nothing, and the host page says when the store is full.
"""

from __future__ import annotations

import json
import time

import pytest

from rulebook.core import CHANCE, Match, get_game
from rulebook.core.errors import BadRecord
from rulebook.site import app as site_app
from rulebook.site import serve
from rulebook.site.house import House
from rulebook.tables import limits
from rulebook.tables.opening import forget_stores, open_store
from rulebook.tables.session import TableError, TableSession
from rulebook.tables.store import StoredStep
from widgets import GameApp
from rulebook.site.host import LoginGuard
from widgets.host import HostPage


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.delenv(limits.ENV_CLIENT, raising=False)
    monkeypatch.delenv(limits.ENV_MAX_STORE_MB, raising=False)
    yield open_store(f"sqlite://{tmp_path / 'tables.sqlite'}")
    forget_stores()


def tables(store) -> int:
    return len(store.list_tables(limit=10_000))


def test_one_page_cannot_flood_the_store_with_new_games(store):
    app = GameApp("chiritsumo", lang="en", store=store)
    made = 1
    refused = None
    for _ in range(limits.PAGE_TABLES + 10):
        try:
            app.start()
            made += 1
        except TableError as error:
            refused = error
            break
    assert made == limits.PAGE_TABLES and tables(store) == limits.PAGE_TABLES
    assert refused is not None and "wait a minute" in refused.message_en and refused.message_ja
    kept = (app.session.table_id, app.match.steps)
    app.start_button.click()  # through the page: the refusal shows, the game stays
    assert "wait a minute" in app.error_box.value and (app.session.table_id, app.match.steps) == kept
    assert tables(store) == limits.PAGE_TABLES
    app.roll()  # and the game goes on
    assert app.match.steps


def test_the_page_limit_is_per_minute():
    rate = limits.PageRate(limit=2, window=60)
    assert rate.allow(0.0) and rate.allow(1.0) and not rate.allow(59.0) and rate.allow(60.5)


def test_many_pages_of_one_client_share_one_limit(store, monkeypatch):
    monkeypatch.setattr(limits, "CLIENT_TABLES", 4)
    monkeypatch.setenv(limits.ENV_CLIENT, "a1b2c3")
    pages = [GameApp("puniu", lang="en", store=store) for _ in range(4)]
    assert tables(store) == 4 and all(p.store is store for p in pages)
    # the fifth page of that client still works, but makes no table in the site's store
    fifth = GameApp("puniu", lang="en", store=store)
    assert tables(store) == 4 and fifth.store is not store
    assert "wait a minute" in fifth.notice_box.value and "not stored" in fifth.notice_box.value
    with pytest.raises(TableError):
        pages[0].start()
    # another client is not held up by the first one
    monkeypatch.setenv(limits.ENV_CLIENT, "ffee00")
    assert GameApp("puniu", lang="en", store=store).store is store and tables(store) == 5


def test_a_loaded_file_counts_as_a_new_table(store, monkeypatch):
    monkeypatch.setattr(limits, "PAGE_TABLES", 1)
    app = GameApp("chiritsumo", lang="en", store=store, seed=3)
    app.roll()
    record = app.session.record()
    record["meta"]["seed_chosen"] = True
    app.close()
    other = GameApp("chiritsumo", lang="en", store=store)
    with pytest.raises(TableError):
        other.load_json(json.dumps(record))


def fill(store, megabytes: float) -> None:
    """A table with long (legal-looking) stored moves, until the store takes ``megabytes``."""
    info = TableSession.create(store, "chiritsumo").info
    revision = info.revision
    while store.size_bytes() < megabytes * 2**20:
        revision = store.append(info.id, revision, [StoredStep("x" * 1000, 0, True, 1, 0)] * 200).revision


def test_a_full_store_refuses_new_tables_and_says_so(store, monkeypatch):
    playing = GameApp("chiritsumo", lang="en", store=store)
    monkeypatch.setenv(limits.ENV_MAX_STORE_MB, "1")
    fill(store, 1.1)
    count = tables(store)
    with pytest.raises(TableError) as refused:
        playing.start()
    assert "store is full" in refused.value.message_en and refused.value.message_ja
    playing.roll()  # an open table goes on
    assert playing.match.steps and tables(store) == count
    newcomer = GameApp("chiritsumo", lang="en", store=store)
    assert newcomer.store is not store and "store is full" in newcomer.notice_box.value
    assert tables(store) == count
    # the host page says so, and what to do
    house = House(name="Test", host_password="pw-1234567")
    page = HostPage(house, store, "en", guard=LoginGuard())
    assert page.sign_in("pw-1234567")
    assert "store is full" in page.site_box.value and "--max-store-mb" in page.site_box.value
    assert page.open_table() is None and "store is full" in page.status.value and tables(store) == count
    monkeypatch.setenv(limits.ENV_MAX_STORE_MB, "0")  # no cap: tables again
    page.draw()
    assert "full" not in page.site_box.value
    assert GameApp("chiritsumo", lang="en", store=store).store is store


def long_record(moves: int) -> dict:
    """A legal Chiritsumo record of ``moves`` moves or a whole game (random choices, dice from the seed)."""
    import random

    game = get_game("chiritsumo")
    match = Match.new(game, None, seed=11)
    rng = random.Random(11)
    while len(match.steps) < moves and not match.is_over():
        if match.current_player == CHANCE:
            match.step_auto()
        else:
            match.play(rng.choice(list(game.legal_actions(match.state))))
    record = match.to_record()
    record["meta"]["seed_chosen"] = True
    return record


def test_a_record_that_would_replay_too_long_is_refused_and_the_game_kept(store, monkeypatch):
    record = long_record(120)
    assert len(record["actions"]) >= 100
    app = GameApp("chiritsumo", lang="en", store=store)
    before = (app.session.table_id, tables(store))
    monkeypatch.setattr(limits, "REPLAY_SECONDS", 0.0)  # any replay takes longer than that
    with pytest.raises(BadRecord) as refused:
        app.load_json(json.dumps(record))
    assert "too long to load" in refused.value.message_en and refused.value.message_ja
    assert (app.session.table_id, tables(store)) == before
    monkeypatch.setattr(limits, "REPLAY_SECONDS", 30.0)
    app.load_json(json.dumps(record))  # the same file within the deadline loads
    assert len(app.match.actions) == len(record["actions"])


def test_the_deadline_stops_the_replay_early():
    record = long_record(100)
    game = get_game("chiritsumo")
    started = time.monotonic()
    with pytest.raises(BadRecord, match="50 of"):
        Match.from_record(record, lambda name: game, seconds=0.0)
    assert time.monotonic() - started < 5


def test_the_client_id_comes_from_the_server_and_cannot_be_forged():
    class Request:
        def __init__(self, ip: str, headers: dict) -> None:
            self.remote_ip, self.headers = ip, headers

    forged = Request("192.0.2.7", {limits.CLIENT_HEADER: "someone-else"})
    site_app.set_client_header(forged)
    same = Request("192.0.2.7", {})
    site_app.set_client_header(same)
    other = Request("192.0.2.8", {})
    site_app.set_client_header(other)
    value = forged.headers[limits.CLIENT_HEADER]
    assert value == same.headers[limits.CLIENT_HEADER] != other.headers[limits.CLIENT_HEADER]
    assert value != "someone-else" and "192" not in value and value.isalnum()
    config = serve.voila_config(serve.SiteOptions())
    assert config["VoilaConfiguration"]["http_header_envs"] == [limits.CLIENT_HEADER]
    assert serve.site_environment(serve.SiteOptions(max_store_mb=5))[limits.ENV_MAX_STORE_MB] == "5"
