"""Puniu Dice in a real browser: a whole game against a bot by clicks, table mode, tablet and phone.

Every element is found by its ``rb-*`` class; what the page shows is checked
against the engine replaying the page's own saved record.
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import wait_stored

from rulebook.core import Match, get_game
from rulebook.games.puniu import final_score

pytestmark = pytest.mark.browser

SEED = 31


def board(page) -> dict:
    return page.evaluate(
        "() => { const b = document.querySelector('.rb-board-puniu'); return b ? {mode: b.dataset.mode, ply: b.dataset.ply} : {}; }"
    )


def wait_ply_change(page, ply: str) -> None:
    page.wait_for_function(
        "ply => { const b = document.querySelector('.rb-board-puniu'); return b && b.dataset.ply !== ply; }", arg=ply
    )


def wait_mode(page, *modes: str) -> None:
    page.wait_for_function(
        "modes => { const b = document.querySelector('.rb-board-puniu'); return b && modes.includes(b.dataset.mode); }",
        arg=list(modes),
    )


def wait_record(page, done, timeout_s: float = 30.0) -> dict:
    """The page's table as the site stores it, once ``done(record)`` holds."""
    return wait_stored(page, done, timeout_s)


def play_human_turn(page, turn: int) -> None:
    """Roll; on even turns hold the first two dice and re-roll the rest once; then the first open category."""
    page.click(".rb-roll")
    wait_mode(page, "decide")
    if turn % 2 == 0:
        page.click(".rb-die-0")
        page.wait_for_selector(".rb-die-0.rb-held")
        page.click(".rb-die-1")
        page.wait_for_selector(".rb-die-1.rb-held")
        ply = board(page)["ply"]
        page.click(".rb-reroll")
        wait_ply_change(page, ply)
        wait_mode(page, "decide")
        assert "1" in page.inner_text(".rb-reroll")
    ply = board(page)["ply"]
    page.locator(".rb-category:not(.rb-disabled)").first.click()
    wait_ply_change(page, ply)
    wait_mode(page, "roll", "over")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_whole_game_against_the_bot_by_clicks(site, page, lang) -> None:
    page.goto(site.page_url("puniu.ipynb", seed=SEED, players=2, lang=lang))
    page.wait_for_voila(".rb-roll")
    page.wait_for_voila(".rb-sheet-cell-1-6s")  # the board is an anywidget: its module may come after the Roll button
    assert page.locator(".rb-sheet-cell-1-6s").count() == 1
    for turn in range(8):
        play_human_turn(page, turn)
        if turn == 0:
            page.save_screenshot(f"puniu-{lang}-after-turn1-1024")
    wait_mode(page, "over")
    record = wait_record(page, lambda r: Match.from_record(r, get_game).is_over())
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "hint"]
    outcome = match.state.result
    for seat in range(2):
        assert page.inner_text(f".rb-final-{seat}") == str(outcome.scores[seat])
        assert outcome.scores[seat] == final_score(match.state.sheets[seat].entries)
        for k in outcome.get("cancelled")[seat]:
            category = ["6s", "5s", "4s", "3s", "2s", "1s", "chance", "kind"][k]
            assert "rb-struck" in page.get_attribute(f".rb-sheet-cell-{seat}-{category}", "class")
    summary = page.inner_text(".rb-outcome")
    assert outcome.summary(lang) in summary
    assert ("ゲーム終了" if lang == "ja" else "Game over") in summary
    page.save_screenshot(f"puniu-{lang}-end-1024")
    assert page.console_errors == [] and page.external_requests == []


def test_table_mode_enters_real_dice_and_only_rerolled_ones(site, page) -> None:
    page.goto(site.page_url("puniu.ipynb", seed=1, table=1, lang="en"))
    page.wait_for_voila(".rb-entry-text")
    wait_mode(page, "entry")
    page.fill(".rb-entry-text input", "55542")
    page.press(".rb-entry-text input", "Enter")
    page.click(".rb-entry-confirm")
    wait_mode(page, "decide")
    for k in range(3):
        page.click(f".rb-die-{k}")
        page.wait_for_selector(f".rb-die-{k}.rb-held")
    page.click(".rb-reroll")
    wait_mode(page, "entry")
    assert page.locator(".rb-die-entry").count() == 2
    page.click(".rb-die-3")  # tap steps the pips: 1
    page.click(".rb-die-3")  # 2
    page.wait_for_function("() => document.querySelectorAll('.rb-die-3 .rb-pip').length === 2")
    page.click(".rb-die-4")
    page.wait_for_function("() => document.querySelectorAll('.rb-die-4 .rb-pip').length === 1")
    page.click(".rb-entry-confirm")
    wait_mode(page, "decide")
    ply = board(page)["ply"]
    page.click(".rb-category-5s")
    wait_ply_change(page, ply)
    record = wait_record(page, lambda r: r["actions"][-1] == "score 5s")
    assert record["actions"][-1] == "score 5s" and record["meta"]["table"] is True
    match = Match.from_record(record, get_game)
    assert match.state.sheets[0].entries[1] == (15, 3)  # 5 5 5 2 1
    assert page.inner_text(".rb-sheet-cell-0-5s").startswith("15")
    assert page.console_errors == []


def test_an_illegal_click_names_its_rule(site, page) -> None:
    page.goto(site.page_url("puniu.ipynb", seed=2, lang="en"))
    page.wait_for_voila(".rb-roll")
    page.click(".rb-roll")
    wait_mode(page, "decide")
    ply = board(page)["ply"]
    page.click(".rb-category-6s")
    wait_ply_change(page, ply)
    page.click(".rb-roll")
    wait_mode(page, "decide")
    page.click(".rb-sheet-cell-0-5s")  # clickable cells write too
    page.wait_for_function("() => !document.querySelector('.rb-sheet-cell-0-5s').classList.contains('rb-sheet-empty')")
    page.click(".rb-roll")
    wait_mode(page, "decide")
    for k in range(5):
        page.click(f".rb-die-{k}")
        page.wait_for_selector(f".rb-die-{k}.rb-held")
    assert page.locator(".rb-reroll").is_disabled()
    reason = "Release at least one die to re-roll (to keep all five, choose a category)."  # the engine's words
    assert page.get_attribute(".rb-reroll", "title") == reason
    page.locator(".rb-reroll").click(force=True)  # a disabled control still answers a tap, next to it
    shown = page.wait_for_selector(".rb-puniu-bar .rb-tap-reason")
    assert shown.inner_text() == reason and shown.get_attribute("data-rule") == "reroll"
    page.locator(".rb-category-6s").click(force=True)  # used in the first turn
    shown = page.wait_for_selector(".rb-categories .rb-tap-reason")
    assert "already filled in" in shown.inner_text() and shown.get_attribute("data-rule") == "choose"
    page.click(".rb-die-0")  # release one: re-roll it twice, then a hold is refused
    page.wait_for_selector(".rb-die-0:not(.rb-held)")
    for left in ("1", "0"):
        ply = board(page)["ply"]
        page.click(".rb-reroll")
        wait_ply_change(page, ply)
        page.wait_for_function("left => document.querySelector('.rb-reroll').textContent.includes(left)", arg=left)
    page.click(".rb-die-0")
    error = page.wait_for_selector(".rb-error-box")
    assert error.get_attribute("data-rule") == "reroll"
    assert "re-roll" in error.inner_text().lower()
    page.wait_for_selector(".rb-rule-highlight[data-rule='reroll']", state="attached")
    page.click(".rb-hint-toggle")
    page.wait_for_selector(".rb-hint-categories")
    page.wait_for_selector(".rb-category .rb-hint-value")
    page.save_screenshot("puniu-hint-1024")
    assert page.console_errors == []


@pytest.mark.parametrize("width,height,name", [(1024, 768, "tablet"), (390, 844, "phone")])
def test_tablet_and_phone_layouts(site, new_page, width, height, name) -> None:
    page = new_page(width=width, height=height)
    page.goto(site.page_url("puniu.ipynb", seed=5, players=3, lang="ja"))
    page.wait_for_voila(".rb-roll")
    page.click(".rb-roll")
    wait_mode(page, "decide")
    page.click(".rb-die-1")
    page.wait_for_selector(".rb-die-1.rb-held")
    for k in range(5):
        box = page.locator(f".rb-die-{k}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    box = page.locator(".rb-category-kind").bounding_box()
    assert box and box["x"] + box["width"] <= width + 1
    sheet = page.locator(".rb-sheet").bounding_box()
    assert sheet and sheet["width"] <= width
    page.save_screenshot(f"puniu-{name}", full_page=False)
    page.locator(".rb-sheet").scroll_into_view_if_needed()
    page.save_screenshot(f"puniu-{name}-sheet", full_page=False)
    assert page.console_errors == []
