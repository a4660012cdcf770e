"""Every label on every page at least 12 px as shown, no truncated button, every worked example drawn (issue 10 C/D).

Sizes are measured as the page shows them: an SVG label's font size times
the scale of its drawing, so a board drawn small fails as a CSS font size
would. The worked examples in the rules are pictures in closed shadow roots; on
a phone (390×844) they are measured too (issue 19 D): every number at least
12 px, every die at least 28 px, no selection outline over a die's pips (the
test opens the shadow roots to look inside).
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import MEASURE_EXAMPLES, OPEN_EXAMPLE_SHADOWS, reach_every_example
from tests.support.browser_helpers import MEASURE_LABELS as MEASURE

from rulebook.core import all_games

pytestmark = pytest.mark.browser

PAGES = sorted(all_games()) + ["index"]
SIZES = {"tablet": (1024, 768), "phone": (390, 844)}



@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", PAGES)
def test_every_label_is_at_least_12px_and_no_button_is_cut(site, new_page, name, size, lang):
    page = new_page(*SIZES[size])
    page.goto(site.page_url(f"{name}.ipynb", lang=lang))
    page.wait_for_voila(".rb-app, .rb-index, .rb-catalogue")
    if name != "index":  # the rules' text comes just after the board (rules.js afterBoard): measured too
        page.locator(".rb-rules-panel[data-drawn]").wait_for(state="attached")
    found = page.evaluate(MEASURE)
    assert found["small"] == [], found["small"][:10]
    assert found["truncated"] == [], found["truncated"]


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_worked_example_in_the_rules_is_drawn(site, new_page, name):
    page = new_page(1024, 768)
    page.goto(site.page_url(f"{name}.ipynb", lang="en"))
    page.wait_for_voila(".rb-rules-panel")
    drawn = reach_every_example(page)
    assert drawn and "error" not in drawn, drawn
    page.locator("figure.rb-example").first.scroll_into_view_if_needed()
    page.locator("figure.rb-example .rb-example-board").first.click()
    assert "picture" in page.locator("figure.rb-example .rb-example-note").first.inner_text()


@pytest.mark.parametrize("name", sorted(all_games()))
def test_worked_examples_are_readable_on_a_phone(site, new_page, name):
    page = new_page(*SIZES["phone"])
    page.add_init_script(OPEN_EXAMPLE_SHADOWS)
    page.goto(site.page_url(f"{name}.ipynb", lang="en"))
    page.wait_for_voila(".rb-rules-panel")
    page.locator(".rb-rules-fab").click()  # the phone's Rules button: the rules over the board, as a visitor reads them
    page.wait_for_selector(".rb-rules-overlay-host .rb-rules-panel")
    drawn = reach_every_example(page)
    assert "error" not in drawn, drawn
    page.locator("figure.rb-example").first.scroll_into_view_if_needed()
    page.save_screenshot(f"examples-phone-{name}")
    found = page.evaluate(MEASURE_EXAMPLES)
    assert found["examples"] > 0, found
    assert found["small"] == [], found["small"][:12]
    assert found["small_dice"] == [], found["small_dice"][:12]
    assert found["hidden_pips"] == [], found["hidden_pips"][:12]


def test_a_worked_example_is_drawn_when_the_reader_reaches_it(site, new_page):
    # on a phone the rules sit far below the board: their pictures wait until they come near the screen
    # (rules.js drawWhenNear), so the board is ready sooner; printing draws every one
    page = new_page(*SIZES["phone"])
    page.goto(site.page_url("treasure_hunt.ipynb", lang="en"))
    page.wait_for_voila(".rb-app .rb-board")
    page.wait_for_timeout(1500)
    boards = page.locator("figure.rb-example .rb-example-board")
    assert boards.count() >= 2
    assert page.evaluate("() => document.querySelectorAll('.rb-example-board[data-drawn]').length") == 0
    boards.first.scroll_into_view_if_needed()
    page.wait_for_function("() => !!document.querySelector('.rb-example-board').dataset.drawn", timeout=30_000)
    page.emulate_media(media="print")
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    page.wait_for_function("() => [...document.querySelectorAll('.rb-example-board')].every(b => b.dataset.drawn)", timeout=30_000)
    assert page.console_errors == []
