"""Keyboard only (issue 31, item 4): Tab, Shift+Tab, Enter and Space play a seeded game of each family to its end.

One game per family: dice placement (Chiritsumo, solo, on a 390×844 phone),
hidden cards (Not My Fault! ver.2.0, two seats against the rule-based bot,
1024×768) and worker placement (National Economy, two seats against the
rule-based bot, on a 390×844 phone). No click, no ``focus()``, no script
event: the test presses keys and reads the focused element (its classes) to
choose, as a keyboard player reads the screen. After every key press the
focus is on an element (never ``<body>``: a redraw must not lose it), that
element shows a focus ring (an outline or a box shadow) and it is on screen.
The hot-seat pass screen of Not My Fault! is crossed by keyboard too: its
button takes the focus when it hides the board, the board when it goes.

The last test Tabs to a board part of every game, in Japanese then in
English (the language button pressed with Enter), and saves the screenshots
(``test-artifacts/kbd-<game>-<lang>-390.png``).
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import drawn, stored_record, wait_redrawn

from rulebook.core import Match, get_game
from rulebook.games.chiritsumo import best_arrangement
from rulebook.games.chiritsumo.bots import arrangement_actions

pytestmark = pytest.mark.browser

#: Presses allowed to reach one control: more means a trap or a control the keyboard cannot reach.
MAX_PRESSES = 120

#: The focused element as a keyboard player sees it: what it is, whether its ring shows, whether it is on screen.
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return null;
  const s = getComputedStyle(a), r = a.getBoundingClientRect();
  // on screen: its centre (or, for a part taller than the screen, its top) is in the window, and what is
  // drawn there is the element itself, not the phone's fixed Rules button over it
  const x = r.left + r.width / 2, y = r.height > innerHeight ? r.top + 8 : r.top + r.height / 2;
  const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
  return {
    tag: a.tagName.toLowerCase(), cls: a.getAttribute('class') || '',
    name: (a.getAttribute('aria-label') || a.textContent || '').trim().slice(0, 60),
    // a ring: an outline at least 2 px wide, or a box shadow drawn as a ring (no offset, a spread)
    ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2)
      || /0px 0px 0px [1-9]/.test(s.boxShadow),
    onScreen: r.width > 0 && r.height > 0 && !!hit && (a === hit || a.contains(hit)),
  };
}"""


def focused(page) -> dict | None:
    return page.evaluate(FOCUSED)


def assert_focus_shown(page, after: str) -> dict:
    """The focus is on an element, with a visible ring, on screen (``after``: the key or move, for the message)."""
    now = focused(page)
    assert now is not None, f"the focus was lost (on <body>) after {after}"
    assert now["ring"], f"no visible focus ring on {now} after {after}"
    assert now["onScreen"], f"the focused element is off screen after {after}: {now}"
    return now


def press(page, key: str) -> dict:
    page.keyboard.press(key)
    return assert_focus_shown(page, key)


def is_focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page, selector: str) -> dict:
    """Press Tab (or Shift+Tab, when what is wanted comes earlier on the page) until the focus is on ``selector``.

    The direction is what a keyboard player sees: the wanted control above or
    below the focus. Every press must leave a visible focus.
    """
    for _ in range(MAX_PRESSES):
        if is_focused(page, selector):
            return focused(page)
        backwards = page.evaluate(
            """s => {
              const a = document.activeElement;
              const t = [...document.querySelectorAll(s)].find(n => n.getClientRects().length);
              if (!t || !a || a === document.body) return false;
              return !!(a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING);
            }""",
            selector,
        )
        press(page, "Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"{MAX_PRESSES} presses of Tab did not reach {selector} (focus: {focused(page)})")


def after_move(page, version: str, what: str) -> dict:
    """Wait for the page's redraw after a move, then the focus must be on something (restored, not lost)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    wait_redrawn(page, version)
    try:  # the keeper may need a moment (new buttons come a little after the board)
        page.wait_for_function("() => document.activeElement && document.activeElement !== document.body", timeout=5_000)
    except PlaywrightTimeout:
        pass  # said by the assertion below
    return assert_focus_shown(page, what)


def move_by_key(page, selector: str, key: str = "Enter") -> dict:
    """Tab to ``selector``, press ``key`` (a move), wait for the redraw: the focus is still shown."""
    tab_to(page, selector)
    version = drawn(page)
    page.keyboard.press(key)
    return after_move(page, version, f"{key} on {selector}")


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


# ----- dice placement: Chiritsumo, solo, on a phone ----------------------------------------------------------
CHIRITSUMO_SEED = 20  # four rounds when every pyramid is the best one (as test_chiritsumo_page)


def first_roll(seed: int) -> list[tuple[str, int]]:
    from rulebook.core import CHANCE

    match = Match.new(get_game("chiritsumo"), seed=seed)
    while match.current_player == CHANCE:
        match.step_auto()
    seat = match.state.seats[match.state.turn]
    return list(zip(seat.dice, seat.pips))


def test_chiritsumo_solo_by_keyboard_on_a_phone(site, new_page) -> None:
    page = new_page(390, 844)
    page.goto(site.page_url("chiritsumo.ipynb", seed=CHIRITSUMO_SEED))
    page.wait_for_voila(".rb-slot-0-0")
    move_by_key(page, ".rb-roll")
    # two dice placed by hand, as the board offers: Space picks a die in the tray, Enter puts it on a slot
    dice = first_roll(CHIRITSUMO_SEED)
    target, _ = best_arrangement(dice)
    for move in arrangement_actions(dice, {}, target)[:2]:
        tab_to(page, f".rb-tray .rb-die-{move.die}")
        press(page, "Space")
        assert is_focused(page, f".rb-tray .rb-die-{move.die}.rb-die-selected"), "the picked die lost the focus when the tray redrew"
        now = move_by_key(page, f".rb-slot-{move.slot[0]}-{move.slot[1]}")
        assert f"rb-slot-{move.slot[0]}-{move.slot[1]}" in now["cls"], f"the focus left the slot just played: {now}"
        page.wait_for_selector(f".rb-placed-{move.slot[0]}-{move.slot[1]}")
    # the rest by the Auto button, then Done; later rounds: a swap when offered, Roll, Auto, Done
    move_by_key(page, ".rb-auto")
    move_by_key(page, ".rb-action-done")
    for _ in range(40):
        page.wait_for_selector(".rb-roll, .rb-rating, [class*='rb-action-swap-']")
        if visible(page, ".rb-rating"):
            break
        if visible(page, "[class*='rb-action-swap-']"):
            move_by_key(page, "[class*='rb-action-swap-']")
            continue
        move_by_key(page, ".rb-roll")
        move_by_key(page, ".rb-auto")
        move_by_key(page, ".rb-action-done")
    assert visible(page, ".rb-rating"), "the solo game did not reach its rating"
    assert_focus_shown(page, "the end of the game")
    match = Match.from_record(stored_record(page), get_game)
    assert match.is_over()
    page.save_screenshot("kbd-chiritsumo-end-390")
    assert page.console_errors == [] and page.external_requests == []


# ----- hidden cards: Not My Fault! ver.2.0, against the rule-based bot, 1024×768 ---------------------------------
def test_not_my_fault_by_keyboard(site, page) -> None:
    page.goto(site.page_url("not_my_fault.ipynb", seed=21, players=2, seats="human,rules", lang="en"))
    page.wait_for_voila(".rb-board-nmf")
    moves = 0
    for _ in range(300):
        page.wait_for_selector(".rb-outcome-box, .rb-action-draw, .rb-num-legal")
        if visible(page, ".rb-outcome-box"):
            break
        if visible(page, ".rb-num-legal"):
            now = move_by_key(page, ".rb-board-nmf .rb-num-legal")  # the first legal number the Tab reaches
        elif visible(page, ".rb-action-audit") and moves % 3 == 2:
            now = move_by_key(page, ".rb-action-audit")
        else:
            now = move_by_key(page, ".rb-action-draw")
        moves += 1
    assert visible(page, ".rb-outcome-box"), "the game did not end"
    assert moves >= 2
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "rules"]
    assert match.game.outcome(match.state).summary("en") in page.inner_text(".rb-outcome")
    page.save_screenshot("kbd-nmf-end-1024")
    assert page.console_errors == [] and page.external_requests == []


def test_not_my_fault_hot_seat_pass_screen_by_keyboard(site, page) -> None:
    """The pass screen hides the board between two people: the focus goes to its button, then back to the board."""
    page.goto(site.page_url("not_my_fault.ipynb", seed=3, players=2, seats="human,human", lang="en"))
    page.wait_for_voila(".rb-pass-screen")
    move_by_key(page, ".rb-reveal")
    move_by_key(page, ".rb-action-draw")
    now = move_by_key(page, ".rb-board-nmf .rb-num-legal.rb-num-5")  # the board goes: the next person's pass screen
    page.wait_for_selector(".rb-pass-screen")
    assert "rb-reveal" in now["cls"], f"the focus is not on the pass screen's button: {now}"
    move_by_key(page, ".rb-reveal")
    move_by_key(page, ".rb-action-audit")
    page.wait_for_selector(".rb-last")
    assert page.console_errors == [] and page.external_requests == []


# ----- worker placement: National Economy, against the rule-based bot, on a phone ---------------------------------
def test_national_economy_by_keyboard_on_a_phone(site, new_page) -> None:
    page = new_page(390, 844)
    page.goto(site.page_url("national_economy.ipynb", seed=21, players=2, seats="human,rules", lang="ja"))
    page.wait_for_voila(".rb-board-ne")
    moves = 0
    for _ in range(400):
        page.wait_for_selector(".rb-outcome-box, .rb-board-ne .rb-playable, .rb-sell")
        if visible(page, ".rb-outcome-box"):
            break
        if visible(page, ".rb-sell"):
            move_by_key(page, ".rb-sell")
        else:
            # a workplace or a card the engine allows: Space, as on any button
            move_by_key(page, ".rb-board-ne .rb-playable", "Space")
        moves += 1
    assert visible(page, ".rb-outcome-box"), "the game did not end"
    assert moves >= 9
    record = stored_record(page)
    match = Match.from_record(record, get_game)
    assert match.is_over() and record["meta"]["seats"] == ["human", "rules"]
    assert match.game.outcome(match.state).summary("ja") in page.inner_text(".rb-outcome")
    page.save_screenshot("kbd-ne-end-390")
    assert page.console_errors == [] and page.external_requests == []


# ----- a board part of every game, focused by Tab, in Japanese then English, on a phone ----------------------------
GAMES = ["chiritsumo", "dice_of_tower", "kokkuri_san", "lemon_poker", "magos_solo", "national_economy",
         "not_my_fault", "pig", "puniu", "ring", "treasure_hunt"]
BOARD_PART = ".rb-board [tabindex='0']:not([aria-disabled='true']), .rb-board button:not([disabled]):not([aria-disabled='true'])"
ACTION = ".rb-actions button:not([disabled])"


def board_part_or_move(page) -> str:
    """What to focus: a board part the player can use now, else (a board that only draws, or one waiting for
    the dice) the first move of the action bar."""
    if page.locator(BOARD_PART).count() and page.locator(BOARD_PART).first.is_visible():
        return BOARD_PART
    if visible(page, ACTION):
        move_by_key(page, ACTION)  # Roll, Deal...: the board may then have parts to use
        if page.locator(BOARD_PART).count() and page.locator(BOARD_PART).first.is_visible():
            return BOARD_PART
    return ACTION


@pytest.mark.parametrize("game", GAMES)
def test_every_board_shows_its_keyboard_focus_on_a_phone(site, new_page, game) -> None:
    page = new_page(390, 844)
    page.goto(site.page_url(f"{game}.ipynb", seed=5, lang="ja"))
    page.wait_for_voila(".rb-board")
    page.wait_for_selector(".rb-drawn [data-version]", state="attached")
    target = board_part_or_move(page)
    for lang in ("ja", "en"):
        now = tab_to(page, target)
        page.save_screenshot(f"kbd-{game}-{lang}-390", full_page=False)
        assert now["ring"] and now["onScreen"]
        if lang == "ja":
            version = drawn(page)
            tab_to(page, ".rb-lang")
            page.keyboard.press("Enter")  # the page in English; the language button keeps the focus
            after_move(page, version, "Enter on the language button")
            assert is_focused(page, ".rb-lang")
    assert page.console_errors == [] and page.external_requests == []
