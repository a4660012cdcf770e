"""Pages from URL queries: bad values become notices, never errors."""

from __future__ import annotations

import pytest

from rulebook.site.catalogue import ENTRIES
from widgets.page import IndexPage, make_game_app


def test_defaults() -> None:
    app = make_game_app("chiritsumo", {})
    assert app.lang == "ja" and app.match.options == {"mode": "solo", "players": 1}
    assert app.notice_box.value == ""


def test_good_query() -> None:
    app = make_game_app("chiritsumo", {"lang": "en", "seed": "77", "mode": "hakoniwa", "players": "3", "seats": "human,random,solver", "table": "1"})
    assert app.lang == "en"
    assert app.match.seed == 77 and app.match.table
    assert app.match.options == {"mode": "hakoniwa", "players": 3}
    assert app.match.seats == ("human", "random", "solver")


@pytest.mark.parametrize(
    "query, fragment",
    [
        ({"lang": "fr"}, "?lang=fr"),
        ({"seed": "abc"}, "?seed"),
        ({"seed": "-1"}, "?seed"),
        ({"seed": "9" * 40}, "?seed"),
        ({"mode": "kyogo"}, "URL"),
        ({"mode": "hakoniwa", "players": "7"}, "URL"),
        ({"mode": "hakoniwa", "players": "two"}, "URL"),
        ({"mode": "solo", "players": "2"}, "URL"),
        ({"mode": "hakoniwa", "players": "2", "seats": "human"}, "?seats"),
        ({"mode": "hakoniwa", "players": "2", "seats": "human,wizard"}, "?seats"),
        ({"table": "maybe"}, "?table"),
        ({"lang": "<script>alert(1)</script>"}, "?lang"),
    ],
)
def test_bad_query_values_are_reported_and_defaults_used(query: dict[str, str], fragment: str) -> None:
    app = make_game_app("chiritsumo", query)
    assert fragment in app.notice_box.value
    assert "<script>" not in app.notice_box.value
    assert app.match is not None and not app.match.is_over()


def test_index_lists_every_game_of_the_sources() -> None:
    page = IndexPage("ja", playable=frozenset({"chiritsumo"}))
    for entry in ENTRIES:
        assert f"rb-game-{entry.slug}" in page.table.value
    assert page.table.value.count("rb-play-link") == 1
    assert 'href="/voila/render/chiritsumo.ipynb"' in page.table.value


def test_index_filters_and_sorts() -> None:
    page = IndexPage("en", playable=frozenset({"chiritsumo"}))
    page.players.value = 5
    slugs = [e.slug for e in page.entries()]
    assert "ring" in slugs and "chiritsumo" not in slugs and "puniu" in slugs  # 1+ plays with 5
    page.players.value = 0
    page.minutes.value = 20
    unpublished = {e.slug for e in ENTRIES if e.minutes_min is None}
    assert {e.slug for e in page.entries()} == {"chiritsumo", "ring"} | unpublished  # no published time: never hidden
    assert "our estimate" in page.table.value and "rb-time-estimate" in page.table.value
    page.minutes.value = 0
    page.sort.value = "year"
    years = [e.year for e in page.entries() if e.year]
    assert years == sorted(years)
    assert 'href="/voila/render/chiritsumo.ipynb?lang=en"' in page.table.value
    page.players.value = 6
    page.minutes.value = 15
    assert {e.slug for e in page.entries()} == {e.slug for e in ENTRIES if e.minutes_min is None and e.plays_with(6)}
    page.players.value = 1
    page.minutes.value = 0
    page.shelf = ["ring"]
    page.minutes.value = 15
    assert "No game matches" in page.table.value


def test_index_shows_a_one_line_description_per_game() -> None:
    page = IndexPage("en", playable=frozenset({"chiritsumo"}))
    assert page.table.value.count("rb-entry-blurb") == len(ENTRIES)
    assert "Roll ten dice" in page.table.value


def test_index_language_switch() -> None:
    page = IndexPage("ja", playable=frozenset())
    assert "遊べる" not in page.table.value and "準備中" in page.table.value
    page.lang_button.click()
    assert page.lang == "en" and "coming" in page.table.value
    assert page.page_link.query == "lang=en"  # the address bar follows the switch


def test_index_answers_its_heartbeat() -> None:
    page = IndexPage("ja", playable=frozenset())
    page._on_beat(page.page_link, {"beat": 1}, [])
    page._on_beat(page.page_link, "junk", [])
    assert page.page_link.pong == 1


@pytest.mark.parametrize(
    "game, query, used",
    [
        ("puniu", {"seats": "human,robot", "players": "2"}, "Seats used: human, hint."),
        ("puniu", {"players": "9"}, "Settings used: players=1."),
        ("chiritsumo", {"mode": "hakoniwa", "players": "2", "seats": "human,wizard"}, "Seats used:"),
    ],
)
def test_a_bad_url_value_names_the_value_and_what_was_used_instead(game: str, query: dict[str, str], used: str) -> None:
    app = make_game_app(game, {"lang": "en", **query})
    assert used in app.notice_box.value
    bad = query.get("seats", "").split(",")[-1] if "seats" in query else query["players"]
    assert bad in app.notice_box.value


def test_the_catalogue_says_others_are_coming_only_while_some_are():
    from rulebook.site.catalogue import ENTRIES

    assert "coming" in IndexPage("en", playable=frozenset({"chiritsumo"})).intro.value
    everything = IndexPage("en", playable=frozenset(e.slug for e in ENTRIES))
    assert "coming" not in everything.intro.value and "Learn to play" in everything.intro.value
