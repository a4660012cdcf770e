"""What the issue-19 first-time player could not read on the National Economy board, now drawn in words."""

from __future__ import annotations

from tests.widgets.views.test_national_economy_present import cells, start, vm

from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy.actions import Build, Place
from rulebook.games.national_economy.data import BY_CODE
from widgets.views.national_economy.report import action_label, search_hint_html


def test_two_buildings_of_a_kind_in_one_area_are_numbered() -> None:
    """3 players: two Carpenters in the public area get (1) and (2), on the buttons and in the hint lines."""
    s = start({"players": 3})
    labels = [c["label"] for c in cells(vm(s), -1)]
    assert labels.count("Carpenter (1)") == 1 and labels.count("Carpenter (2)") == 1 and "Mine" in labels
    o = G.observe(s, 0)
    carpenters = [i for i, (k, w) in enumerate(o["buildings"]) if k == BY_CODE["carpenter"]]
    assert [action_label(o, Place(i), "en") for i in carpenters] == ["Carpenter (1)", "Carpenter (2)"]
    assert [action_label(o, Place(i), "ja") for i in carpenters] == ["大工 (1)", "大工 (2)"]


def test_the_hint_says_what_its_percentage_estimates() -> None:
    s = start()
    o = G.observe(s, 0)
    html = search_hint_html(o, Place(0), {Place(0): (40, 0.6)}, "en", lambda a: action_label(o, a, "en"))
    assert "60% chance to win, estimated from 40 playouts two rounds ahead" in html


def test_a_building_being_paid_for_is_drawn_under_construction() -> None:
    s = start(extra=[("carpenter", -1)])
    carpenter = next(i for i, b in enumerate(s.buildings) if b.kind == BY_CODE["carpenter"])
    s = G.apply(G.apply(s, Place(carpenter)), Build(BY_CODE["farm"]))
    model = vm(s)
    farm = next(c for c in cells(model, 0) if c["code"] == "farm")
    assert farm["unpaid"] and farm["note"] == "Being built: done when its cost is paid"
    s = G.apply(s, G.legal_actions(s)[0])  # the cost is paid
    farm = next(c for c in cells(vm(s, acting=False), 0) if c["code"] == "farm")
    assert not farm["unpaid"] and farm["note"].startswith("Cost 1")


def test_a_sleeping_worker_is_explained_beside_its_z() -> None:
    s = start(workers=(3, 2), idle=(2, 2))
    seat = vm(s).board["seats"][0]
    assert seat["asleep"] == 1 and seat["asleep_text"].startswith("z = asleep")
    assert vm(start()).board["seats"][0]["asleep_text"] == ""
