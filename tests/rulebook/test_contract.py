"""The engine contract, checked on every registered game (future games get these for free).

For each game and option set, seeded random walks (random legal moves mixed
with the game's own non-random bots, so the walks reach every phase and the
end) give reachable states. On those states:

- ``is_legal`` agrees exactly with ``legal_actions``, also for candidate
  illegal actions: legal actions of other states/phases and text mutations of
  legal actions (other numbers — out-of-range dice, slots, seats — and other words);
- refusing raises ``IllegalAction`` whose ``rule_id`` is a section id of both
  ``rules.ja.md`` and ``rules.en.md`` (or a core id), and leaves the state equal;
- ``str(action)`` parses back to an equal action;
- chance outcomes are legal and sum to 1; terminal states have an outcome;
- observations are plain JSON; records round-trip and replay to equal states.

A game lists the option sets to check as ``OPTION_SETS`` in its package
(``rulebook/games/<game>/__init__.py``); otherwise its defaults are used.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
import re
from pathlib import Path

import numpy as np
import pytest

from tests.support.automatic import automatic_moves

from rulebook.bots.search import SearchBot
from rulebook.core import CHANCE, TERMINAL, BadOption, IllegalAction, Match, UnreadableAction, all_games, get_game
from rulebook.core.text import load_rules

CORE_IDS = {"options", "seed", "seats", "record"}
#: The readings of the sources, in the project's words, in the repository (never a file beside the checkout:
#: a clean clone anywhere runs every check).
READINGS = Path(__file__).resolve().parents[2] / "docs" / "readings.md"
WALKS = 4
WALK_STEPS = 1500
STATES_PER_CASE = 120
CANDIDATES_PER_STATE = 30

GAMES = sorted(all_games())

def option_sets(name: str) -> list[dict]:
    """The option sets a game asks to be checked (``OPTION_SETS`` in its package), else its defaults."""
    package = importlib.import_module(type(get_game(name)).__module__.rsplit(".", 1)[0])
    return list(getattr(package, "OPTION_SETS", [get_game(name).default_options()]))


CASES = [(name, options) for name in GAMES for options in option_sets(name)]
CASE_IDS = [f"{name}-{'-'.join(str(v) for v in options.values()) or 'default'}" for name, options in CASES]


def rule_ids(name: str) -> dict[str, tuple[str, ...]]:
    rules = load_rules(f"rulebook.games.{name}")
    return {lang: text.ids for lang, text in rules.items()}


def allowed_ids(name: str) -> set[str]:
    ids = rule_ids(name)
    return (set(ids["ja"]) & set(ids["en"])) | CORE_IDS


# ----- walks ------------------------------------------------------------------------------------------
def walk(game, options, seed: int, steps: int = WALK_STEPS):
    """States and actions of a seeded random walk; bots (not 'random') play 80% of the moves."""
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    # Rule-based bots only: a search bot plays every move of a walk at its full
    # time budget and reaches no phase the cheaper bots do not.
    bots = [bot for kind in game.bot_kinds() if kind != "random" for bot in [game.make_bot(kind)] if not isinstance(bot, SearchBot)]
    state = game.initial_state(options)
    states, actions = [state], []
    for _ in range(steps):
        player = game.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            legal = game.legal_actions(state)
            if bots and rng.random() < 0.8:
                action = rng.choice(bots).choose(game.observe(state, player), legal, np_rng)
            else:
                action = rng.choice(legal)
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


_WALKS: dict = {}


def walks(name: str, options: dict):
    key = (name, json.dumps(options, sort_keys=True))
    if key not in _WALKS:
        game = get_game(name)
        _WALKS[key] = [walk(game, options, seed) for seed in range(WALKS)]
    return _WALKS[key]


def sample_states(name, options):
    """Up to ``STATES_PER_CASE`` states, spread evenly over the kinds of decision met (plus every end).

    The kind of a state is who acts (chance, a seat, nobody) and the types of
    its legal actions, so rare phases (a trade, a swap round) are not drowned
    by the frequent ones.
    """
    game = get_game(name)
    rng = random.Random(1)
    buckets: dict = {}
    for states, _ in walks(name, options):
        for state in states:
            player = game.current_player(state)
            kind = (max(player, -1) if player < 0 else 0, frozenset(type(a).__name__ for a in game.legal_actions(state)))
            buckets.setdefault(kind, []).append(state)
    share = max(1, STATES_PER_CASE // max(1, len(buckets)))
    picked = []
    for kind in sorted(buckets, key=repr):
        group = buckets[kind]
        picked += rng.sample(group, min(share, len(group)))
    return picked + [states[-1] for states, _ in walks(name, options)]


# ----- candidate actions --------------------------------------------------------------------------
def mutations(text: str, vocabulary: list[str], rng: random.Random) -> list[str]:
    out = []
    for match in re.finditer(r"\d+", text):
        n = int(match.group())
        for other in {0, 1, 9, 10, 99, n + 1, max(n - 1, 0), n + 7}:
            out.append(text[: match.start()] + str(other) + text[match.end() :])
    words = text.split()
    for k in range(len(words)):
        for other in rng.sample(vocabulary, min(4, len(vocabulary))):
            out.append(" ".join(words[:k] + [other] + words[k + 1 :]))
    out += [text + " 1", text.upper(), "-" + text]
    return out


def candidates(game, state, pool, rng):
    """Actions of other states plus parsed mutations of this state's legal actions."""
    legal = game.legal_actions(state)
    vocabulary = sorted({w for a in pool for w in str(a).split() if not w.isdigit()})
    found = list(rng.sample(pool, min(CANDIDATES_PER_STATE // 2, len(pool))))
    texts = [t for a in rng.sample(legal, min(5, len(legal))) for t in mutations(str(a), vocabulary, rng)]
    rng.shuffle(texts)
    bad_texts = []
    for text in texts:
        if len(found) >= CANDIDATES_PER_STATE:
            break
        try:
            found.append(game.parse_action(text))
        except UnreadableAction as error:  # text that reads as no action is not "illegal" (issue 10)
            bad_texts.append(error)
    return found + legal, bad_texts


# ----- the contract ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_is_legal_agrees_with_legal_actions_and_refusals_change_nothing(name, options):
    game = get_game(name)
    ids = allowed_ids(name)
    rng = random.Random(2)
    pool = list({a for _, acts in walks(name, options) for a in acts})
    for state in sample_states(name, options):
        legal = game.legal_actions(state)
        legal_set = set(legal)
        assert len(legal) == len(legal_set), "legal_actions has duplicates"
        found, parse_errors = candidates(game, state, pool, rng)
        for error in parse_errors:
            assert error.rule_id in ids, error
        for action in found:
            assert game.is_legal(state, action) is (action in legal_set), (action, state)
            if action in legal_set:
                continue
            snapshot = copy.deepcopy(state)
            with pytest.raises(IllegalAction) as info:
                game.apply(state, action)
            assert info.value.rule_id in ids, (action, info.value)
            assert info.value.message_ja and info.value.message_en
            assert state == snapshot and hash(state) == hash(snapshot), action


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_actions_round_trip_as_text(name, options):
    game = get_game(name)
    for state in sample_states(name, options):
        for action in game.legal_actions(state):
            text = str(action)
            again = game.parse_action(text)
            assert again == action and hash(again) == hash(action)
            assert str(again) == text


#: "Seat 1 win", "Team 1+3 win", "seat 2 win": a single named winner with the plural verb (issue 32).
ONE_WINNER_PLURAL = re.compile(r"\b(?:seat|team|player|group)\s+[\d+]+\s+win\b(?!s)", re.IGNORECASE)
#: "Seat 1 and Seat 2 wins": several named winners with the singular verb.
MANY_WINNERS_SINGULAR = re.compile(r"\b(?:seat|team|player)\s+\d+\s+and\s+(?:seat|team|player)\s+\d+\s+wins\b", re.IGNORECASE)


def assert_result_line_agrees(outcome) -> None:
    """The English result line's verb agrees with its winners: "Seat 1 wins", "Seat 1 and Seat 2 win"."""
    en = outcome.summary("en")
    if len(outcome.winners) == 1:
        assert not ONE_WINNER_PLURAL.search(en), en
    assert not MANY_WINNERS_SINGULAR.search(en), en
    assert "win" not in outcome.summary("ja"), outcome.summary("ja")


def test_the_result_line_check_catches_the_slips():
    from rulebook.core import Outcome

    for en in ("Someone passed 30: seat 1 win with 31", "team 1+3 win", "Seat 1 and Seat 2 wins"):
        with pytest.raises(AssertionError):
            assert_result_line_agrees(Outcome((1, 0), (0,) if "and" not in en else (0, 1), "end", "席 1 の勝ち", en))
    assert_result_line_agrees(Outcome((1, 0), (0,), "end", "席 1 の勝ち", "Seat 1 wins with 31"))
    for en in ("Seat 1 and Seat 2 win (a tie)", "Seat 1 and Seat 2 share the win with 33"):
        assert_result_line_agrees(Outcome((1, 1), (0, 1), "end", "席 1・席 2 の勝ち", en))


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_players_chance_and_ends(name, options):
    game = get_game(name)
    ids = allowed_ids(name)
    reached_end = False
    for state in sample_states(name, options):
        n = game.num_seats(state)
        player = game.current_player(state)
        legal = game.legal_actions(state)
        hash(state)
        for seat in range(n):
            assert isinstance(json.loads(json.dumps(game.observe(state, seat))), dict)
        if player == TERMINAL:
            reached_end = True
            assert legal == [] and game.is_terminal(state)
            outcome = game.outcome(state)
            assert outcome is not None and len(outcome.scores) == n
            assert set(outcome.winners) <= set(range(n))
            assert outcome.reason in ids
            assert outcome.summary("ja") and outcome.summary("en")
            assert_result_line_agrees(outcome)
            continue
        assert game.outcome(state) is None and legal
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(p >= 0 for _, p in outcomes)
            assert {a for a, p in outcomes if p > 0} == set(legal)
            for action, p in outcomes:
                assert game.is_legal(state, action) is (p > 0)
        else:
            assert 0 <= player < n
            assert game.chance_outcomes(state) == []
    assert reached_end, "the walks should reach the end of the game (every game must be able to end)"


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_records_round_trip(name, options):
    game = get_game(name)
    for states, actions in walks(name, options)[:2]:
        # table mode: the walk's own chance outcomes are entered like real dice
        table = Match.new(game, options, seed=5, table=True)
        for action in actions[:400]:
            table.play(action)
        again = Match.from_record(json.loads(table.to_json()), get_game)
        assert again.states == table.states and again.states == tuple(states[: len(again.states)])
    # digital mode: the seed rolls; humans play the first legal action, bots their own
    kinds = [k for k in game.bot_kinds() if k != "random"] or ["random"]
    n = game.num_seats(game.initial_state(options))
    match = Match.new(game, options, seed=17, seats=[kinds[0]] * (n - 1) + ["human"])
    for _ in range(200):
        automatic_moves(match)
        if match.is_over():
            break
        match.play(game.legal_actions(match.state)[-1])
    again = Match.from_record(json.loads(match.to_json()), get_game)
    assert again.states == match.states and again.seats == match.seats


@pytest.mark.parametrize("name", GAMES)
def test_bad_options_name_a_known_rule(name):
    game = get_game(name)
    ids = allowed_ids(name)
    junk = [{"__no_such_option__": 1}]
    for key in game.default_options():
        junk += [{key: None}, {key: "__junk__"}, {key: -99}, {key: [1]}]
    for options in junk:
        try:
            game.initial_state(options)
        except BadOption as error:
            assert error.rule_id in ids, (options, error)


# ----- rules text ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_rules_text_ids_match_in_both_languages(name):
    rules = load_rules(f"rulebook.games.{name}")
    assert rules["ja"].ids == rules["en"].ids
    assert rules["ja"].ids, "the rules text has no sections"
    for ja, en in zip(rules["ja"].sections, rules["en"].sections):
        assert ja.readings == en.readings, ja.id
        assert ja.title and en.title and ja.body and en.body, ja.id


@pytest.mark.parametrize("name", GAMES)
def test_cited_readings_exist_in_rules_notes(name):
    """Every reading id a game's rules text cites is defined in docs/readings.md (the project's words).

    A game that cites none (a designer's own game, as ``rulebook new`` makes it) needs no readings file."""
    rules = load_rules(f"rulebook.games.{name}")
    cited = {r for lang in rules.values() for s in lang.sections for r in s.readings}
    if cited:
        defined = set(re.findall(r"^- ([A-Z]+-\d+[a-z]?) ", READINGS.read_text("utf-8"), flags=re.M))
        assert cited <= defined, sorted(cited - defined)
