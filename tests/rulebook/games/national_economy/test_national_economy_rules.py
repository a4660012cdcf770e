"""One scenario per rule id of National Economy, plus every building's effect."""

from __future__ import annotations

import pytest

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, UnreadableAction
from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy.actions import Build, Card, Discard, Pick, Place, Sell, parse
from rulebook.games.national_economy.data import BY_CODE, COPIES, N_CARDS
from rulebook.games.national_economy.state import (
    BUILD, BUILD2, DISCARD, DRAW, OVER, PICK, PLACE, REVEAL, SELL, TRIM, Building,
)

K = BY_CODE


def hand(**counts: int) -> tuple[int, ...]:
    out = [0] * N_CARDS
    for code, c in counts.items():
        out[K[code]] = c
    return tuple(out)


def table(options=None, hands=None, extra=(), **fields):
    """A state at the first placement: the given hands (taken from the deck), extra buildings, fields replaced."""
    state = G.initial_state(options or {"players": 2})
    n = state.players
    hs = tuple(hands[s] if hands and s < len(hands) else hand() for s in range(n))
    deck = list(state.deck)
    for h in hs:
        for k in range(1, N_CARDS):
            deck[k] -= h[k]
    for kind, owner in extra:
        if K[kind] < N_CARDS:
            deck[K[kind]] -= 1
    buildings = state.buildings + tuple(Building(K[k], o) for k, o in extra)
    state = state._replace(phase=PLACE, turn=0, hands=hs, deck=tuple(deck), buildings=buildings, placed=((),) * len(buildings), pending=state.pending._replace(draws=0))
    return state._replace(**fields)


def index_of(state, code: str, owner: int = -1) -> int:
    return next(i for i, b in enumerate(state.buildings) if b.kind == K[code] and b.owner == owner)


def refused(state, action, rule: str) -> None:
    with pytest.raises(IllegalAction) as info:
        G.apply(state, action)
    assert info.value.rule_id == rule, info.value
    assert info.value.message_ja and info.value.message_en


def draw_all(state, codes):
    for code in codes:
        assert G.current_player(state) == CHANCE
        state = G.apply(state, Card(K[code]))
    return state


# ----- set-up -----------------------------------------------------------------------------------
def test_setup_two_to_four() -> None:
    for n in (2, 3, 4):
        s = G.initial_state({"players": n})
        kinds = sorted(b.kind for b in s.buildings)
        assert kinds == sorted([K["quarry"], K["school"], K["mine"]] + [K["carpenter"]] * (n - 1))
        assert s.money == (5, 6, 7, 8)[:n] and s.workers == (2,) * n and s.household == 0
        assert s.deck == COPIES
        # three cards each are dealt by chance
        for _ in range(3 * n):
            s = G.apply(s, G.legal_actions(s)[0])
        assert G.current_player(s) == 0 and all(sum(h) == 3 for h in s.hands)


@pytest.mark.parametrize("bad", [{"players": 5}, {"players": 1}, {"mode": "x"}, {"mode": "solo1", "players": 2}, {"players": "2"}, {"colour": 1}])
def test_setup_refuses_bad_options(bad) -> None:
    with pytest.raises(BadOption):
        G.initial_state(bad)


def test_solo_setups() -> None:
    s1 = G.initial_state({"mode": "solo1"})
    s2 = G.initial_state({"mode": "solo2"})
    assert [b.kind for b in s1.buildings] == [K["mine"], K["carpenter"], K["school"], K["factory"]]
    assert [b.kind for b in s2.buildings] == [K["mine"], K["carpenter"], K["school"], K["farm"]]
    assert s1.money == (5,) and s1.workers == (2,)
    assert s1.deck[K["factory"]] == COPIES[K["factory"]] - 1


# ----- placing ----------------------------------------------------------------------------------
def test_round_wrong_kind_of_move_and_actions_text() -> None:
    s = table(hands=[hand(goods=2)])
    refused(s, Discard(K["goods"]), "round")
    refused(s, Card(K["farm"]), "chance")
    with pytest.raises(UnreadableAction):
        parse("dance")
    with pytest.raises(UnreadableAction):
        Place(True)


def test_worker_none_left() -> None:
    s = table(idle=(0, 2))
    refused(s, Place(index_of(s, "mine")), "worker")


def test_workplace_taken_and_any_number() -> None:
    s = table(hands=[hand(farm=1, goods=1), hand(farm=1, goods=1)])
    carp = index_of(s, "carpenter")
    mine = index_of(s, "mine")
    s = G.apply(s, Place(mine))
    s = draw_all(s, ["steel"])
    assert G.current_player(s) == 1
    s = G.apply(s, Place(mine))  # the mine takes any number
    s = draw_all(s, ["steel"])
    s = G.apply(s, Place(carp))
    s = G.apply(s, Build(K["farm"]))
    s = G.apply(s, Discard(K["goods"]))
    assert G.current_player(s) == 1
    refused(s, Place(carp), "workplace-taken")
    refused(s, Place(99), "workplace-taken")


def test_stall_any_number_from_three_players_only() -> None:
    for n, shared in ((2, False), (3, True)):
        s = table({"players": n}, hands=[hand(goods=1)] * n, extra=[("farm", 2)] if n == 3 else (), household=20)
        s = s._replace(buildings=s.buildings + (Building(K["stall"], -1),), placed=s.placed + ((),))
        stall = index_of(s, "stall")
        s = G.apply(s, Place(stall))
        s = G.apply(s, Discard(K["goods"]))
        assert s.money[0] == 5 + 6 and s.household == 14
        assert G.is_legal(s, Place(stall)) is shared
        if not shared:
            refused(s, Place(stall), "workplace-taken")


def test_private_building_of_another() -> None:
    s = table(extra=[("farm", 1)])
    refused(s, Place(index_of(s, "farm", 1)), "private")


def test_passive_building() -> None:
    s = table(extra=[("warehouse", 0)])
    refused(s, Place(index_of(s, "warehouse", 0)), "passive")


def test_cards_short_and_household() -> None:
    s = table(hands=[hand(goods=1)], extra=[("factory", 0), ("restaurant", 0), ("tavern", 0)], household=14)
    refused(s, Place(index_of(s, "factory", 0)), "cards-short")
    refused(s, Place(index_of(s, "restaurant", 0)), "household")
    assert G.is_legal(s, Place(index_of(s, "tavern", 0)))
    s = s._replace(household=4)
    refused(s, Place(index_of(s, "tavern", 0)), "household")


def test_build_needs_a_card_and_its_cost() -> None:
    s = table(hands=[hand(goods=3)])
    refused(s, Place(index_of(s, "carpenter")), "build")  # only consumer goods
    s = table(hands=[hand(steel=1, goods=2)])
    refused(s, Place(index_of(s, "carpenter")), "build")  # cost 4, only 2 cards to pay
    s = table(hands=[hand(steel=1, farm=1, goods=1)])
    s = G.apply(s, Place(index_of(s, "carpenter")))
    assert s.phase == BUILD and G.legal_actions(s) == [Build(K["farm"])]
    refused(s, Build(K["steel"]), "build")
    refused(s, Build(K["goods"]), "goods")
    refused(s, Build(K["car"]), "build")
    s = G.apply(s, Build(K["farm"]))
    assert s.phase == DISCARD and s.pending.need == 1
    refused(s, Discard(K["car"]), "pay")
    s = G.apply(s, Discard(K["goods"]))
    assert Building(K["farm"], 0) in s.buildings and s.hands[0] == hand(steel=1)
    assert s.discard == (0,) * N_CARDS  # consumer goods return to their own pile


def test_construction_company_discount_and_contractor_draws() -> None:
    s = table(hands=[hand(factory=1, goods=1)], extra=[("construction", 0)])
    s = G.apply(s, Place(index_of(s, "construction", 0)))
    s = G.apply(s, Build(K["factory"]))  # cost 2 - 1
    s = G.apply(s, Discard(K["goods"]))
    assert s.phase == PLACE and s.hands[0] == hand()
    s = table(hands=[hand(farm=1, goods=1)], extra=[("contractor", 0)])
    s = G.apply(s, Place(index_of(s, "contractor", 0)))
    s = G.apply(s, Build(K["farm"]))
    s = G.apply(s, Discard(K["goods"]))
    assert s.phase == DRAW
    s = draw_all(s, ["steel", "car"])
    assert s.hands[0] == hand(steel=1, car=1) and s.phase == PLACE


def test_twin_city_builds_a_pair_for_one_cost() -> None:
    s = table(hands=[hand(steel=1, contractor=1, goods=2, farm=1)], extra=[("twin", 0)])
    twin = index_of(s, "twin", 0)
    refused(s, Place(twin), "build")  # cost 4 needs 4 more cards besides the pair
    s = s._replace(hands=(hand(steel=1, contractor=1, goods=4), s.hands[1]))
    s = G.apply(s, Place(twin))
    assert G.legal_actions(s) == [Build(K["steel"]), Build(K["contractor"])]
    s = G.apply(s, Build(K["steel"]))
    assert s.phase == BUILD2
    s = s._replace(hands=(hand(contractor=1, goods=4, farm=1), s.hands[1]))
    refused(s, Build(K["farm"]), "build")
    s = G.apply(s, Build(K["contractor"]))
    assert s.phase == DISCARD and s.pending.need == 4


def test_pioneers_build_a_farm_building_free() -> None:
    s = table(hands=[hand(orchard=1, steel=1)], extra=[("pioneer", 0)])
    s = G.apply(s, Place(index_of(s, "pioneer", 0)))
    assert G.legal_actions(s) == [Build(K["orchard"])]
    s = G.apply(s, Build(K["orchard"]))
    assert s.phase == PLACE and s.hands[0] == hand(steel=1)


def test_orchard_no_effect_and_burn() -> None:
    s = table(hands=[hand(goods=4)], extra=[("orchard", 0), ("burn", 0)])
    refused(s, Place(index_of(s, "orchard", 0)), "no-effect")
    s = s._replace(hands=(hand(goods=1), s.hands[1]))
    t = G.apply(s, Place(index_of(s, "orchard", 0)))
    assert t.hands[0][0] == 4
    t = G.apply(s, Place(index_of(s, "burn", 0)))
    assert t.hands[0][0] == 6 and t.removed == 1 and all(b.kind != K["burn"] for b in t.buildings)


def test_draw_workplaces() -> None:
    s = table(extra=[("steel", 0), ("chemical", 0)])
    t = G.apply(s, Place(index_of(s, "steel", 0)))
    assert t.pending.draws == 3
    t = G.apply(s, Place(index_of(s, "chemical", 0)))
    assert t.pending.draws == 4  # an empty hand draws 4
    s = s._replace(hands=(hand(goods=1), s.hands[1]))
    t = G.apply(s, Place(index_of(s, "chemical", 0)))
    assert t.pending.draws == 2
    s = table(hands=[hand(goods=3)], extra=[("factory", 0), ("car", 0)])
    t = G.apply(s, Place(index_of(s, "car", 0)))
    assert t.phase == DISCARD and t.pending == t.pending._replace(need=3, draws=7)
    t = G.apply(s, Place(index_of(s, "quarry")))
    assert t.start == 0
    s = s._replace(turn=1, idle=(2, 2))
    t = G.apply(s, Place(index_of(s, "quarry")))
    assert t.start == 1  # the start marker moves to the quarry's user


def test_deck_reshuffles_the_discards() -> None:
    s = table(hands=[hand()])
    s = s._replace(deck=tuple([0] * N_CARDS), discard=hand(steel=1))
    t = G.apply(s, Place(index_of(s, "mine")))
    assert t.phase == DRAW and t.deck == hand(steel=1) and sum(t.discard) == 0
    s = s._replace(discard=tuple([0] * N_CARDS))
    t = G.apply(s, Place(index_of(s, "mine")))
    assert t.phase == PLACE and t.turn == 1  # nothing to draw


def test_design_office_reveals_five_keeps_one() -> None:
    s = table(extra=[("design", 0)])
    s = G.apply(s, Place(index_of(s, "design", 0)))
    assert s.phase == REVEAL
    s = draw_all(s, ["steel", "farm", "farm", "car", "hq"])
    assert s.phase == PICK and G.legal_actions(s) == [Pick(K["farm"]), Pick(K["steel"]), Pick(K["car"]), Pick(K["hq"])]
    refused(s, Pick(K["statue"]), "architect")
    refused(s, Build(K["farm"]), "architect")
    s = G.apply(s, Pick(K["hq"]))
    assert s.hands[0] == hand(hq=1) and s.discard == hand(steel=1, farm=2, car=1)


def test_hire_limits() -> None:
    s = table(workers=(5, 2), idle=(2, 2))
    refused(s, Place(index_of(s, "school")), "hire")
    s = table(workers=(5, 2), idle=(2, 2), extra=[("housing", 0)])
    t = G.apply(s, Place(index_of(s, "school")))
    assert t.workers[0] == 6 and t.idle[0] == 1  # the new worker sleeps
    s = table(extra=[("highschool", -1), ("university", -1), ("vocational", -1)])
    t = G.apply(s, Place(index_of(s, "highschool")))
    assert t.workers[0] == 4 and t.idle[0] == 1
    t = G.apply(s, Place(index_of(s, "university")))
    assert t.workers[0] == 5
    t = G.apply(s, Place(index_of(s, "vocational")))
    assert t.workers[0] == 3 and t.idle[0] == 2  # works this round
    s = table(workers=(4, 2), extra=[("highschool", -1)])
    refused(s, Place(index_of(s, "highschool")), "hire")


def test_markets_take_money_from_the_household() -> None:
    s = table(hands=[hand(goods=5, farm=1)], extra=[("market", -1), ("expo", -1), ("tavern", 0), ("restaurant", 0)], household=40)
    t = G.apply(s, Place(index_of(s, "expo")))
    for _ in range(5):
        t = G.apply(t, G.legal_actions(t)[0])
    assert t.money[0] == 35 and t.household == 10 and t.hands[0] == hand(farm=1)
    t = G.apply(s, Place(index_of(s, "tavern", 0)))
    assert t.money[0] == 10 and t.household == 35
    t = G.apply(s, Place(index_of(s, "restaurant", 0)))
    t = G.apply(t, Discard(K["farm"]))
    assert t.money[0] == 20 and t.discard[K["farm"]] == 1


# ----- the end of a round ---------------------------------------------------------------------------
def finish_round(s):
    """Place every remaining worker on the mine (drawing steel) until the round ends."""
    r = s.round
    while s.round == r and s.phase != OVER:
        if s.phase == PLACE:
            s = G.apply(s, Place(index_of(s, "mine")))
        elif G.current_player(s) == CHANCE:
            s = G.apply(s, G.legal_actions(s)[0])
        else:
            return s
    return s


def test_wages_into_household_and_next_round_card() -> None:
    s = table()
    s = finish_round(s)
    assert s.round == 2 and s.phase == PLACE
    assert s.money == (1, 2) and s.household == 8  # 2 workers x $2 each
    assert s.buildings[-1] == Building(K["stall"], -1)  # round 2's workplace joins the public area
    assert s.idle == (2, 2) and s.placed == ((),) * len(s.buildings)


def test_unpaid_wages_become_tokens() -> None:
    s = table(money=(1, 6))
    s = finish_round(s)
    assert s.tokens == (0 + 3, 0) and s.money == (0, 2) and s.household == 5


def test_excess_sale_at_wage_time() -> None:
    s = table(money=(0, 6), extra=[("farm", 0), ("factory", 0), ("warehouse", 0)])
    s = finish_round(s)
    assert s.phase == SELL and G.current_player(s) == 0
    farm, factory = index_of(s, "farm", 0), index_of(s, "factory", 0)
    assert G.legal_actions(s) == [Sell((farm,)), Sell((factory,))]  # the warehouse cannot be sold
    refused(s, Sell((farm, factory)), "excess-sale")  # sells too much
    refused(s, Sell(()), "excess-sale")  # must sell
    refused(s, Sell((index_of(s, "warehouse", 0),)), "excess-sale")
    t = G.apply(s, Sell((factory,)))
    assert t.money[0] == 12 - 4 and t.buildings[-2:] == (Building(K["factory"], -1), Building(K["stall"], -1)) and t.supply_out == 12
    assert t.round == 2


def test_not_enough_even_selling_everything() -> None:
    s = table(money=(0, 6), extra=[("farm", 0)], workers=(5, 2), idle=(2, 2))
    s = finish_round(s)
    assert G.legal_actions(s) == [Sell((index_of(s, "farm", 0),))]
    t = G.apply(s, G.legal_actions(s)[0])
    assert t.tokens[0] == 4 and t.money[0] == 0  # $10 owed, $6 from the farm


def test_hand_limit_and_warehouse() -> None:
    s = table(hands=[hand(goods=7)])
    s = finish_round(s)
    assert s.phase == TRIM and G.current_player(s) == 0
    refused(s, Discard(K["car"]), "hand-limit")
    refused(s, Place(0), "hand-limit")
    s = G.apply(s, Discard(K["goods"]))
    s = G.apply(s, Discard(K["goods"]))
    # seat 0 drew a card at each of its two mine visits: 9 cards, down to 5
    s = G.apply(s, Discard(K["goods"]))
    s = G.apply(s, Discard(K["goods"]))
    assert s.phase == PLACE and sum(s.hands[0]) == 5
    s = table(hands=[hand(goods=7)], extra=[("warehouse", 0)])
    s = finish_round(s)
    assert s.phase == PLACE and s.round == 2


# ----- solo -------------------------------------------------------------------------------------------
def test_solo_blocks_the_newest_free_workplace() -> None:
    s = table({"mode": "solo1"})
    factory = index_of(s, "factory")
    mine = index_of(s, "mine")
    t = G.apply(s, Place(mine))
    assert t.blocked == (factory,)
    t = draw_all(t, ["steel"])
    refused(t, Place(factory), "solo-block")
    t = G.apply(s, Place(factory)) if G.is_legal(s, Place(factory)) else None
    assert t is None  # the factory needs two cards to discard
    s = s._replace(hands=(hand(goods=2),))
    t = G.apply(s, Place(factory))
    assert t.blocked == (index_of(s, "school"),)  # the factory is taken: the next newest is blocked


def test_solo_sale_of_a_kind_already_public() -> None:
    s = table({"mode": "solo1"}, extra=[("factory", 0), ("farm", 0)], money=(0,))
    s = finish_round(s)
    assert s.phase == SELL
    assert G.legal_actions(s) == [Sell((index_of(s, "farm", 0),))]
    refused(s, Sell((index_of(s, "factory", 0),)), "solo-sale")


def test_solo_tax_and_loss() -> None:
    s = table({"mode": "solo1"}, money=(3,))
    s = finish_round(s)
    assert s.phase == OVER and s.lost and G.current_player(s) == TERMINAL
    o = G.outcome(s)
    assert o.reason == "solo-pay" and o.winners == ()
    refused(s, Place(0), "end")
    s = table({"mode": "solo1"}, round=3, money=(7,))
    s = finish_round(s)
    assert s.money == (0,) and s.supply_out == -1  # $6 wages + $1 tax (stand-in)


def test_solo2_half_price_any_kind_and_clear() -> None:
    s = table({"mode": "solo2"}, extra=[("farm", 0), ("farm", 0)], money=(0,))
    s = finish_round(s)
    assert s.phase == SELL
    farms = [i for i, b in enumerate(s.buildings) if b.owner == 0]
    assert G.legal_actions(s) == [Sell(tuple(farms))]  # $3 each: both are needed for $4
    s = G.apply(s, Sell(tuple(farms)))
    assert s.money == (2,) and s.supply_out == 6
    end = table({"mode": "solo2"}, round=9, money=(200,))
    end = finish_round(end)
    o = G.outcome(end)
    assert o.reason == "solo2" and o.winners == (0,)


# ----- score -------------------------------------------------------------------------------------------
def test_score_with_end_bonuses() -> None:
    extra = [("railway", 0), ("factory", 0), ("steel", 0), ("hq", 0), ("warehouse", 0), ("realestate", 0), ("coop", 0), ("union", 0), ("statue", 1), ("yakuza", 1)]
    s = table(hands=[hand(goods=2, farm=1)], extra=extra, money=(10, 3), tokens=(2, 4), workers=(3, 2))
    parts = G.score_parts(s, 0)
    values = 18 + 12 + 20 + 20 + 10 + 10 + 12 + 0
    bonus = 8 * 2 + 6 * 6 + 3 * 8 + 3 * 2 + 6 * 3  # railway, hq (6 passive incl. itself), real estate, co-op, union
    assert parts == {"buildings": values, "bonus": bonus, "money": 10, "unpaid": -6, "total": values + bonus + 10 - 6}
    assert G.score_parts(s, 1) == {"buildings": 28 + 8, "bonus": 0, "money": 3, "unpaid": -4, "total": 28 + 8 + 3 - 4}


def test_game_ends_after_round_nine() -> None:
    s = table(round=9, money=(30, 30))
    s = finish_round(s)
    assert s.phase == OVER
    o = G.outcome(s)
    assert o.reason == "score" and set(o.winners) <= {0, 1} and len(o.scores) == 2


def test_solo_workers_with_nowhere_to_go_stay_home() -> None:
    s = table({"mode": "solo1"}, extra=[("farm", 0)], workers=(3,), idle=(3,), blocked=(1, 2, 3), money=(20,))
    t = G.apply(s, Place(index_of(s, "farm", 0)))
    assert t.round == 2 and t.money == (20 - 6,)  # nothing left to use: the round ends, wages paid


def test_forecast_from_the_observation_equals_the_score() -> None:
    s = table(hands=[hand(goods=2, steel=1)], extra=[("coop", 0), ("factory", 1), ("railway", 1)], tokens=(1, 2), money=(9, 4))
    for seat in (0, 1):
        for viewer in (0, 1):
            assert G.forecast(G.observe(s, viewer), seat) == G.score_parts(s, seat)


def test_moves_that_show_a_card_from_a_hand_stop_undo() -> None:
    s = table(hands=[hand(farm=1, goods=1)])
    assert not G.reveals(s, Place(index_of(s, "carpenter")))
    t = G.apply(s, Place(index_of(s, "carpenter")))
    assert G.reveals(t, Build(K["farm"]))
    assert G.reveals(G.apply(t, Build(K["farm"])), Discard(K["goods"]))
