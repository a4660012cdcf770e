"""``present`` for National Economy: pure view models from observations."""

from __future__ import annotations

from rulebook.core import HUMAN
from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy.actions import Place
from rulebook.games.national_economy.data import BY_CODE, N_CARDS
from rulebook.games.national_economy.state import PLACE, Building
from widgets.views.model import engine_for
from widgets.views.national_economy.present import Page, present
from widgets.views.national_economy.texts import WORDS


def start(options=None, extra=(), **fields):
    s = G.initial_state(options or {"players": 2})
    buildings = s.buildings + tuple(Building(BY_CODE[k], o) for k, o in extra)
    hand = [0] * N_CARDS
    hand[0] = 2
    hand[BY_CODE["farm"]] = 1
    return s._replace(phase=PLACE, buildings=buildings, placed=((),) * len(buildings), hands=(tuple(hand),) + s.hands[1:], **fields)


def vm(state, seat=0, acting=True, lang="en", seats=None):
    page = Page(seats=seats or (HUMAN,) * state.players, humans=(seat,), acting=acting, viewer=seat, ply=3)
    return present(G.observe(state, seat), engine_for(G, state, acting), page, lang)


def cells(model, owner):
    return next(a for a in model.board["areas"] if a["owner"] == owner)["cells"]


def test_workplaces_are_controls_with_the_engines_reasons() -> None:
    s = start(extra=[("warehouse", 0), ("farm", 1)])
    model = vm(s)
    public = {c["code"]: c for c in cells(model, -1)}
    assert set(public) == {"quarry", "school", "mine", "carpenter"}
    assert public["mine"]["enabled"] and public["mine"]["action"] == str(Place(public["mine"]["index"]))
    own = cells(model, 0)[0]
    assert own["passive"] and not own["enabled"] and own["rule"] == "passive"
    other = cells(model, 1)[0]
    assert not other["enabled"] and other["rule"] == "private"
    assert model.rule == "round" and model.caption == WORDS("cap_place", "en")
    hand = {c["code"]: c for c in model.board["hand"]}
    assert hand["goods"]["count"] == 2 and hand["goods"]["goods"] and not hand["goods"]["enabled"]


def test_a_page_that_does_not_move_says_whose_turn_it_is() -> None:
    s = start()
    model = vm(s, seat=1, acting=False, seats=(HUMAN, "rules"))
    mine = next(c for c in cells(model, -1) if c["code"] == "mine")
    assert not mine["enabled"] and mine["rule"] == "round" and "Seat 1" in mine["reason"]
    assert model.controls == ()
    assert model.board["seats"][1]["tag"] == "Bot"
    assert model.board["hand"] == []  # seat 1 holds nothing; seat 0's farm is never shown to it


def test_seats_show_money_workers_and_a_forecast() -> None:
    s = start(extra=[("statue", 0)], money=(9, 6), tokens=(1, 0))
    seat = vm(s).board["seats"][0]
    assert seat["money"] == 9 and seat["tokens"] == 1 and seat["idle"] == 2 and seat["asleep"] == 0
    assert seat["forecast"] == 28 + 9 - 3 and seat["start"]


def test_solo_blocked_workplaces_are_marked() -> None:
    s = start({"mode": "solo1"})
    s = G.apply(s, Place(0))  # the mine: the factory (newest) is blocked
    s = G.apply(s, G.legal_actions(s)[0])
    model = vm(s, lang="ja")
    factory = next(c for c in cells(model, -1) if c["code"] == "factory")
    assert factory["blocked"] and not factory["enabled"] and factory["rule"] == "solo-block"
    assert "ラウンド 1/9" in model.status


def test_solo_names_your_buildings() -> None:
    s = start({"mode": "solo2"}, extra=[("farm", 0)])
    areas = vm(s).board["areas"]
    assert [a["title"] for a in areas] == ["Public buildings", "Your buildings"]


def test_buildings_cards_and_picks_are_named_by_what_a_tap_does() -> None:
    """Issue 31: a building is "Send a worker to Mine" (and says whose workers are on it, which the picture
    shows as coloured dots), a hand card "Discard Farm (Cost 1 · value 8)"; each holds its visible label."""
    s = start()
    mine = next(c for c in cells(vm(s), -1) if c["code"] == "mine")
    assert mine["tap"] == WORDS("tap_place", "en", name=mine["label"])
    placed = s._replace(placed=tuple((1,) if i == mine["index"] else () for i in range(len(s.buildings))))
    taken = next(c for c in cells(vm(placed), -1) if c["code"] == "mine")
    assert taken["tap"] == WORDS("tap_place_workers", "en", name=taken["label"], seats="Seat 2")
    for lang in ("en", "ja"):
        model = vm(s, lang=lang)
        for card in model.board["hand"]:
            assert card["label"] in card["tap"] and card["note"] in card["tap"]
        for cell in (c for a in model.board["areas"] for c in a["cells"]):
            assert cell["label"] in cell["tap"]
