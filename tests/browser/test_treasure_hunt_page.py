"""宝探し in a real browser: whole games by clicks with the exact hints on, table mode, errors.

Each test drives the served page by clicks only (Playwright + Debian's
Chromium, elements found by their ``rb-*`` classes) and checks what the page
shows against the engine replaying the same game in Python.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.support.browser_helpers import click_and_redraw, downloaded_save, drawn, moves_shown, stored_record, wait_moves_change, wait_redrawn

from tests.support.automatic import automatic_moves

from rulebook.core import Match
from rulebook.games.treasure_hunt import GAME, optimal_win_probability
from rulebook.games.treasure_hunt.model import RULES

pytestmark = pytest.mark.browser

WIN_SEED = 302  # best play wins this one in 57 decisions
LOSS_SEED = 47  # best play loses this one in 30 decisions


def saved_record(page) -> dict:
    """The page's table as the site stores it (the save file itself is sealed during a game)."""
    return stored_record(page)


def best_play(seed: int) -> Match:
    match = Match.new(GAME, seed=seed, seats=["optimal"])
    automatic_moves(match)
    return match


def upload(page, path: Path) -> None:
    with page.expect_file_chooser() as chooser:
        page.click(".rb-load")
    chooser.value.set_files(str(path))


def play_best_by_clicks(page, switch_language_after: int | None = None) -> int:
    """Click the hint's best choice until the game ends; ticks are clicked on the sheet itself."""
    moves = 0
    for _ in range(200):
        page.wait_for_selector(".rb-outcome-box, .rb-actions .rb-best")
        if page.locator(".rb-outcome-box").count():
            return moves
        best = page.locator(".rb-actions .rb-best").first.element_handle()  # one element for every read below
        text = best.inner_text()
        assert "%" in text and text.startswith("★"), text  # the hint is visible on the button
        classes = (best.get_attribute("class") or "").split()
        option = next((c for c in classes if c.startswith("rb-option-")), None)
        before, version = moves_shown(page), drawn(page)
        handle = best
        if option and option.count("-") == 3:  # rb-option-3-4: the "both" pill under the sheet
            page.click(f".rb-sheet .rb-pair.{option}")
        elif option:
            n = option.rsplit("-", 1)[1]
            page.click(f".rb-sheet .rb-number-{n}.rb-clickable")
        else:
            best.click()
        if "rb-give-up" in classes or ("rb-bring-home" in classes and text.split("·")[0].strip().endswith("…")):
            page.wait_for_selector(".rb-cancel")  # a second choice follows: the number / the seal
            handle.wait_for_element_state("hidden")
            wait_redrawn(page, version)
            continue
        wait_moves_change(page, before)
        handle.wait_for_element_state("hidden")
        wait_redrawn(page, version)  # the sheet too: a click on the previous drawing would be ignored as stale
        moves += 1
        if switch_language_after is not None and moves == switch_language_after:
            click_and_redraw(page, ".rb-lang")
            page.wait_for_function("document.querySelector('.rb-title').innerText.includes('Treasure Hunt')")
    raise AssertionError("the game did not end")


def test_index_links_to_treasure_hunt(site, page) -> None:
    page.goto(site.url)
    page.wait_for_voila(".rb-game-treasure_hunt .rb-play-link")
    page.click(".rb-game-treasure_hunt .rb-play-link")
    page.wait_for_voila(".rb-number-12")
    assert "treasure_hunt" in page.url
    assert page.console_errors == [] and page.external_requests == []


def test_a_whole_game_won_by_clicks_with_hints_in_japanese_then_english(site, page) -> None:
    page.goto(site.page_url("treasure_hunt.ipynb", seed=WIN_SEED))
    page.wait_for_voila(".rb-number-12")
    click_and_redraw(page, ".rb-hint-toggle")
    page.wait_for_selector(".rb-win-prob-current")
    start = f"{optimal_win_probability() * 100:.1f}%"
    assert start in page.inner_text(".rb-win-prob-current")
    assert "勝率" in page.inner_text(".rb-win-prob-current")
    page.save_screenshot("treasure-hunt-start-1024")
    moves = play_best_by_clicks(page, switch_language_after=25)
    assert moves == 57
    expected = best_play(WIN_SEED)
    outcome = expected.state.result
    assert outcome.reason == "win"
    page.wait_for_selector(".rb-outcome-box [data-result='win']")
    assert outcome.summary_en in page.inner_text(".rb-outcome-box")
    assert saved_record(page)["actions"] == [str(a) for a in expected.actions]
    assert page.locator(".rb-treasure.rb-home").count() == len(RULES.treasures)
    page.save_screenshot("treasure-hunt-won-1024")
    assert page.console_errors == []


def test_a_whole_game_lost_by_clicks_on_a_phone(site, new_page) -> None:
    page = new_page(width=390, height=844)
    page.goto(site.page_url("treasure_hunt.ipynb", seed=LOSS_SEED, lang="en"))
    page.wait_for_voila(".rb-number-12")
    click_and_redraw(page, ".rb-hint-toggle")
    page.wait_for_selector(".rb-win-prob-current")
    click_and_redraw(page, ".rb-go")  # the "Roll" button itself was the best choice: wait for the new ones
    page.wait_for_selector(".rb-actions .rb-best")
    page.save_screenshot("treasure-hunt-hint-390", full_page=False)
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    play_best_by_clicks(page)
    expected = best_play(LOSS_SEED)
    assert expected.state.result.reason == "lose"
    page.wait_for_selector(".rb-outcome-box [data-result='lose']")
    assert expected.state.result.summary_en in page.inner_text(".rb-outcome-box")
    assert saved_record(page)["actions"] == [str(a) for a in expected.actions]
    assert page.locator(".rb-number.rb-sealed").count() == 3
    page.save_screenshot("treasure-hunt-lost-390")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    assert page.console_errors == []


def test_table_mode_a_refused_tick_and_lifting_a_seal_on_the_sheet(site, page, tmp_path: Path) -> None:
    page.goto(site.page_url("treasure_hunt.ipynb", seed=1, table=1))
    page.wait_for_voila(".rb-number-12")
    assert page.locator(".rb-roll").count() == 0
    # a number is no choice before the roll: the tap says why next to the sheet, in the engine's words
    page.click(".rb-sheet .rb-number-5")
    reason = page.wait_for_selector(".rb-sheet-reasons .rb-tap-reason")
    assert reason.get_attribute("data-rule") == "expedition" and "先にダイスをふってください" in reason.inner_text()
    # expedition 1: give up at once, sealing 12 (two taps: "give up…", then the number)
    page.click(".rb-give-up")
    page.click(".rb-sheet .rb-number-12.rb-clickable")
    page.wait_for_selector(".rb-number-12.rb-sealed")
    # expedition 2: 1-1, 2-2, 3-3 entered as real dice, then a refused tick
    for pips, tick in ((1, 1), (2, 2), (3, 3)):
        click_and_redraw(page, ".rb-go")
        click_and_redraw(page, f".rb-entry-1-{pips}")
        page.wait_for_selector(f".rb-entry-1-{pips}.rb-entry-chosen")
        click_and_redraw(page, f".rb-entry-2-{pips}")
        page.wait_for_selector(f".rb-entry-2-{pips}.rb-entry-chosen")
        click_and_redraw(page, ".rb-entry-confirm")
        page.click(f".rb-sheet .rb-number-{tick}.rb-clickable")
        page.wait_for_selector(f".rb-number-{tick}.rb-checked")
    click_and_redraw(page, ".rb-go")
    click_and_redraw(page, ".rb-entry-1-2")
    page.wait_for_selector(".rb-entry-1-2.rb-entry-chosen")
    click_and_redraw(page, ".rb-entry-2-2")
    page.wait_for_selector(".rb-entry-2-2.rb-entry-chosen")
    page.click(".rb-entry-confirm")
    page.wait_for_selector(".rb-option-4")
    page.click(".rb-treasure-scarab")  # not earned, and the dice wait for a tick
    error = page.wait_for_selector(".rb-error-box[data-rule='check']")
    assert "チェック" in error.inner_text()
    click_and_redraw(page, ".rb-lang")
    page.wait_for_function("document.querySelector('.rb-error-box').innerText.includes('After a roll you first check')")
    page.wait_for_selector(".rb-rules-panel [lang='en'] .rb-rule-highlight[data-rule='check']")
    page.click(".rb-sheet .rb-number-4.rb-clickable")
    page.wait_for_selector(".rb-treasure-salve.rb-eligible")
    # the salve lifts the cross on 12: tap the treasure, then the crossed number
    click_and_redraw(page, ".rb-hint-toggle")
    page.click(".rb-treasure-salve")
    page.wait_for_selector(".rb-number-12.rb-target-lift")
    page.save_screenshot("treasure-hunt-lift-1024")
    before = moves_shown(page)
    page.click(".rb-sheet .rb-number-12.rb-clickable")
    page.wait_for_selector(".rb-treasure-salve.rb-home")
    wait_moves_change(page, before)
    assert page.locator(".rb-number.rb-sealed").count() == 0
    record = saved_record(page)
    assert record["meta"]["table"] is True
    assert record["actions"][-5:] == ["roll", "die 1 2", "die 2 2", "check 4", "bring salve lift 12"]
    again = Match.from_record(record, lambda name: GAME)
    assert again.state.treasures == 0b01000 and again.state.sealed == 0
    # resume the page's own (sealed) save file on a fresh page
    path = tmp_path / "saved.json"
    path.write_text(downloaded_save(page), "utf-8")
    page.goto(site.page_url("treasure_hunt.ipynb", lang="en"))
    page.wait_for_voila(".rb-number-12")
    upload(page, path)
    page.wait_for_selector(".rb-treasure-salve.rb-home")
    assert "table mode" in page.inner_text(".rb-status")
    assert page.console_errors == []
