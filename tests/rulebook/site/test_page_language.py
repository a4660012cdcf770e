"""<html lang> of a live page: the language the server works out for the template (issue 31)."""

from __future__ import annotations

from pathlib import Path

from rulebook.site.app import LANG_KEY, page_language, with_language

TEMPLATE = Path(__file__).resolve().parents[3] / "rulebook/site/templates/voila/templates/rulebook/index.html.j2"


def test_the_query_wins_when_it_is_one_of_ours_else_the_house_decides():
    assert page_language("en", "ja") == "en"
    assert page_language(" JA ", "en") == "ja"
    assert page_language(None, "en") == "en"
    assert page_language("fr", "en") == "en"  # the page says it is not available and shows the house's
    assert page_language("", "xx") == "ja"


def test_the_hook_adds_the_language_and_keeps_what_the_sites_hook_made():
    def site_hook(page_config: dict, **kwargs) -> dict:
        return {**page_config, "seen": kwargs["notebook_path"]}

    config = with_language(site_hook, "en")({"a": 1}, notebook_path="pig.ipynb")
    assert config == {"a": 1, "seen": "pig.ipynb", LANG_KEY: "en"}
    assert with_language(None, "ja")({"a": 1}) == {"a": 1, LANG_KEY: "ja"}


def test_the_template_writes_it_as_the_pages_language():
    text = TEMPLATE.read_text("utf-8")
    assert f'resources.update(language_code=(page_config or {{}}).get("{LANG_KEY}")' in text
