"""Lemon Poker in a real browser: sessions to the end against the odds bot (tablet and phone), hot seat, refusals.

Elements are found by their ``rb-*`` classes. The saved game (built on
request) is replayed by the engine to check what the page showed.
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import MEASURE_LABELS, click_and_redraw, drawn, stored_record, wait_redrawn

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


# ----- table mode: a real deck ------------------------------------------------------------------------------------
REAL_DEALS = ["Ah 7c 2c 9c 9d Jh Qs 3h 5s 8d Td Kh".split(), "Kd 4s 6h 6c Jd 2s Ac 3d 8h Qc 7s 5d".split()]


def type_in(page, cards) -> None:
    for card in cards:
        click_and_redraw(page, f".rb-entry-card-{card}")


@pytest.mark.parametrize("width, height", [(1024, 768), (390, 844)])
def test_table_mode_the_dealer_types_the_real_deal_and_the_page_plays_it(site, new_page, width, height) -> None:
    page = new_page(width, height)
    page.goto(site.page_url("lemon_poker.ipynb", hands=2, seats="human,human", table=1, lang="en"))
    page.wait_for_voila(".rb-pass-screen")  # two people, one tablet: Seat 1 (the first dealer) takes it
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-entry-grid")
    assert page.locator(".rb-entry-card").count() == 52 and page.locator(".rb-entry-slot").count() == 12
    first = REAL_DEALS[0]
    type_in(page, first[:3])
    page.locator(f".rb-entry-card-{first[0]}").click()  # typed already: the reason, next to the grid
    reason = page.locator(".rb-entry > .rb-tap-reason")
    reason.wait_for()
    assert "typed in already" in reason.inner_text() and reason.get_attribute("data-rule") == "deal"
    click_and_redraw(page, ".rb-entry-back")
    assert page.locator(".rb-entry-slot-2").get_attribute("data-card") == ""
    type_in(page, first[2:])
    page.save_screenshot(f"lp-table-typed-{width}")
    assert page.evaluate(MEASURE_LABELS) == {"small": [], "truncated": []}  # the grid reads at phone width too
    click_and_redraw(page, ".rb-entry-confirm")
    page.wait_for_selector(".rb-sorted")
    community = page.evaluate("() => [...document.querySelectorAll('.rb-community-card')].map(c => c.dataset.card)")
    assert community == first[:2]
    places = page.evaluate("() => [...document.querySelectorAll('.rb-place')].map(p => p.dataset.card)")
    assert sorted(places[:5]) == sorted(first[2:7]) and sorted(places[5:]) == sorted(first[7:])
    click_and_wait(page, ".rb-sorted")
    for _ in range(3):
        click_and_wait(page, ".rb-place-playable")
    page.locator(".rb-place-playable").first.click()  # the child's move comes up behind the pass screen
    page.wait_for_selector(".rb-pass-screen")
    click_and_redraw(page, ".rb-reveal")
    click_and_redraw(page, ".rb-hint-toggle")  # the child's exact odds, from the typed cards that are face up
    assert "%" in page.inner_text(".rb-odds-value")
    click_and_wait(page, ".rb-place-playable")
    assert "%" in page.inner_text(".rb-odds-value")  # and again at the bet
    click_and_wait(page, ".rb-bet-0-1.rb-bet-playable")
    # hand 2: the child of hand 1 deals and holds the tablet already: the grid, no pass screen
    page.wait_for_selector(".rb-entry-grid")
    type_in(page, REAL_DEALS[1])
    click_and_redraw(page, ".rb-entry-confirm")
    page.wait_for_selector(".rb-sorted")
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.table and record["meta"]["table"] is True
    deals = [str(a).split()[1] for a in record["actions"] if str(a).startswith("deal ")]
    assert deals == first + REAL_DEALS[1]
    assert match.state.last.child_gain in (-1, 0, 1) and sum(match.state.chips) == 40
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    assert page.console_errors == [] and page.external_requests == []
