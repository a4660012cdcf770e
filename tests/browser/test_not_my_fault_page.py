"""Not My Fault! in a real browser: hot seat with the pass screen, whole games against bots, both versions.

Elements are found by their ``rb-*`` classes. The saved game (built on
request) is replayed by the engine to check what the page showed.
"""

from __future__ import annotations


import pytest
from tests.support.browser_helpers import stored_record, click_and_redraw, drawn, wait_redrawn

from rulebook.core import Match, get_game

pytestmark = pytest.mark.browser


def board(page) -> dict:
    return page.evaluate(
        "() => { const b = document.querySelector('.rb-board-nmf'); return b ? {mode: b.dataset.mode, ply: b.dataset.ply, phase: b.dataset.phase} : {}; }"
    )


def wait_ply_change(page, ply: str) -> None:
    page.wait_for_function(
        "ply => { const b = document.querySelector('.rb-board-nmf'); return b && b.dataset.ply !== ply; }", arg=ply
    )


def click_and_wait(page, selector: str) -> None:
    """Click, then wait for the move and for the whole page's redraw (a button of an older drawing is ignored)."""
    ply, version = board(page)["ply"], drawn(page)
    page.locator(selector).first.click()
    wait_ply_change(page, ply)
    wait_redrawn(page, version)


def saved_record(page) -> dict:
    """The page's table as the site stores it (the save file is sealed while the game runs)."""
    return stored_record(page)


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


def test_hot_seat_pass_screen_never_shows_the_first_seats_card(site, page) -> None:
    page.goto(site.page_url("not_my_fault.ipynb", seed=3, players=2, seats="human,human", lang="en"))
    page.wait_for_voila(".rb-pass-screen")
    who = page.inner_text(".rb-pass-title")
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-action-draw")
    click_and_wait(page, ".rb-action-draw")
    drawn = page.get_attribute(".rb-drawn-card", "data-value")
    assert drawn in [str(x) for x in range(7)]
    assert page.get_attribute(".rb-pile-card-0", "data-value") == drawn  # the drawer sees their own card
    page.save_screenshot("nmf-hotseat-drawn-1024")
    page.locator(".rb-num-legal.rb-num-5").click()
    page.wait_for_selector(".rb-pass-screen")
    assert page.inner_text(".rb-pass-title") != who  # the other person's turn
    assert page.locator(".rb-drawn-card").count() == 0
    page.save_screenshot("nmf-hotseat-pass-1024")
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-action-audit")
    # the second person sees a face-down card only, and no drawn card of anyone
    assert page.get_attribute(".rb-pile-card-0", "data-value") == ""
    assert "rb-facedown" in page.get_attribute(".rb-pile-card-0", "class")
    assert page.locator(".rb-drawn-card").count() == 0
    page.save_screenshot("nmf-hotseat-second-1024")
    click_and_wait(page, ".rb-action-audit")
    page.wait_for_selector(".rb-last")
    assert f"total {drawn}" in page.inner_text(".rb-last-text")  # revealed by the audit, for everyone
    record = saved_record(page)
    match = Match.from_record(record, get_game)
    assert match.state.last[4][0][1] == int(drawn)
    assert page.console_errors == [] and page.external_requests == []


def play_v2_to_the_end(page) -> int:
    moves = 0
    for _ in range(300):
        page.wait_for_selector(".rb-outcome-box, .rb-action-draw, .rb-num-legal")
        if visible(page, ".rb-outcome-box"):
            return moves
        if visible(page, ".rb-num-legal"):
            click_and_wait(page, ".rb-num-legal")  # the smallest legal number
        elif visible(page, ".rb-action-audit") and moves % 3 == 2:
            click_and_wait(page, ".rb-action-audit")
        else:
            click_and_wait(page, ".rb-action-draw")
        moves += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_ver2_against_bots_to_the_end(site, page, lang) -> None:
    page.goto(site.page_url("not_my_fault.ipynb", seed=21, players=3, seats="human,search,rules", lang=lang))
    page.wait_for_voila(".rb-board-nmf")
    click_and_redraw(page, ".rb-hint-toggle")
    page.wait_for_selector(".rb-hint-box", state="attached")
    page.save_screenshot(f"nmf-v2-{lang}-start-1024")
    moves = play_v2_to_the_end(page)
    assert moves >= 1
    summary = page.inner_text(".rb-outcome")
    record = saved_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "search", "rules"]
    assert match.game.outcome(match.state).summary(lang) in summary
    page.save_screenshot(f"nmf-v2-{lang}-end-1024")
    assert page.console_errors == [] and page.external_requests == []


def test_41_against_bots_to_the_end_on_a_phone(site, new_page) -> None:
    page = new_page(390, 844)
    page.goto(site.page_url("not_my_fault_41.ipynb", seed=8, players=3, seats="human,search,rules", lang="ja"))
    page.wait_for_voila(".rb-board-nmf")
    page.save_screenshot("nmf-41-ja-start-390")
    moves = 0
    for _ in range(300):
        page.wait_for_selector(".rb-outcome-box, .rb-hand-clickable, .rb-num-legal, .rb-action-audit")
        if visible(page, ".rb-outcome-box"):
            break
        if visible(page, ".rb-num-legal"):
            click_and_wait(page, ".rb-num-legal")
        elif visible(page, ".rb-hand-clickable .rb-hand-card") and not (visible(page, ".rb-action-audit") and moves % 2):
            click_and_wait(page, ".rb-hand-clickable .rb-hand-card")
        else:
            click_and_wait(page, ".rb-action-audit")
        moves += 1
        if moves == 3:
            page.save_screenshot("nmf-41-ja-midgame-390")
    assert visible(page, ".rb-outcome-box")
    record = saved_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and match.game.name == "not_my_fault_41"
    assert max(match.state.marks) == 3
    page.save_screenshot("nmf-41-ja-end-390")
    assert page.console_errors == [] and page.external_requests == []


def test_table_mode_enter_the_card_you_drew(site, page) -> None:
    page.goto(site.page_url("not_my_fault.ipynb", seed=1, players=2, seats="human,human", table=1, lang="en"))
    page.wait_for_voila(".rb-pass-screen")
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-first-0")
    click_and_wait(page, ".rb-first-0")
    if visible(page, ".rb-pass-screen"):
        click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-action-draw")
    click_and_wait(page, ".rb-action-draw")
    page.wait_for_selector(".rb-enter-card-4")
    page.save_screenshot("nmf-table-entry-1024")
    click_and_wait(page, ".rb-enter-card-4")
    assert page.get_attribute(".rb-drawn-card", "data-value") == "4"
    page.locator(".rb-num-legal.rb-num-5").click()
    page.wait_for_selector(".rb-pass-screen")
    record = saved_record(page)
    assert record["actions"] == ["first 0", "draw", "card 4", "declare 5"] and record["meta"]["table"] is True
    assert page.console_errors == []


@pytest.mark.parametrize(
    "name, width, height, lang",
    [("not_my_fault", 390, 844, "en"), ("not_my_fault_41", 1024, 768, "en"), ("not_my_fault_41", 390, 844, "en")],
)
def test_pages_fit_tablet_and_phone_with_the_odds_shown(site, new_page, name, width, height, lang) -> None:
    page = new_page(width=width, height=height)
    page.goto(site.page_url(f"{name}.ipynb", seed=5, players=4 if name == "not_my_fault_41" else 5, lang=lang))
    page.wait_for_voila(".rb-board-nmf")
    click_and_redraw(page, ".rb-hint-toggle")
    # play until the person has a declaration to judge: the hint then shows the exact odds
    for _ in range(20):
        if visible(page, ".rb-odds-value") or visible(page, ".rb-outcome-box"):
            break
        if visible(page, ".rb-num-legal"):
            click_and_wait(page, ".rb-num-legal")
        elif visible(page, ".rb-hand-clickable .rb-hand-card"):
            click_and_wait(page, ".rb-hand-clickable .rb-hand-card")
        else:
            click_and_wait(page, ".rb-action-draw")
        page.wait_for_timeout(300)
    assert visible(page, ".rb-odds-value")
    assert "%" in page.inner_text(".rb-odds-value")
    page.save_screenshot(f"nmf-{name}-{lang}-odds-{width}")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    assert page.console_errors == []


def test_taps_that_cannot_be_played_say_why_next_to_them(site, page) -> None:
    page.goto(site.page_url("not_my_fault.ipynb", seed=3, players=2, seats="human,human", lang="en"))
    page.wait_for_voila(".rb-pass-screen")
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-action-draw")
    page.locator(".rb-num-12").click()  # before drawing: the engine's reason, under the progress board
    reason = page.locator(".rb-track-box > .rb-tap-reason")
    reason.wait_for()
    assert "draw a card before declaring" in reason.inner_text() and reason.get_attribute("data-rule") == "trust"
    page.locator(".rb-discard").click()
    page.locator(".rb-stock > .rb-tap-reason").wait_for()
    assert "face up" in page.inner_text(".rb-stock > .rb-tap-reason")
    ply = board(page)["ply"]
    page.locator(".rb-deck-drawable").click()  # the deck is tapped to draw
    wait_ply_change(page, ply)
    page.wait_for_selector(".rb-drawn-card")
    page.locator(".rb-pile").click()  # the face-down pile is never taken
    page.locator(".rb-pile-box > .rb-tap-reason").wait_for()
    assert "stay hidden" in page.inner_text(".rb-pile-box > .rb-tap-reason")
    page.locator(".rb-drawn-card").click()  # the card drawn already lies on the pile: declare now
    page.locator(".rb-drawn > .rb-tap-reason").wait_for()
    assert "declare the total" in page.inner_text(".rb-drawn > .rb-tap-reason")
    page.locator(".rb-num-legal.rb-num-3").click()
    page.wait_for_selector(".rb-pass-screen")
    assert page.console_errors == [] and page.external_requests == []
