"""On the live site, reading a game's rules (``/rules/``) starts no kernel, and the pictures are drawn."""

from __future__ import annotations

import pytest

from rulebook.site.serve import default_notebooks_dir

pytestmark = pytest.mark.browser


def test_reading_the_rules_on_the_site_starts_no_kernel(start_site, new_page) -> None:
    # the real notebooks, without preheated pools: any kernel now would have been started by a reader
    site = start_site(default_notebooks_dir(), preheat=False)
    assert site.kernels() == []
    page = new_page(390, 844)
    page.goto(site.url + "rules/en/puniu/")
    page.wait_for_function("() => document.documentElement.dataset.examples === 'drawn'")
    drawn = page.eval_on_selector_all(".rb-example-board[data-drawn]", "els => els.map(e => e.dataset.drawn)")
    assert drawn and "error" not in drawn
    assert page.locator(".rb-ed-play").get_attribute("href") == "/voila/render/puniu.ipynb?lang=en"
    page.click(".rb-ed-back")
    page.wait_for_url(site.url + "rules/en/")
    page.click(".rb-ed-game-link >> text=Don't Drop the Ring")
    page.wait_for_function("() => document.documentElement.dataset.examples === 'drawn'")
    status, _ = site.fetch("rules/ja/no_such_game/")
    assert status == 404
    assert page.console_errors == [] and page.bad_responses == []
    assert site.kernels() == []
