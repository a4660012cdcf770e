"""Lemon Poker in a real browser: sessions to the end against the odds bot (tablet and phone), hot seat, refusals.

Elements are found by their ``rb-*`` classes. The saved game (built on
request) is replayed by the engine to check what the page showed.
"""

from __future__ import annotations

import pytest
from browser_helpers import click_and_redraw, drawn, stored_record, wait_redrawn

from rulebook.core import Match, get_game

pytestmark = pytest.mark.browser

PLAYABLE = ".rb-outcome-box, .rb-sorted, .rb-place-playable, .rb-bet-playable"


def ply(page) -> str:
    return page.evaluate("() => { const b = document.querySelector('.rb-board-lp'); return b ? b.dataset.ply : ''; }")


def click_and_wait(page, selector: str) -> None:
    """Click, then wait for the move and for the whole page's redraw."""
    before, version = ply(page), drawn(page)
    page.locator(selector).first.click()
    page.wait_for_function(
        "p => { const b = document.querySelector('.rb-board-lp'); return b && b.dataset.ply !== p; }", arg=before, timeout=60_000
    )
    wait_redrawn(page, version)


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


def play_to_the_end(page, shots: str) -> int:
    moves = 0
    for _ in range(120):
        page.wait_for_selector(PLAYABLE, timeout=60_000)
        if visible(page, ".rb-outcome-box"):
            return moves
        if visible(page, ".rb-sorted"):
            click_and_wait(page, ".rb-sorted")
        elif visible(page, ".rb-bet-playable"):
            if shots:
                assert "%" in page.inner_text(".rb-odds-value")  # the child's exact odds in the hint
                page.save_screenshot(f"{shots}-bet")
            click_and_wait(page, ".rb-bet-1-2.rb-bet-playable, .rb-bet-0-2.rb-bet-playable")
        else:
            if shots and moves == 2:
                page.save_screenshot(f"{shots}-dealer")
            click_and_wait(page, ".rb-place-playable")
        moves += 1
    raise AssertionError("the session did not end")


@pytest.mark.parametrize("lang, width, height", [("en", 1024, 768), ("ja", 1024, 768), ("ja", 390, 844), ("en", 390, 844)])
def test_a_session_against_the_bot_to_the_end(site, new_page, lang, width, height) -> None:
    page = new_page(width, height)
    page.goto(site.page_url("lemon_poker.ipynb", seed=4, hands=2, seats="human,odds", lang=lang))
    page.wait_for_voila(".rb-board-lp")
    click_and_redraw(page, ".rb-hint-toggle")
    page.save_screenshot(f"lp-{lang}-start-{width}")
    moves = play_to_the_end(page, f"lp-{lang}-{width}")
    assert moves >= 6
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "odds"]
    assert match.game.outcome(match.state).summary(lang) in page.inner_text(".rb-outcome")
    assert sum(match.state.chips) == 40
    page.save_screenshot(f"lp-{lang}-end-{width}")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    assert page.console_errors == [] and page.external_requests == []


def test_hot_seat_the_child_never_sees_the_dealers_cards(site, page) -> None:
    page.goto(site.page_url("lemon_poker.ipynb", seed=6, hands=2, seats="human,human", lang="en"))
    page.wait_for_voila(".rb-pass-screen")
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-sorted")
    dealer_cards = page.evaluate("() => [...document.querySelectorAll('.rb-place')].map(p => p.dataset.card)")
    assert all(dealer_cards) and len(dealer_cards) == 10  # the dealer sees all ten
    click_and_wait(page, ".rb-sorted")
    for _ in range(3):
        click_and_wait(page, ".rb-place-playable")
    page.locator(".rb-place-playable").first.click()  # the last reveal: the child's move comes up behind the pass screen
    page.wait_for_selector(".rb-pass-screen")
    assert page.locator(".rb-place").count() == 0 or not visible(page, ".rb-place")
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-place-playable")
    seen = page.evaluate("() => [...document.querySelectorAll('.rb-place')].map(p => p.dataset.card)")
    assert sum(1 for c in seen if c) == 4 and set(c for c in seen if c) <= set(dealer_cards)
    page.save_screenshot("lp-hotseat-child-1024")
    assert page.console_errors == [] and page.external_requests == []


def test_taps_that_cannot_be_played_say_why_next_to_them(site, page) -> None:
    page.goto(site.page_url("lemon_poker.ipynb", seed=3, hands=2, seats="human,odds", lang="en"))
    page.wait_for_voila(".rb-sorted")
    page.locator(".rb-place-0-0").click()  # still sorting: the engine's reason, under the group
    reason = page.locator(".rb-group-0 > .rb-tap-reason")
    reason.wait_for()
    assert "No card is turned up now" in reason.inner_text() and reason.get_attribute("data-rule") == "sort"
    page.locator(".rb-community-cards").click()
    page.locator(".rb-community > .rb-tap-reason").wait_for()
    assert "both groups" in page.inner_text(".rb-community > .rb-tap-reason")
    click_and_wait(page, ".rb-sorted")
    click_and_wait(page, ".rb-place-0-0")
    click_and_wait(page, ".rb-place-0-1")
    page.locator(".rb-place-0-2").click()  # a third card of group 1
    page.wait_for_selector(".rb-group-0 > .rb-tap-reason")
    assert "already shows two cards" in page.inner_text(".rb-group-0 > .rb-tap-reason")
    assert page.console_errors == [] and page.external_requests == []
