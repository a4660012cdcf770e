"""A lesson ends in an ordinary game, in a real browser (issue 19 A): a dice game and a card game.

The page is opened on a lesson table already at its last step (made in the
site's store from the lesson's script, as a reload of ``?learn=1`` would
find it), so the test spends its time on what happens after the lesson.
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import drawn

from rulebook.core import get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.tables.session import TableSession
from rulebook.tables.store import LESSON

pytestmark = pytest.mark.browser


def open_finished_lesson(site, new_page, name: str, size: tuple[int, int] = (390, 844)):
    game = get_game(name)
    lesson = load_lesson(game)
    match = lesson_match(lesson, game, len(lesson.steps))
    session = TableSession.from_match(site.store(), match, seed_chosen=True, label="lesson", origin=LESSON)
    page = new_page(*size)
    keys = ".".join(session.page_keys())
    page.goto(site.page_url(f"{name}.ipynb", t=session.table_id, k=keys, learn=1, lang="en"))
    page.wait_for_voila(".rb-lesson[data-done='1']")
    return page


def wait_lesson_gone(page) -> None:
    page.wait_for_selector(".rb-lesson", state="detached", timeout=60_000)
    page.wait_for_function("() => !/lesson|table mode/i.test(document.querySelector('.rb-status').innerText)", timeout=30_000)


@pytest.mark.parametrize("name, words", [("dice_of_tower", "rolls the dice"), ("national_economy", "shuffles and deals")])
def test_play_on_from_the_end_of_a_lesson_is_an_ordinary_game(site, new_page, name, words):
    page = open_finished_lesson(site, new_page, name)
    text = page.inner_text(".rb-lesson")
    assert words in text and "you enter" not in text
    if name == "national_economy":
        assert "dice" not in text.lower()
    page.locator(".rb-lesson-play-on").click()
    wait_lesson_gone(page)
    page.save_screenshot(f"lesson-end-play-on-{name}")
    body = page.inner_text("body")
    assert "Pass the tablet" not in body and "real card" not in body and "learn=1" not in page.url
    assert page.locator(".rb-pass-screen:visible").count() == 0
    status = page.inner_text(".rb-status")
    assert "lesson" not in status.lower() and "table mode" not in status.lower()
    # the new-game form: table mode worded for the game, off
    page.locator(".rb-newgame-toggle").click()
    switch = page.locator(".rb-newgame .rb-table")
    page.wait_for_selector(".rb-newgame", state="visible", timeout=30_000)
    if name == "dice_of_tower":
        assert "dice" in switch.inner_text() and not switch.locator("input").is_checked()
    else:
        assert switch.count() == 0 or not switch.is_visible()  # National Economy has no table mode
    assert not page.console_errors, page.console_errors


def test_a_new_game_after_the_lesson_has_the_usual_set_up(site, new_page):
    page = open_finished_lesson(site, new_page, "lemon_poker", (1024, 768))
    before = drawn(page)
    page.locator(".rb-lesson-new-game").click()
    wait_lesson_gone(page)
    page.wait_for_function("v => document.querySelector('.rb-drawn [data-version]').dataset.version !== v", arg=before)
    status = page.inner_text(".rb-status")
    assert "of 10" in status and "lesson" not in status.lower(), status
    page.locator(".rb-newgame-toggle").click()
    switch = page.locator(".rb-newgame .rb-table")
    switch.wait_for(state="visible", timeout=30_000)
    page.save_screenshot("lesson-end-new-game-form")
    assert "cards" in switch.inner_text() and "dice" not in switch.inner_text()
    assert not switch.locator("input").is_checked()
    assert not page.console_errors, page.console_errors
