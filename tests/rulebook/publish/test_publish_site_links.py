"""The live site's catalogue and game pages link to the rules pages (``/rules/``), which start no kernel."""

from __future__ import annotations

from widgets.app import GameApp
from widgets.page import IndexPage


def test_the_catalogue_links_each_playable_game_s_rules_page() -> None:
    page = IndexPage("en", playable=frozenset({"chiritsumo", "puniu"}))
    assert 'href="/rules/en/chiritsumo/"' in page.table.value
    assert 'href="/rules/en/puniu/"' in page.table.value
    assert page.table.value.count("rb-rules-link") == 2


def test_a_game_page_links_its_rules_page_in_its_language() -> None:
    app = GameApp("puniu", lang="ja", seed=1)
    assert 'href="/rules/ja/puniu/"' in app.rules_title.value
    app.set_lang("en")
    assert 'href="/rules/en/puniu/"' in app.rules_title.value and "Open as a page" in app.rules_title.value
