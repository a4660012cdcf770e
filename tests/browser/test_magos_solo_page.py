"""Magos solo patch tracker in a real browser: ten turns in JA and EN, a face edit, a fight to its end.

Driven by clicks and typing only (elements found by their ``rb-*`` classes);
what the page shows is checked against the engine's table.
"""

from __future__ import annotations


import pytest
from tests.support.browser_helpers import wait_stored

from rulebook.core import Match, get_game
from rulebook.games.magos_solo import GAME, enemy_dice, table_row, turn_result
from rulebook.games.magos_solo.table import PRESETS

pytestmark = pytest.mark.browser

BOARD = ".rb-magos-board"


def shown_dice(page) -> list[int]:
    return [int(x) for x in page.locator(f"{BOARD} .rb-enemy-die").evaluate_all("els => els.map(e => e.dataset.pips)")]


def wait_turn(page, turn: int) -> None:
    """Until the board and the sheet are both drawn for ``turn``."""
    page.wait_for_function(
        "t => { const parts = [...document.querySelectorAll('.rb-magos')];"
        " return parts.length === 2 && parts.every(p => p.dataset.turn === String(t)); }",
        arg=turn,
    )


def wait_at(page, moves: int) -> None:
    """Until the sheet and the board are drawn for ``moves`` moves."""
    page.wait_for_function(
        "n => [...document.querySelectorAll('.rb-magos')].length === 2 && [...document.querySelectorAll('.rb-magos')].every(e => e.dataset.at === String(n))",
        arg=moves,
    )


def act(page, do) -> None:
    """Make a move and wait until the move buttons are redrawn for the new state.

    The board redraws before the buttons do, and a tap on a button drawn for
    the previous state is ignored by design (no double moves), so the next
    click must wait for the fresh buttons.
    """
    old = page.locator(".rb-next-turn").element_handle()
    do()
    page.wait_for_function("el => !el.isConnected", arg=old)


def next_turn(page, turn: int) -> None:
    """From ``turn`` to ``turn + 1`` by the Next-turn button."""
    act(page, lambda: page.click(".rb-next-turn"))
    wait_turn(page, turn + 1)


def saved_record(page, moves: int) -> dict:
    """The page's table as the site stores it, once it holds ``moves`` moves."""
    return wait_stored(page, lambda record: len(record["actions"]) == moves)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_tracker_over_ten_turns(site, page, lang: str) -> None:
    page.goto(site.page_url("magos_solo.ipynb", lang=lang))
    page.wait_for_voila(f"{BOARD} .rb-enemy-die")
    notice = page.inner_text(".rb-base-missing")
    assert ("マゴス本体のルールは載っていません" if lang == "ja" else "rules of Magos itself are not in it") in notice
    page.locator(".rb-rules-panel[data-drawn] [data-reading='not-covered']").first.wait_for(state="attached")
    faces = PRESETS["dummy"][0]
    for turn in range(1, 11):
        wait_turn(page, turn)
        assert shown_dice(page) == list(enemy_dice(turn)), turn
        row = table_row(turn)
        assert page.locator(".rb-turn-row-current").count() == 1
        assert page.locator(f".rb-turn-row-{row}.rb-turn-row-current").count() == 1, turn
        damage = turn_result(turn, faces).damage
        assert page.locator(".rb-total-damage").get_attribute("data-damage") == str(damage)
        assert page.inner_text(".rb-total-damage") == (f"{damage} ダメージ" if lang == "ja" else f"{damage} damage")
        if turn == 9:
            assert page.locator(".rb-turn-row-looping").count() == 1
            page.save_screenshot(f"magos-turn9-{lang}-1024")
        if turn < 10:
            next_turn(page, turn)
    act(page, lambda: page.click(".rb-prev-turn"))
    wait_turn(page, 9)
    assert shown_dice(page) == [2, 3, 4, 6]
    assert saved_record(page, 10)["actions"] == ["next"] * 9 + ["prev"]
    assert page.console_errors == []


def test_editing_a_face_changes_the_effects(site, page) -> None:
    page.goto(site.page_url("magos_solo.ipynb", lang="en"))
    page.wait_for_voila(f"{BOARD} .rb-enemy-die")
    assert page.inner_text(f"{BOARD} .rb-enemy-die-1 .rb-effect-text") == "miss"
    act(page, lambda: page.select_option("select.rb-face-6", "hit 6"))  # the Frost Troll's 6
    wait_at(page, 1)
    assert page.inner_text(f"{BOARD} .rb-enemy-die-1 .rb-effect-text") == "6 damage"
    assert page.locator(".rb-total-damage").get_attribute("data-damage") == "7"
    assert page.locator("select.rb-face-6").input_value() == "hit 6"
    # the Frost Troll's turn 2: 3 and 5 both miss
    act(page, lambda: page.select_option("select.rb-face-3", "miss"))
    wait_at(page, 2)
    next_turn(page, 1)
    assert [page.inner_text(f"{BOARD} .rb-enemy-die-{k} .rb-effect-text") for k in (0, 1)] == ["miss", "miss"]
    assert page.locator(".rb-total-damage").get_attribute("data-damage") == "0"
    act(page, lambda: page.click(".rb-reset-faces"))
    wait_at(page, 4)
    assert page.locator("select.rb-face-6").input_value() == "miss"
    assert page.locator(".rb-total-damage").get_attribute("data-damage") == "3"
    assert page.console_errors == []


def test_a_fight_to_its_end_with_hp_and_a_refused_value(site, page) -> None:
    page.goto(site.page_url("magos_solo.ipynb", lang="en"))
    page.wait_for_voila(f"{BOARD} .rb-hp-amount")
    page.fill(".rb-hp-amount", "150")
    page.click(".rb-set-hp")
    page.wait_for_selector(".rb-error-box[data-rule='enemy-hp']")
    page.wait_for_selector(".rb-rules-panel .rb-rule-highlight[data-rule='enemy-hp']")
    moves = 0
    for turn in range(1, 4):
        page.fill(".rb-hp-amount", "3")
        act(page, lambda: page.click(".rb-attack"))
        moves += 1
        wait_at(page, moves)
        next_turn(page, turn)
        moves += 1
    assert page.inner_text(".rb-hp-value") == "1 / 10"
    page.fill(".rb-hp-amount", "5")
    page.click(".rb-attack")
    page.wait_for_selector(".rb-outcome-summary[data-result='won']")
    assert "You defeated the enemy on turn 4" in page.inner_text(".rb-outcome")
    assert page.locator(".rb-next-turn").count() == 0
    record = saved_record(page, 7)
    assert record["actions"] == ["attack 3", "next"] * 3 + ["attack 5"]
    match = Match.from_record(record, get_game)
    assert GAME.outcome(match.state).get("turn") == 4
    page.save_screenshot("magos-won-1024")
    assert page.console_errors == []


@pytest.mark.parametrize("width, height", [(1024, 768), (390, 844)])
def test_pages_fit_tablet_and_phone(site, new_page, width: int, height: int) -> None:
    page = new_page(width=width, height=height)
    page.goto(site.page_url("magos_solo.ipynb", lang="ja"))
    page.wait_for_voila(f"{BOARD} .rb-enemy-die")
    for turn in range(1, 5):
        next_turn(page, turn)
    page.click(".rb-hint-toggle")
    page.wait_for_selector(".rb-hint-box")
    page.save_screenshot(f"magos-turn5-{width}", full_page=False)
    page.locator(".rb-turn-table").scroll_into_view_if_needed()
    page.save_screenshot(f"magos-table-{width}", full_page=False)
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    for face in range(1, 7):
        box = page.locator(f"select.rb-face-{face}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, face
    assert page.console_errors == []
