"""National Economy in a real browser: a 2-player game against the rule-based bot and both solo modes, to the end.

Elements are found by their ``rb-*`` classes: a workplace or card the engine
allows carries ``rb-playable``; the legal sale sets are ``rb-sell`` buttons.
The stored table is replayed by the engine to check what the page showed.
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import drawn, stored_record, wait_redrawn

from rulebook.core import Match, get_game

pytestmark = pytest.mark.browser


def ply(page) -> str:
    return page.evaluate("() => { const b = document.querySelector('.rb-board-ne'); return b ? b.dataset.ply : ''; }")


def click_and_wait(page, selector: str) -> None:
    before, version = ply(page), drawn(page)
    page.locator(selector).first.click()
    page.wait_for_function("p => { const b = document.querySelector('.rb-board-ne'); return b && b.dataset.ply !== p; }", arg=before)
    wait_redrawn(page, version)


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


def play_to_the_end(page) -> int:
    moves = 0
    for _ in range(400):
        page.wait_for_selector(".rb-outcome-box, .rb-board-ne .rb-playable, .rb-sell")
        if visible(page, ".rb-outcome-box"):
            return moves
        if visible(page, ".rb-sell"):
            click_and_wait(page, ".rb-sell")
        else:
            click_and_wait(page, ".rb-board-ne .rb-playable")
        moves += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_two_players_against_the_rule_based_bot_to_the_end(site, page, lang) -> None:
    page.goto(site.page_url("national_economy.ipynb", seed=21, players=2, seats="human,rules", lang=lang))
    page.wait_for_voila(".rb-board-ne")
    assert page.locator(".rb-board-ne .rb-area-public .rb-building").count() == 4
    page.save_screenshot(f"ne-2p-{lang}-start-1024")
    moves = play_to_the_end(page)
    assert moves >= 9
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "rules"]
    assert match.game.outcome(match.state).summary(lang) in page.inner_text(".rb-outcome")
    page.save_screenshot(f"ne-2p-{lang}-end-1024")
    assert page.console_errors == [] and page.external_requests == []


@pytest.mark.parametrize("mode", ["solo1", "solo2"])
def test_each_solo_mode_to_the_end(site, new_page, mode) -> None:
    page = new_page(390, 844)
    page.goto(site.page_url("national_economy.ipynb", seed=4, mode=mode, lang="en"))
    page.wait_for_voila(".rb-board-ne")
    assert page.get_attribute(".rb-board-ne", "data-mode") == mode
    play_to_the_end(page)
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and match.options["mode"] == mode
    assert match.game.outcome(match.state).summary("en") in page.inner_text(".rb-outcome")
    page.save_screenshot(f"ne-{mode}-end-390")
    assert page.console_errors == [] and page.external_requests == []
