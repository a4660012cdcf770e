"""Phone layouts at 390×844 (issue 18 E), in both languages, for every game with a lesson and the catalogue.

At every step of every lesson the thing to tap must be where a finger lands:
the step's first target is tapped with a real pointer at its centre, after
the page had the moment it takes to bring it into view, and
``elementFromPoint`` there must be the target (not the step box, a refusal,
or the Rules button over it). The page never scrolls sideways, the sticky
step box keeps at most 120 px of the screen, and a tap never moves the board
under the finger (a line added above it pushed Dice of Tower's board 24 px
down, so the next tap missed). One browser context per language, one site.
"""

from __future__ import annotations

import os

import pytest

from rulebook.core import all_games
from rulebook.core.lesson import load_lesson

pytestmark = pytest.mark.browser

WITH_LESSON = sorted(name for name, game in all_games().items() if load_lesson(game) is not None)
#: ``RB_PHONE_GAMES=treasure_hunt,puniu`` narrows a run while fixing a layout (every game by default).
ONLY = [name for name in os.environ.get("RB_PHONE_GAMES", "").split(",") if name]
PHONE = (390, 844)
#: The sticky step area's height limit on a phone (step text cut to two lines, "more" for the rest).
STEP_BOX_MAX = 120
#: How far the board may move after a tap (sub-pixel rounding only).
SHIFT_TOLERANCE = 2

#: The target's state at the point a finger would land: what is there, and where the page is.
PROBE = """
(selector) => {
  const parts = selector.split(",").map((s) => s.split("=>")[0].trim()).filter(Boolean);
  let el = null;
  for (const part of parts) {
    for (const node of document.querySelectorAll(".rb-app " + part)) {
      const r = node.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) { el = node; break; }
    }
    if (el) break;
  }
  const doc = document.documentElement;
  const scroller = document.querySelector("#rendered_cells") || doc;
  const sideways = Math.max(doc.scrollWidth - window.innerWidth, scroller.scrollWidth - scroller.clientWidth);
  const slot = document.querySelector(".rb-app > .rb-lesson-slot");
  const slotHeight = slot ? slot.getBoundingClientRect().height : 0;
  // the phone's Rules button, where it is drawn: does it sit on any control?
  const fab = document.querySelector(".rb-rules-fab");
  let fabCovers = null;
  if (fab && getComputedStyle(fab).display !== "none") {
    const f = fab.getBoundingClientRect();
    for (const node of document.querySelectorAll(".rb-app button, .rb-app [role='button'], .rb-app a[href], .rb-app select, .rb-app input")) {
      const c = node.getBoundingClientRect();
      if (c.width > 0 && c.height > 0 && c.left < f.right && f.left < c.right && c.top < f.bottom && f.top < c.bottom) {
        fabCovers = String(node.className && node.className.baseVal !== undefined ? node.className.baseVal : node.className);
        break;
      }
    }
  }
  if (!el) return { found: false, sideways, slotHeight, fabCovers };
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const describe = (n) => n ? (n.tagName.toLowerCase() + "." + String(n.className && n.className.baseVal !== undefined ? n.className.baseVal : n.className).split(" ").join(".")) : "nothing";
  return { found: true, x, y, hits: !!hit && (hit === el || el.contains(hit)), hit: describe(hit),
           target: describe(el), sideways, slotHeight, fabCovers, top: r.top, bottom: r.bottom };
}
"""

#: Where the board is in the document (not the screen: the page may scroll on purpose).
BOARD_TOP = """
() => {
  const board = document.querySelector(".rb-app [class*='rb-board']") || document.querySelector(".rb-app .rb-play");
  if (!board) return null;
  const scroller = document.querySelector("#rendered_cells");
  const top = board.getBoundingClientRect().top + (scroller ? scroller.scrollTop : 0) + window.scrollY;
  // the heights of what stands above the board, to say what moved it
  const above = {};
  for (let node = board; node && !node.classList.contains("rb-app"); node = node.parentElement) {
    for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
      const name = String(prev.className).split(" ").filter((c) => c.startsWith("rb-")).join(".") || prev.tagName;
      above[name] = Math.round(prev.getBoundingClientRect().height);
    }
  }
  return { top, above };
}
"""


def _step(page) -> tuple[int, int, bool]:
    box = page.locator(".rb-lesson").first
    box.wait_for(state="attached")
    return int(box.get_attribute("data-step")), int(box.get_attribute("data-steps")), box.get_attribute("data-done") == "1"


def _wait_step_change(page, step: int, done: bool, timeout_ms: int = 60_000) -> None:
    page.wait_for_function(
        """([step, done]) => { const box = document.querySelector('.rb-lesson');
            return box && (Number(box.dataset.step) !== step || (box.dataset.done === '1') !== done); }""",
        arg=[step, done],
        timeout=timeout_ms,
    )


def _settled_probe(page, selector: str) -> dict:
    """The probe once the target stopped moving (the page scrolls it into view after each step)."""
    last = None
    for _ in range(20):
        page.wait_for_timeout(150)
        probe = page.evaluate(PROBE, selector)
        if last is not None and probe.get("found") and probe.get("top") == last.get("top"):
            return _rules_button_settled(page, selector, probe)
        last = probe
    return _rules_button_settled(page, selector, last)


def _rules_button_settled(page, selector: str, probe: dict) -> dict:
    """The probe again after the Rules button's own watch has run, if it covered a control.

    The button is placed in the frame after a change to the page, and at the
    latest by its one-second watch (a board redrawn where no mutation is
    seen): only a cover that outlasts that is a fault a finger can meet.
    """
    if probe and probe.get("fabCovers"):
        page.wait_for_timeout(1_200)
        return page.evaluate(PROBE, selector)
    return probe


def _wait_redraw(page, version: str | None) -> None:
    try:
        page.wait_for_function(
            "v => { const d = document.querySelector('.rb-drawn [data-version]'); return d && d.dataset.version !== v; }",
            arg=version,
            timeout=5_000,
        )
    except Exception:  # a tap that changes nothing on the board; the step check decides
        pass


def _drawn(page) -> str | None:
    return page.evaluate("() => { const d = document.querySelector('.rb-drawn [data-version]'); return d ? d.dataset.version : null; }")


def _open(page, url: str, selector: str) -> None:
    """Open ``url`` until ``selector`` shows; once more if it did not (on a saturated machine the test
    site's short cull grace, 4 s, can take a page's kernel before its browser connects: not a layout)."""
    for attempt in range(2):
        page.goto(url)
        try:
            page.wait_for_voila(selector)
            return
        except Exception:
            if attempt == 1:
                raise


def _play_lesson(page, site, name: str, lang: str, problems: list[str]) -> None:
    _open(page, site.page_url(f"{name}.ipynb", learn=1, lang=lang), ".rb-lesson")
    lesson = load_lesson(all_games()[name])
    for _ in range(len(lesson.steps) + 2):
        step, total, done = _step(page)
        if done:
            break
        spec = lesson.steps[step - 1]
        where = f"{name} ({lang}) step {step}"
        if spec.reading:
            probe = _settled_probe(page, ".rb-lesson-next")
            page.locator(".rb-lesson-next").click()
        else:
            selectors = list(spec.taps) or [spec.target]
            first, _, value = (part.strip() for part in selectors[0].partition("=>"))
            probe = _settled_probe(page, first)
            if not probe.get("found"):
                problems.append(f"{where}: {first} is not on the page")
            elif not probe["hits"]:
                problems.append(f"{where}: a tap at the centre of {probe['target']} lands on {probe['hit']}")
            for index, selector in enumerate(selectors):
                target, _, value = (part.strip() for part in selector.partition("=>"))
                version = _drawn(page)
                before = page.evaluate(BOARD_TOP)
                if value:
                    page.locator(target).first.select_option(value=value)
                elif index == 0 and probe.get("found") and probe["hits"]:
                    page.mouse.click(probe["x"], probe["y"])  # a finger at the centre of what glows
                else:
                    page.locator(target).first.click()
                _wait_redraw(page, version)
                after = page.evaluate(BOARD_TOP)
                if before is not None and after is not None and abs(after["top"] - before["top"]) > SHIFT_TOLERANCE:
                    grown = {k: (before["above"].get(k), v) for k, v in after["above"].items() if before["above"].get(k) != v}
                    problems.append(f"{where}: the board moved {after['top'] - before['top']:+.0f} px after tapping {target} ({grown})")
        if probe.get("sideways", 0) > 1:
            problems.append(f"{where}: the page scrolls sideways by {probe['sideways']:.0f} px")
        if probe.get("fabCovers"):
            problems.append(f"{where}: the Rules button covers {probe['fabCovers']}")
            page.save_screenshot(f"phone-{name}-{lang}-step{step}-rules-button", full_page=False)
        if probe.get("slotHeight", 0) > STEP_BOX_MAX:
            problems.append(f"{where}: the step box takes {probe['slotHeight']:.0f} px (at most {STEP_BOX_MAX})")
        if spec.reading:
            _wait_step_change(page, step, done)
        else:
            try:
                _wait_step_change(page, step, done, timeout_ms=15_000)
            except Exception:
                # the pointer's tap met a board being redrawn (it was checked to land on the target
                # above): tap the target again as test_lessons does, by its locator
                target = (list(spec.taps) or [spec.target])[0].partition("=>")[0].strip()
                page.locator(target).first.click()
                _wait_step_change(page, step, done)
    step, total, done = _step(page)
    if not done:
        problems.append(f"{name} ({lang}): the lesson stopped at step {step} of {total}")
    page.save_screenshot(f"phone-{name}-{lang}-end", full_page=False)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_lesson_step_on_a_phone_puts_the_target_under_the_finger(site, new_page, lang):
    page = new_page(*PHONE)
    problems: list[str] = []
    for name in [n for n in WITH_LESSON if not ONLY or n in ONLY]:
        _play_lesson(page, site, name, lang, problems)
    assert not problems, "\n".join(problems)
    assert not page.console_errors, page.console_errors


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_catalogue_fits_a_phone_with_the_count_on_top(site, new_page, lang):
    page = new_page(*PHONE)
    _open(page, site.page_url("index.ipynb", lang=lang), ".rb-catalogue-table")
    sizes = page.evaluate(
        """() => {
            const doc = document.documentElement, scroller = document.querySelector('#rendered_cells') || doc;
            const table = document.querySelector('.rb-catalogue-table').getBoundingClientRect();
            const count = document.querySelector('.rb-count').getBoundingClientRect();
            const blurb = document.querySelector('.rb-entry-blurb');
            return { sideways: Math.max(doc.scrollWidth - innerWidth, scroller.scrollWidth - scroller.clientWidth),
                     table: table.width, countTop: count.top, tableTop: table.top,
                     blurb: blurb ? blurb.getBoundingClientRect().width : null };
        }"""
    )
    page.save_screenshot(f"phone-catalogue-{lang}", full_page=False)
    assert sizes["sideways"] <= 1, sizes
    assert sizes["table"] <= 390, sizes
    assert sizes["countTop"] < sizes["tableTop"] and sizes["countTop"] < 844, sizes
    assert sizes["blurb"] is None or sizes["blurb"] >= 300, sizes  # a readable line, not a ~110 px column
