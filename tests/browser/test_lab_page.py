"""The designer's lab page in a real browser: run a small simulation, see the plots, download the rows, cancel.

Driven by typing and clicks (elements found by their ``rb-lab-*`` classes);
the downloaded rows are read back and checked against a run of the same
seeds in the test's own process.
"""

from __future__ import annotations

import pandas as pd
import pytest

from rulebook.lab import make_spec
from rulebook.lab.analysis import read_rows
from rulebook.lab.runner import simulate

pytestmark = pytest.mark.browser


def fill(page, selector: str, value: str) -> None:
    box = page.locator(f"{selector} input, {selector} textarea").first
    box.fill(value)
    box.press("Tab")


def test_run_see_plots_download_and_cancel(site, page, new_page, tmp_path):
    page.goto(site.page_url("lab.ipynb", game="dice_of_tower", lang="en"))
    page.wait_for_voila(".rb-lab-run")
    assert page.locator(".rb-lab .rb-title").inner_text().strip() == "The designer's lab"
    fill(page, ".rb-lab-seats", "rules,random")
    fill(page, ".rb-lab-games", "24")
    fill(page, ".rb-lab-seed", "300")
    fill(page, ".rb-lab-options-b", "height_risk=30\nstep_risk=80\nreroll_risk=25")
    page.click(".rb-lab-run")
    page.wait_for_selector('.rb-lab-summary[data-games="24"]', timeout=120_000)
    assert page.locator("svg.rb-plot").count() >= 4  # seats, bots, comparison, scores, lengths
    assert "First seat wins" in page.locator(".rb-lab-seats-result .rb-lab-sentence").inner_text()
    assert "difference (B−A)" in page.locator(".rb-lab-compare-win").inner_text()
    assert "collapses" in page.locator(".rb-lab-events").inner_text()
    assert "24 / 24 games" in page.locator(".rb-lab-progress").inner_text()
    page.save_screenshot("lab-page-1024")

    with page.expect_download() as info:
        page.click(".rb-lab-csv")
    csv_path = tmp_path / "rows.csv"
    info.value.save_as(csv_path)
    with page.expect_download() as info:
        page.click(".rb-lab-parquet")
    parquet_path = tmp_path / "rows.parquet"
    info.value.save_as(parquet_path)
    from_csv = read_rows(csv_path.read_bytes(), "rows.csv")
    from_parquet = read_rows(parquet_path.read_bytes(), "rows.parquet")
    local = simulate(make_spec("dice_of_tower", 24, "rules,random", seed=300), workers=0).frame
    assert list(from_csv["seed"]) == list(range(300, 324))
    for frame in (from_csv, from_parquet):
        assert frame["winners"].tolist() == local["winners"].tolist()
        assert frame["scores"].tolist() == local["scores"].tolist()
    pd.testing.assert_series_equal(from_parquet["ev_collapses"], local["ev_collapses"], check_dtype=False)

    # bad input: refused with the choices, nothing runs
    fill(page, ".rb-lab-seats", "wizard,random")
    page.click(".rb-lab-run")
    page.wait_for_selector(".rb-lab-error .rb-error-box")
    assert "Bots: search, rules, random" in page.locator(".rb-lab-error").inner_text()
    assert page.locator('.rb-lab-summary[data-games="24"]').count() == 1

    # over the page's bound: refused with a message
    fill(page, ".rb-lab-seats", "random,random")
    fill(page, ".rb-lab-options-b", "")
    fill(page, ".rb-lab-games", "20001")
    page.click(".rb-lab-run")
    page.wait_for_function("() => document.querySelector('.rb-lab-error').innerText.includes('20,000')")

    # cancel keeps the games finished so far
    fill(page, ".rb-lab-games", "20000")
    page.click(".rb-lab-run")
    page.wait_for_function("() => /[1-9][0-9,]* \\/ 20,000 games/.test(document.querySelector('.rb-lab-progress').innerText)", timeout=60_000)
    page.click(".rb-lab-cancel")
    page.wait_for_selector(".rb-lab-summary:has-text('Cancelled')", timeout=60_000)
    done = int(page.locator(".rb-lab-summary").get_attribute("data-games"))
    assert 0 < done < 20_000

    phone = new_page(width=390, height=844)
    phone.goto(site.page_url("lab.ipynb", game="national_economy"))
    phone.wait_for_voila(".rb-lab-run")
    assert phone.locator(".rb-lab .rb-title").inner_text().strip() == "設計ラボ"
    fill(phone, ".rb-lab-games", "10")
    fill(phone, ".rb-lab-options-a", "mode=solo1\nplayers=1")
    fill(phone, ".rb-lab-seats", "rules")
    phone.click(".rb-lab-run")
    phone.wait_for_selector('.rb-lab-summary[data-games="10"]', timeout=120_000)
    assert "クリア率" in phone.locator(".rb-lab-seats-result .rb-lab-sentence").inner_text()
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390 + 2, f"the lab page scrolls sideways on a phone ({width} px)"
    phone.save_screenshot("lab-page-390")
