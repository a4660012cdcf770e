"""Dice of Tower in a real browser: whole games against bots by taps (JA on a tablet, EN on a phone),
a refused top explained, and table mode with real dice, a burst and a die that left the table.

Elements are found by their ``rb-*`` classes; what the page shows is checked
against the engine replaying the page's stored record.
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import drawn, stored_record, wait_redrawn

from rulebook.core import Match, get_game

pytestmark = pytest.mark.browser

BOARD = ".rb-board-dot"


def board(page) -> dict:
    return page.evaluate(
        "() => { const b = document.querySelector('.rb-board-dot'); return b ? {mode: b.dataset.mode, ply: b.dataset.ply, phase: b.dataset.phase} : {}; }"
    )


def wait_ply_change(page, ply: str, version: str) -> None:
    page.wait_for_function(
        "ply => { const b = document.querySelector('.rb-board-dot'); return b && b.dataset.ply !== ply; }", arg=ply, timeout=60_000
    )
    wait_redrawn(page, version)


def enabled(page, selector: str) -> bool:
    locator = page.locator(f"{selector}:not(.rb-disabled)")
    return locator.count() > 0


def play_to_the_end(page, shots: str, explain_once: bool = False) -> int:
    """Pick the first glowing die and put it on the first glowing top; else re-roll or pass; until the end."""
    moves = 0
    for _ in range(400):
        mode = board(page).get("mode")
        if mode == "over":
            return moves
        if mode != "decide":
            page.wait_for_timeout(150)
            continue
        ply, version = board(page)["ply"], drawn(page)
        if enabled(page, ".rb-reroll"):
            page.click(".rb-reroll")
        elif enabled(page, ".rb-pass"):
            page.click(".rb-pass")
        elif board(page)["phase"] == "lose":  # a burst while re-rolling: tap the die to give up
            page.locator(f"{BOARD} .rb-pickable").first.click()
        else:
            page.locator(f"{BOARD} .rb-pickable").first.click()
            page.wait_for_selector(f"{BOARD} .rb-target")  # a glowing die always has somewhere to go
            if not explain_once:
                wrong = page.locator(f"{BOARD} .rb-tower:not(.rb-tower-target) .rb-die:not(.rb-pickable)")
                if wrong.count():
                    wrong.last.click()
                    page.wait_for_selector(".rb-error-box[data-rule]")
                    assert page.get_attribute(".rb-error-box", "data-rule") in ("pick", "place", "opponent", "faces", "size")
                    page.save_screenshot(f"{shots}-refused")
                    explain_once = True
            page.locator(f"{BOARD} .rb-target").first.click()
        wait_ply_change(page, ply, version)
        moves += 1
        if moves == 3:
            page.save_screenshot(f"{shots}-play")
    raise AssertionError("the game did not end within 400 moves")


def check_the_end(page, lang: str, seats: list[str]) -> None:
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == seats
    outcome = match.game.outcome(match.state)
    summary = page.inner_text(".rb-outcome")
    assert outcome.summary(lang) in summary
    assert ("ゲーム終了" if lang == "ja" else "Game over") in summary
    totals = page.locator(".rb-outcome .rb-score-total").all_inner_texts()
    assert [int(t) for t in totals] == list(match.state.scores)
    assert page.console_errors == [] and page.external_requests == []


def test_a_whole_game_against_the_rules_bot_on_a_tablet_in_japanese(site, page) -> None:
    page.goto(site.page_url("dice_of_tower.ipynb", seed=5, players=2, seats="human,rules", lang="ja"))
    page.wait_for_voila(BOARD)
    play_to_the_end(page, "dice_of_tower-ja-1024")
    page.save_screenshot("dice_of_tower-ja-end-1024")
    check_the_end(page, "ja", ["human", "rules"])


def test_a_whole_game_on_a_phone_in_english_against_the_search_bot(site, new_page) -> None:
    page = new_page(width=390, height=844)
    page.goto(site.page_url("dice_of_tower.ipynb", seed=9, players=2, seats="human,search", lang="en"))
    page.wait_for_voila(BOARD)
    play_to_the_end(page, "dice_of_tower-en-390", explain_once=False)
    page.save_screenshot("dice_of_tower-en-end-390")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    check_the_end(page, "en", ["human", "search"])


def test_table_mode_real_dice_a_burst_and_a_die_off_the_table(site, page) -> None:
    page.goto(site.page_url("dice_of_tower.ipynb", seed=1, players=2, mode="table", table=1, seats="human,human", lang="en"))
    page.wait_for_voila(BOARD)
    faces = [2, 3, 6, 4, 1, 6, 5, 6, 5, 6, 6, 3, 6, 2, 1]
    for face in faces:
        ply, version = board(page)["ply"], drawn(page)
        page.click(f"{BOARD} .rb-face-{face}")
        wait_ply_change(page, ply, version)
    ply, version = board(page)["ply"], drawn(page)
    page.click(f"{BOARD} .rb-off")  # die 15 rolled off the table
    wait_ply_change(page, ply, version)
    assert board(page)["mode"] == "decide"
    ply, version = board(page)["ply"], drawn(page)
    page.click(f"{BOARD} .rb-die-0")
    page.wait_for_selector(f"{BOARD} .rb-die-8.rb-target")
    page.click(f"{BOARD} .rb-die-8")
    wait_ply_change(page, ply, version)
    assert board(page)["mode"] == "entry"
    ply, version = board(page)["ply"], drawn(page)
    page.click(f"{BOARD} .rb-burst-8")
    wait_ply_change(page, ply, version)
    ply, version = board(page)["ply"], drawn(page)
    page.click(f"{BOARD} .rb-face-4")  # the fallen die 8 shows 4 now
    wait_ply_change(page, ply, version)
    record = stored_record(page)
    assert record["actions"][-4:] == ["off", "place 0 on 8", "burst 8", "face 4"] and record["meta"]["table"] is True
    match = Match.from_record(record, get_game)
    assert match.state.removed[0] and match.state.removed[15] and match.state.faces[8] == 4
    assert "Burst!" in page.inner_text(f"{BOARD} .rb-messages")
    assert page.console_errors == []


def test_table_mode_a_tower_that_partly_stands_on_a_phone(site, new_page) -> None:
    """DT-9 at a real table, on a 390 px phone: the earthquake entry of the tower just built asks how many levels
    still stand; "1 level stands" leaves die 8 as it was and only the placed die 0 is entered again."""
    page = new_page(width=390, height=844)
    page.goto(site.page_url("dice_of_tower.ipynb", seed=1, players=2, mode="table", table=1, seats="human,human", lang="en"))
    page.wait_for_voila(BOARD)
    for face in [2, 3, 6, 4, 1, 6, 5, 6, 5, 6, 6, 3, 6, 2, 1, 4]:
        ply, version = board(page)["ply"], drawn(page)
        page.click(f"{BOARD} .rb-face-{face}")
        wait_ply_change(page, ply, version)
    ply, version = board(page)["ply"], drawn(page)
    page.click(f"{BOARD} .rb-die-0")
    page.wait_for_selector(f"{BOARD} .rb-die-8.rb-target")
    page.click(f"{BOARD} .rb-die-8")
    wait_ply_change(page, ply, version)
    assert board(page)["mode"] == "entry"
    version = drawn(page)
    page.click(f"{BOARD} .rb-quake-8")  # a page-only step: no move yet
    wait_redrawn(page, version)
    page.wait_for_selector(f"{BOARD} .rb-keep-1")
    assert "how many levels" in page.inner_text(f"{BOARD} .rb-caption")
    for key in ("keep-0", "keep-1", "fall-back"):
        box = page.locator(f"{BOARD} .rb-{key}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 40, (key, box)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.save_screenshot("dice_of_tower-en-levels-390")
    ply, version = board(page)["ply"], drawn(page)
    page.click(f"{BOARD} .rb-keep-1")
    wait_ply_change(page, ply, version)
    ply, version = board(page)["ply"], drawn(page)
    page.click(f"{BOARD} .rb-face-3")  # the placed die 0 fell and shows 3
    wait_ply_change(page, ply, version)
    record = stored_record(page)
    assert record["actions"][-3:] == ["place 0 on 8", "quake 8 keep 1", "face 3"]
    match = Match.from_record(record, get_game)
    assert (8,) in match.state.towers and (0,) in match.state.towers and match.state.faces[8] == 5 and not any(match.state.removed)
    assert "1 level still stands" in page.inner_text(f"{BOARD} .rb-messages")
    assert page.console_errors == []
