"""``present()`` of 指輪を落とさないで without widgets: controls carry the engine's verdict and reason,
page-only taps are refused with the page's reason, texts read well in both languages, and
messages belong to their moment."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.ring_states import play_game, table

from rulebook.core import CHANCE, HUMAN, SPECTATOR, TERMINAL, IllegalAction
from rulebook.games.ring import GAME
from rulebook.games.ring.actions import PLAY, parse
from rulebook.games.ring.cards import CARD_IDS
from rulebook.games.ring.state import Penalty
from widgets.views.model import engine_for
from widgets.views.ring.common import Page, tap_refusal
from widgets.views.ring.present import caption, present
from widgets.views.ring.texts import WORDS

FIVE = [
    ["ruby-5", "ruby-7", "emerald-4", "coin-1", "sapphire-3"],
    ["ruby-3", "coin-7", "emerald-6", "diamond-6", "sapphire-4"],
    ["amethyst-5", "emerald-5", "grayspinel-5", "diamond-7", "sapphire-5"],
    ["ruby-6", "amethyst-7", "grayspinel-6", "sapphire-6", "emerald-7"],
    ["coin-0", "amethyst-1", "amethyst-2", "ruby-2", "sapphire-7"],
]
SEATS5 = (HUMAN, "rules", "rules", "rules", "rules")


def model_for(state, seat: int, lang: str = "en", seats=SEATS5, **page):
    """The view model ``seat`` sees of ``state``, acting when it is its move."""
    acting = page.pop("acting", GAME.current_player(state) == seat)
    obs = GAME.observe(state, seat)
    engine = engine_for(GAME, state, acting)
    return present(obs, engine, Page(seats=tuple(seats), acting=acting, **page), lang)


def test_the_catalogue_is_consistent() -> None:
    assert WORDS.check() == []


def test_present_imports_no_widgets() -> None:
    module = importlib.import_module("widgets.views.ring.present")
    tree = ast.parse(Path(module.__file__).read_text("utf-8"))
    names = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(n.split(".")[0] in ("ipywidgets", "anywidget", "traitlets") for n in names)


def test_the_leader_may_not_lead_a_coin_the_reason_is_the_engines() -> None:
    state = table(FIVE)
    for lang in ("en", "ja"):
        vm = model_for(state, 0, lang)
        coin = vm.control("card-coin-1")
        error = engine_for(GAME, state, True).why_not(PLAY[CARD_IDS["coin-1"]])
        assert isinstance(error, IllegalAction)
        assert not coin.enabled and coin.rule == "coin" and coin.reason == error.message(lang)
        assert coin.action == "play coin-1"
        assert vm.control("card-ruby-5").enabled and vm.control("card-ruby-5").action == "play ruby-5"
        ruby = vm.control("card-ruby-5")  # a screen reader hears the move, holding the visible card (issue 31)
        assert ruby.tap == WORDS("move_play", lang, card=ruby.label) and ruby.label in ruby.tap
        cards = {c["card"]: c for c in vm.board["hand"]}
        assert cards["coin-1"]["legal"] is False and cards["ruby-5"]["legal"] is True
        assert error.message(lang) in cards["coin-1"]["title"]
        assert vm.rule == "lead" and vm.board["mode"] == "play"
    assert model_for(state, 0, "en").caption.startswith("You lead")
    assert model_for(state, 0, "ja").caption.startswith("あなたが 1 番手です")


def test_a_follower_must_follow_the_led_suit_the_reason_is_the_engines() -> None:
    state = GAME.apply(table(FIVE), PLAY[CARD_IDS["ruby-5"]])
    vm = model_for(state, 1, "en", seats=(HUMAN,) * 5)
    emerald = vm.control("card-emerald-6")
    assert not emerald.enabled and emerald.rule == "follow" and "must follow with Ruby" in emerald.reason
    assert vm.control("card-ruby-3").enabled and vm.control("card-coin-7").enabled
    ja = model_for(state, 1, "ja", seats=(HUMAN,) * 5).control("card-emerald-6")
    assert "ルビー" in ja.reason and ja.rule == "follow"
    assert vm.rule == "follow" and vm.board["trick"]["title"] == "Trick 1 (Ruby led)"


def test_taps_out_of_turn_are_refused_by_the_page_with_whose_move_it_is() -> None:
    state = GAME.apply(table(FIVE), PLAY[CARD_IDS["ruby-5"]])  # seat 2 to play
    vm = model_for(state, 0, "en")
    assert vm.board["mode"] == "wait" and vm.caption == "Seat 2 (bot) to move."
    for control in vm.controls:
        assert not control.enabled and control.action == "" and control.rule == "trick"
        assert control.reason == "It is not your move now. Seat 2 (bot) is to move."
    assert all(card["legal"] is None for card in vm.board["hand"])
    obs = GAME.observe(state, 0)
    refusal = tap_refusal(obs, Page(seats=SEATS5))
    assert refusal is not None and refusal.message("ja") == "いまはあなたの番ではありません。席2（ボット）の番です。"
    assert tap_refusal(obs, Page(seats=SEATS5, revealed=False)).rule_id == "trick"
    assert tap_refusal(GAME.observe(state, 1), Page(seats=SEATS5, acting=True)) is None


def reach(options: dict, seed: int, phase: str):
    """The first state of a random game whose observation shows ``phase`` with a seat to move."""
    found = []

    def look(state) -> None:
        if not found and GAME.observe(state, SPECTATOR)["phase"] == phase and GAME.current_player(state) >= 0:
            found.append(state)

    play_game(options, seed, on_state=look)
    return found[0]


def test_the_draft_offers_each_die_left_and_refuses_others_taps() -> None:
    state = reach({"players": 3}, 5, "draft")
    seat = GAME.current_player(state)
    seats = tuple(HUMAN if k == seat else "rules" for k in range(3))
    vm = model_for(state, seat, "en", seats=seats)
    takes = [c for c in vm.controls if c.key.startswith("take-")]
    assert {c.key for c in takes} == {f"take-{p}" for p in state.pool} and all(c.enabled for c in takes)
    assert vm.board["pool_active"] and vm.board["pool"] == list(state.pool)
    assert all(not c.enabled and c.rule == "draft" and c.reason.startswith("Take a die first") for c in vm.controls if c.key.startswith("card-"))
    other = (seat + 1) % 3
    vm = model_for(state, other, "ja", seats=seats)
    assert not vm.board["pool_active"] and all(not c.enabled and c.rule == "draft" and "番ではありません" in c.reason for c in vm.controls)


def test_roll_and_deal_captions_in_both_languages() -> None:
    state = GAME.initial_state({"players": 3})
    while GAME.current_player(state) == CHANCE and state.phase == 0:
        state = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    seats = (HUMAN, "rules", "rules")
    obs = GAME.observe(state, 0)
    assert caption(obs, Page(seats=seats, chance=True), "en") == "Round 1: Seat 1 (you) is the parent. Press 'Roll the dice'."
    assert caption(obs, Page(seats=seats, chance=True), "ja") == "ラウンド 1: 親は席1（あなた）。「ダイスをふる」を押してください。"
    table_page = Page(seats=seats, chance=True, table=True, entry=(0, 0, 0, 0))
    assert caption(obs, table_page, "en") == "The parent (Seat 1 (you)) rolls 4 real dice: enter their pips."
    vm = present(obs, engine_for(GAME, state, False), table_page, "en")
    assert vm.board["mode"] == "entry" and vm.board["entry"] == [0, 0, 0, 0]
    assert all(c.reason == "The dice are to be rolled first." and c.rule == "chance" for c in vm.controls)
    assert vm.status.startswith("Round <b>1</b> · parent: Seat 1")
    ja = present(obs, engine_for(GAME, state, False), table_page, "ja")
    assert ja.status.startswith("ラウンド <b>1</b> · 親: 席1") and ja.board["words"]["just"] == "ちょうど"


def test_plurals_and_capitals() -> None:
    assert WORDS("hand_count", "en", n=1) == "1 card" and WORDS("hand_count", "en", n=2) == "2 cards"
    assert WORDS("trick_won", "en", number=1, names="Seat 2", n=1) == "Trick 1: Seat 2 won (1 step each)"
    assert WORDS("trick_won", "en", number=2, names="Seat 2, Seat 3", n=2) == "Trick 2: Seat 2, Seat 3 won (2 steps each)"
    assert WORDS("need_more_sentence", "en", n=1) == "1 more step to Just."
    for key, entry in WORDS.entries.items():
        for text in entry[1:]:
            if text and text[0].isalpha() and not key.startswith(("kind_", "log_", "status_", "entry_where")):
                assert text[0].isupper() or text.startswith("e.g."), (key, text)


def test_a_penalty_notice_belongs_to_its_trick_only() -> None:
    hands = [["ruby-5", "emerald-4", "ruby-7"], ["coin-7", "coin-0", "coin-1"], ["amethyst-5", "emerald-5", "ruby-4"],
             ["ruby-6", "sapphire-6", "diamond-6"], ["ruby-2", "amethyst-1", "sapphire-7"]]
    earlier = [
        (0, ["diamond-7", "emerald-6", "sapphire-5", "emerald-7", "sapphire-3"], [0]),
        (0, ["grayspinel-7", "grayspinel-6", "grayspinel-5", "amethyst-2", "amethyst-3"], [0]),
    ]
    state = table(hands, centre=2, tricks=earlier, leader=0, dice=[("more", 5)] * 5)
    for card in ["ruby-5", "coin-1", "ruby-4", "ruby-6", "ruby-2"]:
        state = GAME.apply(state, PLAY[CARD_IDS[card]])
    assert state.penalties == (Penalty(3, 1),)
    vm = model_for(state, 0, "en")
    notices = [m for m in vm.messages if m.kind == "notice"]
    assert len(notices) == 1 and notices[0].rule == "coin-penalty" and "Seat 2 (bot) holds only Coins" in notices[0].text
    assert vm.board["seats"][1]["penalties"] == 1 and vm.board["seats"][1]["penalty_title"] == "1 Coin-only penalty"
    for _ in range(5):  # the next trick: the notice is gone with its moment
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert len(state.tricks) == 4
    assert not [m for m in model_for(state, 0, "en").messages if m.kind == "notice"]


def test_the_end_is_success_for_a_winner_and_defeat_for_a_loser() -> None:
    final, _ = play_game({"players": 3}, 11)
    outcome = GAME.outcome(final)
    seats = (HUMAN,) * 3
    for seat in range(3):
        vm = model_for(final, seat, "en", seats=seats)
        kinds = {m.kind for m in vm.messages}
        assert kinds == ({"success"} if seat in outcome.winners else {"defeat"})
        assert vm.caption == f"Game over: {outcome.summary_en}" and vm.rule == "game-end"
        assert vm.board["mode"] == "over"
        assert all(not c.enabled and c.reason == "The game is over." for c in vm.controls)
    assert model_for(final, SPECTATOR, "en", seats=seats, acting=False).messages == ()


FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=15)


@FAST
@given(players=st.integers(3, 5), seed=st.integers(0, 10**6), lang=st.sampled_from(["en", "ja"]))
def test_every_enabled_control_is_legal_and_every_disabled_one_says_why(players, seed, lang) -> None:
    states = []
    play_game({"players": players}, seed, on_state=states.append)
    rng = np.random.default_rng(seed)
    for k in rng.choice(len(states), size=min(25, len(states)), replace=False):
        state = states[int(k)]
        player = GAME.current_player(state)
        if player in (CHANCE, TERMINAL):
            continue
        legal = set(GAME.legal_actions(state))
        vm = model_for(state, player, lang, seats=(HUMAN,) * players)
        enabled = {parse(c.action) for c in vm.controls if c.enabled}
        assert enabled <= legal
        phase = GAME.observe(state, player)["phase"]
        if phase in ("draft", "discard", "play"):
            assert enabled == legal
        for control in vm.controls:
            if not control.enabled:
                assert control.reason and control.rule, control
        watcher = (player + 1) % players
        for control in model_for(state, watcher, lang, seats=(HUMAN,) * players).controls:
            assert not control.enabled and control.reason and control.rule and not control.action
