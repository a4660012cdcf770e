"""Issue 17, item 1: Save + Load never gives more than the saver's seat could see.

The attack: a page of a running table saves, and the file is loaded on
another page. Before the fix the copy kept the secret seed and seated every
seat on the loading page: each seat's hidden cards showed, and every future
draw matched the real table. Now (docs/security.md, "Secrets in saved games"):

- a spectator of a game with hidden information gets no save until the end;
- a seat's sealed save opens THAT table at that seat only (as its link);
- if the table is gone, a hidden-information game is refused, and a game with
  chance becomes a copy with a new seed, so no die not yet rolled is foreseen.

Real ``GameApp``/``TableSession`` objects on one SQLite store stand for the
devices, as in tests/widgets/test_table_pages.py.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from rulebook.core import CHANCE, HUMAN, SPECTATOR, Match, get_game
from rulebook.core.errors import BadRecord
from rulebook.tables import seal
from rulebook.tables.opening import forget_stores, open_store
from widgets import GameApp

HIDDEN = ["not_my_fault", "not_my_fault_41", "national_economy", "lemon_poker", "kokkuri_san", "ring"]
CHANCE_GAMES = ["chiritsumo", "puniu", "dice_of_tower"]


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path / 'tables.sqlite'}")
    forget_stores()


def people(game_name: str) -> list[str]:
    """Every seat a person's (at least two where the game allows it)."""
    game = get_game(game_name)
    n = game.num_seats(game.initial_state(game.normalize_options(None)))
    return [HUMAN] * n


def host_page(store, game_name: str) -> GameApp:
    return GameApp(game_name, lang="en", store=store, seats=people(game_name))


def link_page(store, host: GameApp, keys, claim: bool = True) -> GameApp:
    return GameApp(host.game.name, lang="en", store=store, table_id=host.session.table_id, keys=keys, claim=claim)


def play_some(app: GameApp, moves: int, rng: random.Random) -> None:
    """A few legal moves on ``app`` (a page holding every seat): rolls drawn, choices at random."""
    for _ in range(moves):
        match = app.match
        if match.is_over():
            return
        if match.current_player == CHANCE:
            app.roll()
            continue
        legal = app.game.legal_actions(match.state)
        app.play(rng.choice(list(legal)))


def purge_everything(store) -> None:
    """The retention job removed every table (the table of a save file is gone)."""
    later = time.time() + 10
    store.purge(finished_before=later, abandoned_before=later)


@pytest.mark.parametrize("game_name", HIDDEN)
def test_a_spectator_gets_no_save_of_a_running_hidden_game(store, game_name):
    host = host_page(store, game_name)
    play_some(host, 3, random.Random(1))
    watcher = link_page(store, host, [])
    assert watcher.session.is_spectator() and not watcher.may_save()
    with pytest.raises(BadRecord) as refused:
        watcher.save_record()
    assert "watching page cannot save" in refused.value.message_en and refused.value.message_ja
    assert watcher.save_button.disabled and "Watching" in watcher.save_button.description
    watcher.save_button.click()  # a click anyway changes nothing and shows no file
    assert watcher.save_link.value == ""


@pytest.mark.parametrize("game_name", HIDDEN)
def test_a_seats_save_opens_only_that_seat_of_the_same_table(store, game_name):
    host = host_page(store, game_name)
    play_some(host, 3, random.Random(2))
    phone = link_page(store, host, [host.session.keys[1]])
    host.poll()
    _, text = phone.save_record()
    assert str(host.match.seed) not in text

    elsewhere = GameApp(game_name, lang="en", store=store)  # any page, e.g. a stranger's
    elsewhere.load_json(text)
    assert elsewhere.session.table_id == host.session.table_id  # THAT table, not a copy
    assert elsewhere.session.seats_here == {1} and set(elsewhere.session.keys) == {1}
    assert elsewhere.viewer_seat() in (1, SPECTATOR)
    assert elsewhere.observation() in (
        host.game.observe(host.match.state, 1),
        host.game.observe(host.match.state, SPECTATOR),
    )
    assert "Back at" in elsewhere.error_box.value
    # the seat's other device is told, as when its link is opened elsewhere
    phone.poll()
    assert phone.session.seats_here == frozenset() and "another device" in phone.error_box.value


@pytest.mark.parametrize("game_name", HIDDEN)
def test_a_hidden_game_whose_table_is_gone_is_refused_and_the_page_kept(store, game_name):
    host = host_page(store, game_name)
    play_some(host, 3, random.Random(3))
    _, text = host.save_record()  # the tablet holding every seat
    purge_everything(store)
    loader = GameApp(game_name, lang="en", store=store)
    before = (loader.session.table_id, loader.match.steps)
    with pytest.raises(BadRecord) as refused:
        loader.load_json(text)
    assert "no longer on this site" in refused.value.message_en and refused.value.message_ja
    assert (loader.session.table_id, loader.match.steps) == before
    loader.guarded(loader.load_json)(text)  # through the page: the refusal shows, nothing else
    assert "no longer on this site" in loader.error_box.value


@pytest.mark.parametrize("game_name", HIDDEN)
def test_an_unbound_sealed_save_never_copies_a_hidden_game(store, game_name):
    """A file sealed before saves were bound (no seats in it), or a forged spectator's: refused."""
    host = host_page(store, game_name)
    play_some(host, 3, random.Random(4))
    record = host.session.record()
    text = json.dumps(seal.seal(record, seal.site_key(store)))
    loader = GameApp(game_name, lang="en", store=store)
    with pytest.raises(BadRecord):
        loader.load_json(text)


def chance_table(store, game_name: str, rng: random.Random) -> GameApp:
    host = host_page(store, game_name)
    play_some(host, 6, rng)
    assert any(step.actor == CHANCE for step in host.match.steps)
    assert not host.match.is_over()
    return host


def unforeseeable(original: Match, copy: Match) -> None:
    """The copy's next draws are not the original's: over 40 draws at a chance state, some differ.

    The state asked is the chance node of the game whose draws agree least
    by luck (lowest sum of squared probabilities): a forced draw tells
    nothing, and nor does a node where one outcome is near certain (Dice of
    Tower's "does the tower stand?" is Stand 99.8 % of the time, so 30 such
    draws of two seeds agreed and failed CI once). Two independent seeds
    then agree on all 40 draws with probability at most 0.5**40.
    """
    game = copy.game

    def agreement(state) -> float:
        return sum(p * p for _, p in game.chance_outcomes(state))

    chance_states = [s for s in copy.states if game.current_player(s) == CHANCE]
    state = min(chance_states, key=agreement)
    assert agreement(state) <= 0.5, "no chance node here can tell two seeds apart"
    k = copy.chance_index()
    theirs = [original.sample_at(state, k + i) for i in range(40)]
    ours = [copy.sample_at(state, k + i) for i in range(40)]
    assert theirs != ours


@pytest.mark.parametrize("game_name", CHANCE_GAMES)
def test_a_chance_game_whose_table_is_gone_is_copied_with_a_new_seed(store, game_name):
    host = chance_table(store, game_name, random.Random(5))
    _, text = host.save_record()
    purge_everything(store)
    loader = GameApp(game_name, lang="en", store=store)
    loader.load_json(text)
    copy = loader.match
    assert loader.session.table_id != host.session.table_id
    assert copy.steps == host.match.steps and copy.state == host.match.state  # the past is kept
    assert copy.seed != host.match.seed and loader.session.info.seed == copy.seed
    assert copy.recorded == len(host.match.steps) and loader.session.info.recorded == copy.recorded
    assert not loader.session.info.seed_chosen
    unforeseeable(host.match, copy)
    # the copy is a table like any other: a reload reads it back, rolls on, and cannot undo into the past
    again = GameApp(game_name, lang="en", store=store, table_id=loader.session.table_id, keys=loader.session.page_keys(), claim=True)
    assert again.match.state == copy.state and again.match.recorded == copy.recorded
    play_some(again, 10, random.Random(6))
    assert again.match.steps[: copy.recorded] == host.match.steps
    assert again.match.undo_start() is None or again.match.undo_start() >= copy.recorded


@pytest.mark.parametrize("game_name", CHANCE_GAMES)
def test_a_chance_games_spectator_save_is_a_copy_with_a_new_seed(store, game_name):
    host = chance_table(store, game_name, random.Random(7))
    watcher = link_page(store, host, [])
    assert watcher.may_save()
    _, text = watcher.save_record()
    loader = GameApp(game_name, lang="en", store=store)
    loader.load_json(text)
    assert loader.session.table_id != host.session.table_id  # no seat, so never the real table
    assert loader.match.seed != host.match.seed
    unforeseeable(host.match, loader.match)


@pytest.mark.parametrize("game_name", CHANCE_GAMES)
def test_a_chance_games_seat_save_resumes_its_table_while_it_exists(store, game_name):
    host = chance_table(store, game_name, random.Random(8))
    _, text = host.save_record()
    loader = GameApp(game_name, lang="en", store=store)
    loader.load_json(text)
    assert loader.session.table_id == host.session.table_id and loader.match.state == host.match.state


def test_a_plain_record_claiming_recorded_moves_is_refused_while_unfinished(store):
    host = chance_table(store, "chiritsumo", random.Random(9))
    record = host.session.record()
    record["actions"][-1:] = []  # whatever the dice: nothing checks recorded moves
    record["meta"]["steps"] = record["meta"]["steps"][: len(record["actions"])]
    record["meta"]["recorded"] = len(record["actions"])
    loader = GameApp("chiritsumo", lang="en", store=store)
    with pytest.raises(BadRecord) as refused:
        loader.load_json(json.dumps(record))
    assert "another seed" in refused.value.message_en
