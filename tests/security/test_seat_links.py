"""Issue 17, item 7: seats and shared tables.

The attacks: opening a seat's link without ``claim=1`` watched that seat (its
hidden cards) silently, and could even move for it; any seat could start a
New game that closed an unfinished table for everyone, with a seed of its
choosing. What holds now (docs/security.md, "Seats and shared tables"):

- a link without ``claim=1`` only watches: it shows that seat's view, makes
  no move, says "watching seat N", and the device playing the seat is told;
- a page's own address claims its seats (a reload takes them back), and a
  watching page that takes up a seat claims it (the other device is told);
- at a table other devices play, one seat cannot end an unfinished game
  (play it out, or the host page closes it), and a seed is never chosen.
"""

from __future__ import annotations

import pytest

from rulebook.tables.opening import forget_stores, open_store
from rulebook.tables.session import TableError, TableSession
from widgets import GameApp


@pytest.fixture
def store(tmp_path):
    yield open_store(f"sqlite://{tmp_path / 'tables.sqlite'}")
    forget_stores()


def page(store, game: str, **kwargs) -> GameApp:
    kwargs.setdefault("lang", "en")
    return GameApp(game, store=store, **kwargs)


def table_with_phone(store, game: str = "not_my_fault", **options):
    tablet = page(store, game, options=options or {"players": 2}, seats=["human", "human"])
    phone = page(store, game, table_id=tablet.session.table_id, keys=[tablet.session.keys[1]], claim=True)
    tablet.poll()
    return tablet, phone


def test_a_seat_link_without_claim_only_watches_and_the_seat_is_told(store):
    tablet, phone = table_with_phone(store)
    snoop = page(store, "not_my_fault", table_id=tablet.session.table_id, keys=[tablet.session.keys[1]])
    assert snoop.session.watching == {1} and snoop.session.seats_here == frozenset()
    assert "watching seat 2" in snoop.status.value
    assert not snoop.session.can_act()
    assert not [b for b in snoop.actions.children if "rb-action" in getattr(b, "_dom_classes", ())]
    assert "claim" not in snoop.page_link.query  # its own address watches too
    # the phone keeps its seat, and is told
    assert phone.poll()
    assert phone.session.seats_here == {1}
    assert "also opened on another device" in phone.error_box.value
    # the phone's own address claims (a reload takes the seat back); the tablet's too
    assert "claim=1" in phone.page_link.query and "claim=1" in tablet.page_link.query


def test_a_watching_page_cannot_move_for_the_seat(store):
    tablet, phone = table_with_phone(store, "chiritsumo", mode="hakoniwa", players=2)
    snoop = page(store, "chiritsumo", table_id=tablet.session.table_id, keys=[tablet.session.keys[1]])
    with pytest.raises(TableError):
        snoop.session.play_group(["roll"])
    with pytest.raises(TableError):
        snoop.session.roll()


def test_a_watching_page_that_takes_up_the_seat_claims_it(store):
    tablet, phone = table_with_phone(store)
    snoop = page(store, "not_my_fault", table_id=tablet.session.table_id, keys=[tablet.session.keys[1]])
    snoop.hold_seats([1])
    assert snoop.session.seats_here == {1} and snoop.session.watching == frozenset()
    phone.poll()
    assert phone.session.seats_here == frozenset() and "now played on another device" in phone.error_box.value


def test_one_seat_cannot_end_a_game_others_play_but_the_host_can(store):
    tablet, phone = table_with_phone(store, "chiritsumo", mode="hakoniwa", players=2)
    before = tablet.session.table_id
    for page_ in (tablet, phone):
        with pytest.raises(TableError) as refused:
            page_.start({"mode": "hakoniwa", "players": 2}, None, ["human", "human"])
        assert "ask the staff" in refused.value.message_en and refused.value.message_ja
    assert tablet.session.table_id == phone.session.table_id == before
    assert TableSession.open(store, before)[0].is_open  # nothing was closed
    # the café's host page closes the table; then the next game takes every device along
    staff, _ = TableSession.open(store, before)
    staff.close()
    phone.poll()
    phone.start({"mode": "hakoniwa", "players": 2}, None, ["human", "human"])
    assert tablet.poll() and tablet.session.table_id == phone.session.table_id != before


def test_a_seed_is_never_chosen_at_a_shared_table(store):
    tablet, phone = table_with_phone(store, "chiritsumo", mode="hakoniwa", players=2)
    assert tablet.seed_input.layout.display == "none"  # not offered
    TableSession.open(store, tablet.session.table_id)[0].close()
    tablet.poll()
    with pytest.raises(TableError) as refused:
        tablet.start({"mode": "hakoniwa", "players": 2}, 1234, ["human", "human"])
    assert "would know every roll" in refused.value.message_en and refused.value.message_ja
    assert tablet.session.table_id == phone.session.table_id


def test_a_table_on_one_device_keeps_new_games_and_chosen_seeds(store):
    alone = page(store, "chiritsumo", options={"mode": "hakoniwa", "players": 2}, seats=["human", "human"])
    assert not alone.session.shared() and alone.seed_input.layout.display is None
    first = alone.session.table_id
    alone.start({"mode": "hakoniwa", "players": 2}, 99, ["human", "human"])
    assert alone.session.table_id != first and alone.match.seed == 99


def test_a_watching_page_stays_watching_at_the_next_game(store):
    tablet, phone = table_with_phone(store, "chiritsumo", mode="hakoniwa", players=2)
    snoop = page(store, "chiritsumo", table_id=tablet.session.table_id, keys=[tablet.session.keys[1]])
    TableSession.open(store, tablet.session.table_id)[0].close()
    tablet.poll()
    tablet.start({"mode": "hakoniwa", "players": 2}, None, ["human", "human"])
    assert snoop.poll() and snoop.session.table_id == tablet.session.table_id
    assert snoop.session.watching == {1} and snoop.session.seats_here == frozenset()
    phone.poll()
    assert phone.session.seats_here == {1}
