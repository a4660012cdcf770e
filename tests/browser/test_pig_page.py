"""Pig in a real browser: a solo game played to its end by taps, on a phone and a tablet, in JA and EN.

Driven by clicks only (elements found by their ``rb-*`` classes): the test
plays hold-at-20 from what the board shows, and checks the board against
the table the site stored (replayed through the engine), the end against
the engine's outcome, and that nothing scrolls sideways or logs an error.
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import click_and_redraw, reach_every_example, stored_record

from rulebook.core import Match, get_game

pytestmark = pytest.mark.browser

BOARD = ".rb-pig"
SIZES = {"phone": (390, 844), "tablet": (1024, 768)}
MAX_MOVES = 400


def board_numbers(page) -> dict:
    return page.evaluate(
        """() => ({
            totals: [...document.querySelectorAll('.rb-pig .rb-total')].map(e => Number(e.dataset.total)),
            points: Number(document.querySelector('.rb-pig .rb-turn-total').dataset.points),
        })"""
    )


@pytest.mark.parametrize("size, lang", [("phone", "ja"), ("tablet", "en")])
def test_a_solo_game_played_to_the_end_by_taps(site, new_page, size, lang) -> None:
    page = new_page(*SIZES[size])
    page.goto(site.page_url("pig.ipynb", lang=lang))
    page.wait_for_voila(f"{BOARD} .rb-turn-total")
    page.wait_for_selector(".rb-action-roll")
    assert page.locator(".rb-action-hold").count() == 0  # nothing to hold before the first roll
    for _ in range(MAX_MOVES):
        if page.locator(".rb-outcome-summary").count():
            break
        shown = board_numbers(page)
        hold = shown["points"] >= 20 and page.locator(".rb-action-hold").count() == 1
        click_and_redraw(page, ".rb-action-hold" if hold else ".rb-action-roll")
    else:
        pytest.fail(f"no end after {MAX_MOVES} taps")
    page.save_screenshot(f"pig-end-{size}-{lang}")
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    game = match.game
    assert game.is_terminal(match.state)
    outcome = game.outcome(match.state)
    assert board_numbers(page)["totals"] == list(match.state.totals) and match.state.totals[0] >= 100
    assert page.inner_text(".rb-outcome-summary").strip() == outcome.summary(lang)
    assert str(match.state.turns) in page.inner_text(".rb-outcome-summary")
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    assert page.console_errors == []


def test_the_rules_examples_are_drawn_by_the_board_and_a_hold_needs_points(site, page) -> None:
    page.goto(site.page_url("pig.ipynb", lang="en"))
    page.wait_for_voila(".rb-rules-panel")
    drawn = reach_every_example(page)
    assert len(drawn) == 2 and "error" not in drawn, drawn
    assert "not in the rule sources" in page.inner_text(".rb-rules-panel")
    page.save_screenshot("pig-rules")
    assert page.console_errors == []
