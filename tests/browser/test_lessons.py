"""Every lesson completed in a real browser by taps only, on a tablet (1024×768) and a phone (390×844).

The driver knows nothing of the games: at each step it reads the step box
(``rb-lesson`` with ``data-step``/``data-steps``), presses Next on a step to
read, and otherwise taps, in order, the elements the step highlights (its
``target``). So a lesson whose highlighted elements do not make the asked
move — or a page that does not react to them — fails here. On the way it
checks that the step box is on screen and that each target is highlighted,
and keeps screenshots (start, middle, end) for people to look at.
"""

from __future__ import annotations

import pytest
from tests.support.browser_helpers import MEASURE_LABELS, drawn

from rulebook.core import all_games
from rulebook.core.lesson import load_lesson

pytestmark = pytest.mark.browser

WITH_LESSON = sorted(name for name, game in all_games().items() if load_lesson(game) is not None)
SIZES = {"tablet": (1024, 768), "phone": (390, 844)}


def step_of(page) -> tuple[int, int, bool]:
    box = page.locator(".rb-lesson").first
    box.wait_for(state="attached")
    return int(box.get_attribute("data-step")), int(box.get_attribute("data-steps")), box.get_attribute("data-done") == "1"


def wait_step_change(page, step: int, done: bool) -> None:
    page.wait_for_function(
        """([step, done]) => {
            const box = document.querySelector('.rb-lesson');
            return box && (Number(box.dataset.step) !== step || (box.dataset.done === '1') !== done);
        }""",
        arg=[step, done],
        timeout=60_000,
    )


def in_viewport(page, selector: str) -> bool:
    return page.evaluate(
        """sel => { const el = document.querySelector(sel); if (!el) return false;
            const r = el.getBoundingClientRect();
            return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth; }""",
        selector,
    )


def tap(page, selector: str) -> None:
    """Tap one highlighted element (or pick ``selector => value`` in a list) and give the page the moment it needs to redraw."""
    version = drawn(page)
    selector, _, value = (part.strip() for part in selector.partition("=>"))
    element = page.locator(selector).first
    for attempt in range(3):  # a board may redraw (replace the element) between finding it and tapping it
        try:
            if value:
                element.select_option(value=value)
            else:
                element.click()
            break
        except Exception as error:
            if "not attached" not in str(error) or attempt == 2:
                raise
    try:
        page.wait_for_function(
            "v => { const d = document.querySelector('.rb-drawn [data-version]'); return d && d.dataset.version !== v; }",
            arg=version,
            timeout=5_000,
        )
    except Exception:  # a tap that changes nothing on the page (none expected, but the step check below decides)
        pass


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", WITH_LESSON)
def test_a_lesson_is_completed_by_taps_only(site, new_page, name, size):
    width, height = SIZES[size]
    page = new_page(width, height)
    page.goto(site.page_url(f"{name}.ipynb", learn=1, lang="en"))
    page.wait_for_voila(".rb-lesson")
    lesson = load_lesson(all_games()[name])
    steps = len(lesson.steps)
    assert step_of(page) == (1, steps, False)
    page.save_screenshot(f"lesson-{name}-{size}-start", full_page=False)
    for _ in range(steps + 2):
        step, total, done = step_of(page)
        assert total == steps
        if done:
            break
        assert in_viewport(page, ".rb-lesson"), f"step {step}: the step box is off screen"
        spec = lesson.steps[step - 1]
        for selector in spec.shows:  # what the step's text names is on the board now (issue 19 C)
            named = page.locator(".rb-app " + selector)
            assert named.count() and named.first.is_visible(), f"step {step}: the text names {selector}, which is not drawn"
        if spec.reading:
            page.locator(".rb-lesson-next").click()
        else:
            selectors = list(spec.taps) or [spec.target]
            assert spec.highlight(), f"step {step} asks for a move but highlights nothing to tap"
            glow = page.evaluate(
                "sel => { const el = document.querySelector(sel); return el ? getComputedStyle(el).outlineStyle : 'missing'; }",
                ", ".join(".rb-app " + part.strip() for part in selectors[0].split("=>")[0].split(",")),
            )
            assert glow == "solid", f"step {step}: {selectors[0]} is not highlighted ({glow})"
            for selector in selectors:
                tap(page, selector)
        wait_step_change(page, step, done)
        errors = page.locator(".rb-error .rb-error-box")
        assert not errors.count() or not errors.first.is_visible(), f"step {step}: {errors.first.inner_text()}"
        if step == steps // 2:
            page.save_screenshot(f"lesson-{name}-{size}-middle", full_page=False)
            labels = page.evaluate(MEASURE_LABELS)  # mid-game: the board with moves on it
            assert labels == {"small": [], "truncated": []}, labels
    step, total, done = step_of(page)
    assert done, f"the lesson stopped at step {step} of {total}"
    page.save_screenshot(f"lesson-{name}-{size}-end", full_page=False)
    labels = page.evaluate(MEASURE_LABELS)
    assert labels == {"small": [], "truncated": []}, labels
    page.locator(".rb-lesson-new-game").click()
    page.wait_for_selector(".rb-lesson", state="detached")
    assert "learn=1" not in page.url
    assert not page.console_errors, page.console_errors


def test_a_different_tap_is_explained_and_the_phone_rules_button_opens_the_rules_there(site, new_page):
    page = new_page(390, 844)
    page.goto(site.page_url("treasure_hunt.ipynb", learn=1, lang="en"))
    page.wait_for_voila(".rb-lesson")
    page.locator(".rb-lesson-next").click()
    wait_step_change(page, 1, False)
    # the step asks for Roll: giving up instead is explained, and nothing is played
    page.locator(".rb-give-up").first.click()
    page.locator(".rb-give-up-3").click()
    page.wait_for_selector(".rb-error .rb-error-box")
    text = page.inner_text(".rb-error .rb-error-box")
    assert "This step asks you to do this" in text, text
    assert step_of(page)[0] == 2 and in_viewport(page, ".rb-error .rb-error-box")
    # the phone's Rules button opens the rules over the board, at the highlighted paragraph
    page.locator(".rb-rules-fab").click()
    page.wait_for_selector(".rb-rules-overlay-host .rb-rules-panel")
    assert in_viewport(page, ".rb-rules-close")
    panel = page.locator(".rb-rules-panel").bounding_box()
    assert panel["y"] == 0 and panel["width"] >= 380 and panel["height"] >= 840  # the whole screen, wherever the page was scrolled
    highlighted = page.locator(".rb-rules-overlay-host .rb-rule-highlight").first
    assert highlighted.get_attribute("data-rule") == "expedition" and in_viewport(page, ".rb-rules-overlay-host .rb-rule-highlight")
    page.save_screenshot("lesson-phone-rules-open", full_page=False)
    page.locator(".rb-rules-close").click()
    page.wait_for_selector(".rb-rules-overlay-host", state="detached")
    assert in_viewport(page, ".rb-rules-fab")
