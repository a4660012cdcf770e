"""``present()`` of the Kokkuri-san page, without widgets: engine states in, view models out.

Every tappable thing answers from the engine (enabled, or disabled with the
engine's reason and rule id); a page whose seat is not to move says whose
move it is without asking the engine; the view model of a seat is the same
whatever the others hold; face-down cards of other seats never reach it.
"""

from __future__ import annotations

import json
import random

import pytest

from rulebook.core import HUMAN, SPECTATOR, Outcome
from rulebook.games.kokkuri_san import KOKKURI_SAN as GAME
from rulebook.games.kokkuri_san.actions import DRAW, SKIP, Flip, Move, Order, Play, Swap
from rulebook.games.kokkuri_san.cards import X
from widgets.views.kokkuri_san.common import Page, card_label, status_text
from widgets.views.kokkuri_san.present import present
from widgets.views.kokkuri_san.report import describe, outcome_html, settlement_text
from widgets.views.kokkuri_san.texts import WORDS
from widgets.views.model import Engine, engine_for

OPENING = ["order 0 1 2 3 4", "first 0", "card 7", "card 9", "card x", "card 5", "card 3", "card 8", "card 6", "card 1", "card 10"]
"""The stand-in row Fox, Dog, Tanuki, Sun, Moon; Seat 1 holds 7 9 ×−1, Seat 2 5 3 8, Seat 3 6 1 10."""

BLIND = Engine(legal=(), refusal=lambda action: pytest.fail(f"the engine was asked about {action} for a seat not to move"))


def play(script: list[str], players: int = 3):
    state = GAME.initial_state({"players": players})
    for text in script:
        state = GAME.apply(state, GAME.parse_action(text))
    return state


def page_for(state, seat: int, selected=None, seats=None):
    seats = tuple(seats or [HUMAN] * state.players)
    acting = seat >= 0 and GAME.current_player(state) == seat and seats[seat] == HUMAN
    page = Page(cards=state.cards, seats=seats, humans=tuple(s for s, k in enumerate(seats) if k == HUMAN), acting=acting, viewer=seat, selected=selected)
    return GAME.observe(state, seat), engine_for(GAME, state, acting), page


def model(state, seat: int, lang: str = "en", selected=None, seats=None):
    o, engine, page = page_for(state, seat, selected, seats)
    return present(o, engine, page, lang)


def random_state(rng: random.Random, players: int = 3, steps: int | None = None):
    state = GAME.initial_state({"players": players})
    for _ in range(rng.randrange(1, 120) if steps is None else steps):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


# ----- texts ------------------------------------------------------------------------------------------------
def test_the_catalogue_is_consistent_and_plural_aware() -> None:
    assert WORDS.check() == []
    assert WORDS("votes", "en", n=1) == "1 vote" and WORDS("votes", "en", n=-9) == "-9 votes"
    assert card_label(X) == "×−1" and card_label(None) == "?" and card_label(10) == "10"


# ----- the board --------------------------------------------------------------------------------------------
def test_the_row_shows_each_candidates_points_and_patron_effect_for_the_round() -> None:
    vm = model(play(OPENING), 0)
    names = [c["name"] for c in vm.board["candidates"]]
    assert names == ["Fox", "Dog", "Tanuki", "Sun", "Moon"]
    fox, dog, moon = vm.board["candidates"][0], vm.board["candidates"][1], vm.board["candidates"][4]
    assert fox["points"] == [6, 3] and fox["effect_kind"] == "may" and "face-down" in fox["effect"]
    assert dog["effect_kind"] == "must" and dog["effect"].startswith("After refilling, draw 1 more card")
    assert moon["effect_kind"] == "none" and moon["effect"] == "No effect"
    assert vm.board["stand_in"] is True and "stand-in" in vm.board["data_note"]


def test_the_hand_is_the_viewers_own_and_choosing_a_card_enables_up_and_down() -> None:
    state = play(OPENING)
    vm = model(state, 0)
    assert vm.board["hand"] == ["7", "9", "×−1"]
    assert all(c["enabled"] for c in vm.board["hand_cells"])
    up = vm.board["candidates"][2]["up"]
    assert not up["enabled"] and up["reason"] == WORDS("choose_first", "en") and up["rule"] == "hand"
    vm = model(state, 0, selected=9)
    up, down = vm.board["candidates"][2]["up"], vm.board["candidates"][2]["down"]
    assert up["enabled"] and up["action"] == "play 2 9 up" and down["action"] == "play 2 9 down"
    assert vm.caption == WORDS("chosen", "en", card="9")
    vm = model(state, 0, selected=X)
    assert vm.board["candidates"][0]["down"]["action"] == "play 0 x down"


def test_a_seat_not_to_move_is_told_whose_turn_it_is_without_asking_the_engine() -> None:
    state = play(OPENING)
    o, _engine, page = page_for(state, 1)
    vm = present(o, BLIND, page, "en")
    assert not vm.board["interactive"]
    for cell in vm.board["hand_cells"]:
        assert not cell["enabled"] and cell["reason"] == "It is Seat 1's turn." and cell["rule"] == "turn"
    up = vm.board["candidates"][0]["up"]
    assert not up["enabled"] and up["reason"] == "It is Seat 1's turn."
    assert vm.caption == "Seat 1 to play." and vm.controls == ()


def test_other_seats_face_down_cards_never_reach_the_view_model() -> None:
    state = play(OPENING + ["play 4 x down", "card 4"])
    mine = model(state, 0).board["candidates"][4]["cards"][0]
    theirs = model(state, 1).board["candidates"][4]["cards"][0]
    public = model(state, SPECTATOR).board["candidates"][4]["cards"][0]
    assert mine["card"] == "×−1" and mine["up"] is False
    assert theirs["card"] is None and public["card"] is None
    assert "×−1" not in json.dumps(model(state, 1).to_json()["board"]["candidates"])
    # the same view model whatever the hidden cards are
    other = play(OPENING[:2] + ["card 7", "card 9", "card 4", "card 5", "card 3", "card 8", "card 6", "card 1", "card 10", "play 4 4 down", "card x"])
    assert model(other, 1).to_json()["board"]["candidates"] == model(state, 1).to_json()["board"]["candidates"]


def test_a_face_up_card_sets_off_the_patron_effect_drawn_as_choices() -> None:
    # Seat 1 puts the 7 face down under the Moon; Seat 2 plays face up under the Fox: turn a face-down card up (may)
    state = play(OPENING + ["play 4 7 down", "card 4", "play 0 5 up"])
    vm = model(state, 1)
    assert vm.board["mode"] == "effect-flip" and vm.rule == "patron-effect"
    facedown = vm.board["candidates"][4]["cards"][0]
    assert facedown["cell"]["enabled"] and facedown["cell"]["action"] == str(Flip(4, 0)) and facedown["card"] is None
    skip = vm.control("effect-skip")
    assert skip.enabled and skip.action == str(SKIP)
    assert vm.caption.startswith(WORDS("effect_flip", "en"))
    for cell in vm.board["hand_cells"]:
        assert not cell["enabled"] and cell["rule"] == "patron-effect"
    # the others see who is carrying it out
    assert model(state, 0).caption == "Seat 2 carries out a patron effect."


def test_swap_and_move_are_offered_with_the_engines_reasons() -> None:
    state = play(OPENING + ["play 3 7 down", "card 4", "play 2 5 up"])  # Tanuki: may swap
    vm = model(state, 1)
    swaps = [c for c in vm.controls if c.key.startswith("swap-")]
    assert len(swaps) == 10 and all(c.enabled for c in swaps)
    assert vm.control("swap-0-4").action == str(Swap(0, 4)) and vm.control("swap-0-4").label == "Fox ⇄ Moon"
    state = play(OPENING + ["play 4 7 down", "card 4", "play 4 5 down", "card 2", "play 0 6 down", "card 0", "play 3 9 up"])  # Sun: may move
    vm = model(state, 0)
    moon, fox = vm.board["candidates"][4], vm.board["candidates"][0]
    assert moon["move"]["enabled"] and moon["move"]["action"] == str(Move(4)) and moon["move"]["label"] == "To the Sun"
    assert not fox["move"]["enabled"] and fox["move"]["rule"] == "patron-effect" and "no token" in fox["move"]["reason"]
    assert "move" not in vm.board["candidates"][3] and vm.board["candidates"][3]["pending"]


def test_an_optional_draw_is_a_button_and_a_mandatory_one_happens_at_once() -> None:
    state = play(OPENING + ["play 1 7 up"])  # round 1 Dog: draw 1, mandatory
    assert GAME.current_player(state) < 0 and state.target == 4
    cards = GAME.card_set(None).as_json()
    cards["candidates"][1]["rounds"][0]["effect"]["may"] = True
    state = GAME.initial_state({"players": 3, "cards": cards})
    for text in OPENING + ["play 1 7 up"]:
        state = GAME.apply(state, GAME.parse_action(text))
    vm = model(state, 0)
    assert vm.control("effect-draw").action == str(DRAW) and vm.control("effect-skip").enabled
    assert vm.board["stand_in"] is True  # the copy keeps the stand-in flag of the file it came from


def test_the_settlement_is_news_at_the_start_of_the_next_round() -> None:
    from rulebook.core.lesson import lesson_match, load_lesson

    lesson = load_lesson(GAME)
    state = lesson_match(lesson, GAME, len(lesson.steps)).state
    vm = model(state, 1)
    last = vm.board["last"]
    assert [r["votes"] for r in last["rows"]] == [15, 16, 0, 0, -18]
    assert [r["elected"] for r in last["rows"]] == [2, 1, 0, 0, 0]
    assert vm.messages and vm.messages[0].rule == "points"
    page = page_for(state, 1)[2]
    text = settlement_text(GAME.observe(state, 1)["last"], page, "en")
    assert text == "Elected: the Dog (16 votes), the Fox (15 votes). Seat 1 +5, Seat 2 +3, Seat 3 +6, Seat 2 +3"
    assert [s["score"] for s in vm.board["seats"]] == [5, 6, 6]
    assert vm.board["seats"][0]["fronts"].startswith("Shown:")
    assert status_text(GAME.observe(state, 1), page, "en") == "Round 2 of 3 · Turn 1 of 9 · Seat 2 to play"


def test_the_log_names_no_hidden_card() -> None:
    before = play(OPENING)
    after = GAME.apply(before, Play(4, X, False))
    page = page_for(before, SPECTATOR)[2]
    line = describe(GAME.observe(before, SPECTATOR), Play(4, X, False), GAME.observe(after, SPECTATOR), page, "en")
    assert line == "Seat 1: token on the Moon, a card face down"
    assert describe(GAME.observe(after, SPECTATOR), GAME.parse_action("card 4"), GAME.observe(after, SPECTATOR), page, "en") is None
    start = GAME.initial_state({"players": 3})
    line = describe(GAME.observe(start, SPECTATOR), Order((4, 3, 2, 1, 0)), GAME.observe(start, SPECTATOR), page, "ja")
    assert line == "候補者の並び: 月 · 太陽 · 狸 · 狗 · 狐"


def test_the_outcome_lists_every_score() -> None:
    outcome = Outcome(scores=(10, 22, 4), winners=(1,), reason="end", summary_ja="席 2 の勝ち", summary_en="Seat 2 wins")
    state = play(OPENING)
    o, _e, page = page_for(state, 0)
    out = outcome_html(outcome, o, page, "en")
    assert "Seat 2 wins" in out and out.index("Seat 2") < out.index("Seat 1") < out.index("Seat 3")


@pytest.mark.parametrize("players", [3, 4])
def test_random_positions_every_enabled_control_is_legal_and_every_disabled_one_says_why(players: int) -> None:
    rng = random.Random(players)
    for _ in range(25):
        state = random_state(rng, players)
        for seat in [SPECTATOR, *range(players)]:
            for lang in ("ja", "en"):
                o, engine, page = page_for(state, seat)
                hand = o["hand"] or []
                vm = present(o, engine, page, lang)
                json.dumps(vm.to_json())
                legal = {str(a) for a in engine.legal}
                selected_vms = [present(o, engine, Page(**{**page.__dict__, "selected": k}), lang) for k in set(hand)] if page.acting else []
                for view in [vm, *selected_vms]:
                    cells = list(view.board.get("hand_cells", []))
                    for cand in view.board["candidates"]:
                        cells += [cand[k] for k in ("up", "down", "move") if k in cand]
                        cells += [c["cell"] for c in cand["cards"]]
                    cells += [c.to_json() for c in view.controls]
                    for cell in cells:
                        if cell["enabled"]:
                            assert not cell.get("action") or cell["action"] in legal
                        else:
                            assert cell["reason"] and cell["rule"]


# ----- table mode: the real box ----------------------------------------------------------------------------------
def table_vm(state, seat, *, entry=(), hot_seat=False, viewer=None, humans=None, seats=None, lang="en"):
    seats = tuple(seats or [HUMAN] * state.players)
    page = Page(cards=GAME.card_set(None), seats=seats, humans=humans if humans is not None else (seat,), acting=False,
                viewer=seat if viewer is None else viewer, ply=0, table=True, hot_seat=hot_seat, entry=tuple(entry))
    return present(GAME.observe(state, seat), BLIND, page, lang)


def test_table_mode_the_row_is_tapped_left_to_right_by_any_person():
    v = table_vm(play([]), 1, entry=(2, 0))
    entry = v.board["entry"]
    assert entry["kind"] == "order" and entry["typed"] == ["Tanuki", "Fox"] and entry["needed"] == 5
    keys = {k["value"]: k for k in entry["keys"]}
    assert not keys[2]["enabled"] and keys[2]["rule"] == "setup" and "in the row already" in keys[2]["reason"]
    assert keys[4]["enabled"] and "(2 of 5)" in v.caption
    assert not v.control("entry-confirm").enabled and "3 still to type in" in v.control("entry-confirm").reason


def test_table_mode_the_start_player_is_a_button_per_seat():
    v = table_vm(play(OPENING[:1]), 0)
    assert [c.action for c in v.controls] == ["first 0", "first 1", "first 2"] and v.board["entry"] is None


def test_table_mode_the_drawer_types_their_cards_with_their_decks_counts():
    state = play(OPENING[:3])  # Seat 1 has drawn a 7: two more to draw
    v = table_vm(state, 0, entry=(9,))
    entry = v.board["entry"]
    assert entry["kind"] == "cards" and entry["typed"] == ["9"] and entry["needed"] == 2
    keys = {k["value"]: k for k in entry["keys"]}
    assert keys[9]["label"] == "9 (0)" and not keys[9]["enabled"] and "no more 9" in keys[9]["reason"]
    assert keys[X]["enabled"] and v.caption.startswith("Seat 1: type in the real cards")
    assert v.control("entry-confirm").enabled is False  # 1 of 2


def test_table_mode_another_persons_draw_is_covered_or_waited_for():
    state = play(OPENING[:5])  # Seat 2 draws now
    shared = table_vm(state, 0, hot_seat=True, viewer=0, humans=(0, 1, 2))
    assert shared.board["entry"] is None and "look away" in shared.board["entry_hidden"]
    assert [c.key for c in shared.controls] == ["entry-reveal"] and shared.caption.startswith("Hand the tablet to Seat 2")
    phone = table_vm(state, 0)
    assert phone.board["entry"] is None and phone.controls == () and "on their own device" in phone.caption
    for_bot = table_vm(state, 0, seats=(HUMAN, "rules", "rules"))
    assert for_bot.board["entry"] is not None and "a bot" in for_bot.caption
    assert all("(" not in k["label"] for k in for_bot.board["entry"]["keys"])  # a bot's deck is not the person's to see


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_tappable_part_is_named_by_what_a_tap_does(lang) -> None:
    """Issue 31: a screen reader hears "Choose 9 to play" and "▲ face up under the Tanuki", not "9" and six
    buttons all called "▲ face up"; each name holds its visible label (WCAG 2.5.3, label in name)."""
    state = play(OPENING)
    vm = model(state, 0, lang)
    for label, cell in zip(vm.board["hand"], vm.board["hand_cells"]):
        assert cell["tap"] == WORDS("tap_choose", lang, card=label) and label in cell["tap"]
    names = [item[side]["tap"] for item in vm.board["candidates"] for side in ("up", "down")]
    assert len(set(names)) == len(names)  # no two buttons of the row read the same
    for item in vm.board["candidates"]:
        assert item["name"] in item["up"]["tap"] and item["up"]["label"] in item["up"]["tap"]
    vm = model(state, 0, lang, selected=9)
    up = vm.board["candidates"][2]["up"]
    assert up["tap"] == WORDS("up_title", lang, card="9", name=vm.board["candidates"][2]["name"])
