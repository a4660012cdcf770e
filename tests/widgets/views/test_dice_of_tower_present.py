"""Dice of Tower's view model without widgets: ``present`` on engine states, in both languages."""

from __future__ import annotations

import json

from rulebook.games.dice_of_tower import ENGINE as GAME
from rulebook.games.dice_of_tower.actions import Burst, Face, Place
from rulebook.games.dice_of_tower.state import Phase
from widgets.views.dice_of_tower.present import Page, present
from widgets.views.dice_of_tower.report import describe, outcome_html
from widgets.views.dice_of_tower.texts import WORDS
from widgets.views.model import engine_for

PERFECT = {"height_risk": 0, "step_risk": 0, "reroll_risk": 0}


def table(towers, options=None, turn=0, phase=Phase.TURN, **changes):
    state = GAME.initial_state({"players": 2, **(PERFECT if options is None else options)})
    faces, removed = [0] * 16, [True] * 16
    for tower in towers:
        for die, face in tower:
            faces[die], removed[die] = face, False
    built = tuple(sorted(tuple(d for d, _ in t) for t in towers))
    return state._replace(faces=tuple(faces), removed=tuple(removed), towers=built, phase=phase, turn=turn, queue=(), **changes)


def view(state, page=None, lang="en"):
    page = page or Page(acting=GAME.current_player(state) >= 0)
    return present(GAME.observe(state, 0), engine_for(GAME, state, page.acting or page.entering), page, lang)


def dice_of(vm):
    return {d["id"]: d for t in vm.board["towers"] for d in t["dice"]}


def test_pickable_dice_glow_and_a_picked_die_shows_its_targets_with_the_collapse_chance() -> None:
    state = table([[(0, 2)], [(6, 3)], [(8, 5)], [(9, 5)], [(14, 4)], [(11, 1), (1, 6), (12, 4)]], options={})
    vm = view(state)
    dice = dice_of(vm)
    assert dice[0]["pickable"] and dice[6]["pickable"] and not dice[8].get("pickable")
    assert not any(d.get("target") for d in dice.values())
    assert vm.rule == "pick"
    vm = view(state, Page(acting=True, picked=6))
    dice = dice_of(vm)
    assert {d for d, item in dice.items() if item.get("target")} == {12, 14}
    # a large die on the medium top of a tower of 3: (15 × 3 + 40 × 1) ‰ = 8.5 %
    assert dice[12]["risk"] == "8.5%" and dice[14]["risk"] == "1.5%"
    assert "Red L 3" in vm.caption and vm.rule == "place"
    assert json.loads(json.dumps(vm.to_json()))


def test_reroll_and_pass_are_enabled_only_as_the_engine_allows() -> None:
    state = table([[(0, 2)], [(8, 6)]])
    vm = view(state)
    reroll, passing = vm.control("reroll"), vm.control("pass")
    assert reroll.enabled and reroll.highlight and not passing.enabled
    assert passing.rule == "reroll" and passing.reason.startswith("Seat 1: with no placement")
    vm = view(table([[(0, 2)], [(8, 5)]]))
    assert not vm.control("reroll").enabled and vm.control("reroll").rule == "must-place"


def test_table_mode_offers_faces_off_stand_and_burst() -> None:
    state = GAME.initial_state({"players": 2, "mode": "table"})
    vm = view(state, Page(entering=True))
    assert [c.key for c in vm.controls] == [f"face-{v}" for v in range(1, 7)] + ["off"]
    assert all(c.enabled for c in vm.controls) and "Red S" in vm.caption
    risky = GAME.apply(table([[(0, 2)], [(8, 5)], [(1, 3)]], options={"mode": "table"}), Place(0, 8))
    vm = view(risky, Page(entering=True))
    # DT-8: after stood and burst, the source's rare cases: an earthquake, and the other seat bumping the table
    assert [c.key for c in vm.controls] == ["stand", "burst-8", "quake-8", "bump-1-8"] and vm.rule == "collapse"
    assert "nobody loses a die" in vm.control("quake-8").label and vm.control("bump-1-8").label.startswith("Seat 2 bumped the table")


def test_scores_last_move_and_status_in_both_languages() -> None:
    state = table([[(0, 2)], [(1, 4), (8, 5)]])
    after = GAME.apply(state, Place(0, 8))  # the last lone die: the round ends
    vm = view(after)
    assert vm.board["scores"]["rows"][0]["rounds"] == [6] and vm.board["scores"]["rows"][1]["rounds"] == [0]
    assert any("Round 1 scores: Red 6, Blue 0" in m.text for m in vm.messages)
    ja = view(after, lang="ja")
    assert "ラウンド" in ja.status and "Round" in vm.status
    assert WORDS.check() == []
    line = describe(state, Place(0, 8), after, Page(), "en")
    assert "Red S 2 onto Blue S 5 (height 3)" in line and "Round 1 over" in line


def test_the_outcome_table_lists_every_round() -> None:
    state = table([[(0, 5), (8, 2)], [(1, 3)]], turns=5, turn=1, round=2, start=1, scores=(10, 12), rounds=((10, 12),))
    over = GAME.apply(state, GAME.legal_actions(state)[0])
    html = outcome_html(GAME.outcome(over), GAME.observe(over, 0), Page(), "en")
    assert "rb-score-total" in html and "Seat 2 wins" in html and "<td>10</td>" in html


def test_rolling_dice_have_no_face_yet_and_watchers_cannot_tap() -> None:
    state = GAME.apply(GAME.initial_state({"players": 2}), Face(3))
    vm = view(state, Page(acting=False))
    dice = dice_of(vm)
    assert dice[0]["face"] == 3 and dice[1]["face"] == 0 and "being rolled" in dice[1]["title"]
    assert not vm.board["interactive"] and vm.controls == ()


def test_the_hint_lists_placements_with_collapse_chance_and_value() -> None:
    from widgets.views.dice_of_tower.report import hint_html

    state = table([[(0, 2)], [(6, 3)], [(8, 5)], [(14, 4)], [(11, 1), (1, 6), (12, 4)]], options={})
    html = hint_html(GAME.observe(state, 0), Page(acting=True), "en")
    assert html.count("<tr") == 1 + 3 and "rb-hint-best" in html
    assert "Red L 3 → Blue M 4" in html and "8.5%" in html
    assert hint_html(GAME.observe(state, 0), Page(acting=False), "en") == ""


def test_a_bump_asks_the_seat_that_bumped_to_remove_a_die() -> None:
    """DT-8: after `bump 1 9` the page asks Seat 2 (not the seat whose turn it is) for a die, and says why."""
    from rulebook.games.dice_of_tower.actions import Bump

    state = table([[(0, 2)], [(8, 5)], [(10, 3)], [(9, 6), (2, 1)]], options={"mode": "table", "height_risk": 0, "step_risk": 0, "reroll_risk": 0})
    state = GAME.apply(GAME.apply(GAME.apply(GAME.apply(state, Place(0, 8)), Bump(1, 9)), Face(4)), Face(5))
    assert GAME.current_player(state) == 1
    vm = view(state, Page(acting=True))
    assert vm.caption.startswith("Seat 2: You bumped the table") and vm.rule == "table-mode"
    assert any("Seat 2 bumped the table" in m.text for m in vm.messages)


def test_dt9_a_fall_that_may_leave_levels_standing_asks_how_many_in_a_second_step() -> None:
    """DT-9 (「崩れても2段以上残ったタワーはそのままの状態で継続」): the burst entry of a tower of three opens the
    question; its answers are the engine's `burst 8`, `burst 8 keep 1`, `burst 8 keep 2`, and a way back."""
    state = table([[(6, 2)], [(8, 5), (1, 2), (14, 5)], [(10, 3)]], options={**PERFECT, "mode": "table"})
    risky = GAME.apply(state, Place(6, 14))
    vm = view(risky, Page(entering=True))
    opener = vm.control("burst-8")
    assert opener.enabled and opener.action == "" and opener.label.endswith("…")  # a page-only step
    for lang in ("en", "ja"):
        vm = view(risky, Page(entering=True, falling="burst 8"), lang)
        assert [c.key for c in vm.controls] == ["keep-0", "keep-1", "keep-2", "fall-back"] and vm.rule == "collapse"
        assert [c.action for c in vm.controls] == ["burst 8", "burst 8 keep 1", "burst 8 keep 2", ""]
        assert all(c.enabled for c in vm.controls)
    vm = view(risky, Page(entering=True, falling="burst 8"))
    assert "3 high" in vm.caption and vm.control("keep-2").label == "2 levels stand" and vm.control("keep-1").label == "1 level stands"
    assert "3 段" in view(risky, Page(entering=True, falling="burst 8"), "ja").caption
    fell = GAME.apply(GAME.apply(risky, Burst(8, 2)), Face(3))
    assert any("2 levels still stand." in m.text for m in view(fell).messages)
    assert "2 levels still stand." in describe(risky, Burst(8, 2), fell, Page(), "en")
    assert "2 段は残っています" in describe(risky, Burst(8, 2), fell, Page(), "ja")


def test_dt9_a_stale_levels_question_falls_back_to_the_entries() -> None:
    """A fall chosen for a check that is over (or a lone die that can only fall whole) shows the plain entries."""
    risky = GAME.apply(table([[(0, 2)], [(8, 5)], [(1, 3)]], options={"mode": "table"}), Place(0, 8))
    vm = view(risky, Page(entering=True, falling="burst 8"))
    assert vm.control("burst-8").action == "burst 8" and vm.control("stand").enabled
