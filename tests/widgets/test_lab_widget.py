"""The lab page's widgets without a browser: refusals in the page's language, the page's bound, runs, links."""

from __future__ import annotations

import threading

from widgets.app import GameApp
from widgets.lab import lab_href, lab_link_html
from widgets.lab.page import PAGE_MAX_GAMES, LabPage, make_lab_page
from widgets.page import IndexPage


def test_refusals_are_shown_in_the_pages_language_and_nothing_runs():
    page = LabPage("ja", "dice_of_tower")
    page.seats.value = "wizard,random"
    page._guard(lambda: page.run_now("run"))()
    assert "ボット: search, rules, random" in page.error_box.value and page.result is None
    page.set_lang("en")
    assert "Bots: search, rules, random" in page.error_box.value
    page.seats.value = "random,random"
    page.options_a.value = "height=3"
    page._guard(lambda: page.run_now("run"))()
    assert "Its options: height_risk" in page.error_box.value and page.result is None


def test_the_site_page_is_bounded():
    page = LabPage("en", "dice_of_tower")
    page.n_games.value = PAGE_MAX_GAMES + 1
    page._guard(lambda: page.run_now("run"))()
    assert "at most 20,000 games" in page.error_box.value and page.result is None


def test_a_run_with_two_option_sets_shows_every_analysis():
    page = LabPage("en", "national_economy")
    page.seats.value = "rules"
    page.options_a.value = "mode=solo1\nplayers=1"
    page.options_b.value = "mode=solo2; players=1"
    page.n_games.value = 12
    page.run_now("run")
    html = page.results.value
    assert 'data-games="12"' in html and "Clear rate" in html and "difference (B−A)" in html
    for part in ("rb-lab-scores", "rb-lab-lengths", "rb-lab-events", "rb-lab-csv", "rb-lab-parquet", "<svg"):
        assert part in html
    assert "winner_builds" in html  # the text event: which buildings the winners built


def test_cancel_keeps_the_finished_games():
    page = LabPage("en", "dice_of_tower")
    page.seats.value = "random,random"
    page.n_games.value = 400
    plan = page.plan("run")
    page.cancel_event = threading.Event()
    page.cancel_event.set()
    page.run_plan("run", plan)
    assert page.result is None or len(page.result.frame) < 400


def test_links_to_the_lab_from_game_pages_and_the_catalogue():
    assert lab_href("ring", "en") == "/voila/render/lab.ipynb?game=ring&lang=en"
    app = GameApp("chiritsumo", lang="en", seed=1)
    assert 'href="/voila/render/lab.ipynb?game=chiritsumo&amp;lang=en"' in app.lab_link.value
    assert "Designer" in lab_link_html("chiritsumo", "en")
    index = IndexPage("ja", playable=frozenset({"chiritsumo"}))
    assert 'class="rb-lab-link" href="/voila/render/lab.ipynb?game=chiritsumo"' in index.table.value


def test_an_unknown_game_in_the_address_is_said_and_a_default_shown():
    page = make_lab_page({"game": "nope", "lang": "en"})
    assert "There is no game &#x27;nope&#x27;" in page.notice.value and page.game.value in page.games_by_name
