"""The engine, rule by rule (modes, components, chance, stacking, actions, solo).

Positions are either played through a table-mode ``Match`` (the dice are
entered like real dice) or built directly as ``State``/``Seat`` values.
箱庭 scenarios are in ``test_chiritsumo_hakoniwa.py``.
"""

from __future__ import annotations

import json

import pytest
from tests.rulebook.games.chiritsumo.ct_helpers import ALL_SLOTS, P, START, build, oracle_score, roll_round, seat, uniform
from tests.support.one_table import on_a_table
from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, Match, UnreadableAction
from rulebook.games.chiritsumo import GAME, Seat, State, best_arrangement, rating
from rulebook.games.chiritsumo.actions import PILE, Done, Lift, Pass, Place, Roll, Swap, Toss, parse
from rulebook.games.chiritsumo.bots import arrangement_actions


def refused(state, action) -> str:
    before = state
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert state == before
    assert not GAME.is_legal(state, action)
    assert action not in GAME.legal_actions(state)
    return info.value.rule_id


def solo_match(seed: int = 1) -> Match:
    return Match.new(GAME, {"mode": "solo"}, seed=seed, table=True)


def arrange_state(pyramid=None, extra=(), **fields) -> State:
    """Solo, arrange phase, the seat holding ``pyramid`` (placed) and ``extra`` (not placed)."""
    return State(mode="solo", seats=(seat(pyramid, extra),), pile=("clear",) * 3, phase="arrange", **fields)


def held_colours(s: Seat) -> list[str]:
    return sorted(s.dice)


# ----- modes ------------------------------------------------------------------------------------
def test_modes_offered():
    assert GAME.normalize_options(None) == {"mode": "solo", "players": 1}
    assert GAME.normalize_options({"mode": "hakoniwa"})["players"] == 2
    for n in (2, 3, 4):
        assert GAME.normalize_options({"mode": "hakoniwa", "players": n}) == {"mode": "hakoniwa", "players": n}


@pytest.mark.parametrize(
    "options,rule",
    [
        ({"mode": "kyogo"}, "modes"),
        ({"mode": "競合"}, "modes"),
        ({"mode": "hakoniwa", "players": "3"}, "modes"),
        ({"mode": "hakoniwa", "players": 3.0}, "modes"),
        ({"mode": "hakoniwa", "players": True}, "modes"),
        ({"mode": "solo", "players": 2}, "solo"),
        ({"mode": "hakoniwa", "players": 1}, "hako-setup"),
        ({"mode": "hakoniwa", "players": 5}, "hako-setup"),
        ({"colour": "red"}, "options"),
    ],
)
def test_bad_options(options, rule):
    with pytest.raises(BadOption) as info:
        GAME.initial_state(options)
    assert info.value.rule_id == rule


# ----- components / solo set-up ------------------------------------------------------------------
def test_every_player_starts_with_1_clear_3_yellow_3_red_3_blue():
    for options in ({"mode": "solo"}, {"mode": "hakoniwa", "players": 2}, {"mode": "hakoniwa", "players": 4}):
        state = GAME.initial_state(options)
        for s in state.seats:
            assert sorted(s.dice) == sorted(START)
            assert s.total == 0 and s.history == ()


def test_solo_setup_puts_three_spare_clear_dice_aside():
    state = GAME.initial_state({"mode": "solo"})
    assert len(state.seats) == 1
    assert state.pile == ("clear",) * 3
    assert state.mode == "solo" and state.round == 1


def test_place_needs_an_existing_die():
    state = arrange_state(extra=[(c, 1) for c in START])
    assert refused(state, Place(10, (0, 0))) == "components"
    assert refused(state, Place(-1, (0, 0))) == "components"


# ----- chance --------------------------------------------------------------------------------------
def test_round_starts_by_rolling_every_die():
    state = GAME.initial_state({"mode": "solo"})
    seen = []
    while GAME.current_player(state) == CHANCE:
        outcomes = GAME.chance_outcomes(state)
        assert sorted(a.pips for a, _ in outcomes) == [1, 2, 3, 4, 5, 6]
        assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
        assert len({(a.seat, a.die) for a, _ in outcomes}) == 1
        seen.append((outcomes[0][0].seat, outcomes[0][0].die))
        state = GAME.apply(state, outcomes[2][0])
    assert sorted(seen) == [(0, d) for d in range(10)]
    assert state.phase == "arrange" and GAME.current_player(state) == 0
    assert state.seats[0].pips == (3,) * 10


def test_chance_refusals():
    state = GAME.initial_state({"mode": "solo"})
    assert refused(state, Roll(0, 0, 7)) == "chance"
    assert refused(state, Roll(0, 0, 0)) == "chance"
    assert refused(state, Roll(0, 5, 3)) == "chance"  # not the die to roll now
    assert refused(state, Roll(1, 0, 3)) == "chance"
    assert refused(state, Done()) == "solo-round"
    assert refused(state, Place(0, (0, 0))) == "solo-round"


def test_same_seed_same_dice_and_table_mode_takes_real_dice():
    a = Match.new(GAME, {"mode": "solo"}, seed=42)
    b = Match.new(GAME, {"mode": "solo"}, seed=42)
    automatic_moves(a)
    automatic_moves(b)
    assert a.state == b.state and a.actions == b.actions
    t = solo_match()
    assert t.waiting_for_user() and t.current_player == CHANCE
    automatic_moves(t)
    assert t.current_player == CHANCE  # table mode: nothing is drawn
    roll_round(t, [[(c, 6) for c in START]])
    assert t.state.seats[0].pips == (6,) * 10


def test_every_round_rerolls_all_dice():
    m = solo_match()
    roll_round(m, [[(c, 2) for c in START]])
    m.play("done")
    assert m.state.round == 2 and m.current_player == CHANCE
    assert m.state.seats[0].pips == (0,) * 10
    assert len(GAME.legal_actions(m.state)) == 6


# ----- place-base / place-neighbour / place-upper ------------------------------------------------------
def test_place_base_scenarios():
    state = arrange_state(extra=[(c, 3) for c in START])
    assert refused(state, Place(0, (1, 0))) == "place-base"
    assert refused(state, Place(0, (3, 0))) == "place-base"
    assert refused(state, Place(0, (4, 0))) == "place-base"
    assert refused(state, Place(0, (0, 4))) == "place-base"
    state = GAME.apply(state, Place(0, (0, 0)))
    assert refused(state, Place(1, (0, 0))) == "place-base"  # occupied
    assert refused(state, Place(0, (0, 1))) == "place-base"  # die already placed
    assert refused(state, Place(1, (1, 0))) == "place-base"  # (0,1) missing
    state = GAME.apply(state, Place(1, (0, 1)))
    state = GAME.apply(state, Place(2, (1, 0)))
    assert refused(state, Lift((0, 0))) == "place-base"  # a die rests on it
    assert refused(state, Lift((0, 2))) == "place-base"  # empty
    assert refused(state, Lift((5, 5))) == "place-base"
    state = GAME.apply(state, Lift((1, 0)))
    state = GAME.apply(state, Lift((0, 0)))
    assert state.seats[0].pyramid() == {(0, 1): (state.seats[0].dice[1], 3)}


@pytest.mark.parametrize("pips", range(1, 7))
def test_place_neighbour_example_in_play(pips):
    """Beside a 4 only 3, 4, 5 — as moves, on both sides."""
    state = arrange_state({(0, 1): ("red", 4)}, extra=[("blue", pips)])
    die = state.seats[0].dice.index("blue")
    for slot in ((0, 0), (0, 2)):
        if pips in (3, 4, 5):
            assert GAME.is_legal(state, Place(die, slot))
        else:
            assert refused(state, Place(die, slot)) == "place-neighbour"
    assert GAME.is_legal(state, Place(die, (0, 3)))  # not beside the 4


@pytest.mark.parametrize("pips", range(1, 7))
def test_place_upper_example_in_play(pips):
    """On a 4 and a 5 only 4 or less."""
    state = arrange_state({(0, 0): ("red", 4), (0, 1): ("red", 5)}, extra=[("blue", pips)])
    die = state.seats[0].dice.index("blue")
    if pips <= 4:
        assert GAME.is_legal(state, Place(die, (1, 0)))
    else:
        assert refused(state, Place(die, (1, 0))) == "place-upper"


def test_legal_places_are_exactly_what_ct1_allows():
    from tests.rulebook.games.chiritsumo.ct_helpers import oracle_legal

    state = arrange_state(P("""
     Y3 . .
    Y3 Y4 R5 .
    """), extra=[("blue", p) for p in (1, 3, 4, 5, 6)] + [("clear", 2)])
    s = state.seats[0]
    pyramid = s.pyramid()
    legal = set(GAME.legal_actions(state))
    for d in s.unplaced():
        for slot in ALL_SLOTS:
            ok = slot not in pyramid and oracle_legal({**pyramid, slot: (s.dice[d], s.pips[d])})
            assert (Place(d, slot) in legal) is ok, (d, slot)


# ----- place-partial ------------------------------------------------------------------------------------
def test_done_with_leftovers_scores_what_stands():
    m = solo_match()
    dice = [("clear", 1), ("yellow", 2), ("yellow", 2), ("yellow", 2), ("red", 6), ("red", 6), ("red", 6), ("blue", 1), ("blue", 4), ("blue", 6)]
    roll_round(m, [dice])
    build(m, {(0, 0): ("yellow", 2), (0, 1): ("yellow", 2), (1, 0): ("yellow", 2)})
    assert m.state.seats[0].total == 1 and m.state.seats[0].history == (1,)
    assert m.state.last_scores == (1,)
    assert m.state.phase == "roll"  # incomplete: no trade for dust


def test_take_back_before_declaring():
    state = arrange_state(P("""
     Y3 . .
    Y3 Y4 . .
    """), extra=[("red", 1)])
    legal = GAME.legal_actions(state)
    assert Lift((1, 0)) in legal and Lift((0, 0)) not in legal and Lift((0, 1)) not in legal
    assert Done() in legal
    after = GAME.apply(state, Lift((1, 0)))
    assert Lift((0, 0)) in GAME.legal_actions(after) and Lift((0, 1)) in GAME.legal_actions(after)


def test_complete_means_all_ten_stacked():
    m = solo_match()
    roll_round(m, [[(c, 1) for c in START]])
    build(m, uniform(dict(zip(ALL_SLOTS, START))))
    assert m.state.phase == "swap"


def test_done_on_an_empty_pyramid_is_allowed():
    m = solo_match()
    roll_round(m, [[(c, 5) for c in START]])
    m.play("done")
    assert m.state.seats[0].history == (0,)


# ----- actions -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text,action",
    [
        ("roll 0 3 5", Roll(0, 3, 5)),
        ("place 3 0,1", Place(3, (0, 1))),
        ("lift 0,1", Lift((0, 1))),
        ("done", Done()),
        ("swap red", Swap("red")),
        ("toss yellow 2 red", Toss("yellow", 2, "red")),
        ("toss yellow pile red", Toss("yellow", PILE, "red")),
        ("pass", Pass()),
    ],
)
def test_rules_text_examples_parse_and_round_trip(text, action):
    assert parse(text) == action == GAME.parse_action(text)
    assert str(action) == text


@pytest.mark.parametrize("text", ["", " ", "fly", "place 3", "place x 0,1", "place 3 0;1", "toss green 1 red", "roll 1 2", "swap", "swap purple", "done done", "place 1 0,1 extra", "🎲"])
def test_unreadable_actions(text):
    with pytest.raises(UnreadableAction) as info:  # text that reads as no action: not a rule refusal
        GAME.parse_action(text)
    assert info.value.rule_id == "actions" and not isinstance(info.value, IllegalAction)
    assert info.value.message_ja and info.value.message_en


def test_parse_tolerates_case_and_spaces():
    assert parse("  Place  3   0,1 ") == Place(3, (0, 1))
    assert parse("DONE") == Done()


def test_actions_are_hashable_values():
    assert len({Place(1, (0, 0)), Place(1, (0, 0)), Done(), Done()}) == 2


# ----- solo -------------------------------------------------------------------------------------------------
def complete_solo_round(m: Match, colours_in_slot_order, pips: int = 1) -> int:
    """Roll every die to ``pips`` and stack them complete in the given colour order; returns the round score."""
    held = list(m.state.seats[0].dice)
    assert sorted(colours_in_slot_order) == sorted(held)
    roll_round(m, [[(c, pips) for c in held]])
    pyramid = {slot: (colour, pips) for slot, colour in zip(ALL_SLOTS, colours_in_slot_order)}
    build(m, pyramid)
    return oracle_score(pyramid)


def test_solo_round_adds_the_round_score():
    m = solo_match()
    fuji = ["yellow", "yellow", "red", "red", "yellow", "blue", "red", "blue", "blue", "clear"]
    points = complete_solo_round(m, fuji, pips=2)
    assert points == 30 + 3 + 2 + 6
    assert m.state.seats[0].total == points and m.state.seats[0].history == (points,)
    assert m.state.last_scores == (points,)


def test_solo_swap_after_a_complete_pyramid():
    m = solo_match()
    complete_solo_round(m, ["yellow", "red", "blue", "yellow", "red", "blue", "yellow", "red", "blue", "clear"])
    state = m.state
    assert state.phase == "swap" and GAME.current_player(state) == 0
    assert set(GAME.legal_actions(state)) == {Swap("yellow"), Swap("red"), Swap("blue")}
    assert refused(state, Swap("clear")) == "solo-swap"
    assert refused(state, Swap("green")) == "solo-swap"
    assert refused(state, Done()) == "solo-swap"
    assert refused(state, Pass()) == "solo-swap"
    m.play("swap red")
    s = m.state.seats[0]
    assert s.dice.count("clear") == 2 and s.dice.count("red") == 2 and len(s.dice) == 10
    assert m.state.pile == ("clear",) * 2
    assert m.state.phase == "roll" and m.state.round == 2


def test_solo_swap_only_offers_colours_still_held():
    state = State(mode="solo", seats=(seat(extra=[("clear", 0)] * 3 + [("yellow", 0)] * 7),), pile=("clear",), phase="swap")
    assert GAME.legal_actions(state) == [Swap("yellow")]
    assert refused(state, Swap("red")) == "solo-swap"


def test_no_swap_after_an_incomplete_round():
    m = solo_match()
    roll_round(m, [[(c, 1) for c in START]])
    m.play("done")
    assert m.state.phase == "roll" and m.state.seats[0].dice.count("clear") == 1


def test_solo_end_one_more_round_after_the_fourth_clear_die():
    m = solo_match()
    totals = []
    for swap in ("yellow", "red", "blue"):
        totals.append(complete_solo_round(m, sorted(m.state.seats[0].dice)))
        m.play(f"swap {swap}")
        if swap != "blue":
            # an incomplete round in between changes nothing but the total
            roll_round(m, [[(c, 6) for c in m.state.seats[0].dice]])
            m.play("done")
            totals.append(0)
    assert m.state.seats[0].dice.count("clear") == 4 and m.state.pile == ()
    assert m.state.last_round
    assert m.current_player == CHANCE  # one more round
    last = complete_solo_round(m, list(m.state.seats[0].dice), pips=4)
    totals.append(last)
    assert m.is_over() and m.current_player == TERMINAL
    outcome = GAME.outcome(m.state)
    assert outcome.reason == "solo-end"
    assert outcome.scores == (sum(totals),) == (m.state.seats[0].total,)
    assert outcome.winners == (0,)
    assert outcome.get("rounds") == len(totals) == 6
    assert GAME.legal_actions(m.state) == []
    assert refused(m.state, Done()) == "solo-end"
    assert refused(m.state, Roll(0, 0, 1)) == "solo-end"
    assert str(len(totals)) in outcome.summary_en and str(len(totals)) in outcome.summary_ja


def test_last_round_complete_gives_no_more_swap():
    state = State(mode="solo", seats=(seat(uniform(dict(zip(ALL_SLOTS, ["clear"] * 4 + ["yellow"] * 6)))),), pile=(), phase="arrange", last_round=True)
    state = GAME.apply(state, Done())
    assert state.phase == "over"


def test_rounds_without_completion_may_go_on():
    """CT-7: no round limit."""
    m = solo_match()
    for _ in range(25):
        roll_round(m, [[(c, 1) for c in m.state.seats[0].dice]])
        m.play("done")
    assert not m.is_over() and m.state.round == 26


@pytest.mark.parametrize(
    "total,key",
    [(0, None), (14, None), (15, "dust"), (20, "dust"), (21, "hill"), (30, "hill"), (31, "mountain"), (35, "mountain"),
     (36, "great"), (40, "great"), (41, "fuji"), (200, "fuji")],
)
def test_solo_rating_boundaries(total, key):
    title = rating(total)
    if key is None:
        assert title is None
    else:
        assert title[0] == key
    names = {"dust": ("塵の山", "Dust Heap"), "hill": ("丘", "Hill"), "mountain": ("山", "Mountain"), "great": ("大山", "Great Mountain"), "fuji": ("富士山", "Mount Fuji")}
    if key:
        assert title[1:] == names[key]


@pytest.mark.parametrize("total,key", [(14, "none"), (15, "dust"), (41, "fuji")])
def test_solo_outcome_carries_the_rating(total, key):
    state = State(mode="solo", seats=(seat(extra=[(c, 1) for c in ["clear"] * 4 + ["red"] * 6], total=total),), pile=(), phase="arrange", last_round=True)
    state = GAME.apply(state, Done())
    outcome = GAME.outcome(state)
    assert outcome.get("rating") == key and outcome.scores == (total,)


# ----- observations ----------------------------------------------------------------------------------------
def test_observation_is_public_and_json():
    m = Match.new(GAME, {"mode": "hakoniwa", "players": 3}, seed=9)
    automatic_moves(m)
    for s in range(3):
        view = GAME.observe(m.state, s)
        json.dumps(view)
        assert view["you"] == s and view["phase"] == "arrange"
        assert [[c, p] for c, p in zip(m.state.seats[1].dice, m.state.seats[1].pips)] == view["seats"][1]["dice"]
        assert view["pile"] == list(m.state.pile)


# ----- actions built in code with odd field types -----------------------------------------------------
ODD_ACTIONS = [
    ("list slot", lambda: Place(0, [0, 1])),
    ("list slot lift", lambda: Lift([0, 0])),
    ("float seat roll", lambda: Roll(0.0, 0, 3)),
    ("bool seat roll", lambda: Roll(False, 0, 3)),
    ("float pips roll", lambda: Roll(0, 0, 3.0)),
    ("string die", lambda: Place("0", (0, 0))),
    ("three-number slot", lambda: Place(0, (0, 0, 0))),
    ("none target", lambda: Toss("red", None, "blue")),
    ("number colour", lambda: Swap(1)),
]


@pytest.mark.parametrize("label,build", ODD_ACTIONS, ids=[c[0] for c in ODD_ACTIONS])
def test_oddly_typed_actions_cannot_exist(label, build):
    """Roll(0.0, 0, 3) == Roll(0, 0, 3) in Python, but would write itself as text that
    does not parse back: such values are refused when built, with a rule id, so
    is_legal, legal_actions and the text form can never disagree."""
    with pytest.raises(UnreadableAction) as refused:
        build()
    assert refused.value.rule_id == "actions"


# ----- the driver on Chiritsumo: undo never re-rolls ---------------------------------------------------
def test_undo_then_the_same_move_rolls_the_same_dice():
    table = on_a_table(Match.new(GAME, {"mode": "solo"}, seed=2024))
    table.roll()
    first_roll = table.match.state.seats[0].pips
    table.play_group(["done"])
    assert table.undo()  # before the next roll
    m = table.match
    assert m.state.round == 1 and m.state.seats[0].pips == first_roll and m.state.phase == "arrange"
    assert table.redo()
    table.roll()
    second_roll = table.match.state.seats[0].pips
    assert not table.undo()  # the second roll is seen: undo would let the player plan with it
    again = Match.new(GAME, {"mode": "solo"}, seed=2024)
    automatic_moves(again)
    again.play("done")
    automatic_moves(again)
    assert again.state.seats[0].pips == second_roll  # the seed rolls the same dice whatever the page does


def test_auto_stack_group_is_one_undo():
    m = Match.new(GAME, {"mode": "solo"}, seed=8)
    automatic_moves(m)
    s = m.state.seats[0]
    target = best_arrangement(list(zip(s.dice, s.pips)))[0]
    moves = arrangement_actions(list(zip(s.dice, s.pips)), {}, target)
    before = m.state
    table = on_a_table(m)
    table.play_group(moves)
    assert table.match.state.seats[0].pyramid() == target
    assert table.undo() and table.match.state == before
