"""指輪を落とさないで in a real browser: one person against two bots to the end (JA on a tablet,
EN on a phone), an illegal card explained, and table mode with real dice.

Elements are found by their ``rb-*`` classes. The saved game (built on
request) is replayed by the engine to check what the page showed.
"""

from __future__ import annotations

import re

import pytest
from tests.support.browser_helpers import stored_record, click_and_redraw, drawn, wait_redrawn

from rulebook.core import Match, get_game

pytestmark = pytest.mark.browser

BOARD = ".rb-board-ring"


def board(page) -> dict:
    return page.evaluate(
        "() => { const b = document.querySelector('.rb-board-ring'); return b ? {mode: b.dataset.mode, ply: b.dataset.ply, phase: b.dataset.phase} : {}; }"
    )


def wait_ply_change(page, ply: str, version: str | None = None) -> None:
    page.wait_for_function(
        "ply => { const b = document.querySelector('.rb-board-ring'); return b && b.dataset.ply !== ply; }", arg=ply, timeout=60_000
    )
    if version is not None:  # and the rest of the page (action bar, log) is drawn too
        wait_redrawn(page, version)


def click_and_wait(page, selector: str) -> None:
    # the board is an anywidget whose module can come after the Roll button (a loaded machine): wait for it
    page.wait_for_selector(".rb-board-ring[data-ply]", state="attached")
    ply, version = board(page)["ply"], drawn(page)
    page.locator(selector).first.click()
    wait_ply_change(page, ply, version)


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


SMALL_LABELS = """() => {
  const root = document.querySelector('.rb-board-ring');
  const small = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || el.closest('title') || !el.getClientRects().length) continue;
    const text = el.closest('text');
    const size = text ? parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a : parseFloat(getComputedStyle(el).fontSize);
    if (size < 11.95) small.push([node.textContent.trim(), Math.round(size * 10) / 10]);
  }
  for (const el of root.querySelectorAll('*')) {
    const after = getComputedStyle(el, '::after');
    if (after.content && !['none', 'normal'].includes(after.content) && parseFloat(after.fontSize) < 11.95) small.push([after.content, after.fontSize]);
  }
  return small;
}"""


def small_labels(page) -> list:
    """Every text on the board drawn smaller than 12 px as shown (SVG text scaled by its drawing)."""
    return page.evaluate(SMALL_LABELS)


def saved_record(page) -> dict:
    """The page's table as the site stores it (the save file is sealed while the game runs)."""
    return stored_record(page)


def play_to_the_end(page, shots: str, explain_once: bool = False) -> int:
    """Roll, take the first die offered, discard / play the first legal card, until the game is over."""
    clicks = 0
    explained = not explain_once
    for _ in range(200):
        mode = board(page).get("mode")
        if mode == "over":
            return clicks
        if visible(page, ".rb-roll"):
            click_and_wait(page, ".rb-roll")
        elif mode == "draft":
            click_and_wait(page, ".rb-pool-active")
        elif mode in ("discard", "play"):
            if not explained and mode == "play" and page.locator(".rb-hand .rb-card-illegal").count():
                page.locator(".rb-hand .rb-card-illegal").first.click()
                # the reason shows next to the card at once (no scrolling to the error box below the fold) ...
                reason = page.locator(".rb-hand-box > .rb-tap-reason")
                reason.wait_for()
                assert reason.get_attribute("data-rule") in ("follow", "coin")
                assert ("must follow" in reason.inner_text()) or ("may not lead a Coin" in reason.inner_text())
                assert reason.evaluate("n => { const r = n.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }")
                # ... and the page's error box cites the same rule
                page.wait_for_selector(".rb-error-box[data-rule]")
                rule = page.get_attribute(".rb-error-box", "data-rule")
                assert rule in ("follow", "coin"), rule
                text = page.inner_text(".rb-error-box")
                assert ("must follow" in text) or ("may not lead a Coin" in text)
                page.save_screenshot(f"{shots}-illegal-card")
                explained = True
            click_and_wait(page, ".rb-hand .rb-card-legal")
        else:
            page.wait_for_timeout(200)
            continue
        clicks += 1
        if clicks == 6:
            page.save_screenshot(f"{shots}-trick")
            assert small_labels(page) == []
    raise AssertionError("the game did not end within 200 moves")


def check_the_end(page, lang: str) -> None:
    record = saved_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "search", "search"]
    outcome = match.game.outcome(match.state)
    summary = page.inner_text(".rb-outcome")
    assert outcome.summary(lang) in summary
    assert ("ゲーム終了" if lang == "ja" else "Game over") in summary
    for k in outcome.winners:
        assert "rb-seat-winner" in page.get_attribute(f".rb-seat-{k}", "class")
    rings = [max(0, r) for r in match.state.rings]
    assert list(outcome.scores) == rings


def test_a_whole_game_against_two_bots_on_a_tablet_in_japanese(site, page) -> None:
    page.goto(site.page_url("ring.ipynb", seed=5, players=3, lang="ja"))
    page.wait_for_voila(".rb-roll")
    page.wait_for_voila(".rb-seat-row")  # the board is an anywidget: its module may come after the Roll button
    assert page.locator(".rb-seat-row").count() == 3
    assert page.locator(".rb-hand .rb-card").count() == 6
    page.save_screenshot("ring-ja-start-1024")
    assert small_labels(page) == []
    play_to_the_end(page, "ring-ja-1024")
    page.save_screenshot("ring-ja-end-1024")
    check_the_end(page, "ja")
    assert page.console_errors == [] and page.external_requests == []


def test_a_whole_game_on_a_phone_in_english_with_an_illegal_card_explained(site, new_page) -> None:
    page = new_page(width=390, height=844)
    page.goto(site.page_url("ring.ipynb", seed=8, players=3, lang="en"))
    page.wait_for_voila(".rb-roll")
    play_to_the_end(page, "ring-en-390", explain_once=True)
    page.save_screenshot("ring-en-end-390")
    assert small_labels(page) == []
    check_the_end(page, "en")
    width = page.evaluate("() => document.querySelector('.rb-board-ring').scrollWidth")
    assert width <= 390
    assert page.console_errors == [] and page.external_requests == []


def test_table_mode_real_dice_and_cards_on_the_tablet(site, page) -> None:
    page.goto(site.page_url("ring.ipynb", seed=2, players=3, table=1, seats="human,rules,rules", lang="en"))
    page.wait_for_voila(".rb-deal")
    click_and_wait(page, ".rb-deal")
    assert board(page)["mode"] == "entry"
    assert page.locator(".rb-hand .rb-card").count() == 6
    ply = board(page)["ply"]
    page.click(".rb-entry-die-0")
    page.wait_for_function("() => document.querySelectorAll('.rb-entry-die-0 .rb-pip').length === 1")
    page.fill(".rb-entry-text input", "1365")
    page.press(".rb-entry-text input", "Enter")
    page.wait_for_function("() => document.querySelectorAll('.rb-entry-die-3 .rb-pip').length === 5")
    page.click(".rb-entry-confirm")
    wait_ply_change(page, ply)
    page.wait_for_selector(".rb-pool-active")
    pool = sorted(int(re.search(r"rb-take-(\d)", c).group(1)) for c in page.locator(".rb-pool-die").evaluate_all("ns => ns.map(n => n.getAttribute('class'))"))
    assert len(pool) == 2 and set(pool) <= {1, 3, 5, 6}
    page.save_screenshot("ring-table-draft-1024")
    page.click(".rb-hand .rb-card")  # a card during the draft: the reason shows next to the hand
    reason = page.locator(".rb-hand-box > .rb-tap-reason")
    reason.wait_for()
    assert "Take a die first" in reason.inner_text() and reason.get_attribute("data-rule") == "draft"
    record = saved_record(page)
    assert record["meta"]["table"] is True
    assert [a for a in record["actions"] if a.startswith("roll")] == ["roll 1", "roll 3", "roll 6", "roll 5"]
    assert page.console_errors == []


def test_hot_seat_pass_screens_show_one_hand_at_a_time(site, page) -> None:
    page.goto(site.page_url("ring.ipynb", seed=3, players=3, seats="human,human,rules", lang="en"))
    page.wait_for_voila(".rb-pass-screen")
    assert "Seat 1" in page.inner_text(".rb-pass-title")
    assert page.locator(".rb-hand .rb-card").count() == 0  # nobody's cards behind the pass screen
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-roll")
    first = page.locator(".rb-hand .rb-card").evaluate_all("ns => ns.map(n => n.dataset.card)")
    assert len(first) == 6
    page.click(".rb-roll")  # seat 2 drafts first (the parent's left): hand the tablet over
    page.wait_for_selector(".rb-pass-screen")
    assert "Seat 2" in page.inner_text(".rb-pass-title")
    assert page.locator(".rb-hand .rb-card").count() == 0
    page.save_screenshot("ring-hotseat-pass-1024")
    click_and_redraw(page, ".rb-reveal")
    page.wait_for_selector(".rb-pool-active")
    second = page.locator(".rb-hand .rb-card").evaluate_all("ns => ns.map(n => n.dataset.card)")
    assert len(second) == 6 and not set(first) & set(second)
    assert "you" in page.inner_text(".rb-seat-1")
    assert page.console_errors == []
