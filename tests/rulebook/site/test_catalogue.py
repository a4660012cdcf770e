"""The catalogue: facts as the sources give them, and its sort/filter rules."""

from __future__ import annotations

from dataclasses import replace

from pathlib import Path

from rulebook.site.catalogue import ENTRIES, filter_entries, is_playable, sort_entries

SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"
BY_SLUG = {e.slug: e for e in ENTRIES}


def test_every_seed_file_has_games_in_the_catalogue() -> None:
    sources = {e.source for e in ENTRIES}
    if SEEDS.is_dir():
        assert {p.stem for p in SEEDS.glob("*.txt")} == sources
    assert len(ENTRIES) == 11


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
