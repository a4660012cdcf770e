"""Chiritsumo in a real browser: what a player, a café host and a designer do.

Each test drives the served page by clicks only (Playwright + Debian's
Chromium, elements found by their ``rb-*`` classes) and checks what the page
shows against the engine replaying the same game in Python.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.support.browser_helpers import downloaded_save, drawn, stored_record, wait_redrawn, wait_stored

from rulebook.core import CHANCE, Match, get_game
from rulebook.games.chiritsumo import GAME, best_arrangement
from rulebook.games.chiritsumo.actions import Done, Place
from rulebook.games.chiritsumo.bots import arrangement_actions

pytestmark = pytest.mark.browser

SOLO_SEED = 20  # four rounds when every pyramid is the best one


def board_mode(page) -> str:
    return page.locator(".rb-board").get_attribute("data-mode") or ""


def wait_mode(page, *modes: str) -> None:
    page.wait_for_function(
        "modes => { const b = document.querySelector('.rb-board'); return b && modes.includes(b.dataset.mode); }",
        arg=list(modes),
    )


def click_and_wait(page, selector: str, *modes: str) -> None:
    """Click; with ``modes``, the click is a move: wait for the board's mode and the page's whole redraw."""
    version = drawn(page)
    page.click(selector)
    if modes:
        wait_mode(page, *modes)
        wait_redrawn(page, version)


def saved_record(page) -> dict:
    """The page's table as the site stores it (the save file itself is sealed during a game)."""
    return stored_record(page)


def wait_saved_record(page, moves: int, timeout_s: float = 60.0) -> dict:
    """The stored record once it holds ``moves`` moves (or whatever it holds at the deadline)."""
    return wait_stored(page, lambda record: len(record["actions"]) >= moves, timeout_s)


def upload(page, path: Path) -> None:
    """Choose a file with the Load button, as a person would."""
    with page.expect_file_chooser() as chooser:
        page.click(".rb-load")
    chooser.value.set_files(str(path))


def expected_solo(seed: int) -> Match:
    """The same solo game in Python: best arrangement, first swap offered."""
    match = Match.new(GAME, seed=seed)
    while not match.is_over():
        state = match.state
        if match.current_player == CHANCE:
            match.step_auto()
        elif state.phase == "arrange":
            seat = state.seats[0]
            dice = list(zip(seat.dice, seat.pips))
            match.play_group(arrangement_actions(dice, {}, best_arrangement(dice)[0]) + [Done()])
        else:
            match.play(GAME.legal_actions(state)[0])
    return match


def first_roll(seed: int, options: dict | None = None) -> list[tuple[str, int]]:
    match = Match.new(GAME, options, seed=seed)
    while match.current_player == CHANCE:
        match.step_auto()
    seat = match.state.seats[match.state.turn]
    return list(zip(seat.dice, seat.pips))


def test_index_lists_the_games_and_links_to_chiritsumo(site, page) -> None:
    page.goto(site.url)
    page.wait_for_voila(".rb-game-chiritsumo .rb-play-link")
    from rulebook.site.catalogue import ENTRIES

    assert page.locator(".rb-game-row").count() == len(ENTRIES)  # the sources' 11 games and those that declare their own entry (Pig)
    page.select_option(".rb-filter-players select", label="5人で遊べる")
    page.wait_for_function("!document.querySelector('.rb-game-chiritsumo')")
    page.select_option(".rb-filter-players select", index=0)
    page.wait_for_selector(".rb-game-chiritsumo")
    page.save_screenshot("index-1024")
    page.click(".rb-game-chiritsumo .rb-play-link")
    page.wait_for_voila(".rb-slot-0-0")
    assert "chiritsumo" in page.url
    assert page.console_errors == []
    assert page.external_requests == []


def test_a_whole_solo_game_by_clicks_to_its_rating(site, page) -> None:
    page.goto(site.page_url("chiritsumo.ipynb", seed=SOLO_SEED))
    page.wait_for_voila(".rb-slot-0-0")
    page.save_screenshot("solo-start-1024")
    click_and_wait(page, ".rb-roll", "arrange")

    # Round 1 by hand: pick each die in the tray, then its slot.
    dice = first_roll(SOLO_SEED)
    target, best = best_arrangement(dice)
    for move in arrangement_actions(dice, {}, target):
        assert isinstance(move, Place)
        page.click(f".rb-tray .rb-die-{move.die}")
        page.wait_for_selector(f".rb-tray .rb-die-{move.die}.rb-die-selected")
        page.click(f".rb-slot-{move.slot[0]}-{move.slot[1]}")
        page.wait_for_selector(f".rb-placed-{move.slot[0]}-{move.slot[1]}")
    # the score sheet is its own widget: it may reach the browser a moment after the board's last die
    page.wait_for_function("t => document.querySelector('.rb-score-total')?.innerText === t", arg=str(best.total), timeout=30_000)
    page.save_screenshot("solo-round1-built-1024")
    page.click(".rb-action-done")

    # Then: swap when offered (the first colour), roll, auto-stack, done.
    for _ in range(40):
        page.wait_for_selector(".rb-roll, .rb-rating, [class*='rb-action-swap-']")
        if page.locator(".rb-rating").count():
            break
        swaps = page.locator("[class*='rb-action-swap-']")
        if swaps.count():
            swaps.first.click()
            page.wait_for_selector(".rb-roll, .rb-rating")
            continue
        click_and_wait(page, ".rb-roll", "arrange")
        page.click(".rb-auto")
        page.wait_for_selector(".rb-placed-0-0")
        page.click(".rb-action-done")

    expected = expected_solo(SOLO_SEED).state.result
    page.wait_for_selector(".rb-rating")
    assert page.locator(".rb-rating").get_attribute("data-rating") == expected.get("rating")
    assert page.inner_text(".rb-rating") == expected.get("rating_ja")
    assert page.locator(".rb-rounds").get_attribute("data-rounds") == str(expected.get("rounds"))
    assert f"合計 {expected.scores[0]} 点" in page.inner_text(".rb-outcome")
    assert saved_record(page)["actions"] == [str(a) for a in expected_solo(SOLO_SEED).actions]
    page.save_screenshot("solo-rating-1024")
    assert page.console_errors == []


def test_an_illegal_placement_explains_the_rule_in_japanese_then_english(site, page) -> None:
    page.goto(site.page_url("chiritsumo.ipynb", seed=7))
    page.wait_for_voila(".rb-slot-0-0")
    click_and_wait(page, ".rb-roll", "arrange")
    page.click(".rb-tray .rb-die-0")
    page.click(".rb-slot-1-0")  # nothing below it yet
    error = page.wait_for_selector(".rb-error-box[data-rule='place-base']")
    assert "揃っていない" in error.inner_text()
    page.wait_for_selector(".rb-rules-panel .rb-rule-highlight[data-rule='place-base']")
    page.save_screenshot("illegal-ja-1024")
    page.click(".rb-lang")
    page.wait_for_function("document.querySelector('.rb-error-box').innerText.includes('needs both dice below it')")
    page.wait_for_selector(".rb-rules-panel [lang='en'] .rb-rule-highlight[data-rule='place-base']")
    # a neighbour-rule refusal, from a placed die and a die 2+ apart
    dice = first_roll(7)
    low = min(range(10), key=lambda k: dice[k][1])
    high = max(range(10), key=lambda k: dice[k][1])
    if dice[high][1] - dice[low][1] >= 2:
        page.click(f".rb-tray .rb-die-{low}")
        page.click(".rb-slot-0-0")
        page.wait_for_selector(".rb-placed-0-0")
        page.click(f".rb-tray .rb-die-{high}")
        page.click(".rb-slot-0-1")
        page.wait_for_selector(".rb-error-box[data-rule='place-neighbour']")
        assert "at most 1" in page.inner_text(".rb-error-box")
    page.save_screenshot("illegal-en-1024")
    assert page.console_errors == []


def test_one_hot_seat_round_for_two_players(site, page) -> None:
    page.goto(site.page_url("chiritsumo.ipynb", seed=41, mode="hakoniwa", players=2, seats="human,human", lang="en"))
    page.wait_for_voila(".rb-slot-0-0")
    assert page.locator(".rb-seat").count() == 2
    click_and_wait(page, ".rb-roll", "arrange")
    page.wait_for_selector(".rb-seat-0.rb-seat-active")
    page.click(".rb-auto")
    page.wait_for_selector(".rb-placed-0-0")
    page.click(".rb-action-done")
    page.wait_for_selector(".rb-seat-1.rb-seat-active")
    page.click(".rb-tray .rb-die-0")
    page.click(".rb-slot-0-0")
    page.wait_for_selector(".rb-placed-0-0")
    page.click(".rb-auto")
    page.wait_for_selector(".rb-placed-3-0, .rb-placed-1-0")
    page.save_screenshot("hotseat-seat2-1024")
    page.click(".rb-action-done")
    # とばっ塵 for whoever completed: the first swaps with the dust pile, a second passes
    swapped = False
    for _ in range(4):
        page.wait_for_selector(".rb-roll, .rb-toss-go")
        if not page.locator(".rb-toss-go").count():
            break
        page.save_screenshot("hotseat-toss-1024")
        if swapped:
            page.click(".rb-action-pass")
        else:
            give = page.locator(".rb-toss-give button").first
            give_colour = give.inner_text()
            give.click()
            page.click(".rb-toss-target button:has-text('Dust pile')")
            page.locator(".rb-toss-take button", has_not_text=give_colour).first.click()
            page.click(".rb-toss-go")
            page.wait_for_function("document.querySelector('.rb-log').innerText.includes('to the dust pile for')")
            swapped = True
        page.wait_for_timeout(300)
    page.wait_for_selector(".rb-roll")
    assert swapped  # seed 41: both seats complete; the first swaps, the second passes
    record = saved_record(page)
    match = Match.from_record(record, get_game)
    state = match.state
    assert state.round == 2 and state.phase == "roll"
    for k, seat in enumerate(state.seats):
        assert page.inner_text(f".rb-seat-{k} .rb-seat-total") == f"{seat.total} pts"
    assert "Round <b>2</b>".replace("<b>", "").replace("</b>", "") in page.inner_text(".rb-status")
    assert page.console_errors == []


def test_table_mode_entry_then_save_and_resume(site, page, tmp_path: Path) -> None:
    page.goto(site.page_url("chiritsumo.ipynb", seed=3, table=1, lang="en"))
    page.wait_for_voila(".rb-entry-text input")
    assert page.locator(".rb-roll").count() == 0
    page.fill(".rb-entry-text input", "6543216543")
    page.press(".rb-entry-text input", "Enter")
    page.wait_for_function("document.querySelectorAll('.rb-tray .rb-pip').length > 30")
    page.click(".rb-entry-confirm")
    wait_mode(page, "arrange")
    page.click(".rb-tray .rb-die-5")  # the 1
    page.click(".rb-slot-0-0")
    page.wait_for_selector(".rb-placed-0-0")
    record = wait_saved_record(page, moves=11)
    assert record["actions"][:10] == [f"roll 0 {k} {p}" for k, p in enumerate((6, 5, 4, 3, 2, 1, 6, 5, 4, 3))]
    assert record["meta"]["table"] is True
    # the page's own save file: sealed while the game runs (no seed, no moves to read or edit)
    text = downloaded_save(page)
    sealed = json.loads(text)
    assert sealed["format"] == "rulebook-sealed" and sealed["moves"] == 11
    assert "roll 0" not in text and "\"seed\"" not in text and "\"actions\"" not in text
    path = tmp_path / "saved.json"
    path.write_text(text, "utf-8")

    page.goto(site.page_url("chiritsumo.ipynb", lang="en"))
    page.wait_for_voila(".rb-slot-0-0")
    upload(page, path)
    page.wait_for_selector(".rb-placed-0-0")
    # the message box is drawn after the board: wait for it rather than read it at once
    # a seat's sealed save resumes its own table at its seat (issue 17), not a copy
    page.wait_for_function("t => (document.querySelector('.rb-error') || {}).innerText?.includes(t)", arg="Back at the save file's table")
    assert "table mode" in page.inner_text(".rb-status")

    sealed["sealed"] = sealed["sealed"][:-8] + ("A" * 8 if not sealed["sealed"].endswith("A" * 8) else "B" * 8)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(sealed), "utf-8")
    upload(page, bad)
    page.wait_for_selector(".rb-error-box[data-rule='record']")
    assert "altered" in page.inner_text(".rb-error-box")
    plain = tmp_path / "plain.json"  # the record with chosen dice, unsealed: a person's entry cannot be shown
    plain.write_text(json.dumps(record), "utf-8")
    upload(page, plain)
    page.wait_for_function("() => (document.querySelector('.rb-error-box') || {}).innerText?.includes('sealed save file')")
    assert page.locator(".rb-placed-0-0").count() == 1  # the game on the page is unchanged
    assert page.console_errors == []


def test_bad_query_values_are_explained_and_the_page_still_plays(site, page) -> None:
    page.goto(site.page_url("chiritsumo.ipynb", seed="abc", lang="xx", mode="hakoniwa", players=9))
    page.wait_for_voila(".rb-notice-box")
    notice = page.inner_text(".rb-notice-box")
    assert "?lang=xx" in notice and "?seed" in notice and "2〜4" in notice
    click_and_wait(page, ".rb-roll", "arrange")
    assert page.locator(".rb-error-box").count() == 0
    assert page.console_errors == []


@pytest.mark.parametrize("width, height", [(1024, 768), (390, 844)])
def test_pages_fit_tablet_and_phone_widths(site, new_page, width: int, height: int) -> None:
    page = new_page(width=width, height=height)
    page.goto(site.page_url("chiritsumo.ipynb", seed=4, lang="en"))
    page.wait_for_voila(".rb-slot-0-0")
    click_and_wait(page, ".rb-roll", "arrange")
    page.click(".rb-hint-toggle")
    page.wait_for_selector(".rb-ghost")
    page.save_screenshot(f"chiritsumo-hint-{width}")
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
    page.goto(site.url)
    page.wait_for_voila(".rb-game-chiritsumo")
    page.save_screenshot(f"index-{width}")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    assert page.console_errors == []
