"""The catalogue: facts as the sources give them, and its sort/filter rules."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from rulebook.site.catalogue import ENTRIES, SOURCE_ENTRIES, filter_entries, is_playable, sort_entries

#: The list of the rule sources kept in the repository (the sources themselves live outside it: no test reads them).
READINGS = Path(__file__).resolve().parents[3] / "docs" / "readings.md"
BY_SLUG = {e.slug: e for e in ENTRIES}


def test_every_seed_file_has_games_in_the_catalogue() -> None:
    sources = {e.source for e in SOURCE_ENTRIES}
    listed = set(re.findall(r"^\| `([0-9]{3}_[0-9a-f]{16})` \|", READINGS.read_text("utf-8"), flags=re.M))
    assert listed == sources
    assert len(SOURCE_ENTRIES) == 11


def test_facts_from_the_sources() -> None:
    c = BY_SLUG["chiritsumo"]
    assert (c.players_min, c.players_max, c.minutes_min, c.minutes_max, c.age, c.year) == (1, 4, 10, 20, 10, 2018)
    k = BY_SLUG["kokkuri_san"]
    assert (k.players_min, k.players_max, k.minutes_min, k.minutes_max, k.age, k.year) == (3, 4, 15, 30, 8, 2016)
    r = BY_SLUG["ring"]
    assert (r.players_min, r.players_max, r.age, r.year) == (3, 5, 10, 2023)
    assert (BY_SLUG["dice_of_tower"].players_min, BY_SLUG["dice_of_tower"].players_max) == (2, 4)
    assert BY_SLUG["puniu"].players_max is None and BY_SLUG["puniu"].players_text("ja") == "1人〜"
    assert (BY_SLUG["national_economy"].minutes_min, BY_SLUG["national_economy"].minutes_max) == (30, 45)


def test_a_game_without_published_time_is_never_hidden_by_the_time_filter() -> None:
    unpublished = {e.slug for e in ENTRIES if e.minutes_min is None}
    assert "puniu" in unpublished
    for minutes in (1, 15, 30, 999):
        shown = {e.slug for e in filter_entries(ENTRIES, minutes=minutes)}
        assert unpublished <= shown
    assert {e.slug for e in filter_entries(ENTRIES, minutes=30)} == unpublished | {"chiritsumo", "kokkuri_san", "ring"}
    assert {e.slug for e in filter_entries(ENTRIES, minutes=15)} == unpublished


def test_every_game_has_a_one_line_description_and_an_estimate_marked_as_such() -> None:
    for entry in ENTRIES:
        for lang in ("ja", "en"):
            blurb = entry.blurb(lang)
            assert blurb and "\n" not in blurb and len(blurb) <= 140, (entry.slug, lang)
        assert entry.blurb_en[0].isupper() and entry.blurb_en.endswith("."), entry.slug
        if entry.minutes_min is None:
            assert entry.estimate is not None, entry.slug
            assert "estimate" in entry.minutes_text("en") and "目安" in entry.minutes_text("ja")
        else:
            assert "estimate" not in entry.minutes_text("en")


def test_time_sort_uses_the_estimate_after_nothing_else() -> None:
    ordered = sort_entries(ENTRIES, "time", "en")
    minutes = [e.sort_minutes() for e in ordered]
    assert minutes == sorted(minutes)


def test_sort_puts_unknown_last_and_playable_first_on_ties() -> None:
    ordered = sort_entries(ENTRIES, "age", "en", frozenset({"chiritsumo"}))
    assert [e.age for e in ordered][:3] == [8, 10, 10]
    assert ordered[1].slug == "chiritsumo"
    assert all(e.age is None for e in ordered[3:])


def test_a_game_is_playable_once_its_engine_and_notebook_exist(tmp_path) -> None:
    assert is_playable(BY_SLUG["chiritsumo"])
    assert is_playable(BY_SLUG["dice_of_tower"])
    assert not is_playable(BY_SLUG["chiritsumo"], notebooks=tmp_path)  # an engine but no page
    (tmp_path / "no_such_game.ipynb").write_text("{}")
    assert not is_playable(replace(BY_SLUG["chiritsumo"], slug="no_such_game"), notebooks=tmp_path)  # a page but no engine


def test_a_game_package_declares_its_own_entry(tmp_path, monkeypatch) -> None:
    """A designer's game is listed from its ``catalogue.json``: no change to the catalogue module (issue 21)."""
    import json

    import rulebook.games
    from rulebook.site.catalogue import CatalogueError, declared_entries

    pig = BY_SLUG["pig"]
    assert pig not in SOURCE_ENTRIES and pig.source == ""
    assert "not in the rule sources" in pig.note_en and pig.plays_with(1) and pig.plays_with(4)
    game = tmp_path / "dice_race"
    game.mkdir()
    entry = {"title_ja": "ダイスレース", "title_en": "Dice race", "players_min": 1, "players_max": 2, "estimate": [5, 10],
             "credit": "me", "blurb_ja": "振って足す。", "blurb_en": "Roll and add."}
    (game / "catalogue.json").write_text(json.dumps(entry), "utf-8")
    monkeypatch.setattr(rulebook.games, "__path__", [str(tmp_path)])
    (found,) = declared_entries()
    assert (found.slug, found.players_max, found.estimate, found.minutes_text("en")) == ("dice_race", 2, (5, 10), "5–10 min (our estimate)")
    for broken in ({**entry, "players_min": "one"}, {**entry, "colour": "red"}, {**entry, "estimate": None}, [1]):
        (game / "catalogue.json").write_text(json.dumps(broken), "utf-8")
        try:
            declared_entries()
        except CatalogueError as error:
            assert "dice_race/catalogue.json" in str(error)
        else:
            raise AssertionError(f"{broken} was accepted")
