"""Kokkuri-san in a real browser: whole 3-player games against bots on a tablet and a phone, taps that say why, card files.

Elements are found by their ``rb-*`` classes. The stored game is replayed by
the engine to check what the page showed.
"""

from __future__ import annotations

import json

import pytest
from tests.support.browser_helpers import click_and_redraw, drawn, stored_record, wait_redrawn

from rulebook.core import Match, get_game
from rulebook.games.kokkuri_san.cards import standin_text

pytestmark = pytest.mark.browser

ENABLED_MOVE = ".rb-ks-play .rb-control[class*='rb-move-']:not(.rb-disabled)"


def board(page) -> dict:
    return page.evaluate(
        "() => { const b = document.querySelector('.rb-board-ks'); return b ? {mode: b.dataset.mode, ply: b.dataset.ply, phase: b.dataset.phase} : {}; }"
    )


def click_and_wait(page, selector: str) -> None:
    """Click a move, then wait for the move and for the whole page's redraw."""
    ply, version = board(page)["ply"], drawn(page)
    page.locator(selector).first.click()
    page.wait_for_function("ply => { const b = document.querySelector('.rb-board-ks'); return b && b.dataset.ply !== ply; }", arg=ply)
    wait_redrawn(page, version)


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


def play_to_the_end(page, shot: str) -> int:
    """Play the person's seat by taps only: a card of the hand then ▲/▼, and every patron effect."""
    moves = 0
    for _ in range(80):
        page.wait_for_selector(".rb-outcome-box, .rb-ks-playable, .rb-effect-skip, .rb-effect-draw, .rb-ks-swap, .rb-ks-flippable, " + ENABLED_MOVE)
        if visible(page, ".rb-outcome-box"):
            return moves
        if visible(page, ".rb-ks-flippable"):
            click_and_wait(page, ".rb-ks-flippable")
        elif visible(page, ENABLED_MOVE):
            click_and_wait(page, ENABLED_MOVE)
        elif visible(page, ".rb-ks-swap"):
            click_and_wait(page, ".rb-ks-swap")
        elif visible(page, ".rb-effect-draw"):
            click_and_wait(page, ".rb-effect-draw")
        elif visible(page, ".rb-effect-skip"):
            click_and_wait(page, ".rb-effect-skip")
        else:
            cards = page.locator(".rb-ks-hand-card.rb-ks-playable")
            click_and_redraw(page, f".rb-ks-hand-card-{moves % cards.count()}")
            assert page.locator(".rb-ks-selected").count() == 1
            side = "up" if moves % 3 else "down"
            click_and_wait(page, f".rb-{side}-{moves % 5}")
        moves += 1
        if moves == 4:
            page.save_screenshot(f"{shot}-midgame")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang, width, height", [("en", 1024, 768), ("ja", 390, 844)])
def test_a_three_player_game_against_bots_to_the_end(site, new_page, lang, width, height) -> None:
    page = new_page(width, height)
    page.goto(site.page_url("kokkuri_san.ipynb", seed=11, players=3, seats="human,search,rules", lang=lang))
    page.wait_for_voila(".rb-board-ks")
    page.wait_for_selector(".rb-ks-standin")  # the stand-in data is labelled on the board
    assert "stand-in" in page.inner_text(".rb-ks-standin")
    assert page.locator(".rb-ks-cand").count() == 5
    shot = f"ks-{lang}-{width}"
    page.save_screenshot(f"{shot}-start")
    moves = play_to_the_end(page, shot)
    assert moves >= 3
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "search", "rules"]
    assert match.game.outcome(match.state).summary(lang) in page.inner_text(".rb-outcome")
    page.save_screenshot(f"{shot}-end")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    assert page.console_errors == [] and page.external_requests == []


def test_taps_that_do_nothing_say_why_next_to_them(site, page) -> None:
    page.goto(site.page_url("kokkuri_san.ipynb", seed=11, players=3, seats="human,search,rules", lang="en"))
    page.wait_for_voila(".rb-ks-playable")
    page.locator(".rb-ks-cand-0 .rb-up-0").click(force=True)  # no card chosen yet (aria-disabled, still tappable)
    reason = page.locator(".rb-ks-cand-0 .rb-ks-play > .rb-tap-reason")
    reason.wait_for()
    assert reason.inner_text() == "Choose a card of your hand first." and reason.get_attribute("data-rule") == "hand"
    page.locator(".rb-ks-cand-1 .rb-ks-tokens").click()
    page.locator(".rb-ks-cand-1 > .rb-tap-reason").wait_for()
    assert "packed to the left" in page.inner_text(".rb-ks-cand-1 > .rb-tap-reason")
    assert page.console_errors == []


def write(tmp_path, name: str, data) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_bad_card_file_is_refused_with_its_place_and_a_good_one_plays(site, page, tmp_path) -> None:
    page.goto(site.page_url("kokkuri_san.ipynb", seed=4, players=3, seats="human,search,search", lang="en"))
    page.wait_for_voila(".rb-board-ks")
    page.locator(".rb-newgame-toggle").click()
    page.wait_for_selector(".rb-ks-cards-upload .rb-load-button")
    assert "stand-in" in page.inner_text(".rb-ks-cards-note")
    page.locator(".rb-ks-format summary").click()
    assert "kokkuri_san/cards" in page.inner_text(".rb-ks-format")
    bad = json.loads(standin_text())
    bad["candidates"][1]["rounds"][2]["effect"] = {"op": "teleport"}
    page.locator(".rb-ks-cards-upload input[type=file]").set_input_files(write(tmp_path, "bad.json", bad))
    error = page.locator(".rb-ks-cards-error")
    error.wait_for()
    assert error.get_attribute("data-rule") == "card-data"
    assert "candidates[1].rounds[2].effect.op" in error.inner_text() and "card-data" in error.inner_text()
    page.save_screenshot("ks-bad-card-file-1024")
    good = json.loads(standin_text())
    good["stand_in"] = False
    good["candidates"] = good["candidates"][:4]
    good["candidates"][0]["name_en"] = "Kitsune"
    page.locator(".rb-ks-cards-upload input[type=file]").set_input_files(write(tmp_path, "good.json", good))
    page.wait_for_function("() => document.querySelector('.rb-ks-cards-note').innerText.includes('good.json')")
    assert page.locator(".rb-ks-cards-error").count() == 0
    version = drawn(page)
    page.locator(".rb-start").click()
    wait_redrawn(page, version)
    page.wait_for_function("() => document.querySelectorAll('.rb-ks-cand').length === 4")
    assert page.locator(".rb-ks-standin").count() == 0 and "Kitsune" in page.inner_text(".rb-ks-row")
    assert stored_record(page)["options"]["cards"] == good
    assert page.console_errors == [] and page.external_requests == []


# ----- table mode: the real box ------------------------------------------------------------------------------------
@pytest.mark.parametrize("width, height", [(1024, 768), (390, 844)])
def test_table_mode_the_row_the_start_and_the_draws_are_typed_in(site, new_page, width, height) -> None:
    from tests.support.browser_helpers import MEASURE_LABELS

    page = new_page(width, height)
    page.goto(site.page_url("kokkuri_san.ipynb", players=3, seats="human,rules,rules", table=1, lang="en"))
    page.wait_for_voila(".rb-ks-entry-order")
    for v in (4, 3, 2, 1, 0):  # the row as laid out on the table, left to right
        click_and_redraw(page, f".rb-ks-entry-key-{v}")
    page.locator(".rb-ks-entry-key-4").click()  # in the row already: the reason, next to the keys
    reason = page.locator(".rb-ks-entry > .rb-tap-reason")
    reason.wait_for()
    assert "in the row already" in reason.inner_text() and reason.get_attribute("data-rule") == "setup"
    click_and_redraw(page, ".rb-entry-confirm")
    page.wait_for_selector(".rb-first-0")
    click_and_redraw(page, ".rb-first-0")
    hands = {0: [7, 9, 11], 1: [5, 3, 8], 2: [6, 1, 10]}  # what each seat drew from its real deck
    for seat in (0, 1, 2):
        page.wait_for_selector(".rb-ks-entry-cards")
        for k in hands[seat]:
            click_and_redraw(page, f".rb-ks-entry-key-{k}")
        if seat == 0:
            page.save_screenshot(f"ks-table-draw-{width}")
            assert page.evaluate(MEASURE_LABELS) == {"small": [], "truncated": []}
        click_and_redraw(page, ".rb-entry-confirm")
    page.wait_for_selector(".rb-ks-hand-card")
    hand = page.locator(".rb-ks-hand-card").all_inner_texts()
    assert sorted(hand) == sorted(["7", "9", "×−1"])
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.table and match.state.order == (4, 3, 2, 1, 0) and match.state.hands[1][5] == 1
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    assert page.console_errors == [] and page.external_requests == []
