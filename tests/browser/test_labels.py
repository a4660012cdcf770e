"""Every label on every page at least 12 px as shown, no truncated button, every worked example drawn (issue 10 C/D).

Sizes are measured as the page shows them: an SVG label's font size times
the scale of its drawing, so a board drawn small fails as a CSS font size
would. The worked examples in the rules are pictures in closed shadow roots
(small by design, and their numbers are in the caption): they are checked
to be drawn, not measured.
"""

from __future__ import annotations

import pytest

from rulebook.core import all_games

pytestmark = pytest.mark.browser

PAGES = sorted(all_games()) + ["index"]
SIZES = {"tablet": (1024, 768), "phone": (390, 844)}

MEASURE = r"""
() => {
  const out = {small: [], truncated: []};
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e)) continue;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    let size = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement && e.getScreenCTM) { const m = e.getScreenCTM(); if (m) size *= Math.hypot(m.a, m.b); }
    if (size < 11.95) out.small.push(`${e.tagName}.${(e.getAttribute('class') || '').split(' ').filter(c => c.startsWith('rb-')).join('.')} "${e.textContent.trim().slice(0, 24)}" ${size.toFixed(1)}px`);
  }
  for (const e of document.querySelectorAll('button, .jupyter-button')) {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1)
      out.truncated.push(`"${e.textContent.trim().slice(0, 30)}" ${e.scrollWidth}>${e.clientWidth}`);
  }
  return out;
}
"""


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", PAGES)
def test_every_label_is_at_least_12px_and_no_button_is_cut(site, new_page, name, size, lang):
    page = new_page(*SIZES[size])
    page.goto(site.page_url(f"{name}.ipynb", lang=lang))
    page.wait_for_voila(".rb-app, .rb-index, .rb-catalogue")
    found = page.evaluate(MEASURE)
    assert found["small"] == [], found["small"][:10]
    assert found["truncated"] == [], found["truncated"]


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_worked_example_in_the_rules_is_drawn(site, new_page, name):
    page = new_page(1024, 768)
    page.goto(site.page_url(f"{name}.ipynb", lang="en"))
    page.wait_for_voila(".rb-rules-panel")
    page.wait_for_function("() => [...document.querySelectorAll('.rb-example-board')].every(b => b.dataset.drawn)", timeout=30_000)
    drawn = page.evaluate("() => [...document.querySelectorAll('.rb-example-board')].map(b => b.dataset.drawn)")
    assert drawn and "error" not in drawn, drawn
    page.locator("figure.rb-example").first.scroll_into_view_if_needed()
    page.locator("figure.rb-example .rb-example-board").first.click()
    assert "picture" in page.locator("figure.rb-example .rb-example-note").first.inner_text()
