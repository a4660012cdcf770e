"""The live pages pass axe-core and can be played with assistive technology (issue 31, items 1-3).

Every game, the catalogue, a lesson step, the host page and the lab: axe-core
(axe-playwright-python) finds nothing serious or critical at 390×844 and at
1024×768, in Japanese and in English, once the page is drawn and again after
one move. ``<html lang>`` is the page's language, from the server (``?lang=``)
and after the page's own language switch.

Economy (the suite runs in CI): one served site for the module (with a house
password, so the host page opens on it too), one visit per page and
language, both sizes in that visit (the window is resized), axe after the
drawing and after the move in that same visit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.support.browser_helpers import drawn, wait_redrawn

from rulebook.core import all_games
from rulebook.site.serve import default_notebooks_dir

pytestmark = pytest.mark.browser

GAMES = sorted(all_games())
PHONE, TABLET = (390, 844), (1024, 768)
LANGS = ("ja", "en")
PASSWORD = "axe-counter-5521"
#: Where a page's first move may be: the roll, a move of the action bar, a part of the board marked as
#: playable now, a card of the hand (in that order). A tap that only chooses (a die picked) redraws too.
MOVES = (
    ".rb-actions .rb-roll",
    ".rb-actions button.rb-fresh:not([aria-disabled='true']):not([disabled])",
    ".rb-board [role='button'][class*='playable']",
    ".rb-board [role='button'].rb-pickable",
    ".rb-board .rb-hand-clickable [role='button']",
)


@pytest.fixture(scope="module")
def a11y_site(tmp_path_factory):
    """The repository's notebooks on one server for the module, with a house password (the host page)."""
    from tests.browser.conftest import _start

    folder = tmp_path_factory.mktemp("a11y-house")
    house = folder / "house.toml"
    house.write_text(f'name = "Axe"\nhost_password = "{PASSWORD}"\n', encoding="utf-8")
    server = _start(default_notebooks_dir(), "a11y", house=Path(house), preheat=False)
    try:
        yield server
    finally:
        server.stop()


def serious(page, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}) {v['help']} at {[n['target'] for n in v['nodes'][:4]]}"
        f" ({v['nodes'][0].get('failureSummary', '')[:160]!r})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def both_sizes(page, where: str) -> list[str]:
    """axe at the phone's size and at the tablet's, in one visit (the window resized in between)."""
    found = []
    for size in (PHONE, TABLET):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(150)  # the layout settles (media queries, the phone's Rules button)
        found += serious(page, f"{where} {size[0]}x{size[1]}")
    return found


def html_lang(page) -> str:
    return page.evaluate("() => document.documentElement.getAttribute('lang')")


def one_move(page) -> str:
    """Make the page's first possible move (see ``MOVES``) and wait for its redraw; the selector used."""
    for selector in MOVES:
        target = page.locator(f".rb-app {selector}").first
        if target.count() and target.is_visible():
            version = drawn(page)
            target.click()
            wait_redrawn(page, version)
            return selector
    raise AssertionError("no move to make on the page")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_passes_axe_drawn_and_after_a_move(a11y_site, new_page, name, lang):
    page = new_page(*PHONE)
    page.goto(a11y_site.page_url(f"{name}.ipynb", lang=lang))
    page.wait_for_voila(".rb-app .rb-board")
    page.locator(".rb-rules-panel[data-drawn]").wait_for(state="attached")
    assert html_lang(page) == lang
    problems = both_sizes(page, f"{name} drawn")
    one_move(page)
    problems += both_sizes(page, f"{name} after a move")
    assert page.locator(".rb-announce[role='status'][aria-live='polite']").count() == 1
    # the board's pictures that hold tappable parts are groups, not images (a screen reader enters them)
    pictures = page.eval_on_selector_all(".rb-app svg[role='img']", "els => els.filter(s => s.querySelector('[role=button]')).length")
    assert pictures == 0
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogue_passes_axe(a11y_site, new_page, lang):
    page = new_page(*PHONE)
    page.goto(a11y_site.page_url("index.ipynb", lang=lang))
    page.wait_for_voila(".rb-catalogue, .rb-index")
    assert html_lang(page) == lang
    problems = both_sizes(page, "catalogue")
    page.locator(".rb-lang").first.click()  # the language switch redraws in place: <html lang> follows
    other = "en" if lang == "ja" else "ja"
    page.wait_for_function("l => document.documentElement.getAttribute('lang') === l", arg=other, timeout=30_000)
    problems += serious(page, f"catalogue switched to {other}")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_a_lesson_step_passes_axe(a11y_site, new_page, lang):
    page = new_page(*PHONE)
    page.goto(a11y_site.page_url("chiritsumo.ipynb", learn=1, lang=lang))
    page.wait_for_voila(".rb-app .rb-lesson-slot .rb-lesson-next, .rb-app .rb-lesson-slot button")
    assert html_lang(page) == lang
    problems = both_sizes(page, "lesson step")
    version = drawn(page)
    page.locator(".rb-app .rb-lesson-slot .rb-lesson-next").first.click()
    wait_redrawn(page, version)
    problems += both_sizes(page, "lesson next step")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_host_page_passes_axe(a11y_site, new_page, lang):
    page = new_page(*PHONE)
    page.goto(a11y_site.page_url("host.ipynb", lang=lang))
    page.wait_for_voila(".rb-host-password input")
    assert html_lang(page) == lang
    problems = both_sizes(page, "host sign-in")
    page.fill(".rb-host-password input", PASSWORD)
    page.click(".rb-host-enter")
    page.wait_for_selector(".rb-host-site", timeout=60_000)
    problems += both_sizes(page, "host tools")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_lab_passes_axe(a11y_site, new_page, lang):
    page = new_page(*PHONE)
    page.goto(a11y_site.page_url("lab.ipynb", game="pig", lang=lang))
    page.wait_for_voila(".rb-lab-run")
    assert html_lang(page) == lang
    problems = both_sizes(page, "lab")
    box = page.locator(".rb-lab-games input").first
    box.fill("20")
    box.press("Tab")
    page.click(".rb-lab-run")
    page.wait_for_selector('.rb-lab-summary[data-games="20"]', timeout=120_000)
    problems += both_sizes(page, "lab after a run")
    assert problems == [], "\n".join(problems)


#: A button's accessible name as a screen reader computes it, near enough for this check: aria-label, else an
#: SVG part's <title>, else its text.
BUTTON_NAMES = """els => els.filter(e => e.getClientRects().length).map(e => {
  const title = e.querySelector(':scope > title');
  return (e.getAttribute('aria-label') || (title && title.textContent) || e.textContent || '').trim();
})"""


#: Games whose board is a picture only: every move is a button of the action bar, named by its text.
BOARDS_WITHOUT_TAPS = {"pig"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_every_tappable_part_of_a_board_is_named_in_words(a11y_site, new_page, name, lang):
    """Item 2: a tappable part says what it is or what a tap does ("Place 8 face down on the pile", "Tick 7",
    "Send a worker to Mine"), in the page's language; a bare "8" or "▲" tells a screen-reader user nothing."""
    import re

    page = new_page(*TABLET)
    page.goto(a11y_site.page_url(f"{name}.ipynb", lang=lang))
    page.wait_for_voila(".rb-app .rb-board")
    page.locator(".rb-rules-panel[data-drawn]").wait_for(state="attached")
    if name in BOARDS_WITHOUT_TAPS:
        assert page.locator(".rb-app .rb-board [role='button']").count() == 0
        return
    seen = 0
    for moment in ("drawn", "after a move"):
        names = page.eval_on_selector_all(".rb-app .rb-board [role='button'], .rb-app .rb-board button", BUTTON_NAMES)
        bare = [n for n in names if not re.search(r"[^\W\d_]", n)]  # no letter of any script
        assert not bare, f"{name} {lang} {moment}: buttons named without a word: {bare[:8]} of {len(names)}"
        seen += len(names)
        if moment == "drawn":
            one_move(page)
    assert seen, f"{name} {lang}: no tappable part on the board, drawn or after a move"
