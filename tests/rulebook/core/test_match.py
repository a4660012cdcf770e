"""The match driver: seeded chance, bots, undo (where it may cut; the table undoes), groups, JSON records and their refusals.

Most tests use a tiny game defined here (``Race``) so the driver is tested
on its own; record refusals also use Chiritsumo, the first real game.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass, replace

import pytest

from tests.support.automatic import automatic_moves

from rulebook.core import CHANCE, HUMAN, TERMINAL, BadOption, BadRecord, Game, IllegalAction, Match, UnreadableAction, Outcome, check_seed, fresh_seed, get_game
from rulebook.core.game import BotKind, unknown_action
from rulebook.core.match import MAX_RECORD_ACTIONS, MAX_SEED
from tests.support.one_table import on_a_table


# ----- a tiny game -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RaceState:
    target: int
    scores: tuple[int, int] = (0, 0)
    turn: int = 0
    pending: int | None = None  # None: a die must be rolled (chance)


class Race(Game):
    """Two seats; a die (1: ½, 2: ¼, 3: ¼) is rolled, then the seat to act 'take's or 'skip's it."""

    name = "race"
    version = 3
    title_ja = "レース"
    title_en = "Race"

    def default_options(self):
        return {"target": 10}

    def normalize_options(self, options):
        merged = super().normalize_options(options)
        if type(merged["target"]) is not int or not 1 <= merged["target"] <= 1000:
            raise BadOption("options", "目標は 1〜1000。", "Target is 1-1000.")
        return merged

    def num_seats(self, state):
        return 2

    def initial_state(self, options=None):
        return RaceState(self.normalize_options(options)["target"])

    def current_player(self, state):
        if max(state.scores) >= state.target:
            return TERMINAL
        return CHANCE if state.pending is None else state.turn

    def chance_outcomes(self, state):
        if self.current_player(state) != CHANCE:
            return []
        return [("roll 1", 0.5), ("roll 2", 0.25), ("roll 3", 0.25)]

    def legal_actions(self, state):
        player = self.current_player(state)
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes(state)]
        return ["take", "skip"]

    def check(self, state, action):
        player = self.current_player(state)
        if player == TERMINAL:
            raise IllegalAction("end", "終わり", "over")
        if player == CHANCE:
            self.check_chance(state, action)
        elif action not in ("take", "skip"):
            raise IllegalAction("moves", "だめ", f"no {action}")

    def next_state(self, state, action):
        if action.startswith("roll"):
            return replace(state, pending=int(action.split()[1]))
        scores = list(state.scores)
        if action == "take":
            scores[state.turn] += state.pending
        return replace(state, scores=tuple(scores), pending=None, turn=1 - state.turn)

    def observe(self, state, seat):
        return {"scores": list(state.scores), "turn": state.turn, "pending": state.pending, "you": seat}

    def outcome(self, state):
        if self.current_player(state) != TERMINAL:
            return None
        top = max(state.scores)
        winners = tuple(i for i, s in enumerate(state.scores) if s == top)
        return Outcome(state.scores, winners, "end", "終", "end")

    def parse_action(self, text):
        if text in ("take", "skip", "roll 1", "roll 2", "roll 3"):
            return text
        raise unknown_action(text, ["take", "skip"])

    bots = {
        "taker": BotKind("取る", "Taker", lambda game: Taker()),
        "spy": BotKind("見る", "Spy", lambda game: Spy()),
    }


class Taker:
    def choose(self, observation, legal, rng):
        return "take"


class Spy:
    """Records what a bot is given."""

    seen: list = []

    def choose(self, observation, legal, rng):
        Spy.seen.append((copy.deepcopy(observation), list(legal)))
        return legal[int(rng.integers(len(legal)))]


RACE = Race()


def games(name: str) -> Game:
    return {"race": RACE, "chiritsumo": get_game("chiritsumo")}[name]


def race(**kwargs) -> Match:
    kwargs.setdefault("seed", 7)
    return Match.new(RACE, kwargs.pop("options", None), **kwargs)


# ----- seeds ---------------------------------------------------------------------------------------------
def test_fresh_seed_is_a_valid_seed():
    for _ in range(20):
        seed = fresh_seed()
        assert type(seed) is int and 0 <= seed <= MAX_SEED
        assert check_seed(seed) == seed
    # 63 random bits: a seed is never guessed, and never found by chance in a page's text
    assert len({fresh_seed() for _ in range(50)}) == 50
    assert sum(fresh_seed() > 10**15 for _ in range(50)) >= 45


@pytest.mark.parametrize("seed,value", [(0, 0), (12, 12), ("12", 12), (" 12 ", 12), ("0", 0), (MAX_SEED, MAX_SEED), (str(MAX_SEED), MAX_SEED)])
def test_check_seed_accepts(seed, value):
    assert check_seed(seed) == value
    assert type(check_seed(seed)) is int


@pytest.mark.parametrize("seed", [-1, "-1", True, False, 1.5, 1.0, "x", "", " ", "1e3", "0x10", "1.0", None, [1], {"seed": 1}, MAX_SEED + 1, str(MAX_SEED + 1), 2**70])
def test_check_seed_refuses(seed):
    with pytest.raises(BadOption) as info:
        check_seed(seed)
    assert info.value.rule_id == "seed"


@pytest.mark.parametrize("seed", ["²", "9" * 5000])
def test_check_seed_refuses_odd_digit_strings_with_bad_option(seed):
    """Unicode digits that ``int`` cannot read, and digit strings beyond Python's int-parsing limit,
    must be refused like any other bad seed (BadOption), not with a bare ValueError."""
    with pytest.raises(BadOption):
        check_seed(seed)


# ----- construction -----------------------------------------------------------------------------------------
def test_new_match_defaults():
    m = race()
    assert m.options == {"target": 10} and m.seats == (HUMAN, HUMAN) and not m.table
    assert m.state == RACE.initial_state() and m.actions == () and len(m.states) == 1
    assert m.current_player == CHANCE and not m.waiting_for_user()
    assert not m.can_undo() and not m.is_over()


@pytest.mark.parametrize(
    "kwargs,rule",
    [
        ({"seats": ["human"]}, "seats"),
        ({"seats": ["human", "human", "human"]}, "seats"),
        ({"seats": ["human", "wizard"]}, "seats"),
        ({"seed": -3}, "seed"),
        ({"options": {"target": 0}}, "options"),
        ({"options": {"speed": 2}}, "options"),
    ],
)
def test_new_match_refusals(kwargs, rule):
    with pytest.raises(BadOption) as info:
        race(**kwargs)
    assert info.value.rule_id == rule


# ----- chance ----------------------------------------------------------------------------------------------------
def test_chance_is_drawn_from_the_seed_with_the_given_probabilities():
    counts = Counter()
    for seed in range(3000):
        m = race(seed=seed)
        counts[m.sample_chance()] += 1
    assert counts.keys() == {"roll 1", "roll 2", "roll 3"}
    assert 0.45 < counts["roll 1"] / 3000 < 0.55
    assert 0.21 < counts["roll 2"] / 3000 < 0.29


def test_same_seed_same_game_different_seed_usually_different():
    def play(seed):
        m = race(seed=seed, seats=["taker", "taker"])
        automatic_moves(m)
        return m.actions

    assert play(5) == play(5)
    assert len({play(s) for s in range(10)}) > 1


def test_table_mode_waits_for_entered_chance():
    m = race(table=True)
    assert m.waiting_for_user() and automatic_moves(m) == [] and m.state == RACE.initial_state()
    m.play("roll 3")
    assert m.state.pending == 3 and m.current_player == 0


def test_digital_mode_chance_entered_by_hand_still_saves_a_loadable_record():
    """A non-table match must not accept a chosen die result it cannot replay.

    Either ``play`` refuses a chance outcome other than the seed's (changing
    nothing), or the record it produces must load again (records replay exactly).
    """
    m = race(seed=11)
    drawn = m.sample_chance()
    other = next(a for a in RACE.legal_actions(m.state) if a != drawn)
    try:
        m.play(other)
    except IllegalAction:
        assert m.actions == () and m.state == RACE.initial_state()
        return
    again = Match.from_record(json.loads(m.to_json()), games)
    assert again.state == m.state


# ----- play / play_group ---------------------------------------------------------------------------------------------
def test_play_accepts_values_and_text_and_refusals_change_nothing():
    m = race(table=True)
    assert m.play("roll 2") == "roll 2"
    before_state, before_actions = m.state, m.actions
    for bad, error in (("roll 2", IllegalAction), ("jump", UnreadableAction), ("take take", UnreadableAction)):
        with pytest.raises(error):
            m.play(bad)
        assert m.state is before_state and m.actions == before_actions


def test_refused_play_keeps_the_redo_stack():
    s = on_a_table(race(table=True))
    s.play_group(["roll 2"])
    s.undo()
    with pytest.raises(IllegalAction):
        s.play_group(["take"])
    assert s.can_redo()


def test_play_group_is_all_or_nothing_and_undone_at_once():
    m = race(table=True)
    m.play("roll 1")
    with pytest.raises(IllegalAction):
        m.play_group(["take", "roll 2", "skip", "skip"])  # the 4th is not legal
    assert m.actions == ("roll 1",)
    s = on_a_table(m)
    assert s.play_group(["take", "roll 2", "skip"]) == ["take", "roll 2", "skip"]
    assert s.match.state.scores == (1, 0) and s.match.current_player == CHANCE
    assert s.undo()
    assert s.match.actions == ("roll 1",)
    assert s.redo() and s.match.actions == ("roll 1", "take", "roll 2", "skip")


def test_a_move_is_validated_once_on_its_way_in():
    """The table and the match trust the one validation in ``Match.play_group``: the game's check runs once a move."""

    class Counting(Race):
        checks = 0

        def check(self, state, action):
            Counting.checks += 1
            super().check(state, action)

    s = on_a_table(Match.new(Counting(), None, seed=1, table=True))
    Counting.checks = 0
    s.play_group(["roll 2", "take"])
    assert Counting.checks == 2
    with pytest.raises(IllegalAction):
        s.play_group(["skip"])  # the die must be rolled first
    assert Counting.checks == 3 and s.match.actions == ("roll 2", "take")


# ----- bots --------------------------------------------------------------------------------------------------------------
def test_bots_see_the_observation_and_the_legal_actions_only():
    Spy.seen = []
    m = race(seats=["spy", "spy"], options={"target": 6})
    automatic_moves(m)
    assert m.is_over() and Spy.seen
    replay = Match.new(RACE, {"target": 6}, seed=7)
    k = 0
    for action in m.actions:
        player = replay.current_player
        if player >= 0:
            observation, legal = Spy.seen[k]
            assert observation == RACE.observe(replay.state, player)
            assert legal == RACE.legal_actions(replay.state)
            k += 1
        replay.play(action)
    assert k == len(Spy.seen)


def test_bot_choices_replay_identically():
    a = race(seats=["random", "random"], seed=99)
    b = race(seats=["random", "random"], seed=99)
    automatic_moves(a)
    automatic_moves(b)
    assert a.actions == b.actions and a.is_over()


def test_advance_stops_at_the_user_and_has_a_limit():
    m = race(seats=["human", "taker"])
    done = automatic_moves(m)
    assert done == [m.actions[0]] and m.current_player == 0 and m.waiting_for_user()
    m2 = race(seats=["taker", "taker"], options={"target": 1000})
    with pytest.raises(RuntimeError):
        automatic_moves(m2, limit=10)


# ----- undo / redo ---------------------------------------------------------------------------------------------------------
def test_undo_before_the_next_roll_keeps_the_dice_and_a_roll_ends_undo():
    """Undo takes back a decision until a chance outcome comes to light (BGA's rule): it never re-rolls."""
    s = on_a_table(race(seats=["human", "human"], seed=3))
    s.roll()
    first = s.match.actions
    s.play_group(["take"])
    state = s.match.state
    assert s.can_undo() and s.undo()
    assert s.match.actions == first and s.match.current_player == 0
    s.play_group(["take"])
    assert s.match.state == state
    s.roll()  # the next roll is drawn: what it shows cannot be planned around
    assert not s.can_undo() and not s.undo()


def test_undo_takes_back_the_bot_moves_after_the_move_in_a_game_without_secrets():
    s = on_a_table(race(seats=["human", "taker"], seed=3, table=True))
    s.play_group(["roll 2"])
    s.play_group(["take"])
    s.play_group(["roll 1"])  # typed by the person at the table: their own entry, no secret
    assert s.match.actions == ("roll 2", "take", "roll 1", "take")  # the bot took at once
    assert s.match.undo_start(s.seats_here) == 2 and s.undo() and s.match.actions == ("roll 2", "take")
    assert s.undo() and s.match.actions == ("roll 2",)
    assert s.redo() and s.redo() and s.match.actions == ("roll 2", "take", "roll 1", "take")


def test_undo_is_for_the_seats_that_made_the_move():
    m = race(table=True)
    m.play("roll 2")  # typed by the first human seat's device
    m.play("take")  # seat 0
    assert m.steps[-1].author == 0 and m.steps[0].author == 0
    assert m.can_undo({0}) and not m.can_undo({1}) and not m.can_undo(set())
    m.play("roll 1", )
    m.play_group(["skip"], author=1)
    assert m.can_undo({1}) and not m.can_undo({0})
    assert m.undo_start({0}) is None and m.undo_start({1}) == 3


def test_undo_stops_at_a_move_the_game_says_reveals_something():
    class Revealing(Race):
        def reveals(self, state, action):
            return action == "take"

    m = Match.new(Revealing(), None, seed=1, table=True)
    m.play("roll 2")
    m.play("skip")
    assert m.can_undo()
    m.play("roll 1")
    m.play("take")  # shows something: it cannot be taken back
    assert not m.can_undo()
    m.play("roll 3")
    assert m.can_undo()
    m.truncate(m.undo_start())
    assert not m.can_undo()


def test_only_automatic_moves_leave_nothing_to_undo():
    m = race(seats=["human", "taker"], seed=3)
    automatic_moves(m)
    assert not m.can_undo()  # only automatic moves so far
    assert not on_a_table(m).undo()


def test_truncate_and_extend_rebuild_the_same_match():
    m = race(seats=["human", "taker"], seed=3)
    automatic_moves(m)
    m.play("skip")
    automatic_moves(m)
    steps = m.steps
    copy_ = race(seats=["human", "taker"], seed=3)
    copy_.extend(steps)
    assert copy_.states == m.states and copy_.steps == steps
    copy_.truncate(2)
    assert copy_.states == m.states[:3] and copy_.steps == steps[:2]
    copy_.extend(steps[2:])
    assert copy_.states == m.states
    with pytest.raises(ValueError):
        copy_.truncate(len(steps) + 1)


def test_extend_refuses_dice_the_seed_did_not_roll():
    m = race(seed=3)
    drawn = m.sample_chance()
    other = next(a for a in RACE.legal_actions(m.state) if a != drawn)
    from rulebook.core.match import Step

    with pytest.raises(IllegalAction):
        m.extend([Step(other, CHANCE, False, 1)])
    assert m.actions == ()


def test_table_mode_undo_after_a_roll_then_redo_gives_the_same_dice():
    s = on_a_table(race(table=True))
    s.play_group(["roll 3"])
    assert s.can_undo() and s.undo()
    assert s.match.state == RACE.initial_state() and s.can_redo()
    assert s.redo()
    assert s.match.actions == ("roll 3",) and s.match.state.pending == 3


def test_a_new_move_clears_redo():
    s = on_a_table(race(table=True))
    s.play_group(["roll 1"])
    s.undo()
    s.play_group(["roll 2"])
    assert not s.can_redo() and not s.redo()


def test_several_undos_and_redos():
    s = on_a_table(race(table=True))
    for a in ("roll 1", "take", "roll 3", "skip", "roll 2"):
        s.play_group([a])
    states = s.match.states
    for k in range(5):
        assert s.undo()
        assert s.match.states == states[: 5 - k]
    assert not s.undo()
    for k in range(5):
        assert s.redo()
    assert s.match.states == states


# ----- records --------------------------------------------------------------------------------------------------------
def finished_race(**kwargs) -> Match:
    m = race(seats=["human", "random"], **kwargs)
    while not m.is_over():
        automatic_moves(m)
        if not m.is_over():
            m.play("take")
    return m


def test_record_round_trip():
    m = finished_race()
    record = m.to_record()
    steps = [[step.group, step.author] for step in m.steps]
    assert record == {
        "game": "race",
        "version": 3,
        "options": {"target": 10},
        "seed": 7,
        "actions": list(m.actions),
        "meta": {"seats": ["human", "random"], "table": False, "steps": steps},
    }
    json.loads(m.to_json())
    again = Match.from_record(json.loads(m.to_json()), games)
    assert again.states == m.states and again.seats == m.seats and again.seed == m.seed
    assert again.steps == m.steps  # groups and authors too: a resumed game undoes as the original


@pytest.mark.parametrize(
    "steps",
    [None, "x", [[1, None]], "lengths differ", "bad group", "bad author"],
)
def test_malformed_step_meta_is_ignored_not_refused(steps):
    m = finished_race()
    record = m.to_record()
    n = len(record["actions"])
    named = {
        "lengths differ": [[k + 1, None] for k in range(n + 1)],
        "bad group": [[n - k, None] for k in range(n)],
        "bad author": [[k + 1, 7] for k in range(n)],
    }
    record["meta"]["steps"] = named[steps] if isinstance(steps, str) and steps in named else steps
    again = Match.from_record(record, games)
    assert again.states == m.states


def test_record_without_meta_loads_with_human_seats():
    m = finished_race()
    record = m.to_record()
    del record["meta"]
    again = Match.from_record(record, games)
    assert again.seats == (HUMAN, HUMAN) and again.state == m.state


def valid_record() -> dict:
    return finished_race().to_record()


def refuse(record) -> BadRecord:
    with pytest.raises(BadRecord) as info:
        Match.from_record(record, games)
    assert info.value.rule_id == "record"
    assert info.value.message_ja and info.value.message_en
    return info.value


@pytest.mark.parametrize("data", [[], "race", 1, None, True, ["game", "race"]])
def test_refuses_a_record_that_is_not_an_object(data):
    refuse(data)


@pytest.mark.parametrize(
    "change",
    [
        {"game": "chess"},
        {"game": None},
        {"game": 3},
        {"version": 2},
        {"version": 0},
        {"version": "3"},
        {"version": None},
        {"actions": "take"},
        {"actions": [1, 2]},
        {"actions": None},
        {"actions": [["take"]]},
        {"options": []},
        {"options": {"target": "far"}},
        {"options": {"colour": 1}},
        {"meta": []},
        {"meta": {"seats": "human"}},
        {"meta": {"seats": ["human"]}},
        {"meta": {"seats": ["human", 3]}},
        {"meta": {"seats": ["human", "wizard"]}},
        {"seed": -1},
        {"seed": "x"},
        {"seed": None},
        {"seed": 1.5},
    ],
)
def test_refuses_malformed_fields(change):
    record = valid_record()
    record.update(change)
    refuse(record)


def test_refuses_missing_fields():
    for key in ("game", "version", "actions", "seed"):
        record = valid_record()
        del record[key]
        refuse(record)


def test_refuses_unknown_game_from_the_lookup():
    record = valid_record()
    with pytest.raises(BadRecord):
        Match.from_record(record, lambda name: (_ for _ in ()).throw(KeyError(name)))


def test_illegal_action_at_move_k_names_k():
    record = valid_record()
    k = 4
    record["actions"] = record["actions"][: k - 1] + ["jump"] + record["actions"][k:]
    error = refuse(record)
    assert "Move 4" in error.message_en and "4 手目" in error.message_ja
    record = valid_record()
    record["actions"].append("take")  # the game is over: nothing is legal
    error = refuse(record)
    assert f"Move {len(record['actions'])}" in error.message_en


def test_altered_chance_is_refused():
    m = race(seed=5, seats=["taker", "taker"])
    automatic_moves(m)
    record = m.to_record()
    index = next(i for i, a in enumerate(record["actions"]) if a.startswith("roll"))
    record["actions"][index] = "roll 3" if record["actions"][index] != "roll 3" else "roll 1"
    error = refuse(record)
    assert "altered" in error.message_en and f"Move {index + 1}" in error.message_en


def test_table_mode_records_accept_any_entered_chance():
    m = race(table=True)
    for a in ("roll 3", "take", "roll 3", "take"):
        m.play(a)
    again = Match.from_record(json.loads(m.to_json()), games)
    assert again.table and again.state == m.state


def test_refuses_oversized_input():
    record = valid_record()
    record["actions"] = ["take"] * (MAX_RECORD_ACTIONS + 1)
    refuse(record)


def test_refuses_a_huge_number_with_bad_record():
    """A seed far beyond 2**63 is malformed input, not a crash."""
    record = valid_record()
    record["seed"] = 10**4000
    refuse(record)


def test_chiritsumo_record_refusals():
    game = get_game("chiritsumo")
    m = Match.new(game, {"mode": "solo"}, seed=12)
    automatic_moves(m)
    m.play("done")
    automatic_moves(m)
    record = m.to_record()
    assert record["actions"][0].startswith("roll 0 0 ")
    bad = dict(record, actions=record["actions"][:10] + ["place 0 3,0"] + record["actions"][10:])
    assert "Move 11" in refuse(bad).message_en
    bad = dict(record, version=game.version + 1)
    refuse(bad)
    bad = dict(record, options={"mode": "hakoniwa", "players": 9})
    refuse(bad)
    again = Match.from_record(record, get_game)
    assert again.state == m.state
